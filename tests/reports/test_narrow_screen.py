"""What a scorer sees on a phone (40 columns) besides the table: errors wrapped under their own text (never for
a pipe), a refusal short enough to read, a broken file's problems within one screen, text from a ruleset file
escaped, and screens that fit 24 lines."""

from __future__ import annotations

import pytest

from scorekeeper.cli.problems import SHOWN_PROBLEMS
from scorekeeper.reports.columns import width

FOUR = ("Masha", "Alex", "Olya", "Serg")
INDENT = " " * len("Error: ")


def error_lines(result) -> list[str]:
    assert result.stdout == "" and "Traceback" not in result.output
    return result.stderr.rstrip("\n").split("\n")


def unwrapped(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


@pytest.mark.parametrize("typed, code", [
    (("round", "Masha out, Alex 7-8, Olya 13, Serg 5"), 2),   # a tile outside the set
    (("round", "Masha out, Mike 3, Olya 13, Serg 5"), 2),     # an unknown player
    (("round", "--out", "Masha", "--out", "Alex"), 2),        # click's usage error, made one of ours
    (("--match", "nowhere.toml", "table"), 1),                # no such file
])
def test_an_error_wraps_under_its_own_text_at_40_columns_and_is_one_line_for_a_pipe(sk, monkeypatch, typed, code):
    sk("new", *FOUR)
    line = sk.fails(*typed, code=code)  # no COLUMNS and not a terminal: one line, however long
    assert len(line) > 40
    monkeypatch.setenv("COLUMNS", "40")
    lines = error_lines(sk(*typed, code=code))
    assert len(lines) > 1 and lines[0].startswith("Error: ")
    assert max(width(item) for item in lines) <= 40, lines
    assert all(item.startswith(INDENT) and item[len(INDENT)] != " " for item in lines[1:]), lines
    assert unwrapped(lines) == line  # the same words, only wrapped


def test_the_refusal_of_a_hand_no_one_could_hold_fits_three_lines_at_40_columns(sk, monkeypatch):
    sk("new", *FOUR)
    monkeypatch.setenv("COLUMNS", "40")
    lines = error_lines(sk("round", "Masha out, Alex 99, Olya 13, Serg 5", code=2))
    assert len(lines) <= 3, lines
    said = unwrapped(lines)
    assert "Alex's total 99" in said and "69 pips" in said and "--confirm" in said


def test_a_broken_files_problems_fit_one_screen_at_40_columns(sk, monkeypatch):
    head = 'format = 1\nruleset = "goat"\nplayers = ["Masha", "Alex", "Olya"]\n'
    bad = '{ end = "out", out = "Olya", hands = { Masha = 12, Bob = 3 } }'
    sk.path.write_text(head + "rounds = [\n" + "".join(f"    {bad},\n" for _ in range(35)) + "]\n")
    assert len(error_lines(sk("table", code=1))) == SHOWN_PROBLEMS + 1  # a pipe: a line each, 20 of them
    monkeypatch.setenv("COLUMNS", "40")
    lines = error_lines(sk("table", code=1))
    assert len(lines) <= 22 and max(width(line) for line in lines) <= 40, lines
    starts = [line for line in lines if line.startswith("Error: ")]
    assert starts[0].startswith(f"Error: {sk.path}:5: round 1:") or starts[0].startswith("Error: ")
    shown = len(starts) - 1
    assert 1 <= shown < SHOWN_PROBLEMS
    assert unwrapped(lines[lines.index(starts[-1]):]) == f"Error: ... and {35 - shown} more problems"


def test_rules_show_and_check_escape_a_file_name_in_the_extends_chain(sk, tmp_path):
    odd = tmp_path / "base\x1b[2Jx.toml"
    odd.write_text('extends = "goat"\n')
    house = tmp_path / "house.toml"
    house.write_text('extends = "./base\\u001b[2Jx.toml"\n[end]\ntarget = 125\n')
    for args in (("rules", "show", str(house)), ("rules", "show", str(house), "--changed"),
                 ("rules", "show", str(house), "end.target"), ("rules", "check", str(house))):
        text = sk(*args).stdout
        assert "\x1b" not in text, args
        assert "base\\x1b[2Jx" in text, (args, text)
    sk("new", "--rules", str(house), *FOUR)
    for args in (("table",), ("check", "hand", "0-0"), ("compare", "goat")):
        assert "\x1b" not in sk(*args).stdout, args


def test_next_is_said_once(sk):
    sk("new", *FOUR)
    text = sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5").stdout
    assert text.rstrip("\n").split("\n")[-1] == "Masha leads next"
    assert "next: Masha" not in sk("table").stdout


def _helped() -> list[tuple[str, ...]]:
    from commands import every_command

    return [()] + [path for path, _, _ in every_command()]


@pytest.mark.parametrize("path", _helped(), ids=lambda path: " ".join(path) or "scorekeeper")
def test_every_help_fits_40_and_80_columns_and_a_pipe_gets_clicks_own(sk, monkeypatch, path):
    """click never wraps help narrower than 50 columns and leaves examples as typed: on a phone every long
    line broke in two.  Fitted, the same words are there, only wrapped (a group's command list aside: click
    shortens each command's summary to the width)."""
    def words(text: str) -> str:
        return " ".join(text.split("Commands:")[0].split()).replace("- ", "-")

    plain = sk(*path, "--help").stdout
    for columns in (40, 80):
        monkeypatch.setenv("COLUMNS", str(columns))
        text = sk(*path, "--help").stdout
        lines = text.rstrip("\n").split("\n")
        assert max(width(line) for line in lines) <= columns, (columns, text)
        assert lines[0].startswith("Usage: ")
        assert words(text) == words(plain), (columns, text)
    monkeypatch.delenv("COLUMNS")
    assert sk(*path, "--help").stdout == plain  # a pipe without COLUMNS: click's layout, untouched


@pytest.mark.parametrize("columns", [40, 80])
def test_the_demo_fits_a_screen_and_says_how_to_read_it(sk, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("demo").stdout
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 22 and max(width(line) for line in lines) <= columns, text
    assert lines[0].startswith("Goat: 8 rounds")  # no heading line before the title
    said = " ".join(text.split())
    assert "Alex is the goat with 101" in said and "How to read it:" in said
    assert "+3 held below 13, not open yet" in said and "eggs: a tied fish's points" in said
    assert lines[-1] == "Start your own: scorekeeper new Ann Bob"


@pytest.mark.parametrize("columns", [40, 80])
def test_rules_list_says_every_description_whole_at_any_width(sk, monkeypatch, columns):
    """Issue 21, 11: 'rules list' cut the descriptions with '…' at 80 columns, and two rulesets read the same
    at 40: each description is whole, wrapped (a terminal pages it)."""
    from scorekeeper.rules.loader import builtin_names, load_ruleset

    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("rules", "list").stdout
    lines = text.rstrip("\n").split("\n")
    assert max(width(line) for line in lines) <= columns and "…" not in text, lines
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == builtin_names()
    said = " ".join(text.split())
    for name in builtin_names():
        assert f"{name} {' '.join(load_ruleset(name).description.split())}" in said


def test_compare_shows_an_empty_value_and_says_each_missing_fact_once(sk):
    sk("new", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    sk("round", "Alex out, Masha 1-1, Olya 13, Serg 5")
    text = sk("compare", "sea-goat").stdout
    assert '  eggs.lead: "" -> 1-1' in text  # not "eggs.lead:  -> 1-1"
    lacking = text.split("facts Sea Goat needs but the match lacks:\n")[1].split("\n\n")[0].split("\n")
    assert "  rounds 1, 2: no last tile given ('out on TILE' or --last): the rules that need it were not applied" in lacking
    assert not any("last tile was not recorded" in line for line in lacking)  # the kind, once, not per round


@pytest.mark.parametrize("columns", [40, 80])
def test_explain_lays_every_step_out_alike_when_some_wrap(sk, monkeypatch, columns):
    import re

    sk("new", *FOUR)
    sk("round", "Alex out, Masha 0-0, Olya 6-6 5-5, Serg 12")
    monkeypatch.setenv("COLUMNS", str(columns))
    lines = sk("explain").stdout.rstrip("\n").split("\n")
    assert max(width(line) for line in lines) <= columns
    steps = [line for line in lines if re.match(r"  \d+\. ", line)]
    assert len(steps) >= 3 and all(re.match(r"  \d+\. (whole round|\S+) \[[^]]*\]$", line) for line in steps), steps
    # each side's numbers before and after share one line (wrapped at most once more)
    before = lines.index("Before -> after the round:")
    assert lines[before + 1].startswith("  Masha: 0 -> 0 +10 (hand 10")
    assert len(lines) <= (30 if columns == 40 else 23), "\n".join(lines)


def test_history_at_40_columns_uses_whole_words_for_four_short_names(sk, monkeypatch):
    sk("new", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    monkeypatch.setenv("COLUMNS", "40")
    lines = sk("history", str(sk.folder)).stdout.rstrip("\n").split("\n")
    assert max(width(line) for line in lines) <= 40, lines
    assert lines[0].split() == ["games", "won", "lost", "rounds", "avg", "rating"], lines
    monkeypatch.setenv("COLUMNS", "30")  # narrower: the short headers, and what they stand for
    text = sk("history", str(sk.folder)).stdout
    assert "rtg" in text.split("\n")[0] and "rtg: rating" in " ".join(text.split())


@pytest.mark.parametrize("columns", [40, 80])
def test_on_a_screen_sources_are_cited_without_the_articles_titles(sk, monkeypatch, columns):
    from scorekeeper.rules.book import book_path

    title = "What are domino eggs"  # 000's title, named by the key sources of goat and by the 0-0 ruling
    assert title in sk("rules", "show", "goat").stdout and title in sk("check", "hand", "0-0").stdout
    monkeypatch.setenv("COLUMNS", str(columns))
    shown = sk("rules", "show", "goat").stdout
    assert title not in shown and "(source: rules.md §2.8 (pairs: 000, 002, 004))" in " ".join(shown.split())
    lines = shown.rstrip("\n").split("\n")
    assert max(width(line) for line in lines) <= columns and "".join(lines).endswith(book_path())  # split if long
    assert "One section or key: scorekeeper rules show goat fish" in " ".join(shown.split())
    assert "One section" not in sk("rules", "show", "goat", "fish").stdout  # a section fits: no hint
    ruling = sk("check", "hand", "0-0").stdout
    assert title not in ruling and "rules.md §1.2" in ruling
    assert max(width(line) for line in ruling.rstrip("\n").split("\n")) <= columns


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_leaving_out_the_titles_keeps_every_keys_source_whole(language):
    """A source may itself hold "; 000: ..." (misdeal.doubles quotes 000): only what ``cite`` added goes,
    in every language (the source and the titles translated)."""
    from scorekeeper import i18n
    from scorekeeper.i18n import _
    from scorekeeper.reports.ruling import without_titles
    from scorekeeper.rules.book import cite
    from scorekeeper.rules.schema import KEYS, SPECIAL_HANDS_SOURCE

    i18n.use(language)
    sources = [_(key.source) for key in KEYS if key.source] + [_(SPECIAL_HANDS_SOURCE)]
    assert any("; 000: " in source for source in sources)
    for source in sources:
        assert without_titles(cite(source)) == source
        set_by = _("{source}; set by {file}")
        assert without_titles(set_by.format(source=cite(source), file="goat")) == set_by.format(source=source,
                                                                                                file="goat")


def test_undo_list_with_nothing_taken_back_fits_40_columns(sk, monkeypatch):
    sk("new", "Ann", "Bob")
    monkeypatch.setenv("COLUMNS", "40")
    lines = sk("undo", "--list").stdout.splitlines()
    assert lines[0].startswith("Nothing has been taken back") and all(len(line) <= 40 for line in lines)


def test_history_names_a_skipped_file_once_and_wraps_it_at_40_columns(sk, tmp_path, monkeypatch):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "broken-with-a-long-name.toml").write_text('format = 1\nruleset = "goat"\nplayers = ["A", 1]\n',
                                                         encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "40")
    said = sk("history", str(folder)).stderr
    lines = said.splitlines()
    assert lines[0].startswith("skipped") and all(len(line) <= 40 for line in lines), said
    joined = "".join(line.strip() for line in lines)  # a path wider than the screen is split, never lost
    assert joined.count("broken-with-a-long-name.toml") == 1 and "broken-with-a-long-name.toml:3:" in joined


@pytest.mark.parametrize("columns", [40, 80])
def test_eggs_still_carried_show_in_every_round_at_any_width(sk, monkeypatch, columns):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    for line in ("fish by Ann, led 1-2, Ann 5, Bob 5", "Ann out, led 1-1, Bob 3", "Ann out, led 1-1, Bob 3",
                 "Ann out, led 1-1, Bob 30"):
        sk("round", line)
    monkeypatch.setenv("COLUMNS", str(columns))
    rows = [row.split() for row in sk("table").stdout.splitlines() if row[:1].isdigit()]
    assert [row[-1] for row in rows[:3]] == (["+10", "10", "10"] if columns == 40 else ["carried"] * 3)
    assert rows[3][-1] != "10" and rows[3][-1] != "carried"  # paid to Ann (30 >= 25, with the eggs)


@pytest.mark.parametrize("columns", [80, 40, 30])
def test_compare_fits_the_screen_with_every_round_readable(sk, monkeypatch, columns):
    sk("demo", "--save", str(sk.path))
    monkeypatch.setenv("COLUMNS", str(columns))
    lines = sk("compare", "sea-goat").stdout.splitlines()
    assert max(width(line) for line in lines) <= columns
    starts = [line.split()[0] for line in lines if line[:1].isdigit()]
    assert starts == [str(number) for number in range(1, 9)]  # one row or line a round, none broken apart
    if columns >= 40:  # a table: its rule on one line, the first round right under it
        rule = next(index for index, line in enumerate(lines) if line.startswith("- "))
        assert lines[rule + 1].startswith("1 ")
    assert "rounds that differ (≠): 1-8" in " ".join(" ".join(lines).split())


def test_undo_list_keeps_its_numbers_in_a_column_when_entries_wrap(sk, monkeypatch):
    sk("new", "Maximilian", "Bob", "Cid")
    for _ in range(2):
        sk("round", "Max out 3 4")
        sk("round", "fish by Bob 3 4 5")
    for _ in range(4):
        sk("undo")
    monkeypatch.setenv("COLUMNS", "40")
    lines = sk("undo", "--list").stdout.splitlines()
    entries = [line for line in lines[1:-2] if line.strip()[:1].isdigit()]
    assert len(entries) == 4 and max(width(line) for line in lines) <= 40
    assert {line.index("undo") for line in entries} == {5}
    assert all(line.startswith("     ") and not line[5].isspace() for line in lines[1:-2] if line not in entries)
