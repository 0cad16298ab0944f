"""Full Sea Goat matches, for two players and for pairs: begun and ended through the installed executable (the
new match, its first round, the final table, the refusal once it is over), the rounds between through the command
line in process (``sk``, on the same match file): the same commands, without a process each.

Every expected number (tests/sea_goat_matches.py) is worked out by hand from RULES.md section 3 (see the comments).
"""

from __future__ import annotations

import json

from sea_goat_matches import PAIRS, TWO_PLAYERS

def play(run_installed, sk, rounds) -> dict:
    for number, (args, scores, eggs, extra) in enumerate(rounds, start=1):
        run = run_installed if number == 1 else sk
        run("round", *args)
        table = json.loads(run("table", "--format", "json").stdout)
        assert tuple(side["score"] for side in table["sides"]) == scores, (number, table["sides"])
        assert table["eggs"] == eggs, number
        assert table["rounds"] == number
        for key, value in extra.items():
            assert table[key] == value, (number, key, table[key])
        if number < len(rounds):
            assert not table["over"], number
    assert json.loads(run_installed("table", "--format", "json").stdout) == table  # what was typed, read the same
    return table


def test_two_player_match_through_the_installed_command(run_installed, sk):
    run_installed("new", "--rules", "sea-goat", "Ann", "Bob")
    table = play(run_installed, sk, TWO_PLAYERS)
    assert len(TWO_PLAYERS) >= 10
    assert [entry["eggs_rotten"] for entry in table["history"]].index(10) == 9
    assert table["history"][-1]["hundred"] == "Ann" and table["decided_by"]
    text = run_installed("table").stdout
    assert "Match over: Ann wins with 113" in text and "10 rotten" in text and "20 paid to Ann" in text
    run_installed("round", "--out", "Bob", "--total", "Ann=3", code=1)


def test_pairs_match_through_the_installed_command(run_installed, sk):
    run_installed("new", "--rules", "sea-goat-pairs", "--team", "Ann,Cid", "--team", "Bob,Dan")
    table = play(run_installed, sk, PAIRS)
    assert len(PAIRS) >= 10
    assert table["history"][4]["wiped"] == {"Ann+Cid": 0, "Bob+Dan": 72}
    assert table["history"][8]["wiped"] == {"Ann+Cid": 66, "Bob+Dan": 0}
    assert "Match over: Bob+Dan wins with 125" in run_installed("table").stdout


def test_undo_brings_back_written_off_points(run_installed, sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    for args, *_ in TWO_PLAYERS[:3]:
        sk("round", *args)
    assert [side["score"] for side in sk.json()["sides"]] == [50, 0]
    run_installed("undo")
    table = json.loads(run_installed("table", "--format", "json").stdout)
    assert [side["score"] for side in table["sides"]] == [0, 27] and table["rounds"] == 2
