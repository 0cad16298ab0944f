"""Stage ``count_hands``: each side's counted hand value, special hands applied.

Keys read: ``count.partner_of_finisher`` (whether the partner of the player who went out counts),
``special_hands`` (a hand of exactly the listed tiles counts the listed value), ``count.six_six_anywhere``
(6-6 counts this much wherever it is held).
"""

from __future__ import annotations

from typing import Mapping

from scorekeeper.facts import Ending, Hand, Match
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import SPECIAL_HANDS
from scorekeeper.scoring.state import RoundState
from scorekeeper.scoring.table import Step
from scorekeeper.tiles import Tile, format_tiles

SIX_SIX = Tile(6, 6)


def count_hands(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The finisher holds nothing; their partner may not count; every other hand counts its value."""
    rnd = state.facts
    out = rnd.out
    held = rnd.hands
    steps: list[Step] = []
    notes: list[str] = []
    sides = {}
    players = {}
    partner_out = rnd.ending is Ending.OUT and not ruleset["count.partner_of_finisher"]
    anywhere = ruleset["count.six_six_anywhere"]
    plain = not ruleset.special_hands and not anywhere
    # Which hands a special hand could be (by size) or hide behind a total (by pips): the others count pips.
    sizes, sums = _special_shapes(ruleset.special_hands)
    for side in match.sides:
        total = 0
        for player in side.players:
            if player == out:
                continue
            if partner_out and out in side.players:
                steps.append(Step(side.name, "count.partner_of_finisher",
                                  f"{player}'s hand is not counted: partner of {out}, who went out"))
                continue
            hand = held[player]
            tiles = hand.tiles
            if plain or (not anywhere and (hand.total not in sums if tiles is None else len(tiles) not in sizes)):
                value = hand.total if tiles is None else sum([tile.low + tile.high for tile in tiles])
            else:
                value = hand_value(ruleset, player, hand, steps, notes, anywhere)
            total += value
            players[player] = value
        sides[side.name] = total
    if not steps and not notes:
        return state.but(side_hands=sides, player_hands=players)
    return state.but(side_hands=sides, player_hands=players, steps=state.steps + tuple(steps),
                     notes=state.notes + tuple(notes))


_SHAPES: dict[int, tuple[Mapping, frozenset[int], frozenset[int]]] = {}


def _special_shapes(special_hands: Mapping[tuple[Tile, ...], int]) -> tuple[frozenset[int], frozenset[int]]:
    """The sizes of a ruleset's special hands, and their pip totals (worked out once per ruleset)."""
    known = _SHAPES.get(id(special_hands))
    if known is None or known[0] is not special_hands:
        known = _SHAPES[id(special_hands)] = (special_hands, frozenset(len(tiles) for tiles in special_hands),
                                              frozenset(sum([t.low + t.high for t in tiles])
                                                        for tiles in special_hands))
    return known[1], known[2]


def hand_value(ruleset: Ruleset, player: str, hand: Hand, steps: list[Step], notes: list[str],
               anywhere: int | None = None) -> int:
    """The value of one player's hand; explains special hands, and says when a total hides one.

    ``anywhere``: ``count.six_six_anywhere``, when the caller has read it already."""
    if anywhere is None:
        anywhere = ruleset["count.six_six_anywhere"]
    tiles = hand.tiles
    if tiles is None:
        total = hand.total
        maybe = [special for special in ruleset.special_hands if sum([t.low + t.high for t in special]) == total]
        if maybe:
            shown = " or ".join(format_tiles(special) for special in maybe)
            notes.append(f"{player}: only a total of {total} was given, so the special-hand rule "
                         f"({shown}) could not be applied to that hand (record the tiles with --hand to apply it)")
        if anywhere and total >= SIX_SIX.pips:
            notes.append(f"{player}: only a total of {total} was given, so whether 6-6 (counts {anywhere} "
                         "wherever held) was in that hand is not known; it is counted as pips (record the tiles "
                         "with --hand to apply it)")
        return total
    special = ruleset.special_hands.get(tuple(sorted(tiles)))
    if special is not None:
        steps.append(Step(player, SPECIAL_HANDS,
                          f"{player} holds exactly {format_tiles(tiles)}: counts {special}"))
        return special
    pips = sum([tile.low + tile.high for tile in tiles])
    if anywhere and SIX_SIX in tiles:
        value = pips - SIX_SIX.pips + anywhere
        steps.append(Step(player, "count.six_six_anywhere",
                          f"{player} holds 6-6, which counts {anywhere} wherever it is held: "
                          f"{pips} pips - 12 + {anywhere} = {value}"))
        return value
    return pips
