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
