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
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishTie, HandOf, Rounding, RoundWhat
from scorekeeper.scoring.fishtie import split, tie_rule
from scorekeeper.i18n.message import both
from scorekeeper.scoring.seats import Seats, seats
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


# The rounding is said whole in each way (the ruleset's word for it stays English in the ruleset only).
_EACH_ROUNDED = {Rounding.NEAREST: N_("each hand rounded nearest to {to}: {sums}"),
                 Rounding.UP: N_("each hand rounded up to {to}: {sums}"),
                 Rounding.DOWN: N_("each hand rounded down to {to}: {sums}")}
_ROUNDED = {Rounding.NEAREST: N_("{sums}, rounded nearest to {to}: {rounded}"),
            Rounding.UP: N_("{sums}, rounded up to {to}: {rounded}"),
            Rounding.DOWN: N_("{sums}, rounded down to {to}: {rounded}")}


def count_hands(ruleset: Ruleset, hands: list[int], own: int = 0, said: bool = True) -> HandCount:
    """What the winner scores for the opponents' ``hands`` (``own``: the winner's pips to subtract); ``said``
    false: the points alone, without the arithmetic in words (a replay that keeps no steps)."""
    rounding, to, divisor = ruleset["endhand.rounding"], ruleset["endhand.round_to"], ruleset["endhand.divisor"]
    text = ""
    if ruleset["endhand.round_what"] is RoundWhat.EACH_HAND and rounding is not Rounding.NONE:
        rounded = [round_count(rounding, to, value) for value in hands]
        mine = round_count(rounding, to, own)
        value = max(sum(rounded) - mine, 0)
        if said:
            sums = " + ".join(map(str, rounded)) + (f" - {mine}" if own else "") + f" = {value}"
            text = _(_EACH_ROUNDED[rounding]).format(to=to, sums=sums)
    else:
        raw = sum(hands) - own
        value = max(raw, 0)
        if said:
            text = (" + ".join(map(str, hands)) or "0") + (f" - {own}" if own else "") + \
                (f" = {raw}" if len(hands) > 1 or own else "")
            if raw < 0:
                text = _("{sums}, counts 0").format(sums=text)
        if rounding is not Rounding.NONE:
            rounded = round_count(rounding, to, value)
            if said:
                text = _(_ROUNDED[rounding]).format(sums=text, to=to, rounded=rounded)
            value = rounded
    if divisor > 1:
        if said:
            text += f", / {divisor} = {value // divisor}"
        value //= divisor
    return HandCount(value, text)


