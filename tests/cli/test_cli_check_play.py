"""``check play``: a hand ruled on play by play, through the command line."""

from __future__ import annotations

import json

import pytest

from scorekeeper.reports.columns import width

from conftest import house

HAND = "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 5-4, Bob 2-2, Ann 2-5 on 2-2, Bob 3-3"
"""rules.md §4.2's plays (004's vector): the counts 10, 10, 13, 15, 14, 16, 17, 20 under Muggins."""
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"
KEYS = {"player", "tile", "on", "ends", "count", "points", "legal", "reason", "breaches"}


def play_json(sk, *args: str) -> dict:
    return json.loads(sk("check", "play", "--format", "json", *args).stdout)


def test_json_has_exactly_the_issues_keys(sk):
    found = play_json(sk, "--rules", "muggins", HAND)
    assert set(found) == {"plays", "ends", "count", "turn", "blocked", "sealed", "fisherman", "out"}
    assert all(set(play) == KEYS for play in found["plays"])
    assert [play["count"] for play in found["plays"]] == [10, 10, 13, 15, 14, 16, 17, 20]
    assert [play["points"] for play in found["plays"]] == [10, 10, 0, 15, 0, 0, 0, 20]
    assert found["plays"][6]["on"] == "2-2" and found["plays"][1]["on"] == "5-5" and found["plays"][0]["on"] is None
    assert (found["count"], found["turn"], found["blocked"], found["out"]) == (20, "Ann", False, None)


def test_the_first_illegal_play_ends_the_ruling_with_its_reason(sk):
    found = play_json(sk, "--rules", "goat", "Ann 6-6, Bob 5-4, Ann 6-3")
    assert [play["legal"] for play in found["plays"]] == [True, False]
    refused = found["plays"][1]
    assert refused["reason"] == "4-5 does not match an open end (the ends show 6 and 6)"
    assert (refused["player"], refused["tile"], refused["points"]) == ("Bob", "4-5", 0)
    assert found["turn"] == "Bob"


