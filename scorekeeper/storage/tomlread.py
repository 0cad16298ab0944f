"""Read TOML with ``tomllib``, its errors turned into one ``TomlError`` that gives the line apart.

Callers name the file: ``TomlError.msg`` is tomllib's message without the place, ``lineno`` the line.
"""

from __future__ import annotations

import tomllib


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
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, arrays nested too deep
        message = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise TomlError(message, message, None) from None


def _without_place(message: str) -> str:
    """tomllib's message without the place it ends with (the line is given apart): "Invalid value (at line
    3, column 7)" -> "Invalid value (column 7)"; "(at end of document)" -> "(at the end of the file)"."""
    if message.endswith(" (at end of document)"):
        return message[:-len(" (at end of document)")] + " (at the end of the file)"
    head, marker, place = message.rpartition(" (at line ")
    if marker and ", column " in place:
        return f"{head} (column {place.split(', column ', 1)[1]}"
    return message


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
