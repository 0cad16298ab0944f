"""'explain [N]': the round's facts and ruling fitted to the screen (the rules applied in order left out where
they do not fit, a hand typed play by play folded several plays to a line), through the session's pager where
even that is taller than the screen; 'explain [N] all' every line, through the pager.  'explain hand' (and
'explain' before any round is recorded) the hand in play play by play, as 'scorekeeper explain --hand'."""

from __future__ import annotations

from scorekeeper.errors import StateError
from scorekeeper.i18n import N_, _
from scorekeeper.live.arguments import is_option, number
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import in_session_words, shown_table
from scorekeeper.referee.explain import explain_round
from scorekeeper.reports.explain import render_explanation
from scorekeeper.rules.schema import PlayScore
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    words = line.rest.split()
    every = bool(words) and is_option(words[-1], "all")
    rest = " ".join(words[:-1] if every else words)
    room = session.room()
    state = session.state
    if is_option(rest, "hand") or not rest and not state.match.rounds and state.match.hand is not None:
        text = hand_explained(session)
        return Reply(text, page=every or room is not None and text.count("\n") + 1 > room)
    which = number(rest, f"{word_in_use('commands', 'explain')} [N|{word_in_use('options', 'hand')}] "
                         f"[{word_in_use('options', 'all')}]",
                   N_("one round number or none, and 'all'")) if rest else None
    text = explained(session, which, every)
    return Reply(text, page=every or room is not None and text.count("\n") + 1 > room)


def explained(session, which: int | None, every: bool = False) -> str:
    state = session.state
    found = explain_round(state.match, state.ruleset, shown_table(state.table), which)
    found = found._replace(facts=tuple(fact.in_session() for fact in found.facts),
                           result=in_session_words(found.result))
    return render_explanation(found, session.screen().width, None if every else session.room(),
                              show_all=f"'{word_in_use('commands', 'explain')} {found.number} "
                                       f"{word_in_use('options', 'all')}'")


def hand_explained(session) -> str:
    """The hand in play play by play, its breaches (those the table let stand said so), where it stands and
    what its plays scored; refused (StateError) when no hand is in play."""
    from scorekeeper.reports.explain import render_hand_in_play  # start-up: only a hand typed play by play
    from scorekeeper.scoring.open_hand import followed_hand  # start-up: likewise

    state = session.state
    hand = state.match.hand
    if hand is None:
        raise StateError(_("no hand is in play: '{explain}' explains the last round").format(
            explain=word_in_use("commands", "explain")))
    followed = followed_hand(state.ruleset, state.match, state.table)
    return render_hand_in_play(followed, state.table, state.ruleset.called,
                               state.ruleset["play.scores"] is not PlayScore.NONE, session.screen().width,
                               {(ruling.play, ruling.breach) for ruling in hand.rulings})
