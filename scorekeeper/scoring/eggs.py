"""The eggs stages: points left by a tied fish, carried forward until a rule gives them to a side, or they rot.

- ``pay_toward_opening`` (before the opening rule): the eggs join the receiving side's round points, so they
  count toward its opening;
- ``pay_to_recorder`` (after the opening rule and the write-off): the eggs go to a side that recorded;
- ``carry_eggs`` (last): a tied fish adds its total to the pot; eggs nobody won age, and rot.

Which of the two payments a ruleset uses is ``counts_toward_opening``: the pipeline gates both on it.
- ``keep_unopened_eggs`` (after the opening rule, ``eggs.toward_opening``): eggs offered to a winner that
  still could not open stay carried;
- ``check_egg_lead`` (``eggs.lead``): a round led with another tile than those while eggs are carried is a
  wrong lead, and a note says so.

Keys read: ``eggs.to`` (who receives them), ``eggs.toward_opening``, ``eggs.lead``, ``eggs.rot_after``
(rounds until they rot).
"""

from __future__ import annotations

from scorekeeper.domain.facts import Match
from scorekeeper.errors import either
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import EggsTo
from scorekeeper.scoring.lead import egg_leads
from scorekeeper.scoring.state import Account, Outcome, Pot, RoundState
from scorekeeper.scoring.table import Step


EMPTY = Pot()


def counts_toward_opening(ruleset: Ruleset) -> bool:
    """Eggs given to a round's loser count toward opening; eggs for the next recorder come after it, unless
    ``eggs.toward_opening`` makes them count toward the round winner's opening too."""
    return ruleset["eggs.to"] is not EggsTo.NEXT_RECORDER or bool(ruleset["eggs.toward_opening"])


def waits_for_opening(ruleset: Ruleset) -> bool:
    """Eggs offered to the round's winner toward its opening stay carried when it does not open even so."""
    return ruleset["eggs.to"] is EggsTo.NEXT_RECORDER and bool(ruleset["eggs.toward_opening"])


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
    # Eggs offered toward an opening stay in the pot until the opening rule has said (keep_unopened_eggs).
    return state.but(points=points, eggs_paid=pot.amount, eggs_paid_to=side,
                     pot=pot if waits_for_opening(ruleset) else EMPTY,
                     steps=state.added((paid(ruleset, pot, side),)))


def keep_unopened_eggs(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """After the opening rule: a winner that opened (or held points) keeps the eggs; one that could not open
    even with them leaves them carried (rules.md §3.7)."""
    side = state.eggs_paid_to
    if not side:
        return state
    if state.recorded[side]:
        return state.but(pot=EMPTY)
    eggs = state.eggs_paid
    points, dropped = dict(state.points), dict(state.dropped)
    points[side] -= eggs
    dropped[side] = max(dropped[side] - eggs, 0)
    step = Step(side, "eggs.toward_opening", _("eggs: {side} could not open even with the {eggs} eggs "
                                               "({points} + {eggs}): they stay carried").format(
                                                 side=side, eggs=eggs, points=points[side]))
    return state.but(points=points, dropped=dropped, eggs_paid=0, eggs_paid_to=None,
                     steps=state.added((step,)))


def check_egg_lead(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """While eggs are carried the round is led from ``eggs.lead`` (1-1): another recorded lead is a wrong
    lead, and the table says so (it is scored as recorded)."""
    led = state.facts.led
    if not state.pot.amount or led is None:
        return state
    tiles = egg_leads(ruleset)
    if led in tiles:
        return state
    note = Message.of(N_("{led} was led while eggs (+{eggs}) were carried: the eggs are played from {tiles} "
                         "(eggs.lead), so it was a wrong lead; the round is scored as recorded"),
                      led=led, eggs=state.pot.amount, tiles=either(tiles))
    return state.but(notes=state.notes + (note,))


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
                     eggs_paid_to=side, pot=EMPTY, steps=state.added((paid(ruleset, pot, side),)))


def carry_eggs(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """A tied fish adds to the pot; eggs that stayed another round age, and may rot."""
    if not state.pot.amount and not state.outcome.tied_total:
        return state
    steps: list[Step] = []
    pot, rotten = carry(ruleset, state.pot, state.outcome, state.eggs_paid_to is not None, steps)
    return state.but(pot=pot, eggs_rotten=rotten, steps=state.added(steps))


def recipient(ruleset: Ruleset, pot: Pot, outcome: Outcome, recorded: dict[str, int] | None = None) -> str | None:
    """The side that receives the pot in this round, or None when the eggs stay."""
    if pot.amount == 0 or outcome.tied_total:
        return None
    rule = ruleset["eggs.to"]
    if rule is EggsTo.NEXT_RECORDER:
        if recorded is None:  # before the opening rule: the round's winner, when the eggs count toward it
            if ruleset["eggs.toward_opening"] and outcome.winner and outcome.points.get(outcome.winner, 0) > 0:
                return outcome.winner
            return None
        return _unique_top({name: value for name, value in recorded.items() if value > 0})
    if rule is EggsTo.LOSERS and outcome.losers:
        return _unique_top({name: outcome.points[name] for name in outcome.losers})
    if rule is EggsTo.WINNERS:
        if outcome.winner:
            return outcome.winner
        others = [name for name in outcome.points if name not in outcome.losers]
        return others[0] if outcome.losers and len(others) == 1 else None
    return _unique_top({name: value for name, value in outcome.points.items() if value > 0})


def paid(ruleset: Ruleset, pot: Pot, side: str) -> Step:
    """The step that says who received the pot."""
    rule = ruleset["eggs.to"]
    return Step(side, "eggs.to", _("eggs: {side} receives the carried {eggs} ({rule})").format(
        side=side, eggs=pot.amount, rule=rule.value))


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
            steps.append(Step(None, "fish.tie", _("eggs: {tied} added to the carried {eggs}, "
                                                  "now {total}").format(
                                                    tied=outcome.tied_total, eggs=aged.amount, total=total)))
        return Pot(total, aged.age), rotten
    if paid or pot.amount == 0:
        return pot, 0
    return _age(ruleset, pot, steps)


def _age(ruleset: Ruleset, pot: Pot, steps: list[Step], quiet: bool = False) -> tuple[Pot, int]:
    """One more round without the eggs being won: they rot after ``eggs.rot_after`` such rounds."""
    age = pot.age + 1
    limit = ruleset["eggs.rot_after"]
    if limit and age >= limit:
        steps.append(Step(None, "eggs.rot_after", ngettext(
            "eggs: {eggs} unclaimed after {n} round are rotten and dropped",
            "eggs: {eggs} unclaimed after {n} rounds are rotten and dropped", age).format(eggs=pot.amount, n=age)))
        return Pot(), pot.amount
    if not quiet:
        steps.append(Step(None, "eggs.to", _("eggs: nobody qualified this round; {eggs} stay carried").format(
            eggs=pot.amount)))
    return Pot(pot.amount, age), 0


def _unique_top(values: dict[str, int]) -> str | None:
    if not values:
        return None
    best = max(values.values())
    found = [name for name, value in values.items() if value == best]
    return found[0] if len(found) == 1 else None
