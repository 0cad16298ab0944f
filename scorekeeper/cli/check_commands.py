"""The referee's commands: check (deal, fish, hand, count, play) and explain."""

from __future__ import annotations

import click

from scorekeeper.cli.base import Command, Group, format_option, match_path
from scorekeeper.cli.completion import ruleset_names
from scorekeeper.cli.output import echo_json, echo_paged, screen_width
from scorekeeper.cli.params import PLAYER_TILES, ROUND_NUMBER, TILE, TILES, whole_number
from scorekeeper.domain.tiles import parse_tiles
from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import N_, _
from scorekeeper.rules.schema import Muggins, PlayScore

RULES_HELP = "A built-in ruleset or a ruleset file (default: the current match's ruleset, else goat)."


def _ruleset(ctx: click.Context, spec: str | None):
    from scorekeeper.referee.rulings import ruling_ruleset  # start-up: keeps the ruleset loader (tomllib) out
    # of 'check --help'

    return ruling_ruleset(spec, match_path(ctx))


def _rules_option(function):
    return click.option("--rules", "rules_spec", metavar="NAME|PATH", shell_complete=ruleset_names,
                        help=RULES_HELP)(function)


def _show(ruling, ruleset, output_format: str) -> None:
    if output_format == "json":
        echo_json({**ruling.to_dict(), "ruleset": ruleset.name})
        return
    from scorekeeper.reports.ruling import render_ruling  # start-up: keeps it out of explain and JSON

    # a ruling's reasons at 40 columns are taller than 24 lines: its verdict would scroll away
    echo_paged(render_ruling(ruling.verdict, ruling.reasons, ruleset.called, screen_width()))


@click.group(cls=Group)
def check() -> None:
    """Rule on a position at the table, citing the ruleset.

    \b
    Each ruling prints a verdict, then its reasons, each tied to a ruleset key:
      scorekeeper check deal --hand Ann=1-1,2-5,0-3,4-4,6-6,2-3,0-1 --hand Bob=...
      scorekeeper check fish --line "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"
      scorekeeper check hand 0-0
      scorekeeper check count 5 5 3 2 --rules my-muggins.toml
      scorekeeper check count --spinner 5-5 0 3 --rules all-fives
      scorekeeper check play --rules muggins "Ann 5-5, Bob 5-0, Ann 3-5"
    """


@check.command("deal")
@click.option("--hand", "hands", multiple=True, type=PLAYER_TILES, required=True,
              help="A player's dealt tiles: Ann=1-1,2-5,0-3 (once per player).")
@_rules_option
@format_option("json")
@click.pass_context
def check_deal_command(ctx: click.Context, hands, rules_spec, output_format) -> None:
    """Is this deal a misdeal, and who leads the first round with which tile?

    \b
    Example:
      scorekeeper check deal --hand Ann=1-1,2-5,0-3,4-4,6-6,2-3,0-1 \\
                             --hand Bob=5-5,3-3,2-2,0-0,1-2,4-6,0-6
    """
    from scorekeeper.referee.deal import check_deal  # start-up: keeps referee.deal out of the other commands here

    ruleset = _ruleset(ctx, rules_spec)
    ruling = check_deal(ruleset, hands)
    _show(ruling, ruleset, output_format)


@check.command("fish")
@click.option("--line", required=True, type=TILES, metavar="TILES",
              help="The tiles on the table in chain order: \"2-4 4-1 1-2\".")
@click.option("--arm", "arms", multiple=True, type=TILES, metavar="TILES",
              help="A branch leaving the spinner (rulesets with a spinner), from the spinner outward.")
@click.option("--spinner", type=TILE, help="Which double of the line is the spinner, when it has several.")
@click.option("--hand", "hands", multiple=True, type=PLAYER_TILES,
              help="What a player is known to hold: Ann=2-2,5-6.")
@click.option("--bazaar", type=whole_number(N_("the tiles in the bazaar")), metavar="N",
              help="How many tiles are left in the bazaar (face-down stock).")
