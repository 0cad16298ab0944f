"""``scorekeeper score``: points claimed during play, recorded into the hand in progress."""

from __future__ import annotations

import click

from scorekeeper.cli.base import echo_json, format_option, match_path


@click.command("score", context_settings={"ignore_unknown_options": True})
@click.argument("player")
@click.argument("points", metavar="POINTS", required=False)
@click.option("--count", "count", metavar="N", help="The count of the open ends instead of POINTS: the "
              "ruleset says what it scores (Fives and Threes: --count 15 scores 8).")
@format_option("json")
@click.pass_context
def score_command(ctx: click.Context, player: str, points: str | None, count: str | None,
                  output_format: str) -> None:
    """Record points PLAYER claims during play (Muggins, All Fives, Phone ...).

    The claim joins the hand in progress and shows in the table at once;
    'round' closes the hand and adds the end-of-hand count; 'undo' drops
    the last claim. A claim the ruleset cannot produce is refused. A count
    the player missed may be claimed by an opponent (Muggins): score it to them.

    \b
    Examples:
      scorekeeper score Ann 10
      scorekeeper score Bob --count 15
      scorekeeper score Bob 15 --format json
    """
    from scorekeeper.claims import add_claim, parse_points
    from scorekeeper.reports.render import render_table
    from scorekeeper.scoring.engine import replay
    from scorekeeper.session import open_match
    from scorekeeper.storage.matchfile import save_match

    from scorekeeper.errors import InputError

    if (points is None) == (count is None):
        raise InputError("give the points claimed (score Ann 10) or the count of the open ends "
                         "(score Ann --count 15), one of them")
    value = parse_points(points, "claim") if count is None else parse_points(count, "count")
    opened = open_match(match_path(ctx))
    if count is not None:
        from scorekeeper.scoring.counts import score_for_count

        value = score_for_count(opened.ruleset, value)
    match = add_claim(opened.match, opened.ruleset, player, value, opened.table.over)
    table = replay(opened.ruleset, match, opened.table.rounds)  # the rounds are unchanged: only the claims
    save_match(match, opened.path)
    claim = match.pending[-1]
    if output_format == "json":
        echo_json({"claim": {"player": claim.player, "points": claim.points}, "table": table.to_dict()})
        return
    click.echo(f"{claim.player} claims {claim.points}.\n")
    click.echo(render_table(table, opened.ruleset))
