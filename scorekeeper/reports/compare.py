"""Text for people: two tables of the same facts side by side."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.notation.numerals import spans
from scorekeeper.referee.rescore import Comparison
from scorekeeper.reports.columns import simple_table, standing_text
from scorekeeper.reports.fit import abbreviations, widest, wrap, wrap_lines
from scorekeeper.reports.render import _round_label, _short_label, note_lines

EMPTY = '""'
"""An empty value (``eggs.lead``: no tile) as a ruleset file writes it, so that it is seen."""


def render_comparison(comparison: Comparison, width: int | None = None, wide: bool = False) -> str:
    """Both tables side by side, differing rounds and cells marked, then the differing keys and facts.

    Fitted to ``width`` (None: no limit): each side's two numbers in two columns, else in one cell
    ``first/second`` where they differ, names abbreviated; every other line wrapped.  ``wide``: every fact
    in the round labels, nothing fitted.
    """
    first, second = comparison.first, comparison.second
    a, b = first.ruleset.called, second.ruleset.called
    if a == b:
        a, b = f"{a} (1)", f"{b} (2)"
    if wide:
        width = None
    grid, legend = _fitted(comparison, a, b, width, wide)
    lines = wrap(_("{first} (the match's ruleset) beside {second}:").format(first=a, second=b), width,
                 indent="  ") + [""]
    lines += legend + grid
    differing = comparison.differing_rounds
    rest = ["", _("rounds that differ (≠): {rounds}").format(rounds=spans(list(differing))) if differing
            else _("rounds that differ (≠): none")]
    if comparison.unsure_rounds:
        rest.append(_("rounds not known to be the same (?): {rounds}: their claims are known only as points, which "
                      "{ruleset} would score differently").format(
                          rounds=spans(list(comparison.unsure_rounds)), ruleset=b))
    rest += ["", _("rule keys that differ ({first} -> {second}):").format(first=a, second=b)]
    rest += [f"  {key}: {left or EMPTY} -> {right or EMPTY}" for key, left, right in comparison.keys] \
        or ["  " + _("none")]
    for rescored, label in ((first, a), (second, b)):
        for note in rescored.notes:
            rest.append(_("note ({ruleset}): {note}").format(ruleset=label, note=note))
    if comparison.lacking:  # each kind once, with its rounds, as the table's footer says them
        rest += ["", _("facts {ruleset} needs but the match lacks:").format(ruleset=b)]
        rest += ["  " + line for line in note_lines(second.table.rounds, word=False) if line]
    if comparison.unused:
        rest += ["", _("facts {ruleset} cannot use:").format(ruleset=b)] + [f"  {item}" for item in comparison.unused]
    for label, table in ((a, first.table), (b, second.table)):
        if table.over:
            rest.append((_("under {ruleset}: match over, {name} loses") if table.loser else
                         _("under {ruleset}: match over, {name} wins")).format(ruleset=label,
                                                                               name=table.loser or table.winner))
    return "\n".join(lines + wrap_lines(rest, width, indent="    "))


def _fitted(comparison: Comparison, a: str, b: str, width: int | None, wide: bool) -> tuple[list[str], list[str]]:
    """The side-by-side grid that fits, and the line saying how to read it."""
    grid = _split_grid(comparison, a, b, "long" if wide else "short")
    if width is None or widest(grid) <= width:
        return grid.split("\n"), []
    legend = wrap(_("each cell: {first}/{second} where they differ").format(first=a, second=b), width,
                  indent="  ") + [""]
    # narrower and narrower; last, without the column of marks (the rounds that differ are listed below it)
    for label, size, gap, marks in [("short", None, 2, True), ("short", None, 1, True), ("short", 6, 1, True),
                                    ("tiny", 5, 1, True), ("tiny", 4, 1, True), ("tiny", 3, 1, True),
                                    ("tiny", 3, 1, False), ("tiny", 2, 1, False)]:
        grid = _merged_grid(comparison, label, size, gap, marks)
        if widest(grid) <= width:
            return grid.split("\n"), legend
    return wrap_lines(_round_lines(comparison), width, indent="    "), legend


def _round_lines(comparison: Comparison) -> list[str]:
    """Narrower still: a line a round, each side's cell after its name (wrapped between words)."""
    names = [side.name for side in comparison.match.sides]
    short, said = _said(comparison, 3)
    lines = []
    for item, result in zip(comparison.rounds, comparison.first.table.rounds):
        cells = [f"{short[name]} {cell}" for name, cell in zip(names, _side_cells(item, len(names)))]
        eggs = _eggs_cell(item)
        if eggs:
            cells.append(_("eggs {eggs}").format(eggs=eggs))
        mark = _marker(item)
        lines.append(f"{item.number} {_label(result, 'tiny', said)}: " + ", ".join(cells) + (f" {mark}" if mark else ""))
    return lines


