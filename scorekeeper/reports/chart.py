"""The story of a match: each side's running score per round, with the target line and the eggs marked.

``text_chart`` is pure Python, for a terminal.  ``draw_chart`` needs matplotlib (the optional ``chart``
extra: ``pip install 'scorekeeper[chart]'``) and returns the SVG or PNG file's bytes.
"""

from __future__ import annotations

import io

from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import _, pgettext
from scorekeeper.reports.columns import width as text_width
from scorekeeper.reports.fit import wrap
from scorekeeper.reports.render import eggs_cell, ending
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget
from scorekeeper.scoring.table import Table

INSTALL_HINT = "pip install 'scorekeeper[chart]'"
IMAGE_FORMATS = ("svg", "png")


def running_scores(table: Table) -> dict[str, list[int]]:
    """Each side's score before the first round (0), after every round, and now, with the points claimed in the
    hand in progress, when there are any (``in_progress``)."""
    scores = {side.name: [0] + [result.side(side.name).score for result in table.rounds] for side in table.sides}
    if in_progress(table):
        for side in table.sides:
            scores[side.name].append(side.score)
    return scores


def in_progress(table: Table) -> bool:
    """Points were claimed in the hand in progress (they are in the standing, not in any round yet)."""
    return any(table.in_play.values())


def decision(table: Table, ruleset: Ruleset) -> tuple[str, str | None, str] | None:
    """How the match ended, for a chart: (when: "round N" or "in play", the side it names, the sentence)."""
    if not table.over:
        return None
    when = _("in play") if in_progress(table) else _("round {round}").format(round=len(table.rounds))
    if table.loser and ruleset["end.at_target"] is AtTarget.LOSES:
        side = table.loser
    else:
        side = table.winner or table.loser
    return when, side, ending(table, ruleset)


def egg_events(table: Table) -> list[tuple[int, str]]:
    """(round, what happened to the eggs) for every round that laid, paid or lost eggs."""
    return [(result.number, eggs_cell(result)) for result in table.rounds
            if result.eggs_added or result.eggs_paid or result.eggs_rotten]


