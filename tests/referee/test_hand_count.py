"""check hand (special hands of every shipped ruleset) and check count (the open ends' count)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.domain.tiles import format_tiles

SPECIAL = [(name, tiles, value) for name in builtin_names()
           for tiles, value in load_ruleset(name).special_hands.items()]


def ruling(sk, *args: str) -> dict:
    return json.loads(sk("check", *args, "--format", "json").stdout)


def test_every_shipped_ruleset_is_covered():
    assert "goat" in {name for name, _, _ in SPECIAL}


@pytest.mark.parametrize("name, tiles, value", SPECIAL, ids=[f"{n}:{format_tiles(t)}" for n, t, _ in SPECIAL])
def test_special_hands_of_every_shipped_ruleset(sk, name, tiles, value):
    found = ruling(sk, "hand", "--rules", name, *[str(tile) for tile in tiles])
    assert found["value"] == value and found["special"] is True
    assert found["reasons"][0]["key"] == "special_hands"
    assert format_tiles(tiles) in found["reasons"][0]["text"] and str(value) in found["reasons"][0]["text"]


@pytest.mark.parametrize("name, tiles, value", SPECIAL, ids=[f"{n}:{format_tiles(t)}" for n, t, _ in SPECIAL])
def test_special_tiles_with_other_tiles_count_pips(sk, name, tiles, value):
    ruleset = load_ruleset(name)
    extra = next(tile for tile in ruleset.tileset.tiles() if tile not in tiles and not tile.is_double)
    hand = list(tiles) + [extra]
    if ruleset.special_value(tuple(hand)) is not None:
        pytest.skip("that bigger hand is itself special")
    found = ruling(sk, "hand", "--rules", name, *[str(tile) for tile in hand])
    assert found["special"] is False and found["value"] == sum(tile.pips for tile in hand)
    assert "count only when the hand is exactly" in found["reasons"][0]["text"]


@pytest.mark.parametrize("tiles, value", [("3-4 5-6", 18), ("0-0", 10), ("0-0,1-2", 3), ("6-6", 12)])
def test_goat_hand_values(sk, tiles, value):
    assert ruling(sk, "hand", "--rules", "goat", tiles)["value"] == value


def test_hand_text(sk):
    out = sk("check", "hand", "--rules", "goat", "0-0").stdout
    assert out.splitlines()[0] == "The hand counts 10 (a special hand)."
    assert "exactly 0-0: counts 10" in out and "[special_hands = 0-0 = 10; source: rules.md §1.2" in out


@pytest.mark.parametrize("tiles, problem", [("1-2 2-1", "given twice"), ("7-7", "not in a double-six set"),
                                            ("x", "not a tile")])
def test_bad_hands_are_refused(sk, tiles, problem):
    assert problem in sk.fails("check", "hand", "--rules", "goat", tiles, code=2)


@pytest.fixture
def fives(tmp_path):
    path = tmp_path / "fives.toml"
    path.write_text('extends = "goat"\nname = "fives"\n[play]\nspinner = "open-halves"\nscores = "total"\nmultiple = 5\n')
    return str(path)


@pytest.mark.parametrize("ends, total, score", [
    # RULES.md 4 vectors (004: the spinner counts while its free sides are open).
    (["5-5"], 10, 10), (["5-5", "0"], 10, 10), (["5-5", "3", "0"], 13, 0), (["5-5", "3", "2"], 15, 15),
    (["5", "4", "3-3", "5"], 20, 20),
    # 000's reading: only played sides count.
    (["3", "0"], 3, 0), (["3", "2"], 5, 5), (["4", "3-3", "5"], 15, 15),
    (["6-6", "3"], 15, 15), (["12", "3"], 15, 15), (["0", "0"], 0, 0), (["5,5,3,2"], 15, 15),
])
def test_count_vectors(sk, fives, ends, total, score):
    found = ruling(sk, "count", "--rules", fives, *ends)
    assert (found["total"], found["score"]) == (total, score)
    assert found["reasons"][-1]["key"] == "play.scores"


def test_goat_scores_no_count(sk):
    found = ruling(sk, "count", "--rules", "goat", "5", "5", "3", "2")
    assert (found["total"], found["score"]) == (15, 0)
    assert "scores nothing" in found["reasons"][-1]["text"]


def test_count_text(sk, fives):
    out = sk("check", "count", "--rules", fives, "6-6", "3").stdout
    assert out.splitlines()[0] == "The ends count 15: scores 15."
    assert "12 + 3 = 15" in out and "a multiple of 5" in out


@pytest.mark.parametrize("ends, problem", [
    (["7"], "not 7"), (["13"], "not 13"), (["14"], "not 14"), (["2-3"], "not a double"), (["x"], "not an end"),
    (["1", "2", "3", "4", "5"], "at most four"), (["6-6", "6-6"], "two ends"),
])
def test_bad_ends_are_refused(sk, fives, ends, problem):
    assert problem in sk.fails("check", "count", "--rules", fives, *ends, code=2)


@pytest.mark.parametrize("tiles, said", [
    (("0-1",), "0-1: 1 pip;"), (("0-1", "0-0"), "0-1 0-0: 1 + 0 = 1 pip;"),
    (("0-2",), "0-2: 2 pips;"),
])
def test_a_hand_of_one_pip_says_pip(sk, tiles, said):
    assert said in ruling(sk, "hand", "--rules", "all-fives", *tiles)["reasons"][0]["text"]


@pytest.mark.parametrize("language, ends, said", [
    ("en", ("0", "3", "4"), "the spinner 5-5 counts 1 open half;"),
    ("en", ("2", "3"), "the spinner 5-5 counts 2 open halves;"),
    ("en", ("0", "3", "4", "1"), "the spinner 5-5 counts 0 open halves;"),
    ("ru", ("0", "3", "4"), "спиннер 5-5 считает 1 открытую половину;"),
    ("ru", ("2", "3"), "спиннер 5-5 считает 2 открытые половины;"),
    ("uk", ("0", "3", "4", "1"), "спінер 5-5 рахує 0 відкритих половин;"),
])
def test_the_spinner_s_open_halves_are_counted_in_whole_words(sk, language, ends, said):
    """Not 'open half(s)': the count of the spinner's open halves with its own plural form, in every language."""
    shown = sk("--lang", language, "check", "count", "--rules", "muggins", "--spinner", "5-5", *ends).stdout
    assert said in " ".join(shown.split()), shown
