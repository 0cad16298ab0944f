"""'allow': the table lets the breach of the rules of play just said stand (rules.md §10.9): the play refused
for it is made as it was played, or a breach a later play or the hands proved is kept; at the end of the hand,
its round is then recorded."""

from __future__ import annotations

from scorekeeper.errors import StateError
from scorekeeper.i18n import _
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.commands.hands import record_hand
from scorekeeper.live.commands.plays import make
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    nothing_after("allow", line.rest, _("it lets the breach just said stand"))
    hand = session.refused or session.hand
    if hand is None:
        raise StateError(_("no hand is in play: '{allow}' lets a breach of the rules of play stand, as the table "
                           "played it").format(allow=word_in_use("commands", "allow")))
    if hand.pending is not None:  # the line refused for it, made as it was played (its place asked, if open)
        refused, index = hand.pending
        return make(session, refused, allowed=index, hand=hand)
    before = hand.snapshot()
    ruled = hand.allow()
    if hand.over and hand.hands_text:
        return record_hand(session, hand, hand.hands_text)
    session.keep_hand(hand, before)  # the ruling kept with the hand in play
    if ruled:
        return Reply(hand.answer(ruled))
    return Reply(_("Let stand as played: {rulings}.").format(rulings=", ".join(
        _("play {number}").format(number=finding.play) for finding in hand.rulings)))
