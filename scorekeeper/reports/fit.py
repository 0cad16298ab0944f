"""Making people's text fit a screen width: wrapping, abbreviated names, the widest line.

A width of ``None`` means no limit (``--wide``, or output to a pipe or a file without ``COLUMNS``): nothing is
wrapped or shortened.  Widths are display columns (``columns.width``), so CJK names count double.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from scorekeeper.reports.columns import width as text_width


def widest(text: str) -> int:
    """The display width of the text's longest line."""
    return max((text_width(line) for line in text.split("\n")), default=0)


def fits(text: str, width: int | None) -> bool:
    return width is None or widest(text) <= width


def cut(text: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` columns (a word longer than the screen)."""
    if text_width(text) <= width:
        return text
    kept = ""
    for char in text:
        if text_width(kept + char) > width:
            break
        kept += char
    return kept


def wrap(text: str, width: int | None, indent: str = "", first: str = "") -> list[str]:
    """``first + text`` as lines of at most ``width`` columns, words kept whole; later lines start with
    ``indent``.  A word wider than the line is split (the text is never lost)."""
    if width is None or text_width(first + text) <= width:
        return [first + text]
    lines: list[str] = []
    line = first
    fresh = True  # nothing but the prefix on the line yet
    for word in text.split():
        candidate = line + ("" if fresh else " ") + word
        if text_width(candidate) <= width:
            line, fresh = candidate, False
            continue
        if not fresh:
            lines.append(line)
            line, fresh = indent, True
            candidate = line + word
            if text_width(candidate) <= width:
                line, fresh = candidate, False
                continue
        while text_width(line + word) > width:  # a word wider than the line: split it
            room = max(1, width - text_width(line))
            piece = cut(word, room) or word[:1]
            lines.append(line + piece)
            word = word[len(piece):]
            line = indent
        line, fresh = line + word, not word
    if not fresh or not lines:
        lines.append(line)
    return [item.rstrip() for item in lines]


def wrap_lines(lines: Iterable[str], width: int | None, indent: str = "  ") -> list[str]:
    """Every line wrapped to ``width``, continuation lines indented; blank lines kept; a line's own leading
    spaces are kept (and added to the continuation's indent)."""
    out: list[str] = []
    for line in lines:
        if not line.strip() or width is None or text_width(line) <= width:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        out += wrap(line.strip(), width, indent=lead + indent, first=lead)
    return out


def abbreviations(names: Sequence[str], size: int | None) -> dict[str, str]:
    """Each name shortened to ``size`` columns the same way everywhere: a prefix (for a pair ``A+B``, a prefix
    of each player), lengthened where two would read alike, numbered when even that cannot tell them apart."""
    if size is None or all(text_width(name) <= size for name in names):
        return {name: name for name in names}

    def short(name: str, room: int) -> str:
        if text_width(name) <= room:
            return name
        parts = name.split("+")
        if len(parts) > 1 and room >= 2 * len(parts) - 1:
            each = max(1, (room - (len(parts) - 1)) // len(parts))
            return "+".join(cut(part, each) for part in parts)
        return cut(name, room)

    found = {name: short(name, size) for name in names}
    for room in range(size + 1, max(text_width(name) for name in names) + 1):
        clashing = [name for name in names if list(found.values()).count(found[name]) > 1]
        if not clashing:
            break
        for name in clashing:
            found[name] = short(name, room)
    seen: dict[str, int] = {}
    for name in names:  # still alike (one name the start of another): number them
        if list(found.values()).count(found[name]) > 1:
            seen[found[name]] = seen.get(found[name], 0) + 1
            found[name] = cut(found[name], max(1, size - 1)) + str(seen[found[name]])
    return found
