"""The one tile parser: ``parse_tile``/``format_tile`` and ``parse_tiles``/``format_tiles`` read back what they
write, for every tile of every set, and take every separator the round line takes."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.domain.tiles import (TILE_DASHES, Tile, TileSet, format_tile, format_tiles, parse_tile,
                                      parse_tiles)
from scorekeeper.errors import InputError

SETS = st.integers(min_value=6, max_value=12).map(TileSet)


@given(SETS.flatmap(lambda tileset: st.sampled_from(tileset.tiles())), st.sampled_from(TILE_DASHES),
       st.booleans())
def test_every_tile_of_double_six_to_double_twelve_reads_back_as_written(tile, dash, turned):
    low, high = (tile.high, tile.low) if turned else (tile.low, tile.high)
    typed = parse_tile(f"{low}{dash}{high}")
    assert typed == tile
    assert format_tile(typed) == f"{tile.low}-{tile.high}"
    assert parse_tile(format_tile(typed)) == typed


@pytest.mark.parametrize("max_pip", range(6, 13))
def test_every_tile_of_each_set_reads_back_with_every_separator(max_pip):
    for tile in TileSet(max_pip).tiles():
        assert parse_tile(format_tile(tile)) == tile and format_tile(parse_tile(format_tile(tile))) == format_tile(tile)
        for dash in TILE_DASHES:
            assert parse_tile(f"{tile.high}{dash}{tile.low}") == tile
    assert parse_tiles(format_tiles(TileSet(max_pip).tiles())) == TileSet(max_pip).tiles()


@given(SETS.flatmap(lambda tileset: st.lists(st.sampled_from(tileset.tiles()), min_size=1, max_size=12)),
       st.sampled_from([" ", ",", ", ", " ,  "]))
def test_a_list_of_tiles_reads_back_as_written(tiles, separator):
    written = format_tiles(tiles)
    assert parse_tiles(written) == tuple(tiles)
    assert parse_tiles(separator.join(f"{tile.high}–{tile.low}" for tile in tiles)) == tuple(tiles)
    assert format_tiles(parse_tiles(written)) == written


@pytest.mark.parametrize("text", ["3-4", "4-3", "3:4", "3|4", "3–4", "3—4", "3−4", "3‐4", "3‑4", "3‒4", " 3 - 4 "])
def test_every_separator_the_round_line_reads(text):
    assert parse_tile(text) == Tile(3, 4)


@pytest.mark.parametrize("text", ["34", "3-4-5", "123-4", "3~4", "٣-4", "x", "", "3-"])
def test_what_is_not_a_tile_is_refused_in_one_line(text):
    with pytest.raises(InputError, match="is not a tile: write it as two numbers like 3-4"):
        parse_tile(text)


def test_a_long_paste_is_quoted_cut_short():
    with pytest.raises(InputError) as error:
        parse_tile("1" * 5000 + "-2")
    assert len(str(error.value)) < 120 and "5,002 characters" in str(error.value)


@pytest.mark.parametrize("top", [1, 6, 9, 12, 13])
def test_a_sets_tiles_in_both_orders(top):
    tileset = TileSet(top)
    tiles = tileset.tiles()
    assert len(tiles) == tileset.size == len(set(tiles)) and tiles[0] == Tile(0, 0)
    assert tiles == tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))
    heaviest = tileset.heaviest_first()
    assert sorted(heaviest) == sorted(tiles) and heaviest[0] == Tile(top, top)
    assert [tile.pips for tile in heaviest] == sorted((tile.pips for tile in tiles), reverse=True)
    assert heaviest == tuple(sorted(tiles, key=lambda tile: -tile.pips))  # ties keep the set's order
