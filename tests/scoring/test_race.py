"""The points-race games of RULES.md 4-5 through the CLI: claims during play, the end-of-hand count, targets."""

from __future__ import annotations

import pytest

from conftest import house, scores
from table_steps import run, vector


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

@pytest.mark.parametrize("rules, points", [("all-fives", 25), ("phone", 6), ("block", 26), ("english", 25)])
def test_end_of_hand_vector_in_the_other_games(sk, rules, points):
    """The same fish: All Fives does not divide (25); Phone rounds up (30 / 5 = 6); block records 26 as it
    is; English gives the difference rounded to five."""
    sk("new", "--rules", rules, "Ann", "Bob", "Cat", "Dan")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=11", "--total", "Dan=13")
    assert scores(sk)["Ann"] == points


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


MUGGINS_4 = "new --rules muggins Ann Bob Cat Dan"
FISH_3_5_11_13 = "round --fish --total Ann=3 --total Bob=5 --total Cat=11 --total Dan=13"

END_OF_HAND = [
    # RULES.md 4: the winner holds 3, opponents 5, 11, 13 -> 5+11+13-3 = 26 -> 25 -> 5 points
    vector("the end-of-hand vector", MUGGINS_4,
           (FISH_3_5_11_13, {"scores": {"Ann": 5, "Bob": 0, "Cat": 0, "Dan": 0}, "history.0.winner": "Ann"})),
    vector("on an out every opponent counts", "new --rules muggins Ann Bob Cat",
           ("round --out Ann --hand Bob=6-6,1-2 --total Cat=9",  # 15 + 9 = 24 -> 25 -> 5
            {"scores": {"Ann": 5, "Bob": 0, "Cat": 0}})),
    # RULES.md 4: two hands of 3 pips give 5 + 5 rather than 6 -> 5
    vector("the each-hand reading of two hands of three", "new --rules {house} Ann Bob Cat",
           ("round --out Ann --total Bob=3 --total Cat=3", {"scores.Ann": 10}),
           ("new --force --rules all-fives Ann Bob Cat", {}),
           ("round --out Ann --total Bob=3 --total Cat=3", {"scores.Ann": 5}),
           house=EACH_HAND.replace('"muggins"', '"all-fives"')),
    vector("a fish without subtracting the winner's pips", "new --rules {house} Ann Bob Cat Dan",
           (FISH_3_5_11_13, {"scores.Ann": 6}),  # 29 -> 30 -> 6
           house='extends = "muggins"\n[endhand]\nfish_subtract = false\n'),
    vector("a tie on a fish scores nothing", MUGGINS_4,
           ("score Cat 10", {}),
           ("round --fish --total Ann=4 --total Bob=4 --total Cat=11 --total Dan=13",
            {"scores": {"Ann": 0, "Bob": 0, "Cat": 10, "Dan": 0}, "history.0.winner": None})),
    # three players, two tied for the fewest: they share the count (11 - 3 = 8 -> 10 -> 2: 1 each)
    vector("a tie on a fish, split", "new --rules {house} Ann Bob Cat",
           ("round --fish --total Ann=3 --total Bob=3 --total Cat=11", {"scores": {"Ann": 1, "Bob": 1, "Cat": 0}}),
           house='extends = "muggins"\n[fish]\ntie = "split"\n'),
    vector("a tie on a fish in draw scores nothing", "new --rules draw Ann Bob",
           ("round --fish --total Ann=7 --total Bob=7", {"scores": {"Ann": 0, "Bob": 0}})),
    vector("English: going out earns ten", "new --rules english Ann Bob",
           ("score Ann 15", {}),
           ("round --out Ann --total Bob=23", {"scores": {"Ann": 25, "Bob": 0}})),
]

CLAIMS = [
    vector("claims show at once and close into the round", "new --rules muggins Ann Bob",
           ("score Ann 10", {}),
           ("score bob 15", {"scores": {"Ann": 10, "Bob": 15}, "rounds": 0, "file": ['pending = ["Ann=10", "Bob=15"]']}),
           ("round --out Ann --total Bob=9",  # 9 -> 10 -> 2
            {"scores": {"Ann": 12, "Bob": 15}, "in_play": {"Ann": 0, "Bob": 0},
             "history.0.recorded": {"Ann": 12, "Bob": 15}, "not_in_file": ["pending"], "file": ['"Ann=10"']}),
           # the full labels; the short ones name who went out
           ("table --wide", {"says": ["in play Ann 10, Bob 15"]})),
    vector("undo removes the last claim, then the round", "new --rules muggins Ann Bob",
           ("round --out Bob --total Ann=10", {}),
           ("score Ann 5", {}),
           ("score Ann 20", {}),
           ("undo", {"says": ["the claim of 20 by Ann"], "scores": {"Ann": 5, "Bob": 2}}),
           ("undo", {}),
           ("undo", {"says": ["round 1"], "scores": {"Ann": 0, "Bob": 0}})),
    vector("the round's in-play totals (--points)", "new --rules fives-and-threes Ann Bob",
           ("round --out Ann --total Bob=9 --points Ann=17 --points Bob=5",
            {"scores": {"Ann": 19, "Bob": 5}, "file": ['points = ["Ann=17", "Bob=5"]']})),  # 17 + (9 -> 10 -> 2)
    vector("teams share points", "new --rules muggins --team Ann,Cat --team Bob,Dan",
           ("score Ann 10", {}),
           ("score Cat 15", {}),
           ("score Bob 5", {}),
           ("round --out Cat --total Ann=4 --total Bob=6 --total Dan=8",  # 14 -> 15 -> 3
            {"scores": {"Ann+Cat": 28, "Bob+Dan": 5}})),
]

