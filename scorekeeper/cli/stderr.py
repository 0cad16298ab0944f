"""The last word of a command that is failing or stopping: one line on stderr, and nothing at all where
stderr is closed, full or cannot encode it; and what is left for a stdout that cannot be written sent nowhere.
It imports nothing heavy, so that the entry point can use it before click is loaded."""

import os
import sys


def say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError, UnicodeError):
        pass  # nowhere left to say it


def discard_stdout() -> None:
    """Point stdout at devnull, so that what is still buffered for it (and Python's own flush at exit) cannot
    fail, and be reported, a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
