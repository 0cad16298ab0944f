"""Stage ``take``: who takes what from a round (the out, and every fish policy, for losers' and winners' counts).

Keys read: ``count.who`` (every losing side records its own hand, or the winner takes the losers' hands),
``fish.policy`` (who records what on a fish), ``fish.tie`` and ``fish.tie_three`` (level sides on a fish:
eggs, nobody scores, or split).  Rulesets with ``endhand.count`` take ``endhand.settle_hand`` instead.
"""

from __future__ import annotations

from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import Count, FishPolicy, FishTie
from scorekeeper.scoring.fishtie import split, tie_rule
from scorekeeper.i18n.message import both
from scorekeeper.scoring.seats import Seats, seats
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Step


def take(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    steps: list[Step] | None = [] if state.steps is not None else None  # no texts for a replay without them
    outcome = allocate(ruleset, match, state.facts, state.side_hands, steps)
    return state.but(outcome=outcome, points=outcome.points, steps=state.added(steps))


def allocate(ruleset: Ruleset, match: Match, rnd: Round, hands: dict[str, int],
             steps: list[Step] | None) -> Outcome:
    """Decide each side's points from the sides' hand values (already special-hand adjusted).  ``steps``: where
    to say what was applied; None to say nothing."""
    seating = seats(match)
    names = seating.names
    line_total = sum(hands.values())
    if rnd.ending is OUT:
        finisher = seating.side_of[rnd.out]
        if ruleset["count.who"] is Count.WINNER:
            return _winner_takes(seating, finisher, hands, line_total, steps)
        if steps is not None:
            steps.append(_losers_count())
        return Outcome(dict(hands), finisher, seating.others[finisher], line_total=line_total)
    policy = ruleset["fish.policy"]
    if policy is FishPolicy.EACH:
        if steps is not None:
            steps.append(_fish_for_everyone())
        if ruleset["count.who"] is Count.WINNER:
            lowest = _unique(hands, min)
            return _winner_takes(seating, lowest, hands, line_total, steps) if lowest else \
                _tie(ruleset, names, hands, line_total, steps)
        return Outcome(dict(hands), losers=names, line_total=line_total)
    if policy is FishPolicy.FISHERMAN_PAYS:
        payer = seating.side_of[rnd.fisher]
        others = line_total - hands[payer]
        if steps is not None:
            steps.append(Step(payer, "fish.policy", _("fisherman pays: {side} made the fish and takes all the "
                                                      "other players' points, {others}").format(
                                                        side=payer, others=others)))
        points = {name: others if name == payer else 0 for name in names}
        return Outcome(points, losers=(payer,), line_total=others)
    if policy is FishPolicy.MOST_TAKES_ALL:
        top = _unique(hands, max)
        if top is None:
            return _tie(ruleset, names, hands, line_total, steps, "most")
        if steps is not None:
            steps.append(Step(top, "fish.policy", _("fish for one: {side} has the most ({hand}) and takes "
                                                    "the total of all hands, {total}").format(
                                                      side=top, hand=hands[top], total=line_total)))
        points = {name: line_total if name == top else 0 for name in names}
        return Outcome(points, losers=(top,), wipe_remembered=seating.others[top], line_total=line_total)
    # lower-wins: the lowest hand wins the round.
    lowest = _unique(hands, min)
    if lowest is None:
        return _tie(ruleset, names, hands, line_total, steps, "fewest")
    if steps is not None:
        steps.append(Step(lowest, "fish.policy", _("fish: {side} has the lowest hand ({hand}) and wins the "
                                                   "round").format(side=lowest, hand=hands[lowest])))
    if ruleset["count.who"] is Count.WINNER:
        return _winner_takes(seating, lowest, hands, line_total, steps)
    points = {name: 0 if name == lowest else hands[name] for name in names}
    return Outcome(points, winner=lowest, losers=seating.others[lowest], line_total=line_total)


def _losers_count() -> Step:
    # built when said, not at import: a constant would keep the language of the first import
    return Step(None, "count.who", _("losers' count: every side records its own hand"))


def _fish_for_everyone() -> Step:
    return Step(None, "fish.policy", _("fish for everyone: every side counts its own hand"))


def _winner_takes(seating: Seats, winner: str, hands: dict[str, int], line_total: int,
                  steps: list[Step] | None) -> Outcome:
    taken = line_total - hands[winner]
    if steps is not None:
        steps.append(Step(winner, "count.who", _("winners' count: {side} takes the losers' hands, "
                                                   "{taken}").format(side=winner, taken=taken)))
    points = dict.fromkeys(seating.names, 0)
    points[winner] = taken
    return Outcome(points, winner, seating.others[winner], line_total=line_total)


def _tie(ruleset: Ruleset, names: list[str], hands: dict[str, int], line_total: int, steps: list[Step] | None,
         what: str = "fewest") -> Outcome:
    if steps is None:  # a rare round: said anyway, and dropped
        steps = []
    level = sorted(name for name in names if hands[name] == (max if what == "most" else min)(hands.values()))
    tie, key = tie_rule(ruleset, len(names), len(level))
    shown = both(level)
    if tie is FishTie.EGGS:
        text = _("{sides} tie for the most ({hand}): the whole {total} is carried forward as eggs") \
            if what == "most" else \
            _("{sides} tie for the fewest ({hand}): the whole {total} is carried forward as eggs")
        steps.append(Step(None, key, text.format(sides=shown, hand=hands[level[0]], total=line_total)))
        return Outcome({name: 0 for name in names}, tied_total=line_total, line_total=line_total)
    if tie is FishTie.SPLIT:
        share, each = split(line_total, len(level))
        text = _("{sides} tie for the most: they split {total}, {each}") if what == "most" else \
            _("{sides} tie for the fewest: they split {total}, {each}")
        steps.append(Step(None, key, text.format(sides=shown, total=line_total, each=each)))
        return Outcome({name: share if name in level else 0 for name in names}, line_total=line_total)
    text = _("{sides} tie for the most: nobody scores") if what == "most" else \
        _("{sides} tie for the fewest: nobody scores")
    steps.append(Step(None, key, text.format(sides=shown)))
    return Outcome({name: 0 for name in names}, line_total=line_total)


def _unique(values: dict[str, int], pick) -> str | None:
    best = pick(values.values())
    found = [name for name, value in values.items() if value == best]
    return found[0] if len(found) == 1 else None
