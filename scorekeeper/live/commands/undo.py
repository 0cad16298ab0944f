"""'undo': the last play of the hand in play ('undo all': every play of it), else the last claim or round of
the match; 'undo list' lists what 'redo N' numbers."""

from __future__ import annotations

from scorekeeper.i18n import _, language, ngettext
from scorekeeper.live.arguments import is_option, nothing_after
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_plays
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    hand, rest = session.hand, line.rest
    if hand is not None:
        if is_option(rest, "all"):
            return _drop(session, hand)
        nothing_after("undo", rest, _("it takes back the last play ('{undo} {all}': every play of the "
                                      "hand)").format(undo=word_in_use("commands", "undo"),
                                                      all=word_in_use("options", "all")))
        before = hand.snapshot()
        play = hand.undo()
        session.keep_hand(hand, before)
        return Reply(hand.undone(play))
    if is_option(rest, "list"):  # what 'redo N' numbers
        return Reply(delegate=("undo", "--list"))
    nothing_after("undo", rest, _("it drops the last claim") if session.state.match.pending else
                  _("it drops the last round"),
                  number_hint=_("'{delete} N' deletes round N").format(delete=word_in_use("commands", "delete")))
    change = usecases.undo(session.state)
    return session.changed(change, _("Dropped {what}.").format(what=change.dropped))


def _drop(session, hand) -> Reply:
    """'undo all' in a hand: every play of it dropped, from the match file too, once the scorer says yes."""
    plays = len(hand.plays)

    def drop(confirmed: bool) -> Reply:
        typed = format_plays(hand.plays, language(), session.state.match.players)  # to be typed again
        session.keep_hand(None)
        return Reply(ngettext("Dropped the hand in play ({n} play): {plays}.",
                              "Dropped the hand in play ({n} plays): {plays}.", plays).format(n=plays, plays=typed))

    session.unconfirmed = drop
    session.declined = _("Kept the hand in play.")
    return Reply(ngettext("The hand in play has {n} play: all of it would be dropped, from the match file too.",
                          "The hand in play has {n} plays: all of them would be dropped, from the match file too.",
                          plays).format(n=plays), ok=False,
                 question=_("Drop the hand in play? [y/N] "))
