"""The match file a command opens when it is not told which (``--match``), and how a message tells a person to go
on with a match kept in another one."""

import os

DEFAULT_MATCH = "match.toml"
"""The match file of the current folder."""

ENVIRONMENT = "SCOREKEEPER_MATCH"
"""The variable that names the match file instead (``--match`` still wins)."""


def default_path() -> str:
    """The match file a command opens when it is given no ``--match``."""
    return os.environ.get(ENVIRONMENT) or DEFAULT_MATCH


def play_command(path: str) -> str:
    """What to type to go on with the match at ``path`` at the table: ``scorekeeper play`` where that opens it,
    else with ``--match`` and the path quoted as a shell needs it. Messages say the command in single quotes,
    so the path takes double ones where they are enough (``scorekeeper --match "club night.toml" play``)."""
    if os.path.abspath(default_path()) == os.path.abspath(path):
        return "scorekeeper play"
    from scorekeeper.errors import shell_word  # start-up: only a message that names the command

    return f"scorekeeper --match {shell_word(os.fspath(path), double=True)} play"
