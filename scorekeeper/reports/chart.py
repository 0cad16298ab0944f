"""The story of a match: each side's running score per round, with the target line and the eggs marked.

``text_chart`` is pure Python, for a terminal.  ``draw_chart`` needs matplotlib (the optional ``chart``
extra: ``pip install 'scorekeeper[chart]'``) and returns the SVG or PNG file's bytes.
"""

from __future__ import annotations

import io

from scorekeeper.errors import InputError, StateError
from scorekeeper.reports.render import eggs_cell
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget
from scorekeeper.scoring.table import Table

INSTALL_HINT = "pip install 'scorekeeper[chart]'"
IMAGE_FORMATS = ("svg", "png")


def running_scores(table: Table) -> dict[str, list[int]]:
    """Each side's score before the first round (0) and after every round."""
    return {side.name: [0] + [result.side(side.name).score for result in table.rounds] for side in table.sides}


def egg_events(table: Table) -> list[tuple[int, str]]:
    """(round, what happened to the eggs) for every round that laid, paid or lost eggs."""
    return [(result.number, eggs_cell(result)) for result in table.rounds
            if result.eggs_added or result.eggs_paid or result.eggs_rotten]


def markers(names: list[str]) -> dict[str, str]:
    """One character per side: its initial when the initials differ, else 1, 2, 3 ..."""
    initials = [name[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(char.isalpha() for char in initials):
        return dict(zip(names, initials))
    return {name: str(number) for number, name in enumerate(names, start=1)}


def _title(table: Table, ruleset: Ruleset) -> str:
    reach = "loses" if ruleset["end.at_target"] is AtTarget.LOSES else "wins"
    return f"{ruleset.name}: running score per round; first to {ruleset['end.target']} {reach}"


def text_chart(table: Table, ruleset: Ruleset, height: int = 10) -> str:
    """A compact chart for a terminal: one column per round, one letter per side, ``-`` the target line.

    Where two sides share a cell it shows ``*``; under the rounds, ``e`` marks eggs laid (a tied fish) and
    ``$`` eggs paid out (``x`` rotten).
    """
    scores = running_scores(table)
    target = ruleset["end.target"]
    top = max([target] + [value for values in scores.values() for value in values])
    rounds = len(table.rounds)
    step = 3 if rounds <= 20 else 2 if rounds <= 40 else 1
    width = rounds * step + 2  # column 0 is a margin; round r is at column r * step + 1
    marks = markers(list(scores))

    def row_of(value: int) -> int:
        return round(value * (height - 1) / top)

    grid = [[" "] * width for _ in range(height)]
    target_row = row_of(target)
    for column in range(width):
        grid[target_row][column] = "-"
    for name, values in scores.items():
        for number, value in enumerate(values):
            cell = grid[row_of(value)]
            column = number * step + 1
            cell[column] = marks[name] if cell[column] in " -" else "*"
    label_width = max(len(str(top)), len("eggs"))
    labels = {row_of(top): top, target_row: target, 0: 0}
    lines = [_title(table, ruleset)]
    for row in range(height - 1, -1, -1):
        label = str(labels[row]) if row in labels else ""
        lines.append(f"{label:>{label_width}} |" + "".join(grid[row]).rstrip())
    axis = ["-"] * width
    numbers = [" "] * (width + 3)
    every = 1 if step >= 3 else 5
    for number in range(rounds + 1):
        axis[number * step + 1] = "+"
    for number in [rounds] + list(range(0, rounds, every)):  # the last round's number always shows
        text = str(number)
        start = number * step + 1
        if all(char == " " for char in numbers[max(0, start - 1):start + len(text) + 1]):
            numbers[start:start + len(text)] = list(text)
    lines.append(f"{'':>{label_width}} +" + "".join(axis))
    lines.append(f"{'':>{label_width}}  " + "".join(numbers).rstrip() + "  (round)")
    events = egg_events(table)
    if events:
        row = [" "] * width
        for result in table.rounds:
            char = "$" if result.eggs_paid else "e" if result.eggs_added else "x" if result.eggs_rotten else ""
            if char:
                row[result.number * step + 1] = char
        lines.append(f"{'eggs':>{label_width}}  " + "".join(row).rstrip())
    legend = "  ".join(f"{marks[name]} {name} {values[-1]}" for name, values in scores.items())
    lines.append(f"{legend}   - target {target}" + ("   * shared" if any("*" in row for row in grid) else ""))
    for number, text in events:
        lines.append(f"eggs, round {number}: {text}")
    return "\n".join(lines)


def image_format(path: str) -> str:
    """``svg`` or ``png`` from a file name; InputError for anything else."""
    suffix = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if suffix not in IMAGE_FORMATS:
        raise InputError(f"a chart is written as .svg or .png, not '{path}'")
    return suffix


def draw_chart(table: Table, ruleset: Ruleset, fmt: str, title: str = "") -> bytes:
    """The chart as an SVG or PNG file's bytes; StateError saying how to install matplotlib when missing."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise StateError(f"charts need matplotlib, which is not installed: {INSTALL_HINT} "
                         "(or run 'scorekeeper chart' without -o for a text chart)") from None
    scores = running_scores(table)
    target = ruleset["end.target"]
    figure = Figure(figsize=(8, 4.5), dpi=100, layout="constrained")
    axes = figure.add_subplot()
    rounds = list(range(len(table.rounds) + 1))
    for name, values in scores.items():
        axes.plot(rounds, values, marker="o", markersize=4, label=name)
    axes.axhline(target, color="grey", linestyle="--", linewidth=1)
    axes.annotate(f"target {target}", (max(1, len(table.rounds)), target), xytext=(-3, 3),
                  textcoords="offset points", color="grey", fontsize=8, ha="right")
    for number, text in egg_events(table):
        axes.axvline(number, color="goldenrod", linestyle=":", linewidth=1)
        axes.annotate(f"eggs {text}", (number, 0.97), xycoords=("data", "axes fraction"), xytext=(3, 0),
                      textcoords="offset points", rotation=90, color="darkgoldenrod", fontsize=7, va="top")
    axes.set_xlabel("round")
    axes.set_ylabel("score")
    axes.set_xlim(-0.25, max(1, len(table.rounds)) + 0.25)
    axes.set_ylim(0, max([target] + [v for values in scores.values() for v in values]) * 1.08)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.set_title(title or _title(table, ruleset), fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=fmt)
    return buffer.getvalue()
