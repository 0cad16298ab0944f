"""'edit N LINE': round N is the round LINE says instead (asked about when no table could have ended so)."""

from __future__ import annotations

from scorekeeper.errors import InputError
from scorekeeper.i18n import _
from scorekeeper.live.arguments import number
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import recorded_as
from scorekeeper.match import usecases
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    number_text, _space, typed = line.rest.partition(" ")
    which = number(number_text, f"{word_in_use('commands', 'edit')} N {_('LINE')}")
    if not typed.strip():
        first, second = session.state.match.players[:2]
        raise InputError(_("give the round's new line: {edit} {number} {first} {out}, {second} 3, ...").format(
            edit=word_in_use("commands", "edit"), number=which, first=first, second=second,
            out=word_in_use("round", "out")))

    def edit(confirmed: bool) -> Reply:
        change = usecases.edit(session.state, which, typed, confirmed=confirmed)
        if change.unchanged:
            return Reply(change.unchanged_said())
        return session.changed(change, recorded_as(which, change, session.screen().width), focus=which)

    return session.confirmable(edit)
