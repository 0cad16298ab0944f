"""The flags that state a round's facts, shared by ``round`` and ``edit`` so both accept the same input."""

from __future__ import annotations

import click

from scorekeeper.cli.params import PLAYER_POINTS, PLAYER_TILES, PLAYER_TOTAL, TILE, TILES

from scorekeeper.usecases import RoundFacts


def round_options(command):
    """Add --out, --fish, --hand, --total, --fisher, --last, --led and --points to a command."""
    for option in reversed((
        click.option("--out", metavar="PLAYER", help="The player who went out (played their last tile)."),
        click.option("--fish", is_flag=True, help="The round was blocked (nobody could play)."),
        click.option("--hand", "hands", multiple=True, type=PLAYER_TILES,
                     help="A player's remaining tiles: Alex=1-2,3-3 or Olya=\"6-6 0-1\"."),
        click.option("--total", "totals", multiple=True, type=PLAYER_TOTAL,
                     help="A player's pip total, when the tiles were not kept: Serg=5."),
        click.option("--fisher", metavar="PLAYER", help="Who made the fish (the last play of a blocked round)."),
        click.option("--last", type=TILES,
                     help="The tile the player went out with, or the two doubles laid at once: 6-6 or 2-2,5-5."),
        click.option("--led", type=TILE,
                     help="The tile that opened the round (Sea Goat: 6-6 by a side holding points is 'on the "
                          "hundred')."),
        click.option("--points", "play_points", multiple=True, type=PLAYER_POINTS,
                     help="Points a player made during play, when only each player's total was noted: Ann=25."),
    )):
        command = option(command)
    return command


def round_facts(params: dict) -> RoundFacts:
    """The typed facts from a command's parameters (the keyword arguments the decorator adds)."""
    return RoundFacts(out=params["out"], fish=params["fish"], hands=tuple(params["hands"]),
                      totals=tuple(params["totals"]), fisher=params["fisher"], last=tuple(params["last"] or ()),
                      led=params["led"], play_points=tuple(params["play_points"]))
