"""Fixing the past: replace or delete any recorded round, or put back what a change took out (``redo``).
Everything after it is re-scored by replay.  Where a change goes back: ``revisions``.

Pure like ``record``: a new ``Match`` comes back, checked, and nothing is written.

    match, table, said = redo(match, ruleset)        # the newest change not yet taken back
    match, table, said = redo(match, ruleset, 2)     # change 2 of 'undo --list'
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.domain.facts import Match, Round, Undoing
from scorekeeper.errors import InputError, StateError
from scorekeeper.match.checks import check_round
from scorekeeper.match.claims import add_claim
from scorekeeper.match.opened import lead_problems
from scorekeeper.match.revisions import Line, describe, round_label, settled, with_change
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.table import RoundResult, Table


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


def _choose(match: Match, number: int | None) -> int:
    history = match.history
    if number is None:
        waiting = [index for index, entry in enumerate(history) if not entry.redone]
        if not waiting:
            edits = [str(index + 1) for index, entry in enumerate(history)
                     if entry.change is Undoing.EDIT and entry.edited is not None]
            again = f"; 'redo {edits[-1]}' puts back what edit {edits[-1]} wrote" if edits else ""
            raise StateError(f"nothing to redo: every change taken back is back ('undo --list' shows them{again})"
                             if history else "nothing to redo: nothing has been undone, deleted or edited")
        return waiting[-1]
    if not history:
        raise InputError(f"there is no change {number}: nothing has been undone, deleted or edited")
    if not 1 <= number <= len(history):
        raise InputError(f"there is no change {number}: 'undo --list' shows changes 1 to {len(history)}")
    entry = history[number - 1]
    if entry.redone and not (entry.change is Undoing.EDIT and entry.edited is not None):
        raise StateError(f"change {number} ({describe(entry)}) was already put back")
    return number - 1  # an edit put back: asked for again by its number, what the edit wrote goes back


def redo(match: Match, ruleset: Ruleset, number: int | None = None,
         scored: Sequence[RoundResult] = ()) -> tuple[Match, Table, str]:
    """Put back what change ``number`` of the history took out (None: the newest not yet put back); the new
    match, its table and what was put back, in words. ``scored``: the results of the match as it is, when the
    caller has them. Refused (StateError) where the facts can no longer go back as they were, or where they
    would go can no longer be told (``revisions``' docstring)."""
    index = _choose(match, number)
    entry = match.history[index]
    line = Line(match)
    place = line.places[index]
    if place is None:
        raise StateError(f"change {index + 1} ({describe(entry)}) was kept by an older scorekeeper, and the "
                         "rounds have moved since in a way its history does not tell: where it goes can no "
                         "longer be told (its facts stay in the history)")
    if line.clash:
        raise StateError("the places in the match file's history do not fit its rounds (was it edited by hand?): "
                         f"change {index + 1} cannot be put back safely")
    later = _later_change(match, line, index, place)
    history = list(settled(match.history, line.places))
    history[index] = entry._replace(redone=True, place=place)
    count = len(match.rounds)
    if entry.claim is not None:
        if place != line.end + 1:
            raise StateError(f"the claim of {entry.claim.points} by {entry.claim.player} was made in hand "
                             f"{entry.number}, which a round has closed since: it cannot go back "
                             f"(edit that round with --points instead)")
        undone = next((later for later in range(index + 1, len(history)) if match.history[later].round is not None
                       and match.history[later].change is Undoing.UNDO and not match.history[later].redone), None)
        if undone is not None:
            raise StateError(f"the claim of {entry.claim.points} by {entry.claim.player} was made in a hand that "
                             f"is no longer in progress: round {match.history[undone].number} was undone since "
                             f"and its hand is played again (put back change {undone + 1} first)")
        over = replay(ruleset, match, scored).over
        restored = add_claim(match, ruleset, entry.claim.player, entry.claim.points, over, entry.claim.count)
        restored = restored._replace(history=tuple(history))
        return restored, replay(ruleset, restored, scored), f"the claim of {entry.claim.points} by " \
                                                             f"{entry.claim.player}"
    rnd = entry.round
    at = line.number_at(place)
    then = f"; round {entry.number} when it was {_done(entry.change)}" if at != entry.number else ""
    label = f"round {at} ({round_label(rnd)})"
    if entry.change is Undoing.EDIT:
        again = entry.redone  # an edit put back, asked for again: what the edit wrote goes back
        facts, what = (entry.edited, "as the edit wrote them") if again else (rnd, "before the edit")
        if later is not None:
            raise StateError(f"round {entry.number}'s facts {what} cannot go back: {_since(match, line, later)}")
        if place in line.gaps or at > count:
            raise StateError(f"round {entry.number} is no longer in the match: its facts {what} cannot go back")
        replaced = match.rounds[at - 1]
        # putting the edit back keeps what it wrote beside it; taking that back leaves the edit to put back
        history[index] = entry._replace(redone=False, edited=None) if again else \
            history[index]._replace(edited=replaced.facts())
        rounds = match.rounds[:at - 1] + (facts._replace(line=replaced.line),) + match.rounds[at:]
        restored = match._replace(rounds=rounds, history=tuple(history))
        said = (f"round {at} as the edit wrote it" if again else f"round {at} as it was before the edit") + \
            f" ({round_label(facts)}{then})"
    else:
        if line.gaps.get(place) != index:
            raise StateError("the places in the match file's history do not fit its rounds (was it edited by "
                             f"hand?): change {index + 1} cannot be put back safely")
        pending = match.pending
        if entry.change is Undoing.UNDO:
            if at <= count:
                raise StateError(f"round {entry.number} ({round_label(rnd)}) cannot be put back: round {at} was "
                                 "recorded again after the undo (delete it first)")
            # a newer undo took out a round played before this one: that round goes back first (an older
            # undo before it is one a round was recorded after, in its place)
            before = next((other for other in sorted(line.gaps.values()) if other > index
                           and line.places[other] < place and match.history[other].change is Undoing.UNDO), None)
            if before is not None:
                raise StateError(f"round {entry.number} ({round_label(rnd)}) cannot be put back yet: round "
                                 f"{match.history[before].number} was undone after it; put back the rounds "
                                 f"before it first (change {before + 1})")
            if rnd.claims:
                if pending[:len(rnd.claims)] != rnd.claims:
                    raise StateError(f"{label} cannot be put back: the claims of its hand are no longer the "
                                     "hand in progress's")
                pending = pending[len(rnd.claims):]  # undo gave them back to the hand: they return to the round
        rounds = match.rounds[:at - 1] + (rnd,) + match.rounds[at - 1:]
        restored = match._replace(rounds=rounds, pending=pending, history=tuple(history))
        said = f"round {at} ({round_label(rnd)}{then})"
    check_round(restored, ruleset, rnd)
    restored, table = _rescored(restored, ruleset, f"with {label} put back", scored[:at - 1])
    return restored, table, said


def _done(change: Undoing) -> str:
    return {Undoing.DELETE: "deleted", Undoing.UNDO: "undone", Undoing.EDIT: "edited"}[change]


def _later_change(match: Match, line: Line, index: int, place: int) -> int | None:
    """The newest change after ``index``, about the same round and not put back (None: there is none)."""
    for later in range(len(match.history) - 1, index, -1):
        entry = match.history[later]
        if entry.round is not None and not entry.redone and line.places[later] == place:
            return later
    return None


def _since(match: Match, line: Line, later: int) -> str:
    """Why a change after it stands in the way, in words."""
    entry = match.history[later]
    if entry.change is Undoing.EDIT:
        return f"the round was edited again since (change {later + 1}): put that back first"
    return f"the round was {_done(entry.change)} since (change {later + 1}): put that back first"
