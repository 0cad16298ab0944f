"""The people's table layout: columns two spaces apart, dashes under the headers.

It is tabulate's "simple" layout, written out here because the running table is printed after every round
and tabulate's import alone weighs on a command's start-up budget (and its reading of every cell's type on a
long match's comparison: docs/performance.md); the Markdown export writes its own pipe table.
"""

from __future__ import annotations

from typing import Sequence


def _narrow(char: str) -> bool:
    """Latin, Greek, Cyrillic, and the arrows and signs the table uses: one column, no lookup needed."""
    code = ord(char)
    return code < 0x300 or 0x370 <= code < 0x483 or 0x48A <= code < 0x530 or 0x2000 <= code < 0x2300


def width(text: str) -> int:
    """Columns the text takes on a terminal: wide (CJK) characters take two, combining marks none."""
    if text.isascii() or all(_narrow(char) for char in text if char > "\x7f"):  # ASCII is narrow: not asked
        return len(text)
    import unicodedata  # only tables with, say, CJK names pay for it

    return sum(0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
               for char in text)


def simple_table(headers: Sequence[str], rows: Sequence[Sequence[object]], align: Sequence[str],
                 gap: int = 2) -> str:
    """Headers, a line of dashes, then the rows; ``align`` is "left" or "right" for each column; columns
    ``gap`` spaces apart.  A header may take several lines (``"Masha\ngoat"``): its lines stand one under the
    other, at the top."""
    heads = [str(header).split("\n") for header in headers]
    tall = max((len(lines) for lines in heads), default=1)
    header_rows = [[lines[index] if index < len(lines) else "" for lines in heads] for index in range(tall)]
    lines = [[(text, width(text)) for text in map(str, row)] for row in [*header_rows, *rows]]
    widths = [max(size for _, size in column) for column in zip(*lines)]

    def line(cells: Sequence[tuple[str, int]]) -> str:
        padded = []
        for (text, size), column, side in zip(cells, widths, align):
            gap = " " * (column - size)
            padded.append(gap + text if side == "right" else text + gap)
        return space.join(padded).rstrip()

    space = " " * gap
    return "\n".join([line(row) for row in lines[:tall]] + [space.join("-" * size for size in widths).rstrip()]
                     + [line(row) for row in lines[tall:]])


def standing_text(score: int, remembered: int) -> str:
    """A side's standing: its score, and the +remembered points it holds below the opening threshold."""
    return f"{score} +{remembered}" if remembered else str(score)
