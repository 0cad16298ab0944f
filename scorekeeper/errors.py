"""The small exception hierarchy of the core.

The CLI maps these onto click's exit codes: ``InputError`` is what was typed (exit 2); the others are a
broken file or a match state that forbids the command (exit 1).
"""

from __future__ import annotations


class ScorekeeperError(Exception):
    """Base of every error the core raises on purpose."""


class InputError(ScorekeeperError):
    """What the user typed is wrong: a bad tile, an unknown player, conflicting facts."""


class Implausible(InputError):
    """A round no table could have ended that way (a hand holding more than it could): refused unless the
    scorer confirms it.  The message is the reason (``plausible.implausible``)."""


class StateError(ScorekeeperError):
    """The match's state forbids the command (a round after the match is over, nothing to undo)."""


class FileProblem(ScorekeeperError):
    """A file is missing or broken; the message names the file and the line or key where there is one."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 key: str | None = None):
        self.message = message
        self.path = path
        self.line = line
        self.key = key
        super().__init__(self.format())

    def format(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}"
        if self.key:
            where += f"{': ' if where else ''}{self.key}"
        return f"{where}: {self.message}" if where else self.message


class RulesetError(FileProblem):
    """A ruleset file is missing, malformed or has a bad key."""


class RulesetNotFound(RulesetError):
    """The ruleset named (a built-in name or a path, as typed) does not exist: what was typed is wrong."""


class MatchFileError(FileProblem):
    """A match file is missing, malformed, or its facts do not add up."""


class MatchFileProblems(MatchFileError):
    """Several problems found in one match file (errors as values: every one is shown, one per line)."""

    def __init__(self, problems: list[FileProblem]):
        self.problems = list(problems)
        first = self.problems[0]
        super().__init__(first.message, first.path, first.line, first.key)

    def __str__(self) -> str:
        return "\n".join(problem.format() for problem in self.problems)

