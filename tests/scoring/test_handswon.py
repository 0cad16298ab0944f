"""A draw series decided by hands won (Jamaican, rules.md §5.4: ``count.hand_won``, ``draw-jamaican``) or by the
tiles left (rules.md §5.5: ``count.hand_value = tiles``, ``draw-tiles-left``), through the CLI: every rule vector
is a table of tests/vectors/draw_series.toml (``table_steps`` says how a vector is read)."""

from __future__ import annotations

import json

import pytest

from conftest import house
from scorekeeper.cli.app import cli
from table_steps import family, replay


@pytest.mark.parametrize("vector", family("draw_series"))
def test_draw_series(sk, vector):
    replay(sk, vector)


@pytest.mark.parametrize("text, words", [
    # a hand counted in tiles has no pips for a special hand to value
    ('extends = "draw"\n[count]\nhand_value = "tiles"\nsix_six_anywhere = 0\n', ["count.hand_value", "special hand"]),
    ('extends = "draw"\n[count]\nhand_value = "tiles"\n[special_hands]\n', ["count.six_six_anywhere must be 0"]),
    # Goat's hands have no winner: every loser records its own
    ('extends = "goat"\n[count]\nhand_won = 1\n', ["count.hand_won", "a hand has a winner"]),
    # Sea Goat's opening minimum: a hand worth 1 would never be recorded
    ('extends = "sea-goat"\n[count]\nhand_won = 1\n', ["count.hand_won = 1 is less than opening.threshold = 25"]),
])
def test_house_rules_that_cannot_mean_anything_are_refused(sk, text, words):
    message = sk.fails("new", "--rules", house(sk, text), "Ann", "Bob", code=1)
    for word in words:
        assert word in message, message


# --- explain: each round says how it was scored, with the key ----------------------------------------------

def test_explain_a_jamaican_out_without_hands(sk):
    sk("new", "--rules", "draw-jamaican", "Ann", "Bob", "Cid")
    sk("round", "Ann", "out")
    text = sk("explain", "1").stdout
    assert "[count.hand_won = 1] Ann went out and wins the hand, 1 point, whatever the hands hold" in text
    assert "Bob's hand was not recorded (not needed: only the hand won scores, count.hand_won)" in text
    assert "=> Bob: 0   (hand not recorded; takes 0)" in text
    data = json.loads(sk("explain", "1", "--format", "json").stdout)
    assert [step["key"] for step in data["steps"]][0] == "count.hand_won"
    assert data["steps"][0]["source"].startswith("rules.md §5.4")
    assert data["winner"] == "Ann" and data["hands"] == {}


def test_explain_a_jamaican_fish(sk):
    sk("new", "--rules", "draw-jamaican", "Ann", "Bob")
    sk("round", "fish,", "Ann", "9,", "Bob", "12")
    sk("round", "fish", "4", "4")
    won = sk("explain", "1").stdout
    assert "fish: Ann wins the hand by the fish rule (it holds 9, the fewest) and scores 1 point" in won
    tied = sk("explain", "2").stdout
    assert "fish: Ann and Bob tie for the fewest (4): no side wins the hand, nobody scores" in tied


def test_explain_tiles_left(sk):
    sk("new", "--rules", "draw-tiles-left", "Ann", "Bob", "Cid")
    sk("round", "Ann out, Bob 1-2 3-3, Cid 0")
    text = sk("explain", "1").stdout
    assert "[count.hand_value = tiles] Bob: 1-2 3-3 counts 1 + 2 = 3 (1 a tile, 2 a double)" in text
    assert "Cid: a total of 0 can only be 0-0" in text and "0-0 counts 2" in text
    assert "Bob held 1-2 3-3: 3 + 6 = 9, counted as 3" in text
    data = json.loads(sk("explain", "1", "--format", "json").stdout)
    assert data["hands"]["Bob"]["value"] == 3 and data["hands"]["Cid"]["value"] == 2
    assert data["hands"]["Cid"]["deduced"] == "0-0"
    assert [step["key"] for step in data["steps"]][:3] == ["count.hand_value", "count.hand_value", "count.who"]


@pytest.mark.parametrize("rules, line", [("draw-jamaican", "Ann out"),
                                         ("draw-tiles-left", "Ann out, Bob 1-2 3-3, Cid 0-0 4-5")])
def test_explain_and_the_table_fit_40_columns(sk, monkeypatch, rules, line):
    sk("new", "--rules", rules, "Ann", "Bob", "Cid")
    sk("round", line)
    monkeypatch.setenv("COLUMNS", "40")
    for command in (("explain", "1"), ("table",), ("rules", "show", rules, "count")):
        shown = sk(*command).stdout
        assert max(len(text) for text in shown.splitlines()) <= 40, (command, shown)


