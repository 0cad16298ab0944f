"""What a command prints, and where: the screen's width and height that people's output fits, the table after
a change, JSON and other output for programs, and text too tall or too wide for the screen, which goes through
the pager on a terminal."""

from __future__ import annotations

import os
import sys

import click

from scorekeeper import i18n
from scorekeeper.reports.columns import width
from scorekeeper.reports.fit import wrap

MIN_WIDTH = 20
"""Narrower than this, nothing is readable anyway: layouts are made for at least this many columns."""


def _count(name: str) -> int | None:
    """A positive number of columns or lines from the environment variable ``name``, written in ASCII digits
    (not "²", at most six of them); None when it is not set or not such a number."""
    value = os.environ.get(name, "").strip()
    if value.isascii() and value.isdigit() and len(value) < 7 and int(value) > 0:
        return int(value)
    return None


def screen_width(wide: bool = False, stream: str = "stdout") -> int | None:
    """The columns people's output must fit: ``COLUMNS`` when set, else the terminal's width (80 when a
    terminal does not say); None (no limit, nothing shortened) with ``--wide`` or when ``stream`` (stdout, or
    stderr for errors) is a pipe or a file and ``COLUMNS`` is not set, so a saved table is never cut."""
    if wide:
        return None
    columns = _count("COLUMNS")
    if columns is not None:
        return max(MIN_WIDTH, columns)
    stream = sys.stderr if stream == "stderr" else sys.stdout
    if not (hasattr(stream, "isatty") and stream.isatty()):
        return None
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError):
        return 80
    return max(MIN_WIDTH, columns) if columns else 80


def screen_height() -> int:
    """The lines of the screen: ``LINES`` when set, else the terminal's height, else 24."""
    lines = _count("LINES")
    if lines is not None:
        return lines
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).lines or 24
    except (OSError, ValueError, AttributeError):
        pass
    return 24


def on_terminal() -> bool:
    """Whether stdout is a terminal (a person reads it as it comes)."""
    return hasattr(sys.stdout, "isatty") and sys.stdout.isatty()


def extent(text: str) -> tuple[int, int]:
    """The columns and the lines ``text`` takes on a screen."""
    lines = text.splitlines()
    return max((width(line) for line in lines), default=0), len(lines)


class PagerFailed(Exception):
    """The pager failed, or was stopped by a signal: what it was given may not have been shown. Its text says
    so; the command fails with it (exit 1), a live session says it and goes on."""


def echo_change(change, output_format: str, headline: str | None = None, **said) -> None:
    """What a command that changed the match shows: as JSON, what it ``said`` (``dropped=...``) with the new
    table (the table alone when it said nothing else); else the table after the change, under ``headline``."""
    if output_format == "json":
        echo_json({**said, "table": change.table.to_dict()} if said else change.table.to_dict())
        return
    from scorekeeper.reports.render import after_round  # start-up: keeps reports.render out of 'score' and of
    # --format json

    kept = hand_kept(change)
    if kept:
        headline = "\n".join([headline, *kept] if headline else kept)
    columns = screen_width()
    shown = after_round(change.table, change.after.ruleset, change.path, columns, screen_height(), headline=headline)
    click.echo("\n".join([shown, *reopened(change, columns)]))


def reopened(change, columns: int | None) -> list[str]:
    """The banner a change that took the match's end away shows under the table, as 'play' does ([] when it
    did not): the match goes on, which a table that no longer says 'Match over' leaves easily missed."""
    if change.before is None or not change.before.table.over or change.table.over:
        return []
    from scorekeeper.reports.render import banner_lines  # start-up: as in echo_change

    return banner_lines(i18n._("Match reopened: it goes on."), columns)


