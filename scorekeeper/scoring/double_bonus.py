"""Stage ``add_bonuses``: bonuses for leading or finishing a round with 6-6 or 0-0, added to the losers (000's
pairs Goat).  Keys read: ``bonus.lead_six_six``, ``bonus.lead_zero_zero``, ``bonus.finish_six_six``,
``bonus.finish_zero_zero`` (each the bonus, 0: none)."""

from __future__ import annotations


from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Step
from scorekeeper.domain.tiles import Tile

_LEAD = {Tile(6, 6): "bonus.lead_six_six", Tile(0, 0): "bonus.lead_zero_zero"}
_FINISH = {Tile(6, 6): "bonus.finish_six_six", Tile(0, 0): "bonus.finish_zero_zero"}


def add_bonuses(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    steps: list[Step] = []
    notes: list[str] = []
    outcome = _with_bonuses(ruleset, state.facts, state.outcome, steps, notes)
    return state.but(outcome=outcome, points=outcome.points, steps=state.added(steps),
                     notes=state.notes + tuple(notes))


def _with_bonuses(ruleset: Ruleset, rnd: Round, outcome: Outcome, steps: list[Step], notes: list[str]) -> Outcome:
    """The outcome with every applicable bonus added to each losing side (or to the eggs when nobody lost)."""
    lead_on = any(ruleset[key] for key in _LEAD.values())
    finish_on = any(ruleset[key] for key in _FINISH.values())
    if not lead_on and not finish_on:
        return outcome
    found = []
    if lead_on:
        if rnd.led is None and not rnd.plain_led:
            notes.append("the lead was not recorded ('led TILE' or --led): the bonus for leading 6-6 or 0-0 could "
                         "not be applied")
        elif rnd.led in _LEAD and ruleset[_LEAD[rnd.led]]:
            found.append((_LEAD[rnd.led], ruleset[_LEAD[rnd.led]], f"the round was led with {rnd.led}"))
    if finish_on and rnd.ending is OUT:
        if not rnd.last and not rnd.plain_last:
            notes.append(f"{rnd.out}'s last tile was not recorded ('out on TILE' or --last): the bonus for "
                         "finishing with 6-6 or 0-0 could not be applied")
        for tile in rnd.last:
            if tile in _FINISH and ruleset[_FINISH[tile]]:
                found.append((_FINISH[tile], ruleset[_FINISH[tile]], f"{rnd.out} went out with {tile}"))
    if not found:
        return outcome
    points = dict(outcome.points)
    tied = outcome.tied_total
    for key, bonus, why in found:
        if outcome.losers:
            for loser in outcome.losers:
                points[loser] += bonus
            steps.append(Step(None, key, f"{why}: {bonus} added to {' and '.join(outcome.losers)}"))
        elif tied:
            tied += bonus
            steps.append(Step(None, key, f"{why}: nobody lost this round, so the {bonus} go into the eggs"))
        else:
            steps.append(Step(None, key, f"{why}: nobody lost this round, so the {bonus} are not given"))
    return outcome._replace(points=points, tied_total=tied)
