"""check deal: misdeals (RULES.md 1, each rule by its key) and the first lead (both Goat orders, draw games,
other tables)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.referee.deal import check_deal, lead_order
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.domain.tiles import parse_tiles


def deal(sk, *hands: str, rules: str = "goat") -> dict:
    args = ["check", "deal", "--rules", rules, "--format", "json"]
    for hand in hands:
        args += ["--hand", hand]
    return json.loads(sk(*args).stdout)


def house(tmp_path, body: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text('extends = "goat"\nname = "house"\n' + body, encoding="utf-8")
    return str(path)


BOB = "0-0,5-6,1-4,0-6,1-5,2-6,0-4"
"""A clean hand (one double, at most three of a suit) that shares no tile with Ann's hands below."""


@pytest.mark.parametrize("ann, misdeal, key", [
    ("1-1,2-2,3-3,4-4,5-5,0-1,2-3", True, "misdeal.doubles"),    # five doubles
    ("1-1,2-2,3-3,4-4,5-5,6-6,2-3", True, "misdeal.doubles"),    # six doubles
    ("1-1,2-2,3-3,4-4,0-1,2-3,4-5", False, "misdeal.doubles"),   # four doubles
    ("0-3,1-3,2-3,3-3,3-4,3-5,1-2", True, "misdeal.suit"),       # six 3s, the double among them
    ("0-3,1-3,2-3,3-4,3-5,3-6,1-2", True, "misdeal.suit"),       # six 3s without the double
    ("0-3,1-3,2-3,3-4,3-5,1-2,4-5", False, "misdeal.suit"),      # five 3s
])
def test_misdeal_rules(sk, ann, misdeal, key):
    ruling = deal(sk, f"Ann={ann}", f"Bob={BOB}")
    assert ruling["misdeal"] is misdeal
    cited = [reason for reason in ruling["reasons"] if reason["key"] == key]
    assert cited and cited[0]["source"].startswith("rules.md §1.")
    if misdeal:
        assert ruling["leader"] is None and ruling["lead"] is None
        assert any("Ann" in reason["text"] and "misdeal" in reason["text"] for reason in cited)
    else:
        assert ruling["leader"] in ("Ann", "Bob") and ruling["lead"]


@pytest.mark.parametrize("body, ann, misdeal", [
    ("[misdeal]\ndoubles = 0\n", "1-1,2-2,3-3,4-4,5-5,0-1,2-3", False),   # 0: never
    ("[misdeal]\ndoubles = 4\n", "1-1,2-2,3-3,4-4,0-1,2-3,4-5", True),
    ("[misdeal]\nsuit = 0\n", "0-3,1-3,2-3,3-3,3-4,3-5,1-2", False),
    ("[misdeal]\nsuit = 5\n", "0-3,1-3,2-3,3-4,3-5,1-2,4-5", True),
])
def test_misdeal_keys_are_data(sk, tmp_path, body, ann, misdeal):
    ruling = deal(sk, f"Ann={ann}", f"Bob={BOB}", rules=house(tmp_path, body))
    assert ruling["misdeal"] is misdeal


SAME = '[lead]\nfirst_fewer = "same"\n'
"""lead.first whatever the number of players."""


@pytest.mark.parametrize("ann, bob, leader, lead", [
    # Goat, doubles first: 1-1, then 2-2 ... 6-6, then 0-0.
    ("1-1,0-5", "2-2,6-6,0-0", "Ann", "1-1"),
    ("0-0,6-6", "2-2,5-6", "Bob", "2-2"),
    ("0-0,5-6", "6-6,1-2", "Bob", "6-6"),
    ("0-0,1-2", "5-6,4-6", "Ann", "0-0"),
    # Goat with no double out: the heaviest tile, 5-6, then 4-6, ... in descending order.
    ("4-6,0-1", "5-6,1-2", "Bob", "5-6"),
    ("4-6,0-1", "3-6,4-5", "Ann", "4-6"),
    ("4-5,0-1", "3-6,1-2", "Bob", "3-6"),   # equal weight: the higher end first
    ("0-1,1-2", "0-2,0-3", "Bob", "0-3"),
])
def test_goat_first_lead_orders(sk, tmp_path, ann, bob, leader, lead):
    # Two players, with Goat's four-player order (lead.first_fewer = same); vector 1.4e has goat's own.
    ruling = deal(sk, f"Ann={ann}", f"Bob={bob}", rules=house(tmp_path, SAME))
    assert (ruling["misdeal"], ruling["leader"], ruling["lead"]) == (False, leader, lead)
    assert ruling["reasons"][-1]["key"] == "lead.first"
    assert ruling["reasons"][-1]["value"] == "from-1-1"


