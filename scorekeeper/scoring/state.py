"""The values a round's scoring passes from stage to stage (``pipeline.STAGES``), and what they become: the
round's state, each side's account and the eggs carried from round to round, and who takes what."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple

from scorekeeper.domain.facts import Round
from scorekeeper.scoring.table import Decision, RoundResult, SideRound, Step
from scorekeeper.domain.values import Frozen, set_field as _set

_NOTHING: Mapping = MappingProxyType({})


class Account(Frozen):
    """One side's running numbers: its ``score`` and its ``remembered`` points."""

    __slots__ = ("score", "remembered")
    score: int
    remembered: int

    def __init__(self, score: int = 0, remembered: int = 0) -> None:
        # Made for nearly every side in every round of a replay: the slots are set through their own
        # descriptors (set below), a quarter cheaper than set_field by name.
        _set_score(self, score)
        _set_remembered(self, remembered)


_set_score, _set_remembered = Account.score.__set__, Account.remembered.__set__  # type: ignore[attr-defined]


class Pot(Frozen):
    """The eggs carried: their ``amount``, and their ``age``, the rounds played since they were last added to
    without being paid out."""

    __slots__ = ("amount", "age")
    amount: int
    age: int

    def __init__(self, amount: int = 0, age: int = 0) -> None:
        _set(self, "amount", amount)
        _set(self, "age", age)


class Outcome(NamedTuple):
    points: dict[str, int]
    """Points each side takes from the round, before eggs and the opening rule."""
    winner: str | None = None
    """The side that won the round, if any."""
    losers: tuple[str, ...] = ()
    """The sides that lost the round."""
    tied_total: int = 0
    """Points left on the table by a tied fish (eggs, when the ruleset says so)."""
    wipe_remembered: tuple[str, ...] = ()
    """Sides whose remembered points this round wipes."""
    line_total: int = 0
    """All points counted in this round's hands."""


class RoundState(Frozen):
    """Everything known about one round while it is scored.  A stage never changes it: it returns a new
    one (``but``), and never changes a mapping it holds either (it builds a new one).  The fields below,
    with their defaults, are kept in the instance's ``__dict__``."""

    __slots__ = ("__dict__",)

    number: int = 0
    facts: Round = None  # type: ignore[assignment]
    previous: RoundResult | None = None
    """The result of the round before (None for the first round)."""
    accounts: Mapping[str, Account] = _NOTHING
    """Each side's score and remembered points, as the stages so far leave them."""
    pot: Pot = Pot()
    """The eggs carried into the round, as the stages so far leave them."""
    side_hands: Mapping[str, int] = _NOTHING
    """Each side's counted hand value (``hands``)."""
    player_hands: Mapping[str, int] = _NOTHING
    """Each counted player's own hand value."""
    outcome: Outcome | None = None
    """Who takes what from the round, before eggs, claims and the opening rule."""
    points: Mapping[str, int] = _NOTHING
    """What each side takes from the round so far (eggs and claims included once their stages ran)."""
    wiped: Mapping[str, int] = _NOTHING
    """Points each side lost to a rule (remembered points wiped, a score written off)."""
    recorded: Mapping[str, int] = _NOTHING
    """What the opening rule let each side record."""
    dropped: Mapping[str, int] = _NOTHING
    """Points under the opening threshold that were neither recorded nor remembered."""
    written_off: Mapping[str, int] = _NOTHING
    """Scores written off because another side recorded (``opening.write_off``)."""
    eggs_paid: int = 0
    eggs_paid_to: str | None = None
    eggs_rotten: int = 0
    hundred: str | None = None
    """The side that plays the round on the hundred."""
    decision: Decision | None = None
    """Set when a rule of this round decides the match whatever the scores."""
    owes_hundred: str | None = None
    """The player who must lead the next round with 6-6, on the hundred."""
    reached_first: str | None = None
    """The side that reached the target during play (``end.at_once``)."""
    steps: tuple[Step, ...] | None = ()
    """The rules applied so far, as ``explain`` shows them; None when the replay was not asked for them (the
    table alone needs none).  A stage adds its own with ``added``."""
    notes: tuple[str, ...] = ()

    def __init__(self, **fields) -> None:
        unknown = set(fields) - set(RoundState.FIELDS)
        if unknown:
            raise TypeError(f"RoundState has no field {', '.join(sorted(unknown))}")
        _set(self, "__dict__", {name: fields.get(name, getattr(RoundState, name)) for name in RoundState.FIELDS})

    @classmethod
    def start(cls, number: int, facts: Round, previous: RoundResult | None, accounts: Mapping[str, Account],
              pot: Pot, explain: bool = False) -> RoundState:
        """The state a round's first stage gets: nothing scored yet, nobody has lost or recorded anything.
        ``explain``: record the rules the stages apply (``steps``)."""
        zero = dict.fromkeys(accounts, 0)
        # Once a round: the defaults' fields copied and set one by one (cheaper than ``but``'s keywords).
        fields = _START.__dict__.copy()
        fields["number"], fields["facts"], fields["previous"] = number, facts, previous
        fields["accounts"], fields["pot"] = accounts, pot
        fields["wiped"] = fields["recorded"] = fields["dropped"] = zero
        if not explain:
            fields["steps"] = None
        new = _new(RoundState)
        _set_fields(new, fields)
        return new

    def but(self, **changes) -> RoundState:
        """A copy with ``changes``: what a stage returns."""
        # A stage returns a new state for every change it makes, so this is the fold's most frequent step:
        # copying the fields' dict is several times cheaper than dataclasses.replace (which runs __init__
        # and its object.__setattr__ per field again).
        new = _new(RoundState)
        _set_fields(new, {**self.__dict__, **changes})
        return new

    def added(self, steps) -> tuple[Step, ...] | None:
        """The steps so far and a stage's own ``steps`` (a list or a tuple, which may be None or empty): what
        the stage returns as ``steps``.  While the replay records none they are dropped.

        Text is made for a step even so, except where a step comes in nearly every round (``opening.record``,
        ``outcome.allocate``): those skip it when given None for their list, the rest keep it simple."""
        if not steps or self.steps is None:
            return self.steps
        return self.steps + tuple(steps)

    def result(self) -> RoundResult:
        """What the round leaves in the table."""
        outcome = self.outcome
        accounts = self.accounts
        hands, recorded, wiped, dropped = self.side_hands, self.recorded, self.wiped, self.dropped
        # Every field given, in order: the tuples are made directly (once per side and round in a replay).
        sides = []
        for name, value in self.points.items():
            account = accounts[name]
            sides.append(_tuple(SideRound, (name, hands[name], value, recorded[name], account.score,
                                            account.remembered, wiped[name], dropped[name])))
        return _tuple(RoundResult, (self.number, self.facts, tuple(sides), self.pot.amount, self.pot.age,
                                    outcome.tied_total, self.eggs_paid, self.eggs_paid_to, self.eggs_rotten,
                                    outcome.winner, self.steps, self.notes, self.decision, self.hundred,
                                    self.owes_hundred, self.reached_first))


RoundState.FIELDS = tuple(RoundState.__annotations__)
_new = object.__new__
_tuple = tuple.__new__
_set_fields = RoundState.__dict__["__dict__"].__set__
"""Sets a new state's fields dict through the ``__dict__`` slot's own descriptor (start and but, several times
a round: a quarter cheaper than set_field by name)."""
if len(RoundResult._fields) != 16 or len(SideRound._fields) != 8:  # RoundState.result fills every field
    raise ImportError("RoundState.result no longer fills every field of RoundResult/SideRound")
_START = RoundState()
