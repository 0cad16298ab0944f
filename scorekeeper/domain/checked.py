"""What checking a round recorded play by play established, kept with the round in the match file so that a
read need not check it, nor follow its hand, again (``scoring.checked`` says when it still holds).  Not a fact
of the round: ``Round.facts`` leaves it out, and a round whose facts change is checked, and sealed, again."""

from typing import NamedTuple


class ScoredPlay(NamedTuple):
    """What one play of a hand scored during play (the points races, rules.md §4.2), as the board saw it when the
    hand was checked: the play's place in the hand (1 is the lead), who takes the points (the player, the
    opponent who called muggins, or None: missed and lost), the points and the count of the ends that made
    them."""

    number: int
    taker: str | None
    points: int
    count: int


class Seal(NamedTuple):
    """What checking a round established, its seal: the seal's hash, the hash of the round as written, and
    what its plays scored."""

    digest: str
    """The round's seal: a hash of its facts as the file writes them, of the round before it (or that it is the
    first) and of the ruleset's resolved keys and the seating it was checked under; its breaches were then
    exactly its rulings.  Empty: none kept."""
    link: int | None = None
    """The hash of the round's facts as the file writes them (its part in the next round's seal)."""
    scores: tuple[ScoredPlay, ...] = ()
    """In the points races, what each play that scored made, in order (the board need not follow the hand again
    to score it)."""
