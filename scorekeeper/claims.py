"""Points claimed during play (RULES.md 4): check a claim against the ruleset and add it to the hand in
progress, or attach the hand's claims and in-play totals to the round that closes it.  Pure: a new
``Match`` or ``Round`` comes back, nothing is written."""

from __future__ import annotations

from typing import Iterable

from scorekeeper.errors import InputError, StateError
from scorekeeper.facts import Claim, Match, Round
from scorekeeper.record import resolve_player
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.counts import check_claim, check_play_total


def parse_points(text: str, what: str = "claim") -> int:
    """A claim's points (or a count) as typed: a whole number, not negative."""
    try:
        points = int(text.strip())
    except ValueError:
        raise InputError(f"'{text}' is not a whole number") from None
    if points < 0:
        raise InputError(f"a {what} cannot be negative ({points})")
    return points


def add_claim(match: Match, ruleset: Ruleset, player: str, points: int, over: bool) -> Match:
    """Record a claim into the hand in progress; ``over`` is whether the match is already decided."""
    who = resolve_player(match, player)
    if points < 0:
        raise InputError(f"a claim cannot be negative ({who} {points})")
    if over:
        raise StateError("the match is over: no more points can be recorded (undo to change it, or start a "
                         "new match)")
    check_claim(ruleset, points)
    return match._replace(pending=match.pending + (Claim(who, points),))


def close_hand(match: Match, ruleset: Ruleset, rnd: Round, totals: Iterable[tuple[str, int]] = ()) -> Round:
    """The round with the hand's pending claims and its in-play totals (``round --points PLAYER=N``)."""
    noted: list[Claim] = []
    for typed, points in totals:
        who = resolve_player(match, typed)
        if any(claim.player == who for claim in noted):
            raise InputError(f"{who} is given two --points: give one in-play total per player")
        try:
            check_play_total(ruleset, points)
        except InputError as error:
            raise InputError(f"--points {who}={points}: {error}") from None
        noted.append(Claim(who, points))
    return rnd._replace(claims=match.pending + rnd.claims,
                   play_points=rnd.play_points + tuple(claim for claim in noted if claim.points))
