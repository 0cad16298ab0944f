"""Stage ``settle_hand``: the end-of-hand count of the points-race games (rules.md §4, §5), on with ``endhand.count``.

The round's winner (the side that went out; on a fish the side with the fewest pips) scores the opponents'
pips: on a fish minus its own (``endhand.fish_subtract``), rounded (``endhand.rounding`` to
``endhand.round_to``, on the total or on each hand: ``endhand.round_what``), divided (``endhand.divisor``),
plus a bonus for going out (``endhand.out_bonus``).  A tie for the fewest pips on a fish follows ``fish.tie``
(``fish.tie_three`` when two of three sides are level).  ``endhand.own_side``: the winner scores its own side's
pips too; ``fish.lowest_of``: in pairs, the fish goes to the side of the lowest single hand.
"""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishTie, HandOf, Rounding, RoundWhat
from scorekeeper.scoring.fishtie import split, tie_rule
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Step


def round_count(rounding: Rounding, to: int, value: int) -> int:
    """``value`` rounded to a multiple of ``to``; nearest: a remainder of more than half rounds up
    (for 5: 3 and 4 up, 1 and 2 down)."""
    remainder = value % to
    if rounding is Rounding.NONE or remainder == 0:
        return value
    if rounding is Rounding.DOWN or (rounding is Rounding.NEAREST and 2 * remainder < to):
        return value - remainder
    return value - remainder + to


class HandCount(NamedTuple):
    """What the end-of-hand count gives the winner, and the arithmetic that gave it."""

    points: int
    text: str
    """The arithmetic, e.g. "5 + 11 + 13 - 3 = 26, nearest 5: 25, / 5 = 5"."""


def count_hands(ruleset: Ruleset, hands: list[int], own: int = 0) -> HandCount:
    """What the winner scores for the opponents' ``hands`` (``own``: the winner's pips to subtract)."""
    rounding, to, divisor = ruleset["endhand.rounding"], ruleset["endhand.round_to"], ruleset["endhand.divisor"]
    shown = " + ".join(map(str, hands)) or "0"
    if ruleset["endhand.round_what"] is RoundWhat.EACH_HAND and rounding is not Rounding.NONE:
        rounded = [round_count(rounding, to, value) for value in hands]
        mine = round_count(rounding, to, own)
        value = max(sum(rounded) - mine, 0)
        text = f"each hand rounded {rounding.value} to {to}: " + " + ".join(map(str, rounded))
        if own:
            text += f" - {mine}"
        text += f" = {value}"
    else:
        raw = sum(hands) - own
        text = f"{shown}" + (f" - {own}" if own else "") + (f" = {raw}" if len(hands) > 1 or own else "")
        value = max(raw, 0)
        if raw < 0:
            text += ", counts 0"
        if rounding is not Rounding.NONE:
            rounded = round_count(rounding, to, value)
            text += f", rounded {rounding.value} to {to}: {rounded}"
            value = rounded
    if divisor > 1:
        text += f", / {divisor} = {value // divisor}"
        value //= divisor
    return HandCount(value, text)