def settle_hand(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    steps: list[Step] | None = [] if state.steps is not None else None  # no texts for a replay without them
    outcome = settle(ruleset, match, state.facts, state.side_hands, state.player_hands, steps)
    state.outcome, state.points = outcome, outcome.points  # set, not ``but``: every round of every replay
    if steps:
        state.steps = state.added(steps)
    return state


def settle(ruleset: Ruleset, match: Match, rnd: Round, side_hands: dict[str, int],
           player_hands: dict[str, int], steps: list[Step] | None) -> Outcome:
    """Who wins the hand and what the end-of-hand count gives them (and, under
    ``endhand.loser_writes_off``, what the sides left holding tiles write off).  ``steps``: where to say what
    was applied; None to say nothing."""
    outcome = _settle(ruleset, match, rnd, side_hands, player_hands, steps)
    if ruleset["endhand.loser_writes_off"] and outcome.winner:
        outcome = _write_off_own(ruleset, outcome, side_hands, steps)
    return outcome


def _write_off_own(ruleset: Ruleset, outcome: Outcome, side_hands: dict[str, int],
                   steps: list[Step] | None) -> Outcome:
    """004's Phone variant: a side left holding tiles writes its own pips off, rounded down."""
    points = dict(outcome.points)
    to, divisor = ruleset["endhand.round_to"], ruleset["endhand.divisor"]
    for name in outcome.losers:
        own = side_hands[name]
        lost = round_count(Rounding.DOWN, to, own) // divisor
        if not lost:
            if steps is not None:
                text = _("{side} holds {own}: rounded down to {to}, nothing to write off")
                steps.append(Step(name, "endhand.loser_writes_off", text.format(side=name, own=own, to=to)))
            continue
        points[name] -= lost
        if steps is None:
            continue
        down = round_count(Rounding.DOWN, to, own)
        text = _("{side} was left holding {own}, rounded down to {to}: {down}, / {divisor} = {lost}, written "
                 "off: -{lost}") if divisor > 1 else \
            _("{side} was left holding {own}, rounded down to {to}: {down}, written off: -{lost}")
        steps.append(Step(name, "endhand.loser_writes_off",
                          text.format(side=name, own=own, to=to, down=down, divisor=divisor, lost=lost)))
    return outcome._replace(points=points)


def _settle(ruleset: Ruleset, match: Match, rnd: Round, side_hands: dict[str, int],
            player_hands: dict[str, int], steps: list[Step] | None) -> Outcome:
    said = steps is not None
    seating = seats(match)
    names = seating.names
    line_total = sum(side_hands.values())
    if rnd.ending is OUT:
        winner = seating.side_of[rnd.out]
        count = _against(ruleset, match, (winner,), player_hands, 0, said)
        points = count.points if ruleset["endhand.out_pips"] else 0
        bonus = ruleset["endhand.out_bonus"]
        if not said:
            return _to(seating, winner, points + bonus, line_total)
        own_side = ruleset["endhand.own_side"]
        if not ruleset["endhand.out_pips"]:
            text = _("{player} went out").format(player=rnd.out)
        elif own_side:
            text = _("{player} went out: {side} scores every hand's pips, its own side's too, {count}").format(
                player=rnd.out, side=winner, count=count.text)
        else:
            text = _("{player} went out: {side} scores the opponents' pips, {count}").format(
                player=rnd.out, side=winner, count=count.text)
        if bonus:
            text = _("{said}; + {bonus} for going out (endhand.out_bonus) = {total}").format(
                said=text, bonus=bonus, total=points + bonus)
            points += bonus
        steps.append(Step(winner, "endhand.count", text))
        return _to(seating, winner, points, line_total)
    fewest = min(side_hands.values())
    level = tuple(name for name in names if side_hands[name] == fewest)
    single = ""
    if ruleset["fish.lowest_of"] is HandOf.PLAYER and match.is_pairs and player_hands:
        # The side of the lowest single hand wins, not the lowest sum (Jamaican partnership dominoes).
        lowest = min(player_hands.values())
        holders = [player for player, value in player_hands.items() if value == lowest]
        level = tuple(name for name in names if any(match.side_of(player).name == name for player in holders))
        single = ngettext("{players} holds the fewest pips ({fewest})", "{players} hold the fewest pips ({fewest})",
                          len(holders)).format(players=both(holders), fewest=lowest) if said else ""
        fewest = min(side_hands[name] for name in level)
    own = fewest if ruleset["endhand.fish_subtract"] else 0
    count = _against(ruleset, match, level, player_hands, own, said)
    if len(level) == 1:
        winner = level[0]
        if said:
            words = _FISH_SCORES[(bool(single), bool(ruleset["endhand.own_side"]), bool(own))]
            steps.append(Step(winner, "endhand.count", _(words).format(
                single=single, side=winner, fewest=fewest, count=count.text)))
        return _to(seating, winner, count.points, line_total)
    tie, key = tie_rule(ruleset, len(names), len(level))
    if steps is None:  # a rare round (a tie): said anyway, and dropped
        steps = []
    shown = both(level)
    if tie is FishTie.SPLIT:
        share, each = split(count.points, len(level))
        steps.append(Step(None, key, _("fish: {sides} tie for the fewest pips ({fewest}); they split the "
                                       "count ({count}): {each}").format(
                                         sides=shown, fewest=fewest, count=count.text, each=each)))
        return Outcome({name: share if name in level else 0 for name in names},
                       losers=tuple(n for n in names if n not in level), line_total=line_total)
    if tie is FishTie.EGGS:
        steps.append(Step(None, key, _("fish: {sides} tie for the fewest pips ({fewest}); the count "
                                              "({count}) is carried forward as eggs").format(
                                                sides=shown, fewest=fewest, count=count.text)))
        return Outcome({name: 0 for name in names}, tied_total=count.points, line_total=line_total)
    steps.append(Step(None, key, _("fish: {sides} tie for the fewest pips ({fewest}): nobody scores").format(
        sides=shown, fewest=fewest)))
    return Outcome({name: 0 for name in names}, line_total=line_total)


def _against(ruleset: Ruleset, match: Match, winners: tuple[str, ...], player_hands: dict[str, int],
             own: int, said: bool = True) -> HandCount:
    every = ruleset["endhand.own_side"]
    opponents = [player_hands[player] for side in match.sides if every or side.name not in winners
                 for player in side.players if player in player_hands]
    return count_hands(ruleset, opponents, own, said)


# What a fish's winner scores, by (the lowest single hand named, every hand counted, its own subtracted).
_FISH_SCORES = {
    (False, False, False): N_("fish: {side} holds the fewest pips ({fewest}) and scores the opponents' pips: {count}"),
    (False, False, True): N_("fish: {side} holds the fewest pips ({fewest}) and scores the opponents' pips minus its "
                             "own: {count}"),
    (False, True, False): N_("fish: {side} holds the fewest pips ({fewest}) and scores every hand's pips, its own "
                             "side's too: {count}"),
    (False, True, True): N_("fish: {side} holds the fewest pips ({fewest}) and scores every hand's pips, its own "
                            "side's too minus its own: {count}"),
    (True, False, False): N_("fish: {single}: {side} scores the opponents' pips: {count}"),
    (True, False, True): N_("fish: {single}: {side} scores the opponents' pips minus its own: {count}"),
    (True, True, False): N_("fish: {single}: {side} scores every hand's pips, its own side's too: {count}"),
    (True, True, True): N_("fish: {single}: {side} scores every hand's pips, its own side's too minus its own: "
                           "{count}"),
}


def _to(seating: Seats, winner: str, points: int, line_total: int) -> Outcome:
    return Outcome({name: points if name == winner else 0 for name in seating.names}, winner=winner,
                   losers=seating.others[winner], line_total=line_total)

