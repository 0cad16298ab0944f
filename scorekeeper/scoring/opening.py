"""The opening rule: what a side that holds no points may record, and remembered (+N) points."""

from typing import NamedTuple

from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.table import Step


class Account(NamedTuple):
    """One side's running numbers."""

    score: int = 0
    remembered: int = 0


class Entry(NamedTuple):
    account: Account
    recorded: int
    dropped: int = 0


def record(ruleset: Ruleset, side: str, account: Account, points: int, steps: list[Step], eggs: int = 0) -> Entry:
    """Apply the opening threshold (with memory, when the ruleset keeps it) to one side's round points.

    ``eggs`` is the part of ``points`` that came from carried eggs, so the explanation can show it.
    """
    if points == 0:
        return Entry(account, 0)
    shown = f"{points} ({points - eggs} + eggs {eggs})" if eggs else f"{points}"
    threshold = ruleset["opening.threshold"]
    if account.score > 0 or threshold == 0:
        steps.append(Step(side, "opening.threshold",
                          f"{side}: {shown} recorded: {account.score} + {points} = {account.score + points}"
                          if account.score > 0 else f"{side}: {shown} recorded"))
        return Entry(Account(account.score + points, account.remembered), points)
    strict = ruleset["opening.strict"]
    if points > threshold or (points == threshold and not strict):
        reaches = ">" if strict else ">="
        gained = points + account.remembered
        if account.remembered:
            text = (f"{side}: {shown} this round {reaches} {threshold}, opens: {points} + remembered "
                    f"{account.remembered} = {gained}")
        else:
            text = f"{side}: {shown} this round {reaches} {threshold}, opens with {points}"
        steps.append(Step(side, "opening.threshold", text))
        return Entry(Account(account.score + gained, 0), gained)
    if ruleset["opening.remember"]:
        total = account.remembered + points
        below = "<=" if strict else "<"
        steps.append(Step(side, "opening.remember", f"{side}: {shown} this round {below} {threshold}, not open: "
                                                    f"remembered {account.remembered} + {points} = +{total}"))
        return Entry(Account(account.score, total), 0)
    # Without memory the round is simply lost (Sea Goat's opening minimum).
    needs = f"more than {threshold}" if strict else f"at least {threshold}"
    steps.append(Step(side, "opening.threshold", f"{side}: {shown} this round, but a side that holds no points "
                                                 f"needs {needs} to record: not recorded"))
    return Entry(account, 0, dropped=points)


def wipe(side: str, account: Account, key: str, why: str, steps: list[Step]) -> tuple[Account, int]:
    """Wipe a side's remembered points; returns the new account and what was lost."""
    if not account.remembered:
        return account, 0
    steps.append(Step(side, key, f"{side}: remembered +{account.remembered} wiped ({why})"))
    return Account(account.score, 0), account.remembered