@pytest.mark.parametrize("order, ann, bob, leader, lead", [
    ("highest-double", "1-1,5-6", "5-5,0-0", "Bob", "5-5"),
    ("highest-double", "6-6,0-1", "5-5,0-0", "Ann", "6-6"),
    ("highest-double", "4-6,0-1", "5-6,1-2", "Bob", "5-6"),
    ("lowest-double", "1-1,5-6", "5-5,0-0", "Bob", "0-0"),
    ("lowest-double", "1-1,5-6", "5-5,0-2", "Ann", "1-1"),
    # RULES.md 1 as corrected: with no double out, a lowest-double table leads the lightest tile (000, 004)
    ("lowest-double", "4-6,0-1", "5-6,1-2", "Ann", "0-1"),
    ("lowest-double", "4-6,1-2", "5-6,0-3", "Bob", "0-3"),   # equal weight: the lower end first
])
def test_other_first_lead_orders(sk, tmp_path, order, ann, bob, leader, lead):
    rules = house(tmp_path, f'[lead]\nfirst = "{order}"\nfirst_fewer = "same"\n')
    ruling = deal(sk, f"Ann={ann}", f"Bob={bob}", rules=rules)
    assert (ruling["leader"], ruling["lead"]) == (leader, lead)


def test_lead_order_is_a_permutation_of_the_set():
    ruleset = load_ruleset("goat")
    order = lead_order(ruleset)
    assert sorted(order) == sorted(ruleset.tileset.tiles())
    assert [str(tile) for tile in order[:9]] == ["1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "0-0", "5-6", "4-6"]


def test_deal_defaults_to_the_matchs_ruleset(sk, tmp_path):
    sk("new", "--rules", house(tmp_path, '[misdeal]\ndoubles = 3\n'), "Ann", "Bob")
    ruling = json.loads(sk("check", "deal", "--hand", "Ann=1-1,2-2,3-3", "--hand", "Bob=0-1",
                           "--format", "json").stdout)
    assert ruling["misdeal"] is True and ruling["ruleset"] == "house"


@pytest.mark.parametrize("hands, leader, lead, key", [
    (("Ann=1-1,5-6", "Bob=0-0,2-3"), "Bob", "0-0", "lead.first_fewer"),             # two: the smallest double
    (("Ann=1-1,5-6", "Bob=0-0,2-3", "Cid=3-3"), "Bob", "0-0", "lead.first_fewer"),  # three
    (("Ann=1-1,5-6", "Bob=0-0,2-3", "Cid=3-3", "Dan=4-4"), "Ann", "1-1", "lead.first"),  # four: from 1-1
])
def test_goat_first_lead_depends_on_the_number_of_players(sk, hands, leader, lead, key):
    ruling = deal(sk, *hands)
    assert (ruling["leader"], ruling["lead"], ruling["reasons"][-1]["key"]) == (leader, lead, key)


def test_deal_text_names_verdict_and_keys(sk):
    out = sk("check", "deal", "--rules", "goat", "--hand", "Ann=2-2,0-1", "--hand", "Bob=3-3,5-6").stdout
    assert out.splitlines()[0] == "Not a misdeal: Ann leads the first round with 2-2."
    assert "lead.first_fewer = lowest-double" in out and "misdeal.doubles = 5" in out
    assert "source: rules.md §1." in out


@pytest.mark.parametrize("hands, problem", [
    (["Ann=1-1,2-2", "Bob=2-2,0-1"], "tile 2-2 is in two hands"),
    (["Ann=1-1,1-1"], "given twice"),
    (["Ann=1-7"], "not in a double-six set"),
    (["Ann=0-0,0-1,0-2,0-3,0-4,0-5,0-6,1-1"], "holds 8 tiles"),
    (["Ann=0-1", "Bob=0-2", "Cid=0-3", "Dan=0-4", "Eve=0-5"], "at most 4 players"),
    (["Ann=0-1", "ann=0-2"], "two hands"),
    (["Алёна=0-1", "АЛЕНА=0-2"], "two hands"),  # names compared as everywhere (notation.names.fold)
])
def test_impossible_deals_are_refused(sk, hands, problem):
    args = ["check", "deal", "--rules", "goat"]
    for hand in hands:
        args += ["--hand", hand]
    assert problem in sk.fails(*args, code=2)


def test_library_ruling_matches_cli():
    ruleset = load_ruleset("goat")
    ruling = check_deal(ruleset, [("Ann", parse_tiles("0-0 6-6")), ("Bob", parse_tiles("2-2 5-6")),
                                  ("Cid", parse_tiles("3-4")), ("Dan", parse_tiles("4-5"))])
    assert (ruling.leader, str(ruling.lead)) == ("Bob", "2-2")
