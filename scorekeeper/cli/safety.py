"""What the command line says when it is interrupted or cannot print, so that a scorer never retypes a round
that was saved, and never sees a traceback.

- Ctrl-C before the change is written: one line, ``Cancelled: nothing was changed.``, exit 130.
- Ctrl-C once the write has started: the write completes (``storage.atomic`` holds the signal back) and the
  command says what it recorded; after that, and once the command's output is out, a Ctrl-C is dropped
  (``storage.sigint``): the command ends as it would have, never ``Aborted!``, a traceback or a failure.
- Output that cannot be written after a change was saved (a full disk, a closed pipe): a warning that the
  change was saved, exit 0. Text the output's encoding cannot hold degrades (``->`` for ``→``).
"""

from __future__ import annotations

import codecs
import sys

import click

from scorekeeper.cli.stderr import discard_stdout, say as _say
from scorekeeper.i18n import N_, _
from scorekeeper.storage import sigint
from scorekeeper.storage.atomic import saved_paths

CANCELLED = N_("Cancelled: nothing was changed.")
INTERRUPTED = 130
"""The shell's exit status for a command stopped by Ctrl-C (128 + SIGINT)."""


def interrupted(saved_before: int = 0) -> click.exceptions.Exit:
    """The exit for a Ctrl-C: says whether anything was saved (``saved_before``: how many writes this process
    had made before the command started)."""
    saved = saved_paths()[saved_before:]
    if saved:
        _say(_("Interrupted after the change was saved in {path}.").format(path=saved[-1]))
        return click.exceptions.Exit(0)
    _say(_(CANCELLED))
    return click.exceptions.Exit(INTERRUPTED)


def check_saved(error: Exception, saved_before: int = 0) -> None:
    """Once a change was saved, an error (output that could not be written: a full disk, a closed pipe) is a
    warning saying the change was saved, and the command succeeds: raises click's Exit(0). Else returns."""
    saved = saved_paths()[saved_before:]
    if not saved:
        return
    discard_stdout()
    reason = getattr(error, "strerror", None) or str(error).splitlines()[0:1] or type(error).__name__
    reason = reason if isinstance(reason, str) else reason[0]
    _say(_("Warning: the output could not be written ({reason}); the change was saved in {path}.").format(
        reason=reason, path=saved[-1]))
    raise click.exceptions.Exit(0) from None


def flush_output() -> None:
    """Write out what is buffered now, while a failure can still be reported (at exit it cannot); then the
    command has done and said all it will, and a Ctrl-C is dropped (``sigint.finish``)."""
    sys.stdout.flush()
    sigint.finish()


# What a character the output's encoding lacks becomes; the rest lose their accents, or become "?".
_PLAIN = {"→": "->", "←": "<-", "↑": "^", "↓": "v", "—": "-", "–": "-", "−": "-", "‐": "-", "…": "...",
          "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "×": "x", "·": ".",
          "•": "*", "≥": ">=", "≤": "<=", "≠": "!=", "±": "+/-", "✓": "v", "✗": "x", "─": "-", "━": "-",
          "│": "|", "┃": "|", "┼": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┌": "+", "┐": "+", "└": "+",
          "┘": "+", "═": "=", "█": "#", "▏": "|", "▕": "|", "\u00a0": " ", "\u2009": " ", "\u202f": " "}
DEGRADE = "scorekeeper-degrade"


def _degrade(error: UnicodeError):
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata  # start-up: keeps unicodedata out of every command whose output is UTF-8

    pieces = []
    for char in error.object[error.start:error.end]:
        plain = _PLAIN.get(char)
        if plain is None:
            stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            plain = stripped if stripped.isascii() and stripped.isprintable() and stripped else "?"
        pieces.append(plain)
    return "".join(pieces), error.end


def degrade_output() -> None:
    """Make stdout and stderr replace what their encoding cannot hold instead of failing (UTF-8 holds all)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding in ("utf-8", "utf8") or not hasattr(stream, "reconfigure"):
            continue
        try:
            codecs.lookup_error(DEGRADE)
        except LookupError:
            codecs.register_error(DEGRADE, _degrade)
        try:
            stream.reconfigure(errors=DEGRADE)
        except (ValueError, OSError, AttributeError):
            pass
