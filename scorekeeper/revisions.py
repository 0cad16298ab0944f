"""Taking a change back: every undo, delete and edit keeps the facts it took out in the match's history
(``Match.history``), and ``redo`` puts them back.  Pure like ``record``: a new ``Match`` comes back, checked,
and nothing is written.

    match, table, said = redo(match, ruleset)        # the newest change not yet taken back
    match, table, said = redo(match, ruleset, 2)     # change 2 of 'undo --list'

Where a change goes back: later changes move the rounds (a delete moves the later ones up), so a change is
found by its ``place`` (``Revision.place``), not by the number the round had then. The places form a line of
every round recorded: the rounds in the match in their order, with a gap where a delete or an undo took one
out and nothing has put it back. A deleted or undone round returns to its gap, between the rounds that were
around it; an edit's old facts return to the round it edited, wherever that round is now. A change is
refused, with the reason, where that cannot be told: the round is gone (deleted or undone since), was edited
again since (the newer change goes back first), or, for an undo, a round was recorded after it. Each change
goes back once; an edit put back may be asked for again by its number, which puts back what the edit wrote.
"""

from __future__ import annotations

from bisect import bisect_left
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


ROUND_GONE = (Undoing.DELETE, Undoing.UNDO)
"""The changes that take a round out of the match (and leave a gap in the line of places)."""


def places(history: Sequence[Revision]) -> list[int | None]:
    """Each history entry's place (``Revision.place``). An entry written before places were kept has none: it is
    worked out from the number its round had then and the gaps the changes before it left, which is exact
    unless a round taken out before it was put back at a time the history does not tell and that moves it
    (then None: where it goes can no longer be told)."""
    found: list[int | None] = []
    gaps: list[int] = []  # the places of rounds taken out and not put back (as far as known), sorted
    maybe: list[int] = []  # ... taken out and put back, when is not known: a gap for a while
    lost = False  # a round was taken out whose place is not known: the places after it cannot be told
    for entry in history:
        place = entry.place
        if place is None and not lost:
            number = entry.number
            place = _slot(number, gaps)
            if maybe and _slot(number, sorted(gaps + maybe)) != place:
                place = None
        found.append(place)
        if entry.round is not None and entry.change in ROUND_GONE:
            if place is None:
                lost = True
            else:
                _insort(maybe if entry.redone else gaps, place)
    return found


def _settled(history: Sequence[Revision], found: Sequence[int | None]) -> tuple[Revision, ...]:
    """``history`` with the places ``places`` worked out (``found``) written into the entries that have none
    (kept by an older scorekeeper): written once, by the first change made after, they no longer depend on
    what is put back later (a worked-out place does, and a newer entry's place was counted with it)."""
    return tuple(entry._replace(place=place) if entry.place is None and place is not None else entry
                 for entry, place in zip(history, found))


def _insort(into: list[int], value: int) -> None:
    into.insert(bisect_left(into, value), value)


def _slot(number: int, gaps: Sequence[int]) -> int:
    """The place of round ``number`` (or of the round to come, one past the last) with ``gaps`` (sorted)."""
    place = number
    for gap in gaps:
        if gap > place:
            break
        place += 1
    return place


class Line:
    """The match's line of places: where each of its rounds is, and the gaps (rounds taken out and not put
    back, each with the index of its change in the history)."""

    def __init__(self, match: Match) -> None:
        self.places = places(match.history)
        self.gaps: dict[int, int] = {}
        self.clash = False  # two rounds taken out at one place, or a gap past the end: the file was edited
        for index, (entry, place) in enumerate(zip(match.history, self.places)):
            if entry.round is not None and entry.change in ROUND_GONE and not entry.redone and place is not None:
                self.clash = self.clash or place in self.gaps
                self.gaps[place] = index
        self.sorted = sorted(self.gaps)
        self.count = len(match.rounds)
        self.end = self.count + len(self.gaps)  # the last place
        self.clash = self.clash or bool(self.sorted and self.sorted[-1] > self.end)

    def place_of(self, number: int) -> int:
        """The place of round ``number`` (``count + 1``: the hand in progress, the next round's)."""
        return _slot(number, self.sorted)

    def number_at(self, place: int) -> int:
        """The round number a round at ``place`` has (or would have, put back there)."""
        return place - bisect_left(self.sorted, place)


def with_change(match: Match, change: Undoing, number: int, **taken) -> tuple[Revision, ...]:
    """The history of ``match`` with a new entry: ``change`` took out round ``number`` (``count + 1``: a claim
    of the hand in progress) and what it held (``taken``: ``round=`` or ``claim=``).  The entry keeps its place;
    the older entries' places are written too (``_settled``), from the same line."""
    line = Line(match)
    return _settled(match.history, line.places) + (Revision(change, number, place=line.place_of(number), **taken),)


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
    would go can no longer be told (the module's docstring)."""
    from scorekeeper.amend import _rescored
    from scorekeeper.record import check_round

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
    history = list(_settled(match.history, line.places))
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
        from scorekeeper.claims import add_claim
        from scorekeeper.scoring.engine import replay

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
