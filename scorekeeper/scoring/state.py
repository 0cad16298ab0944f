"""The values a round's scoring passes from stage to stage (``pipeline.STAGES``), and what they become: the
round's state, each side's account and the eggs carried from round to round, and who takes what."""

from typing import Mapping, NamedTuple

from scorekeeper.domain.facts import Round
from scorekeeper.i18n.message import Message
from scorekeeper.scoring.table import Decision, RoundResult, SideRound, Step, same_kind_eq, same_kind_ne


class Account(NamedTuple):
    """One side's running numbers: its ``score`` and its ``remembered`` points."""

    score: int = 0
    remembered: int = 0

    # Equal only to an Account: as plain tuples an empty Pot would equal a zero Account.
    __eq__, __ne__, __hash__ = same_kind_eq, same_kind_ne, tuple.__hash__


class Pot(NamedTuple):
    """The eggs carried: their ``amount``, and their ``age``, the rounds played since they were last added to
    without being paid out."""

    amount: int = 0
    age: int = 0

    __eq__, __ne__, __hash__ = same_kind_eq, same_kind_ne, tuple.__hash__


class Outcome(NamedTuple):
    """Who takes what from a round, as the stage that says it (``pipeline.who_takes``) decides."""

    points: Mapping[str, int]
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


class RoundState:
    """Everything known about one round while it is scored: the one working value of ``pipeline.score_round``,
    made for the round by ``start`` and dropped once its ``result`` is taken.

    It is not frozen, on purpose: each stage sets the fields it owns (``but``) on the round's one state, which
    it returns, rather than copying every field for each change.  As a working object it compares by identity
    and needs no ``__eq__`` or ``__repr__``: a plain class, whose one constructor is ``start`` (a dataclass
    would build its methods every time a command starts).  The mappings it holds are never changed: a
    stage that changes one builds a new one.  Each field below says which stages set it (``start`` makes the
    state); a test checks it against what the stages of ``pipeline.STAGES`` write."""

    number: int
    """The round's number in the match.  Set by ``start``."""
    facts: Round
    """The round's facts.  Set by ``start``."""
    previous: RoundResult | None
    """The result of the round before (None for the first round).  Set by ``start``."""
    accounts: Mapping[str, Account]
    """Each side's score and remembered points, as the stages so far leave them.  Set by ``start``,
    ``hundred.play_on_hundred``, ``remembered.wipe_remembered``, ``opening.record_opening``,
    ``writeoff.write_off``, ``eggs.pay_to_recorder``."""
    pot: Pot
    """The eggs carried, as the stages so far leave them.  Set by ``start``, ``eggs.pay_toward_opening``,
    ``eggs.keep_unopened_eggs``, ``eggs.pay_to_recorder``, ``eggs.carry_eggs``."""
    side_hands: Mapping[str, int]
    """Each side's counted hand value.  Set by ``hands.count_hands``."""
    player_hands: Mapping[str, int]
    """Each counted player's own hand value.  Set by ``hands.count_hands``."""
    outcome: Outcome | None
    """Who takes what from the round, before eggs, claims and the opening rule.  Set by ``outcome.take``,
    ``endhand.settle_hand`` or ``handswon.take_hand_won`` (the ruleset's choice: pipeline.who_takes), then
    ``blocker.multiply_blocker``, ``double_bonus.add_bonuses``."""
    points: Mapping[str, int]
    """What each side takes from the round so far (eggs and claims included once their stages ran).  Set by
    ``outcome.take``, ``endhand.settle_hand``, ``handswon.take_hand_won``, ``blocker.multiply_blocker``,
    ``double_bonus.add_bonuses``, ``eggs.pay_toward_opening``, ``race.play_hand``, ``eggs.keep_unopened_eggs``,
    ``eggs.pay_to_recorder``."""
    wiped: Mapping[str, int]
    """Points each side lost to a rule (remembered points wiped, a score written off).  Set by ``start``,
    ``hundred.play_on_hundred``, ``remembered.wipe_remembered``, ``writeoff.write_off``."""
    recorded: Mapping[str, int]
    """What the opening rule let each side record.  Set by ``start``, ``opening.record_opening``,
    ``eggs.pay_to_recorder``."""
    dropped: Mapping[str, int]
    """Points under the opening threshold that were neither recorded nor remembered.  Set by ``start``,
    ``opening.record_opening``, ``eggs.keep_unopened_eggs``."""
    written_off: Mapping[str, int]
    """Scores written off because another side recorded (``opening.write_off``).  Set by
    ``writeoff.write_off``."""
    eggs_paid: int
    """The eggs paid to a side this round.  Set by ``eggs.pay_toward_opening``, ``eggs.keep_unopened_eggs``,
    ``eggs.pay_to_recorder``."""
    eggs_paid_to: str | None
    """The side they were paid to.  Set by ``eggs.pay_toward_opening``, ``eggs.keep_unopened_eggs``,
    ``eggs.pay_to_recorder``."""
    eggs_rotten: int
    """Eggs that rotted this round.  Set by ``eggs.carry_eggs``."""
    hundred: str | None
    """The side that plays the round on the hundred.  Set by ``hundred.play_on_hundred``."""
    decision: Decision | None
    """Set when a rule of this round decides the match whatever the scores.  Set by
    ``hundred.play_on_hundred``, ``finishing.finish``."""
    owes_hundred: str | None
    """The player who must lead the next round with 6-6, on the hundred.  Set by ``finishing.finish``."""
    reached_first: str | None
    """The side that reached the target during play (``end.at_once``).  Set by ``race.play_hand``."""
    steps: tuple[Step, ...] | None
    """The rules applied so far, as ``explain`` shows them; None when the replay was not asked for them (the
    table alone needs none).  Set by ``start``; every stage adds its own (with ``RoundState.added``)."""
    notes: tuple[Message, ...]
    """What the table should know and the rules could not score.  Every stage may add to them."""

    __slots__ = tuple(__annotations__)  # the fields above

    @classmethod
    def start(cls, number: int, facts: Round, previous: RoundResult | None, accounts: Mapping[str, Account],
              pot: Pot, explain: bool = False) -> "RoundState":
        """The state a round's first stage gets: nothing scored yet, nobody has lost or recorded anything.
        ``explain``: record the rules the stages apply (``steps``)."""
        state = cls()
        state.number, state.facts, state.previous, state.accounts, state.pot = number, facts, previous, accounts, pot
        state.side_hands = state.player_hands = state.points = state.written_off = {}
        state.wiped = state.recorded = state.dropped = dict.fromkeys(accounts, 0)
        state.outcome = state.eggs_paid_to = state.hundred = state.decision = None
        state.owes_hundred = state.reached_first = None
        state.eggs_paid = state.eggs_rotten = 0
        state.steps = () if explain else None
        state.notes = ()
        return state

    def but(self, **changes) -> "RoundState":
        """This state with ``changes`` set (a field the state does not have is refused): what a stage
        returns.  The stages every round of a points race goes through (``hands``, ``endhand``, ``race``,
        ``opening``) set their fields themselves, as this does, without its call and its dict of changes."""
        for name, value in changes.items():
            setattr(self, name, value)
        return self

    def added(self, steps) -> tuple[Step, ...] | None:
        """The steps so far and a stage's own ``steps`` (a list or a tuple, which may be None or empty): what
        the stage sets as ``steps``.  While the replay records none they are dropped."""
        if not steps or self.steps is None:
            return self.steps
        return self.steps + tuple(steps)

    def result(self) -> RoundResult:
        """What the round leaves in the table."""
        accounts, hands, recorded = self.accounts, self.side_hands, self.recorded
        wiped, dropped = self.wiped, self.dropped
        sides = tuple([SideRound(name, hands[name], value, recorded[name], accounts[name].score,
                                 accounts[name].remembered, wiped[name], dropped[name])
                       for name, value in self.points.items()])
        outcome = self.outcome
        return RoundResult(self.number, self.facts, sides, self.pot.amount, self.pot.age, outcome.tied_total,
                           self.eggs_paid, self.eggs_paid_to, self.eggs_rotten, outcome.winner, self.steps,
                           self.notes, self.decision, self.hundred, self.owes_hundred, self.reached_first)