def test_text_fits_40_columns_and_says_the_fish_and_fisherman(sk, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    text = sk("check", "play", "--rules", "goat", SEALED.replace("Ann", "Alexandra").replace("Dan", "Daniela")
              + ", Bob 2-2").stdout
    assert max(width(line) for line in text.splitlines()) <= 40, text
    assert text.startswith("Goat: 10 plays, all legal.")  # the game as people call it
    assert "A fish. Fisherman: Alexandra." in text


def test_text_shows_counts_points_and_turn(sk):
    text = sk("check", "play", "--rules", "muggins", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2").stdout
    assert " 4 Bob 0-2 · 5+5+3+2 = 15 · +15 · Ann" in text.splitlines()
    assert " 2 Bob 5-0 · 5+5+0 = 10 · +10 · Ann" in text.splitlines()  # as it lies: the half laid on first
    assert " 3 Ann 5-3 · 5+5+0+3 = 13 · Bob" in text.splitlines()
    assert "Ends 3, 2 and the spinner 5-5, count 15.\nNext: Ann.\nMuggins: a score its player does not call may be taken by an " \
           "opponent (play.muggins = called)." in text
    # All Fives extends Muggins and keeps its muggins; a house rule without it says nothing of it
    muggins = "\nMuggins: a score its player"
    assert muggins in sk("check", "play", "--rules", "all-fives", "Ann 5-5, Bob 5-0").stdout
    plain = house(sk, 'extends = "muggins"\nname = "plain"\n[play]\nmuggins = "none"\n')
    assert muggins not in sk("check", "play", "--rules", plain, "Ann 5-5, Bob 5-0").stdout
    assert muggins not in sk("check", "play", "--rules", "muggins", "Ann 5-4, Bob 4-1").stdout  # nothing scored


def test_text_names_the_refused_play_and_the_out(sk, tmp_path):
    refused = sk("check", "play", "Ann 6-6, Bob 5-4").stdout
    assert "Goat: play 2 is illegal." in refused and " 2 Bob 4-5: refused" in refused
    small = tmp_path / "small.toml"
    small.write_text('extends = "goat"\nname = "small"\n[tiles]\ndeal = 2\n', encoding="utf-8")
    out = sk("check", "play", "--rules", str(small), "Ann 6-6, Bob 6-3, Ann 6-1").stdout
    assert "Out: Ann with 1-6 (led 6-6)." in out


def test_inside_a_match_its_players_and_ruleset_are_the_defaults(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cid")
    before = sk.path.read_bytes()
    found = play_json(sk, "a 5-5, b 5-0, c 3-5")
    assert [play["player"] for play in found["plays"]] == ["Ann", "Bob", "Cid"]
    assert found["plays"][0]["points"] == 10 and found["turn"] == "Ann"  # muggins scores the 5-5 lead
    assert sk.path.read_bytes() == before
    assert play_json(sk, "Ann 5-5, Cid 5-0")["plays"][1]["reason"] == "it is Bob's turn, not Cid's"


def test_hands_check_the_knock(sk):
    found = play_json(sk, "--hand", "Bob=6-3,1-1,2-2,3-3,4-4,5-5,0-0", "Ann 6-6, Bob knocks")
    assert found["plays"][1]["reason"].startswith("Bob can play (3-6 fits the 6)")


@pytest.mark.parametrize("args, message", [
    (("Ann",), "play 1: what did Ann do?"),
    (("Ann 6-6 on",), "'Ann 6-6 on' needs the end's number"),
    (("Ann 6-6",), "the plays name one player (Ann)"),
    (("--hand", "Ann=1-1", "Ann 6-6, Bob 6-3"), "Ann's hand has 1 tile, but Goat deals 7"),
    (("--hand", "Ann=1-1", "--hand", "Ann=2-2", "Ann 6-6, Bob 6-3"), "Ann is given two hands"),
    (("--hand", "Ann=x", "Ann 6-6"), "'x' is not a tile"),
])
def test_a_bad_play_typed_is_one_line_exit_2(sk, args, message):
    line = sk.fails("check", "play", *args, code=2)
    assert message in line


def test_in_a_match_an_unknown_player_is_refused(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    assert "unknown player 'Zed'" in sk.fails("check", "play", "Ann 6-6, Zed 6-3", code=2)


def test_help_shows_an_example(sk):
    out = sk("check", "play", "--help").stdout
    assert 'scorekeeper check play --rules muggins "Ann 5-5, Bob 5-0' in out


def test_installed_check_play(run_installed):
    found = json.loads(run_installed("check", "play", "--rules", "phone", "Ann 4-4, Bob 4-6, Ann 4-3, Bob 6-6, "
                                     "Ann 4-5", "--format", "json").stdout)
    assert [play["points"] for play in found["plays"]] == [0, 0, 0, 3, 4]
    done = run_installed("check", "play", "Ann", code=2)
    assert done.stderr.startswith("Error: ") and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("language, draws, knocks, refused", [
    ("en", " 2 Bob draws 2 · Bob", " 3 Bob knocks · Ann", " 4 Ann 5-5: refused"),
    ("ru", " 2 Bob берёт 2 · Bob", " 3 Bob стучит · Ann", " 4 Ann 5-5: отклонён"),
    ("uk", " 2 Bob бере 2 · Bob", " 3 Bob стукає · Ann", " 4 Ann 5-5: відхилено"),
])
def test_the_plays_are_said_in_the_language(sk, language, draws, knocks, refused):
    """Each play in the words of the language in use (``Bob стучит``); the plays may be typed in them. A knock
    with the bazaar open breaks a rule the table may let stand: said, and the hand goes on."""
    typed = {"en": "Ann 1-2, Bob draws 2, Bob knocks, Ann 5-5", "ru": "Ann 1-2, Bob берёт 2, Bob стук, Ann 5-5",
             "uk": "Ann 1-2, Bob бере 2, Bob пас, Ann 5-5"}[language]
    lines = sk("--lang", language, "check", "play", "--rules", "draw", typed).stdout.splitlines()
    assert draws in lines and knocks in lines and refused in lines, lines
    assert lines[lines.index(knocks) + 1].startswith("   ")  # the breach said under the knock


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_tile_no_box_holds_is_a_typing_slip_exit_2_naming_the_play(sk, fmt):
    """A tile outside the set cannot have been played: `check play` refuses what was typed (exit 2, one line
    naming the play) rather than ruling on it, whichever format was asked."""
    result = sk("check", "play", "--rules", "all-fives", "--format", fmt, "Ann 6-6, Bob 6-5 on 6, Ann 5-7", code=2)
    assert result.stdout == ""
    assert result.stderr == "Error: play 3 (Ann 5-7): tile 5-7 is not in a double-six set\n"


SPINNER_BLOCK = 'extends = "block"\n[play]\nspinner = "open-halves"\n'
"""A blocking game with a spinner: the plays do not score, so each play's line shows the ends."""


@pytest.mark.parametrize("language, lines", [
    ("en", [" 1 Ann 6-6 · ends 6 on the spinner 6-6 · Bob", " 2 Bob 6-5 · ends 5 and the spinner 6-6 · Ann",
            " 3 Ann 5-3 · ends 3 and the spinner 6-6 · Bob", "Ends 3 and the spinner 6-6."]),
    ("ru", [" 1 Ann 6-6 · концы 6 на спиннере 6-6 · Bob", " 2 Bob 6-5 · концы 5 и спиннер 6-6 · Ann",
            " 3 Ann 5-3 · концы 3 и спиннер 6-6 · Bob", "Концы 3 и спиннер 6-6."]),
    ("uk", [" 1 Ann 6-6 · кінці 6 на спінері 6-6 · Bob", " 2 Bob 6-5 · кінці 5 і спінер 6-6 · Ann",
            " 3 Ann 5-3 · кінці 3 і спінер 6-6 · Bob", "Кінці 3 і спінер 6-6."]),
])
def test_each_play_says_the_ends_as_a_list_naming_the_spinner(sk, language, lines):
    """A play's line says the ends as '?' does ('5 and the spinner 6-6'), not one number a free side of the
    spinner ('6 6 6 5' read as four ends)."""
    rules = house(sk, SPINNER_BLOCK)
    text = sk("--lang", language, "check", "play", "--rules", rules, "Ann 6-6, Bob 6-5, Ann 5-3").stdout
    shown = text.splitlines()
    assert [line for line in shown if line in lines] == lines, text
    assert "6 6" not in text
