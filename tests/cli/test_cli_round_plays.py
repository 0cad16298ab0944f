"""A hand recorded with its round (rules.md §10.8): 'round --plays', the round line's 'plays' word, 'edit N
--plays' and 'explain N', through the command line; bad input refused in one line, the file untouched."""

from __future__ import annotations

import pytest

SMALL = 'extends = "muggins"\nname = "small"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n'
PLAYS = "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 3-4 on 3"
"""rules.md §10.3a, then Ann's last tile: counts 10, 10, 13, 15, 16; Ann 10, Bob 10 + 15."""


@pytest.fixture
def small(sk):
    house = sk.folder / "small.toml"
    house.write_text(SMALL, encoding="utf-8")
    sk("new", "--rules", str(house), "Ann", "Bob")
    return sk


def scores(sk) -> dict:
    return {side["name"]: side["score"] for side in sk.json()["sides"]}


def test_round_plays_and_the_plays_word_record_the_same_round(small):
    said = small("round", "--plays", PLAYS, "--hand", "Bob=6-6").stdout
    assert "led 5-5, Ann out on 3-4" in said
    by_flags = small.path.read_text(encoding="utf-8")
    small("undo")
    small("round", "plays a 55 b 50 a 35 b 02 a 34 on 3; b 6-6")
    rounds = small.path.read_text(encoding="utf-8").split("rounds = [")[1].split("]\n")[0]
    assert rounds == by_flags.split("rounds = [")[1].split("]\n")[0]
    assert scores(small) == {"Ann": 12, "Bob": 25}


def test_the_plays_word_may_come_after_the_hands(small):
    small("round", "Bob 6-6; plays", PLAYS)
    assert scores(small) == {"Ann": 12, "Bob": 25}


@pytest.mark.parametrize("args, words", [
    (("round", "--plays", "Ann 5-5, Bob 5-0, Ann 3-4", "--hand", "Bob=6-6"),
     "play 3 (Ann 3-4): 3-4 does not match an open end (the ends show 0 and the spinner 5-5)"),
    (("round", "--plays", "Ann 5-5, Bob 4-4"), "play 2 (Bob 4-4): 4-4 does not match an open end"),
    (("round", "--plays", "Ann 5-5, Zed 5-0"), "unknown player 'Zed'"),
    (("round", "--plays", "Ann 5-5, Bob"), "play 2: what did Bob do?"),
    (("round", "--plays", PLAYS, "Bob 6-6"), "give the round as a line or with flags, not both (--plays"),
    (("round", f"plays {PLAYS}; Bob 6-6, plays Ann 1-1"), "'plays' is given twice"),
    (("round", "Bob 6-6, plays"), "'plays' needs the plays after it"),
    (("round", "--plays", PLAYS, "--hand", "Bob=6-6", "--points", "Bob=25"), "give no in-play totals"),
    (("round", "--plays", "Ann 5-5, Bob draws 99999999999999999999"),  # issue 34, item 9: was 'draws 1000'
     "play 2: Bob draws '99999999999999999999': a draw takes 1 to 28 tiles, the whole set at most"),
    (("round", "plays a 55 b draws 29"), "play 2: Bob draws '29': a draw takes 1 to 28 tiles"),
])
def test_bad_plays_are_refused_in_one_line(small, args, words):
    assert words in small.fails(*args, code=2)


