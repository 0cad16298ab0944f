"""'delete N': round N deleted, the later rounds moved up one."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.live.arguments import number
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    which = number(line.rest, f"{word_in_use('commands', 'delete')} N")
    change = usecases.delete(session.state, which)
    return session.changed(change, _("Round {number} deleted.").format(number=which))