def settle_hand(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    steps: list[Step] = []
    outcome = settle(ruleset, match, state.facts, state.side_hands, state.player_hands, steps)
    return state.but(outcome=outcome, points=outcome.points, steps=state.added(steps))


def settle(ruleset: Ruleset, match: Match, rnd: Round, side_hands: dict[str, int],
           player_hands: dict[str, int], steps: list[Step]) -> Outcome:
    """Who wins the hand and what the end-of-hand count gives them (and, under
    ``endhand.loser_writes_off``, what the sides left holding tiles write off)."""
    outcome = _settle(ruleset, match, rnd, side_hands, player_hands, steps)
    if ruleset["endhand.loser_writes_off"] and outcome.winner:
        outcome = _write_off_own(ruleset, outcome, side_hands, steps)
    return outcome


def _write_off_own(ruleset: Ruleset, outcome: Outcome, side_hands: dict[str, int], steps: list[Step]) -> Outcome:
    """004's Phone variant: a side left holding tiles writes its own pips off, rounded down."""
    points = dict(outcome.points)
    to, divisor = ruleset["endhand.round_to"], ruleset["endhand.divisor"]
    for name in outcome.losers:
        own = side_hands[name]
        lost = round_count(Rounding.DOWN, to, own) // divisor
        if not lost:
            steps.append(Step(name, "endhand.loser_writes_off", f"{name} holds {own}: rounded down to {to}, "
                                                                "nothing to write off"))
            continue
        points[name] -= lost
        shown = f"{own}, rounded down to {to}: {round_count(Rounding.DOWN, to, own)}" + \
            (f", / {divisor} = {lost}" if divisor > 1 else "")
        steps.append(Step(name, "endhand.loser_writes_off", f"{name} was left holding {shown}, written off: "
                                                            f"-{lost}"))
    return outcome._replace(points=points)


def _settle(ruleset: Ruleset, match: Match, rnd: Round, side_hands: dict[str, int],
            player_hands: dict[str, int], steps: list[Step]) -> Outcome:
    names = [side.name for side in match.sides]
    line_total = sum(side_hands.values())
    if rnd.ending is OUT:
        winner = match.side_of(rnd.out).name
        count = _against(ruleset, match, (winner,), player_hands, 0)
        points = count.points if ruleset["endhand.out_pips"] else 0
        text = f"{rnd.out} went out: {winner} scores {_whose(ruleset)}, {count.text}" \
            if ruleset["endhand.out_pips"] else f"{rnd.out} went out"
        bonus = ruleset["endhand.out_bonus"]
        if bonus:
            text += f"; + {bonus} for going out (endhand.out_bonus) = {points + bonus}"
            points += bonus
        steps.append(Step(winner, "endhand.count", text))
        return _to(names, winner, points, line_total)
    fewest = min(side_hands.values())
    level = tuple(name for name in names if side_hands[name] == fewest)
    single = ""
    if ruleset["fish.lowest_of"] is HandOf.PLAYER and match.is_pairs and player_hands:
        # The side of the lowest single hand wins, not the lowest sum (Jamaican partnership dominoes).
        lowest = min(player_hands.values())
        holders = [player for player, value in player_hands.items() if value == lowest]
        level = tuple(name for name in names if any(match.side_of(player).name == name for player in holders))
        single = f"{' and '.join(holders)} {'holds' if len(holders) == 1 else 'hold'} the fewest pips ({lowest})"
        fewest = min(side_hands[name] for name in level)
    own = fewest if ruleset["endhand.fish_subtract"] else 0
    count = _against(ruleset, match, level, player_hands, own)
    if len(level) == 1:
        winner = level[0]
        held = f"{single}: {winner}" if single else f"{winner} holds the fewest pips ({fewest}) and"
        steps.append(Step(winner, "endhand.count", f"fish: {held} scores {_whose(ruleset)}"
                                                   f"{' minus its own' if own else ''}: {count.text}"))
        return _to(names, winner, count.points, line_total)
    shown = " and ".join(level)
    tie, key = tie_rule(ruleset, len(names), len(level))
    if tie is FishTie.SPLIT:
        share, each = split(count.points, len(level))
        steps.append(Step(None, key, f"fish: {shown} tie for the fewest pips ({fewest}); they split the "
                                     f"count ({count.text}): {each}"))
        return Outcome({name: share if name in level else 0 for name in names},
                       losers=tuple(n for n in names if n not in level), line_total=line_total)
    if tie is FishTie.EGGS:
        steps.append(Step(None, key, f"fish: {shown} tie for the fewest pips ({fewest}); the count "
                                            f"({count.text}) is carried forward as eggs"))
        return Outcome({name: 0 for name in names}, tied_total=count.points, line_total=line_total)
    steps.append(Step(None, key, f"fish: {shown} tie for the fewest pips ({fewest}): nobody scores"))
    return Outcome({name: 0 for name in names}, line_total=line_total)


def _against(ruleset: Ruleset, match: Match, winners: tuple[str, ...], player_hands: dict[str, int],
             own: int) -> HandCount:
    every = ruleset["endhand.own_side"]
    opponents = [player_hands[player] for side in match.sides if every or side.name not in winners
                 for player in side.players if player in player_hands]
    return count_hands(ruleset, opponents, own)


def _whose(ruleset: Ruleset) -> str:
    return "every hand's pips, its own side's too" if ruleset["endhand.own_side"] else "the opponents' pips"


def _to(names: list[str], winner: str, points: int, line_total: int) -> Outcome:
    return Outcome({name: points if name == winner else 0 for name in names}, winner=winner,
                   losers=tuple(name for name in names if name != winner), line_total=line_total)

