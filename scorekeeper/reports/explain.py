"""Text for people: how a round's numbers came out (the steps the table was computed with)."""

from __future__ import annotations

from scorekeeper.referee.explain import Explanation


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
        before = standing_text(item.before_score, item.before_remembered)
        after = standing_text(item.score, item.remembered)
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


def standing_text(score: int, remembered: int) -> str:
    return f"{score} +{remembered}" if remembered else str(score)


def _signed(value: int) -> str:
    return f"+{value}" if value else "0"
