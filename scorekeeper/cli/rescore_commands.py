"""Re-scoring a match under another ruleset: ``compare``, and ``table --rules``, which shows the other table
alone."""

from __future__ import annotations

import click

from scorekeeper.cli.base import Command, format_option, match_path, wide_option
from scorekeeper.cli.completion import ruleset_names
from scorekeeper.cli.output import echo_json, echo_shown, screen_width
from scorekeeper.i18n import _
from scorekeeper.match.opened import open_match
from scorekeeper.referee.rescore import compare as compare_tables, rescore
from scorekeeper.reports.fit import wrap_lines
from scorekeeper.rules.loader import load_ruleset


@click.command("compare", cls=Command)
@click.argument("other", metavar="OTHER", shell_complete=ruleset_names)
@wide_option
@format_option("json")
@click.pass_context
def compare(ctx: click.Context, other: str, wide: bool, output_format: str) -> None:
    """Score the match under OTHER beside its own ruleset, marking what differs.

    OTHER is a built-in ruleset or a ruleset file. The match file is not changed. Lists the rule keys
    that differ, and the facts OTHER cannot use or needs but the match lacks.

    \b
    Examples:
      scorekeeper compare house.toml
      scorekeeper compare goat-pairs --format json
    """
    opened = open_match(match_path(ctx))
    comparison = compare_tables(opened.match, opened.ruleset, load_ruleset(other), opened.table)
    if output_format == "json":
        echo_json(comparison.to_dict())
        return
    from scorekeeper.reports.compare import render_comparison  # start-up: keeps reports.compare out of JSON

    echo_shown(render_comparison(comparison, screen_width(wide), wide), wide)


def show_rescored(ctx: click.Context, rules_spec: str, output_format: str, wide: bool = False,
                  every_round: bool = False) -> None:
    """``table --rules OTHER``: the match's facts replayed under another ruleset; nothing is written."""
    path = match_path(ctx)
    opened = open_match(path)  # the file checked under its own ruleset first, as 'table' does
    rescored = rescore(opened.match, load_ruleset(rules_spec), opened.ruleset)
    if output_format == "json":
        echo_json({**rescored.table.to_dict(), "not_scored": list(rescored.unscored),
                   "rescore_notes": list(rescored.notes),
                   "unconverted_claims": [item.to_dict() for item in rescored.unconverted]})
        return
    from scorekeeper.reports.formats import PUBLISHED  # start-up: keeps the formats' names out of compare

    if output_format in PUBLISHED:
        from scorekeeper.cli.published import show_published  # start-up: keeps tabulate out of the terminal's table

        show_published(rescored.table, rescored.ruleset, output_format, every_round)
        return
    from scorekeeper.reports.render import SHOWN_ROUNDS, render_table  # start-up: keeps reports.render out of JSON

    width = screen_width(wide)
    said = _("(re-scored under {ruleset}, from the facts of {path}; the match file is unchanged)").format(
        ruleset=rescored.ruleset.called, path=path)
    shown = render_table(rescored.table, rescored.ruleset, None if every_round else SHOWN_ROUNDS, width, wide)
    notes = [_("note: {note}").format(note=note) for note in rescored.notes]
    echo_shown("\n".join([shown, *wrap_lines(["", said] + notes, width)]), wide)
