"""'quit' ('exit', Ctrl-D): the session ends; once, when a hand is in play (kept in the match file, which a new
session goes on with) or another program removed or broke the match file, it says so first (and offers
'save')."""

from __future__ import annotations

from scorekeeper.i18n import _, ngettext
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    nothing_after(line.command, line.rest, _("'{command}' ends the session (or Ctrl-D)").format(
        command=word_in_use("commands", line.command)))
    return leave(session, line.command)


def leave(session, command: str = "quit") -> Reply:
    """End the session (``command``: the English word it was asked with), unless this is the first time a
    hand in play or a match file gone or broken is to be said."""
    hand = session.hand
    if hand is not None and not session.warned_hand:
        session.warned_hand = True
        plays = len(hand.plays)
        from scorekeeper.storage.default import play_command  # start-up: only a hand kept as the session ends

        return Reply(ngettext("A hand is in play ({n} play): it is kept in {path}, and '{resume}' goes on with it; "
                              "'{command}' again leaves.",
                              "A hand is in play ({n} plays): it is kept in {path}, and '{resume}' goes on with it; "
                              "'{command}' again leaves.", plays).format(
            n=plays, path=session.path, resume=play_command(session.path), command=word_in_use("commands", command)),
            ok=False)
    held = session.held_elsewhere()
    if not held or session.warned_gone:
        return Reply(quit=True)
    session.warned_gone = True
    fields = {"path": session.path, "n": session.count(), "command": word_in_use("commands", command),
              "save": word_in_use("commands", "save")}
    if held == "broken":
        return Reply(ngettext("{path} was changed by another program and cannot be read: fix it, or the match "
                              "held here ({n} round) is lost when you leave; '{command}' again leaves without "
                              "it.",
                              "{path} was changed by another program and cannot be read: fix it, or the match "
                              "held here ({n} rounds) is lost when you leave; '{command}' again leaves without "
                              "it.", session.count()).format(**fields), ok=False)
    return Reply(ngettext("{path} was removed by another program: '{save}' writes the match held here ({n} "
                          "round) back; '{command}' again leaves without it.",
                          "{path} was removed by another program: '{save}' writes the match held here ({n} "
                          "rounds) back; '{command}' again leaves without it.",
                          session.count()).format(**fields), ok=False)
