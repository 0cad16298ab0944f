"""Who sits where, as the stages look it up in every round: the sides' names in seat order, each player's
side, and each side's opponents.  Worked out once per seating (the ``match.sides`` of a replay), not once per
round."""

from typing import Mapping, NamedTuple

from scorekeeper.domain.facts import Match, Side
from scorekeeper.domain.memo import once_per


class Seats(NamedTuple):
    """Who sits where, as the stages look it up."""

    names: tuple[str, ...]
    """The sides' names, in seat order."""
    side_of: Mapping[str, str]
    """The name of each player's side."""
    others: Mapping[str, tuple[str, ...]]
    """Each side's opponents: the other sides' names, in seat order."""


_KNOWN: dict = {}


def seats(match: Match) -> Seats:
    """The seating of ``match`` (the same ``sides`` tuple is shared by every copy of a match)."""
    sides = match.sides
    if type(sides) is not tuple:  # a list may change: worked out each time
        return _seats(sides)
    return once_per(_KNOWN, sides, _seats, sides)


def _seats(sides: tuple[Side, ...]) -> Seats:
    names = tuple([side.name for side in sides])
    return Seats(names, {player: side.name for side in sides for player in side.players},
                 {name: tuple([other for other in names if other != name]) for name in names})
