"""Plays of a hand typed play by play (``live.hand``): the first starts the hand, each is ruled on by the board
and answered in a line; 'fish' on a sealed layout nobody can open; the knocks said after a fish."""

from __future__ import annotations

from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import _
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import word_in_use
from scorekeeper.scoring.board import PlayBreach
from scorekeeper.scoring.lead import opening


def run(session, line) -> Reply:
    if line.problem is not None:  # meant as plays: what is wrong with them
        raise line.problem
    hand, state = session.hand, session.state
    if hand is None:
        if state.table.over:
            raise StateError(_("the match is over: '{again}' starts the next one").format(
                again=word_in_use("commands", "again")))
        if state.match.pending:
            raise StateError(_("the claims of this hand are noted: record its round with a round line (or "
                               "'{undo}' them) before typing a hand play by play").format(
                undo=word_in_use("commands", "undo")))
        hand = HandInPlay(state.ruleset, state.match.players, opening=opening(
            state.ruleset, state.match, state.table.rounds[-1] if state.table.rounds else None))
    try:
        answer = hand.answer(hand.play_all(line.plays))
    except PlayBreach as breach:
        session.refused = hand  # for 'allow', the next line
        raise InputError(_("{refusal} ('{allow}' lets it stand as played)").format(
            refusal=breach, allow=word_in_use("commands", "allow"))) from None
    session.hand = hand
    return Reply(answer)


def fish(session, line) -> Reply:
    """'fish' typed on a sealed layout that nobody can open: every player knocks in turn."""
    hand = session.hand
    return Reply(hand.answer(hand.fish()))


def knocks(session, line) -> Reply:
    """Knocks said round the table after the tile that blocks it: taken, they change nothing."""
    hand = session.hand
    return Reply(hand.answer(hand.play_all(line.plays)))