TARGETS = [
    vector("All Fives: the target depends on the number of players", "new --rules all-fives Ann Bob",
           ("table", {"target": 250}),
           ("new --force --rules all-fives Ann Bob Cat", {"target": 200, "shows": ["first to 200 wins"]})),
    vector("reaching the target during play wins at once", "new --rules muggins Ann Bob",
           ("round --out Ann --total Bob=23 --points Ann=75 --points Bob=95", {"scores": {"Ann": 80, "Bob": 95}}),
           ("score Ann 20", {"over": True, "winner": "Ann", "loser": "Bob",
                             "shows": ["Match over: Ann wins with 100."]})),
    # Bob's claim reaches 100 first; Ann's later end-of-hand count is not scored
    vector("the first to reach the target in a hand wins", "new --rules muggins Ann Bob",
           ("round --out Ann --total Bob=3 --points Ann=95 --points Bob=90", {"scores": {"Ann": 96, "Bob": 90}}),
           ("round --out Ann --total Bob=40 --points Bob=10", {"winner": "Bob", "scores": {"Ann": 96, "Bob": 100}})),
    vector("an exact target", "new --rules {house} Ann Bob",
           ("round --out Ann --total Bob=3 --points Ann=95", {}),
           ("score Ann 10", {"refused": (2, ["end.exact"])}),  # would pass 100: refused
           ("table", {"scores.Ann": 96, "over": False}),
           ("round --out Ann --total Bob=18", {"scores.Ann": 100, "winner": "Ann"}),  # 18 -> 20 -> 4: exactly 100
           house='extends = "muggins"\n[end]\nexact = true\n'),
    vector("Phone: both over the target is a draw", "new --rules phone Ann Bob",
           ("round --out Ann --total Bob=5 --points Ann=220 --points Bob=220", {}),
           # Bob over 225 during play: the match is decided when the hand ends
           ("score Bob 7", {"over": False}),
           ("round --out Ann --total Bob=30",  # Ann 221 + 6 = 227
            {"over": True, "winner": None, "loser": None, "scores": {"Ann": 227, "Bob": 227},
             "shows": ["Match over: a draw."]})),
    vector("Phone: one over the target wins", "new --rules phone Ann Bob",
           ("round --out Ann --total Bob=5 --points Ann=220", {}),
           ("round --out Ann --total Bob=30", {"over": True, "winner": "Ann"})),
    vector("claims that reach the target in the first hand end the match", "new --rules muggins Ann Bob",
           ("score Ann 30", {}),
           ("score Ann 35", {}),
           ("score Ann 35", {"over": True, "winner": "Ann", "rounds": 0, "shows": ["Ann wins with 100"]})),
]

OTHER_GAMES = [
    vector("003's block game: seven rounds, the lowest wins, the blocker counts four times",
           "new --rules block-003 Ann Bob Cat",
           ("round --fish --fisher Bob --total Ann=3 --total Bob=5 --total Cat=8",
            {"scores": {"Ann": 3, "Bob": 20, "Cat": 8}}),  # Bob made the last play, not the fewest: x4
           ("round --fish --fisher Ann --total Ann=2 --total Bob=5 --total Cat=8",
            {"scores": {"Ann": 5, "Bob": 25, "Cat": 16}}),  # Ann holds the fewest: counted once
           *[("round --out Cat --total Ann=4 --total Bob=1", {"over": False})] * 4,
           ("round --out Bob --total Ann=1 --total Cat=10",
            {"scores": {"Ann": 22, "Bob": 29, "Cat": 26}, "over": True, "winner": "Ann", "rounds": 7,
             "shows": ["7 rounds of 7; the lowest total wins"]}),
           ("round --out Ann --total Bob=1 --total Cat=1", {"refused": (1, [])})),
    vector("003's block game needs the blocker", "new --rules block-003 Ann Bob",
           ("round --fish --total Ann=3 --total Bob=5", {"refused": (2, ["--fisher"])})),
    vector("draw: a lone 0-0 counts 25", "new --rules draw Ann Bob Cat",
           ("round --out Ann --hand Bob=0-0 --hand Cat=1-2", {"scores.Ann": 28})),
    # Goat still counts losers' hands and ignores the race keys: the fish-for-one vector of RULES.md 2
    vector("Goat is unchanged by the race keys", "new --rules goat Masha Alex Olya Serg",
           ("round --fish --total Masha=2 --total Alex=3 --total Olya=13 --total Serg=5",
            {"scores": {"Masha": 0, "Alex": 0, "Olya": 23, "Serg": 0}, "target": 101})),
]


@pytest.mark.parametrize("start, steps, house", END_OF_HAND + CLAIMS + TARGETS + OTHER_GAMES)
def test_points_race(sk, start, steps, house):
    run(sk, start, steps, house)
