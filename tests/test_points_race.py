"""The points-race games of RULES.md 4-5 through the CLI: claims during play, the end-of-hand count, targets."""

from __future__ import annotations

import pytest

from conftest import house, scores


# --- counts during play (RULES.md 4), told to the referee as the count of the open ends ----------------

COUNT_VECTORS = [
    ("fives-and-threes", 9, 3), ("fives-and-threes", 10, 2), ("fives-and-threes", 15, 8),
    ("phone", 15, 3), ("phone", 20, 4),
    ("muggins", 10, 10), ("muggins", 15, 15), ("muggins", 20, 20), ("muggins", 5, 5),
    ("all-threes", 12, 12),
]


@pytest.mark.parametrize("rules, count, points", COUNT_VECTORS)
def test_count_vectors(sk, rules, count, points):
    """RULES.md 4: 9 -> 3, 10 -> 2, 15 -> 8 (Fives and Threes); Phone 15 -> 3, 20 -> 4; Muggins the total."""
    sk("new", "--rules", rules, "Ann", "Bob")
    done = sk("score", "Ann", "--count", str(count), "--format", "json")
    assert '"points": %d' % points in done.stdout
    assert scores(sk) == {"Ann": points, "Bob": 0}
    assert sk.json()["in_play"] == {"Ann": points, "Bob": 0}


@pytest.mark.parametrize("rules, count", [("muggins", 13), ("muggins", 3), ("fives-and-threes", 13),
                                          ("phone", 12)])
def test_a_count_that_scores_nothing_is_refused(sk, rules, count):
    sk("new", "--rules", rules, "Ann", "Bob")
    message = sk.fails("score", "Ann", "--count", str(count), code=2)
    assert f"a count of {count} scores nothing" in message


# --- the end-of-hand count --------------------------------------------------------------------------------

def test_end_of_hand_vector(sk):
    """RULES.md 4: the winner holds 3, opponents 5, 11, 13 -> 5+11+13-3 = 26 -> 25 -> 5 points."""
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cat", "Dan")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=11", "--total", "Dan=13")
    table = sk.json()
    assert scores(sk) == {"Ann": 5, "Bob": 0, "Cat": 0, "Dan": 0}
    assert table["history"][0]["winner"] == "Ann"


@pytest.mark.parametrize("rules, points", [("all-fives", 25), ("phone", 6), ("block", 26), ("english", 25)])
def test_end_of_hand_vector_in_the_other_games(sk, rules, points):
    """The same fish: All Fives does not divide (25); Phone rounds up (30 / 5 = 6); block records 26 as it
    is; English gives the difference rounded to five."""
    sk("new", "--rules", rules, "Ann", "Bob", "Cat", "Dan")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=11", "--total", "Dan=13")
    assert scores(sk)["Ann"] == points


