"""'table': the latest rounds that fit the screen, with the header, the totals and what comes next; 'table all'
every round, through the pager."""

from __future__ import annotations

from scorekeeper.errors import InputError
from scorekeeper.i18n import _
from scorekeeper.live.arguments import is_option
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import shown_table
from scorekeeper.notation.words import word_in_use
from scorekeeper.reports.render import fitted_table


def run(session, line) -> Reply:
    every = bool(line.rest)
    if every and not is_option(line.rest, "all"):
        raise InputError(_("{table} takes '{all}' or nothing: '{table} {all}' shows every round").format(
            table=word_in_use("commands", "table"), all=word_in_use("options", "all")))
    text = fitted_table(shown_table(session.state.table), session.state.ruleset, session.screen().width,
                        None if every else session.room(),
                        show_all=f"'{word_in_use('commands', 'table')} {word_in_use('options', 'all')}'",
                        explain=word_in_use("commands", "explain"))
    return Reply(text, page=every)
