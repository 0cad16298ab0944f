"""``scorekeeper play``: a live session at the table; the terminal side of ``scorekeeper.live.session``."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.app import cli
from scorekeeper.cli.base import Command, match_path, seating_options, table_language
from scorekeeper.cli.completion import ruleset_names
from scorekeeper.cli.output import PagerFailed, echo_paged, screen_height, screen_width
from scorekeeper.cli.params import PathType
from scorekeeper.cli.problems import error_lines
from scorekeeper.errors import ScorekeeperError, StateError, printable
from scorekeeper.i18n import LANGUAGES, _, ngettext
from scorekeeper.i18n import language as spoken
from scorekeeper.storage import sigint
import sys


@click.command("play", cls=Command)
@click.argument("players", nargs=-1)
@click.option("--rules", "rules_spec", metavar="NAME|PATH", shell_complete=ruleset_names,
              help="Start a new match under this ruleset (with PLAYERS, or --team twice), then play it.")
@seating_options
@click.option("--force", is_flag=True, help="Start the new match over an existing one.")
@click.option("--match", "local_path", type=PathType(), metavar="FILE",
              help="The match file (as 'scorekeeper --match FILE'; default ./match.toml).")
@click.option("--lang", "language", type=click.Choice(LANGUAGES),
              help="The table's language (as 'scorekeeper --lang'); a new match remembers it.")
@click.pass_context
def play(ctx: click.Context, players: tuple[str, ...], rules_spec: str | None, teams: tuple[str, ...],
         team_names: tuple[str, ...], force: bool, local_path: str | None, language: str | None) -> None:
    """Keep score at the table: type each round in one line at the prompt.

    Every accepted line is saved before the next prompt; a refused line
    changes nothing and says why. Commands: undo, redo [N], edit N LINE,
    delete N, table [all], explain [N], check fish|deal|hand|count ...,
    rules, help, quit (or Ctrl-D). Ctrl-C drops the line being typed. Tab completes
    names and commands; Up/Down recall earlier lines.

    \b
    Examples:
      scorekeeper play
      scorekeeper play --rules goat Masha Alex Olya Serg
      scorekeeper play --rules goat-pairs --team Masha,Olya --team Alex,Serg
      scorekeeper --match friday.toml play
      scorekeeper play --lang ru --rules goat Маша Саша Оля Серж

    \b
    At the prompt:
      #1> Masha out, Alex 1-2 3-3, Olya 13, Serg 5
      #2> a out 3 13 5
      #3> fish by o 2 3 13 5
      #4> edit 2 Alex out, Olya 4, Serg 13, Masha 5
      #5> m 66 a 63            (a hand play by play, ruled on)
    """
    from scorekeeper.live.session import LiveSession, Screen  # start-up: keeps it out of 'play --help' and Tab
    from scorekeeper.match import usecases  # start-up: keeps the match layer out of them too

    _check_input()  # before anything is started or written
    path = local_path or match_path(ctx)
    change = None
    if rules_spec or players or teams:
        if os.path.exists(path) and not force:  # new() refuses too (another command may start one meanwhile)
            usecases.check_new(path, rules_spec or "goat", players, teams, team_names)  # a typo is said first
            raise StateError(_("{path} already holds a match: 'scorekeeper play' goes on with it; --force starts "
                               "a new one (the old one is kept beside it)").format(path=path))
        change = usecases.new(path, rules_spec or "goat", players, teams, team_names, force,
                              lang=table_language(ctx, language))
    session = LiveSession.open(path, screen=lambda: Screen(screen_width(), screen_height()))
    sigint.live()  # each Ctrl-C drops the line being typed, even after a save
    try:
        run(session, greeting=session.greeting(new=change is not None, kept=change and change.kept))
    finally:
        sigint.live(False)


def _check_input() -> None:
    """Refuse a closed standard input (``play 0<&-``): there is nothing to read the lines from. Bytes the input's
    encoding cannot read are kept as they came (``surrogateescape``), so that ``run`` refuses that one line."""
    if sys.stdin is None:
        raise StateError(_("the standard input is closed: 'play' reads the lines typed from it; nothing was "
                           "changed"))
    try:
        sys.stdin.reconfigure(errors="surrogateescape")
    except (AttributeError, ValueError, OSError):
        pass  # not a text stream of ours (a test's): it decodes as it does


def run(session, read=input, greeting: str | None = None) -> None:
    """The prompt loop: read a line, answer it, until quit or end of input."""
    _set_up_readline(session)
    click.echo(greeting or session.greeting())
    while True:
        try:
            line = read(session.prompt())
        except KeyboardInterrupt:  # the line being typed is dropped; the session goes on
            click.echo("")
            continue
        except EOFError:
            click.echo("")
            reply = session.leave()  # as 'quit': a removed match file is said once, and the next Ctrl-D leaves
            if reply.quit:
                break
            click.echo(reply.text and session.fitted(reply.text), err=True)
            continue
        unreadable = undecodable(line)
        if unreadable:
            _refuse(unreadable)
            continue
        try:
            reply = session.handle(line)
        except KeyboardInterrupt:
            _interrupted(session)
            continue
        while reply.question:  # a yes/no: Ctrl-C or Ctrl-D is a no
            if reply.text:
                click.echo(reply.text, err=not reply.ok)
            try:
                said = read(reply.question)
            except (KeyboardInterrupt, EOFError):
                click.echo("")
                said = ""
            reply = session.answer(said)
        if reply.delegate:
            _delegate(session.path, reply.delegate)
        if reply.page and reply.ok:
            try:
                echo_paged(reply.text)
            except PagerFailed as failed:  # said, and the session goes on
                _refuse(str(failed))
        elif reply.text:
            click.echo(reply.text, err=not reply.ok)
        if reply.quit:
            break
    click.echo(session.farewell())


def undecodable(line: str) -> str:
    """Why ``line`` cannot be read ('' when it can): it holds bytes the terminal's encoding has no letter for
    (kept as lone surrogates by ``surrogateescape``), as UTF-8 letters typed under an ASCII or cp1252 terminal."""
    first = next((index for index, char in enumerate(line) if "\udc80" <= char <= "\udcff"), None)
    if first is None:
        return ""
    encoding = getattr(sys.stdin, "encoding", None)
    fields = {"byte": f"0x{ord(line[first]) - 0xdc00:02x}", "position": first + 1, "encoding": encoding}
    if not encoding:
        return _("the line could not be read: byte {byte} (character {position}) is not text in the terminal's "
                 "encoding (its); nothing was recorded: type it in that encoding, or set the terminal (or "
                 "PYTHONIOENCODING) to UTF-8").format(**fields)
    return _("the line could not be read: byte {byte} (character {position}) is not text in the terminal's "
             "encoding ({encoding}); nothing was recorded: type it in that encoding, or set the terminal (or "
             "PYTHONIOENCODING) to UTF-8").format(**fields)


def _interrupted(session) -> None:
    """Ctrl-C while a line was answered: the match is what the file holds (the change was saved or not)."""
    try:
        session.reload()
    except ScorekeeperError as error:
        click.echo(session.fitted(printable(_("Interrupted: {problem}").format(problem=error))), err=True)
        return
    rounds = len(session.state.match.rounds)
    click.echo(ngettext("Interrupted: the match is as {path} holds it ({n} round).",
                        "Interrupted: the match is as {path} holds it ({n} rounds).", rounds).format(
                            path=session.path, n=rounds), err=True)


def _delegate(path: str, args: tuple[str, ...]) -> None:
    """A read-only command (check, rules) run as 'scorekeeper ARGS' would run it; its errors are one line."""
    import shlex  # start-up: keeps shlex out of a session where no check or rules command is typed

    try:
        words = shlex.split(" ".join(args))
    except ValueError as error:
        _refuse(str(error))
        return
    try:
        # the session's language, which the command would otherwise decide again for the whole process
        cli.main(args=["--match", path, "--lang", spoken(), *words], prog_name="scorekeeper",
                 standalone_mode=False)
    except click.exceptions.Exit:
        pass
    except click.ClickException as error:
        _refuse(error.format_message())
    except click.exceptions.Abort:
        click.echo("")


def _refuse(message: str) -> None:
    """``Error: message``, wrapped between words to the screen as the same error outside the session is (the
    terminal would cut it mid-word)."""
    click.echo("\n".join(error_lines(printable(message))), err=True)


def _set_up_readline(session) -> None:
    """Line editing, history and Tab completion where the stdlib readline exists; the session works without."""
    try:
        import readline  # start-up: keeps readline out of 'play --help' and Tab completion
    except ImportError:
        return

    def complete(word: str, state: int):
        before = readline.get_line_buffer()[:readline.get_begidx()]
        options = session.completions(before, word)
        return options[state] + " " if state < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ,;=")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
