"""Click parameter types: parse what was typed at the boundary (tiles, PLAYER=VALUE pairs)."""

from __future__ import annotations

import click

from scorekeeper.errors import InputError
from scorekeeper.errors import quoted
from scorekeeper.notation.numerals import parse_number
from scorekeeper.domain.tiles import Tile, parse_tile, parse_tiles


class WholeNumber(click.ParamType):
    """A whole number typed as ASCII digits in a range (``scorekeeper.notation.numerals.parse_number``): "²", "1_0",
    "5.0" and 5,000 digits are refused in one line, as click's IntRange does not."""

    def __init__(self, what: str, low: int | None = 0, high: int | None = None) -> None:
        self.what = what
        self.low = low
        self.high = high
        self.name = "N"

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_number(value, self.what, self.low, self.high)
        except InputError as error:
            self.fail(str(error), param, ctx)


class TileType(click.ParamType):
    name = "TILE"

    def convert(self, value, param, ctx) -> Tile:
        if isinstance(value, Tile):
            return value
        try:
            return parse_tile(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


class TilesType(click.ParamType):
    name = "TILES"

    def convert(self, value, param, ctx) -> tuple[Tile, ...]:
        if isinstance(value, tuple):
            return value
        try:
            return parse_tiles(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


class PlayerValue(click.ParamType):
    """``PLAYER=VALUE``, the value parsed as tiles or as a whole number."""

    def __init__(self, value: str, noun: str = "a total") -> None:
        self.value = value
        self.noun = noun
        self.name = f"PLAYER={value}"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        player, sep, raw = value.partition("=")
        if not sep or not player.strip():
            self.fail(f"{quoted(value)} should be written {self.name}", param, ctx)
        player = player.strip()
        if self.value == "TILES":
            try:
                return player, parse_tiles(raw)
            except InputError as error:
                self.fail(f"{player}: {error}", param, ctx)
        try:
            return player, parse_number(raw, self.noun)
        except InputError as error:
            self.fail(f"{player}: {error}", param, ctx)


TILE = TileType()
TILES = TilesType()
PLAYER_TILES = PlayerValue("TILES")
PLAYER_TOTAL = PlayerValue("N")
PLAYER_POINTS = PlayerValue("N", "in-play points")
ROUND_NUMBER = WholeNumber("a round number", low=1)
