"""Which tie rule a fish follows (``fish.tie``; ``fish.tie_three`` when two of three sides are level) and how
a split shares the points: rounded down, the remainder named in the step (rules.md §2, §4)."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishTie, FishTieThree


def tie_rule(ruleset: Ruleset, sides: int, level: int) -> tuple[FishTie, str]:
    """The rule for a fish where ``level`` of ``sides`` sides are tied, and the key that gave it."""
    three = ruleset["fish.tie_three"]
    if sides == 3 and level == 2 and three is not FishTieThree.SAME:
        return FishTie(three.value), "fish.tie_three"
    return ruleset["fish.tie"], "fish.tie"


def split(points: int, ways: int) -> tuple[int, str]:
    """Each tied side's share of ``points``, and the words for it (the remainder is not scored)."""
    share, remainder = divmod(points, ways)
    if remainder:
        return share, _("{share} each ({points} / {ways} rounded down; the remainder {remainder} is not "
                        "scored)").format(share=share, points=points, ways=ways, remainder=remainder)
    return share, _("{share} each").format(share=share)
