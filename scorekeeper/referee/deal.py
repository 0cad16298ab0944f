"""Rulings on a deal: is it a misdeal, and who leads the first round with which tile (rules.md §1)."""

from typing import Iterable, NamedTuple

from scorekeeper.domain.tiles import Tile, format_tiles, parse_tile
from scorekeeper.errors import InputError
from scorekeeper.notation.names import fold
from scorekeeper.referee.verdict import Reason, reason
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FirstLead
from scorekeeper.scoring.lead import first_lead_rule
from scorekeeper.scoring.plausible import deal_size  # the core's: a round's plausibility needs it too


class DealRuling(NamedTuple):
    misdeal: bool
    leader: str | None
    """Who leads the first round (None on a misdeal, or when the ruleset does not name one: by lot)."""
    lead: Tile | None
    """The tile that leads (None: any tile may be led, or no leader is named)."""
    reasons: tuple[Reason, ...]

    @property
    def verdict(self) -> str:
        """The ruling in one sentence."""
        if self.misdeal:
            return "Misdeal: the tiles are dealt again."
        if self.leader is None:
            return "Not a misdeal: " + ("the first leader is chosen by lot and may lead any tile."
                                        if self.lead is None else f"nobody holds {self.lead}: see below.")
        return f"Not a misdeal: {self.leader} leads the first round with {self.lead}."

    def to_dict(self) -> dict:
        return {"misdeal": self.misdeal, "leader": self.leader,
                "lead": str(self.lead) if self.lead else None,
                "reasons": [item.to_dict() for item in self.reasons]}


LEAD_ORDER_WORDS = {
    FirstLead.FROM_ONE_ONE: "1-1 first, then 2-2 and up",
    FirstLead.HIGHEST_DOUBLE: "the highest double first",
    FirstLead.LOWEST_DOUBLE: "the lowest double first",
}
"""The order the first lead is looked for in, in the table's words (the key's value is the code's)."""


def check_deal(ruleset: Ruleset, hands: Iterable[tuple[str, tuple[Tile, ...]]]) -> DealRuling:
    """Rule on a deal given each player's tiles; InputError for a deal that cannot happen."""
    hands = check_hands(ruleset, hands)
    found = list(_misdeal_reasons(ruleset, hands))
    reasons = [item for _, item in found]
    misdeal = any(bad for bad, _ in found)
    if misdeal:
        return DealRuling(True, None, None, tuple(reasons))
    leader, lead, why = first_lead(ruleset, hands)
    reasons.append(why)
    return DealRuling(False, leader, lead, tuple(reasons))


def check_hands(ruleset: Ruleset, hands: Iterable[tuple[str, tuple[Tile, ...]]]) -> dict[str, tuple[Tile, ...]]:
    """The dealt hands by player, refusing a tile outside the set, a tile twice, or an impossible deal."""
    tileset = ruleset.tileset
    found: dict[str, tuple[Tile, ...]] = {}
    held: dict[Tile, str] = {}
    for player, tiles in hands:
        if fold(player) in {fold(name) for name in found}:  # one player however the name is typed
            raise InputError(f"{player} is given two hands")
        tileset.check(tiles, player)
        for tile in tiles:
            if tile in held:
                raise InputError(f"tile {tile} is in two hands: {held[tile]}'s and {player}'s")
            held[tile] = player
        found[player] = tuple(tiles)
    if not found:
        raise InputError("give the dealt hands: --hand PLAYER=TILES for each player")
    if len(found) > ruleset["players.max"]:
        raise InputError(f"{ruleset.name} is played by at most {ruleset['players.max']} players, "
                         f"not {len(found)} (players.max)")
    size, key = deal_size(ruleset, len(found))
    for player, tiles in found.items():
        if len(tiles) > size:
            raise InputError(f"{player} holds {len(tiles)} tiles, but {ruleset.name} deals {size} to each of "
                             f"{len(found)} players ({key})")
    return found


