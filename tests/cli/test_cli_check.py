"""The referee's commands: help with an example on each, and a few runs of the installed executable."""

from __future__ import annotations

import json

import pytest

from scorekeeper.reports.columns import width

COMMANDS = [("check",), ("check", "deal"), ("check", "fish"), ("check", "hand"), ("check", "count"),
            ("explain",), ("compare",), ("table",)]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_has_an_example(sk, command):
    out = sk(*command, "--help").stdout
    assert "scorekeeper " + " ".join(command) in out.split("Options:")[0].split("\n", 2)[2]


def test_table_help_offers_rules(sk):
    assert "--rules" in sk("table", "--help").stdout


def test_installed_rulings(run_installed):
    fish = json.loads(run_installed("check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2",
                                    "--hand", "Ann=2-2", "--format", "json").stdout)
    # RULES.md 1 as corrected: the sealed fish is not yet a fish while Ann holds 2-2
    assert fish["blocked"] is False and fish["blocked_after_plays"] is True and fish["ruleset"] == "goat"
    deal = json.loads(run_installed("check", "deal", "--hand", "Ann=0-0,5-6", "--hand", "Bob=6-6,1-2",
                                    "--format", "json").stdout)
    # two players: the smallest double leads (004:56)
    assert (deal["misdeal"], deal["leader"], deal["lead"]) == (False, "Ann", "0-0")
    assert json.loads(run_installed("check", "hand", "0-0", "--format", "json").stdout)["value"] == 10
    done = run_installed("check", "fish", "--line", "2-4 3-5", code=2)
    assert done.stderr.startswith("Error: ") and len(done.stderr.strip().splitlines()) == 1


def test_installed_explain_and_compare(run_installed, tmp_path):
    (tmp_path / "house.toml").write_text('extends = "goat"\nname = "house"\n[fish]\npolicy = "each"\n')
    run_installed("new", "--rules", "goat", "Ann", "Bob", "Cid")
    run_installed("round", "--fish", "--total", "Ann=2", "--total", "Bob=14", "--total", "Cid=5")
    explained = json.loads(run_installed("explain", "--format", "json").stdout)
    assert [item["score"] for item in explained["sides"]] == [0, 21, 0]
    compared = json.loads(run_installed("compare", "house.toml", "--format", "json").stdout)
    assert compared["differing_rounds"] == [1]


@pytest.mark.parametrize("args", [
    ("deal", "--hand", "Ann=1-1,2-2,3-3,4-4,5-5", "--hand", "Bob=0-1"),
    ("deal", "--hand", "Ann=0-1,0-2", "--hand", "Bob=1-2"),
    ("fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"),
    ("fish", "--line", "2-4 4-1", "--hand", "Ann=2-5"),
    ("fish", "--line", "2-4 4-1"),
    ("fish", "--line", "2-4 4-1", "--bazaar", "0"),
    ("fish", "--line", "2-4 4-1", "--bazaar", "5"),
    ("hand", "0-0"), ("hand", "1-2"), ("count", "5", "5"),
])
def test_every_reason_cites_a_key_and_its_source(sk, args):
    found = json.loads(sk("check", *args, "--rules", "goat", "--format", "json").stdout)
    assert found["reasons"]
    for reason in found["reasons"]:
        assert reason["key"] and reason["value"] and reason["text"] and reason["source"].startswith("rules.md §")


@pytest.mark.parametrize("columns", [40, 80])
def test_check_deal_names_the_lead_order_in_words(sk, monkeypatch, columns):
    """Issue 21, 11: the first lead's reason ended '(lowest-double, as fewer than four play)', the key's value."""
    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("check", "deal", "--rules", "goat", "--hand", "Ann=1-3,2-5,0-3,4-4,6-6,2-3,0-1",
              "--hand", "Bob=5-5,3-3,2-2,0-0,1-2,4-6,0-6").stdout
    said = " ".join(text.split())
    assert "Bob leads the first round with 0-0 (the lowest double first, as fewer than four play)" in said
    assert "(lowest-double" not in said and all(len(line) <= columns for line in text.splitlines())


NOTES = {"ru": ("источник", "§1.5 (004, Морской козёл: дубль не считается последней костью, «дубль останньою "
                         "кісточкою не вважається»)"),
         "uk": ("джерело", "§1.5 (004, Морський козел: «дубль останньою кісточкою не вважається»)")}
"""fish.fisherman's source in each language: the note quotes 004 in its own Ukrainian words."""


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_check_fish_cites_the_edition_in_the_language_with_the_note_in_it(sk, monkeypatch, language):
    """On a 40-column screen, the edition in the language and no articles' titles; in JSON, what the "text"
    beside it does: the language in use, citing rules.md (the book JSON names), with the titles."""
    monkeypatch.setenv("COLUMNS", "40")
    fish = ("check", "fish", "--rules", "goat", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2",
            "--hand", "Ann=2-2")
    text = sk("--lang", language, *fish).stdout
    assert max(width(line) for line in text.splitlines()) <= 40, text
    said = " ".join(text.split())
    source, note = NOTES[language]
    assert f"[fish.fisherman = sealer; {source}: rules.{language}.md {note}]" in said, text
    assert "Sea Goat" not in said and "rules.md" not in said, text
    reasons = json.loads(sk("--lang", language, *fish, "--format", "json").stdout)["reasons"]
    assert next(reason["source"] for reason in reasons if reason["key"] == "fish.fisherman") == \
        f"rules.md {note}; 004: Скільки очок Дубль порожній"
