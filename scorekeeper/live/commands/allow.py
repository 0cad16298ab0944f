"""'allow': the table lets the breach of the rules of play just said stand (rules.md §10.9): the play refused
for it is made as it was played, or a breach a later play or the hands proved is kept; at the end of the hand,
its round is then recorded.  Either way one line says which play was let stand."""

from __future__ import annotations

from typing import Iterable

from scorekeeper.errors import StateError
from scorekeeper.i18n import _
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.commands.hands import record_hand
from scorekeeper.live.commands.plays import make
from scorekeeper.live.reply import Reply
from scorekeeper.notation.play_line import said_play
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    nothing_after("allow", line.rest, _("it lets the breach just said stand"))
    hand = session.refused or session.hand
    if hand is None:
        raise StateError(_("no hand is in play: '{allow}' lets a breach of the rules of play stand, as the table "
                           "played it").format(allow=word_in_use("commands", "allow")))
    if hand.pending is not None:  # the line refused for it, made as it was played (its place asked, if open)
        refused, index = hand.pending
        ruled = len(hand.rulings)
        return _said_once_made(session, hand, make(session, refused, allowed=index, hand=hand), ruled)
    before = hand.snapshot()
    waiting = list(hand.unsettled)
    ruled = hand.allow()
    said = let_stand(hand, waiting)
    if hand.over and hand.hands_text:
        reply = record_hand(session, hand, hand.hands_text)
        return reply._replace(text=session.fitted(said) + ("\n" + reply.text if reply.text else ""))
    session.keep_hand(hand, before)  # the ruling kept with the hand in play
    if ruled:
        return Reply(hand.answer(ruled))
    return Reply(said)


def _said_once_made(session, hand, reply: Reply, ruled: int) -> Reply:
    """``reply`` with the plays let stand said first, once they are made: where the play's place (or its
    leader) is asked first, after the answer."""
    if session.asking is not None:
        asking = session.asking

        def answered(text: str) -> Reply:
            return _said_once_made(session, hand, asking(text), ruled)

        session.asking = answered
        return reply
    if len(hand.rulings) == ruled or not reply.ok:
        return reply
    return reply._replace(text=let_stand(hand, hand.rulings[ruled:]) + "\n" + reply.text)


def let_stand(hand, findings: Iterable) -> str:
    """'Let stand: play 2 (Bob draws 1).': the plays whose breach the table just let stand."""
    numbers = sorted({finding.play for finding in findings})
    return _("Let stand: {rulings}.").format(rulings=", ".join(
        _("play {number} ({play})").format(number=number, play=said_play(hand.plays[number - 1], hand.players))
        for number in numbers))
