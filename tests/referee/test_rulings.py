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


@pytest.mark.parametrize("fmt", ["html", "latex", "rst", "mediawiki", "org", "grid"])
@pytest.mark.parametrize("language, said", [
    ("en", "and this file is a table to publish (export --format html, latex, rst, mediawiki, org or grid): "
           "it cannot be imported"),
    ("ru", "а этот файл — таблица для публикации"), ("uk", "а цей файл — таблиця для публікації")])
def test_import_of_a_published_table_says_what_import_reads_in_its_language(sk, tmp_path, fmt, language, said):
    """A published table (issue 30's formats) was said to be 'neither' JSON nor TOML under a message that named
    only CSV and Markdown, with those words in English inside the Russian and Ukrainian messages ('а этот файл —
    is neither'); a MediaWiki table, which starts with '{|', was 'not valid JSON'."""
    _goat_match(sk)
    exported = tmp_path / f"e1.{ {'latex': 'tex', 'mediawiki': 'wiki', 'grid': 'txt'}.get(fmt, fmt)}"
    sk("export", "--format", fmt, "-o", str(exported))
    other = type(sk)(tmp_path / "n")
    other.folder.mkdir()
    message = other("--lang", language, "import", str(exported), code=1).stderr.strip()
    assert "\n" not in message and "Traceback" not in message
    if fmt == "grid":  # plain text has no ending of its own: neither JSON nor TOML, said in the language
        said = {"en": "and this file is neither: it cannot be imported", "ru": "ни то, ни другое",
                "uk": "ні те, ні інше"}[language]
    assert said in message and "JSON" in message and "not valid" not in message
    assert not any(word in message for word in (" is a ", "is neither", "export:")) or language == "en"
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


# RULES.md 4: 5-5; 5-0 on it; 3-5 on its other long side; 0-2 on 5-0; then 5-4 on top of 5-5, 2-2 and 2-5
# on 0-2, 3-3 on 3-5.  The spinner's arms: long sides (east, west) first, then the short sides.
SPINNER_SEQUENCE = [(), ("0",), ("0", "3"), ("2", "3"), ("5", "3-3", "4")]
VECTORS = {"open-halves": [10, 10, 13, 15, 20], "played-arms": [10, 10, 3, 5, 15]}   # 004, 000


def _count(sk, *args) -> dict:
    return json.loads(sk("check", "count", "--format", "json", *args).stdout)


@pytest.fixture(params=["open-halves", "played-arms"])
def reading(request, tmp_path):
    """A Muggins ruleset file with the given play.spinner reading (so the key, not the name, decides)."""
    path = tmp_path / f"{request.param}.toml"
    path.write_text(f'extends = "muggins"\nname = "m-{request.param}"\n[play]\nspinner = "{request.param}"\n',
                    encoding="utf-8")
    return request.param, str(path)


def test_check_count_spinner_follows_play_spinner_through_both_vector_sequences(sk, reading):
    name, rules = reading
    found = [_count(sk, "--rules", rules, "--spinner", "5-5", *arms) for arms in SPINNER_SEQUENCE]
    assert [item["total"] for item in found] == VECTORS[name]
    assert [item["score"] for item in found] == [total if total % 5 == 0 else 0 for total in VECTORS[name]]
    for item in found:
        assert [reason["key"] for reason in item["reasons"]] == ["play.spinner", "play.scores"]
        assert item["reasons"][0]["value"] == name and sum(item["parts"]) == item["total"]


@pytest.mark.parametrize("rules, total", [("muggins", 13), ("all-fives", 3)])
def test_the_qa_position_counts_per_the_ruleset_reading(sk, rules, total):
    assert _count(sk, "--rules", rules, "--spinner", "5-5", "3", "0")["total"] == total
    simple = _count(sk, "--rules", rules, "5-5", "3", "0")  # ENDS alone: added as given, as before
    assert simple["total"] == 13
    assert f"--spinner 5-5 3 0: it then counts {total}" in simple["reasons"][0]["text"]


