"""The match as the session shows it: the table with its notes' hints in the session's words, and a round
as recorded, read back in the round syntax."""

from __future__ import annotations

from scorekeeper.domain.memo import once_per
from scorekeeper.i18n import _, language, ngettext
from scorekeeper.notation.round_line import format_round
from scorekeeper.notation.words import word_in_use
from scorekeeper.reports.columns import width as text_width
from scorekeeper.reports.render import joined_between


def shown_table(table):
    """The table with its notes' hints in the session's words: a note names the command-line flag that
    would give what it lacks, which the session refuses; here it names the round line's way."""
    if not any(note.names_flag for result in table.rounds for note in result.notes):
        return table
    return table._replace(rounds=tuple(in_session_words(result) for result in table.rounds))


def in_session_words(result):
    """A round's result with its notes' hints in the session's words (the same object when none has one), worded
    once per result: the table is shown again after every line, and a match whose every round has such a note
    would be worded whole each time."""
    if not any(note.names_flag for note in result.notes):
        return result
    return once_per(_WORDED, result, _worded, result, most=WORDED_MOST)


def _worded(result):
    edit = word_in_use("commands", "edit")
    return result._replace(notes=tuple(note.in_session(edit=edit, number=result.number) for note in result.notes))


_WORDED: dict = {}
WORDED_MOST = 4096
"""Results kept worded (a long match's, and the few a session makes again as it goes)."""


def recorded_as(number: int, change, width: int | None) -> str:
    """The round as recorded, in the round syntax: every hand named, in seating order; where that would
    wrap, each player with their hand or total between dots, broken between players, never inside one
    (the short form, totals unnamed, hid who held what on a narrow screen)."""
    rnd = change.match.rounds[number - 1]
    # in the words of the language in use, as they read back; the plays were just answered one by one
    said = format_round(rnd._replace(plays=()), change.match, language=language())
    if rnd.plays:
        said += ", " + ngettext("{n} play", "{n} plays", len(rnd.plays)).format(n=len(rnd.plays))
    head = _("Round {number}: ").format(number=number)
    line = head + said
    if width is None or text_width(line) <= width:
        return line
    return "\n".join(joined_between(said.split(", "), width, first=head, indent="  "))
