"""The match as the session shows it: the table with its notes' hints in the session's words, and a round
as recorded, read back in the round syntax."""

from __future__ import annotations

from scorekeeper.i18n import _, language, ngettext
from scorekeeper.notation.round_line import format_round
from scorekeeper.notation.words import word_in_use
from scorekeeper.reports.columns import width as text_width
from scorekeeper.reports.render import joined_between
from scorekeeper.scoring.notes import in_session, said_otherwise


def shown_table(table):
    """The table with its notes' hints in the session's words: a note names the command-line flag that
    would give what it lacks, which the session refuses; here it names the round line's way."""
    if not any(said_otherwise(note) for result in table.rounds for note in result.notes):
        return table
    return table._replace(rounds=tuple(in_session_words(result) for result in table.rounds))


def in_session_words(result):
    """A round's result with its notes' hints in the session's words (the same object when none has one: the
    after-round notes are memoised by the results' identity)."""
    if not any(said_otherwise(note) for note in result.notes):
        return result
    known = _WORDED.get(id(result))
    if known is not None and known[0] is result:
        return known[1]
    edit = word_in_use("commands", "edit")
    worded = result._replace(notes=tuple(in_session(note, edit=edit, number=result.number) for note in result.notes))
    if len(_WORDED) > 4096:
        _WORDED.clear()
    _WORDED[id(result)] = (result, worded)
    return worded


_WORDED: dict[int, tuple[object, object]] = {}
"""Each result given in the session's words, by the result (its identity, the result kept alive with it): the
same result gives the same object, which the after-round notes are memoised by."""


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