def test_end_of_hand_on_an_out_counts_every_opponent(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--hand", "Bob=6-6,1-2", "--total", "Cat=9")  # 15 + 9 = 24 -> 25 -> 5
    assert scores(sk) == {"Ann": 5, "Bob": 0, "Cat": 0}


@pytest.mark.parametrize("remainder", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("rules, rounded", [
    ("muggins", {0: 20, 1: 20, 2: 20, 3: 25, 4: 25}),          # nearest: 3 and 4 up, 1 and 2 down
    ("phone", {0: 20, 1: 25, 2: 25, 3: 25, 4: 25}),            # up (000)
    ("phone-down", {0: 20, 1: 20, 2: 20, 3: 20, 4: 20}),       # down (004)
    ("all-fives-unrounded", {0: 20, 1: 21, 2: 22, 3: 23, 4: 24}),
])
def test_rounding_the_total_at_every_remainder(sk, remainder, rules, rounded):
    """Two players: Ann goes out, Bob holds 20 + remainder pips."""
    spec = {"phone-down": house(sk, 'extends = "phone"\n[endhand]\nrounding = "down"\n', "down"),
            "all-fives-unrounded": house(sk, 'extends = "all-fives"\n[endhand]\nrounding = "none"\n', "none")
            }.get(rules, rules)
    sk("new", "--rules", spec, "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", f"Bob={20 + remainder}")
    divisor = 1 if rules == "all-fives-unrounded" else 5
    assert scores(sk) == {"Ann": rounded[remainder] // divisor, "Bob": 0}


EACH_HAND = 'extends = "muggins"\n[endhand]\nround_what = "each-hand"\n'


@pytest.mark.parametrize("remainder, each, total", [
    # Bob holds 10 + remainder, Cat 3.  Each hand: round(10 + r) + round(3) = ... + 5;  total: round(13 + r).
    (0, 15, 15), (1, 15, 15), (2, 15, 15), (3, 20, 15), (4, 20, 15)])
def test_rounding_each_hand_at_every_remainder(sk, remainder, each, total):
    sk("new", "--rules", house(sk, EACH_HAND), "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--total", f"Bob={10 + remainder}", "--total", "Cat=3")
    assert scores(sk)["Ann"] == each // 5
    sk("new", "--force", "--rules", "muggins", "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--total", f"Bob={10 + remainder}", "--total", "Cat=3")
    assert scores(sk)["Ann"] == total // 5


def test_each_hand_reading_of_two_hands_of_three(sk):
    """RULES.md 4: two hands of 3 pips give 5 + 5 rather than 6 -> 5."""
    sk("new", "--rules", house(sk, EACH_HAND.replace('"muggins"', '"all-fives"')), "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--total", "Cat=3")
    assert scores(sk)["Ann"] == 10
    sk("new", "--force", "--rules", "all-fives", "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--total", "Cat=3")
    assert scores(sk)["Ann"] == 5


def test_fish_without_subtracting_the_winners_pips(sk):
    spec = house(sk, 'extends = "muggins"\n[endhand]\nfish_subtract = false\n')
    sk("new", "--rules", spec, "Ann", "Bob", "Cat", "Dan")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=11", "--total", "Dan=13")
    assert scores(sk)["Ann"] == 6  # 29 -> 30 -> 6


def test_a_tie_on_a_fish_scores_nothing(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cat", "Dan")
    sk("score", "Cat", "10")
    sk("round", "--fish", "--total", "Ann=4", "--total", "Bob=4", "--total", "Cat=11", "--total", "Dan=13")
    table = sk.json()
    assert scores(sk) == {"Ann": 0, "Bob": 0, "Cat": 10, "Dan": 0}
    assert table["history"][0]["winner"] is None


def test_a_tie_on_a_fish_split(sk):
    """Three players, two tied for the fewest: they share the count (11 - 3 = 8 -> 10 -> 2: 1 each)."""
    sk("new", "--rules", house(sk, 'extends = "muggins"\n[fish]\ntie = "split"\n'), "Ann", "Bob", "Cat")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=3", "--total", "Cat=11")
    assert scores(sk) == {"Ann": 1, "Bob": 1, "Cat": 0}


def test_a_tie_on_a_fish_in_draw_scores_nothing(sk):
    sk("new", "--rules", "draw", "Ann", "Bob")
    sk("round", "--fish", "--total", "Ann=7", "--total", "Bob=7")
    assert scores(sk) == {"Ann": 0, "Bob": 0}


def test_english_going_out_earns_ten(sk):
    sk("new", "--rules", "english", "Ann", "Bob")
    sk("score", "Ann", "15")
    sk("round", "--out", "Ann", "--total", "Bob=23")
    assert scores(sk) == {"Ann": 25, "Bob": 0}


# --- claims, the hand in progress, undo, teams ----------------------------------------------------------

def test_claims_show_at_once_and_close_into_the_round(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "10")
    sk("score", "bob", "15")
    assert scores(sk) == {"Ann": 10, "Bob": 15}
    assert sk.json()["rounds"] == 0
    assert 'pending = ["Ann=10", "Bob=15"]' in sk.path.read_text()
    sk("round", "--out", "Ann", "--total", "Bob=9")  # 9 -> 10 -> 2
    table = sk.json()
    assert scores(sk) == {"Ann": 12, "Bob": 15}
    assert table["in_play"] == {"Ann": 0, "Bob": 0}
    assert table["history"][0]["recorded"] == {"Ann": 12, "Bob": 15}
    text = sk.path.read_text()
    assert "pending" not in text and '"Ann=10"' in text
    assert "in play Ann 10, Bob 15" in sk("table", "--wide").stdout  # the full labels; the short ones name who went out


def test_undo_removes_the_last_claim_then_the_round(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Bob", "--total", "Ann=10")
    sk("score", "Ann", "5")
    sk("score", "Ann", "20")
    assert "the claim of 20 by Ann" in sk("undo").stdout
    assert scores(sk) == {"Ann": 5, "Bob": 2}
    sk("undo")
    assert "round 1" in sk("undo").stdout
    assert scores(sk) == {"Ann": 0, "Bob": 0}


def test_round_points_shortcut(sk):
    sk("new", "--rules", "fives-and-threes", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=9", "--points", "Ann=17", "--points", "Bob=5")
    assert scores(sk) == {"Ann": 19, "Bob": 5}  # 17 + (9 -> 10 -> 2)
    assert 'points = ["Ann=17", "Bob=5"]' in sk.path.read_text()


def test_teams_share_points(sk):
    sk("new", "--rules", "muggins", "--team", "Ann,Cat", "--team", "Bob,Dan")
    sk("score", "Ann", "10")
    sk("score", "Cat", "15")
    sk("score", "Bob", "5")
    sk("round", "--out", "Cat", "--total", "Ann=4", "--total", "Bob=6", "--total", "Dan=8")  # 14 -> 15 -> 3
    assert scores(sk) == {"Ann+Cat": 28, "Bob+Dan": 5}


def test_all_fives_target_depends_on_the_number_of_players(sk):
    sk("new", "--rules", "all-fives", "Ann", "Bob")
    assert sk.json()["target"] == 250
    sk("new", "--force", "--rules", "all-fives", "Ann", "Bob", "Cat")
    assert sk.json()["target"] == 200
    assert "first to 200 wins" in sk("table").stdout


def test_reaching_the_target_during_play_wins_at_once(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=23", "--points", "Ann=75", "--points", "Bob=95")  # Ann +5
    assert scores(sk) == {"Ann": 80, "Bob": 95}
    sk("score", "Ann", "20")
    table = sk.json()
    assert (table["over"], table["winner"], table["loser"]) == (True, "Ann", "Bob")
    assert "Match over: Ann wins with 100." in sk("table").stdout


def test_the_first_to_reach_the_target_in_a_hand_wins(sk):
    """Bob's claim reaches 100 first; Ann's later end-of-hand count is not scored."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=95", "--points", "Bob=90")
    assert scores(sk) == {"Ann": 96, "Bob": 90}
    sk("round", "--out", "Ann", "--total", "Bob=40", "--points", "Bob=10")
    table = sk.json()
    assert (table["winner"], scores(sk)) == ("Bob", {"Ann": 96, "Bob": 100})


def test_exact_target(sk):
    sk("new", "--rules", house(sk, 'extends = "muggins"\n[end]\nexact = true\n'), "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=95")
    assert "end.exact" in sk.fails("score", "Ann", "10", code=2)  # would pass 100: refused
    assert scores(sk)["Ann"] == 96 and not sk.json()["over"]
    sk("round", "--out", "Ann", "--total", "Bob=18")  # 18 -> 20 -> 4: exactly 100
    table = sk.json()
    assert (scores(sk)["Ann"], table["winner"]) == (100, "Ann")


def test_phone_both_over_the_target_is_a_draw(sk):
    sk("new", "--rules", "phone", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=5", "--points", "Ann=220", "--points", "Bob=220")
    sk("score", "Bob", "7")  # Bob over 225 during play: the match is decided when the hand ends
    assert not sk.json()["over"]
    sk("round", "--out", "Ann", "--total", "Bob=30")  # Ann 221 + 6 = 227
    table = sk.json()
    assert (table["over"], table["winner"], table["loser"]) == (True, None, None)
    assert scores(sk) == {"Ann": 227, "Bob": 227}
    assert "Match over: a draw." in sk("table").stdout


def test_phone_one_over_the_target_wins(sk):
    sk("new", "--rules", "phone", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=5", "--points", "Ann=220")
    sk("round", "--out", "Ann", "--total", "Bob=30")
    table = sk.json()
    assert (table["over"], table["winner"]) == (True, "Ann")


# --- 003's block game -----------------------------------------------------------------------------------

def test_block_003_seven_rounds_lowest_wins_and_the_blocker_counts_four_times(sk):
    sk("new", "--rules", "block-003", "Ann", "Bob", "Cat")
    sk("round", "--fish", "--fisher", "Bob", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=8")
    assert scores(sk) == {"Ann": 3, "Bob": 20, "Cat": 8}  # Bob made the last play, not the fewest: x4
    sk("round", "--fish", "--fisher", "Ann", "--total", "Ann=2", "--total", "Bob=5", "--total", "Cat=8")
    assert scores(sk) == {"Ann": 5, "Bob": 25, "Cat": 16}  # Ann holds the fewest: counted once
    for _ in range(4):
        sk("round", "--out", "Cat", "--total", "Ann=4", "--total", "Bob=1")
    assert not sk.json()["over"]
    sk("round", "--out", "Bob", "--total", "Ann=1", "--total", "Cat=10")
    table = sk.json()
    assert scores(sk) == {"Ann": 22, "Bob": 29, "Cat": 26}
    assert (table["over"], table["winner"], table["rounds"]) == (True, "Ann", 7)
    assert "7 rounds of 7; the lowest total wins" in sk("table").stdout
    sk.fails("round", "--out", "Ann", "--total", "Bob=1", "--total", "Cat=1", code=1)


def test_block_003_needs_the_blocker(sk):
    sk("new", "--rules", "block-003", "Ann", "Bob")
    assert "--fisher" in sk.fails("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", code=2)


def test_draw_lone_double_blank_counts_25(sk):
    sk("new", "--rules", "draw", "Ann", "Bob", "Cat")
    sk("round", "--out", "Ann", "--hand", "Bob=0-0", "--hand", "Cat=0-0".replace("0-0", "1-2"))
    assert scores(sk)["Ann"] == 28


def test_goat_is_unchanged_by_the_race_keys(sk):
    """Goat still counts losers' hands and ignores the new keys: the fish-for-one vector of RULES.md 2."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5")
    assert scores(sk) == {"Masha": 0, "Alex": 0, "Olya": 23, "Serg": 0}
    assert sk.json()["target"] == 101


def test_claims_that_reach_the_target_in_the_first_hand_end_the_match(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    for points in (30, 35, 35):
        sk("score", "Ann", str(points))
    table = sk.json()
    assert (table["over"], table["winner"], table["rounds"]) == (True, "Ann", 0)
    assert "Ann wins with 100" in sk("table").stdout
