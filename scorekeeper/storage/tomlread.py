"""Read TOML with ``tomllib``, its errors turned into one ``TomlError`` that gives the line apart.

Callers name the file: ``TomlError.msg`` is tomllib's message without the place, ``lineno`` the line.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Iterator

from scorekeeper.i18n import N_, _


class TomlError(ValueError):
    """Broken TOML: tomllib's error as it is (``str``), its message without the place (``msg``), and its line."""

    def __init__(self, message: str, msg: str, lineno: int | None) -> None:
        super().__init__(message)
        self.msg = msg
        self.lineno = lineno


def loads(text: str) -> dict:
    """``tomllib.loads(text)``; TomlError when the text is broken."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = _error_line(error, text)
        raise TomlError(str(error), _without_place(getattr(error, "msg", str(error))), line) from None
    except RecursionError:
        line = _deepest_line(text)
        message = _("nested too deeply")
        raise TomlError(_("nested too deeply (at line {line})").format(line=line), message, line) from None
    except ValueError as error:  # a number of thousands of digits: Python's limit on converting them
        line = _long_number_line(text)
        message = _("a number too long to read") if line else str(error)
        raise TomlError(_("{message} (at line {line})").format(message=message, line=line), message, line) from None


TOMLLIB_SAYS = (N_("Cannot overwrite a value"), N_("Escaped character is not a Unicode scalar value"),
                N_("Expected '=' after a key in a key/value pair"),
                N_("Expected ']' at the end of a table declaration"),
                N_("Expected ']]' at the end of an array declaration"), N_("Invalid date or datetime"),
                N_("Invalid hex value"), N_("Invalid initial character for a key part"), N_("Invalid statement"),
                N_("Invalid value"), N_("Unclosed array"), N_("Unclosed inline table"),
                N_("Unescaped '\\' in a string"), N_("Unterminated string"))
"""tomllib's own messages, said in the language in use (it has no catalogs of its own)."""
TOMLLIB_FILLED = ((r"Cannot declare (?P<key>.+) twice", N_("Cannot declare {key} twice")),
                  (r"Cannot mutate immutable namespace (?P<key>.+)", N_("Cannot mutate immutable namespace {key}")),
                  (r"Cannot redefine namespace (?P<key>.+)", N_("Cannot redefine namespace {key}")),
                  (r"Duplicate inline table key (?P<key>.+)", N_("Duplicate inline table key {key}")),
                  (r"Expected (?P<expected>.+)", N_("Expected {expected}")),
                  (r"Found invalid character (?P<character>.+)", N_("Found invalid character {character}")),
                  (r"Illegal character (?P<character>.+)", N_("Illegal character {character}")))
"""tomllib's messages that carry what it found (as patterns, compiled only when a file is broken), and the
fields they carry."""


def _said(message: str) -> str:
    """One of tomllib's messages in the language in use (as it is, when it is not one of those known)."""
    if message in TOMLLIB_SAYS:
        return _(message)
    for pattern, said in TOMLLIB_FILLED:
        found = re.fullmatch(pattern, message)
        if found:
            return _(said).format(**found.groupdict())
    return message


def _without_place(message: str) -> str:
    """tomllib's message without the place it ends with (the line is given apart), in the language in use:
    "Invalid value (at line 3, column 7)" -> "Invalid value (column 7)"; "(at end of document)" -> "(at the
    end of the file)"."""
    if message.endswith(" (at end of document)"):
        return _("{message} (at the end of the file)").format(
            message=_said(message[:-len(" (at end of document)")]))
    head, marker, place = message.rpartition(" (at line ")
    if marker and ", column " in place:
        return _("{message} (column {column})").format(message=_said(head),
                                                      column=place.split(", column ", 1)[1].rstrip(")"))
    return _said(message)


def _error_line(error: Exception, text: str = "") -> int | None:
    """The line a tomllib.TOMLDecodeError points at (its message ends "(at line L, column C)"); at the end of
    the document, the file's last line that holds anything."""
    line = getattr(error, "lineno", None)
    if line:
        return line
    message = str(error)
    if message.endswith("(at end of document)"):
        return text.rstrip().count("\n") + 1
    marker = "(at line "
    if marker in message:
        try:
            return int(message.split(marker, 1)[1].split(",", 1)[0])
        except ValueError:
            return None
    return None


def outside_strings(text: str, position: int = 0, line: int = 1) -> Iterator[tuple[str, int]]:
    """Each character of TOML ``text`` from ``position`` (on ``line``) that gives its structure, with its
    line: strings and comments are skipped, but for a string's opening quote."""
    quote = ""
    while position < len(text):
        char = text[position]
        if char == "\n":
            line += 1
        if quote:
            if char == "\\" and quote == '"':
                position += 1
            elif char == quote:
                quote = ""
            position += 1
            continue
        elif char == "#":
            end = text.find("\n", position)
            position = len(text) if end < 0 else end
            continue
        elif char in "\"'":
            quote = char
        yield char, line
        position += 1


def _deepest_line(text: str) -> int | None:
    """The line where the arrays and tables of ``text`` are nested deepest (the first such line): what
    tomllib gives up on with a RecursionError, and says no line of."""
    depth, deepest, where = 0, 0, None
    for char, line in outside_strings(text):
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
        elif char in "]}":
            depth = max(depth - 1, 0)
    return where


def _long_number_line(text: str) -> int | None:
    """The line of the first run of digits too long for Python to turn into a number (tomllib raises a
    ValueError with no line for it)."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
    found = re.search(r"\d{%d,}" % (limit + 1), text) if limit else None
    return text.count("\n", 0, found.start()) + 1 if found else None
