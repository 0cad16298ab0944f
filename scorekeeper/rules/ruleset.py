"""The effective ruleset: every key's value after ``extends`` has been followed."""

from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from scorekeeper.domain.tiles import Tile, TileSet, format_tiles
from scorekeeper.i18n import translated


class Ruleset(NamedTuple):
    name: str
    description: str
    values: Mapping[str, Any]
    """Every key's value, which code reads as ``ruleset[key]`` (``__getitem__`` below)."""
    special_hands: Mapping[tuple[Tile, ...], int] = MappingProxyType({})
    origin: str = "built-in"
    """Where the leaf file came from: ``built-in`` or its path."""
    chain: tuple[str, ...] = ()
    """The names or paths followed through ``extends``, leaf first."""
    set_by: Mapping[str, str] = MappingProxyType({})
    """For each key, the name or path of the file that set it (absent: the schema default)."""
    special_sizes: frozenset[int] = frozenset()
    """How many tiles each special hand holds, and (``special_sums``) its pips: a hand of another size, or a
    total no special hand makes, is counted as pips without looking further.  Worked out from
    ``special_hands`` by the loader (``shaped``)."""
    special_sums: frozenset[int] = frozenset()
    title: str = ""
    """What people call the game, as the leaf file writes it (``Goat``), else its name; the name stays what is
    typed (``--rules goat``) and what programs read."""

    def shaped(self) -> "Ruleset":
        """The ruleset with ``special_sizes`` and ``special_sums`` worked out from its ``special_hands``."""
        return self._replace(special_sizes=frozenset(len(tiles) for tiles in self.special_hands),
                             special_sums=frozenset(sum(tile.pips for tile in tiles) for tiles in self.special_hands))

    def __getitem__(self, path: str) -> Any:  # type: ignore[override]
        try:  # a key: read thousands of times a replay, so its read is tried first and asks nothing else
            return self.values[path]
        except (KeyError, TypeError):
            if isinstance(path, (int, slice)):  # still a tuple underneath
                return tuple.__getitem__(self, path)
            raise

    @property
    def called(self) -> str:
        """What people call the game, in the language in use (``Козёл`` for ``goat``): a built-in title is in
        the catalogs, said when it is shown (the language may be chosen after the ruleset is read)."""
        return translated(self.title or self.name)

    @property
    def tileset(self) -> TileSet:
        pips = self.values["tiles.max_pip"]
        return _TILESETS.get(pips) or TileSet(pips)

    def special_value(self, tiles: tuple[Tile, ...]) -> int | None:
        """The value of a hand that consists exactly of listed special tiles, else None."""
        return self.special_hands.get(tuple(sorted(tiles)))

    def describe_special_hands(self) -> str:
        if not self.special_hands:
            return "none"
        return ", ".join(f"{format_tiles(tiles)} = {value}" for tiles, value in self.special_hands.items())


_TILESETS = {pips: TileSet(pips) for pips in range(13)}
"""The sets up to double-twelve, made once: a round's checks ask for the ruleset's set several times."""
