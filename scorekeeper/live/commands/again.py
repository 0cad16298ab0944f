"""'again' ('rematch'): the next match, once this one is over: the same seating and ruleset in the same file,
the finished match kept beside it under a dated name; said as a new session's greeting says a new match."""

from __future__ import annotations

from scorekeeper.errors import StateError
from scorekeeper.i18n import _, ngettext
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.hand import waiting
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases


def run(session, line) -> Reply:
    if session.hand is not None:
        raise waiting("again")
    command = line.text.partition(" ")[0].casefold()  # as typed: 'again', 'rematch', 'заново'
    nothing_after(command, line.rest, _("'{command}' starts the next match with the same players").format(
        command=command))
    if not session.state.table.over:
        rounds = len(session.state.match.rounds)
        raise StateError(ngettext("the match is not over ({n} round so far): '{command}' starts the next one "
                                  "once it is",
                                  "the match is not over ({n} rounds so far): '{command}' starts the next one "
                                  "once it is", rounds).format(n=rounds, command=command))
    change = usecases.rematch(session.state)
    session.state = state = change.after
    sides = ", ".join(side.name for side in state.match.sides)
    said = _("New {ruleset} match: {sides}. The finished match is kept as {kept}.").format(
        ruleset=state.ruleset.called, sides=sides, kept=change.kept)
    return Reply(f"{said}\n{state.table.lead_note.said()}")
