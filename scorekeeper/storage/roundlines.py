"""The match file's round lines read without tomllib, where each is in the writer's own shape.

A long match file is mostly its rounds, one a line (``storage.matchfile``'s writer), and tomllib reads them
a character at a time. Here a line that is exactly what the writer writes (``    { key = value, ... },``:
its keys bare or in double quotes, its strings with nothing to unescape, its integers as ``str`` writes
them, one space where the writer puts one) is read by slicing; the rest of the file goes to tomllib with each
round line left blank, so that tomllib counts every other line as it would. Anything else, in any line of
the block (a comment, another spacing, an escape, a float, a key given twice), and the whole file goes to
tomllib as before, which reads it or names its error: what is read here is what tomllib gives, or nothing.
"""

import re

from scorekeeper.storage import tomlread as toml

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIGITS = frozenset("0123456789")
_PAIR = re.compile(r"""([A-Za-z0-9_-]+) = (?:"([^"]*)"|'([^']*)'|(0|-?[1-9][0-9]*))""").match
"""A bare key and a string in either quotes or an integer as ``str`` writes it: most pairs of a round line,
each read in one match (``_value`` reads the others: a table, an array, a boolean, a key in quotes).  What
follows the pair is checked as after any value (an integer read short, ``012``, is then no round line)."""


class _NotWritten(Exception):
    """A line not in the writer's shape."""


def read_written(text: str) -> dict | None:
    """``tomllib.loads(text)`` for a match file whose rounds block is in the writer's layout (a top-level
    ``rounds = [`` line, one round a line, a ``]`` line) and whose every round line is in the writer's shape;
    None for any other file (read it with tomllib)."""
    lines = text.split("\n")
    try:
        start = lines.index("rounds = [")
        end = lines.index("]", start + 1)
    except ValueError:
        return None
    if any(line.lstrip(" \t").startswith("[") or '"""' in line or "'''" in line for line in lines[:start]):
        return None  # a table before it (its header may be indented) or a multi-line string: the line may
        # not be the top-level key
    rounds = []
    for line in lines[start + 1:end]:
        if not line.startswith("    { ") or not line.endswith(" },"):
            return None
        try:
            value, at = _table(line, 4)
        except (_NotWritten, ValueError, IndexError, RecursionError):
            return None
        if at != len(line) - 1:
            return None
        rounds.append(value)
    try:
        data = toml.loads("\n".join(lines[:start + 1] + [""] * len(rounds) + lines[end:]))
    except toml.TomlError:
        return None  # tomllib names the error in the whole file
    if data.get("rounds") != []:
        return None
    data["rounds"] = rounds
    return data


def loads(text: str) -> dict:
    """A match file's TOML: ``read_written`` where the rounds are in the writer's shape, else tomllib (whose
    TomlError names what is wrong and where)."""
    return read_written(text) or toml.loads(text)


def _string(line: str, at: int, quote: str) -> tuple[str, int]:
    end = line.index(quote, at + 1)
    return _plain(line[at + 1:end], quote), end + 1


def _plain(value: str, quote: str) -> str:
    """A string's text between its ``quote``s, where TOML reads it as it stands; else _NotWritten."""
    if quote == '"' and "\\" in value or not value.isprintable():
        raise _NotWritten  # an escape to read, or a character TOML may refuse
    return value


def _value(line: str, at: int) -> tuple[object, int]:
    char = line[at]
    if char == '"' or char == "'":
        return _string(line, at, char)
    if char == "{":
        return _table(line, at)
    if char == "[":
        return _array(line, at)
    if line.startswith("true", at):
        return True, at + 4
    if line.startswith("false", at):
        return False, at + 5
    digits = at + 1 if char == "-" else at
    end = digits
    while end < len(line) and line[end] in _DIGITS:
        end += 1
    if end == digits or line[digits] == "0" and (end > digits + 1 or digits > at):
        raise _NotWritten  # no digits, a leading zero, -0: not as str(int) writes a number
    return int(line[at:end]), end


def _table(line: str, at: int) -> tuple[dict, int]:
    if not line.startswith("{ ", at):
        raise _NotWritten
    at += 2
    table: dict = {}
    while True:
        pair = _PAIR(line, at)  # most pairs: a bare key and a string or an integer, read in one match
        if pair is not None:
            key, double, single, integer = pair.groups()
            if integer is not None:
                value = int(integer)
            elif double is not None:
                value = _plain(double, '"')
            else:
                value = _plain(single, "'")
            if key in table:
                raise _NotWritten
            table[key] = value
            at = pair.end()
        else:
            if line[at] == '"':
                key, at = _string(line, at, '"')
            else:
                end = at
                while line[end] in _BARE:
                    end += 1
                if end == at:
                    raise _NotWritten
                key, at = line[at:end], end
            if key in table or not line.startswith(" = ", at):
                raise _NotWritten
            table[key], at = _value(line, at + 3)
        if line.startswith(", ", at):
            at += 2
        elif line.startswith(" }", at):
            return table, at + 2
        else:
            raise _NotWritten


def _array(line: str, at: int) -> tuple[list, int]:
    at += 1
    items: list = []
    if line[at] == "]":
        return items, at + 1
    while True:
        item, at = _value(line, at)
        items.append(item)
        if line.startswith(", ", at):
            at += 2
        elif line[at] == "]":
            return items, at + 1
        else:
            raise _NotWritten
