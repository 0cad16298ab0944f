"""Tiles and tile sets.  A tile is written ``a-b``; ``b-a`` is the same tile.

``parse_tile``/``format_tile`` and ``parse_tiles``/``format_tiles`` are the one way a tile is read and written:
the flags, the round line, the match file and the ruleset all read tiles through them.
"""

import re
from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import N_, _

TILE_DASHES = "-:|\u2010\u2011\u2012\u2013\u2014\u2212"
"""What may stand between a tile's two numbers: what people type (3-4, 3:4, 3|4) and the dashes a phone or
a word processor puts in their place (hyphens, the en and em dash, the minus sign)."""
_TILE = rf"^\s*([0-9]{{1,2}})\s*[{TILE_DASHES}]\s*([0-9]{{1,2}})\s*$"  # ASCII digits: \d takes "٣"
"""A typed tile; compiled when first used (``re``'s cache), since a command that only reads a match file looks
its tiles up in ``WRITTEN_TILES`` and never needs it."""
SET_NAMES = {6: N_("double-six"), 9: N_("double-nine"), 12: N_("double-twelve")}
_OUTSIDE = {"": N_("tile {tile} is not in a {name} set"),
            "player": N_("tile {tile} is not in a {name} set ({player}'s hand)"),
            "hand": N_("tile {tile} is not in a {name} set (in the hand)"),
            "table": N_("tile {tile} is not in a {name} set (on the table)")}
_TWICE = {"": N_("tile {tile} is given twice"), "player": N_("tile {tile} is given twice ({player}'s hand)"),
          "hand": N_("tile {tile} is given twice (in the hand)"),
          "table": N_("tile {tile} is given twice (on the table)")}
"""What ``TileSet.check`` says of a tile outside the set or given twice, by whose tiles they are."""


class Tile(NamedTuple):
    """One domino, stored low end first (build it with ``Tile.of``) so that 4-3 and 3-4 are equal."""

    low: int
    high: int

    @classmethod
    def of(cls, a: int, b: int) -> "Tile":
        """The tile with ends a and b, in either order."""
        return cls(a, b) if a <= b else cls(b, a)

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return format_tile(self)

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


def parse_tile(text: str) -> Tile:
    """Parse ``3-4`` (also ``3:4``, ``3|4``, ``3–4``: any of ``TILE_DASHES``); the range is checked against a
    set by ``TileSet.check``."""
    tile = _WRITTEN.get(text)  # as the match file and most people write it: looked up, not matched
    if tile is not None:
        return tile
    found = re.match(_TILE, text)
    if not found:
        raise InputError(_("{text} is not a tile: write it as two numbers like 3-4").format(text=quoted(text)))
    return Tile.of(int(found.group(1)), int(found.group(2)))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse tiles separated by commas or spaces: ``3-4,0-0`` or ``"3-4 0-0"``."""
    parts = text.split()
    if parts:  # as the match file writes them ("3-4 0-0"): looked up, not matched
        try:
            return tuple(map(_WRITTEN.__getitem__, parts))
        except KeyError:
            pass
    parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
    if not parts:
        raise InputError(_("no tiles given"))
    return tuple(parse_tile(part) for part in parts)


_SHARED = {(a, b): Tile(a, b) for a in range(13) for b in range(a, 13)}
"""One Tile object for each tile up to double-twelve, given by ``parse_tiles`` and ``TileSet.tiles``: a tile
looked up in a set or a dict of them is found by identity, without comparing (every round of a long match
looks up its tiles several times)."""
_WRITTEN = {f"{a}-{b}": _SHARED[min(a, b), max(a, b)] for a in range(13) for b in range(13)}
WRITTEN_TILES = _WRITTEN
"""Every tile up to double-twelve by the text ``format_tile`` writes for it (either half first): a match
file's tiles are looked up here, not parsed."""


def format_tile(tile: Tile) -> str:
    """A tile as it is written everywhere (``3-4``, low end first): ``parse_tile`` reads it back."""
    return f"{tile.low}-{tile.high}"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as they are written everywhere (``3-4 0-0``): ``parse_tiles`` reads them back."""
    return " ".join(format_tile(tile) for tile in tiles)


class TileSet(NamedTuple):
    """A double-N set: every tile a-b with 0 <= a <= b <= N."""

    max_pip: int = 6

    @property
    def name(self) -> str:
        if self.max_pip in SET_NAMES:
            return _(SET_NAMES[self.max_pip])
        return _("double-{pips}").format(pips=self.max_pip)

    @property
    def size(self) -> int:
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    @property
    def pips(self) -> int:
        """All the pips in the set: each number is on N+2 half-tiles (168 for double-six)."""
        return (self.max_pip + 2) * self.max_pip * (self.max_pip + 1) // 2

    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set, 0-0 first."""
        return tuple(_SHARED.get((a, b)) or Tile(a, b) for a in range(self.max_pip + 1)
                     for b in range(a, self.max_pip + 1))

    def heaviest_first(self) -> tuple[Tile, ...]:
        """Every tile of the set, the most pips first; of those with as many, the lowest half first (as
        ``tiles`` has them)."""
        top = self.max_pip
        return tuple(_SHARED.get((a, pips - a)) or Tile(a, pips - a) for pips in range(2 * top, -1, -1)
                     for a in range(max(0, pips - top), pips // 2 + 1))

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and 0 <= tile.low <= tile.high <= self.max_pip

    def check(self, tiles: Iterable[Tile], player: str | None = None, where: str = "") -> None:
        """Raise InputError for a tile outside the set or a tile given twice, saying whose tiles they are:
        ``player``'s hand, or ``where`` (``"hand"``: the hand asked about, ``"table"``: the tiles laid)."""
        seen: set[Tile] = set()
        place = "player" if player is not None else where
        for tile in tiles:
            if tile not in self:
                raise InputError(_(_OUTSIDE[place]).format(tile=tile, name=self.name, player=player))
            if tile in seen:
                raise InputError(_(_TWICE[place]).format(tile=tile, player=player))
            seen.add(tile)
