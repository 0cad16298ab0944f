"""``edit N`` and ``delete N``: fix any recorded round; the table is shown before and after."""

from __future__ import annotations

import click

from scorekeeper.cli.base import echo_json, format_option, match_path
from scorekeeper.cli.round_options import round_options, typed_round
from scorekeeper.reports.render import render_table
from scorekeeper.session import open_match
from scorekeeper.storage.matchfile import save_match


def _before_after(before, after, ruleset, output_format: str, done: str, key: str, number: int) -> None:
    if output_format == "json":
        echo_json({key: number, "before": before.to_dict(), "after": after.to_dict()})
        return
    click.echo(f"{done}\n\nBefore:\n{render_table(before, ruleset)}\n\nAfter:\n{render_table(after, ruleset)}")


@click.command("edit")
@click.argument("number", type=click.IntRange(min=1), metavar="N")
@round_options
@click.option("--no-points", "no_points", is_flag=True,
              help="Clear the points made during play in round N (its claims and in-play totals).")
@format_option("json")
@click.pass_context
def edit_command(ctx: click.Context, number: int, output_format: str, no_points: bool, **facts) -> None:
    """Replace round N's facts (same line or flags as 'round'); the rounds after it are re-scored.

    The points made during play: --points (or claims and 'played' in the
    line) replace all of round N's (its claims from 'score' and its in-play
    totals); --no-points clears them; with neither, they are kept as they were.
    The new facts are checked as 'round' checks them; a rejected edit leaves the file as it was.
    The table is shown before and after.

    \b
    Examples:
      scorekeeper edit 2 "Alex out, Masha 1-2 3-3, Olya 13, Serg 5"
      scorekeeper edit 2 --out Alex --hand Masha=1-2,3-3 --total Olya=13 --total Serg=5
      scorekeeper edit 3 --fish --total Masha=2 --total Alex=3 --total Olya=13 --total Serg=5
      scorekeeper edit 1 --out Ann --total Bob=8 --points Ann=5
      scorekeeper edit 1 --out Ann --total Bob=8 --no-points
    """
    from scorekeeper.amend import check_number, edit_round
    from scorekeeper.errors import InputError

    if no_points and facts["play_points"]:
        raise InputError("give --points (replace the points made during play) or --no-points (clear them), "
                         "not both")
    opened = open_match(match_path(ctx))
    check_number(opened.match, number)
    rnd = typed_round(opened.match, opened.ruleset, facts)
    in_play = bool(facts["play_points"] or rnd.claims or rnd.play_points)
    if no_points and in_play:
        raise InputError("give the points made during play or --no-points (clear them), not both")
    if in_play:
        from scorekeeper.claims import close_hand

        rnd = close_hand(opened.match._replace(pending=()), opened.ruleset, rnd, facts["play_points"],
                         rounds_before=number - 1)
    keep = not (no_points or in_play)
    match, table = edit_round(opened.match, opened.ruleset, number, rnd, keep_in_play=keep,
                              scored=opened.table.rounds)
    save_match(match, opened.path)
    _before_after(opened.table, table, opened.ruleset, output_format, f"Round {number} replaced.", "edited",
                  number)


@click.command("delete")
@click.argument("number", type=click.IntRange(min=1), metavar="N")
@format_option("json")
@click.pass_context
def delete_command(ctx: click.Context, number: int, output_format: str) -> None:
    """Delete round N; the later rounds move up and are re-scored.

    The table is shown before and after.

    Example: scorekeeper delete 2
    """
    from scorekeeper.amend import delete_round

    opened = open_match(match_path(ctx))
    match, table = delete_round(opened.match, opened.ruleset, number, opened.table.rounds)
    save_match(match, opened.path)
    _before_after(opened.table, table, opened.ruleset, output_format, f"Round {number} deleted.", "deleted",
                  number)
