"""Stage ``record_opening``: what each side records from its round points under the opening rule.

Keys read: ``opening.threshold`` (a side that holds no points records only a round worth this much),
``opening.strict`` (more than the threshold, not at least), ``opening.remember`` (a round under it is
remembered as +N and added when the side opens; without memory it is dropped).
"""

from __future__ import annotations

from scorekeeper.domain.facts import Match
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.state import Account, RoundState
from scorekeeper.scoring.table import Step


def record_opening(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """Each side's round points go through the opening rule (eggs paid toward it are part of them)."""
    accounts = dict(state.accounts)
    recorded = {}
    dropped = {}
    steps: list[Step] = []
    for name, value in state.points.items():
        eggs = state.eggs_paid if name == state.eggs_paid_to else 0
        accounts[name], recorded[name], dropped[name] = record(ruleset, name, accounts[name], value, steps, eggs)
    return state.but(accounts=accounts, recorded=recorded, dropped=dropped, steps=state.added(steps))


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
            steps.append(Step(side, "opening.threshold", f"{side}: {shown} recorded: {score} + {points} = "
                                                         f"{score + points}" if score > 0 else
                                                         f"{side}: {shown} recorded"))
        return Account(score + points, account.remembered), points, 0
    strict = ruleset["opening.strict"]
    if points > threshold or (points == threshold and not strict):
        gained = points + account.remembered
        if steps is not None:
            reaches, shown = ">" if strict else ">=", _shown(points, eggs)
            if account.remembered:
                text = (f"{side}: {shown} this round {reaches} {threshold}, opens: {points} + remembered "
                        f"{account.remembered} = {gained}")
            else:
                text = f"{side}: {shown} this round {reaches} {threshold}, opens with {points}"
            steps.append(Step(side, "opening.threshold", text))
        return Account(score + gained, 0), gained, 0
    if ruleset["opening.remember"]:
        total = account.remembered + points
        if steps is not None:
            below = "<=" if strict else "<"
            steps.append(Step(side, "opening.remember", f"{side}: {_shown(points, eggs)} this round {below} "
                                                        f"{threshold}, not open: remembered {account.remembered} + "
                                                        f"{points} = +{total}"))
        return Account(score, total), 0, 0
    # Without memory the round is simply lost (Sea Goat's opening minimum).
    if steps is not None:
        needs = f"more than {threshold}" if strict else f"at least {threshold}"
        steps.append(Step(side, "opening.threshold", f"{side}: {_shown(points, eggs)} this round, but a side that "
                                                     f"holds no points needs {needs} to record: not recorded"))
    return account, 0, points


def _shown(points: int, eggs: int) -> int | str:
    """The round's points as the texts show them: with the eggs paid toward them, if any."""
    return f"{points} ({points - eggs} + eggs {eggs})" if eggs else points
