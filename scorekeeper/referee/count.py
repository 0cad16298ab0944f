"""The count of the open ends (Muggins family, RULES.md 4) and what it scores during play."""

from __future__ import annotations

from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.referee.verdict import Reason, reason
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.tiles import Tile


class CountRuling(NamedTuple):
    total: int
    score: int
    reasons: tuple[Reason, ...]

    def to_dict(self) -> dict:
        return {"total": self.total, "score": self.score, "reasons": [item.to_dict() for item in self.reasons]}


def count_score(ruleset: Ruleset, total: int) -> int:
    """What a count of the open ends scores: the total when it is a multiple of ``play.count_multiple``."""
    multiple = ruleset["play.count_multiple"]
    if multiple == 0 or total == 0 or total % multiple:
        return 0
    return total


def check_count(ruleset: Ruleset, ends: Iterable[int | Tile]) -> CountRuling:
    """Add the open ends (a number, or a double lying across an end: both halves) and rule on the score."""
    ends = list(ends)
    if not ends:
        raise InputError("give the open ends: numbers, or a double such as 6-6 lying across an end")
    if len(ends) > 4:
        raise InputError(f"{len(ends)} open ends: a layout has at most four (two, and two more with a spinner)")
    top = ruleset["tiles.max_pip"]
    parts = []
    for end in ends:
        if isinstance(end, Tile):
            if not end.is_double:
                raise InputError(f"{end} is not a double: give an end as its number, or a double lying "
                                 "across the end (both halves count)")
            if end not in ruleset.tileset:
                raise InputError(f"tile {end} is not in a {ruleset.tileset.name} set")
            parts.append(end.pips)
        else:
            # A number above the set's top can only be a double across the end, counted by both halves.
            if not (0 <= end <= top or (end % 2 == 0 and end // 2 <= top)):
                raise InputError(f"an end counts 0 to {top} in a {ruleset.tileset.name} set (a double across "
                                 f"the end: an even number up to {2 * top}), not {end}")
            parts.append(end)
    doubles = [end for end in ends if isinstance(end, Tile)]
    if len(doubles) != len(set(doubles)):
        raise InputError("the same double cannot lie at two ends")
    total = sum(parts)
    score = count_score(ruleset, total)
    arithmetic = " + ".join(str(part) for part in parts) + (f" = {total}" if len(parts) > 1 else "")
    multiple = ruleset["play.count_multiple"]
    counted = f"the open ends count {arithmetic}" + (" (a double across an end counts both halves)"
                                                      if doubles or any(p > top for p in parts) else "")
    if multiple == 0:
        text = f"{counted}; {ruleset.name} scores nothing for the count of the ends during play"
    elif score:
        text = f"{counted}, a multiple of {multiple}: the player scores {score}"
    else:
        text = f"{counted}, not a multiple of {multiple}: no score" if total else f"{counted}: no score"
    reasons = [reason(ruleset, "play.count_multiple", text)]
    return CountRuling(total, score, tuple(reasons))
