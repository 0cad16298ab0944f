"""The points-race games of RULES.md 4-5 through the CLI: claims during play, the end-of-hand count, targets."""

from __future__ import annotations

import pytest

from conftest import house, scores
from table_steps import family, replay


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


@pytest.mark.parametrize("vector", family("races"))
def test_points_race(sk, vector):
    replay(sk, vector)


# --- the steps of a hand typed play by play ---------------------------------------------------------------

def test_each_scoring_play_is_said_in_the_language_in_use_read_or_recorded(tmp_path):
    """A step names its play in the words of the language in use (``Ann 5-6 на 6-6``), and the same whether
    the hand is read from its stored line or was recorded in this process as plays; a play said once in one
    language is said in another's words when the language changes (the plays are worded once a language)."""
    from played_hands import played_match
    from scorekeeper import i18n
    from scorekeeper.match.opened import open_match
    from scorekeeper.rules.loader import load_ruleset
    from scorekeeper.scoring.engine import replay
    from scorekeeper.storage.matchfile import save_match

    ruleset = load_ruleset("muggins")
    recorded = played_match("muggins", ruleset, ("Ann", "Bob"), 12, seed=5)
    path = tmp_path / "match.toml"
    save_match(recorded, str(path))
    read = open_match(str(path)).match

    def play_steps(match) -> list[str]:
        table = replay(ruleset, match, explain=True)
        return [step.text for result in table.rounds for step in result.steps if step.key.startswith("play.")]

    english = play_steps(read)
    assert english == play_steps(recorded)
    assert any(" on " in text for text in english), english  # a play laid 'on' an end scored
    i18n.use("ru")
    russian = play_steps(read)
    assert russian == play_steps(recorded)
    assert len(russian) == len(english) and not any(" on " in text for text in russian)
    assert [" на " in text for text in russian] == [" on " in text for text in english]
    i18n.use("en")
    assert play_steps(read) == english
