"""Fixing the past: replace or delete any recorded round.  Everything after it is re-scored by replay.

Pure like ``record``: a new ``Match`` comes back, checked, and nothing is written.
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.errors import InputError, StateError
from scorekeeper.facts import Match, Round, Undoing
from scorekeeper.record import check_round
from scorekeeper.revisions import with_change
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.table import RoundResult, Table
from scorekeeper.session import lead_problems


def check_number(match: Match, number: int) -> None:
    """InputError unless ``number`` names a recorded round (1 is the first)."""
    if not match.rounds:
        raise InputError(f"there is no round {number}: no round has been recorded yet")
    if not 1 <= number <= len(match.rounds):
        raise InputError(f"there is no round {number}: the match has rounds 1 to {len(match.rounds)}")


def edit_round(match: Match, ruleset: Ruleset, number: int, rnd: Round,
               keep_in_play: bool = True, scored: Sequence[RoundResult] = ()) -> tuple[Match, Table]:
    """Replace round ``number`` with ``rnd`` (checked as ``round`` checks it); the new match and its table.
    The old facts stay in the match's history, for ``redo``.

    ``keep_in_play``: the old round's in-play facts (its claims and in-play totals) are kept and ``rnd``'s
    are ignored, since ``round``'s flags do not restate single claims; false: ``rnd``'s in-play facts
    replace them (none given: the round has no points made during play). ``scored``: the results of the
    match as it was, when the caller has them (the rounds before ``number`` are not scored again).
    """
    check_number(match, number)
    old = match.rounds[number - 1]
    if keep_in_play:
        rnd = rnd._replace(claims=old.claims, play_points=old.play_points)
    rnd = rnd._replace(line=old.line)
    check_round(match, ruleset, rnd)
    rounds = match.rounds[:number - 1] + (rnd,) + match.rounds[number:]
    kept = with_change(match, Undoing.EDIT, number, round=old.facts())  # 'redo' can put it back
    return _rescored(match._replace(rounds=rounds, history=kept), ruleset, f"with round {number} changed",
                     scored[:number - 1])


def delete_round(match: Match, ruleset: Ruleset, number: int,
                 scored: Sequence[RoundResult] = ()) -> tuple[Match, Table]:
    """Remove round ``number``; the later rounds move up one.  The new match and its table (``scored``: as
    for edit_round). The round's facts stay in the match's history, for ``redo``."""
    check_number(match, number)
    rounds = match.rounds[:number - 1] + match.rounds[number:]
    kept = with_change(match, Undoing.DELETE, number, round=match.rounds[number - 1].facts())
    return _rescored(match._replace(rounds=rounds, history=kept), ruleset, f"without round {number}", scored[:number - 1])


def _rescored(match: Match, ruleset: Ruleset, how: str, before: Sequence[RoundResult]) -> tuple[Match, Table]:
    """Replay (after the unchanged rounds ``before``); refuse a change that would leave rounds recorded after
    the match was decided."""
    table = replay(ruleset, match, before)
    if len(table.rounds) < len(match.rounds):
        decided = len(table.rounds)
        raise StateError(f"{how}, the match would be decided in round {decided}, but rounds {decided + 1} to "
                         f"{len(match.rounds)} come after it: delete those rounds first")
    leads = lead_problems(match, ruleset, table, "")
    if leads:  # a later 6-6 lead on the hundred may need points the change takes away
        raise StateError(f"{how}, {leads[0].message}: change or delete that round first")
    return match, table
