"""Eggs, one mechanism configured by keys: where they go (eggs.to) and when they rot (eggs.rot_after)."""

from __future__ import annotations

import pytest

GOAT = ("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
GOAT_PAIRS = ("new", "--rules", "goat-pairs", "--team", "Ann,Cid", "--team", "Bob,Dan")
SEA = ("new", "--rules", "sea-goat", "Ann", "Bob")

# (how the match starts, the tied fish, the next round, pot after the tie, who gets it, their score after)
CASES = [
    pytest.param(GOAT,
                 ("--fish", "--total", "Masha=2", "--total", "Alex=14", "--total", "Olya=14", "--total", "Serg=5"),
                 ("--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"),
                 35, "Olya", 13 + 35, id="goat: the next round's biggest loser (RULES.md 2 vector)"),
    pytest.param(GOAT_PAIRS,
                 ("--fish", "--total", "Ann=5", "--total", "Cid=5", "--total", "Bob=4", "--total", "Dan=6"),
                 ("--out", "Ann", "--total", "Cid=3", "--total", "Bob=2", "--total", "Dan=1"),
                 20, "Bob+Dan", 3 + 20, id="goat-pairs: the losers of the next round"),
    pytest.param(SEA,
                 ("--fish", "--total", "Ann=9", "--total", "Bob=9"),
                 ("--out", "Ann", "--total", "Bob=25", "--last", "1-2"),
                 18, "Ann", 25 + 18, id="sea-goat: the next side that records"),
]


@pytest.mark.parametrize("start, tie, nxt, pot, receiver, score", CASES)
def test_where_the_eggs_go(sk, start, tie, nxt, pot, receiver, score):
    sk(*start)
    sk("round", *tie)
    assert sk.json()["eggs"] == pot
    sk("round", *nxt)
    table = sk.json()
    assert table["eggs"] == 0
    assert (table["history"][-1]["eggs_paid"], table["history"][-1]["eggs_paid_to"]) == (pot, receiver)
    assert sk.side(receiver)["score"] == score
    assert f"{pot} paid to {receiver}" in sk("table").stdout


def test_goat_eggs_wait_while_the_top_is_tied_and_never_rot(sk):
    sk(*GOAT)
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=14", "--total", "Olya=14", "--total", "Serg=5")
    for _ in range(4):
        sk("round", "--out", "Masha", "--total", "Alex=5", "--total", "Olya=5", "--total", "Serg=1")
    assert sk.json()["eggs"] == 35


def test_a_house_goat_can_make_eggs_rot(sk):
    (sk.folder / "rot.toml").write_text('extends = "goat"\n[eggs]\nrot_after = 2\n', encoding="utf-8")
    sk("new", "--rules", str(sk.folder / "rot.toml"), "Masha", "Alex", "Olya")
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=14", "--total", "Olya=14")
    sk("round", "--out", "Masha", "--total", "Alex=5", "--total", "Olya=5")
    assert sk.json()["eggs"] == 30
    sk("round", "--out", "Masha", "--total", "Alex=5", "--total", "Olya=5")
    table = sk.json()
    assert table["eggs"] == 0 and table["history"][-1]["eggs_rotten"] == 30
    assert "30 rotten" in sk("table").stdout


def test_the_pot_is_shown_in_the_peoples_table(sk):
    sk(*SEA)
    sk("round", "--fish", "--total", "Ann=9", "--total", "Bob=9")
    text = sk("table").stdout
    assert "+18 carried" in text and "eggs: +18, lead 1-1" in text


def test_eggs_lead_must_be_a_tile(sk, tmp_path):
    (tmp_path / "bad.toml").write_text('extends = "sea-goat"\n[eggs]\nlead = "one-one"\n', encoding="utf-8")
    message = sk.fails("rules", "check", str(tmp_path / "bad.toml"), code=1)
    assert "eggs.lead" in message


def test_a_second_tied_fish_does_not_make_old_eggs_young_again(sk):
    """Issue 3: eggs rot after 3 rounds without anyone recording; a tied fish is such a round too."""
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--fish", "--total", "Ann=9", "--total", "Bob=9")            # eggs 18
    sk("round", "--out", "Ann", "--total", "Bob=5", "--last", "1-2")         # 5 < 25: nobody records
    sk("round", "--out", "Ann", "--total", "Bob=5", "--last", "1-3")
    sk("round", "--fish", "--total", "Ann=4", "--total", "Bob=4")            # the third such round
    table = sk.json()
    assert table["history"][-1]["eggs_rotten"] == 18
    assert table["eggs"] == 8                                                # only the new eggs are carried
    sk("round", "--out", "Ann", "--total", "Bob=5", "--last", "1-4")
    assert sk.json()["eggs"] == 8


def test_eggs_rotten_after_one_round_say_one_round(sk):
    (sk.folder / "rot.toml").write_text('extends = "goat"\n[eggs]\nrot_after = 1\n', encoding="utf-8")
    sk("new", "--rules", str(sk.folder / "rot.toml"), "Masha", "Alex", "Olya")
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=14", "--total", "Olya=14")
    sk("round", "--out", "Masha", "--total", "Alex=5", "--total", "Olya=5")
    assert "eggs: 30 unclaimed after 1 round are rotten and dropped" in " ".join(sk("explain", "2").stdout.split())
