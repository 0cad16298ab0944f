"""The small exception hierarchy of the core.

The CLI maps these onto click's exit codes: ``InputError`` is what was typed (exit 2); the others are a
broken file or a match state that forbids the command (exit 1). ``quoted`` is how a message repeats what was
typed, ``printable`` how a name or value from a file is shown safely.
"""

from __future__ import annotations

import re
from typing import Iterable

from scorekeeper.i18n import N_, _, ngettext


class ScorekeeperError(Exception):
    """Base of every error the core raises on purpose."""


class InputError(ScorekeeperError):
    """What the user typed is wrong: a bad tile, an unknown player, conflicting facts."""


FACT_WORDS = {"out": N_("who went out"), "fish": N_("a fish"), "fisher": N_("the fisher"), "hand": N_("a hand"),
              "total": N_("a total"), "last": N_("the last tile"), "two_last": N_("two last tiles"),
              "led": N_("the lead"), "ending": N_("'NAME out' (who went out) or 'fish' (blocked)"),
              "two_hands": N_("two hands"), "two_totals": N_("two totals"),
              "one_hand": N_("one hand (its tiles) or one total for each player"),
              "two_points": N_("two in-play totals"), "points_given": N_("{who} played {points}"),
              "allow": N_("the table may let it stand")}
"""How the core names a round's facts in its messages (a match file, a session and the library say these)."""


class FactError(InputError):
    """A round's facts do not add up.  The message names the facts in words ("the last tile"), so that it reads
    the same for a round typed at the table and for one found in a match file; ``told(names)`` says it with
    other names for the facts (the CLI names the flags they were typed with: ``--last``).

    ``template`` names each fact as ``{last}`` (keys of FACT_WORDS); ``values`` fill the other fields, so
    that what they hold (a player's name) is never read as a field."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(self.told({key: _(words) for key, words in FACT_WORDS.items()}))

    def told(self, names: dict[str, str]) -> str:
        values = {key: str(value) for key, value in self.values.items()}

        class Named(dict):  # a fact's name may show values ("--points {who}={points}"); values are never fields
            def __missing__(self, key: str) -> str:
                return names[key].format_map(values)

        return _(self.template).format_map(Named(values))


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


def raise_problems(problems: list[FileProblem]) -> None:
    """Raise what was found wrong in one file: its one problem, or MatchFileProblems with them all; nothing
    when nothing was found."""
    if problems:
        raise problems[0] if len(problems) == 1 else MatchFileProblems(problems)


def printable(text: str) -> str:
    """``text`` with control, format and line-separator characters escaped as Python writes them (``\\x1b``,
    ``\\n``, ``\\u2028``), so that it shows as one line and cannot drive the terminal; whole, for a name or a
    value read from a file, which every table shows (a message repeating what was typed uses ``quoted``)."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def shell_word(text: str, double: bool = False) -> str:
    """A path (or any word) in a command a message suggests to type: quoted as a POSIX shell needs it
    (``'my game.toml'``; ``match.toml`` stays as it is), then ``printable``. ``double``: the command is said
    inside single quotes, so a word that needs quoting takes double ones, with a backslash before what a shell
    reads inside them (``"my game.toml"``, ``"it's \\$5.toml"``); only a ``!`` (which an interactive shell
    reads even there) keeps single quotes."""
    if text and all(char.isalnum() or char in _BARE for char in text):  # 'клуб.toml' as 'match.toml'
        return text
    import shlex  # start-up: only a message that suggests a command with a path in it

    quoted = shlex.quote(text)
    if double and quoted != text and "!" not in text:
        quoted = '"' + text.translate(_IN_DOUBLE_QUOTES) + '"'
    return printable(quoted)


_BARE = "@%+=:,./-_"
"""What a shell reads as it is besides letters and digits (``shlex.quote``'s own, which takes only ASCII letters
and digits: a name in Cyrillic needs no quotes either)."""

_IN_DOUBLE_QUOTES = str.maketrans({char: "\\" + char for char in '$`"\\'})
"""What a POSIX shell reads inside double quotes, each given a backslash before it (``shell_word``)."""


def quoted(text: str, limit: int = 24) -> str:
    """A typed value as a message repeats it, so that the message stays one short line: in quotes,
    ``printable``, and cut when long (with its length)."""
    text = text.strip()
    shown = printable(text[:limit])
    if len(text) <= limit and len(shown) <= limit:
        return f"'{shown}'"
    return ngettext("'{text}…' ({count:,} character)", "'{text}…' ({count:,} characters)", len(text)).format(
        text=shown[:limit], count=len(text))


def either(items: Iterable) -> str:
    """Choices as a message offers them: ``1-1``, ``1-1 or 2-2``, ``Ann, Anna or Annie``."""
    shown = [str(item) for item in items]
    if len(shown) == 1:
        return shown[0]
    return _("{items} or {last}").format(items=", ".join(shown[:-1]), last=shown[-1])


LONGEST_WORD = 200
"""The most characters of one unbroken run a message shows (far more than any name or file path people use)."""

LONGEST_MESSAGE = 500
"""The most characters of a message shown whole (the longest scorekeeper writes, with a long path in it, is
well within it)."""


def cut_echoes(message: str, limit: int = 60) -> str:
    """``message`` with what it repeats cut short, the last guard of every error line (click's own usage
    errors repeat a bad value whole): any run of more than ``LONGEST_WORD`` characters without a space cut
    to ``limit`` with its length, and a message still longer than ``LONGEST_MESSAGE`` cut in its middle: a
    100,000-character input never makes a 100,000-character line."""
    if len(message) <= LONGEST_WORD:
        return message
    message = re.sub(r"\S{%d,}" % (LONGEST_WORD + 1),
                     lambda found: ngettext("{text}… ({count:,} character)", "{text}… ({count:,} characters)",
                                            len(found.group())).format(text=found.group()[:limit],
                                                                       count=len(found.group())), message)
    if len(message) > LONGEST_MESSAGE:  # many words typed: the start says what, the end why
        return ngettext("{start} … ({count:,} character) … {end}",
                        "{start} … ({count:,} characters) … {end}", len(message) - 450).format(
            start=message[:300], count=len(message) - 450, end=message[-150:])
    return message
