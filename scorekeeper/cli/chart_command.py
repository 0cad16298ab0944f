"""``chart``: each side's running score per round, as text in a terminal or an SVG/PNG file."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.base import Command, match_path
from scorekeeper.cli.output import screen_width
from scorekeeper.cli.params import FilePath, whole_number
from scorekeeper.errors import printable
from scorekeeper.i18n import N_, ngettext
from scorekeeper.match.opened import open_match
from scorekeeper.storage.output import output_kind, write_output


@click.command("chart", cls=Command)
@click.option("-o", "--output", type=FilePath(dir_okay=False), metavar="FILE.svg|FILE.png",
              help="Draw the chart into an SVG or PNG file (needs the chart extra: "
                   "pip install 'scorekeeper[chart]').")
@click.option("--text", "as_text", is_flag=True,
              help="The text chart even with -o (written to FILE, whatever its name).")
@click.option("--height", type=whole_number(N_("the chart's height"), low=4, high=60), metavar="N", default=10,
              show_default=True, help="Rows of the text chart (4 to 60).")
@click.pass_context
def chart(ctx: click.Context, output: str | None, as_text: bool, height: int) -> None:
    """Chart each side's running score per round, with the target line and the eggs marked.

    Without -o, print a compact text chart (no extra needed) that fits the screen's width.
    Points claimed in the hand in progress are the last column; how the match ended is marked.

    \b
    Examples:
      scorekeeper chart
      scorekeeper chart -o match.svg
      scorekeeper chart --text -o match.txt
    """
    from scorekeeper.reports import chart as charts  # start-up: keeps reports.chart out of 'chart --help' and Tab
    printed = output == "-" and as_text  # the standard output: the text chart as a file would hold it
    if output is not None and not as_text:
        fmt = charts.image_format(output)
    opened = open_match(match_path(ctx))
    if output is None or printed:
        click.echo(charts.text_chart(opened.table, opened.ruleset, height, None if printed else screen_width()))
        return
    output_kind(output, opened.path, force=True)  # refused before the work (a chart writes over its file)
    if as_text:
        data = charts.text_chart(opened.table, opened.ruleset, height) + "\n"
    else:
        data = charts.draw_chart(opened.table, opened.ruleset, fmt,
                                 title=f"{opened.ruleset.called}: {os.path.basename(opened.path)}")
    write_output(output, data, opened.path, force=True)
    rounds = len(opened.table.rounds)
    click.echo(ngettext("Chart of {n} round written to {path}.", "Chart of {n} rounds written to {path}.",
                        rounds).format(n=rounds, path=printable(output)), err=True)  # not into a stream
