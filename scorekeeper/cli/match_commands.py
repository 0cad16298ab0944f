"""Commands on the match file: new, round, table, undo, rating."""

from __future__ import annotations

import click

from scorekeeper.cli.base import (
    Command,
    format_option,
    match_path,
    seating_options,
    table_language,
    wide_option,
)
from scorekeeper.cli.completion import player_names, ruleset_names
from scorekeeper.cli.output import echo_change, echo_json, echo_paged, echo_shown, kept_said, screen_width
from scorekeeper.cli.params import whole_number
from scorekeeper.cli.round_options import facts_as_flags, round_facts, round_options
from scorekeeper.errors import InputError
from scorekeeper.i18n import LANGUAGES, N_, _, ngettext, pgettext
from scorekeeper.match.opened import open_match
from scorekeeper.reports.fit import wrap, wrap_lines
from scorekeeper.reports.formats import PUBLISHED, TABLES
from scorekeeper.reports.render import SHOWN_ROUNDS, render_table


def _show(table, ruleset, output_format: str, every_round: bool = False, wide: bool = False) -> None:
    if output_format == "json":
        echo_json(table.to_dict())
    elif output_format in PUBLISHED:
        from scorekeeper.cli.published import show_published  # start-up

        show_published(table, ruleset, output_format, every_round)
    else:
        # a 20-round table is taller than a 24-line terminal: its names would scroll away
        echo_shown(render_table(table, ruleset, None if every_round else SHOWN_ROUNDS, screen_width(wide), wide), wide)


@click.command(cls=Command)
@click.argument("players", nargs=-1)
@click.option("--rules", "rules_spec", default="goat", show_default=True, metavar="NAME|PATH",
              shell_complete=ruleset_names,
              help="A built-in ruleset (see 'scorekeeper rules list') or a ruleset file.")
@seating_options
@click.option("--force", is_flag=True,
              help="Start over where a match file exists: the old one is kept beside it under a dated name.")
@click.option("--lang", "language", type=click.Choice(LANGUAGES),
              help="The table's language: every later command on this match speaks it.")
@click.option("--again", is_flag=True,
              help="The next match with the same players, sides and ruleset, once this one is over (the "
                   "finished one is kept beside it under a dated name).")
@click.pass_context
def new(ctx: click.Context, players: tuple[str, ...], rules_spec: str, teams: tuple[str, ...],
        team_names: tuple[str, ...], force: bool, again: bool, language: str | None) -> None:
    """Start a match: PLAYERS in seating order (or --team twice for pairs).

    \b
    Examples:
      scorekeeper new --rules goat Masha Alex Olya Serg
      scorekeeper new --rules goat-pairs --team Masha,Olya --team Alex,Serg
      scorekeeper new --force Masha Alex Olya Serg   # the old match is kept as match.DATE-TIME.toml
      scorekeeper new --again                        # a rematch, once the match is over
      scorekeeper new --lang ru Маша Саша Оля Серж   # the table speaks Russian
    """
    from scorekeeper.match import usecases  # start-up: keeps the use cases (and the lock) out of 'table'

    if again:
        typed = players or teams or team_names or \
            ctx.get_parameter_source("rules_spec") is not click.core.ParameterSource.DEFAULT
        if typed:
            raise InputError(_("--again keeps the match's players, sides and ruleset: give no PLAYERS, --team, "
                               "--name or --rules with it"))
        change = usecases.rematch(match_path(ctx), force)
    else:
        change = usecases.new(match_path(ctx), rules_spec, players, teams, team_names, force,
                              lang=table_language(ctx, language))
    sides = ", ".join(side.name for side in change.match.sides)
    finished = change.before is not None and change.before.table.over
    kept = [kept_said(change.kept, finished)] if change.kept else []
    made = _("New {ruleset} match in {path}: {sides}.").format(ruleset=change.after.ruleset.called, path=change.path,
                                                              sides=sides)
    click.echo("\n".join(wrap_lines([made, *kept, change.table.lead_note.said()], screen_width())))