@_rules_option
@format_option("json")
@click.pass_context
def check_fish_command(ctx: click.Context, line, arms, spinner, hands, bazaar, rules_spec, output_format) -> None:
    """Is the game blocked (a fish)?  Give the line, and what is known of hands and bazaar.

    In a ruleset that scores during play (Muggins family) the ruling also gives the layout's count,
    as 'check count' would: the line through the spinner covers its long sides, each --arm the next
    free side (JSON: "count": {"total", "score", "parts"}).

    A sealed fish (every tile that could reopen the line played) is not yet a fish while a double at
    an end is held: its holder can still play it (JSON: "plays", "blocked_after_plays", "fisherman").

    \b
    Examples:
      scorekeeper check fish --line "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2" --hand Ann=2-2,5-6
      scorekeeper check fish --rules muggins --line "3-5 5-5 5-0" --arm 5-4 --bazaar 0
    """
    from scorekeeper.referee.fish import check_fish  # start-up: keeps referee.fish out of the other commands here

    ruleset = _ruleset(ctx, rules_spec)
    ruling = check_fish(ruleset, line, hands, bazaar, arms, spinner)
    _show(ruling, ruleset, output_format)


@check.command("hand")
@click.argument("tiles", nargs=-1, required=True)
@_rules_option
@format_option("json")
@click.pass_context
def check_hand_command(ctx: click.Context, tiles, rules_spec, output_format) -> None:
    """What a hand of TILES counts, naming any special-hand rule that applied.

    \b
    Examples:
      scorekeeper check hand 0-0
      scorekeeper check hand 0-0 6-6 --rules sea-goat
    """
    from scorekeeper.referee.hand import check_hand  # start-up: keeps referee.hand out of the other commands here
    ruleset = _ruleset(ctx, rules_spec)
    ruling = check_hand(ruleset, parse_tiles(" ".join(tiles)))
    _show(ruling, ruleset, output_format)


@check.command("count")
@click.argument("ends", nargs=-1)
@click.option("--spinner", type=TILE, metavar="TILE",
              help="The spinner double (rulesets with play.spinner): ENDS are then the ends of its arms.")
@_rules_option
@format_option("json")
@click.pass_context
def check_count_command(ctx: click.Context, ends, spinner, rules_spec, output_format) -> None:
    """The count of the open ENDS and what it scores (Muggins family).

    An end is the number showing there; a double lying across an end is written as the tile
    (6-6 counts 12). Without --spinner the ends are added as given.

    With --spinner TILE, ENDS are the open ends of the spinner's arms, in this order: its two long
    sides (the line runs through them), then its two short sides; '-' for a side not started yet.
    The spinner's halves then count as the ruleset's play.spinner reading says: open-halves (each
    half while the short side it faces is free) or played-arms (both halves until both long sides
    are covered, then only the started arms).

    \b
    Examples (rules.md §4: 5-5; 5-0 on it; 3-5 on its other side; 0-2; then 5-4 on
    top of 5-5, 2-2 and 2-5 on 0-2, 3-3 on 3-5):
      scorekeeper check count 5 5 3 2 --rules muggins
      scorekeeper check count 6-6 3 --rules muggins
      scorekeeper check count --spinner 5-5                 # muggins 10, all-fives 10
      scorekeeper check count --spinner 5-5 0               # muggins 10, all-fives 10
      scorekeeper check count --spinner 5-5 0 3             # muggins 13, all-fives 3
      scorekeeper check count --spinner 5-5 2 3             # muggins 15, all-fives 5
      scorekeeper check count --spinner 5-5 5 3-3 4         # muggins 20, all-fives 15
      scorekeeper check count --spinner 5-5 0 - 4 --rules all-fives
    (add --rules muggins for 004's open-halves, --rules all-fives for 000's played-arms)
    """
    from scorekeeper.referee.count import check_count  # start-up: keeps referee.count out of the other commands
    from scorekeeper.referee.rulings import parse_ends  # start-up: as in _ruleset

    ruleset = _ruleset(ctx, rules_spec)
    ruling = check_count(ruleset, parse_ends(" ".join(ends)), spinner)
    _show(ruling, ruleset, output_format)


@check.command("play")
@click.argument("plays", metavar="PLAYS")
@click.option("--hand", "hands", multiple=True, type=PLAYER_TILES,
              help="A player's whole hand as dealt: Ann=6-6,6-3,... (once per player).")
