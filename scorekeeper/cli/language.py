"""Which language a command speaks, decided before click is asked to say anything (its help, its errors).

``--lang`` (the group's, or ``new``'s) wins, then ``SCOREKEEPER_LANG``, then the language the match file
remembers (its ``lang`` key), then the locale's variables (``scorekeeper.i18n.choose``). The command line is
read here as words, before click parses it, and the match file only as far as its first table: the entry point
calls this before it imports click, so English costs a glance at the arguments and the environment. A
catalog that cannot be read is said in one line on stderr, and the command goes on in English.
"""

from __future__ import annotations

import os
import re
import stat

from scorekeeper.cli.stderr import say
from scorekeeper.i18n import CatalogProblem, _, choose, known, use

_LANG_KEY = r'^lang\s*=\s*"([A-Za-z_]{1,16})"\s*(?:#.*)?$'
"""A ``lang`` line, compiled only for a file that has one (most have none: every command reads the head)."""
HEAD = 4096
"""The bytes of a match file read for its ``lang``: it stands among the first keys, before any table."""


def typed_option(args: list[str], name: str) -> str | None:
    """The value given to option ``name`` (``--lang ru`` or ``--lang=ru``; the last one holds), before ``--``."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == name and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith(name + "="):
            found = arg[len(name) + 1:]
    return found


def remembered(path: str) -> str | None:
    """The language a match file remembers: its top-level ``lang``, read from the file's head; None when the
    file, or the key, is not there (a broken file is the command's to report, in whatever language)."""
    try:  # without blocking on a FIFO, and only a regular file (a device could be read for ever)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        head = os.read(handle, HEAD)
    except OSError:
        return None
    finally:
        os.close(handle)
    for line in head.decode("utf-8", "replace").lstrip("\ufeff").splitlines():
        if line.startswith("["):
            break
        line = line.strip()
        found = line.startswith("lang") and re.match(_LANG_KEY, line)
        if found:
            return found.group(1)
    return None


def decide(args: list[str], environ=os.environ) -> str:
    """Speak the language this command line asks for (see the module's docstring), and say which it is.
    A ``--lang`` value scorekeeper does not speak is left for click to refuse (exit 2, naming ``LANGUAGES``)."""
    typed = typed_option(args, "--lang")
    if any(code and known(code) for code in (typed, environ.get("SCOREKEEPER_LANG", "").strip())):
        chosen = choose(typed, environ)
    else:
        path = typed_option(args, "--match") or environ.get("SCOREKEEPER_MATCH") or "match.toml"
        chosen = choose(None, environ, remembered(path))
    try:
        use(chosen)
    except CatalogProblem as problem:  # one line, and the command goes on in English
        _warn(_("Warning: the catalog {path} cannot be read ({reason}): going on in English.").format(
            path=problem.path, reason=problem.said()), environ)
        return "en"
    return chosen


def _warn(line: str, environ) -> None:
    """A warning said before click is loaded, fitted as an error is (``cli.base.error_lines``): one line, or on a
    screen too narrow for it (``COLUMNS``, else the terminal's when stderr is one) wrapped under its text."""
    import sys  # start-up: only a warning needs them

    from scorekeeper.errors import printable  # start-up
    from scorekeeper.reports.fit import wrap  # start-up

    columns = environ.get("COLUMNS", "").strip()
    width = int(columns) if columns.isascii() and columns.isdigit() and 0 < len(columns) < 7 else None
    if width is None and hasattr(sys.stderr, "isatty") and sys.stderr.isatty():
        try:
            width = os.get_terminal_size(sys.stderr.fileno()).columns or 80
        except (OSError, ValueError):
            width = 80
    prefix = line.split(" ", 1)[0] + " "
    say("\n".join(wrap(printable(line[len(prefix):]), max(20, width) if width else None, " " * len(prefix),
                       prefix)))
