"""A match file in the writer's own layout, read without walking its rounds through tomllib.

tomllib reads every round's inline table one character at a time: on a long match that is most of
``table``'s time.  The rounds ``matchfile.dump_match`` writes are one a line, in one fixed form:

    rounds = [
        { end = "out", out = "Serg", last = "0-2", hands = { Masha = 6, Alex = 5, Olya = "2-2 3-6" } },
    ]

``read`` reads every such line with regular expressions (far quicker) into the round's fields, and
gives the rest of the file, with ``rounds = []`` in the block's place, to tomllib; ``parse_match`` makes the
facts from those fields directly (making tables of them first would cost more).  It is strict: a
line must be exactly what the writer makes (its keys in the writer's order, strings without escapes, plain
integers, no comment); any other line, a file that does not have the layout, or a problem anywhere, and the
whole text goes to tomllib, so the data (and every error, with its line) is always what tomllib gives.
``loads`` gives the fields as the tables tomllib reads: the tests hold it equal to tomllib on generated and
hand-broken files, and the facts ``parse_match`` makes either way equal (tests/storage/test_quickread.py).
"""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from scorekeeper.storage import tomlread

# Written for sre's speed (a long match reads a line a round), the same lines matched: the repeats are
# possessive (*+, ++, {0,17}+: never given back, which saves keeping what to go back to), since what follows
# each could never take what it gave back (a string's characters are followed by its closing quote, a name
# by " = ", a number or a list's last item by "," or " " or a bracket); and an optional part is written
# (?:part|), which tries the same two ways as (?:part)? with less bookkeeping.
_CHARS = r'[^"\\\x00-\x1f\x7f]*+'
"""What a basic string without escapes holds (a string with any escape goes to tomllib)."""
_STR = rf'"{_CHARS}"'
_INT = r"-?(?:0|[1-9][0-9]{0,17}+)"
"""A plain integer, small enough for every TOML reader (no sign +, no underscores)."""
_KEY = rf"(?:[A-Za-z0-9_-]++|{_STR})"
_LIST = rf"\[(?:{_STR}(?:, {_STR})*+)?\]"
_PAIR = rf"{_KEY} = (?:{_STR}|{_INT})"
_HANDS_START = ", hands = { "
_HEAD = (
    rf'(    \{{ end = "({_CHARS})"(?:, out = "({_CHARS})"|)(?:, fisher = "({_CHARS})"|)(?:, led = "({_CHARS})"|)'
    rf'(?:, last = "({_CHARS})"|)(?:, claims = ({_LIST})|)(?:, points = ({_LIST})|)){re.escape(_HANDS_START)}')
"""A round's line up to its hands: the line's text before them (group 1), then each field of its head."""
_ROUND = rf'{_HEAD}((?:{_PAIR}(?:, {_PAIR})*+)?) ?\}} \}},'
"""A round's line, exactly."""
_ROUND_LOOSE = rf'{_HEAD}(.*)\}} \}},'
"""A round's line with the text of its hands taken whole (read piece by piece): it takes every line ``_ROUND``
takes, with the same fields."""
_HAND = rf'(?:([A-Za-z0-9_-]++)|"({_CHARS})") = ({_STR}|{_INT})'
_HAND_ALONE = rf'({_KEY}) = ({_STR}|{_INT})'
"""One hand's text: its key and value as written."""
_ITEM = rf'"({_CHARS})"'
QUICK_FROM = 100
"""Rounds from which the quick way pays: compiling its expressions costs more than tomllib on a short match."""
_compiled: list[re.Pattern] = []


def _patterns() -> list[re.Pattern]:
    """The round line (its hands' text whole, and exactly), a hand (alone, and in a line), a claim: compiled
    when a file first needs them, not by every command."""
    if not _compiled:
        _compiled.extend(re.compile(pattern) for pattern in (_ROUND_LOOSE, _HAND_ALONE, _ROUND, _HAND, _ITEM))
    return _compiled


class QuickFile(NamedTuple):
    """A match file read the quick way."""

    data: dict
    """The file's data as tomllib reads it, but with ``rounds = []``."""
    rounds: list[tuple[tuple, dict[str, Any]]]
    """Each round's fields as its line writes them, ``(head, hands)``: its head ``(end, out, fisher, led, last,
    claims, points)``, a field the line does not have None, ``claims`` and ``points`` tuples of strings, one
    tuple for the lines that write their head alike; and ``hands`` a dict of each player's hand, as ``read``'s
    ``value`` makes it of its text (by default as tomllib reads it)."""
    lines: list[int]
    """The line each round starts on."""


def loads(text: str, least: int = QUICK_FROM) -> tuple[dict, list[int] | None]:
    """The match file's data, exactly as ``tomllib.loads(text)`` gives it (TomlError when it is broken), and
    the line each round starts on when its ``least`` rounds or more were read in the writer's layout (None
    otherwise: tomllib read them)."""
    quick = read(text, least)
    if quick is None:
        return tomlread.loads(text), None
    quick.data["rounds"] = [as_table(fields) for fields in quick.rounds]
    return quick.data, quick.lines


