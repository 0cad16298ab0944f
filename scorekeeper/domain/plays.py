"""The plays of a hand, as facts: who played what, and where (rules.md §10).  Reading and writing them is
``notation.play_line``'s; following them on the layout is ``scoring.board``'s."""

from enum import Enum
from typing import NamedTuple

from scorekeeper.domain.tiles import Tile


class Action(Enum):
    """What a player does on a turn."""

    TILE = "tile"
    """Lays a tile."""
    KNOCK = "knock"
    """Cannot (or does not) play: the turn passes."""
    DRAW = "draw"
    """Draws tiles from the bazaar; the turn stays with the player."""


class Play(NamedTuple):
    """One play as the scorer types it: the player and what they did; ``on`` says where a tile goes when it
    fits more than one place (the number showing at an open end, or the tile it is laid against)."""

    player: str
    action: Action
    tile: Tile | None = None
    on: int | Tile | None = None
    drawn: int = 0
    missed: bool = False
    """The player did not call what the tile scored (``Bob 6-3 missed``): it is lost, or taken by ``taker``."""
    taker: str | None = None
    """The opponent who called the missed score ("muggins": ``Bob 6-3 muggins Cat``), where the ruleset lets
    one (``play.muggins = called``)."""
