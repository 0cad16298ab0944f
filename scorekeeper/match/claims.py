"""Points claimed during play (rules.md §4): check a claim against the ruleset and add it to the hand in
progress, or attach the hand's claims and in-play totals to the round that closes it.  Pure: a new
``Match`` or ``Round`` comes back, nothing is written."""

from __future__ import annotations

from typing import Iterable

from scorekeeper.domain.facts import Claim, Match, Round
from scorekeeper.errors import FactError, InputError, StateError
from scorekeeper.i18n import N_, _
from scorekeeper.match.record import resolve_player
from scorekeeper.notation.numerals import parse_number
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import PlayScore
from scorekeeper.scoring import race
from scorekeeper.scoring.counts import check_claim, check_play_total, score_for_count
from scorekeeper.scoring.engine import replay


_POINTS_WHAT = {"claim": N_("a claim"), "count": N_("a count")}


def parse_points(text: str, what: str = "claim") -> int:
    """A claim's points (or a count) as typed: a whole number, not negative."""
    return parse_number(text, _POINTS_WHAT.get(what, what))


def add_claim(match: Match, ruleset: Ruleset, player: str, points: int | None, over: bool,
              count: int | None = None) -> Match:
    """Record a claim into the hand in progress: ``points``, or the ``count`` of the open ends, which scores
    what the ruleset makes of it and is kept, so that it converts (``told_claim``; a count given decides the
    points); ``over`` is whether the match is already decided."""
    who = resolve_player(match, player)
    if count is None and points is not None and points < 0:
        raise InputError(_("a claim cannot be negative ({player} {points})").format(player=who, points=points))
    if over:
        raise StateError(_("the match is over: no more points can be recorded (undo to change it, or start a "
                           "new match)"))
    claim = told_claim(ruleset, who, points, count)
    check_exact(match, ruleset, match.pending + (claim,), len(match.pending))
    return match._replace(pending=match.pending + (claim,))


def check_exact(match: Match, ruleset: Ruleset, claims: tuple[Claim, ...], new_from: int = 0,
                rounds_before: int | None = None) -> None:
    """InputError for a new claim (``claims[new_from:]``) that an exact target (``end.exact``) would not
    score because it takes its side past the target; the hand starts after ``rounds_before`` rounds (None:
    all of ``match.rounds``)."""
    if not ruleset["end.exact"] or not claims[new_from:]:
        return
    if ruleset["play.scores"] is PlayScore.NONE:
        return
    target = race.target_for(ruleset, match)
    if not target:
        return
    before = match._replace(rounds=match.rounds[:rounds_before] if rounds_before is not None else match.rounds,
                            pending=())
    running = {side.name: side.score for side in replay(ruleset, before).sides}
    for index, claim in enumerate(claims):
        side = match.side_of(claim.player).name
        if running[side] + claim.points > target:
            if index >= new_from:
                said = _("{player} {points} would not be scored: {side} has {score}, and {score} + {points} passes "
                         "the target {target}, which must be reached exactly (end.exact)")
                if side != claim.player:
                    said = _("{player} {points} would not be scored: {player}'s side {side} has {score}, and "
                             "{score} + {points} passes the target {target}, which must be reached exactly "
                             "(end.exact)")
                raise InputError(said.format(player=claim.player, points=claim.points, side=side,
                                             score=running[side], target=target))
            continue
        running[side] += claim.points


def close_hand(match: Match, ruleset: Ruleset, rnd: Round, totals: Iterable[tuple[str, int]] = (),
               rounds_before: int | None = None) -> Round:
    """The round with the hand's pending claims and its in-play totals (``round --points PLAYER=N``);
    the hand starts after ``rounds_before`` rounds (None: all of them)."""
    noted: list[Claim] = []
    for typed, points in totals:
        who = resolve_player(match, typed)
        if any(claim.player == who for claim in noted):
            raise FactError(N_("{who} is given {two_points}: give one in-play total per player"), who=who)
        try:
            check_play_total(ruleset, points)
        except InputError as error:
            raise FactError(N_("{points_given}: {error}"), who=who, points=points, error=error) from None
        noted.append(Claim(who, points))
    rnd = rnd._replace(claims=match.pending + rnd.claims,
                       play_points=rnd.play_points + tuple(claim for claim in noted if claim.points))
    old = len(match.pending)  # the claims of the hand already recorded; a round line's own are checked too
    check_exact(match, ruleset, rnd.claims + rnd.play_points, old, rounds_before)
    return rnd


def told_claim(ruleset: Ruleset, player: str, points: int | None = None, count: int | None = None) -> Claim:
    """A claim as the scorer tells it: the ``points`` claimed, or the ``count`` of the open ends, which the
    ruleset turns into points (``scoring.counts.score_for_count``; the count is kept, so that it converts
    under another ruleset; given, it decides the points).  InputError for a claim the ruleset cannot
    produce.  The one place a told count becomes points: ``add_claim`` and ``claim_points`` call it."""
    if count is not None:
        return Claim(player, score_for_count(ruleset, count), count)
    check_claim(ruleset, points)
    return Claim(player, points)


def claim_points(ruleset: Ruleset | None, claims: Iterable[tuple[str, int, bool]]) -> tuple[Claim, ...]:
    """Claims told in a line (``RoundFacts.claims``: ``(player, points or count, is_count)``, in order) as
    Claims, each a ``told_claim``; InputError names the claim as it was told (``Ann count 13: ...``)."""
    claims = tuple(claims)
    if not claims:
        return ()
    if ruleset is None:
        raise InputError(_("claims during play need the match's ruleset"))
    found = []
    for player, value, is_count in claims:
        try:
            found.append(told_claim(ruleset, player, None if is_count else value, value if is_count else None))
        except InputError as error:
            said = _("{player} count {value}: {error}") if is_count else _("{player} +{value}: {error}")
            raise InputError(said.format(player=player, value=value, error=error)) from None
    return tuple(found)
