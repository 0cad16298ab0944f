"""000's pairs Goat: leading or finishing with 6-6 / 0-0 adds 50 / 25 to the losers (RULES.md section 2)."""

from __future__ import annotations

import pytest



def start(sk, rules: str) -> None:
    sk("new", "--rules", rules, "--team", "Ann,Cid", "--team", "Bob,Dan")


# Ann goes out; Cid (her partner) is not counted; Bob+Dan hold 3-3 and 5-5 = 16 pips.
OUT = ("--out", "Ann", "--hand", "Cid=1-2", "--hand", "Bob=3-3", "--hand", "Dan=5-5")


@pytest.mark.parametrize("extra, losers", [
    ((), 16),
    (("--led", "6-6"), 16 + 50),
    (("--led", "0-0"), 16 + 25),
    (("--last", "6-6"), 16 + 50),
    (("--last", "0-0"), 16 + 25),
    (("--led", "6-6", "--last", "0-0"), 16 + 50 + 25),
    (("--last", "0-0,6-6"), 16 + 50 + 25),
    (("--led", "1-1", "--last", "2-2"), 16),
])
def test_double_bonuses_go_to_the_losers(sk, extra, losers):
    start(sk, "goat-pairs-000")
    sk("round", *OUT, *extra)
    table = sk.json()
    assert table["history"][-1]["points"] == {"Ann+Cid": 0, "Bob+Dan": losers}
    assert sk.side("Bob+Dan")["score"] == losers


@pytest.mark.parametrize("extra", [("--led", "6-6"), ("--last", "0-0"), ("--led", "0-0", "--last", "6-6")])
def test_bonuses_are_off_in_goat_pairs(sk, extra):
    start(sk, "goat-pairs")
    sk("round", *OUT, *extra)
    assert sk.side("Bob+Dan")["score"] == 16


@pytest.mark.parametrize("hand, value", [("6-6", 50), ("0-0", 25), ("0-0,6-6", 75)])
def test_special_hands_of_000(sk, hand, value):
    start(sk, "goat-pairs-000")
    sk("round", "--out", "Ann", "--hand", "Cid=1-2", "--hand", f"Bob={hand}", "--hand", "Dan=1-1", "--led", "3-3",
       "--last", "4-4")
    assert sk.side("Bob+Dan")["score"] == value + 2
