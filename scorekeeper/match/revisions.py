"""The undo log: every undo, delete and edit keeps the facts it took out in the match's history
(``Match.history``), for ``amend.redo`` to put back.  Pure: nothing here writes a file.

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

from scorekeeper.domain.facts import Ending, Match, Revision, Round, Undoing
from scorekeeper.i18n import N_, _


def round_label(rnd: Round) -> str:
    """How a round ended, in a few words: "Ann went out", "fish"."""
    return _("{player} went out").format(player=rnd.out) if rnd.ending is Ending.OUT else _("fish")


def describe(entry: Revision) -> str:
    """What a change took out, in words: "undo of round 3 (Ann went out)"."""
    if entry.claim is not None:
        return _("undo of the claim of {points} by {player} (hand {number})").format(
            points=entry.claim.points, player=entry.claim.player, number=entry.number)
    return _(_DESCRIBED[entry.change]).format(number=entry.number, facts=round_label(entry.round))


_DESCRIBED = {Undoing.EDIT: N_("edit of round {number} (before it: {facts})"),
              Undoing.UNDO: N_("undo of round {number} ({facts})"),
              Undoing.DELETE: N_("delete of round {number} ({facts})")}


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


def settled(history: Sequence[Revision], found: Sequence[int | None]) -> tuple[Revision, ...]:
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


class Places:
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
    the older entries' places are written too (``settled``), from the same line."""
    line = Places(match)
    return settled(match.history, line.places) + (Revision(change, number, place=line.place_of(number), **taken),)
