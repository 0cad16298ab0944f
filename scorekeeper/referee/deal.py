"""Rulings on a deal: is it a misdeal, and who leads the first round with which tile (rules.md §1)."""

from typing import Iterable, NamedTuple

from scorekeeper.domain.tiles import Tile, format_tiles, parse_tile
from scorekeeper.errors import InputError
from scorekeeper.notation.names import fold
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.referee.verdict import Citation, citation
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FirstLead
from scorekeeper.scoring.lead import first_lead_rule, lead_order  # noqa: F401 (lead_order: also the referee's)
from scorekeeper.scoring.plausible import deal_size  # the core's: a round's plausibility needs it too


class DealRuling(NamedTuple):
    misdeal: bool
    leader: str | None
    """Who leads the first round (None on a misdeal, or when the ruleset does not name one: by lot)."""
    lead: Tile | None
    """The tile that leads (None: any tile may be led, or no leader is named)."""
    reasons: tuple[Citation, ...]

    @property
    def verdict(self) -> str:
        """The ruling in one sentence."""
        if self.misdeal:
            return _("Misdeal: the tiles are dealt again.")
        if self.leader is None:
            if self.lead is None:
                return _("Not a misdeal: the first leader is chosen by lot and may lead any tile.")
            return _("Not a misdeal: nobody holds {tile}: see below.").format(tile=self.lead)
        return _("Not a misdeal: {player} leads the first round with {tile}.").format(player=self.leader,
                                                                                     tile=self.lead)

    def to_dict(self) -> dict:
        return {"misdeal": self.misdeal, "leader": self.leader,
                "lead": str(self.lead) if self.lead else None,
                "reasons": [item.to_dict() for item in self.reasons]}


LEAD_ORDER_WORDS = {
    FirstLead.FROM_ONE_ONE: N_("1-1 first, then 2-2 and up"),
    FirstLead.HIGHEST_DOUBLE: N_("the highest double first"),
    FirstLead.LOWEST_DOUBLE: N_("the lowest double first"),
}
"""The order the first lead is looked for in, in the table's words (the key's value is the code's)."""


def check_deal(ruleset: Ruleset, hands: Iterable[tuple[str, tuple[Tile, ...]]]) -> DealRuling:
    """Rule on a deal given each player's tiles; InputError for a deal that cannot happen."""
    hands = check_hands(ruleset, hands)
    found = list(_misdeal_reasons(ruleset, hands))
    reasons = [item for bad, item in found]
    misdeal = any(bad for bad, item in found)
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
            raise InputError(_("{player} is given two hands").format(player=player))
        tileset.check(tiles, player)
        for tile in tiles:
            if tile in held:
                raise InputError(_("tile {tile} is in two hands: {first}'s and {player}'s").format(
                    tile=tile, first=held[tile], player=player))
            held[tile] = player
        found[player] = tuple(tiles)
    if not found:
        raise InputError(_("give the dealt hands: --hand PLAYER=TILES for each player"))
    if len(found) > ruleset["players.max"]:
        raise InputError(ngettext("{ruleset} is played by at most {n} players, not {count} (players.max)",
                                  "{ruleset} is played by at most {n} players, not {count} (players.max)",
                                  ruleset["players.max"]).format(ruleset=ruleset.called, n=ruleset["players.max"],
                                                                 count=len(found)))
    size, key = deal_size(ruleset, len(found))
    for player, tiles in found.items():
        if len(tiles) > size:
            raise InputError(ngettext("{player} holds {n} tile, but {ruleset} deals {size} to each of {count} "
                                      "players ({key})",
                                      "{player} holds {n} tiles, but {ruleset} deals {size} to each of {count} "
                                      "players ({key})", len(tiles)).format(
                player=player, n=len(tiles), ruleset=ruleset.called, size=size, count=len(found), key=key))
    return found


