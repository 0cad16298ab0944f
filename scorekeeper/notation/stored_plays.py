"""The plays of a hand as a match file stores them: the line ``notation.play_line.format_plays`` writes, read
into plays only when a command uses them.  Its own module, apart from the play line's reader, so that opening a
match whose rounds need no reading of their plays imports none of it."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.domain.plays import Play


class PlayLine(Sequence):
    """The plays of a hand as a match file holds them, read into plays when first used: a read that trusts
    what checking the round established (``scoring.checked``) needs them only for a command that shows them,
    and reading every line was a fifth of opening a long match played play by play.  One play is read alone
    where only it is asked for (``explain`` names the few plays that scored).  It compares equal to the plays
    it reads as; a line that does not read raises InputError where it is first used (a round whose seal holds
    was written by ``format_plays``, and reads)."""

    __slots__ = ("text", "_plays", "_items")

    def __init__(self, text: str) -> None:
        self.text = text
        self._plays: tuple[Play, ...] | None = None
        self._items: list[str] | None = None

    @property
    def plays(self) -> tuple[Play, ...]:
        if self._plays is None:
            from scorekeeper.notation.play_line import parse_plays  # start-up: only when the plays are used

            self._plays = parse_plays(self.text, exact=True)
        return self._plays

    def __getitem__(self, index):
        item = self.stored(index) if isinstance(index, int) else None
        if item is not None:
            from scorekeeper.notation.play_line import parse_plays  # start-up: as in plays

            return parse_plays(item, exact=True)[0]
        return self.plays[index]

    def stored(self, index: int) -> str | None:
        """Play ``index`` (from 0) as the line stores it, where it is read alone (``Bob 0-2 missed``): the same
        text always reads as the same play.  None where the line is read whole (read already, or a name in
        quotes, which may hold a comma)."""
        if self._plays is not None or index < 0:
            return None
        items = self._items
        if items is None:  # the line's shape is looked at once: the steps of a long match ask for every scoring play
            if not as_written(self.text):
                return None
            items = self._items = self.text.split(", ")  # the stored form: one play between commas
        return items[index] if index < len(items) else None

    def __len__(self) -> int:
        return len(self.plays)

    def __iter__(self):
        return iter(self.plays)

    def __bool__(self) -> bool:
        return True  # a match file's round without plays has no line

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlayLine):
            return other.text == self.text or other.plays == self.plays
        return isinstance(other, Sequence) and not isinstance(other, str) and self.plays == tuple(other)

    def __hash__(self) -> int:
        return hash(self.plays)

    def __repr__(self) -> str:
        return f"PlayLine({self.text!r})"


def as_written(text: str) -> bool:
    """Whether a stored line is in the shape ``format_plays`` writes, which may be cut into plays without reading
    it: one play between ``", "``, single spaces, no name in quotes (which may hold a comma).  A line edited by
    hand into another shape (``Ann 6-6,Bob 6-5``, a space before it) reads as the play line's reader reads it."""
    return ('"' not in text and text == text.strip() and text.count(",") == text.count(", ")
            and "  " not in text and ";" not in text and "\t" not in text and "\n" not in text)


def lead_player(plays: Sequence[Play]) -> str:
    """Who made the first play of a hand (its lead).  A line as the match file stores it is not read for it
    (``as_written``): every name in it is one plain word (``format_plays``), and the line starts with the
    leader's."""
    if isinstance(plays, PlayLine) and plays._plays is None and as_written(plays.text):
        return plays.text.split(" ", 1)[0]
    return plays[0].player
