"""Text for people from the referee: rulings with their reasons, explanations, and comparisons."""

from __future__ import annotations

from tabulate import tabulate

from scorekeeper.referee.explain import Explanation
from scorekeeper.referee.rescore import Comparison
from scorekeeper.referee.verdict import Reason
from scorekeeper.reports.render import describe_round


def render_ruling(verdict: str, reasons: tuple[Reason, ...], ruleset_name: str) -> str:
    """A short verdict, then its reasons, each with the ruleset key, its value and source."""
    lines = [verdict, "", f"Reasons ({ruleset_name}):"]
    for item in reasons:
        lines.append(f"  - {item.text}")
        if item.key:
            cited = f"{item.key} = {item.value}"
            if item.source:
                cited += f"; source: {item.source}"
            lines.append(f"      [{cited}]")
    return "\n".join(lines)


def render_explanation(explanation: Explanation) -> str:
    """The explanation for people."""
    result = explanation.result
    lines = [f"Round {explanation.number} under {explanation.ruleset}:", "", "Facts recorded:"]
    lines += [f"  {fact}" for fact in explanation.facts]
    if explanation.eggs_before:
        lines.append(f"  eggs carried into the round: {explanation.eggs_before}")
    lines += ["", "Rules applied, in order:"]
    for number, step in enumerate(explanation.steps, start=1):
        rule = f"{step.key} = {step.value}" if step.value else step.key
        lines.append(f"  {number}. [{rule}] {step.text}")
    if not explanation.steps:
        lines.append("  (none)")
    lines += ["", "Each side:"]
    width = max(len(item.side) for item in explanation.sides)
    for item in explanation.sides:
        before = _standing(item.before_score, item.before_remembered)
        after = _standing(item.score, item.remembered)
        how = [f"hand {item.hand}"]
        if item.points != item.hand:
            how.append(f"takes {item.points}")
        if item.recorded:
            how.append(f"records {item.recorded}: {item.before_score} + {item.recorded} = {item.score}")
        elif item.remembered != item.before_remembered or item.wiped:
            how.append(f"remembered {_signed(item.remembered)}")
        if item.wiped:
            how.append(f"{item.wiped} wiped")
        if item.dropped:
            how.append(f"{item.dropped} not recorded")
        lines.append(f"  {item.side:<{width}}  {before} -> {after}   ({'; '.join(how)})")
    if result.eggs or result.eggs_paid or result.eggs_added or result.eggs_rotten:
        lines.append(f"  eggs: {explanation.eggs_before} -> {result.eggs}")
    if result.notes:
        lines += [""] + [f"note: {note}" for note in result.notes]
    return "\n".join(lines)


def _standing(score: int, remembered: int) -> str:
    return f"{score} +{remembered}" if remembered else str(score)


def _signed(value: int) -> str:
    return f"+{value}" if value else "0"


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
    return _standing(*value)


def _eggs(value: int | None) -> str:
    if value is None:
        return "—"
    return f"+{value}" if value else ""