def hand_kept(change) -> list[str]:
    """What a change of the rounds under a hand in play (undo, redo, edit, delete) says of it: that it is kept,
    and each breach its plays now show, led as the rounds before it now say, for the table to decide when the
    hand goes on ([] when no hand is in play, or the rounds did not change)."""
    hand = change.match.hand
    if hand is None or change.before is None or change.before.match.rounds == change.match.rounds:
        return []
    from scorekeeper.notation.play_line import said_play  # start-up: only a hand in play
    from scorekeeper.scoring.open_hand import unsettled  # start-up: likewise

    plays = len(hand.plays)
    from scorekeeper.storage.default import play_command  # start-up: likewise

    lines = [i18n.ngettext("The hand in play ({n} play) is kept: '{resume}' goes on with it.",
                           "The hand in play ({n} plays) is kept: '{resume}' goes on with it.",
                           plays).format(n=plays, resume=play_command(change.path))]
    from scorekeeper.notation.words import word_in_use  # start-up: likewise

    lines += [i18n._("Play {number} of the hand in play ({play}): {reason}; '{allow}' in 'scorekeeper play' lets "
                     "it stand.").format(number=finding.play, play=said_play(hand.plays[finding.play - 1],
                                                                             change.match.players),
                                         reason=finding.reason, allow=word_in_use("commands", "allow"))
              for finding in unsettled(change.after.ruleset, change.match, change.table)]
    return lines


def kept_said(kept: str, finished: bool = False) -> str:
    """Where ``new --force``, ``new --again`` or ``import --force`` kept the match it replaced (``finished``: a
    match that was over), and that the copy holds its hand in play, when it does (to go on with it there)."""
    from scorekeeper.storage.matchfile import key_line  # start-up: only a match kept aside

    try:
        with open(kept, encoding="utf-8", errors="replace") as file:
            with_hand = key_line(file.read(), "hand") is not None
    except OSError:  # kept, but not readable now: said without its hand
        with_hand = False
    if with_hand:
        return i18n._("The match that was there is kept as {path}, with its hand in play.").format(path=kept)
    if finished:
        return i18n._("The finished match is kept as {path}.").format(path=kept)
    return i18n._("The match that was there is kept as {path}.").format(path=kept)


def echo_json(data) -> None:
    import json  # start-up: keeps json (and its decoder's regular expressions) out of the text output

    # Without ``indent`` json uses its C encoder: indented, a long match's table would go through the slower,
    # hungrier pure-Python one. Programs read it; people pipe it through ``python -m json.tool`` or jq.
    echo_for_programs(json.dumps(data, ensure_ascii=False) + "\n")


def echo_for_programs(text: str, save_hint: str = "> FILE") -> None:
    """Output for programs (``--format json|csv|markdown|toml``): to a pipe or a file exactly as it is, since
    scripts read it.  On a terminal, when it is wider or taller than the screen, it goes through the pager
    (``PAGER``, else ``less`` told ``-FRX`` like git does, so that it leaves at once what fits and leaves the
    text on screen); with no pager wanted or found, it is printed whole and one line on stderr says what
    does not fit (columns, lines) and ``save_hint``, the way to keep it whole."""
    screen = screen_width() if on_terminal() else None
    if screen is None:
        click.echo(text, nl=False)
        return
    columns, lines = extent(text)
    if columns <= screen and lines < screen_height():
        click.echo(text, nl=False)
        return
    pager = pager_words()
    if pager:
        page(text, pager)
        return
    click.echo(text, nl=False)
    if columns > screen and lines >= screen_height():
        note = i18n._("Note: {columns} columns, {lines} lines: use {hint}")
    elif columns > screen:
        note = i18n._("Note: {columns} columns: use {hint}")
    else:
        note = i18n._("Note: {lines} lines: use {hint}")
    note = note.format(columns=columns, lines=lines, hint=save_hint)
    click.echo("\n".join(wrap(note, screen_width(stream="stderr"))), err=True)


def echo_paged(text: str) -> None:
    """Text for people that a person asked for whole (every round of the table, every rule): on a terminal,
    through the pager when it is taller than the screen, so that its start does not scroll away; printed as
    it is to a pipe or a file, or where no pager is wanted or found."""
    pager = pager_words() if on_terminal() and extent(text)[1] > screen_height() - 2 else None
    if pager:
        page(text, pager)
        return
    click.echo(text)


