"""A round's scoring, as data: ``STAGES`` is the order in which every round is scored.

Each stage is a pure function ``(ruleset, match, state) -> state`` in its own module, over one
``state.RoundState`` value; its module's docstring names the ruleset keys it reads.  A stage that a
ruleset cannot need is gated off once per replay (``when``); such optional stages are named by
``"module.function"`` and their modules imported only for the rulesets that switch them on.  Every rule a
stage applies is recorded as a ``Step`` (and every rule it could not apply as a note), which is what
``explain`` shows: the explanation comes from the code that scores.  Steps are recorded only when asked for
(``explain=True``): the table needs the numbers alone, and the steps' texts cost more than the sums.
"""

from __future__ import annotations

import importlib
from typing import Callable, Mapping, NamedTuple

from scorekeeper.domain.facts import Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishPolicy, SixSix, WriteOff
from scorekeeper.scoring import eggs, hands, opening, outcome, race, remembered
from scorekeeper.scoring.state import Account, Pot, RoundState
from scorekeeper.scoring.table import RoundResult

StageFunction = Callable[[Ruleset, Match, RoundState], RoundState]


def _always(ruleset: Ruleset) -> bool:
    return True


class Stage(NamedTuple):
    run: StageFunction | str
    """The stage, or ``"module.function"`` under ``scorekeeper.scoring`` for an optional one."""
    when: Callable[[Ruleset], bool] = _always
    """Whether a ruleset can need the stage at all (asked once per replay)."""

    def load(self) -> StageFunction:
        if not isinstance(self.run, str):
            return self.run
        module, function = self.run.rsplit(".", 1)
        return getattr(importlib.import_module(f"scorekeeper.scoring.{module}"), function)


def _bonuses_on(ruleset: Ruleset) -> bool:
    return bool(ruleset["bonus.lead_six_six"] or ruleset["bonus.lead_zero_zero"] or ruleset["bonus.finish_six_six"]
                or ruleset["bonus.finish_zero_zero"])


def _hundred_possible(ruleset: Ruleset) -> bool:
    """On the hundred by leading 6-6, or owed after a 6-6 finish that did not win."""
    return bool(ruleset["hundred.enabled"]) or ruleset["finish.six_six"] is SixSix.WINS_OR_HUNDRED


def _wipes_possible(ruleset: Ruleset) -> bool:
    return bool(ruleset["opening.wipe_on_out"]) or (ruleset["fish.policy"] is FishPolicy.MOST_TAKES_ALL
                                                    and not ruleset["endhand.count"])


def _finishing_on(ruleset: Ruleset) -> bool:
    return bool(ruleset["finish.zero_zero_wins"] or ruleset["finish.two_doubles_wins"]
                or ruleset["finish.six_six"] is not SixSix.NONE)


STAGES: tuple[Stage, ...] = (
    Stage(hands.count_hands),                           # each side's hand value, special hands
    Stage(eggs.check_egg_lead, lambda rules: bool(rules["eggs.lead"])),  # eggs are led from 1-1: else say so
    Stage(outcome.take, lambda rules: not rules["endhand.count"] and not rules["count.hand_won"]),  # who takes
    # what: out, fish policy, ties; or the end-of-hand count; or only the hand won scores (Jamaican)
    Stage("endhand.settle_hand", lambda rules: bool(rules["endhand.count"]) and not rules["count.hand_won"]),
    Stage("handswon.take_hand_won", lambda rules: bool(rules["count.hand_won"])),
    Stage("blocker.multiply_blocker", lambda rules: rules["count.blocker_multiplier"] != 1),
    Stage("double_bonus.add_bonuses", _bonuses_on),    # 6-6 / 0-0 led or finished: bonus to the losers
    Stage("hundred.play_on_hundred", _hundred_possible),  # a round on the hundred: match won, or points lost
    Stage(eggs.pay_toward_opening, eggs.counts_toward_opening),  # eggs that count toward the opening
    Stage(remembered.wipe_remembered, _wipes_possible),  # going out / fish for one wipes remembered points
    Stage(race.play_hand),                              # claims during play, then the end points, to the target
    Stage(opening.record_opening),                      # the opening threshold: recorded, remembered or dropped
    Stage(eggs.keep_unopened_eggs, eggs.waits_for_opening),  # eggs offered to a winner that did not open stay
    Stage("writeoff.write_off", lambda rules: rules["opening.write_off"] is not WriteOff.NONE),
    Stage(eggs.pay_to_recorder, lambda rules: not eggs.counts_toward_opening(rules)),  # eggs for a recorder
    Stage("finishing.finish", _finishing_on),           # 0-0 / 6-6 / two doubles going out
    Stage("fisherman.fisherman_notes", lambda rules: bool(rules["fish.fisherman_notes"])),
    Stage(eggs.carry_eggs),                             # a tied fish adds to the pot; unclaimed eggs age, rot
)


def stages_for(ruleset: Ruleset) -> tuple[StageFunction, ...]:
    """The stages this ruleset's rounds go through, in order."""
    return tuple(stage.load() for stage in STAGES if stage.when(ruleset))


def score_round(ruleset: Ruleset, match: Match, rnd: Round, number: int, previous: RoundResult | None,
                accounts: Mapping[str, Account], pot: Pot, stages: tuple[StageFunction, ...] | None = None,
                explain: bool = False) -> tuple[RoundResult, Mapping[str, Account], Pot]:
    """Score one round from the accounts and eggs before it: its result, the accounts and eggs after it.
    ``explain``: record every rule applied in the result's ``steps`` (else they are None)."""
    state = RoundState.start(number, rnd, previous, accounts, pot, explain)
    for stage in stages if stages is not None else stages_for(ruleset):
        state = stage(ruleset, match, state)
    return state.result(), state.accounts, state.pot  # no stage changes a mapping it holds: no copy
