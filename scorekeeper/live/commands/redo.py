"""'redo [N]': the newest change taken back put back, or change N as 'scorekeeper undo --list' numbers them."""

from __future__ import annotations

from scorekeeper.i18n import N_, _
from scorekeeper.live.arguments import number
from scorekeeper.live.hand import waiting
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    if session.hand is not None:
        raise waiting("redo")
    usage = f"{word_in_use('commands', 'redo')} [N]"
    which = number(line.rest, usage, N_("one number or none")) if line.rest else None
    change = usecases.redo(session.state, which)
    return session.changed(change, _("Put back {what}.").format(what=change.restored))
