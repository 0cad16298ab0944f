"""A round's scoring, as data: ``STAGES`` is the order in which every round is scored.

Each stage is a function ``(ruleset, match, state) -> state`` in its own module, over the round's one
``state.RoundState``; its module's docstring names the ruleset keys it reads.  A stage that a ruleset cannot
need is gated off once per replay by a named predicate (``when``), and its module imported only for the
rulesets that switch it on.  Who takes what from a round is one choice, not a gate: ``who_takes`` names the
one stage that says it for a ruleset.  Every rule a stage applies is recorded as a ``Step`` (and every rule
it could not apply as a note), which is what ``explain`` shows: the explanation comes from the code that
scores.  The steps are kept only when asked for (``explain=True``): the table needs the numbers alone.
"""

import importlib
from enum import Enum
from typing import Callable, Mapping, NamedTuple

from scorekeeper.domain.facts import Match, Round
from scorekeeper.domain.memo import once_per
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishPolicy, SixSix, WriteOff
from scorekeeper.scoring.eggs import counts_toward_opening, waits_for_opening
from scorekeeper.scoring.state import Account, Pot, RoundState
from scorekeeper.scoring.table import RoundResult

StageFunction = Callable[[Ruleset, Match, RoundState], RoundState]


class Taker(Enum):
    """Who takes what from a round: each ruleset has exactly one of these rules (``who_takes``), the stage
    named by its value."""

    OUT_OR_FISH = "outcome.take"
    """The out and the fish policy (``count.who``, ``fish.policy``, ``fish.tie``): the Goat family."""
    END_OF_HAND = "endhand.settle_hand"
    """The end-of-hand count of the points races (``endhand.count``)."""
    HAND_WON = "handswon.take_hand_won"
    """Only the hand won scores, a fixed number (``count.hand_won``, Jamaican dominoes)."""


def who_takes(ruleset: Ruleset) -> Taker:
    """The rule that says who takes what from this ruleset's rounds (``count.hand_won`` comes first: its
    winner of a fish is found by the ruleset's own fish rule, which may be the end-of-hand count)."""
    if ruleset["count.hand_won"]:
        return Taker.HAND_WON
    if ruleset["endhand.count"]:
        return Taker.END_OF_HAND
    return Taker.OUT_OR_FISH


def always(ruleset: Ruleset) -> bool:
    return True


def eggs_led_from_a_tile(ruleset: Ruleset) -> bool:
    return bool(ruleset["eggs.lead"])


def blocker_multiplied(ruleset: Ruleset) -> bool:
    return ruleset["count.blocker_multiplier"] != 1


def bonuses_on(ruleset: Ruleset) -> bool:
    return bool(ruleset["bonus.lead_six_six"] or ruleset["bonus.lead_zero_zero"] or ruleset["bonus.finish_six_six"]
                or ruleset["bonus.finish_zero_zero"])


def hundred_possible(ruleset: Ruleset) -> bool:
    """On the hundred by leading 6-6, or owed after a 6-6 finish that did not win."""
    return bool(ruleset["hundred.enabled"]) or ruleset["finish.six_six"] is SixSix.WINS_OR_HUNDRED


def wipes_possible(ruleset: Ruleset) -> bool:
    """Going out wipes the finisher's remembered points, or a fish for one wipes the others'."""
    return bool(ruleset["opening.wipe_on_out"]) or (who_takes(ruleset) is Taker.OUT_OR_FISH
                                                    and ruleset["fish.policy"] is FishPolicy.MOST_TAKES_ALL)


def eggs_to_recorder(ruleset: Ruleset) -> bool:
    return not counts_toward_opening(ruleset)


def writes_off(ruleset: Ruleset) -> bool:
    return ruleset["opening.write_off"] is not WriteOff.NONE


def finishing_doubles_on(ruleset: Ruleset) -> bool:
    return bool(ruleset["finish.zero_zero_wins"] or ruleset["finish.two_doubles_wins"]
                or ruleset["finish.six_six"] is not SixSix.NONE)


