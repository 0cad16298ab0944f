"""Stage ``add_bonuses``: bonuses for leading or finishing a round with 6-6 or 0-0, added to the losers (000's
pairs Goat).  Keys read: ``bonus.lead_six_six``, ``bonus.lead_zero_zero``, ``bonus.finish_six_six``,
``bonus.finish_zero_zero`` (each the bonus, 0: none)."""

from __future__ import annotations


from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.i18n import N_, _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.i18n.message import Message, both
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Step
from scorekeeper.domain.tiles import Tile

_LEAD = {Tile(6, 6): "bonus.lead_six_six", Tile(0, 0): "bonus.lead_zero_zero"}
_FINISH = {Tile(6, 6): "bonus.finish_six_six", Tile(0, 0): "bonus.finish_zero_zero"}
# what a bonus step says: to the losers, into the eggs, not given (each a whole sentence for the catalogs)
_LED_WITH = (N_("the round was led with {tile}: {bonus} added to {losers}"),
             N_("the round was led with {tile}: nobody lost this round, so the {bonus} go into the eggs"),
             N_("the round was led with {tile}: nobody lost this round, so the {bonus} are not given"))
_WENT_OUT_WITH = (N_("{side} went out with {tile}: {bonus} added to {losers}"),
                  N_("{side} went out with {tile}: nobody lost this round, so the {bonus} go into the eggs"),
                  N_("{side} went out with {tile}: nobody lost this round, so the {bonus} are not given"))


def add_bonuses(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    steps: list[Step] = []
    notes: list[Message] = []
    outcome = _with_bonuses(ruleset, state.facts, state.outcome, steps, notes)
    return state.but(outcome=outcome, points=outcome.points, steps=state.added(steps),
                     notes=state.notes + tuple(notes))


def _with_bonuses(ruleset: Ruleset, rnd: Round, outcome: Outcome, steps: list[Step], notes: list[Message]) -> Outcome:
    """The outcome with every applicable bonus added to each losing side (or to the eggs when nobody lost)."""
    lead_on = any(ruleset[key] for key in _LEAD.values())
    finish_on = any(ruleset[key] for key in _FINISH.values())
    if not lead_on and not finish_on:
        return outcome
    found = []
    if lead_on:
        if rnd.led is None and not rnd.plain_led:
            notes.append(Message.of(N_("the lead was not recorded ('led TILE' or --led): the bonus for leading 6-6 "
                                       "or 0-0 could not be applied"), NoteKind.NO_LEAD,
                                    N_("the lead was not recorded ('led TILE'): the bonus for leading 6-6 or 0-0 "
                                       "could not be applied")))
        elif rnd.led in _LEAD and ruleset[_LEAD[rnd.led]]:
            found.append((_LEAD[rnd.led], ruleset[_LEAD[rnd.led]], _LED_WITH, {"tile": rnd.led}))
    if finish_on and rnd.ending is OUT:
        if not rnd.last and not rnd.plain_last:
            notes.append(Message.of(N_("{side}'s last tile was not recorded ('out on TILE' or --last): the bonus "
                                       "for finishing with 6-6 or 0-0 could not be applied"), NoteKind.NO_LAST,
                                    N_("{side}'s last tile was not recorded ('out on TILE'): the bonus for "
                                       "finishing with 6-6 or 0-0 could not be applied"), side=rnd.out))
        for tile in rnd.last:
            if tile in _FINISH and ruleset[_FINISH[tile]]:
                found.append((_FINISH[tile], ruleset[_FINISH[tile]], _WENT_OUT_WITH,
                              {"side": rnd.out, "tile": tile}))
    if not found:
        return outcome
    points = dict(outcome.points)
    tied = outcome.tied_total
    for key, bonus, said, fields in found:
        if outcome.losers:
            for loser in outcome.losers:
                points[loser] += bonus
            text = _(said[0]).format(bonus=bonus, losers=both(outcome.losers), **fields)
        elif tied:
            tied += bonus
            text = _(said[1]).format(bonus=bonus, **fields)
        else:
            text = _(said[2]).format(bonus=bonus, **fields)
        steps.append(Step(None, key, text))
    return outcome._replace(points=points, tied_total=tied)