def test_edit_plays_keeps_the_hands_and_sees_the_end_again(small):
    small("round", "--plays", PLAYS, "--hand", "Bob=6-6")
    small("edit", "1", "--plays", "Ann 5-5, Bob 5-0 muggins Ann, Ann 3-5, Bob 0-2, Ann 3-4 on 3")
    assert scores(small) == {"Ann": 22, "Bob": 15}
    assert 'hands = { Bob = "6-6" }' in small.path.read_text(encoding="utf-8")
    message = small.fails("edit", "1", "--plays", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2 on 2", code=2)
    assert "play 4 (Bob 0-2 on 2): 0-2 cannot go on 2: no open end shows 2" in message


def test_explain_shows_the_hand_play_by_play_within_40_columns(small, monkeypatch):
    small("round", "--plays", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2 missed, Ann 3-4 on 3", "--hand", "Bob=6-6")
    monkeypatch.setenv("COLUMNS", "40")
    shown = small("explain", "1").stdout
    lines = shown.splitlines()
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    start = lines.index("The hand, play by play:")
    assert lines[start + 1:start + 9] == [
        "   1 Ann 5-5 · 5+5 = 10 · +10 · Bob",
        "   2 Bob 5-0 · 5+5+0 = 10 · +10 · Ann",
        "   3 Ann 5-3 · 5+5+0+3 = 13 · Bob",
        "   4 Bob 0-2 missed · 5+5+3+2 = 15 · +15",
        "       · Ann",
        "   5 Ann 3-4 on 3 · 5+5+2+4 = 16 · out",
        "  Ends 2, 4 and the spinner 5-5, count",
        "      16.",
    ]
    assert "Out: Ann with 3-4 (led 5-5)." in shown
    assert "15 missed by Bob and lost" in shown.replace("\n", " ").replace("  ", " ")


def test_explain_json_gives_the_plays_and_a_round_without_plays_none(small):
    small("round", "--plays", PLAYS, "--hand", "Bob=6-6")
    small("round", "--out", "Bob", "--total", "Ann=10")
    first = small("explain", "1", "--format", "json").stdout
    second = small("explain", "2", "--format", "json").stdout
    import json

    plays = json.loads(first)["plays"]
    assert [(play["tile"], play["count"], play["points"]) for play in plays] == [
        ("5-5", 10, 10), ("0-5", 10, 10), ("3-5", 13, 0), ("0-2", 15, 15), ("3-4", 16, 0)]
    assert json.loads(second)["plays"] is None


def test_a_round_with_plays_is_written_as_a_line_that_reads_back(small):
    from scorekeeper.match.opened import open_match
    from scorekeeper.match.usecases import parse_round
    from scorekeeper.notation.round_line import format_round

    small("round", "--plays", "Ann 5-5, Bob 5-0 muggins Ann, Ann 3-5, Bob 0-2, Ann 3-4 on 3", "--hand", "Bob=6-6")
    opened = open_match(str(small.path))
    written = format_round(opened.match.rounds[0], opened.match)
    assert written == ("Ann out on 3-4, led 5-5, Bob 6-6, plays Ann 5-5, Bob 0-5 muggins Ann, Ann 3-5, Bob 0-2, "
                       "Ann 3-4 on 3")
    assert parse_round(written, opened.match, opened.ruleset) == opened.match.rounds[0].facts()


SEALED = "a 24, b 41, c 12 on 1, d 26, a 60, b 02 on 0, c 23, d 35 on 3, a 52 on 5, b 22"
"""A Goat hand to four (rules.md §10.6a): Ann's 5-2 seals the 2s, Bob's 2-2 leaves a fish; Ann is the sealer."""
SEALED_HANDS = "a 0-0 0-1 0-3 0-4, b 0-5 1-1 1-3 1-5, c 1-6 3-3 3-4 3-6 4-4, d 4-5 4-6 5-5 5-6 6-6"


def test_the_first_round_opens_as_lead_first_says_and_edit_checks_it_too(sk):
    """Issue 23's gap: lead.first is held against the first lead, where the plays and hands tell it."""
    sk("new", "--rules", "goat", "Ann", "Bob", "Cat", "Dan")
    before = sk.path.read_bytes()
    message = sk.fails("round", f"plays {SEALED}; {SEALED_HANDS}", code=2)
    assert " ".join(message.split()) == ("Error: play 1 (Ann 2-4): 2-4 cannot open the first round: Bob was dealt "
                                         "1-1, which comes first (lead.first = from-1-1); --allow lets it stand as "
                                         "played")
    assert sk.path.read_bytes() == before
    sk("round", "a out, b 10, c 12, d 20")
    sk("round", f"plays {SEALED}; {SEALED_HANDS}")  # round 2: Ann went out, and leads any tile
    assert "Ann 2-4" in sk("explain", "2").stdout
    # the same hand in round 1's place opens it as lead.first forbids: refused, the file untouched
    before = sk.path.read_bytes()
    message = sk.fails("edit", "1", f"plays {SEALED}; {SEALED_HANDS}", code=2)
    assert "2-4 cannot open the first round: Bob was dealt 1-1" in message
    assert sk.path.read_bytes() == before


def test_knocks_after_the_fish_are_taken_and_a_tile_after_it_is_not(sk):
    sk("new", "--rules", "goat", "Ann", "Bob", "Cat", "Dan")
    sk("round", "a out, b 10, c 12, d 20")
    said = sk("round", f"plays {SEALED}, c knocks, d knocks; {SEALED_HANDS}").stdout
    assert "fish by Ann" in said
    assert "Bob 2-2, Cat knocks, Dan knocks" in sk.path.read_text(encoding="utf-8")
    sk("undo")
    message = sk.fails("round", f"plays {SEALED}, c knocks, c 16; {SEALED_HANDS.replace('c 1-6 ', 'c ')}", code=2)
    assert " ".join(message.split()) == "Error: play 12 (Cat 1-6): the hand is over: it is a fish"
