"""Bad input to the points-race commands: one line on stderr, the right exit code, the file untouched."""

from __future__ import annotations

import pytest


@pytest.fixture
def muggins(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    return sk


@pytest.mark.parametrize("rules, args, words", [
    ("muggins", ("score", "Ann", "13"), "cannot score 13 in one play"),
    ("muggins", ("score", "Ann", "40"), "count at most 36"),
    ("fives-and-threes", ("score", "Ann", "10"), "cannot score 10 in one play"),
    ("all-threes", ("score", "Ann", "10"), "multiple of 3"),
    ("draw", ("score", "Ann", "5"), "scores no points during play"),
    ("goat", ("score", "Ann", "5"), "scores no points during play"),
    ("muggins", ("score", "Ann", "0"), "a claim of 0 scores nothing"),
    ("muggins", ("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=7"), "--points Ann=7"),
    ("fives-and-threes", ("score", "Ann", "--count", "50"), "count at most 22"),
])
def test_a_claim_no_rule_allows(sk, rules, args, words):
    sk("new", "--rules", rules, "Ann", "Bob")
    assert words in sk.fails(*args, code=2)


@pytest.mark.parametrize("args", [("score", "Zed", "10"),
                                  ("round", "--out", "Ann", "--total", "Bob=3", "--points", "Zed=10")])
def test_a_claim_for_an_unknown_player(muggins, args):
    assert "unknown player 'Zed' (players: Ann, Bob)" in muggins.fails(*args, code=2)


@pytest.mark.parametrize("args, words", [
    (("score", "Ann", "-5"), "a claim cannot be negative (-5)"),
    (("score", "Ann", "--count", "-5"), "a count cannot be negative (-5)"),
    (("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=-5"), "cannot be negative"),
])
def test_a_negative_claim(muggins, args, words):
    assert words in muggins.fails(*args, code=2)


@pytest.mark.parametrize("args, words", [
    (("score", "Ann", "ten"), "'ten' is not a whole number"),
    (("score", "Ann"), "give the points claimed"),
    (("score", "Ann", "10", "--count", "10"), "give the points claimed"),
    (("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=5", "--points", "ann=5"), "two --points"),
])
def test_claims_typed_wrong(muggins, args, words):
    assert words in muggins.fails(*args, code=2)


def test_points_after_the_match_is_over(muggins):
    muggins("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=100")
    assert muggins.json()["winner"] == "Ann"
    assert "the match is over" in muggins.fails("score", "Bob", "10", code=1)
    assert "the match is over" in muggins.fails("round", "--out", "Bob", "--total", "Ann=3", "--points", "Bob=5",
                                                code=1)


def test_a_claim_that_ended_the_match_leaves_no_room_for_the_round(muggins):
    muggins("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=90")
    muggins("score", "Ann", "10")
    assert "the match is over" in muggins.fails("round", "--out", "Ann", "--total", "Bob=3", code=1)


def test_a_negative_pending_claim_in_the_file(muggins):
    text = muggins.path.read_text()
    muggins.path.write_text(text.replace("players = [", 'pending = ["Ann=-5"]\nplayers = [', 1))
    assert "negative" in muggins.fails("table", code=1)


def test_every_new_command_has_help_with_an_example(muggins):
    for command in (("score",), ("round",)):
        text = muggins(*command, "--help").stdout
        assert "Example" in text and "scorekeeper " in text
    assert "--points" in muggins("round", "--help").stdout


def test_a_ruleset_that_never_ends_is_refused(sk):
    path = sk.folder / "endless.toml"
    path.write_text('extends = "muggins"\n[end]\ntarget = 0\n')
    message = sk.fails("rules", "check", str(path), code=1)
    assert "end.target" in message and "never end" in message


def test_teams_need_a_ruleset_that_allows_them(sk):
    assert "not a pairs game" in sk.fails("new", "--rules", "goat", "--team", "A,B", "--team", "C,D", code=2)
    sk("new", "--rules", "draw", "--team", "A,B", "--team", "C,D")
    assert [side["name"] for side in sk.json()["sides"]] == ["A+B", "C+D"]