def _label(result, style: str, said: dict[str, str]) -> str:
    return _round_label(result) if style == "long" else _short_label(result, said, tiny=style == "tiny")


def _said(comparison: Comparison, size: int | None) -> tuple[dict[str, str], dict[str, str]]:
    names = [side.name for side in comparison.match.sides]
    short = abbreviations(names, size)
    players = [player for side in comparison.match.sides for player in side.players]
    return short, {**abbreviations(players, size), **short}


def _split_grid(comparison: Comparison, a: str, b: str, style: str) -> str:
    """Two columns a side: the match's ruleset, then the other, a differing cell marked *."""
    names = [side.name for side in comparison.match.sides]
    said = _said(comparison, None)[1]
    headers = ["#", _("round")]
    for name in names:
        headers += [f"{name}\n{a}", f"{name}\n{b}"]
    headers += [_("eggs") + "\n" + a, _("eggs") + "\n" + b, ""]
    rows = []
    for item, result in zip(comparison.rounds, comparison.first.table.rounds):
        row = [item.number, _label(result, style, said)]
        for index in range(len(names)):
            left = item.first[index] if item.first else None
            right = item.second[index] if item.second else None
            mark = " *" if left != right else ""
            row += [_cell(left), _cell(right) + mark]
        mark = " *" if item.first_eggs != item.second_eggs else ""
        row += [_eggs(item.first_eggs), _eggs(item.second_eggs) + mark, _marker(item)]
        rows.append(row)
    if not any(item.first_eggs or item.second_eggs for item in comparison.rounds):
        headers = headers[:-3] + headers[-1:]
        rows = [row[:-3] + row[-1:] for row in rows]
    return simple_table(headers, rows, ("left",) * len(headers))


def _merged_grid(comparison: Comparison, style: str, size: int | None, gap: int, marks: bool = True) -> str:
    """One column a side: its number, or first/second where the rulesets differ (``marks``: and a last
    column marking the rounds that differ)."""
    names = [side.name for side in comparison.match.sides]
    short, said = _said(comparison, size)
    with_eggs = any(item.first_eggs or item.second_eggs for item in comparison.rounds)
    rows = []
    for item, result in zip(comparison.rounds, comparison.first.table.rounds):
        row = [item.number, _label(result, style, said), *_side_cells(item, len(names))]
        if with_eggs:
            row.append(_eggs_cell(item))
        if marks:
            row.append(_marker(item))
        rows.append(row)
    headers = ["#", "" if style == "tiny" else _("round")] + [short[name] for name in names] + \
        ([_("eggs")] if with_eggs else []) + ([""] if marks else [])
    return simple_table(headers, rows, ("right", "left") + ("right",) * (len(headers) - 2), gap)


def _side_cells(item, sides: int) -> list[str]:
    """Each side's cell of a round: its numbers, or first/second where the rulesets differ (— where a ruleset
    did not score the round)."""
    cells = []
    for index in range(sides):
        left = _cell(item.first[index] if item.first else None)
        right = _cell(item.second[index] if item.second else None)
        cells.append(left if left == right else f"{left}/{right}")
    return cells


def _eggs_cell(item) -> str:
    """The eggs of a round under both rulesets ('' when neither has any)."""
    left, right = _eggs(item.first_eggs), _eggs(item.second_eggs)
    return left if left == right else f"{left or 0}/{right or 0}"


def _marker(item) -> str:
    """≠: the round differs; ?: the same numbers, but its claims could not be converted; else nothing."""
    return "≠" if item.differs else "?" if item.unsure else ""


def _cell(value: tuple[int, int] | None) -> str:
    if value is None:
        return "—"
    return standing_text(*value)


def _eggs(value: int | None) -> str:
    if value is None:
        return "—"
    return f"+{value}" if value else ""
