"""'save': the match held here written to its file again, after another program removed it or a write
failed (every accepted line is saved as it is typed: with the file there, there is nothing to do)."""

from __future__ import annotations

import os

from scorekeeper.i18n import _, ngettext
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases


def run(session, line) -> Reply:
    nothing_after("save", line.rest, _("it writes the match back if its file was removed"))
    path = session.path
    if os.path.exists(path):
        notice = session.reload_if_changed()
        if session.unwritten and not notice:
            session.state = usecases.write_back(session.state, over=True).after
            session.unwritten = False
            return Reply(ngettext("Saved the match ({n} round) in {path}: it can be written again.",
                                  "Saved the match ({n} rounds) in {path}: it can be written again.",
                                  session.count()).format(n=session.count(), path=path))
        holds = _("{path} holds the match: every line is saved as it is typed.").format(path=path)
        return Reply(f"{notice} {holds}" if notice else holds)
    session.state = usecases.write_back(session.state).after
    session.unwritten = False
    session.warned_gone = False  # removed again later: 'quit' says so again
    return Reply(ngettext("Wrote the match ({n} round) back to {path}.",
                          "Wrote the match ({n} rounds) back to {path}.",
                          session.count()).format(n=session.count(), path=path))
