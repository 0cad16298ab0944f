"""Stage ``record_opening``: what each side records from its round points under the opening rule.

Keys read: ``opening.threshold`` (a side that holds no points records only a round worth this much),
``opening.strict`` (more than the threshold, not at least), ``opening.remember`` (a round under it is
remembered as +N and added when the side opens; without memory it is dropped).
"""

from __future__ import annotations

from scorekeeper.domain.facts import Match
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.state import Account, RoundState
from scorekeeper.scoring.table import Step


def record_opening(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """Each side's round points go through the opening rule (eggs paid toward it are part of them)."""
    accounts = dict(state.accounts)
    recorded = {}
    dropped = {}
    steps: list[Step] | None = [] if state.steps is not None else None  # no texts for a replay without them
    for name, value in state.points.items():
        if not value:  # nothing to record, nothing to say: the account as it was
            recorded[name] = dropped[name] = 0
            continue
        eggs = state.eggs_paid if name == state.eggs_paid_to else 0
        accounts[name], recorded[name], dropped[name] = record(ruleset, name, accounts[name], value, steps, eggs)
    state.accounts, state.recorded, state.dropped = accounts, recorded, dropped  # set, not ``but``: every round
    if steps:
        state.steps = state.added(steps)
    return state


def record(ruleset: Ruleset, side: str, account: Account, points: int, steps: list[Step] | None,
           eggs: int = 0) -> tuple[Account, int, int]:
    """Apply the opening threshold (with memory, when the ruleset keeps it) to one side's round points: the
    side's account after it, what it recorded, and what was dropped.

    ``steps``: where to say what was applied; None to say nothing.
    ``eggs`` is the part of ``points`` that came from carried eggs, so the explanation can show it.
    """
    if points == 0:
        return account, 0, 0
    threshold = ruleset["opening.threshold"]
    score = account.score
    if score > 0 or threshold == 0:
        if steps is not None:
            shown = _shown(points, eggs)
            text = (_("{side}: {shown} recorded: {score} + {points} = {total}") if score > 0 else
                    _("{side}: {shown} recorded"))
            steps.append(Step(side, "opening.threshold", text.format(side=side, shown=shown, score=score,
                                                                     points=points, total=score + points)))
        return Account(score + points, account.remembered), points, 0
    strict = ruleset["opening.strict"]
    if points > threshold or (points == threshold and not strict):
        gained = points + account.remembered
        if steps is not None:
            reaches, shown = ">" if strict else ">=", _shown(points, eggs)
            if account.remembered:
                text = _("{side}: {shown} this round {reaches} {threshold}, opens: {points} + remembered "
                         "{remembered} = {total}")
            else:
                text = _("{side}: {shown} this round {reaches} {threshold}, opens with {points}")
            steps.append(Step(side, "opening.threshold", text.format(
                side=side, shown=shown, reaches=reaches, threshold=threshold, points=points,
                remembered=account.remembered, total=gained)))
        return Account(score + gained, 0), gained, 0
    if ruleset["opening.remember"]:
        total = account.remembered + points
        if steps is not None:
            below = "<=" if strict else "<"
            steps.append(Step(side, "opening.remember", _(
                "{side}: {shown} this round {below} {threshold}, not open: remembered {remembered} + {points} = "
                "+{total}").format(side=side, shown=_shown(points, eggs), below=below, threshold=threshold,
                                   remembered=account.remembered, points=points, total=total)))
        return Account(score, total), 0, 0
    # Without memory the round is simply lost (Sea Goat's opening minimum).
    if steps is not None:
        text = (_("{side}: {shown} this round, but a side that holds no points needs more than {threshold} to "
                  "record: not recorded") if strict else
                _("{side}: {shown} this round, but a side that holds no points needs at least {threshold} to "
                  "record: not recorded"))
        steps.append(Step(side, "opening.threshold", text.format(side=side, shown=_shown(points, eggs),
                                                                 threshold=threshold)))
    return account, 0, points


def _shown(points: int, eggs: int) -> int | str:
    """The round's points as the texts show them: with the eggs paid toward them, if any."""
    if not eggs:
        return points
    return _("{points} ({base} + eggs {eggs})").format(points=points, base=points - eggs, eggs=eggs)
