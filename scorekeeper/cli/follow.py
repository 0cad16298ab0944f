"""``scorekeeper table --follow``: the table drawn again at every change of the match file (a second terminal, a
TV on a laptop), until Ctrl-C.

On a terminal each drawing replaces the last one and fits the screen (a line saying which file and when, then
the table with as many rounds as fit: ``render.fitted_table``), and is drawn again when the screen is
resized; to a pipe or a file, each drawing follows the last after an empty line, nothing cleared. The match
file is only read (``storage.watch`` notices a change without opening it), never written nor locked; while it
cannot be used, its problem is shown instead of the table.
"""

from __future__ import annotations

import os
import sys
import time

import click

from scorekeeper.cli.output import screen_height, screen_width
from scorekeeper.cli.problems import error_lines
from scorekeeper.errors import ScorekeeperError, printable
from scorekeeper.i18n import _
from scorekeeper.match.opened import open_match
from scorekeeper.reports.fit import wrap
from scorekeeper.reports.render import fitted_table
from scorekeeper.storage.watch import Watched

LOOK_EVERY = 0.2
"""Seconds between two looks at the match file's version and the screen's size."""
CLEAR = "\x1b[H\x1b[2J"
"""The cursor home, the screen cleared: a terminal's own escape, sent only to a terminal that can take it."""


def follow(path: str) -> None:
    """Draw the table of the match at ``path`` at every change until Ctrl-C, then say it stopped."""
    clearing = _clears()
    watched, size = Watched(path), None
    try:
        while True:
            now = (screen_width(), screen_height())
            if watched.changed() or (clearing and now != size):
                size = now
                drawn = _drawing(path, *now, clearing)
                click.echo(CLEAR + drawn if clearing else drawn + "\n", nl=not clearing)
            time.sleep(LOOK_EVERY)
    except KeyboardInterrupt:
        pass
    click.echo(("\n" if clearing else "") + "\n".join(wrap(_("Stopped following {path}.").format(path=path),
                                                           screen_width())))


def _clears() -> bool:
    """Whether each drawing replaces the last: on a terminal that takes the escape that clears it."""
    return hasattr(sys.stdout, "isatty") and sys.stdout.isatty() and os.environ.get("TERM") not in ("dumb", None)


def _drawing(path: str, width: int | None, height: int, clearing: bool) -> str:
    """The head line and the table fitted under it (or the file's problem), in at most ``height - 1`` lines
    on a terminal (the cursor keeps the last one)."""
    head = wrap(_("{path} at {time} (Ctrl-C stops)").format(path=path, time=time.strftime("%H:%M:%S")),
                width)
    try:
        opened = open_match(path)
    except ScorekeeperError as error:
        lines = [line for problem in getattr(error, "problems", None) or [error]
                 for line in error_lines(printable(str(problem)))]
        lines += wrap(_("(the table shows again once the file can be used)"), width)
        room = max(1, height - 2 - len(head)) if clearing else None
        return "\n".join(head + [""] + (lines[:room] if room else lines))
    room = max(3, height - 2 - len(head)) if clearing else None
    return "\n".join(head + [""] + fitted_table(opened.table, opened.ruleset, width, room).split("\n"))
