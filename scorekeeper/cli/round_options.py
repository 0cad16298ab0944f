"""The flags that state a round's facts, shared by ``round`` and ``edit`` so both accept the same input."""

from __future__ import annotations

from contextlib import contextmanager

import click

from scorekeeper.cli.completion import player_names
from scorekeeper.cli.params import (
    PLAYER_POINTS,
    PLAYER_TILES,
    PLAYER_TOTAL,
    TILE,
    TILES,
)
from scorekeeper.domain.facts import RoundFacts
from scorekeeper.errors import FACT_WORDS, FactError, InputError, quoted
from scorekeeper.i18n import N_, _

FACT_FLAGS = {"out": "--out", "fish": "--fish", "fisher": "--fisher", "hand": "--hand PLAYER=TILES",
              "total": "--total PLAYER=N", "last": "--last", "two_last": N_("two --last tiles"), "led": "--led",
              "ending": N_("--out PLAYER (who went out) or --fish (blocked)"), "two_hands": N_("two --hand"),
              "two_totals": N_("two --total"), "one_hand": N_("exactly one of --hand or --total"),
              "two_points": N_("two --points"), "points_given": "--points {who}={points}",
              "allow": N_("--allow lets it stand as played")}
"""Each fact (errors.FACT_WORDS) as the flag it is typed with (the ones with words marked, said with ``_``)."""


@contextmanager
def facts_as_flags(typed: object):
    """The core names a round's facts in words (as a round line does); when ``typed`` are facts typed as flags
    (RoundFacts), the refusal names the flags.  A breach of the plays names ``--allow`` however the round was
    typed: the command takes it beside a round line too."""
    try:
        yield
    except FactError as error:
        if isinstance(typed, RoundFacts):
            raise InputError(error.told({fact: _(flag) for fact, flag in FACT_FLAGS.items()})) from None
        from scorekeeper.match.checks import Unallowed  # start-up: only a refusal needs it

        if not isinstance(error, Unallowed):
            raise
        names = {fact: _(words) for fact, words in FACT_WORDS.items()}
        allow = FACT_FLAGS["allow"]  # not a literal inside _(): Babel before 2.13 would extract "allow" as a message
        raise InputError(error.told({**names, "allow": _(allow)})) from None


ROUND_SYNTAX = """\b
The round may also be typed as one line (quotes optional); tiles or a total each:
  Masha out, Alex 1-2 3-3, Olya 13, Serg 5
totals in seating order after the one who went out (a fish: from the first):
  m out 3 13 5
a blocked round, and who made the fish:
  fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5
the tile(s) of the out, the tile that opened the round (Sea Goat, pairs):
  Ann out on 6-6, led 1-1, Bob 5-5 1-2
claims during play, as points or as the count of the open ends (Muggins):
  Ann out, Bob 13, Ann +15 +10, Bob count 20
in-play points noted as one total per player:
  Ann out, Bob 13, Ann played 25
the hand play by play, up to a semicolon; then the hands:
  plays a 66, b 63, a 33, b knocks, a 3-1; b 5
Names by any unique start in any case (ё = е); tiles 3-4, 3:4 or 3–4."""

FLAGS = {"out": "--out", "fish": "--fish", "hands": "--hand", "totals": "--total", "fisher": "--fisher",
         "last": "--last", "led": "--led", "play_points": "--points", "plays": "--plays"}


def round_options(command):
    """Add the round line ([ROUND LINE]) and --out, --fish, --hand, --total, --fisher, --last, --led,
    --points, --confirm and --allow to a command; the round syntax closes the command's help."""
    for option in reversed((
        click.argument("text", nargs=-1, metavar="[ROUND LINE]"),
        click.option("--out", metavar="PLAYER", shell_complete=player_names,
                     help="The player who went out (played their last tile)."),
        click.option("--fish", is_flag=True, help="The round was blocked (nobody could play)."),
        click.option("--hand", "hands", multiple=True, type=PLAYER_TILES,
                     help="A player's remaining tiles: Alex=1-2,3-3 or Olya=\"6-6 0-1\"."),
        click.option("--total", "totals", multiple=True, type=PLAYER_TOTAL,
                     help="A player's pip total, when the tiles were not kept: Serg=5."),
        click.option("--fisher", metavar="PLAYER", shell_complete=player_names,
                     help="Who made the fish (the last play of a blocked round)."),
        click.option("--last", type=TILES,
                     help="The tile the player went out with, or the two doubles laid at once: 6-6 or 2-2,5-5."),
        click.option("--led", type=TILE,
                     help="The tile that opened the round (Sea Goat: 6-6 by a side holding points is 'on the "
                          "hundred')."),
        click.option("--plays", metavar="PLAYS",
                     help="The hand play by play: \"Ann 6-6, Bob 6-3, Cat knocks\" (the out or the fish, the last "
                          "tile and the lead are seen from it; the in-play points counted from the board)."),
        click.option("--points", "play_points", multiple=True, type=PLAYER_POINTS,
                     help="Points a player made during play, when only each player's total was noted: Ann=25."),
        click.option("--confirm", is_flag=True,
                     help="Record hands that look impossible (more tiles or pips than a hand can hold) as given."),
        click.option("--allow", is_flag=True,
                     help="Let the rules of play the plays break stand, as the table played them (kept with the "
                          "round as rulings; explain shows them)."),
    )):
        command = option(command)
    if command.__doc__:
        command.__doc__ = command.__doc__.rstrip() + "\n\n" + "".join(
            f"    {line}\n" for line in ROUND_SYNTAX.splitlines())
    return command


def round_facts(params: dict) -> RoundFacts | str:
    """The typed facts from a command's parameters (the keyword arguments the decorator adds), or the round
    line typed instead: the use case reads it against the match."""
    text = " ".join(params["text"]).strip()
    if text:
        given = [flag for name, flag in FLAGS.items() if params[name]]
        if given:
            raise InputError(_("give the round as a line or with flags, not both ({flag} and {line})").format(
                flag=given[0], line=quoted(text)))
        return text
    return RoundFacts(out=params["out"], fish=params["fish"], hands=tuple(params["hands"]),
                      totals=tuple(params["totals"]), fisher=params["fisher"], last=tuple(params["last"] or ()),
                      led=params["led"], play_points=tuple(params["play_points"]), plays=params["plays"] or ())
