"""The screen people read: how many columns and lines what is shown must fit, and whether stdout is one."""

from __future__ import annotations

import os
import sys

from scorekeeper.reports.columns import width

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
