"""``export`` the match to CSV, JSON, Markdown or TOML; ``import`` a JSON or TOML export back."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.base import FilePath, match_path
from scorekeeper.errors import StateError

FORMATS = ("csv", "json", "markdown", "toml")


def _same_file(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


@click.command("export")
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="json", show_default=True,
              help="csv (a row per round and side; the hand in progress as \"in-play\"), json (facts + "
                   "table after every round), markdown (for a chat), toml (the match log itself).")
@click.option("-o", "--output", type=FilePath(dir_okay=False), metavar="FILE",
              help="Write to FILE instead of printing.")
@click.pass_context
def export_command(ctx: click.Context, output_format: str, output: str | None) -> None:
    """Export the match: its facts and the computed table.

    \b
    Examples:
      scorekeeper export --format csv -o season.csv
      scorekeeper export --format json > match.json
      scorekeeper export --format markdown
    """
    from scorekeeper.reports.export import export_match
    from scorekeeper.match.opened import open_match

    opened = open_match(match_path(ctx), explain=output_format == "json")  # the JSON export shows the steps
    text = export_match(output_format, opened.match, opened.ruleset, opened.table)
    if output is None:
        click.echo(text, nl=False)
        return
    if _same_file(output, opened.path):
        raise StateError(f"{output} is the match file itself: export to another file")
    from scorekeeper.storage.atomic import write_atomic

    write_atomic(output, text)
    click.echo(f"Exported {len(opened.table.rounds)} rounds as {output_format} to {output}.", err=True)


@click.command("import")
@click.argument("file", type=FilePath(exists=True, dir_okay=False))
@click.option("--force", is_flag=True, help="Overwrite an existing match file.")
@click.pass_context
def import_command(ctx: click.Context, file: str, force: bool) -> None:
    """Read a JSON or TOML export back into the match file (see --match).

    The facts are checked like a match file; the table is recomputed from them.

    \b
    Examples:
      scorekeeper import match.json
      scorekeeper --match club/2024-05-01.toml import shared.toml
    """
    from scorekeeper.reports.export import is_json, parse_export, raise_problems
    from scorekeeper.reports.render import render_table
    from scorekeeper.rules.loader import is_path
    from scorekeeper.match.opened import ruleset_reference, validate_match, validate_text
    from scorekeeper.storage.matchfile import read_match_text, save_match

    target = match_path(ctx)
    if _same_file(file, target):
        raise StateError(f"{file} is already the match file")
    if os.path.exists(target) and not force:
        raise StateError(f"{target} already holds a match: use --force to replace it, or --match PATH for "
                         "another file")
    text = read_match_text(file)
    if is_json(text):
        match, problems = parse_export(text, file)
        opened, problems = validate_match(match, file, problems=problems)
    else:  # a TOML match log: checked exactly as a match file, problems with their lines
        _require_toml(text, file)
        opened, problems = validate_text(text, file)
    raise_problems(problems)
    match = opened.match
    _check_names(match, text, file)
    if is_path(match.ruleset):  # a ruleset file named relative to the export: name it from the new place

        where = os.path.join(os.path.dirname(os.path.abspath(file)), os.path.expanduser(match.ruleset))
        match = match._replace(ruleset=ruleset_reference(where, target))
    from scorekeeper.storage.lock import match_lock

    with match_lock(target):
        if os.path.exists(target) and not force:  # again, under the lock: another command may have made one
            raise StateError(f"{target} already holds a match: use --force to replace it, or --match PATH "
                             "for another file")
        save_match(match, target)
    click.echo(f"Imported {len(match.rounds)} rounds from {file} into {target}.\n")
    from scorekeeper.cli.base import screen_width

    click.echo(render_table(opened.table, opened.ruleset, width=screen_width()))


def _check_names(match, text: str, file: str) -> None:
    """Names are checked as 'new' checks typed ones: an export edited by hand may hold a padded name, a
    control character, or two names that match alike."""
    from scorekeeper.errors import MatchFileError
    from scorekeeper.match.record import seating_problem
    from scorekeeper.storage.matchfile import key_line

    problem = seating_problem(match.players, [side.name for side in match.sides if side.players != (side.name,)])
    if problem:
        raise MatchFileError(problem, file, key_line(text, "players"), "players")


def _require_toml(text: str, file: str) -> None:
    """Refuse a file that is neither JSON nor TOML (a CSV or Markdown export) by saying what import reads.

    A ``.toml`` file with a syntax error keeps the match file's own message (with its line)."""
    from scorekeeper.errors import MatchFileError
    from scorekeeper.storage.tomlread import TomlError, loads

    lowered = file.lower()
    if lowered.endswith(".toml"):
        return
    try:
        loads(text)
    except TomlError:
        kind = ("is a CSV export" if lowered.endswith(".csv") else
                "is a Markdown export" if lowered.endswith((".md", ".markdown")) else "is neither")
        raise MatchFileError(f"import reads JSON or TOML exports (export --format json or --format toml), and "
                             f"this file {kind}: CSV and Markdown exports cannot be imported", file) from None
