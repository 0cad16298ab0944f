"""The eggs stages: points left by a tied fish, carried forward until a rule gives them to a side, or they rot.

- ``pay_toward_opening`` (before the opening rule): the eggs join the receiving side's round points, so they
  count toward its opening;
- ``pay_to_recorder`` (after the opening rule and the write-off): the eggs go to a side that recorded;
- ``carry_eggs`` (last): a tied fish adds its total to the pot; eggs nobody won age, and rot.

Which of the two payments a ruleset uses is ``counts_toward_opening``: the pipeline gates both on it, so a
key that says whether the eggs count toward the opening is read there and nowhere else (``recipient`` then
picks the round's winner for ``next-recorder`` before the opening, as it picks the top side for the others).
Keys read: ``eggs.to`` (who receives them), ``eggs.rot_after`` (rounds until they rot).
"""

from __future__ import annotations


from scorekeeper.facts import Match
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import EggsTo
from scorekeeper.scoring.state import Account, Outcome, Pot, RoundState
from scorekeeper.scoring.table import Step


EMPTY = Pot()


def counts_toward_opening(ruleset: Ruleset) -> bool:
    """Eggs given to a round's loser count toward opening; eggs for the next recorder come after it."""
    return ruleset["eggs.to"] is not EggsTo.NEXT_RECORDER


def pay_toward_opening(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The eggs join the receiving side's round points before the opening rule sees them."""
    pot = state.pot
    if not pot.amount:
        return state
    side = recipient(ruleset, pot, state.outcome)
    if not side:
        return state
    points = dict(state.points)
    points[side] += pot.amount
    return state.but(points=points, eggs_paid=pot.amount, eggs_paid_to=side, pot=EMPTY,
                     steps=state.steps + (paid(ruleset, pot, side),))


def pay_to_recorder(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The eggs go on top of what a side recorded (a record written off at once has not really recorded)."""
    pot = state.pot
    if not pot.amount:
        return state
    written_off = state.written_off
    kept = {name: value if not written_off.get(name) else 0 for name, value in state.recorded.items()}
    side = recipient(ruleset, pot, state.outcome, kept)
    if not side:
        return state
    points = dict(state.points)
    points[side] += pot.amount
    recorded = dict(state.recorded)
    recorded[side] += pot.amount
    accounts = dict(state.accounts)
    account = accounts[side]
    accounts[side] = Account(account.score + pot.amount, account.remembered)
    return state.but(points=points, recorded=recorded, accounts=accounts, eggs_paid=pot.amount,
                     eggs_paid_to=side, pot=EMPTY, steps=state.steps + (paid(ruleset, pot, side),))


def carry_eggs(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """A tied fish adds to the pot; eggs that stayed another round age, and may rot."""
    if not state.pot.amount and not state.outcome.tied_total:
        return state
    steps: list[Step] = []
    pot, rotten = carry(ruleset, state.pot, state.outcome, state.eggs_paid_to is not None, steps)
    return state.but(pot=pot, eggs_rotten=rotten, steps=state.steps + tuple(steps))


def recipient(ruleset: Ruleset, pot: Pot, outcome: Outcome, recorded: dict[str, int] | None = None) -> str | None:
    """The side that receives the pot in this round, or None when the eggs stay.

    ``recorded``: what each side recorded, when the eggs are paid after the opening rule; before it (None)
    the eggs go to the side that takes the most from the round (the losers' biggest, for ``losers``)."""
    if pot.amount == 0 or outcome.tied_total:
        return None
    rule = ruleset["eggs.to"]
    if rule is EggsTo.NEXT_RECORDER and recorded is not None:
        return _unique_top({name: value for name, value in recorded.items() if value > 0})
    if rule is EggsTo.LOSERS and outcome.losers:
        return _unique_top({name: outcome.points[name] for name in outcome.losers})
    return _unique_top({name: value for name, value in outcome.points.items() if value > 0})


def paid(ruleset: Ruleset, pot: Pot, side: str) -> Step:
    """The step that says who received the pot."""
    rule = ruleset["eggs.to"]
    return Step(side, "eggs.to", f"eggs: {side} receives the carried {pot.amount} ({rule.value})")


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
