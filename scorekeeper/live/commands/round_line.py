"""A round line typed at the prompt: the round it says is built and checked once (``usecases.check``), a fact it
left out that could change the score is asked (``asking``), and the same checked round is recorded.  A round
line or a claim typed while a hand is played play by play is refused."""

from __future__ import annotations

from scorekeeper.errors import StateError
from scorekeeper.i18n import ngettext
from scorekeeper.live.commands.asking import ask_or_record
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    if line.problem is not None:
        raise line.problem
    return ask_or_record(session, usecases.check(session.state, line.facts))


def in_hand(session, line) -> Reply:
    plays = len(session.hand.plays)
    raise StateError(ngettext("a hand is in play ({n} play): type its plays to the end (the hands are asked for "
                              "then), or '{undo_all}' to drop them",
                              "a hand is in play ({n} plays): type its plays to the end (the hands are asked "
                              "for then), or '{undo_all}' to drop them", plays).format(
        n=plays, undo_all=word_in_use("commands", "undo") + " " + word_in_use("options", "all")))
