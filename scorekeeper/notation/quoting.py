"""Text from outside (typed, or read from a file) made safe to show, and players' names checked.

A name or value read from a file may hold control characters or terminal escape sequences
(``\\x1b[2J`` clears the screen); shown raw, it would rewrite the scorer's terminal or split a one-line
message. ``printable`` escapes every character that is not printable text, as Python writes it (``\\x1b``).
"""

from __future__ import annotations

MAX_SHOWN = 40
"""How many characters of a typed value a message repeats (a 5,000-digit number is not echoed whole)."""


def printable(text: str) -> str:
    """``text`` with control, format and line-separator characters escaped (``\\x1b``, ``\\n``,
    ``\\u2028``), so that it shows as one line and cannot drive the terminal; spaces are kept."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char == " " else repr(char)[1:-1] for char in text)


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """A typed value as a message repeats it: printable, and cut short (with its length) when long."""
    if len(text) > limit:
        return f"{printable(text[:limit - 10])}... ({len(text)} characters)"
    return printable(text)


def name_key(name: str) -> str:
    """What two names are compared by: case folded, ё read as е (people write either) and runs of spaces as
    one, so that 'Алёна' and 'АЛЕНА' are one name, and 'Anna Lee' and 'Anna  Lee'."""
    return " ".join(name.casefold().replace("ё", "е").split())


def name_problem(name: str, what: str = "a player's name", separators: str = "=,+\"") -> str | None:
    """Why ``name`` cannot be a name (None when it can): empty, padded with spaces, holding a control or
    invisible character, or one of the characters the command line uses to separate names and values."""
    if not name.strip():
        return f"an empty name cannot be {what}"
    if name != name.strip():
        return f"'{shown(name)}' cannot be {what}: it starts or ends with a space"
    odd = [char for char in name if not (char.isprintable() or char == " ")]
    if odd:
        return (f"'{shown(name)}' cannot be {what}: it holds a control or invisible character "
                f"({printable(odd[0])})")
    bad = [char for char in separators if char in name]
    if bad:
        return f"'{shown(name)}' cannot be {what}: it holds '{bad[0]}' (names cannot hold {' '.join(separators)})"
    return None


def alike_problem(names) -> str | None:
    """Why a list of names cannot sit together (two that match alike: same ignoring case and ё/е), or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            if seen[key] == name:
                return f"two players are called '{shown(name)}'"
            return (f"'{shown(seen[key])}' and '{shown(name)}' are the same name to scorekeeper "
                    "(case, spaces and ё/е are not told apart): give the players names that differ")
        seen[key] = name
    return None


def not_utf8(path: str) -> tuple[int | None, str]:
    """Where a file that does not read as UTF-8 goes wrong (its line) and what to do; a file saved in
    another encoding (cp1251, UTF-16) is a common thing for a hand-edited file to be."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return 1, "not UTF-8 text (it is saved as UTF-16): save it as UTF-8"
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        return line, (f"not UTF-8 text (byte 0x{data[error.start]:02x}, column {column}): save it as UTF-8 "
                      "(it may be saved in another encoding, like cp1251)")
    except OSError as error:
        return None, f"cannot read: {error.strerror or error}"
    return None, "not UTF-8 text: save it as UTF-8"
