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


class Command(NamedTuple):
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


COMMANDS: Mapping[str, Command] = {
    "undo": Command(undo.run, "undo", N_("drop the last round/claim"), after=("list", "all"), changes=True),
    "allow": Command(allow.run),  # the help says it with the plays (HELP_PLAYS)
    "redo": Command(redo.run, "redo [N]", N_("put back what was undone"), changes=True),
    "edit": Command(edit.run, "edit N LINE", N_("round N is LINE instead"), changes=True),
    "delete": Command(delete.run, "delete N", N_("delete round N"), changes=True),
    "table": Command(table.run, "table [all]", N_("the running table"), after=("all",)),
    "explain": Command(explain.run, "explain [N]", N_("how a round was scored"), after=("all",)),
    "check": Command(check.run, "check ...", N_("fish, deal, hand, count"), after=check.CHECKS),
    "rules": Command(rules.run, "rules [all]", N_("the match's ruleset"), after=("all",)),
    "again": Command(again.run, "again", N_("once over: a rematch"), changes=True),
    "save": Command(save.run, reloads=False),  # it reloads itself
    "help": Command(help.run, "help, quit", N_("this help; leave (Ctrl-D)"), reloads=False),
    "quit": Command(quit.run, reloads=False),
    "exit": Command(quit.run, reloads=False, offered=False),
}
"""The session's commands by their English word (``notation.words.command_word`` reads every language's)."""

LINES: Mapping[Kind, Command] = {
    Kind.ROUND: Command(round_line.run),
    Kind.CLAIMS: Command(claims.run),
    Kind.WORD: Command(word.run),
    Kind.ROUND_IN_HAND: Command(round_line.in_hand),
    Kind.PLAYS: Command(plays.run),
    Kind.FISH: Command(plays.fish),
    Kind.KNOCKS: Command(plays.knocks),
    Kind.HANDS: Command(hands.run),
}
"""What answers each other kind of line."""


def entry(line: Line, commands: Mapping[str, Command] = COMMANDS) -> Command:
    """The entry that answers ``line``."""
    return commands[line.command] if line.kind is Kind.COMMAND else LINES[line.kind]
