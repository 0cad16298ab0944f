"""Text for people: how a round's numbers came out (the steps the table was computed with)."""

from __future__ import annotations

from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.referee.explain import ExplainedStep, Explanation, SideNumbers
from scorekeeper.reports.columns import standing_text
from scorekeeper.reports.fit import wrap, wrap_lines


def render_explanation(explanation: Explanation, screen: int | None = None, height: int | None = None,
                       show_all: str = "") -> str:
    """The facts, where every side stood, every rule in the order the scoring applied it, then every side's
    numbers after the round.

    The steps form one list numbered in the order they were applied, each labelled with the side (or player)
    it concerns, or "whole round"; so the numbering and the order on the page always agree.  Lines longer than
    ``screen`` columns wrap under their own text (None: no limit); where a step would wrap, every step puts
    its rule on one line and what it did under it, and each side's numbers before and after share a line.

    Taller than ``height`` lines, the ruling comes first: the facts, the rules applied (counted in one line
    when even they do not fit, and then a hand typed play by play folded several plays to a line) and every
    side's numbers before and after, one line each; then the whole notes that still fit, and one line saying
    what was left out and ``show_all``, how to see it all.
    """
    lines, notes = _explanation_lines(explanation, screen)
    if height is None or len(lines) + sum(map(len, notes)) <= height:
        return "\n".join(lines + [line for note in notes for line in note])
    for brief, fold in (("", False), (show_all, False), (show_all, True)):
        lines, notes = _explanation_lines(explanation, screen, narrow=True, brief=brief, fold=fold)
        if len(lines) < height or fold:
            break
    kept = 0
    while kept < len(notes) and len(lines) + sum(map(len, notes[:kept + 1])) + 1 <= height:
        kept += 1
    if kept < len(notes):  # a note is never cut mid-sentence: a whole note, or a line saying it is left out
        left = len(notes) - kept
        lines += [line for note in notes[:kept] for line in note]
        lines += wrap(ngettext("({n} more note: {show_all} shows it)", "({n} more notes: {show_all} shows them)",
                               left).format(n=left, show_all=show_all), screen, indent="  ")
    else:
        lines += [line for note in notes for line in note]
    return "\n".join(lines)


def _explanation_lines(explanation: Explanation, screen: int | None, narrow: bool = False,
                       brief: str = "", fold: bool = False) -> tuple[list[str], list[list[str]]]:
    """The explanation's lines, and each note's lines (after a blank line, the first); ``narrow``: each side's
    numbers before and after on one line, each step's rule on a line of its own; ``brief``: the rules
    applied counted in one line saying ``brief`` (how to see them); ``fold``: a hand typed play by play
    folded several plays to a line."""
    result = explanation.result
    labels = [_label(step) for step in explanation.steps]
    width = max((len(label) for label in labels), default=0)
    steps = [_step(number, label.ljust(width), step)
             for number, (label, step) in enumerate(zip(labels, explanation.steps), start=1)]
    narrow = narrow or screen is not None and any(len(line) > screen for line in steps)
    lines = [_("Round {round} under {ruleset}:").format(round=explanation.number, ruleset=explanation.called), "",
             _("Facts recorded:")] if not narrow else \
        [_("Round {round} under {ruleset}, the facts recorded:").format(round=explanation.number,
                                                                        ruleset=explanation.called)]
    lines += [f"  {fact.said()}" for fact in explanation.facts]
    if explanation.eggs_before:
        lines.append("  " + _("eggs carried into the round: {points}").format(points=explanation.eggs_before))
    if explanation.hand is not None:
        from scorekeeper.reports.play import folded_hand_text, hand_text  # start-up: only a played round

        if fold:  # several plays to a line, each line named by its first play's number
            plays = folded_hand_text(explanation.hand, explanation.scores, None if screen is None else screen - 2)
        else:
            plays = hand_text(explanation.hand, explanation.scores)
        lines += ["", _("The hand, play by play:")] + [f"  {line}" for line in plays]
    if not narrow:
        lines += ["", _("Before the round:")]
        lines += ["  " + _("{side}: before {standing}").format(
            side=item.side, standing=standing_text(item.before_score, item.before_remembered))
            for item in explanation.sides]
    if steps and narrow:  # the steps would wrap, each its own way: the rule on one line, what it did under it
        steps = []
        for number, (label, step) in enumerate(zip(labels, explanation.steps), start=1):
            rule = f"{step.key} = {step.value}" if step.value else step.key
            # the label says whose it is (the step may name the round in English or in the language in use)
            text = step.text.removeprefix(f"{label}: ").removeprefix(f"{step.side or WHOLE_ROUND}: ")
            steps += [f"  {number}. {label} [{rule}]", f"      {text}"]
    if steps and brief:
        rules = len(explanation.steps)
        lines += ["", ngettext("1 rule applied: {brief} shows it.", "{n} rules applied: {brief} shows them in order.",
                               rules).format(n=rules, brief=brief)]
    elif steps:
        lines += ["", _("Rules applied, in order:")] + steps
    if narrow:  # where each side stood before, and after: one line each
        lines += ["", _("Before -> after the round:")]
        lines += [f"  {item.side}: {standing_text(item.before_score, item.before_remembered)} -> "
                  f"{standing_text(item.score, item.remembered)} ({_how(item)})" for item in explanation.sides]
    else:
        lines += ["", _("After the round:")]
        lines += [f"  => {item.side}: {standing_text(item.score, item.remembered)}   ({_how(item)})"
                  for item in explanation.sides]
    if result.eggs or result.eggs_paid or result.eggs_added or result.eggs_rotten:
        lines += ["", _("eggs: {before} -> {after}").format(before=explanation.eggs_before, after=result.eggs)]
    if screen is not None:
        lines = wrap_lines(lines, screen, indent="    ")
    notes = [wrap_lines([_("note: {note}").format(note=note.said())], screen, indent="    ") for note in result.notes]
    if notes:
        notes[0].insert(0, "")
    return lines, notes


