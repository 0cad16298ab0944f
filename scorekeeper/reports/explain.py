"""Text for people: how a round's numbers came out (the steps the table was computed with)."""

from __future__ import annotations

from scorekeeper.referee.explain import Explanation, ExplainedStep, SideNumbers


def render_explanation(explanation: Explanation) -> str:
    """The facts, the rules applied to the whole round, then each side: its rules in order and its numbers.

    Steps keep their number in the order the scoring applied them, so the order stays visible.
    """
    result = explanation.result
    numbered = list(enumerate(explanation.steps, start=1))
    lines = [f"Round {explanation.number} under {explanation.ruleset}:", "", "Facts recorded:"]
    lines += [f"  {fact}" for fact in explanation.facts]
    if explanation.eggs_before:
        lines.append(f"  eggs carried into the round: {explanation.eggs_before}")
    whole = [(number, step) for number, step in numbered if step.side is None]
    if whole:
        lines += ["", "Rules for the whole round:"] + [_step(number, step) for number, step in whole]
    for item in explanation.sides:
        members = {item.side, *item.players}
        lines += ["", f"{item.side}: before {standing_text(item.before_score, item.before_remembered)}"]
        lines += [_step(number, step) for number, step in numbered if step.side in members]
        lines.append(f"  => {item.side}: {standing_text(item.score, item.remembered)}   ({_how(item)})")
    if result.eggs or result.eggs_paid or result.eggs_added or result.eggs_rotten:
        lines += ["", f"eggs: {explanation.eggs_before} -> {result.eggs}"]
    if result.notes:
        lines += [""] + [f"note: {note}" for note in result.notes]
    return "\n".join(lines)


def _step(number: int, step: ExplainedStep) -> str:
    rule = f"{step.key} = {step.value}" if step.value else step.key
    return f"  {number}. [{rule}] {step.text}"


def _how(item: SideNumbers) -> str:
    how = [f"hand {item.hand}"]
    if item.points != item.hand:
        how.append(f"takes {item.points}")
    if item.recorded:
        how.append(f"records {item.recorded}: {item.before_score} + {item.recorded} = {item.score}")
    elif item.remembered != item.before_remembered or item.wiped:
        how.append(f"remembered {'+' + str(item.remembered) if item.remembered else '0'}")
    if item.wiped:
        how.append(f"{item.wiped} wiped")
    if item.dropped:
        how.append(f"{item.dropped} not recorded")
    return "; ".join(how)


def standing_text(score: int, remembered: int) -> str:
    return f"{score} +{remembered}" if remembered else str(score)
