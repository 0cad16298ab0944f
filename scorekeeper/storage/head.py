"""The head of a match file: what stands before its rounds (its format, ruleset, language, players and
sides), read without the rounds, for what needs no more (the players a Tab key completes).

The writer puts those keys first (``matchfile.dump_match``), so a file of thousands of rounds is read only
as far as its ``rounds`` line; a file laid out otherwise by hand (its players after the rounds) is read whole,
as TOML only: nothing in it is checked nor replayed.
"""

from __future__ import annotations

import tomllib

from scorekeeper.storage import textfile

_BODY = ("rounds", "history", "[")
"""How the lines that end the head start: the rounds, the undo history, a table (``[[rounds]]``)."""


def players_in(path: str) -> tuple[str, ...]:
    """The players the match file at ``path`` names, in seating order; () when it cannot be read, names none or
    names them wrongly (what the command itself would refuse, with its line)."""
    from scorekeeper.storage.matchfile import players_problem  # start-up: the Tab key alone needs it

    try:
        with open(textfile.open_regular(path), encoding="utf-8-sig") as handle:
            if textfile.is_too_large(handle.fileno()):
                return ()
            head = []
            for line in handle:
                if line.startswith(_BODY):
                    break
                head.append(line)
            players = _players("".join(head))
            if players is None:  # not in the head: the whole file, as TOML
                handle.seek(0)
                players = _players(handle.read(textfile.LARGEST + 1))
    except (OSError, ValueError):  # not a file, not text (UnicodeDecodeError), a NUL in the name
        return ()
    if players is None or players_problem(players):
        return ()
    return tuple(players)


def _players(text: str):
    """The ``players`` of a TOML text; None when it is not TOML or names none."""
    try:
        return tomllib.loads(text).get("players")
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None
