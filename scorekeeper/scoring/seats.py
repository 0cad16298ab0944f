"""Who sits where, as the stages look it up in every round: the sides' names in seat order, each player's
side, and each side's opponents.  Worked out once per seating (the ``match.sides`` of a replay), not once per
round: a 10,000-round replay asks about 20,000 times."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from scorekeeper.domain.facts import Match, Side
from scorekeeper.domain.memo import once_per


@dataclass(frozen=True, slots=True)
class Seats:
    names: tuple[str, ...]
    """The sides' names, in seat order."""
    side_of: Mapping[str, str]
    """The name of each player's side."""
    others: Mapping[str, tuple[str, ...]]
    """Each side's opponents: the other sides' names, in seat order."""


_KNOWN: dict = {}
_last: tuple = (None, None)
"""The sides asked about last, and their seating: a replay asks about the same match in every round."""


def seats(match: Match) -> Seats:
    """The seating of ``match`` (the same ``sides`` tuple is shared by every copy of a match)."""
    global _last
    sides = match.sides
    if _last[0] is sides:
        return _last[1]
    if type(sides) is not tuple:  # a list may change: worked out each time
        return _seats(sides)
    seating = once_per(_KNOWN, sides, _seats, sides)
    _last = (sides, seating)
    return seating


def _seats(sides: tuple[Side, ...]) -> Seats:
    names = tuple([side.name for side in sides])
    return Seats(names, {player: side.name for side in sides for player in side.players},
                 {name: tuple([other for other in names if other != name]) for name in names})
