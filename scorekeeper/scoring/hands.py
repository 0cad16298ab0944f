"""Stage ``count_hands``: each side's counted hand value, special hands applied.

Keys read: ``count.partner_of_finisher`` (whether the partner of the player who went out counts),
``special_hands`` (a hand of exactly the listed tiles counts the listed value), ``count.six_six_anywhere``
(6-6 counts this much wherever it is held), ``count.hand_value`` (a hand counts its pips, or its tiles: 1 a tile,
2 a double).  A hand not given (``count.hand_won`` lets an out leave them out) is not counted.

A hand recorded only as a total is scored as tiles when the total proves them (rules.md §6.2): a player who
did not go out holds at least one tile and only 0-0 has no pips, so a total of 0 is the hand 0-0; and a
total that only one set of the tiles not accounted for in the round can make is that set (``deduce_hands``).
This only matters where a hand's value is not its pips (special hands, ``count.six_six_anywhere``).
"""

from itertools import accumulate
from operator import sub
from types import MappingProxyType
from typing import AbstractSet, Mapping, NamedTuple

from scorekeeper.domain.facts import OUT, Hand, Match, Round
from scorekeeper.i18n import N_, _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import SPECIAL_HANDS, HandValue
from scorekeeper.i18n.message import Message, one_of
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.state import RoundState
from scorekeeper.scoring.table import Step
from scorekeeper.domain.tiles import Tile, format_tiles

SIX_SIX = Tile(6, 6)
ZERO_ZERO = Tile(0, 0)
SEARCH_BUDGET = 20_000
"""Most steps ``only_tiles`` takes before it gives up (and deduces nothing): the answer stays correct."""


class Deduction(NamedTuple):
    """The tiles a hand recorded as a total must have been, and why."""

    tiles: tuple[Tile, ...]
    why: Message

    @property
    def hand(self) -> Hand:
        return Hand(tiles=self.tiles)


