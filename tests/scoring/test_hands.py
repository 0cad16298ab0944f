"""Issue 12.8, rules.md §6.2: a total that proves its tiles is counted as those tiles.  A total of 0 is the
lone 0-0 (a player who did not go out holds at least one tile, and only 0-0 has no pips); a total only one
set of the tiles not placed elsewhere can make is that set; several sets leave it a plain total."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring.hands import ZERO_ZERO, only_tiles
from scorekeeper.domain.tiles import TileSet, parse_tile

SET = TileSet(6).tiles()


def explained(sk, *args: str) -> dict:
    return json.loads(sk("explain", "--format", "json", *args).stdout)


@pytest.mark.parametrize("ruleset, players, line, points, value", [
    ("goat", ("Ann", "Bob", "Cid"), ["--out", "Ann", "--total", "Bob=0", "--total", "Cid=5"],
     {"Ann": 0, "Bob": 10, "Cid": 5}, 10),
    ("sea-goat", ("Ann", "Bob"), ["--out", "Ann", "--total", "Bob=0", "--last", "1-2"], {"Ann": 25, "Bob": 0}, 25),
    ("draw", ("Ann", "Bob", "Cid"), ["--out", "Ann", "--total", "Bob=0", "--total", "Cid=5"],
     {"Ann": 30, "Bob": 0, "Cid": 0}, 25),
])
def test_a_total_of_0_is_the_lone_0_0(sk, ruleset, players, line, points, value):
    sk("new", "--rules", ruleset, *players)
    sk("round", *line)
    table = sk.json()
    assert table["notes"] == []  # the special-hand rule was applied: nothing to say it could not be
    assert {side["name"]: side["score"] + side["remembered"] for side in table["sides"]} == points
    found = explained(sk)
    assert found["hands"]["Bob"] == {
        "tiles": None, "total": 0, "value": value, "deduced": "0-0",
        "why": "total 0: only 0-0 has no pips, and a player who did not go out holds at least one tile"}
    assert ("special_hands", f"Bob holds exactly 0-0: counts {value}") in [
        (step["key"], step["text"]) for step in found["steps"] if step["side"] == "Bob"]
    text = sk("explain").stdout
    assert f"Bob held a total of 0: only 0-0 makes it (rules.md §6.2), counted as {value}" in text
    assert "Bob's total of 0 can only be 0-0" in text


def test_the_round_line_says_the_same(sk):
    sk("new", "--rules", "goat", "Alex", "Masha")
    sk("round", "Masha out, Alex 0")
    assert sk.side("Alex")["remembered"] == 10
    assert explained(sk)["hands"]["Alex"]["deduced"] == "0-0"


def test_where_the_ruleset_has_no_special_hands_0_stays_0(sk):
    """block and the points races give a lone 0-0 no value of its own: the deduction changes nothing."""
    sk("new", "--rules", "block", "Ann", "Bob", "Cid")
    sk("round", "--out", "Ann", "--total", "Bob=0", "--total", "Cid=5")
    assert sk.side("Ann")["score"] == 5
    assert "deduced" not in explained(sk)["hands"]["Bob"]
    assert sk.json("--rules", "draw")["sides"][0]["score"] == 30  # the same facts under draw


def test_a_total_proved_once_0_0_is_placed(sk):
    """With 0-0 in Bob's hand, Cid's 1 can only be 0-1; while 0-0 is free, 1 could be 0-1 or 0-0 0-1."""
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", "--out", "Ann", "--hand", "Bob=0-0", "--total", "Cid=1")
    cid = explained(sk)["hands"]["Cid"]
    assert cid["deduced"] == "0-1" and cid["value"] == 1
    assert "no other set of at most" in cid["why"]
    sk("round", "--out", "Ann", "--total", "Bob=2", "--total", "Cid=1")
    assert "deduced" not in explained(sk)["hands"]["Cid"]


def test_several_sets_leave_a_plain_total_and_a_note(sk):
    """Sea Goat: 12 could be 6-6 (50), 0-0 6-6 (75) or plain tiles: counted 12, and said."""
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=12", "--last", "1-2")
    table = sk.json()
    assert table["sides"][0]["score"] == 0
    assert any("only a total of 12" in item["note"] and "could not be applied" in item["note"]
               for item in table["notes"])
    assert "deduced" not in explained(sk)["hands"]["Bob"]


@pytest.mark.parametrize("rules, players, line, noted", [
    # the special hands a total could be: none holding a tile the facts place elsewhere (led, last, a hand)
    ("sea-goat", ("Ann", "Bob"), "Ann out on 6-6, Bob 12", []),  # nor that the 6-6 finish might have won
    ("sea-goat", ("Ann", "Bob", "Cid"), "Ann out on 1-2, Bob 12, Cid 6-6", []),
    ("sea-goat", ("Ann", "Bob", "Cid"), "Ann out on 1-2, led 0-0, Bob 12, Cid 3", ["Bob"]),  # 6-6 alone: 50
    ("sea-goat", ("Ann", "Bob"), "Ann out on 1-2, led 1-1, Bob 12", ["Bob"]),
    ("goat-pairs-000", ("--team", "Masha,Olya", "--team", "Alex,Serg"),
     "fish by Alex, led 6-6, Masha 10, Olya 10, Alex 12, Serg 8", []),
    ("draw", ("Ann", "Bob", "Cid"), "fish, Ann 6-6, Bob 20, Cid 30", []),  # 6-6 counts 50 wherever held
    ("draw", ("Ann", "Bob", "Cid"), "fish, Ann 5-6, Bob 20, Cid 30", ["Bob", "Cid"]),
])
def test_a_total_is_not_said_to_hide_a_hand_whose_tiles_are_elsewhere(sk, rules, players, line, noted):
    sk("new", "--rules", rules, *players)
    sk("round", line)
    notes = [item["note"] for item in sk.json()["notes"]]
    assert sorted(note.split(":")[0].split("'")[0] for note in notes) == noted


@pytest.mark.parametrize("args, says", [
    (["--total", "Bob=0", "--total", "Cid=0"], "Bob and Cid each have a total of 0"),
    (["--hand", "Bob=0-0", "--total", "Cid=0"], "0-0 is in Bob's hand"),
    (["--led", "0-0", "--total", "Bob=3", "--total", "Cid=0"], "0-0 is the tile led"),
])
def test_two_zeros_cannot_both_be_true(sk, args, says):
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    line = sk.fails("round", "--out", "Ann", *args, code=2)
    assert says in line and "--confirm" in line
    sk("round", "--out", "Ann", *args, "--confirm")  # the table insists: kept, and nothing deduced from it
    hands = explained(sk)["hands"]
    assert "deduced" not in hands["Cid"]
    assert sk.side("Cid")["remembered"] == 0


def test_the_answer_does_not_depend_on_seating(sk):
    sk("new", "--rules", "goat", "Ann", "Cid", "Bob")
    sk("round", "--out", "Ann", "--total", "Cid=1", "--total", "Bob=0")
    hands = explained(sk)["hands"]
    assert (hands["Bob"]["deduced"], hands["Cid"]["deduced"]) == ("0-0", "0-1")


def brute(total: int, taken: frozenset, most: int):
    free = [tile for tile in SET if tile not in taken]
    sets = [combo for size in range(1, most + 1) for combo in combinations(free, size)
            if sum(tile.pips for tile in combo) == total]
    return tuple(sorted(sets[0])) if len(sets) == 1 else None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_only_tiles_finds_exactly_the_one_set(data):
    """Against every subset, on a set small enough to try them all: a deduction only when exactly one set."""
    free = data.draw(st.lists(st.sampled_from(SET), min_size=1, max_size=11, unique=True))
    taken = frozenset(SET) - set(free)
    most = data.draw(st.integers(1, 5))
    total = data.draw(st.integers(0, 40))
    assert only_tiles(TileSet(6).heaviest_first(), total, taken, most) == brute(total, taken, most)


def test_a_search_that_runs_out_of_budget_deduces_nothing():
    taken = frozenset({ZERO_ZERO})
    assert only_tiles(TileSet(6).heaviest_first(), 1, taken, 7) == (parse_tile("0-1"),)
    assert only_tiles(TileSet(6).heaviest_first(), 1, taken, 7, budget=1) is None