def read(text: str, least: int = QUICK_FROM, value: Callable[[str], Any] | None = None) -> QuickFile | None:
    """The match file read the quick way, when it has the writer's layout with ``least`` rounds or more and
    tomllib reads the rest of it; else None (the caller gives the text to tomllib).

    ``value`` makes a hand's value of its text ("TILES" in their quotes, or a TOTAL), once for each way a hand
    is written: as tomllib reads it unless told (``hand_value``); where it gives None, the file is not read
    the quick way."""
    make = hand_value if value is None else value
    lines = text.split("\n")
    try:
        start = lines.index("rounds = [")
        end = lines.index("]", start + 1)
    except ValueError:
        return None
    if end - start - 1 < least:
        return None
    for line in lines[:start]:
        # The block must be a top-level key: no table opened before it, no multi-line string around it.
        if line.lstrip().startswith("[") or '"""' in line or "'''" in line:
            return None
    rounds = []
    loose, alone, exact, hand, item = _patterns()
    match, match_hand, items_in = loose.fullmatch, alone.fullmatch, item.findall
    # A line's hands are read from their text split at ", " ('Masha = 6', 'Olya = "2-2 3-6"'), each text of a
    # hand once and each value made once (a long match writes the same ones again and again): matching them
    # with the line every time cost more than all the rest.  A piece that is not a hand (a string holding
    # ", ", or a line that is not the writer's) sends the line to the exact expression.
    known: dict[str, tuple[str, Any]] = {}
    values: dict[str, Any] = {}
    heads: dict[str, tuple] = {}  # each head's text read once too
    for line in lines[start + 1:end]:
        # A head read before is known by the line's text before its first ", hands = { ", and the line is not
        # matched again (a head holding ", hands = { " in a string is never one read before: cut there, it is
        # not a whole head).
        written_head, _, rest = line.partition(_HANDS_START)
        head = heads.get(written_head)
        if head is not None and rest.endswith("} },"):
            text = rest[:-4]
        else:
            found = match(line)
            if found is None:
                return None
            written_head, text = found.group(1, 9)
            head = heads.get(written_head)
            if head is None:
                end_, out, fisher, led, last, claims, points = found.group(2, 3, 4, 5, 6, 7, 8)
                head = heads[written_head] = (end_, out, fisher, led, last,
                                              None if claims is None else tuple(items_in(claims)),
                                              None if points is None else tuple(items_in(points)))
        if text.endswith(" "):
            text = text[:-1]  # the space before "}" (one at most: no hand's text ends with one)
        pieces = text.split(", ") if text else ()
        hands: dict[str, Any] | None = {}
        for piece in pieces:
            pair = known.get(piece)
            if pair is None:
                alone_found = match_hand(piece)
                if alone_found is None:
                    hands = None
                    break
                key, written = alone_found.groups()
                made = values.get(written)  # the same hand held by another player
                if made is None:
                    made = values[written] = make(written)
                    if made is None:
                        return None  # a hand the caller cannot make of its text
                pair = known[piece] = (key[1:-1] if key[0] == '"' else key, made)
            hands[pair[0]] = pair[1]
        if hands is None:
            exact_found = exact.fullmatch(line)
            if exact_found is None:
                return None
            pieces = hand.findall(exact_found.group(9))
            # findall gives "" for a part that did not take part: a bare name is never empty
            hands = {bare or quoted: make(written) for bare, quoted, written in pieces}
            if None in hands.values():
                return None  # a hand the caller cannot make of its text
        if len(hands) < len(pieces):
            return None  # a hand given twice: broken TOML, which tomllib names (before anything else is read)
        rounds.append((head, hands))
    try:
        data = tomlread.loads("\n".join(lines[:start] + ["rounds = []"] + lines[end + 1:]))
    except tomlread.TomlError:
        return None  # tomllib reads the whole file again, to name the problem where it is
    if data.get("rounds") != []:
        return None
    return QuickFile(data, rounds, list(range(start + 2, end + 1)))


def as_table(fields: tuple) -> dict:
    """One round's fields as tomllib reads its inline table."""
    head, hands = fields
    table = {key: value for key, value in zip(_KEYS, head) if value is not None}
    for key in ("claims", "points"):
        if key in table:
            table[key] = list(table[key])
    table["hands"] = dict(hands)
    return table


def hand_value(written: str) -> int | str:
    """A hand's value as tomllib reads it from its text on the line: "TILES" (in quotes), or a TOTAL."""
    return written[1:-1] if written[0] == '"' else int(written)


_KEYS = ("end", "out", "fisher", "led", "last", "claims", "points")
