"""Commands on the match file: new, round, table, undo, rating."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.base import echo_json, format_option, match_path
from scorekeeper.cli.round_options import round_options, typed_round
from scorekeeper.errors import StateError
from scorekeeper.record import new_match, record_round, resolve_player, undo as undo_facts
from scorekeeper.reports.render import SHOWN_ROUNDS, render_table
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.session import open_match, ruleset_reference
from scorekeeper.storage.matchfile import save_match


def _show(table, ruleset, output_format: str, every_round: bool = False) -> None:
    if output_format == "json":
        echo_json(table.to_dict())
    else:
        click.echo(render_table(table, ruleset, None if every_round else SHOWN_ROUNDS))


@click.command()
@click.argument("players", nargs=-1)
@click.option("--rules", "rules_spec", default="goat", show_default=True, metavar="NAME|PATH",
              help="A built-in ruleset (see 'scorekeeper rules list') or a ruleset file.")
@click.option("--team", "teams", multiple=True, metavar="A,B",
              help="A partnership for a pairs game (give two); partners sit opposite.")
@click.option("--name", "team_names", multiple=True, help="A name for each --team, in order.")
@click.option("--force", is_flag=True, help="Overwrite an existing match file.")
@click.pass_context
def new(ctx: click.Context, players: tuple[str, ...], rules_spec: str, teams: tuple[str, ...],
        team_names: tuple[str, ...], force: bool) -> None:
    """Start a match: PLAYERS in seating order (or --team twice for pairs).

    \b
    Examples:
      scorekeeper new --rules goat Masha Alex Olya Serg
      scorekeeper new --rules goat-pairs --team Masha,Olya --team Alex,Serg
    """
    path = match_path(ctx)
    if os.path.exists(path) and not force:
        raise StateError(f"{path} already holds a match: use --force to start over, or --match PATH for "
                         "another file")
    ruleset = load_ruleset(rules_spec)
    split = [tuple(name.strip() for name in team.split(",")) for team in teams]
    match = new_match(ruleset_reference(rules_spec, path), ruleset, players, split, team_names)
    save_match(match, path)
    sides = ", ".join(side.name for side in match.sides)
    click.echo(f"New {ruleset.name} match in {path}: {sides}.")
    click.echo(f"next: {replay(ruleset, match).lead_note}")


@click.command("round")
@round_options
@format_option("json")
@click.pass_context
def round_command(ctx: click.Context, output_format: str, **facts) -> None:
    """Record a round: how it ended and what everyone still holds.

    Every player except the one who went out needs --hand or --total.
    Points claimed with 'score' during the hand are closed into this round.

    \b
    Examples:
      scorekeeper round "Masha out, Alex 1-2 3-3, Olya 6-6 0-1, Serg 5"
      scorekeeper round m out 3 13 5
      scorekeeper round --out Masha --hand Alex=1-2,3-3 --hand Olya="6-6 0-1" --total Serg=5
      scorekeeper round --fish --total Masha=2 --total Alex=3 --total Olya=13 --total Serg=5
      scorekeeper round --led 6-6 --out Ann --hand Bob=1-2,4-4 --last 0-0
      scorekeeper round --fish --fisher Ann --total Ann=18 --total Bob=18
      scorekeeper round --out Ann --total Bob=13 --points Ann=25 --points Bob=10
    """
    opened = open_match(match_path(ctx))
    rnd = typed_round(opened.match, opened.ruleset, facts)
    if facts["play_points"] or opened.match.pending or rnd.claims or rnd.play_points:
        from scorekeeper.claims import close_hand  # only the points-race games pay for it

        rnd = close_hand(opened.match, opened.ruleset, rnd, facts["play_points"])
    match = record_round(opened.match, opened.ruleset, rnd, opened.table.over, opened.table.rounds)
    table = replay(opened.ruleset, match, opened.table.rounds)  # only the new round is scored
    save_match(match, opened.path)
    if output_format == "text":
        click.echo(f"Round {len(match.rounds)} recorded.\n")
    _show(table, opened.ruleset, output_format)


@click.command("table")
@click.option("--all", "every_round", is_flag=True,
              help=f"Show every round (by default the latest {SHOWN_ROUNDS} and the totals).")
@click.option("--rules", "rules_spec", metavar="NAME|PATH",
              help="Re-score the match's facts under another ruleset (the match file is not changed).")
@format_option("json")
@click.pass_context
def table_command(ctx: click.Context, every_round: bool, rules_spec: str | None, output_format: str) -> None:
    """Show the running table: every side's points round by round.

    \b
    Examples:
      scorekeeper table
      scorekeeper table --all
      scorekeeper table --format json
      scorekeeper table --rules my-house.toml
    """
    if rules_spec:
        from scorekeeper.cli.check_commands import show_rescored

        show_rescored(ctx, rules_spec, output_format)
        return
    opened = open_match(match_path(ctx))
    _show(opened.table, opened.ruleset, output_format, every_round)


@click.command()
@format_option("json")
@click.pass_context
def undo(ctx: click.Context, output_format: str) -> None:
    """Drop the last round (or the last claim in progress) and say which.

    Example: scorekeeper undo
    """
    opened = open_match(match_path(ctx))
    match, dropped = undo_facts(opened.match)
    save_match(match, opened.path)
    table = replay(opened.ruleset, match, opened.table.rounds[:len(match.rounds)])  # the rounds kept are scored
    if output_format == "json":
        echo_json({"dropped": dropped, "table": table.to_dict()})
        return
    click.echo(f"Dropped {dropped}.\n")
    _show(table, opened.ruleset, output_format)


@click.command("rating")
@click.option("--left", metavar="PLAYER", help="The player who left the table, stopping the match.")
@format_option("json")
@click.pass_context
def rating_command(ctx: click.Context, left: str | None, output_format: str) -> None:
    """Rating gains after a finished match (or one stopped because a player left).

    Every player but the loser gains round_half_up((100 - score) / 10), at least 1;
    with --left, round_half_up((leaver's score - score) / 10), at least 1.

    Example: scorekeeper rating --left Serg
    """
    from scorekeeper.reports.rating import rating

    opened = open_match(match_path(ctx))
    leaver = resolve_player(opened.match, left) if left else None
    gains = rating(opened.ruleset, opened.match, opened.table, leaver)
    if output_format == "json":
        echo_json({"left": leaver, "loser": opened.table.loser,
                   "players": [{"player": g.player, "side": g.side, "score": g.score, "gain": g.gain}
                               for g in gains]})
        return
    width = max(len(gain.player) for gain in gains)
    for gain in gains:
        click.echo(f"{gain.player:<{width}}  {gain.score:>4}  {gain.gain:>+3d}  {gain.why}")
