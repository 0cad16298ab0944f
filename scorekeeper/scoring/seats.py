"""Who sits where, as the stages look it up in every round: the sides' names in seat order, each player's
side, and each side's opponents.  Worked out once per seating (the ``match.sides`` of a replay), not once per
round: a 10,000-round replay asks about 20,000 times."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from scorekeeper.facts import Match, Side


class Seats(NamedTuple):
    names: tuple[str, ...]
    """The sides' names, in seat order."""
    side_of: Mapping[str, str]
    """The name of each player's side."""
    others: Mapping[str, tuple[str, ...]]
    """Each side's opponents: the other sides' names, in seat order."""


_KNOWN: dict[int, tuple[tuple[Side, ...], Seats]] = {}


def seats(match: Match) -> Seats:
    """The seating of ``match`` (the same ``sides`` tuple is shared by every copy of a match)."""
    sides = match.sides
    known = _KNOWN.get(id(sides))
    if known is None or known[0] is not sides:  # the tuple is kept here, so its id is not reused meanwhile
        if type(sides) is not tuple:  # a list may change: worked out each time
            return _seats(sides)
        if len(_KNOWN) > 100:
            _KNOWN.clear()
        known = _KNOWN[id(sides)] = (sides, _seats(sides))
    return known[1]


def _seats(sides: tuple[Side, ...]) -> Seats:
    names = tuple([side.name for side in sides])
    return Seats(names, {player: side.name for side in sides for player in side.players},
                 {name: tuple([other for other in names if other != name]) for name in names})
