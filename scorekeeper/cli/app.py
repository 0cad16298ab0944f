"""The ``scorekeeper`` command group: its global options, and where each command lives (loaded when used)."""

from __future__ import annotations

import click

from scorekeeper import __version__
from scorekeeper.cli.base import Group
from scorekeeper.cli.params import FromEnvironment, PathType
from scorekeeper.i18n import LANGUAGES
from scorekeeper.storage.default import DEFAULT_MATCH, ENVIRONMENT

COMMANDS = {
    "new": "scorekeeper.cli.match_commands:new",
    "round": "scorekeeper.cli.match_commands:round_command",
    "table": "scorekeeper.cli.match_commands:table_command",
    "undo": "scorekeeper.cli.match_commands:undo",
    "redo": "scorekeeper.cli.match_commands:redo",
    "score": "scorekeeper.cli.claim_commands:score_command",
    "rating": "scorekeeper.cli.match_commands:rating_command",
    "rules": "scorekeeper.cli.rules_commands:rules",
    "demo": "scorekeeper.cli.demo_command:demo",
    "check": "scorekeeper.cli.check_commands:check",
    "explain": "scorekeeper.cli.check_commands:explain",
    "compare": "scorekeeper.cli.rescore_commands:compare",
    "edit": "scorekeeper.cli.edit_commands:edit_command",
    "delete": "scorekeeper.cli.edit_commands:delete_command",
    "export": "scorekeeper.cli.export_commands:export_command",
    "import": "scorekeeper.cli.export_commands:import_command",
    "history": "scorekeeper.cli.archive_command:history",
    "chart": "scorekeeper.cli.chart_command:chart",
    "play": "scorekeeper.cli.play_command:play",
    "serve": "scorekeeper.cli.serve_command:serve",
}

SUMMARIES = {
    "new": "Start a match: PLAYERS in seating order (or --team twice for pairs).",
    "round": "Record a round: how it ended and what everyone still holds.",
    "table": "Show the running table: every side's points round by round.",
    "undo": "Drop the last round (or the last claim in progress) and say which.",
    "redo": "Put back what undo, delete or edit took out (the newest, or change N).",
    "score": "Record points PLAYER claims during play (Muggins, All Fives, Phone ...).",
    "rating": "Rating gains after a finished match (or one stopped because a player left).",
    "rules": "List, show and check rulesets.",
    "demo": "Replay a bundled sample match and show its table (nothing is written unless --save).",
    "check": "Rule on a position at the table, citing the ruleset.",
    "explain": "Explain how every side's numbers came out in ROUND (default: the last round).",
    "compare": "Score the match under OTHER beside its own ruleset, marking what differs.",
    "edit": "Replace round N's facts (same line or flags as 'round'); the rounds after it are re-scored.",
    "delete": "Delete round N; the later rounds move up and are re-scored.",
    "export": "Export the match: its facts and the computed table.",
    "import": "Read a JSON or TOML export back into the match file (see --match).",
    "history": "Sum up every match file (*.toml) under DIR... per player.",
    "chart": "Chart each side's running score per round, with the target line and the eggs marked.",
    "play": "Keep score at the table: type each round in one line at the prompt.",
    "serve": "Show the match on every phone at the table: a live, read-only scoreboard.",
}
"""Each command's summary, the first paragraph of its help word for word (a test holds each to its command's):
``scorekeeper --help`` and Tab list the commands with these without loading a command's module."""


@click.group(cls=Group, lazy=COMMANDS, summaries=SUMMARIES, lasting=("play", "serve"),
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--match", "match_path", cls=FromEnvironment, type=PathType(), metavar="FILE", envvar=ENVIRONMENT,
              default=DEFAULT_MATCH, show_default=True, show_envvar=True,
              help="The match file to read and write.")
@click.option("--lang", "language", type=click.Choice(LANGUAGES),
              help="The language to speak: else SCOREKEEPER_LANG, the match file's language, the locale's.")
@click.version_option(__version__, prog_name="scorekeeper", help="Show the version and exit.")
def cli(match_path: str, language: str | None) -> None:
    """Keep score for a real game of dominoes, and referee it.

    \b
    Start a match, then type each round in one line:
      scorekeeper new --rules goat Masha Alex Olya Serg
      scorekeeper round "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"
      scorekeeper round "fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5"
      scorekeeper table
    or type them at a prompt: scorekeeper play.
    'scorekeeper explain N' says how round N's numbers came out.
    """
