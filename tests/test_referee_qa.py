"""Fixes from the QA review of the referee (issue 5) and its neighbours: each test failed before its fix."""

from __future__ import annotations

import json

import pytest


def _goat_match(sk) -> None:
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", "--out", "Ann", "--total", "Bob=13", "--total", "Cid=5")


@pytest.mark.parametrize("fmt, kind", [("csv", "CSV"), ("markdown", "Markdown")])
def test_import_of_a_csv_or_markdown_export_says_what_import_reads(sk, tmp_path, fmt, kind):
    _goat_match(sk)
    exported = tmp_path / f"e1.{'md' if fmt == 'markdown' else fmt}"
    sk("export", "--format", fmt, "-o", str(exported))
    other = type(sk)(tmp_path / "n")
    other.folder.mkdir()
    message = other.fails("import", str(exported), code=1)
    assert message.startswith(f"Error: {exported}")
    assert "JSON or TOML" in message and f"{kind} export" in message and "cannot be imported" in message
    assert "not valid TOML" not in message
    assert not other.path.exists()


def test_check_fish_refuses_two_hands_for_one_player_like_check_deal(sk):
    deal = sk.fails("check", "deal", "--hand", "A=4-4", "--hand", "A=5-5", code=2)
    fish = sk.fails("check", "fish", "--line", "1-2 2-3", "--hand", "A=4-4", "--hand", "A=5-5", code=2)
    assert fish == deal == "Error: A is given two hands"


def _fish(sk, *args) -> dict:
    return json.loads(sk("check", "fish", "--rules", "goat", "--format", "json", *args).stdout)


@pytest.mark.parametrize("args, blocked, key", [
    (("--line", "1-2 2-3", "--hand", "A=3-4"), False, "tiles.max_pip"),   # a player holds a tile that fits
    (("--line", "1-2 2-3"), False, "bazaar.keep"),                        # fitting tiles unseen: bazaar unknown
    (("--line", "1-2 2-3", "--bazaar", "5"), False, "bazaar.keep"),       # a player who cannot play draws
    (("--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"), True, "tiles.max_pip"),  # RULES.md 1 fish vector
])
def test_goat_fish_reasons_cite_the_key_that_is_the_reason(sk, args, blocked, key):
    ruling = _fish(sk, *args)
    assert ruling["blocked"] is blocked
    keys = [item["key"] for item in ruling["reasons"]]
    assert "play.spinner" not in keys  # goat has no spinner (play.spinner = none)
    assert keys and set(keys) == {key}


def test_explain_facts_show_claims_and_in_play_points(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "10")
    sk("score", "Bob", "15")
    sk("round", "--out", "Ann", "--total", "Bob=13", "--points", "Ann=25", "--points", "Bob=5")
    facts = json.loads(sk("explain", "--format", "json").stdout)["facts"]
    assert "Ann claimed 10 during play" in facts and "Bob claimed 15 during play" in facts
    assert any(fact.startswith("Ann made 25 during play") for fact in facts)
    assert any(fact.startswith("Bob made 5 during play") for fact in facts)
    shown = sk("explain").stdout.split("Facts recorded:")[1]
    for fact in facts:
        assert f"  {fact}\n" in shown
    # The facts add up to what the table records: claims + in-play totals + the end-of-hand count (13 -> 15 -> 3).
    assert sk.side("Ann")["score"] == 10 + 25 + 3 and sk.side("Bob")["score"] == 15 + 5


@pytest.mark.parametrize("hands", [
    ("--out", "Ann", "--hand", "Bob=0-0", "--total", "Cid=20"),      # a special hand (a side's step) comes first
    ("--fish", "--total", "Ann=2", "--total", "Bob=3", "--total", "Cid=20"),
    ("--out", "Bob", "--hand", "Ann=6-6,0-0", "--total", "Cid=13"),
])
def test_explain_lists_the_steps_in_the_order_of_their_numbers(sk, hands):
    import re

    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", *hands)
    steps = json.loads(sk("explain", "--format", "json").stdout)["steps"]
    assert steps
    text = sk("explain").stdout
    shown = [(int(number), line) for number, line in re.findall(r"^  (\d+)\. (.*)$", text, re.MULTILINE)]
    assert [number for number, _ in shown] == list(range(1, len(steps) + 1))
    for (_, line), step in zip(shown, steps):
        assert line.endswith(step["text"]) and f"[{step['key']}" in line
        assert line.startswith(step["side"] if step["side"] else "whole round")
    # where every side stood before comes before the rules, and what it has after comes after them
    first, last = text.index("  1. "), text.index(f"  {len(steps)}. ")
    for side in json.loads(sk("explain", "--format", "json").stdout)["sides"]:
        assert text.index(f"{side['name']}: before ") < first < last < text.index(f"=> {side['name']}: ")