@_rules_option
@format_option("json")
@click.pass_context
def check_play_command(ctx: click.Context, plays, hands, rules_spec, output_format) -> None:
    """Follow a hand play by play: is each play legal, what do the ends count, who plays next?

    PLAYS are the plays in order, the first the lead: 'Ann 6-6' lays a tile where it fits,
    'Cat 3-3 on 3' on the end showing 3, 'Dan 6-1 on 6-6' against that tile, 'Bob knocks'
    passes, 'Bob draws 2' draws and keeps the turn. Inside a match its players and ruleset
    are the defaults. Ends the first illegal play with its reason; says whose turn it is,
    the out, and a fish (sealed or made) with its fisherman. With --hand the knocks are
    checked too.

    \b
    Examples:
      scorekeeper check play --rules muggins "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2"
      scorekeeper check play "Ann 6-6, Bob 6-3, Cat 3-3 on 3, Dan knocks"
    """
    from scorekeeper.scoring.board import check_play  # start-up: keeps the board out of the other commands here
    from scorekeeper.referee.rulings import ruling_table  # start-up: as in _ruleset

    ruleset, players = ruling_table(rules_spec, match_path(ctx))
    followed = check_play(ruleset, plays, hands, players)
    if output_format == "json":
        echo_json(followed.to_dict())
        return
    from scorekeeper.reports.play import render_followed  # start-up: keeps reports.play out of JSON
    scores = ruleset["play.scores"] is not PlayScore.NONE
    muggins = ruleset["play.muggins"] is Muggins.CALLED
    echo_paged(render_followed(followed, ruleset.called, scores, screen_width(), muggins))  # a whole hand: tall


@click.command("explain", cls=Command)
@click.argument("round_number", metavar="[ROUND]", type=ROUND_NUMBER, required=False)
@click.option("--hand", "hand_in_play", is_flag=True,
              help="Explain the hand in play (typed in 'play', not yet recorded): its plays, what each scored.")
@_rules_option
@format_option("json")
@click.pass_context
def explain(ctx: click.Context, round_number: int | None, hand_in_play: bool, rules_spec: str | None,
            output_format: str) -> None:
    """Explain how every side's numbers came out in ROUND (default: the last round).

    Shows the facts recorded, each rule applied in order with its key and value, and the arithmetic.
    The steps are the ones the table itself was computed with. With a hand in play and no round
    recorded yet, or with --hand, the hand in play play by play.

    \b
    Examples:
      scorekeeper explain
      scorekeeper explain 3 --format json
      scorekeeper explain --hand
    """
    if hand_in_play and round_number is not None:
        raise InputError(_("--hand explains the hand in play, ROUND a round recorded: give one of them"))
    from scorekeeper.referee.explain import explain_round  # start-up: keeps referee.explain out of the others
    from scorekeeper.referee.rulings import scored_match  # start-up: as in _ruleset

    match, ruleset, table = scored_match(match_path(ctx), rules_spec)
    if hand_in_play or (round_number is None and not table.rounds and match.hand is not None):
        _explain_hand(match, ruleset, table, output_format)
        return
    explanation = explain_round(match, ruleset, table, round_number)
    if output_format == "json":
        echo_json(explanation.to_dict())
        return
    from scorekeeper.reports.explain import render_explanation  # start-up: keeps reports.explain out of JSON

    echo_paged(render_explanation(explanation, screen_width()))  # a round of four hands is taller than 24 lines


def _explain_hand(match, ruleset, table, output_format: str) -> None:
    """``explain --hand``: the hand in play followed play by play, led as the rounds before it say."""
    if match.hand is None:
        raise StateError(_("no hand is in play in {path}: 'scorekeeper explain' explains the last round").format(
            path=match.path))
    from scorekeeper.scoring.open_hand import followed_hand  # start-up: only a hand in play

    followed = followed_hand(ruleset, match, table)
    allowed = {(ruling.play, ruling.breach) for ruling in match.hand.rulings}
    if output_format == "json":
        echo_json({"in_play": True, "ruleset": ruleset.name, **followed.to_dict(allowed),
                   "points": dict(table.hand.points) if table.hand is not None else {}})
        return
    from scorekeeper.reports.explain import render_hand_in_play  # start-up: as in explain

    echo_paged(render_hand_in_play(followed, table, ruleset.called, ruleset["play.scores"] is not PlayScore.NONE,
                                   screen_width(), allowed))
