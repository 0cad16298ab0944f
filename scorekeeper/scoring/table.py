"""What replaying a match produces: per-round results (with the rules applied, when asked), and the standing table."""

from types import MappingProxyType
from typing import Mapping, NamedTuple

from scorekeeper.domain.facts import Round
from scorekeeper.i18n.message import Message


class Step(NamedTuple):
    """One rule applied while scoring a round: the side it concerns, the ruleset key, and what it did."""

    side: str | None
    key: str
    text: str


class SideRound(NamedTuple):
    """How one side's numbers moved in one round."""

    side: str
    hand: int
    """The side's counted hand value this round."""
    points: int
    """What the side took this round (eggs included) before the opening rule."""
    recorded: int
    """What was added to the score."""
    score: int
    remembered: int
    wiped: int = 0
    """Points the side lost to a rule (remembered points wiped, score written off)."""
    dropped: int = 0
    """Points not recorded and not remembered (under the opening threshold without memory)."""


def same_kind_eq(self, other) -> bool:
    """``==`` for a NamedTuple equal only to its own kind: a plain tuple compares the items alone, so that
    another value holding the same numbers or names would be equal to it."""
    return type(other) is type(self) and tuple.__eq__(self, other)


def same_kind_ne(self, other) -> bool:
    return not same_kind_eq(self, other)


class Decision(NamedTuple):
    """How a match was decided: the side named the winner, the side named the loser, and why.

    ``winner`` or ``loser`` is None where the rules name only one side; both None is a draw.  ``why`` is None
    when the scores decided it (the target, a fixed number of rounds), and says which rule did otherwise
    (a finishing double, the hundred): such a rule decides the match whatever the scores.
    """

    winner: str | None
    loser: str | None
    why: Message | None = None

    __eq__, __ne__, __hash__ = same_kind_eq, same_kind_ne, tuple.__hash__

    @property
    def is_draw(self) -> bool:
        return self.winner is None and self.loser is None


class RoundResult(NamedTuple):
    """What one round left in the table: each side's numbers, the eggs, and what the rules decided."""

    number: int
    facts: Round
    sides: tuple[SideRound, ...]
    eggs: int
    """The eggs pot after the round."""
    eggs_age: int
    """Rounds the pot has waited without being added to (eggs.rot_after); with ``eggs`` and the sides' scores, the
    whole state a replay carries past this round, so a replay can resume after it."""
    eggs_added: int = 0
    eggs_paid: int = 0
    eggs_paid_to: str | None = None
    eggs_rotten: int = 0
    winner: str | None = None
    """The side that won the round (went out, or won the fish), when there is one."""
    steps: tuple[Step, ...] | None = ()
    """The rules applied, in order, when the replay was asked for them (``replay(..., explain=True)``,
    ``engine.explained``); None otherwise."""
    notes: tuple[Message, ...] = ()
    """What a person should know of the round beyond its numbers (a fact the rules needed and were not given)."""
    decision: Decision | None = None
    """Set when a rule of this round decided the match whatever the scores (below the target too)."""
    hundred: str | None = None
    """The side that played this round on the hundred."""
    owes_hundred: str | None = None
    """The player who must lead the next round with 6-6, on the hundred (a 6-6 finish that did not win)."""
    reached_first: str | None = None
    """The side that reached the target during play and ended the match there (end.at_once)."""

    def side(self, name: str) -> SideRound:
        return next(item for item in self.sides if item.side == name)


class Standing(NamedTuple):
    """One side's place in the table."""

    name: str
    players: tuple[str, ...]
    score: int
    remembered: int


class Table(NamedTuple):
    """The standing table a replay gives: the sides, every round's result, and how the match stands."""

    ruleset: str
    sides: tuple[Standing, ...]
    rounds: tuple[RoundResult, ...] = ()
    eggs: int = 0
    over: bool = False
    winner: str | None = None
    loser: str | None = None
    next_leader: str | None = None
    """The player who leads the next round, when the facts say."""
    next_lead: str | None = None
    """What the next leader must lead with, when a rule says (a tile, or a description)."""
    lead_note: Message | None = None
    """The note on the next lead, for people."""
    decided_by: Message | None = None
    """Why the match is over, when a rule other than the target decided it (or how a tie at it was settled)."""
    in_play: Mapping[str, int] = MappingProxyType({})
    """Points claimed so far in the hand in progress, per side (already in the scores)."""
    target: int | None = None
    """The target at this table (0: none; a fixed number of rounds instead)."""
    hand: object = None
    """Where the hand in play stands (``scoring.open_hand.HandSoFar``), when one is typed play by play; its
    points are in ``in_play``."""

    def standing(self, name: str) -> Standing:
        return next(item for item in self.sides if item.name == name)

    @property
    def decision(self) -> Decision | None:
        """How the match was decided, or None while it goes on."""
        return Decision(self.winner, self.loser, self.decided_by) if self.over else None

    def to_dict(self, history: bool = True) -> dict:
        """The JSON contract of ``scorekeeper table --format json``; without ``history``, all of it but its last
        key, the rounds one by one (``history_entry``), which the JSON export writes itself."""
        data = {
            "ruleset": self.ruleset,
            "rounds": len(self.rounds),
            "sides": [{"name": side.name, "players": list(side.players), "score": side.score,
                       "remembered": side.remembered} for side in self.sides],
            "eggs": self.eggs,
            "over": self.over,
            "winner": self.winner,
            "loser": self.loser,
            "next_leader": self.next_leader,
            "next_lead": self.next_lead,
            "lead_note": self.lead_note.said() if self.lead_note else "",
            "notes": [{"round": result.number, "note": note.said()} for result in self.rounds
                      for note in result.notes],
            "decided_by": self.decided_by.said() if self.decided_by else None,
            "in_play": {side.name: self.in_play.get(side.name, 0) for side in self.sides},
            "target": self.target,
            "hand": self.hand.to_dict() if self.hand is not None else None,
        }
        if history:
            data["history"] = [history_entry(result) for result in self.rounds]
        return data


def history_entry(result: RoundResult) -> dict:
    """One round of the table's ``history`` (``Table.to_dict``)."""
    return {
        "round": result.number,
        "ending": result.facts.ending.value,
        "winner": result.winner,
        "points": {item.side: item.points for item in result.sides},
        "recorded": {item.side: item.recorded for item in result.sides},
        "scores": {item.side: item.score for item in result.sides},
        "remembered": {item.side: item.remembered for item in result.sides},
        "eggs": result.eggs,
        "eggs_added": result.eggs_added,
        "eggs_paid": result.eggs_paid,
        "eggs_paid_to": result.eggs_paid_to,
        "eggs_rotten": result.eggs_rotten,
        "wiped": {item.side: item.wiped for item in result.sides},
        "hundred": result.hundred,
        "decided": result.decision.why.said() if result.decision and result.decision.why else None,
        "notes": [note.said() for note in result.notes],
    }
