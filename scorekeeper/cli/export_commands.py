"""``export`` the match to CSV, JSON, TOML or a published table (Markdown, HTML, LaTeX...); ``import`` a JSON or
TOML export back."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.base import Command, match_path
from scorekeeper.cli.output import echo_for_programs, echo_paged, kept_said, screen_width
from scorekeeper.cli.params import FilePath
from scorekeeper.errors import printable
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.opened import open_match
from scorekeeper.reports.formats import BY_SUFFIX, EXPORTS, PUBLISHED
from scorekeeper.storage.output import FILE, output_kind, write_output


@click.command("export", cls=Command)
@click.option("--format", "output_format", type=click.Choice(EXPORTS), default="json", show_default=True,
              metavar="FORMAT",
              help="csv (a row per round and side; the hand in progress as \"in-play\"), json (facts + "
                   "table after every round), toml (the match log itself); or the table with who won, to "
                   "publish: markdown, github (Markdown), html, latex, rst, mediawiki, org, grid (plain text). "
                   "Without it, -o FILE's extension names it (.csv, .toml, .md, .html, .tex, .rst, .wiki, .org, "
                   ".txt: grid).")
@click.option("-o", "--output", type=FilePath(dir_okay=False), metavar="FILE",
              help="Write to FILE instead of printing (- prints; a device or a pipe is written as it is).")
@click.option("--force", is_flag=True, help="Write over FILE when it exists.")
@click.pass_context
def export_command(ctx: click.Context, output_format: str, output: str | None, force: bool) -> None:
    """Export the match: its facts and the computed table.

    \b
    Examples:
      scorekeeper export --format csv -o season.csv
      scorekeeper export --format json > match.json
      scorekeeper export --format markdown
      scorekeeper export -o season.html   # the format its extension names
    """
    if output == "-":  # the standard output, as without -o
        output = None
    if output is not None and ctx.get_parameter_source("output_format") is click.core.ParameterSource.DEFAULT:
        output_format = BY_SUFFIX.get(os.path.splitext(output)[1].lower(), output_format)  # -o season.csv: CSV
    opened = open_match(match_path(ctx), explain=output_format == "json")  # the JSON export shows the steps
    written_to = None  # the standard output, a device or a pipe: where the text is kept is not known
    if output is not None and output_kind(output, opened.path, force) == FILE:  # refused before the work
        written_to = output
    if output_format in PUBLISHED:
        from scorekeeper.reports.publish import publish  # start-up: tabulate, for the commands that publish

        text = publish(output_format, opened.table, opened.ruleset)
    else:
        from scorekeeper.reports.export import export_match  # start-up: keeps reports.export out of 'import'

        text = export_match(output_format, opened.match, opened.ruleset, opened.table, written_to)
    if output is None:
        echo_for_programs(text, "-o FILE")
        return
    write_output(output, text, opened.path, force)
    rounds = len(opened.table.rounds)
    click.echo(ngettext("Exported {n} round as {format} to {path}.", "Exported {n} rounds as {format} to {path}.",
                        rounds).format(n=rounds, format=output_format, path=printable(output)), err=True)


@click.command("import", cls=Command)
@click.argument("file", type=FilePath(exists=True, dir_okay=False))
@click.option("--force", is_flag=True,
              help="Replace an existing match file: the old one is kept beside it under a dated name.")
@click.pass_context
def import_command(ctx: click.Context, file: str, force: bool) -> None:
    """Read a JSON or TOML export back into the match file (see --match).

    The facts are checked like a match file; the table is recomputed from them.

    \b
    Examples:
      scorekeeper import match.json
      scorekeeper --match club/2024-05-01.toml import shared.toml
      scorekeeper import --force shared.toml   # the old match is kept as match.DATE-TIME.toml
    """
    from scorekeeper.match.usecases import import_match  # start-up: keeps the use cases out of 'export'
    from scorekeeper.reports.render import render_table  # start-up: and reports.render
    change = import_match(match_path(ctx), file, force)
    kept = kept_said(change.kept) + "\n" if change.kept else ""
    rounds = len(change.match.rounds)
    said = ngettext("Imported {n} round from {file} into {path}.", "Imported {n} rounds from {file} into {path}.",
                    rounds).format(n=rounds, file=file, path=change.path)
    # a long match's table is taller than a 24-line screen: paged, what was imported stays in view
    echo_paged(f"{said}\n{kept}\n{render_table(change.table, change.after.ruleset, width=screen_width())}")