def _misdeal_reasons(ruleset: Ruleset, hands: dict[str, tuple[Tile, ...]]):
    limit = ruleset["misdeal.doubles"]
    if limit == 0:
        yield False, reason(ruleset, "misdeal.doubles", "doubles never make a misdeal under this ruleset")
    else:
        counted = {player: [tile for tile in tiles if tile.is_double] for player, tiles in hands.items()}
        bad = [player for player, doubles in counted.items() if len(doubles) >= limit]
        for player in bad:
            yield True, reason(ruleset, "misdeal.doubles",
                         f"{player} holds {len(counted[player])} doubles ({format_tiles(counted[player])}); "
                         f"{limit} or more is a misdeal: the tiles are dealt again")
        if not bad:
            most = max(counted, key=lambda player: len(counted[player]))
            yield False, reason(ruleset, "misdeal.doubles",
                         f"no hand holds {limit} or more doubles (most: {most} with {len(counted[most])})")
    limit = ruleset["misdeal.suit"]
    if limit == 0:
        yield False, reason(ruleset, "misdeal.suit", "tiles of one suit never make a misdeal under this ruleset")
        return
    worst: tuple[int, str, int] = (-1, "", 0)
    any_bad = False
    for player, tiles in hands.items():
        for suit in range(ruleset["tiles.max_pip"] + 1):
            of_suit = [tile for tile in tiles if suit in tile]
            if len(of_suit) >= limit:
                any_bad = True
                yield True, reason(ruleset, "misdeal.suit",
                             f"{player} holds {len(of_suit)} tiles of suit {suit} ({format_tiles(of_suit)}); "
                             f"{limit} or more of one suit is a misdeal: the tiles are dealt again")
            if len(of_suit) > worst[0]:
                worst = (len(of_suit), player, suit)
    if not any_bad:
        yield False, reason(ruleset, "misdeal.suit", f"no hand holds {limit} or more tiles of one suit "
                                              f"(most: {worst[1]} with {worst[0]} of suit {worst[2]})")


def first_tile(ruleset: Ruleset) -> Tile:
    """``lead.first_tile`` as a tile; InputError naming the key when it is not one of the set."""
    text = ruleset["lead.first_tile"]
    try:
        tile = parse_tile(text)
        ruleset.tileset.check([tile])
    except InputError:
        raise InputError(f"lead.first_tile must be a tile of the set, like \"2-3\", not {text!r}") from None
    return tile


def lead_order(ruleset: Ruleset, players: int = 4) -> list[Tile]:
    """Every tile of the set in the order that decides the first lead at a table of ``players``: the
    doubles, then the heaviest tile (lowest-double: the lightest)."""
    top = ruleset["tiles.max_pip"]
    rule = first_lead_rule(ruleset, players)
    if rule is FirstLead.FROM_ONE_ONE:
        doubles = [Tile(n, n) for n in range(1, top + 1)] + [Tile(0, 0)]
    elif rule is FirstLead.HIGHEST_DOUBLE:
        doubles = [Tile(n, n) for n in range(top, -1, -1)]
    else:
        doubles = [Tile(n, n) for n in range(top + 1)]
    singles = [tile for tile in ruleset.tileset.tiles() if not tile.is_double]
    if rule is FirstLead.LOWEST_DOUBLE:
        # The lightest tile: fewest pips; between equal weights, the one with the lower end (0-3 before 1-2).
        return doubles + sorted(singles, key=lambda tile: (tile.pips, tile.low))
    # The heaviest tile: most pips; between equal weights, the one with the higher end (3-6 before 4-5).
    return doubles + sorted(singles, key=lambda tile: (tile.pips, tile.high), reverse=True)


def first_lead(ruleset: Ruleset, hands: dict[str, tuple[Tile, ...]]) -> tuple[str | None, Tile | None, Reason]:
    """Who leads the first round and with which tile, with the reason (no leader: by lot, or nobody holds
    the ruleset's first tile)."""
    holder = {tile: player for player, tiles in hands.items() for tile in tiles}
    rule = first_lead_rule(ruleset, len(hands))
    if rule is FirstLead.LOT:
        return None, None, reason(ruleset, "lead.first", "the first leader is chosen by lot and may lead any "
                                                         "tile: no double or tile decides it (lot)")
    if rule is FirstLead.TILE:
        tile = first_tile(ruleset)
        if tile in holder:
            return holder[tile], tile, reason(ruleset, "lead.first_tile",
                                              f"{holder[tile]} holds {tile}: {holder[tile]} leads the first "
                                              f"round with {tile} (lead.first = tile)")
        return None, tile, reason(ruleset, "lead.first_tile",
                                  f"nobody was dealt {tile}, and the source names no other first lead: "
                                  "agree one at the table (by lot, or deal again)")
    order = lead_order(ruleset, len(hands))
    for position, tile in enumerate(order):
        if tile in holder:
            skipped = [str(item) for item in order[:position] if item.is_double]
            if tile.is_double:
                why = f"{holder[tile]} holds {tile}"
                if skipped:
                    why += f" and nobody holds {', '.join(skipped)}"
            else:
                weight = "lightest" if rule is FirstLead.LOWEST_DOUBLE else "heaviest"
                why = f"no double was dealt, so the {weight} tile leads: {holder[tile]} holds {tile}"
            fewer = rule is not ruleset["lead.first"]
            said = f"{why}: {holder[tile]} leads the first round with {tile} ({LEAD_ORDER_WORDS[rule]})"
            if fewer:
                said = (f"{why}: {holder[tile]} leads the first round with {tile} ({LEAD_ORDER_WORDS[rule]}, as "
                        "fewer than four play)")
            return holder[tile], tile, reason(ruleset, "lead.first_fewer" if fewer else "lead.first", said)
    raise InputError("no tiles were given")  # check_hands refuses empty deals first