def fisherman_noted(ruleset: Ruleset) -> bool:
    return bool(ruleset["fish.fisherman_notes"])


class Stage(NamedTuple):
    """One step of a round's scoring, and the rulesets that can need it."""

    run: str | Callable[[Ruleset], Taker]
    """The stage, ``"module.function"`` under ``scorekeeper.scoring``; or ``who_takes``, which names it for
    each ruleset (a ``Taker``)."""
    when: Callable[[Ruleset], bool] = always
    """Whether a ruleset can need the stage at all (asked once per replay)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every ``"module.function"`` the stage may run."""
        return (self.run,) if isinstance(self.run, str) else tuple(taker.value for taker in Taker)

    def function_for(self, ruleset: Ruleset) -> StageFunction:
        name = self.run if isinstance(self.run, str) else self.run(ruleset).value
        module, function = name.rsplit(".", 1)
        return getattr(importlib.import_module(f"scorekeeper.scoring.{module}"), function)


STAGES: tuple[Stage, ...] = (
    Stage("hands.count_hands"),                           # each side's hand value, special hands
    Stage("eggs.check_egg_lead", eggs_led_from_a_tile),   # eggs are led from 1-1: a note when another tile was
    Stage(who_takes),                                     # who takes what: the out and the fish policy, or the
                                                          # end-of-hand count, or only the hand won scores
    Stage("blocker.multiply_blocker", blocker_multiplied),  # 003: the blocker's points counted several times
    Stage("double_bonus.add_bonuses", bonuses_on),        # 6-6 / 0-0 led or finished: a bonus to the losers
    Stage("hundred.play_on_hundred", hundred_possible),   # a round on the hundred: match won, or points lost
    Stage("eggs.pay_toward_opening", counts_toward_opening),  # eggs that count toward the opening (eggs.to:
                                                          # biggest-loser, losers; or eggs.toward_opening)
    Stage("remembered.wipe_remembered", wipes_possible),  # going out, a fish for one: remembered points wiped
    Stage("race.play_hand"),                              # claims during play, then the end points, to the target
    Stage("opening.record_opening"),                      # the opening threshold: recorded, remembered, dropped
    Stage("eggs.keep_unopened_eggs", waits_for_opening),  # eggs offered to a winner that did not open stay
    Stage("writeoff.write_off", writes_off),              # only one side holds points: the others written off
    Stage("eggs.pay_to_recorder", eggs_to_recorder),      # eggs for the side that recorded (next-recorder)
    Stage("finishing.finish", finishing_doubles_on),      # going out on 0-0, 6-6, two doubles at once
    Stage("fisherman.fisherman_notes", fisherman_noted),  # 004's fisherman conditions, as notes
    Stage("eggs.carry_eggs"),                             # a tied fish adds to the eggs; unclaimed eggs age, rot
)


def stages_for(ruleset: Ruleset) -> tuple[StageFunction, ...]:
    """The stages this ruleset's rounds go through, in order: worked out once per ruleset (the live session
    replays a round several times an answer, to see what a question could change)."""
    return once_per(_STAGES_OF, ruleset, _stages_of, ruleset)


_STAGES_OF: dict = {}


def _stages_of(ruleset: Ruleset) -> tuple[StageFunction, ...]:
    return tuple(stage.function_for(ruleset) for stage in STAGES if stage.when(ruleset))


def score_round(ruleset: Ruleset, match: Match, rnd: Round, number: int, previous: RoundResult | None,
                accounts: Mapping[str, Account], pot: Pot, stages: tuple[StageFunction, ...] | None = None,
                explain: bool = False) -> tuple[RoundResult, Mapping[str, Account], Pot]:
    """Score one round from the accounts and eggs before it: its result, the accounts and eggs after it.
    ``explain``: record every rule applied in the result's ``steps`` (else they are None)."""
    state = RoundState.start(number, rnd, previous, accounts, pot, explain)
    for stage in stages if stages is not None else stages_for(ruleset):
        state = stage(ruleset, match, state)
    return state.result(), state.accounts, state.pot