WHOLE_ROUND = N_("whole round")


def _label(step: ExplainedStep) -> str:
    return step.side if step.side is not None else _(WHOLE_ROUND)


def _step(number: int, label: str, step: ExplainedStep) -> str:
    rule = f"{step.key} = {step.value}" if step.value else step.key
    return f"  {number}. {label}  [{rule}] {step.text}"


def _how(item: SideNumbers) -> str:
    how = [_("hand {points}").format(points=item.hand) if item.hand_given else _("hand not recorded")]
    if item.points != item.hand or not item.hand_given:
        how.append(_("takes {points}").format(points=item.points))
    if item.recorded:
        how.append(_("records {points}: {before} + {points} = {score}").format(
            points=item.recorded, before=item.before_score, score=item.score))
    elif item.remembered != item.before_remembered or item.wiped:
        how.append(_("remembered {points}").format(points="+" + str(item.remembered) if item.remembered else "0"))
    if item.wiped:
        how.append(_("{points} wiped").format(points=item.wiped))
    if item.dropped:
        how.append(_("{points} not recorded").format(points=item.dropped))
    return "; ".join(how)


def render_hand_in_play(followed, table, ruleset_name: str, scores: bool, screen: int | None = None,
                        allowed=()) -> str:
    """``explain --hand``: the hand in play (not yet recorded) play by play, led as the rounds before it say,
    each breach its plays show (the table decides them in ``play``; ``allowed``: those it let stand, as (play,
    breach), said so), where it stands, and the points its plays scored so far (in the totals, marked as in
    play)."""
    from scorekeeper.reports.play import play_lines, standing_lines  # start-up: only a hand typed play by play

    plays = len(followed.ruled)
    lines = [ngettext("The hand in play under {ruleset} ({n} play, not yet recorded):",
                      "The hand in play under {ruleset} ({n} plays, not yet recorded):", plays).format(
        ruleset=ruleset_name, n=plays)]
    lines += play_lines(followed, scores, allowed=allowed) + standing_lines(followed, scores)
    hand = table.hand
    if hand is not None and hand.points:
        lines.append(_("in play this hand: {points} (already in the totals)").format(
            points=", ".join(f"{name} {points}" for name, points in hand.points)))
    return "\n".join(wrap_lines(lines, screen, indent="   "))
