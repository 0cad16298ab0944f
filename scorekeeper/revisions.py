"""Taking a change back: every undo, delete and edit keeps the facts it took out in the match's history
(``Match.history``), and ``redo`` puts them back.  Pure like ``record``: a new ``Match`` comes back, checked,
and nothing is written.

    match, table, said = redo(match, ruleset)        # the newest change not yet taken back
    match, table, said = redo(match, ruleset, 2)     # change 2 of 'undo --list'
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.errors import InputError, StateError
from scorekeeper.facts import Ending, Match, Revision, Round, Undoing
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.table import RoundResult, Table


def round_label(rnd: Round) -> str:
    """How a round ended, in a few words: "Ann went out", "fish"."""
    return f"{rnd.out} went out" if rnd.ending is Ending.OUT else "fish"


def describe(entry: Revision) -> str:
    """What a change took out, in words: "undo of round 3 (Ann went out)"."""
    if entry.claim is not None:
        return f"undo of the claim of {entry.claim.points} by {entry.claim.player} (hand {entry.number})"
    what = f"round {entry.number} ({round_label(entry.round)})"
    if entry.change is Undoing.EDIT:
        return f"edit of round {entry.number} (before it: {round_label(entry.round)})"
    return f"{entry.change.value} of {what}"


def _choose(match: Match, number: int | None) -> int:
    history = match.history
    if number is None:
        waiting = [index for index, entry in enumerate(history) if not entry.redone]
        if not waiting:
            raise StateError("nothing to redo: every change taken back is back ('undo --list' shows them)"
                             if history else "nothing to redo: nothing has been undone, deleted or edited")
        return waiting[-1]
    if not history:
        raise InputError(f"there is no change {number}: nothing has been undone, deleted or edited")
    if not 1 <= number <= len(history):
        raise InputError(f"there is no change {number}: 'undo --list' shows changes 1 to {len(history)}")
    if history[number - 1].redone:
        raise StateError(f"change {number} ({describe(history[number - 1])}) was already put back")
    return number - 1


def redo(match: Match, ruleset: Ruleset, number: int | None = None,
         scored: Sequence[RoundResult] = ()) -> tuple[Match, Table, str]:
    """Put back what change ``number`` of the history took out (None: the newest not yet put back); the new
    match, its table and what was put back, in words. ``scored``: the results of the match as it is, when the
    caller has them. Refused (StateError) where the facts can no longer go back as they were."""
    from scorekeeper.amend import _rescored
    from scorekeeper.record import check_round

    index = _choose(match, number)
    entry = match.history[index]
    history = list(match.history)
    history[index] = entry._replace(redone=True)
    count = len(match.rounds)
    if entry.claim is not None:
        if entry.number != count + 1:
            raise StateError(f"the claim of {entry.claim.points} by {entry.claim.player} was made in hand "
                             f"{entry.number}, which round {entry.number} has closed since: it cannot go back "
                             f"(edit round {entry.number} with --points instead)")
        from scorekeeper.claims import add_claim
        from scorekeeper.scoring.engine import replay

        over = replay(ruleset, match, scored).over
        restored = add_claim(match, ruleset, entry.claim.player, entry.claim.points, over, entry.claim.count)
        restored = restored._replace(history=tuple(history))
        return restored, replay(ruleset, restored, scored), f"the claim of {entry.claim.points} by " \
                                                             f"{entry.claim.player}"
    rnd = entry.round
    label = f"round {entry.number} ({round_label(rnd)})"
    if entry.change is Undoing.EDIT:
        if entry.number > count:
            raise StateError(f"round {entry.number} is no longer in the match: its facts before the edit "
                             "cannot go back")
        replaced = match.rounds[entry.number - 1]
        history.append(Revision(Undoing.EDIT, entry.number, replaced.facts()))
        rounds = match.rounds[:entry.number - 1] + (rnd,) + match.rounds[entry.number:]
        restored = match._replace(rounds=rounds, history=tuple(history))
        said = f"round {entry.number} as it was before the edit ({round_label(rnd)})"
    else:
        pending = match.pending
        if entry.number > count + 1:
            raise StateError(f"{label} cannot be put back yet: the match has {count} round"
                             f"{'s' if count != 1 else ''}; put back the rounds before it first")
        if entry.change is Undoing.UNDO:
            if entry.number != count + 1:
                raise StateError(f"{label} cannot be put back: round {entry.number} was recorded again after "
                                 "the undo (delete it first)")
            if rnd.claims:
                if pending[:len(rnd.claims)] != rnd.claims:
                    raise StateError(f"{label} cannot be put back: the claims of its hand are no longer the "
                                     "hand in progress's")
                pending = pending[len(rnd.claims):]  # undo gave them back to the hand: they return to the round
        rounds = match.rounds[:entry.number - 1] + (rnd,) + match.rounds[entry.number - 1:]
        restored = match._replace(rounds=rounds, pending=pending, history=tuple(history))
        said = label
    check_round(restored, ruleset, rnd)
    restored, table = _rescored(restored, ruleset, f"with {label} put back", scored[:entry.number - 1])
    return restored, table, said
