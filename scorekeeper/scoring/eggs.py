"""Eggs: points left by a tied fish, carried forward until a rule gives them to a side, or they rot."""

from typing import NamedTuple

from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import EggsTo
from scorekeeper.scoring.outcome import Outcome
from scorekeeper.scoring.table import Step


class Pot(NamedTuple):
    amount: int = 0
    age: int = 0
    """Rounds played since the eggs were last added to without being paid out."""


def pays_before_opening(ruleset: Ruleset) -> bool:
    """Eggs given to a round's loser count toward opening; eggs for the next recorder come after it."""
    return ruleset["eggs.to"] is not EggsTo.NEXT_RECORDER


def recipient(ruleset: Ruleset, pot: Pot, outcome: Outcome, recorded: dict[str, int] | None = None) -> str | None:
    """The side that receives the pot in this round, or None when the eggs stay."""
    if pot.amount == 0 or outcome.tied_total:
        return None
    rule = ruleset["eggs.to"]
    if rule is EggsTo.NEXT_RECORDER:
        if recorded is None:
            return None
        return _unique_top({name: value for name, value in recorded.items() if value > 0})
    if rule is EggsTo.LOSERS and outcome.losers:
        return _unique_top({name: outcome.points[name] for name in outcome.losers})
    return _unique_top({name: value for name, value in outcome.points.items() if value > 0})


def pay(ruleset: Ruleset, pot: Pot, side: str, steps: list[Step]) -> Pot:
    rule = ruleset["eggs.to"]
    steps.append(Step(side, "eggs.to", f"eggs: {side} receives the carried {pot.amount} ({rule.value})"))
    return Pot()


def carry(ruleset: Ruleset, pot: Pot, outcome: Outcome, paid: bool, steps: list[Step]) -> tuple[Pot, int]:
    """Add this round's tied total to the pot and age the eggs; returns the new pot and what rotted."""
    if outcome.tied_total:
        if not pot.amount:
            return Pot(outcome.tied_total, 0), 0
        # A tied fish is another round in which nobody won the eggs already carried: they age (and may rot)
        # before the new eggs join them.
        aged, rotten = _age(ruleset, pot, steps, quiet=True)
        total = aged.amount + outcome.tied_total
        if aged.amount:
            steps.append(Step(None, "fish.tie", f"eggs: {outcome.tied_total} added to the carried "
                                                f"{aged.amount}, now {total}"))
        return Pot(total, aged.age), rotten
    if paid or pot.amount == 0:
        return pot, 0
    return _age(ruleset, pot, steps)


def _age(ruleset: Ruleset, pot: Pot, steps: list[Step], quiet: bool = False) -> tuple[Pot, int]:
    """One more round without the eggs being won: they rot after ``eggs.rot_after`` such rounds."""
    age = pot.age + 1
    limit = ruleset["eggs.rot_after"]
    if limit and age >= limit:
        steps.append(Step(None, "eggs.rot_after", f"eggs: {pot.amount} unclaimed after {age} rounds are "
                                                  "rotten and dropped"))
        return Pot(), pot.amount
    if not quiet:
        steps.append(Step(None, "eggs.to", f"eggs: nobody qualified this round; {pot.amount} stay carried"))
    return Pot(pot.amount, age), 0


def _unique_top(values: dict[str, int]) -> str | None:
    if not values:
        return None
    best = max(values.values())
    found = [name for name, value in values.items() if value == best]
    return found[0] if len(found) == 1 else None
