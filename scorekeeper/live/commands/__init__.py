"""The session's table: every command, and every other kind of line (``live.line.Kind``), with the function
that answers it (``run(session, line) -> Reply``, each in its own module here).  The session's loop, ``help``
and Tab completion all read this table: a new command is one more entry (and its words in each language,
``notation.words``), a new kind of line one more rule in ``live.line`` and one more entry in ``LINES``."""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple

from scorekeeper.i18n import N_
from scorekeeper.live.commands import (
    again,
    allow,
    check,
    claims,
    delete,
    edit,
    explain,
    hands,
    help,
    plays,
    question,
    quit,
    redo,
    round_line,
    rules,
    save,
    table,
    undo,
    word,
)
from scorekeeper.live.line import Kind, Line
from scorekeeper.live.reply import Reply


class SessionCommand(NamedTuple):
    """One entry of the table."""

    run: Callable[..., Reply]
    """What answers the line: ``run(session, line)``, a ``live.line.Line``."""
    typed: str = ""
    """How 'help' writes it, in English words ('redo [N]'); '' for none of its own."""
    meaning: str = ""
    """What 'help' says it does (a message, marked N_)."""
    after: tuple[str, ...] = ()
    """The words it takes after it, which Tab completes ('all'; ``notation.words``' options)."""
    reloads: bool = True
    """The match file, changed by another command meanwhile, is read again before it runs."""
    changes: bool = False
    """It changes the match's rounds: the same round typed again after it is not a line pasted twice."""
    offered: bool = True
    """Tab offers it at the start of a line ('exit' is the other word for 'quit')."""
    keeps: bool = False
    """It changes nothing: a breach waiting for 'allow' still waits after it (a question, 'table')."""


COMMANDS: Mapping[str, SessionCommand] = {
    "undo": SessionCommand(undo.run, "undo", N_("drop the last round/claim"), after=("list", "all"), changes=True),
    "allow": SessionCommand(allow.run),  # the help says it with the plays (HELP_PLAYS)
    "redo": SessionCommand(redo.run, "redo [N]", N_("put back what was undone"), changes=True),
    "edit": SessionCommand(edit.run, "edit N LINE", N_("round N is LINE instead"), changes=True),
    "delete": SessionCommand(delete.run, "delete N", N_("delete round N"), changes=True),
    "table": SessionCommand(table.run, "table [all]", N_("the running table"), after=("all",), keeps=True),
    "explain": SessionCommand(explain.run, "explain [N]", N_("how a round was scored"), after=("all", "hand"),
                              keeps=True),
    "ends": SessionCommand(question.ends, "ends, held", N_("the open ends; the tiles held (? 56: a tile)"),
                    keeps=True),
    "held": SessionCommand(question.held, keeps=True),
    "check": SessionCommand(check.run, "check ...", N_("fish, deal, hand, count"), after=check.CHECKS),
    "rules": SessionCommand(rules.run, "rules [all]", N_("the match's ruleset"), after=("all",), keeps=True),
    "again": SessionCommand(again.run, "again", N_("once over: a rematch"), changes=True),
    "save": SessionCommand(save.run, reloads=False),  # it reloads itself
    "help": SessionCommand(help.run, "help, quit", N_("this help; leave (Ctrl-D)"), reloads=False),
    "quit": SessionCommand(quit.run, reloads=False),
    "exit": SessionCommand(quit.run, reloads=False, offered=False),
}
"""The session's commands by their English word (``notation.words.command_word`` reads every language's)."""

LINES: Mapping[Kind, SessionCommand] = {
    Kind.ROUND: SessionCommand(round_line.run),
    Kind.CLAIMS: SessionCommand(claims.run),
    Kind.WORD: SessionCommand(word.run),
    Kind.ROUND_IN_HAND: SessionCommand(round_line.in_hand),
    Kind.PLAYS: SessionCommand(plays.run),
    Kind.FISH: SessionCommand(plays.fish),
    Kind.KNOCKS: SessionCommand(plays.knocks),
    Kind.HANDS: SessionCommand(hands.run),
    Kind.QUESTION: SessionCommand(question.run, keeps=True),
}
"""What answers each other kind of line."""


def entry(line: Line, commands: Mapping[str, SessionCommand] = COMMANDS) -> SessionCommand:
    """The entry that answers ``line``."""
    return commands[line.command] if line.kind is Kind.COMMAND else LINES[line.kind]