def _misdeal_reasons(ruleset: Ruleset, hands: dict[str, tuple[Tile, ...]]):
    limit = ruleset["misdeal.doubles"]
    if limit == 0:
        yield False, citation(ruleset, "misdeal.doubles", _("doubles never make a misdeal under this ruleset"))
    else:
        counted = {player: [tile for tile in tiles if tile.is_double] for player, tiles in hands.items()}
        bad = [player for player, doubles in counted.items() if len(doubles) >= limit]
        for player in bad:
            yield True, citation(ruleset, "misdeal.doubles",
                               _("{player} holds {n} doubles ({tiles}); {limit} or more is a misdeal: the tiles "
                                 "are dealt again").format(player=player, n=len(counted[player]),
                                                           tiles=format_tiles(counted[player]), limit=limit))
        if not bad:
            most = max(counted, key=lambda player: len(counted[player]))
            yield False, citation(ruleset, "misdeal.doubles",
                                _("no hand holds {limit} or more doubles (most: {player} with {n})").format(
                                    limit=limit, player=most, n=len(counted[most])))
    limit = ruleset["misdeal.suit"]
    if limit == 0:
        yield False, citation(ruleset, "misdeal.suit", _("tiles of one suit never make a misdeal under this ruleset"))
        return
    worst: tuple[int, str, int] = (-1, "", 0)
    any_bad = False
    for player, tiles in hands.items():
        for suit in range(ruleset["tiles.max_pip"] + 1):
            of_suit = [tile for tile in tiles if suit in tile]
            if len(of_suit) >= limit:
                any_bad = True
                yield True, citation(ruleset, "misdeal.suit",
                                   _("{player} holds {n} tiles of suit {suit} ({tiles}); {limit} or more of one "
                                     "suit is a misdeal: the tiles are dealt again").format(
                                       player=player, n=len(of_suit), suit=suit, tiles=format_tiles(of_suit),
                                       limit=limit))
            if len(of_suit) > worst[0]:
                worst = (len(of_suit), player, suit)
    if not any_bad:
        yield False, citation(ruleset, "misdeal.suit",
                            _("no hand holds {limit} or more tiles of one suit (most: {player} with {n} of suit "
                              "{suit})").format(limit=limit, player=worst[1], n=worst[0], suit=worst[2]))


def first_tile(ruleset: Ruleset) -> Tile:
    """``lead.first_tile`` as a tile; InputError naming the key when it is not one of the set."""
    text = ruleset["lead.first_tile"]
    try:
        tile = parse_tile(text)
        ruleset.tileset.check([tile])
    except InputError:
        raise InputError(_("lead.first_tile must be a tile of the set, like \"2-3\", not {text}").format(
            text=repr(text))) from None
    return tile


def first_lead(ruleset: Ruleset, hands: dict[str, tuple[Tile, ...]]) -> tuple[str | None, Tile | None, Citation]:
    """Who leads the first round and with which tile, with the reason (no leader: by lot, or nobody holds
    the ruleset's first tile)."""
    holder = {tile: player for player, tiles in hands.items() for tile in tiles}
    rule = first_lead_rule(ruleset, len(hands))
    if rule is FirstLead.LOT:
        return None, None, citation(ruleset, "lead.first", _("the first leader is chosen by lot and may lead any "
                                                           "tile: no double or tile decides it (lot)"))
    if rule is FirstLead.TILE:
        tile = first_tile(ruleset)
        if tile in holder:
            return holder[tile], tile, citation(ruleset, "lead.first_tile",
                                              _("{player} holds {tile}: {player} leads the first round with "
                                                "{tile} (lead.first = tile)").format(player=holder[tile],
                                                                                     tile=tile))
        return None, tile, citation(ruleset, "lead.first_tile",
                                  _("nobody was dealt {tile}, and the source names no other first lead: agree one "
                                    "at the table (by lot, or deal again)").format(tile=tile))
    order = lead_order(ruleset, len(hands))
    for position, tile in enumerate(order):
        if tile in holder:
            skipped = [str(item) for item in order[:position] if item.is_double]
            if tile.is_double and skipped:
                why = _("{player} holds {tile} and nobody holds {skipped}")
            elif tile.is_double:
                why = _("{player} holds {tile}")
            elif rule is FirstLead.LOWEST_DOUBLE:
                why = _("no double was dealt, so the lightest tile leads: {player} holds {tile}")
            else:
                why = _("no double was dealt, so the heaviest tile leads: {player} holds {tile}")
            why = why.format(player=holder[tile], tile=tile, skipped=", ".join(skipped))
            fewer = rule is not ruleset["lead.first"]
            said = _("{why}: {player} leads the first round with {tile} ({order}, as fewer than four play)") \
                if fewer else _("{why}: {player} leads the first round with {tile} ({order})")
            said = said.format(why=why, player=holder[tile], tile=tile, order=_(LEAD_ORDER_WORDS[rule]))
            return holder[tile], tile, citation(ruleset, "lead.first_fewer" if fewer else "lead.first", said)
    raise InputError(_("no tiles were given"))  # check_hands refuses empty deals first
