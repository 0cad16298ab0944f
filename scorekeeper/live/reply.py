"""What the session says to a line (``Reply``), and the screen it must fit (``Screen``)."""

from __future__ import annotations

from typing import NamedTuple


class Reply(NamedTuple):
    """What the session says to one line.  ``ok`` is false when the line was refused (nothing changed);
    ``quit`` when the session ends; ``delegate`` names a read-only command the CLI runs as it is typed."""

    text: str = ""
    ok: bool = True
    quit: bool = False
    delegate: tuple[str, ...] = ()
    question: str = ""
    """A yes/no question to ask now (a round no table could have ended so); the answer goes to ``answer``."""
    page: bool = False
    """The text is one the scorer asked for whole ('table all', 'rules all'), or one still taller than the screen
    once fitted to it ('explain N' of a long hand typed play by play): through the pager where it is taller
    than the screen (the other answers are fitted to it)."""


class Screen(NamedTuple):
    """The size the answers must fit (None: no limit)."""

    width: int | None = 80
    height: int | None = 24
