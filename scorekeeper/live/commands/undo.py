"""'undo': the last play of the hand in play ('undo all': every play of it), else the last claim or round of
the match; 'undo list' lists what 'redo N' numbers."""

from __future__ import annotations

from scorekeeper.i18n import _, ngettext
from scorekeeper.live.arguments import is_option, nothing_after
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    hand, rest = session.hand, line.rest
    if hand is not None:
        if is_option(rest, "all"):
            session.hand = None
            return Reply(ngettext("Dropped the hand in play ({n} play).", "Dropped the hand in play ({n} plays).",
                                  len(hand.plays)).format(n=len(hand.plays)))
        nothing_after("undo", rest, _("it takes back the last play ('{undo} {all}': every play of the "
                                      "hand)").format(undo=word_in_use("commands", "undo"),
                                                      all=word_in_use("options", "all")))
        play = hand.undo()
        if not hand.plays:
            session.hand = None
        return Reply(hand.undone(play))
    if is_option(rest, "list"):  # what 'redo N' numbers
        return Reply(delegate=("undo", "--list"))
    nothing_after("undo", rest, _("it drops the last claim") if session.state.match.pending else
                  _("it drops the last round"),
                  number_hint=_("'{delete} N' deletes round N").format(delete=word_in_use("commands", "delete")))
    change = usecases.undo(session.state)
    return session.changed(change, _("Dropped {what}.").format(what=change.dropped))