def echo_shown(text: str, wide: bool) -> None:
    """A table (or a report as tall) for people: through the pager when taller than the screen (``echo_paged``:
    its names and first rounds would scroll away); with ``--wide``, whole, and one line saying how wide it is
    (``note_wide``)."""
    if wide:
        click.echo(text)
        note_wide(text)
    else:
        echo_paged(text)


def note_wide(text: str) -> None:
    """After ``--wide`` output on a terminal wider than the screen: one line on stderr says how wide it is,
    rather than the terminal cutting or wrapping it without a word.  Never for a pipe or a file."""
    screen = screen_width() if on_terminal() else None
    columns, _ = extent(text)
    if screen is not None and columns > screen:
        click.echo("\n".join(wrap(i18n._("Note: {columns} columns wide (--wide)").format(columns=columns), screen)),
                   err=True)


def pager_words() -> list[str]:
    """The pager's command line when one runs, else []: both ends are a terminal, ``PAGER`` is not set empty
    (the way to want none), the terminal can page (not ``TERM=dumb``) and the program exists (``PAGER``'s,
    else less)."""
    import shlex  # start-up: keeps shlex out of every output that fits the screen
    import shutil  # start-up: keeps shutil (with bz2 and lzma) out of it too

    if not (hasattr(sys.stdin, "isatty") and sys.stdin.isatty()):
        return []
    pager = os.environ.get("PAGER")
    if pager is None and os.environ.get("TERM") in ("dumb", "emacs"):
        return []
    try:
        words = shlex.split(pager if pager is not None else "less")
    except ValueError:
        return []
    return words if words and shutil.which(words[0]) is not None else []


def page(text: str, pager: list[str]) -> None:
    """``text`` through the ``pager`` (``less`` told ``-FRX`` when ``PAGER`` is not set: leave at once what
    fits the screen, keep the text on it when leaving). A pager that fails, or is stopped by a signal, may have
    shown nothing: that is said (``PagerFailed``), never taken for a success."""
    import shlex  # start-up: as in pager_words
    import subprocess  # start-up: keeps subprocess (with signal and selectors) out of every output that fits

    said = shlex.join(pager)
    environment = dict(os.environ)
    if "PAGER" not in environment:
        environment.setdefault("LESS", "FRX")
    sys.stdout.flush()  # what was printed before comes first
    errors = sys.stdout.errors if sys.stdout.errors not in (None, "strict") else "replace"  # as degrade_output
    data = (text if text.endswith("\n") else text + "\n").encode(sys.stdout.encoding or "utf-8", errors)
    try:
        process = subprocess.Popen(pager, stdin=subprocess.PIPE, env=environment)
    except OSError as error:
        raise PagerFailed(i18n._("the pager '{pager}' could not be started ({reason}); PAGER= shows the output "
                                 "without one").format(pager=said, reason=error.strerror or error)) from None
    try:
        process.stdin.write(data)
    except (BrokenPipeError, KeyboardInterrupt):  # the person left the pager, or pressed Ctrl-C, before the end
        pass
    finally:
        try:
            process.stdin.close()  # the pager sees the end of its input: it would wait for it for ever
        except BrokenPipeError:
            pass
    while True:
        try:
            status = process.wait()
            break
        except KeyboardInterrupt:  # less takes Ctrl-C for its own use: the pager decides when it ends
            continue
    if status > 0:
        raise PagerFailed(i18n._("the pager '{pager}' ended with exit status {status}: the output may not have "
                                 "been shown; PAGER= shows it without one").format(pager=said, status=status))
    if status < 0:
        import signal  # start-up: keeps signal's enums out of every command but one whose pager was killed

        raise PagerFailed(i18n._("the pager '{pager}' was stopped by {signal}: the output may not have been "
                                 "shown whole").format(pager=said, signal=signal.Signals(-status).name))
