"""The effective ruleset: every key's value after ``extends`` has been followed."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from scorekeeper.tiles import Tile, TileSet, format_tiles


@dataclass(frozen=True)
class Ruleset:
    name: str
    description: str
    values: Mapping[str, Any]
    special_hands: Mapping[tuple[Tile, ...], int] = field(default_factory=dict)
    origin: str = "built-in"
    """Where the leaf file came from: ``built-in`` or its path."""
    chain: tuple[str, ...] = ()
    """The names or paths followed through ``extends``, leaf first."""
    set_by: Mapping[str, str] = field(default_factory=dict)
    """For each key, the name or path of the file that set it (absent: the schema default)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))
        object.__setattr__(self, "special_hands", MappingProxyType(dict(self.special_hands)))

    def __getitem__(self, path: str) -> Any:
        return self.values[path]

    @property
    def tileset(self) -> TileSet:
        return TileSet(self["tiles.max_pip"])

    def special_value(self, tiles: tuple[Tile, ...]) -> int | None:
        """The value of a hand that consists exactly of listed special tiles, else None."""
        return self.special_hands.get(tuple(sorted(tiles)))

    def describe_special_hands(self) -> str:
        if not self.special_hands:
            return "none"
        return ", ".join(f"{format_tiles(tiles)} = {value}" for tiles, value in self.special_hands.items())
