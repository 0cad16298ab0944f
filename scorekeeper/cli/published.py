"""``table --format FMT`` for a published format (markdown, html, latex...): the people's table for a page."""

from __future__ import annotations

from scorekeeper.cli.output import echo_for_programs
from scorekeeper.reports.render import SHOWN_ROUNDS


def show_published(table, ruleset, output_format: str, every_round: bool) -> None:
    """The table in a published format, of the rounds the people's table shows (every round with --all)."""
    from scorekeeper.reports.publish import publish  # start-up: tabulate, for the commands that publish

    shown = table.rounds if every_round else table.rounds[max(0, len(table.rounds) - SHOWN_ROUNDS):]
    echo_for_programs(publish(output_format, table, ruleset, shown), "> FILE")
