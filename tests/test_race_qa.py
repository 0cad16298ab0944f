"""QA fixes for the points-race games and match logs (issues 4 and 6): editing in-play points, a tie for the
fewest on a three-player fish, the hand in progress in exports, Phone's draw, an exact target, the deal size."""

from __future__ import annotations

import csv
import io

import pytest


def scores(sk) -> dict[str, int]:
    return {side["name"]: side["score"] for side in sk.json()["sides"]}


def house(sk, text: str, name: str = "house") -> str:
    path = sk.folder / f"{name}.toml"
    path.write_text(text)
    return str(path)


# --- 1. edit replaces, keeps or clears the points made during play ------------------------------------

def test_edit_without_points_flags_keeps_the_old_in_play_points(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=10")  # 10 + 8 -> 10 -> 2
    sk("edit", "1", "--out", "Ann", "--total", "Bob=13")  # 13 -> 15 -> 3
    assert scores(sk) == {"Ann": 13, "Bob": 0}


def test_edit_points_replaces_and_no_points_clears(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=10")
    sk("edit", "1", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=5")
    assert scores(sk) == {"Ann": 7, "Bob": 0}
    sk("edit", "1", "--out", "Ann", "--total", "Bob=8", "--no-points")
    assert scores(sk) == {"Ann": 2, "Bob": 0}
    assert "Ann=10" not in sk.path.read_text() and "points" not in sk.path.read_text().split("rounds")[1]


def test_edit_points_replaces_the_claims_of_the_round(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "10")
    sk("score", "Bob", "15")
    sk("round", "--out", "Ann", "--total", "Bob=8")
    assert scores(sk) == {"Ann": 12, "Bob": 15}
    sk("edit", "1", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=5")
    assert scores(sk) == {"Ann": 7, "Bob": 0}
    sk("edit", "1", "--out", "Ann", "--total", "Bob=8", "--points", "Bob=20")
    assert scores(sk) == {"Ann": 2, "Bob": 20}


def test_edit_refuses_points_and_no_points_together(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=10")
    assert "not both" in sk.fails("edit", "1", "--out", "Ann", "--total", "Bob=8", "--points", "Ann=5",
                                     "--no-points", code=2)


def test_edit_help_says_how_in_play_points_are_kept(sk):
    text = sk("edit", "--help").stdout
    assert "--no-points" in text and "kept" in text


# --- 5. an exact target refuses a claim it would not score --------------------------------------------

EXACT = 'extends = "muggins"\n[end]\nexact = true\n'


def test_exact_target_refuses_a_claim_that_passes_it(sk):
    sk("new", "--rules", house(sk, EXACT), "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=18", "--points", "Ann=95")  # 18 -> 20 -> 4: 99
    error = sk.fails("score", "Ann", "10", code=2)
    assert "99" in error and "100" in error and "end.exact" in error
    sk("score", "Bob", "10")  # Bob is far from the target
    assert scores(sk) == {"Ann": 99, "Bob": 10}


@pytest.mark.parametrize("command", ["round", "edit"])
def test_exact_target_refuses_in_play_totals_that_pass_it(sk, command):
    sk("new", "--rules", house(sk, EXACT), "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=18", "--points", "Ann=95")  # 99
    if command == "round":
        error = sk.fails("round", "--out", "Bob", "--total", "Ann=3", "--points", "Ann=5", code=2)
        sk("round", "--out", "Bob", "--total", "Ann=3", "--points", "Bob=5")
        assert scores(sk) == {"Ann": 99, "Bob": 6}
    else:
        error = sk.fails("edit", "1", "--out", "Ann", "--total", "Bob=18", "--points", "Ann=105", code=2)
        sk("edit", "1", "--out", "Ann", "--total", "Bob=18", "--points", "Ann=90")
        assert scores(sk) == {"Ann": 94, "Bob": 0}
    assert "end.exact" in error


# --- 4. Phone: a draw is both OVER 225; a side exactly on 225 is not over it --------------------------

@pytest.mark.parametrize("ann, bob, winner, over", [
    (224, 226, "Bob", True),    # Ann ends on 225 exactly, Bob over: Bob wins
    (225, 226, None, True),     # both over 225: a draw
    (224, 225, None, True),     # both exactly on 225: level at the top, a draw
    (223, 226, "Bob", True),    # Ann 224 has not reached 225
    (219, 220, None, False),    # nobody there yet
])
def test_phone_draw_needs_both_over_225(sk, ann, bob, winner, over):
    sk("new", "--rules", "phone", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=1", "--points", f"Ann={ann}", "--points", f"Bob={bob}")
    table = sk.json()
    assert scores(sk) == {"Ann": ann + 1, "Bob": bob}  # 1 rounds up to 5 -> 1
    assert (table["over"], table["winner"]) == (over, winner)
