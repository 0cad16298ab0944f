"""``edit N`` and ``delete N``: fix any recorded round; the table is shown before and after."""

from __future__ import annotations

import click

from scorekeeper.cli.base import Command, format_option, match_path
from scorekeeper.cli.output import echo_json, echo_paged, hand_kept, reopened, screen_width
from scorekeeper.cli.params import ROUND_NUMBER
from scorekeeper.cli.round_options import facts_as_flags, round_facts, round_options
from scorekeeper.i18n import _
from scorekeeper.match import usecases
from scorekeeper.reports.fit import wrap_lines
from scorekeeper.reports.render import SHOWN_ROUNDS, render_table


def _before_after(change: usecases.Change, output_format: str, done: str, key: str) -> None:
    before, after, ruleset = change.before.table, change.table, change.after.ruleset
    from scorekeeper.referee.allowed import let_stand, settled_dicts, settled_lines  # start-up

    if output_format == "json":
        echo_json({key: change.number, "before": before.to_dict(), "after": after.to_dict(),
                   "settled": settled_dicts(change.settled)})
        return
    width = screen_width()
    said = [done]
    if key == "edited":
        said.append(let_stand(change.match.rounds[change.number - 1]))
    said = wrap_lines([line for line in said + settled_lines(change.settled) + hand_kept(change) if line], width)
    was, now = _("Before:"), _("After:")
    # two tables are taller than a 24-line screen from a few rounds on: paged, what was done stays in view
    echo_paged("\n".join([*said, "", was, render_table(before, ruleset, SHOWN_ROUNDS, width), "", now,
                          render_table(after, ruleset, SHOWN_ROUNDS, width), *reopened(change, width)]))


@click.command("edit", cls=Command)
@click.argument("number", type=ROUND_NUMBER, metavar="N")
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
    typed = round_facts(facts)
    with facts_as_flags(typed):
        change = usecases.edit(match_path(ctx), number, typed, clear_points=no_points, confirmed=facts["confirm"],
                               allow=facts["allow"])
    if change.unchanged and output_format != "json":  # JSON: the table before and after, the same
        click.echo("\n".join(wrap_lines([change.unchanged_said()], screen_width())))  # fitted to the screen
        return
    _before_after(change, output_format, _("Round {number} replaced.").format(number=number), "edited")


@click.command("delete", cls=Command)
@click.argument("number", type=ROUND_NUMBER, metavar="N")
@format_option("json")
@click.pass_context
def delete_command(ctx: click.Context, number: int, output_format: str) -> None:
    """Delete round N; the later rounds move up and are re-scored.

    The table is shown before and after.

    Example: scorekeeper delete 2
    """
    change = usecases.delete(match_path(ctx), number)
    _before_after(change, output_format, _("Round {number} deleted.").format(number=number), "deleted")