def markers(names: list[str]) -> dict[str, str]:
    """One character per side: its initial when the initials differ (and each fills one column: not 王),
    else 1, 2, 3 ..."""
    initials = [name[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(char.isalpha() and text_width(char) == 1 for char in initials):
        return dict(zip(names, initials))
    return {name: str(number) for number, name in enumerate(names, start=1)}


def _title(table: Table, ruleset: Ruleset) -> str:
    target = _target(table, ruleset)
    if not target:
        said = _("{name}: running score per round; {rounds} rounds, the lowest total wins") \
            if ruleset["end.rounds_winner"].value == "lowest" else \
            _("{name}: running score per round; {rounds} rounds, the highest total wins")
        return said.format(name=ruleset.called, rounds=ruleset["end.rounds"])
    said = _("{name}: running score per round; first to {target} loses") \
        if ruleset["end.at_target"] is AtTarget.LOSES else _("{name}: running score per round; first to {target} wins")
    return said.format(name=ruleset.called, target=target)


def _target(table: Table, ruleset: Ruleset) -> int:
    """The target at this table (0: none, a number of rounds instead)."""
    return ruleset["end.target"] if table.target is None else table.target


def text_chart(table: Table, ruleset: Ruleset, height: int = 10, width: int | None = None) -> str:
    """A compact chart for a terminal: one column per round, one letter per side, ``-`` the target line.

    Where two sides share a cell it shows ``*``; under the rounds, ``e`` marks eggs laid (a tied fish) and
    ``$`` eggs paid out (``x`` rotten).  Points claimed in the hand in progress are a last column marked ``:``
    on the axis; the end of the match is said under the legend.  Within ``width`` columns (None: no limit) a
    long match shows its latest rounds, and the lines under the chart wrap.
    """
    scores = running_scores(table)
    target = _target(table, ruleset)
    top = max([target, 1] + [value for values in scores.values() for value in values])
    rounds = len(table.rounds)
    points = rounds + 1 + (1 if in_progress(table) else 0)
    label_width = max(len(str(top)), text_width(_("eggs")))
    step = 3 if rounds <= 20 else 2 if rounds <= 40 else 1
    room = None if width is None else width - label_width - 2
    first = 0  # the first point drawn: a long match on a narrow screen shows its latest rounds
    if room is not None:
        while step > 1 and (points - 1) * step + 2 > room:
            step -= 1
        if points + 1 > room:
            first = points - max(2, room - 1)
    plot = (points - 1 - first) * step + 2  # column 0 is a margin; point p is at column (p - first) * step + 1
    marks = markers(list(scores))

    def row_of(value: int) -> int:
        return round(value * (height - 1) / top)

    def column(point: int) -> int:
        return (point - first) * step + 1

    grid = [[" "] * plot for row in range(height)]
    target_row = row_of(target) if target else None
    if target_row is not None:
        for index in range(plot):
            grid[target_row][index] = "-"
    for name, values in scores.items():
        for point, value in enumerate(values[first:], start=first):
            cell = grid[row_of(value)]
            cell[column(point)] = marks[name] if cell[column(point)] in " -" else "*"
    labels = {row_of(top): top, 0: 0}
    if target_row is not None:
        labels[target_row] = target
    title = _("{title} (rounds {first} to {last})").format(title=_title(table, ruleset), first=first, last=rounds) \
        if first else _title(table, ruleset)
    lines = wrap(title, width, indent="  ")
    for row in range(height - 1, -1, -1):
        label = str(labels[row]) if row in labels else ""
        lines.append(f"{label:>{label_width}} |" + "".join(grid[row]).rstrip())
    axis = ["-"] * plot
    numbers = [" "] * (plot + 3)
    every = 1 if step >= 3 else 5
    for number in range(first, rounds + 1):
        axis[column(number)] = "+"
    if in_progress(table):
        axis[column(rounds + 1)] = ":"
    for number in [rounds] + [n for n in range(first, rounds) if n % every == 0]:  # the last round's shows
        if number < first:
            continue
        text = str(number)
        start = column(number)
        if width is not None:  # the last round's number ends at the screen's edge, not past it
            start = min(start, width - label_width - 2 - len(text))
        if all(char == " " for char in numbers[max(0, start - 1):start + len(text) + 1]):
            numbers[start:start + len(text)] = list(text)
    lines.append(f"{'':>{label_width}} +" + "".join(axis))
    suffix = "  " + (_("(round)  : in play") if in_progress(table) else _("(round)"))
    numbered = f"{'':>{label_width}}  " + "".join(numbers).rstrip()
    lines.append(numbered + suffix if width is None or text_width(numbered + suffix) <= width else numbered)
    events = egg_events(table)
    if events:
        row = [" "] * plot
        for result in table.rounds:
            char = "$" if result.eggs_paid else "e" if result.eggs_added else "x" if result.eggs_rotten else ""
            if char and result.number >= first:
                row[column(result.number)] = char
        eggs = _("eggs")
        lines.append(" " * (label_width - text_width(eggs)) + eggs + "  " + "".join(row).rstrip())
    legend = "  ".join(f"{marks[name]} {name} {values[-1]}" for name, values in scores.items())
    legend += ("   " + _("- target {target}").format(target=target) if target else "") \
        + ("   " + _("* shared") if any("*" in row for row in grid) else "")
    lines += wrap(legend, width, indent="  ")
    if in_progress(table):
        claimed = ", ".join(f"{name} {points}" for name, points in table.in_play.items() if points)
        lines += wrap(_("in play (the hand in progress): {points}").format(points=claimed), width, indent="  ")
    for number, text in events:
        lines += wrap(_("eggs, round {round}: {eggs}").format(round=number, eggs=text), width, indent="  ")
    ended = decision(table, ruleset)
    if ended:
        lines += wrap(_("match over, {when}: {ending}").format(when=ended[0], ending=ended[2]), width, indent="  ")
    return "\n".join(lines)


def image_format(path: str) -> str:
    """``svg`` or ``png`` from a file name; InputError for anything else."""
    suffix = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if suffix not in IMAGE_FORMATS:
        raise InputError(_("a chart is written as .svg or .png, not '{path}'").format(path=path))
    return suffix


def draw_chart(table: Table, ruleset: Ruleset, fmt: str, title: str = "") -> bytes:
    """The chart as an SVG or PNG file's bytes; StateError saying how to install matplotlib when missing."""
    figure = chart_figure(table, ruleset, title)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=fmt)
    return buffer.getvalue()


MAX_EVENTS = 6
"""Egg events listed under an image chart; more are counted ('and N more')."""


def chart_figure(table: Table, ruleset: Ruleset, title: str = ""):
    """The matplotlib Figure of the chart.

    No text is placed among the lines, where labels could overlap: the target, the points in play and the
    end of the match are entries of the legend (beside the plot), the eggs are dotted lines whose events are
    listed under the plot, and the end of the match is a star on the deciding side's last point.
    """
    try:
        from matplotlib.figure import Figure  # start-up: keeps matplotlib (optional) out of the text chart
    except ImportError:
        raise StateError(_("charts need matplotlib, which is not installed: {hint} "
                           "(or run 'scorekeeper chart' without -o for a text chart)").format(
                               hint=INSTALL_HINT)) from None
    scores = running_scores(table)
    target = _target(table, ruleset)
    figure = Figure(figsize=(8, 4.5), dpi=100, layout="constrained")
    axes = figure.add_subplot()
    rounds = len(table.rounds)
    xs = list(range(rounds + 1))
    colours = {}
    for name, values in scores.items():
        (line,) = axes.plot(xs, values[:rounds + 1], marker="o", markersize=4, label=f"{name} {values[-1]}")
        colours[name] = line.get_color()
        if in_progress(table):
            axes.plot([rounds, rounds + 0.5], values[rounds:], linestyle=":", marker="o", markersize=4,
                      markerfacecolor="white", color=line.get_color())
    if in_progress(table):
        claimed = ", ".join(f"{name} {points}" for name, points in table.in_play.items() if points)
        axes.plot([], [], linestyle=":", marker="o", markerfacecolor="white", color="grey",
                  label=_("in play: {points}").format(points=claimed))
    if target:
        axes.axhline(target, color="grey", linestyle="--", linewidth=1,
                     label=_("target {target}").format(target=target))
    events = egg_events(table)
    for number, text in events:
        axes.axvline(number, color="goldenrod", linestyle=":", linewidth=1)
    if events:
        axes.plot([], [], color="goldenrod", linestyle=":", linewidth=1, label=_("eggs (below)"))
    ended = decision(table, ruleset)
    if ended:
        when, side, text = ended
        x = rounds + 0.5 if in_progress(table) else rounds
        marked = [side] if side else list(scores)
        for name in marked:
            axes.plot([x], [scores[name][-1]], marker="*", markersize=16, color=colours[name],
                      markeredgecolor="black", linestyle="none")
        axes.plot([], [], marker="*", markersize=12, color="white", markeredgecolor="black", linestyle="none",
                  label=_fold(f"{when}: {text}", 28))
    axes.set_xlabel(_("round  (last point: the hand in progress)") if in_progress(table) else _("round"))
    axes.set_ylabel(pgettext("a chart's axis: points", "score"))
    axes.set_xlim(-0.25, max(1, rounds + (0.5 if in_progress(table) else 0)) + 0.25)
    axes.set_ylim(0, max([target, 1] + [v for values in scores.values() for v in values]) * 1.08)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.set_title(title or _title(table, ruleset), fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    if events:
        listed = [_("round {round}: {eggs}").format(round=number, eggs=text) for number, text in events[:MAX_EVENTS]]
        if len(events) > MAX_EVENTS:
            listed.append(_("and {n} more").format(n=len(events) - MAX_EVENTS))
        figure.supxlabel(_("eggs: {events}").format(events="; ".join(listed)), fontsize=7, color="darkgoldenrod",
                         wrap=True)
    return figure


def _fold(text: str, width: int) -> str:
    """A legend entry on lines of about ``width`` characters (the legend must not crowd the plot out)."""
    return "\n".join(wrap(text, width, indent=""))
