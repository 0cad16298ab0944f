"""The count of the open ends (Muggins family, RULES.md 4) and what it scores during play."""

from __future__ import annotations

from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.referee.verdict import Reason, reason
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.counts import explain_score, score_of
from scorekeeper.tiles import Tile


class CountRuling(NamedTuple):
    total: int
    score: int
    reasons: tuple[Reason, ...]

    def to_dict(self) -> dict:
        return {"total": self.total, "score": self.score, "reasons": [item.to_dict() for item in self.reasons]}


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
    score = score_of(ruleset, total) if total else 0
    arithmetic = " + ".join(str(part) for part in parts) + (f" = {total}" if len(parts) > 1 else "")
    counted = f"the open ends count {arithmetic}" + (" (a double across an end counts both halves)"
                                                      if doubles or any(p > top for p in parts) else "")
    text = f"{counted}; {explain_score(ruleset, total)}" if total else f"{counted}: no score"
    reasons = [reason(ruleset, "play.scores", text)]
    return CountRuling(total, score, tuple(reasons))
