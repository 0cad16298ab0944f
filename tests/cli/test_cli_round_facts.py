"""The round facts Sea Goat needs (--last, --led, --fisher): bad input is refused, the file stays unchanged."""

from __future__ import annotations

import pytest

from scorekeeper.storage.matchfile import dump_match, parse_match


@pytest.fixture
def sea(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    return sk


@pytest.mark.parametrize("args, words", [
    (("--last", "7-7"), "not in a double-six set"),
    (("--last", "x"), "not a tile"),
    (("--last", "1-2-3"), "not a tile"),
    (("--led", "9-1"), "not in a double-six set"),
    (("--led", "six"), "not a tile"),
    (("--led", "1-2,3-4"), "not a tile"),
])
def test_unknown_tile_in_a_new_flag(sea, args, words):
    message = sea.fails("round", "--out", "Ann", "--total", "Bob=10", *args, code=2)
    assert words in message


@pytest.mark.parametrize("args, words", [
    (("--hand", "Bob=3-4,1-1", "--last", "4-3"), "3-4 was played (--last) but is also in Bob's hand"),
    (("--hand", "Bob=3-4,1-1", "--led", "1-1"), "1-1 was played (--led) but is also in Bob's hand"),
    (("--hand", "Bob=3-4", "--last", "1-1,2-3"), "must both be doubles"),
    (("--hand", "Bob=3-4", "--last", "1-1,2-2,3-3"), "one tile, or the two doubles"),
    (("--hand", "Bob=3-4", "--last", "2-2,2-2"), "twice"),
    (("--hand", "Bob=3-4", "--led", "2-2", "--last", "2-2"), "played once"),
    (("--hand", "Bob=3-4", "--fisher", "Bob"), "--fisher is for a blocked round"),
    (("--hand", "Bob=3-4", "--led", "6-6"), "hundred"),
])
def test_conflicting_facts_on_an_out(sea, args, words):
    message = sea.fails("round", "--out", "Ann", *args, code=2)
    assert words in message


@pytest.mark.parametrize("args, words", [
    (("--last", "2-2"), "a blocked round has none"),
    (("--fisher", "Zed"), "unknown player 'Zed'"),
])
def test_conflicting_facts_on_a_fish(sea, args, words):
    message = sea.fails("round", "--fish", "--total", "Ann=3", "--total", "Bob=4", *args, code=2)
    assert words in message


def test_refused_after_a_good_round_leaves_the_file_as_it_was(sea):
    sea("round", "--out", "Ann", "--total", "Bob=30", "--last", "1-2")
    sea.fails("round", "--out", "Bob", "--hand", "Ann=5-5", "--last", "5-5", code=2)
    assert sea.json()["rounds"] == 1


def test_new_facts_round_trip_through_the_match_file(sea):
    sea("round", "--led", "1-1", "--out", "Ann", "--total", "Bob=30", "--last", "2-2,5-5")
    first = parse_match(sea.path.read_text())
    assert [str(tile) for tile in first.rounds[0].last] == ["2-2", "5-5"] and str(first.rounds[0].led) == "1-1"
    assert parse_match(dump_match(first)) == first
    sea("new", "--rules", "sea-goat", "--force", "Ann", "Bob")
    sea("round", "--fish", "--fisher", "bob", "--hand", "Ann=1-2", "--total", "Bob=4", "--led", "6-5")
    text = sea.path.read_text()
    match = parse_match(text)
    assert match.rounds[0].fisher == "Bob" and str(match.rounds[0].led) == "5-6"
    assert parse_match(dump_match(match)) == match


def test_a_fact_typed_as_a_flag_is_named_by_the_flag_and_in_a_file_by_its_name(sea):
    """Issue 10.4: the core names facts ("the last tile"); the CLI names the flag when the facts were typed."""
    typed = sea.fails("round", "--fish", "--total", "Ann=3", "--total", "Bob=4", "--last", "2-2", code=2)
    assert typed == "Error: --last is the tile someone went out with: a blocked round has none"
    sea("round", "--fish", "--total", "Ann=3", "--total", "Bob=4")
    text = sea.path.read_text()
    sea.path.write_text(text.replace('end = "fish"', 'end = "fish", last = "2-2"'))
    assert 'last = "2-2"' in sea.path.read_text()
    found = sea.fails("table", code=1)
    assert found.endswith(": round 1: the last tile is the tile someone went out with: a blocked round has none")
    assert "--" not in found.split(": round 1: ")[1]