# --- compare: a draw match under the new rulesets ------------------------------------------------------------

def _draw_match(sk) -> None:
    sk("new", "--rules", "draw", "Ann", "Bob")
    sk("round", "Ann out, Bob 1-2 3-3")        # draw: Ann 9; Jamaican: Ann 1; tiles: Bob 3
    sk("round", "fish, Ann 6-6, Bob 5-6 4-5")  # draw: 50 against 20, Bob 30; Jamaican: Bob 1; tiles: 2 and 2
    sk("round", "Ann out, Bob 0")              # draw: 25 more for Ann; Jamaican: Ann 1; tiles: 0-0, Bob 2


@pytest.mark.parametrize("other, scores, keys", [
    ("draw-jamaican", {"Ann": 2, "Bob": 1}, {"count.hand_won", "end.target"}),
    ("draw-tiles-left", {"Ann": 2, "Bob": 7}, {"count.hand_value", "count.who", "end.rounds", "special_hands"}),
])
def test_compare_a_draw_match_under_the_new_rulesets(sk, other, scores, keys):
    _draw_match(sk)
    data = json.loads(sk("compare", other, "--format", "json").stdout)
    assert data["other"] == other and data["differing_rounds"] == [1, 2, 3]
    last = data["rounds"][-1]
    assert last["ruleset"] == {"Ann": {"score": 34, "remembered": 0}, "Bob": {"score": 30, "remembered": 0}}
    assert {name: item["score"] for name, item in last["other"].items()} == scores
    assert keys <= {item["key"] for item in data["differing_keys"]}
    assert sk.json("--rules", other)["sides"][0]["score"] == scores["Ann"]
    text = sk("compare", other).stdout
    assert "rounds that differ (≠): 1-3" in text  # in spans, as the notes name rounds


def test_compare_under_tiles_left_names_a_hand_given_as_a_total(sk):
    _draw_match(sk)
    sk("round", "Bob out, Ann 7")
    message = sk.fails("compare", "draw-tiles-left", code=1)
    assert "round 4: Tiles Left cannot score it from these facts: Ann's hand is only a total (7)" in message


def test_a_jamaican_match_without_hands_cannot_be_scored_as_draw(sk):
    sk("new", "--rules", "draw-jamaican", "Ann", "Bob")
    sk("round", "Ann", "out")
    message = sk.fails("compare", "draw", code=1)
    assert "round 1: Draw dominoes cannot score it from these facts: no hand for Bob" in message
    sk("edit", "1", "Ann out, Bob 5")  # the hand given: draw can score it
    assert sk.json("--rules", "draw")["sides"][0]["score"] == 5


def test_rules_list_and_show(sk):
    listed = " ".join(sk("rules", "list").stdout.split())  # the name column is as wide as the longest name
    assert "draw-jamaican Jamaican: the draw game, but each hand won scores 1" in listed
    assert "draw-tiles-left Tiles left: the draw game" in listed
    shown = sk("rules", "show", "draw-jamaican", "count.hand_won").stdout
    assert "count.hand_won" in shown and "= 1" in shown and "rules.md §5.4" in shown
    shown = json.loads(sk("rules", "show", "draw-tiles-left", "--format", "json").stdout)
    assert shown["sources"]["count.hand_value"].startswith("rules.md §5.5")
    assert shown["keys"]["count.hand_value"] == "tiles" and shown["special_hands"] == {}


def test_play_takes_a_bare_out(sk):
    sk("new", "--rules", "draw-jamaican", "Ann", "Bob")
    done = sk.runner.invoke(cli, ["--match", str(sk.path), "play"], input="ann out\nbob out, ann 5\nquit\n")
    assert done.exit_code == 0, done.output
    assert "Round 1: Ann out" in done.stdout and "Round 2: Bob out, Ann 5" in done.stdout
    assert {side["name"]: side["score"] for side in sk.json()["sides"]} == {"Ann": 1, "Bob": 1}


@pytest.mark.parametrize("tiles, value", [(["6-6", "1-2"], 3), (["1-1"], 2), (["0-1", "2-3", "4-5"], 3)])
def test_check_hand_counts_tiles_as_the_table_does(sk, tiles, value):
    sk("new", "--rules", "draw-tiles-left", "A", "B", "C")
    ruling = json.loads(sk("check", "hand", *tiles, "--format", "json").stdout)
    assert ruling["value"] == value and ruling["reasons"][0]["key"] == "count.hand_value"
    sk("round", "A out, B " + " ".join(tiles) + ", C 3-4")
    assert sk.json()["history"][0]["points"]["B"] == value
