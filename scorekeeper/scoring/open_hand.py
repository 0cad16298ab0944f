"""The hand in play (``Match.hand``, typed play by play and not yet recorded) as the table shows it: followed on
the board as far as it is typed, its open ends and their count, whose turn it is, and what its plays scored so
far (rules.md §10.3).  Its points are counted in the table as points in play (``Table.in_play``, already in
the totals and marked so), and never decide the match: the hand is decided when its round is recorded.
Pure: (ruleset, match)."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.domain.facts import Match
from scorekeeper.domain.plays import Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import PlayScore
from scorekeeper.scoring.board import follow, play_claims


class HandSoFar(NamedTuple):
    """Where the hand in play stands."""

    plays: tuple[Play, ...]
    """The plays typed so far, in order."""
    ends: tuple[int, ...]
    count: int | None
    """The count of the open ends (rules.md §4.2), where the ruleset scores it during play (None: it does not)."""
    turn: str | None
    """Who plays next (None: the hand is over, its hands to be given)."""
    over: bool
    points: tuple[tuple[str, int], ...]
    """What the plays scored so far, each side that scored and its points, in seating order (the races)."""
    open_ends: tuple[tuple[int, ...], tuple[Tile, ...]] = ((), ())
    """The ends as a player reads them (``Board.open_ends``): the arms' numbers, each spinner with a side free."""

    def to_dict(self) -> dict:
        """The hand for programs (``table --format json``): marked as in play, its plays as the match file
        writes them."""
        from scorekeeper.notation.play_line import format_play  # start-up: only a match with a hand in play

        return {"in_play": True, "plays": [format_play(play) for play in self.plays], "ends": list(self.ends),
                "count": self.count, "turn": self.turn, "over": self.over, "points": dict(self.points)}


def hand_so_far(ruleset: Ruleset, match: Match) -> HandSoFar:
    """The hand in play of ``match`` followed under ``ruleset`` (every breach let stand: the table decides
    those when it is recorded; a play that cannot be scored stops it, as the file's checks say)."""
    plays = match.hand.plays
    followed = follow(ruleset, match.players, plays)
    scored: dict[str, int] = {}
    for claim in play_claims(ruleset, followed):
        side = match.side_of(claim.player).name
        scored[side] = scored.get(side, 0) + claim.points
    points = tuple((side.name, scored[side.name]) for side in match.sides if scored.get(side.name))
    over = followed.out is not None or followed.blocked
    count = followed.count if ruleset["play.scores"] is not PlayScore.NONE else None
    return HandSoFar(tuple(plays[:len(followed.ruled)]), followed.ends, count, None if over else followed.turn,
                     over, points, followed.open_ends)


def followed_hand(ruleset: Ruleset, match: Match, table):
    """The hand in play of ``match`` (with its ``table``) followed on the board led as the rounds before it say
    (``scoring.lead.opening``), every breach let stand and kept: a ``scoring.board.Followed``."""
    from scorekeeper.scoring.lead import opening  # start-up: only a change under a hand in play, and explain

    led = opening(ruleset, match, table.rounds[-1] if table.rounds else None)
    return follow(ruleset, match.players, match.hand.plays, first=led.first, leaders=led.leaders, again=led.again)


def unsettled(ruleset: Ruleset, match: Match, table) -> tuple:
    """The breaches of the hand in play of ``match`` that the table has not let stand, the hand led as the
    rounds before it say: what a change of those rounds (an edit, a delete, a redo) leaves for the table to
    decide when the hand goes on.  Each a ``scoring.finding.Finding``, in the order of the plays."""
    allowed = {(ruling.play, ruling.breach) for ruling in match.hand.rulings}
    return tuple(finding for finding in followed_hand(ruleset, match, table).breaches
                 if (finding.play, finding.breach) not in allowed)
