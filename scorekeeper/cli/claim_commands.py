"""``scorekeeper score``: points claimed during play, recorded into the hand in progress."""

from __future__ import annotations

import click

from scorekeeper.cli.base import Command, format_option, match_path
from scorekeeper.cli.completion import player_names
from scorekeeper.cli.output import echo_change
from scorekeeper.i18n import _


@click.command("score", cls=Command, context_settings={"ignore_unknown_options": True})
@click.argument("player", shell_complete=player_names)
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
    from scorekeeper.match import usecases  # start-up: keeps the match layer out of 'score --help' and Tab
    from scorekeeper.match.claims import parse_points  # start-up: likewise

    if (points is None) == (count is None):
        points = count = None  # both or neither: the core says to give one of them, before anything is parsed
    change = usecases.score(match_path(ctx), player,
                            points=None if points is None else parse_points(points, "claim"),
                            count=None if count is None else parse_points(count, "count"))
    claim = change.claim
    said = _("{player} claims {points} (in {path}).").format(player=claim.player, points=claim.points,
                                                           path=change.path)
    echo_change(change, output_format, said,
                claim={"player": claim.player, "points": claim.points, "count": claim.count})