def count_hands(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The finisher holds nothing; their partner may not count; every other hand counts its value."""
    rnd = state.facts
    out = rnd.out
    held = rnd.hands
    steps: list[Step] = []
    notes: list[Message] = []
    sides = {}
    players = {}
    partner_out = rnd.ending is OUT and not ruleset["count.partner_of_finisher"]
    anywhere = ruleset["count.six_six_anywhere"]
    in_tiles = ruleset["count.hand_value"] is HandValue.TILES
    plain = not ruleset.special_hands and not anywhere and not in_tiles
    deduced = {} if plain else deduce_hands(ruleset, match, rnd)
    # Which hands a special hand could be (by size) or hide behind a total (by pips): the others count pips.
    sizes, sums = ruleset.special_sizes, ruleset.special_sums
    elsewhere = None  # the tiles the facts place outside a hand given as a total, once one needs them
    for side in match.sides:
        total = 0
        for player in side.players:
            if player == out:
                continue
            if partner_out and out in side.players:
                steps.append(Step(side.name, "count.partner_of_finisher",
                                  _("{player}'s hand is not counted: partner of {out}, who went "
                                    "out").format(player=player, out=out)))
                continue
            hand = held.get(player)
            if hand is None:  # not given: a ruleset that does not count it (count.hand_won, on an out)
                continue
            tiles = hand.tiles
            if in_tiles:
                value = tile_count(player, hand, deduced.get(player), steps)
            elif player in deduced:
                found = deduced[player]
                steps.append(Step(player, SPECIAL_HANDS if ruleset.special_hands else "count.six_six_anywhere",
                                  _("{player}'s total of {total} can only be {tiles} ({why}): counted as "
                                    "that hand").format(player=player, total=hand.total,
                                                        tiles=format_tiles(found.tiles), why=found.why.said())))
                value = hand_value(ruleset, player, found.hand, steps, notes, anywhere)
            elif plain or (not anywhere and (hand.total not in sums if tiles is None else len(tiles) not in sizes)):
                value = hand.total if tiles is None else sum(map(sum, tiles))  # a tile is the tuple (low, high)
            elif tiles is not None:
                value = hand_value(ruleset, player, hand, steps, notes, anywhere)
            else:  # a total that may hide a special hand: not one holding a tile placed elsewhere
                if elsewhere is None:
                    elsewhere = placed_tiles(rnd, deduced)
                value = hand_value(ruleset, player, hand, steps, notes, anywhere, elsewhere)
            total += value
            players[player] = value
        sides[side.name] = total
    state.side_hands, state.player_hands = sides, players  # set, not ``but``: every round of every replay
    if steps or notes:
        state.steps, state.notes = state.added(steps), state.notes + tuple(notes)
    return state


def tile_count(player: str | None, hand: Hand, deduced: Deduction | None, steps: list[Step]) -> int:
    """``count.hand_value = tiles`` (rules.md §5.5): 1 a tile, 2 a double.  A total counts only when it proves
    its tiles (``deduced``); the round's check refuses any other total, so none reaches here."""
    tiles = hand.tiles
    if tiles is None:
        if deduced is None:  # refused when the round is checked (match.checks.tiles_known)
            raise ValueError(f"{player}'s total of {hand.total} does not prove the tiles")
        tiles = deduced.tiles
    each = [2 if tile.low == tile.high else 1 for tile in tiles]
    value = sum(each)
    added = " + ".join(map(str, each)) + (f" = {value}" if len(each) > 1 else "")
    if player is None:
        text = _("the hand: {tiles} counts {added} (1 a tile, 2 a double)")
    elif hand.tiles is None:
        text = _("{player}: a total of {total} can only be {tiles} ({why}); {tiles} counts {added} (1 a tile, "
                 "2 a double)")
    else:
        text = _("{player}: {tiles} counts {added} (1 a tile, 2 a double)")
    steps.append(Step(player, "count.hand_value", text.format(
        player=player, total=hand.total, tiles=format_tiles(tiles), why=deduced.why.said() if deduced else "",
        added=added)))
    return value


def deduce_hands(ruleset: Ruleset, match: Match, rnd: Round) -> Mapping[str, Deduction]:
    """The hands recorded as totals whose tiles the round's facts prove (rules.md §6.2), by player.

    A hand is deduced only when exactly one set of tiles can make its total: tiles of the set, none placed
    elsewhere by the facts (other hands given as tiles, the tile led, the finisher's last tile, hands already
    deduced), at most as many as a hand can hold at the end of a round.  A deduced hand is certain, so it
    takes its tiles away from the others, which may prove another total in turn."""
    totals = {}
    zero_placed = rnd.led == ZERO_ZERO or ZERO_ZERO in rnd.last
    for player, hand in rnd.hands.items():
        tiles = hand.tiles
        if tiles is not None:
            if not zero_placed and ZERO_ZERO in tiles:
                zero_placed = True
        elif player != rnd.out:
            totals[player] = hand.total
    if not totals or (not zero_placed and 0 not in totals.values()):
        # 0-0 adds no pips: while it is free, a set short of a full hand has a twin with 0-0 added, so a
        # non-zero total is almost never proved; skip the search (a full-hand proof is missed, never wrong).
        return _NONE_PROVED
    placed = placed_tiles(rnd, _NONE_PROVED)
    heaviest = ruleset.tileset.heaviest_first()
    from scorekeeper.scoring.plausible import hand_room  # start-up: keeps plausible out of 'check hand'

    most = hand_room(ruleset, len(match.players))
    found: dict[str, Deduction] = {}
    while True:
        # One pass sees only what earlier passes proved, so the answer does not depend on the order of the
        # players; two hands proved to hold the same tile mean the facts cannot all be true: neither is used.
        taken = frozenset(placed.union(*(deduction.tiles for deduction in found.values())))
        proved = {}
        for player, total in totals.items():
            if player not in found:
                tiles = only_tiles(heaviest, total, taken, most)
                if tiles is not None:
                    proved[player] = tiles
        clash = {player for player, tiles in proved.items()
                 for other, theirs in proved.items() if other != player and set(tiles) & set(theirs)}
        proved = {player: tiles for player, tiles in proved.items() if player not in clash}
        if not proved:
            break
        for player, tiles in proved.items():
            total = totals[player]
            why = Message.of(N_("total 0: only 0-0 has no pips, and a player who did not go out holds at least "
                                "one tile")) if total == 0 else \
                Message.of(N_("total {total}: no other set of at most {most} tiles not accounted for in the round "
                              "makes it"), total=total, most=most)
            found[player] = Deduction(tiles, why)
        if clash:
            break
    return found


_NONE_PROVED: Mapping[str, Deduction] = MappingProxyType({})


def only_tiles(tiles: tuple[Tile, ...], total: int, taken: set[Tile] | frozenset[Tile], most: int,
               budget: int = SEARCH_BUDGET) -> tuple[Tile, ...] | None:
    """The one set of 1 to ``most`` of ``tiles`` (heaviest first), none of them ``taken``, whose pips add up
    to ``total``, when exactly one such set exists; None when there is none, several, or the search needs
    more than ``budget`` steps."""
    if total == 0:
        return None if ZERO_ZERO in taken else (ZERO_ZERO,)
    free = [tile for tile in tiles if tile not in taken]
    # reach[i]: the most pips any ``most`` of free[i:] hold (free is heaviest first, so it never grows with i)
    pips = [tile.low + tile.high for tile in free]
    # sum(pips[i:i + most]) for every i, from running sums rather than a sum per i
    count = len(pips)
    running = [0, *accumulate(pips)]
    reach = [*map(sub, (running[most:] + [running[-1]] * count)[:count], running), 0]
    found: list[tuple[Tile, ...]] = []
    left = [budget]

    def search(start: int, remaining: int, chosen: list[Tile]) -> bool:
        """Extend ``chosen``; False once the answer is settled (two sets found, or out of budget)."""
        left[0] -= 1
        if left[0] < 0:
            return False
        if remaining == 0:
            found.append(tuple(chosen))
            if len(found) > 1:
                return False
        if len(chosen) == most:
            return True
        for index in range(start, len(free)):
            if reach[index] < remaining:
                return True
            tile, weight = free[index], pips[index]
            if weight > remaining:
                continue
            chosen.append(tile)
            going = search(index + 1, remaining - weight, chosen)
            chosen.pop()
            if not going:
                return False
        return True

    if not search(0, total, []) or len(found) != 1:
        return None
    return tuple(sorted(found[0]))


def placed_tiles(rnd: Round, deduced: Mapping[str, Deduction]) -> set[Tile]:
    """The tiles the facts of a round place: in hands given as tiles or proved (``deduce_hands``), led, or
    played last; a hand given as a total holds none of them.  (A new set: the caller may add to it.)"""
    placed = {tile for hand in rnd.hands.values() if hand.tiles for tile in hand.tiles}
    if rnd.last:
        placed.update(rnd.last)
    if rnd.led is not None:
        placed.add(rnd.led)
    for found in deduced.values():
        placed.update(found.tiles)
    return placed


def hand_value(ruleset: Ruleset, player: str | None, hand: Hand, steps: list[Step], notes: list[Message],
               anywhere: int | None = None, elsewhere: AbstractSet[Tile] = frozenset()) -> int:
    """The value of one player's hand; explains special hands, and says when a total may hide one (none
    holding a tile the facts place ``elsewhere``: in another hand, led or played last).

    ``player``: None for a hand shown on its own (the referee's ``hand``): the steps then say "the hand".
    ``anywhere``: ``count.six_six_anywhere``, when the caller has read it already.  Under
    ``count.hand_value = tiles`` a hand of tiles counts them (``tile_count``)."""
    if hand.tiles is not None and ruleset["count.hand_value"] is HandValue.TILES:
        return tile_count(player, hand, None, steps)
    if anywhere is None:
        anywhere = ruleset["count.six_six_anywhere"]
    tiles = hand.tiles
    if tiles is None:
        total = hand.total
        maybe = [special for special in ruleset.special_hands if sum([t.low + t.high for t in special]) == total
                 and elsewhere.isdisjoint(special)]
        if maybe:
            shown = one_of(format_tiles(special) for special in maybe)
            notes.append(Message.of(N_("{player}: only a total of {total} was given, so the special-hand rule "
                                       "({hands}) could not be applied to that hand (record the tiles with --hand "
                                       "to apply it)"), NoteKind.HAND_TOTAL,
                                    N_("{player}: only a total of {total} was given, so the special-hand rule "
                                       "({hands}) could not be applied to that hand (give its tiles with '{edit} "
                                       "{number}' to apply it)"), player=player, total=total, hands=shown))
        if anywhere and total >= SIX_SIX.pips and SIX_SIX not in elsewhere:
            notes.append(Message.of(N_("{player}: only a total of {total} was given, so whether 6-6 (counts "
                                       "{anywhere} wherever held) was in that hand is not known; it is counted as "
                                       "pips (record the tiles with --hand to apply it)"), NoteKind.HAND_TOTAL,
                                    N_("{player}: only a total of {total} was given, so whether 6-6 (counts "
                                       "{anywhere} wherever held) was in that hand is not known; it is counted as "
                                       "pips (give its tiles with '{edit} {number}' to apply it)"),
                                    player=player, total=total, anywhere=anywhere))
        return total
    special = ruleset.special_hands.get(tuple(sorted(tiles)))
    if special is not None:
        steps.append(Step(player, SPECIAL_HANDS,
                          (_("the hand is exactly {tiles}: counts {value}") if player is None else
                           _("{player} holds exactly {tiles}: counts {value}")).format(
                             player=player, tiles=format_tiles(tiles), value=special)))
        return special
    pips = sum([tile.low + tile.high for tile in tiles])
    if anywhere and SIX_SIX in tiles:
        value = pips - SIX_SIX.pips + anywhere
        steps.append(Step(player, "count.six_six_anywhere",
                          (_("the hand is 6-6, which counts {anywhere} wherever it is held: {pips} pips - 12 + "
                             "{anywhere} = {value}") if player is None else
                           _("{player} holds 6-6, which counts {anywhere} wherever it is held: {pips} pips - 12 + "
                             "{anywhere} = {value}")).format(player=player, anywhere=anywhere, pips=pips,
                                                             value=value)))
        return value
    return pips
