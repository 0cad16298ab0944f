"""Stage ``multiply_blocker``: 003's block game counts the blocker's points several times.

Key read: ``count.blocker_multiplier``: the player who made the last play of a blocked round (recorded as
the fisher) has their points counted that many times unless they hold the fewest points (the stage runs
only when it is not 1).
"""

from __future__ import annotations


from scorekeeper.domain.facts import FISH, Match
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.state import RoundState
from scorekeeper.scoring.table import Step


def multiply_blocker(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    factor = ruleset["count.blocker_multiplier"]
    rnd = state.facts
    if factor == 1 or rnd.ending is not FISH or not rnd.fisher:
        return state
    side = match.side_of(rnd.fisher).name
    outcome = state.outcome
    points = dict(outcome.points)
    fewest = min(points.values())
    if points[side] <= fewest:
        step = Step(side, "count.blocker_multiplier", _(
            "{player} made the last play and holds the fewest points ({points}): counted once").format(
            player=rnd.fisher, points=points[side]))
        return state.but(steps=state.added((step,)))
    step = Step(side, "count.blocker_multiplier", _(
        "{player} made the last play but does not hold the fewest points: {points} x {factor} = {total}").format(
        player=rnd.fisher, points=points[side], factor=factor, total=points[side] * factor))
    points[side] *= factor
    outcome = outcome._replace(points=points)
    return state.but(outcome=outcome, points=points, steps=state.added((step,)))
