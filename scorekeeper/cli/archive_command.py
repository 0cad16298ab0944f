"""``history DIR...``: a club's archive, every match file under the folders summed up per player
(``reports.archive``). In the code "history" is the undo log of one match; only this command's name, which
people type, keeps the word."""

from __future__ import annotations

import io

import click

from scorekeeper.cli.base import Command, format_option
from scorekeeper.cli.output import echo_for_programs, echo_json, echo_paged, screen_width
from scorekeeper.cli.params import FilePath, whole_number
from scorekeeper.errors import printable
from scorekeeper.i18n import N_, _
from scorekeeper.reports.fit import wrap

MOST_JOBS = 256
"""The most processes ``--jobs`` may ask for: a typo (99999) is refused, never started."""


@click.command("history", cls=Command)
@click.argument("folders", nargs=-1, required=True, metavar="DIR...",
                type=FilePath(exists=True, file_okay=True, dir_okay=True))
@click.option("--jobs", type=whole_number(N_("the number of processes"), low=1, high=MOST_JOBS), metavar="N",
              help="Processes reading files (default: one per CPU for a large archive).")
@format_option("json", "csv")
def history(folders: tuple[str, ...], jobs: int | None, output_format: str) -> None:
    """Sum up every match file (*.toml) under DIR... per player.

    Per player: matches played, won, lost (the goat), rounds, average points per round, and the rating
    (rules.md §2) summed over finished matches.

    Files that are not match logs, or are broken, are skipped and named on stderr.

    \b
    Examples:
      scorekeeper history club/2024 club/2025
      scorekeeper history club --format csv > season.csv
    """
    from scorekeeper.reports.archive import read_history, render_history  # start-up: keeps reports.archive (the
    # match layer with it) out of 'history --help' and Tab completion

    found = read_history(folders, jobs)
    if found.skipped:
        width = screen_width(stream="stderr")
    for item in found.skipped:
        # a reason that names its file and line already (PATH:LINE: ...) is said once; a name may hold anything
        said = item.reason if item.reason.startswith(f"{item.path}:") else f"{item.path}: {item.reason}"
        click.echo("\n".join(wrap(printable(_("skipped {file_and_reason}").format(file_and_reason=said)), width,
                                   indent="  ")), err=True)
    if output_format == "json":
        echo_json(found.to_dict())
        return
    columns = ("player", "played", "won", "lost", "rounds", "average", "rating")
    rows = [[getattr(record, column) for column in columns] for record in found.players]
    if output_format == "csv":
        import csv  # start-up: keeps csv out of the text and JSON output
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        echo_for_programs(buffer.getvalue())
        return
    echo_paged(render_history(found, screen_width()))  # a club's players can outnumber the screen's lines
