"""Comments a person added to a match file survive the next write.

The match file is written whole from the facts (``dump_match``); before it replaces the old file, every
comment of the old one is carried over: a comment on its own line stays above the line it stood above, and a
comment at the end of a line stays at the end of that line, found again in the new text by matching lines
(``difflib``: a round that was edited is the line in its place). A comment whose line is gone (a deleted
round) stays above the line that follows it. Nothing a person wrote is dropped.
"""

from __future__ import annotations


def split_comment(line: str) -> tuple[str, str]:
    """A TOML line's code and its trailing comment ("" when it has none): a ``#`` outside strings."""
    if "#" not in line:  # most lines: nothing to look for, character by character
        return line, ""
    quote = ""
    index = 0
    while index < len(line):
        char = line[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:index].rstrip(), line[index:]
        index += 1
    return line, ""


def _key(code: str) -> str:
    """A line as it is matched between the old file and the new: a round's seal left out, which changes when
    the round before it does (a deleted round, an edit) while the round itself stays."""
    key = code.strip().rstrip(",").strip()
    start = key.find(_SEAL)
    end = key.find("'", start + len(_SEAL)) if start >= 0 else -1
    return key[:start] + key[end + 1:] if end >= 0 else key


_SEAL = ", checked = '"


def keep_comments(old: str, new: str, generated: frozenset[str] = frozenset()) -> str:
    """``new`` with the comments of ``old`` carried over (``generated``: comment lines the writer makes
    itself, not carried)."""
    if "#" not in old:
        return new
    above: dict[int, list[str]] = {}  # old content line -> the comment lines above it
    trailing: dict[int, str] = {}  # old content line -> its comment
    keys: list[str] = []
    waiting: list[str] = []
    for line in old.split("\n"):
        stripped = line.strip()
        if stripped.startswith("#"):
            if stripped not in generated:
                waiting.append(stripped)
            continue
        code, comment = split_comment(line)
        if not code.strip():
            continue
        index = len(keys)
        keys.append(_key(code))
        if waiting:
            above[index], waiting = waiting, []
        if comment:
            trailing[index] = comment
    if not above and not trailing and not waiting:
        return new
    new_lines = new.split("\n")
    if new_lines and new_lines[-1] == "":
        new_lines.pop()
    content = [number for number, line in enumerate(new_lines)
               if line.strip() and not line.lstrip().startswith("#")]
    new_keys = [_key(new_lines[number]) for number in content]
    from difflib import SequenceMatcher  # start-up: keeps difflib out until comments are carried over

    target: dict[int, int] = {}  # old content index -> new content index
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, keys, new_keys, autojunk=False).get_opcodes():
        if tag in ("equal", "replace"):
            for offset in range(min(i2 - i1, j2 - j1)):
                target[i1 + offset] = j1 + offset
    before: dict[int, list[str]] = {}  # new content index -> comment lines to write above it
    after: dict[int, list[str]] = {}
    lost: list[str] = []  # comments of lines that are gone, waiting for the next line that stays
    for index in range(len(keys)):
        lost += above.get(index, [])
        if index not in target:
            if index in trailing:
                lost.append(trailing[index])
            continue
        where = target[index]
        if lost:
            before.setdefault(where, []).extend(lost)
            lost = []
        if index in trailing:
            after.setdefault(where, []).append(trailing[index])
    lost += waiting  # comments after the last line
    out: list[str] = []
    at = {number: position for position, number in enumerate(content)}
    for number, line in enumerate(new_lines):
        position = at.get(number)
        if position is not None:
            indent = line[:len(line) - len(line.lstrip())]
            out += [indent + comment for comment in before.get(position, [])]
            if position in after:
                line = f"{line}  {' '.join(after[position])}"
        out.append(line)
    out += lost
    return "\n".join(out) + "\n"