@click.command("round", cls=Command)
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
      scorekeeper round --plays "Ann 6-6, Bob 6-3, ..." --hand Bob=0-0 --allow
    """
    from scorekeeper.match import usecases  # start-up: keeps the use cases (and the lock) out of 'table'

    typed = round_facts(facts)
    with facts_as_flags(typed):
        change = usecases.record(match_path(ctx), typed, confirmed=facts["confirm"], allow=facts["allow"])
    echo_change(change, output_format)


@click.command("table", cls=Command)
@click.option("--all", "every_round", is_flag=True,
              help=f"Show every round (by default the latest {SHOWN_ROUNDS} and the totals).")
@wide_option
@click.option("--rules", "rules_spec", metavar="NAME|PATH", shell_complete=ruleset_names,
              help="Re-score the match's facts under another ruleset (the match file is not changed).")
@click.option("--format", "output_format", type=click.Choice(TABLES), default="text", show_default=True,
              metavar="FORMAT",
              help="text for people, json for programs; or the table to publish: markdown, github (Markdown), "
                   "html, latex, rst, mediawiki, org, grid (plain text).")
@click.option("--follow", is_flag=True,
              help="Draw the table again at every change of the match file, fitted to the screen, until Ctrl-C.")
@click.pass_context
def table_command(ctx: click.Context, every_round: bool, wide: bool, rules_spec: str | None,
                  output_format: str, follow: bool) -> None:
    """Show the running table: every side's points round by round.

    The table fits the screen's width (COLUMNS, else the terminal's): on a narrow screen names are
    abbreviated and each cell shows less; 'explain N' gives every detail of round N.

    \b
    Examples:
      scorekeeper table
      scorekeeper table --all
      scorekeeper table --all --wide > match.txt
      scorekeeper table --format json
      scorekeeper table --all --format markdown   # to paste into a chat
      scorekeeper table --rules my-house.toml
      scorekeeper table --follow      # in a second terminal, or on a TV
    """
    if follow:
        if every_round or wide or rules_spec or output_format != "text":
            raise InputError(_("--follow draws the table to fit the screen: it takes no --all, --wide, --rules "
                               "nor --format"))
        from scorekeeper.cli.follow import follow as follow_table  # start-up: only --follow runs until stopped

        follow_table(match_path(ctx))
        return
    if rules_spec:
        from scorekeeper.cli.rescore_commands import show_rescored  # start-up: keeps re-scoring out of every
        # 'table' but 'table --rules'

        show_rescored(ctx, rules_spec, output_format, wide, every_round)
        return
    opened = open_match(match_path(ctx))
    _show(opened.table, opened.ruleset, output_format, every_round, wide)


@click.command(cls=Command)
@click.option("--list", "listing", is_flag=True,
              help="List the changes taken back (undo, delete, edit), newest first, without changing anything.")
@click.option("--hand", "whole_hand", is_flag=True,
              help="Drop the hand in play (typed in 'play'), every play of it; its plays are said, to type them "
                   "again.")
@format_option("json")
@click.pass_context
def undo(ctx: click.Context, output_format: str, listing: bool, whole_hand: bool) -> None:
    """Drop the last round (or the last claim in progress) and say which.

    Nothing is lost: what undo drops (and what delete and edit replace) is
    kept in the match file's history, and 'scorekeeper redo' puts it back.
    A round's claims (Muggins and the like) go back to the hand in progress.
    While a hand typed in 'play' is in play, undo takes back its last play,
    as 'undo' does in 'play' (a play is typed again, not redone), and
    --hand drops the whole hand.

    \b
    Examples:
      scorekeeper undo
      scorekeeper undo --list          # the changes taken back, numbered
      scorekeeper redo                 # put back the last one
      scorekeeper undo --hand          # drop the hand in play
    """
    from scorekeeper.match import usecases  # start-up: keeps the use cases (and the lock) out of 'table'

    if listing and whole_hand:
        raise InputError(_("--list changes nothing and --hand drops the hand in play: give one of them"))
    if listing:
        _list_changes(usecases.history(match_path(ctx)), output_format)
        return
    if whole_hand:
        change = usecases.drop_hand(match_path(ctx))
        plays = len(change.before.match.hand.plays)
        said = ngettext("Dropped the hand in play ({n} play) from {path}: {plays}.",
                        "Dropped the hand in play ({n} plays) from {path}: {plays}.", plays).format(
            n=plays, path=change.path, plays=change.dropped)
        echo_change(change, output_format, said, dropped_hand=change.dropped)
        return
    change = usecases.undo(match_path(ctx))
    said = _("Dropped {what} from {path}.").format(what=change.dropped, path=change.path)
    if change.before.match.hand is not None:  # a play: 'redo' does not put it back
        said += "\n" + _("A play taken back is typed again in 'scorekeeper play', not redone.")
    echo_change(change, output_format, said, dropped=change.dropped)


def _list_changes(changes, output_format: str) -> None:
    if output_format == "json":
        echo_json({"changes": [{"number": number, "change": entry.change.value, "round": entry.number,
                                "what": said, "redone": entry.redone}
                               for number, entry, said in changes]})
        return
    if not changes:
        click.echo("\n".join(wrap_lines([_("Nothing has been taken back: undo, delete and edit keep what they "
                                           "change here.")], screen_width())))
        return

    width = screen_width()
    numbers = len(str(max(number for number, _, _ in changes)))
    lines = wrap(_("Changes taken back, newest first:"), width)
    for number, entry, said in changes:  # each wrapped under its own text, the numbers in a column
        lines += wrap(_("{change}  (put back)").format(change=said) if entry.redone else said, width,
                      indent=" " * (numbers + 4),
                      first=f"  {number:>{numbers}}  ")
    lines += wrap(_("'redo' puts back the newest, 'redo N' change N."), width, indent="  ")
    echo_paged("\n".join(lines))  # a long evening's undo list would scroll its newest changes away


@click.command(cls=Command)
@click.argument("number", type=whole_number(N_("a change number"), low=1), metavar="[N]", required=False)
@format_option("json")
@click.pass_context
def redo(ctx: click.Context, number: int | None, output_format: str) -> None:
    """Put back what undo, delete or edit took out (the newest, or change N).

    The changes are listed, numbered, by 'scorekeeper undo --list'; they are
    kept in the match file, so redo works in a later session too. A round
    put back goes to its old place and the rounds after it are re-scored;
    an edit is reversed on the round it changed, wherever it has moved.
    Each change goes back once ('redo N' of an edit already put back puts
    what the edit wrote back again); where its round is gone or was
    changed again since, redo says so and changes nothing.

    \b
    Examples:
      scorekeeper redo
      scorekeeper undo --list
      scorekeeper redo 2
    """
    from scorekeeper.match import usecases  # start-up: keeps the use cases (and the lock) out of 'table'

    change = usecases.redo(match_path(ctx), number)
    headline = _("Put back {what} in {path}.").format(what=change.restored, path=change.path)
    if not change.settled:
        echo_change(change, output_format, headline, restored=change.restored)
        return
    from scorekeeper.referee.allowed import settled_dicts, settled_lines  # start-up: only a lead settled

    echo_change(change, output_format, "\n".join([headline, *settled_lines(change.settled)]),
                restored=change.restored, settled=settled_dicts(change.settled))


@click.command("rating", cls=Command)
@click.option("--left", metavar="PLAYER", shell_complete=player_names,
              help="The player who left the table, stopping the match.")
@format_option("json")
@click.pass_context
def rating_command(ctx: click.Context, left: str | None, output_format: str) -> None:
    """Rating gains after a finished match (or one stopped because a player left).

    Every player but the loser gains what their score is under 100, divided by
    10 and rounded half up, at least 1; with --left, what it is under the
    leaver's score, likewise.

    Example: scorekeeper rating --left Serg
    """
    from scorekeeper.match.record import resolve_player  # start-up: as usecases above
    from scorekeeper.reports.rating import Gain, rating  # start-up: keeps reports.rating out of the others here

    opened = open_match(match_path(ctx))
    leaver = resolve_player(opened.match, left) if left else None
    gains = rating(opened.ruleset, opened.match, opened.table, leaver)
    if output_format == "json":
        echo_json({"left": leaver, "loser": opened.table.loser,
                   "players": [{"player": g.player, "side": g.side, "score": g.score, "gain": g.gain}
                               for g in gains]})
        return
    heads = [_("player"), pgettext("a heading: a player's score in the match", "score"), _("gain")]
    width = max(len(gain.player) for gain in gains + [Gain(heads[0], "", 0, 0, "")])
    score, plus = max(5, len(heads[1])), max(4, len(heads[2]))  # a language's heads may be longer
    beside = width + score + plus + 6
    # the columns named: two bare numbers read alike
    click.echo(f"{heads[0]:<{width}}  {heads[1]:>{score}}  {heads[2]:>{plus}}".rstrip())
    for gain in gains:
        screen, numbers = screen_width(), f"{gain.player:<{width}}  {gain.score:>{score}}  {gain.gain:>+{plus}d}"
        if screen is not None and screen - beside < 24:  # too narrow beside the numbers: the reason under them
            click.echo("\n".join([numbers] + wrap(gain.why, screen, indent="    ", first="    ")))
        else:
            click.echo("\n".join(wrap(gain.why, screen, indent=" " * beside, first=numbers + "  ")))