def test_a_side_not_started_is_a_dash(sk):
    # played-arms: a long side still open, so both halves count: 5 + 5 + 0 (east) + 4 (north)
    assert _count(sk, "--rules", "all-fives", "--spinner", "5-5", "0", "-", "4")["total"] == 14
    # open-halves: north started, south free: 5 + 0 + 4
    assert _count(sk, "--rules", "muggins", "--spinner", "5-5", "0", "-", "4")["total"] == 9


def test_check_count_help_reproduces_both_vector_sequences(sk):
    import re

    text = sk("check", "count", "--help").stdout
    examples = re.findall(r"scorekeeper check count (--spinner .*?)\s+# muggins (\d+), all-fives (\d+)", text)
    assert len(examples) == len(SPINNER_SEQUENCE)
    for rules, column in (("muggins", 1), ("all-fives", 2)):
        shown = [int(example[column]) for example in examples]
        assert shown == VECTORS["open-halves" if rules == "muggins" else "played-arms"]
        for example in examples:
            assert _count(sk, "--rules", rules, *example[0].split())["total"] == int(example[column])


@pytest.mark.parametrize("args, problem", [
    (("--rules", "goat", "--spinner", "5-5", "3"), "Goat has no spinner (play.spinner = none)"),
    (("--rules", "fives-and-threes", "--spinner", "5-5"), "has no spinner"),
    (("--rules", "muggins", "--spinner", "2-3", "3"), "the spinner is a double"),
    (("--rules", "muggins", "--spinner", "5-5", "5-5"), "cannot also lie at the end of an arm"),
    (("--rules", "muggins", "--spinner", "5-5", "1", "2", "3", "4", "5"), "at most four"),
    (("--rules", "muggins", "--spinner", "7-7"), "not in a double-six set"),
    (("--rules", "muggins", "-", "3"), "needs --spinner"),
    (("--rules", "muggins",), "give the open ends"),
])
def test_check_count_refuses_impossible_spinner_positions(sk, args, problem):
    assert problem in sk.fails("check", "count", *args, code=2)


# The same RULES.md 4 plays as tiles on the table: the line, and the arm leaving the spinner.
FISH_SEQUENCE = [("5-5",), ("5-5 5-0",), ("3-5 5-5 5-0",), ("3-5 5-5 5-0 0-2",),
                 ("3-3 3-5 5-5 5-0 0-2 2-2 2-5", "--arm", "5-4")]


def test_check_fish_reports_the_layout_count_under_play_spinner(sk, reading):
    name, rules = reading
    for (line, *arm), arms, total in zip(FISH_SEQUENCE, SPINNER_SEQUENCE, VECTORS[name]):
        ruling = json.loads(sk("check", "fish", "--rules", rules, "--format", "json", "--line", line, *arm).stdout)
        assert "blocked" in ruling
        counted = _count(sk, "--rules", rules, "--spinner", "5-5", *arms)
        assert ruling["count"] == {"total": total, "score": counted["score"], "parts": counted["parts"]}
        assert ruling["reasons"][-1] == counted["reasons"][-1]


@pytest.mark.parametrize("line, total, score", [("6-6 6-3", 15, 8), ("5-5", 10, 2), ("1-2 2-4", 5, 1)])
def test_check_fish_count_without_a_spinner(sk, line, total, score):
    ruling = json.loads(sk("check", "fish", "--rules", "fives-and-threes", "--format", "json",
                           "--line", line).stdout)
    assert (ruling["count"]["total"], ruling["count"]["score"]) == (total, score)


def test_goat_fish_has_no_count(sk):
    assert "count" not in _fish(sk, "--line", "1-2 2-3")


def test_installed_spinner_count_and_import_refusal(run_installed, tmp_path):
    counted = json.loads(run_installed("check", "count", "--rules", "all-fives", "--spinner", "5-5", "3", "0",
                                       "--format", "json").stdout)
    assert (counted["total"], counted["score"]) == (3, 0)
    run_installed("new", "--rules", "goat", "Ann", "Bob")
    run_installed("export", "--format", "csv", "-o", "e1.csv")
    refused = run_installed("--match", "n.toml", "import", "e1.csv", code=1)
    assert refused.stderr.startswith("Error: e1.csv") and "JSON or TOML" in refused.stderr
    assert not (tmp_path / "n.toml").exists()
