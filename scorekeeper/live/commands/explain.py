"""'explain [N]': the round's facts and ruling fitted to the screen (the rules applied in order left out where
they do not fit, a hand typed play by play folded several plays to a line), through the session's pager where
even that is taller than the screen; 'explain [N] all' every line, through the pager."""

from __future__ import annotations

from scorekeeper.i18n import N_
from scorekeeper.live.arguments import is_option, number
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import in_session_words, shown_table
from scorekeeper.referee.explain import explain_round
from scorekeeper.reports.explain import render_explanation
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    words = line.rest.split()
    every = bool(words) and is_option(words[-1], "all")
    rest = " ".join(words[:-1] if every else words)
    which = number(rest, f"{word_in_use('commands', 'explain')} [N] [{word_in_use('options', 'all')}]",
                   N_("one round number or none, and 'all'")) if rest else None
    text = explained(session, which, every)
    room = session.room()
    return Reply(text, page=every or room is not None and text.count("\n") + 1 > room)


def explained(session, which: int | None, every: bool = False) -> str:
    state = session.state
    found = explain_round(state.match, state.ruleset, shown_table(state.table), which)
    found = found._replace(facts=tuple(fact.in_session() for fact in found.facts),
                           result=in_session_words(found.result))
    return render_explanation(found, session.screen().width, None if every else session.room(),
                              show_all=f"'{word_in_use('commands', 'explain')} {found.number} "
                                       f"{word_in_use('options', 'all')}'")
