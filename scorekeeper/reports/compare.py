"""Text for people: two tables of the same facts side by side."""

from __future__ import annotations

from tabulate import tabulate

from scorekeeper.referee.rescore import Comparison
from scorekeeper.reports.explain import standing_text
from scorekeeper.reports.render import describe_round


def render_comparison(comparison: Comparison) -> str:
    """Both tables side by side, differing rounds and cells marked, then the differing keys and facts."""
    first, second = comparison.first, comparison.second
    a, b = first.ruleset.name, second.ruleset.name
    if a == b:
        a, b = f"{a} (1)", f"{b} (2)"
    names = [side.name for side in comparison.match.sides]
    headers = ["#", "round"]
    for name in names:
        headers += [f"{name}\n{a}", f"{name}\n{b}"]
    headers += ["eggs\n" + a, "eggs\n" + b, ""]
    rows = []
    for item, rnd in zip(comparison.rounds, comparison.match.rounds):
        row = [item.number, describe_round(rnd)]
        for index in range(len(names)):
            left = item.first[index] if item.first else None
            right = item.second[index] if item.second else None
            mark = " *" if left != right else ""
            row += [_cell(left), _cell(right) + mark]
        mark = " *" if item.first_eggs != item.second_eggs else ""
        row += [_eggs(item.first_eggs), _eggs(item.second_eggs) + mark, "≠" if item.differs else ""]
        rows.append(row)
    if not any(item.first_eggs or item.second_eggs for item in comparison.rounds):
        headers = headers[:-3] + headers[-1:]
        rows = [row[:-3] + row[-1:] for row in rows]
    lines = [f"{a} (the match's ruleset) beside {b}:", "",
             tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)]
    differing = comparison.differing_rounds
    lines += ["", "rounds that differ (≠): " + (", ".join(map(str, differing)) if differing else "none")]
    lines += ["", f"rule keys that differ ({a} -> {b}):"]
    lines += [f"  {key}: {left} -> {right}" for key, left, right in comparison.keys] or ["  none"]
    for rescored, label in ((first, a), (second, b)):
        for note in rescored.notes:
            lines.append(f"note ({label}): {note}")
    if comparison.lacking:
        lines += ["", f"facts {b} needs but the match lacks:"] + [f"  {item}" for item in comparison.lacking]
    if comparison.unused:
        lines += ["", f"facts {b} cannot use:"] + [f"  {item}" for item in comparison.unused]
    for label, table in ((a, first.table), (b, second.table)):
        if table.over:
            lines.append(f"under {label}: match over, " + (f"{table.loser} loses" if table.loser else
                                                             f"{table.winner} wins"))
    return "\n".join(lines)


def _cell(value: tuple[int, int] | None) -> str:
    if value is None:
        return "—"
    return standing_text(*value)


def _eggs(value: int | None) -> str:
    if value is None:
        return "—"
    return f"+{value}" if value else ""
