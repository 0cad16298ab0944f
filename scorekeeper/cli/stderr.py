"""The last word of a command that is failing or stopping: one line on stderr, and nothing at all where
stderr is closed, full or cannot encode it. It imports nothing, so that the entry point can use it before
click is loaded."""

import sys


def say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError, UnicodeError):
        pass  # nowhere left to say it
