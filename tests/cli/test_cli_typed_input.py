"""Typed input (issue 11): names checked at new/import, and anything from outside shown safely (control
characters escaped, one line). Single-valued options given twice: tests/cli/test_click_compat.py."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli.app import cli

FOUR = ("Masha", "Alex", "Olya", "Serg")


@pytest.fixture
def started(sk):
    sk("new", *FOUR)
    return sk


def test_a_group_called_alone_shows_its_help_not_an_error(sk):
    result = sk("check", code=2)
    assert result.stderr.startswith("Usage: ") and "Error" not in result.stderr


@pytest.mark.parametrize("players, shown", [
    ((" Ann", "Bob "), ["Ann", "Bob"]),
    (("Ann", "  Bob  ", "Cy"), ["Ann", "Bob", "Cy"]),
])
def test_typed_names_are_stripped(sk, players, shown):
    sk("new", *players)
    assert [side["name"] for side in sk.json()["sides"]] == shown


@pytest.mark.parametrize("players, message", [
    (("Ann", "ann"), "'Ann' and 'ann' are the same name"),
    (("Алёна", "АЛЕНА"), "'Алёна' and 'АЛЕНА' are the same name"),
    (("Anna Lee", "Anna  Lee"), "'Anna Lee' and 'Anna  Lee' are the same name"),
    (("Ann", "Ann"), "two players are called 'Ann'"),
    (("Ann\n", "Bob"), None),  # stripped: a trailing newline is padding
    (("A\x1b[31mx", "Bob"), "'A\\x1b[31mx' cannot be a player's name: it holds a control or invisible character"),
    (("An\u200bn", "Bob"), "invisible character (\\u200b)"),
    (("An\u2028n", "Bob"), "(\\u2028)"),
    (("Ann", "  "), "an empty name"),
])
def test_names_that_cannot_be_told_apart_or_shown_are_refused(sk, players, message):
    if message is None:
        sk("new", *players)
        assert sk.json()["sides"][0]["name"] == "Ann"
        return
    line = sk.fails("new", *players, code=2)
    assert message in line
    assert not sk.path.exists()


def test_team_names_are_checked_too(sk):
    assert "a team's name" in sk.fails("new", "--rules", "goat-pairs", "--team", "A,B", "--team", "C,D",
                                       "--name", "X\x07", code=2)
    sk("new", "--rules", "goat-pairs", "--team", " A , B", "--team", "C,D")
    assert [side["name"] for side in sk.json()["sides"]] == ["A+B", "C+D"]


def test_import_checks_names_like_new(sk, tmp_path):
    sk("new", *FOUR)
    sk("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3")
    exported = json.loads(sk("export", "--format", "json").stdout)
    for bad, message in ((" Alex", "starts or ends with a space"), ("MASHA", "are the same name"),
                         ("Al\x1bex", "control or invisible character")):
        data = json.loads(json.dumps(exported).replace('"Alex"', json.dumps(bad)))
        source = tmp_path / "in.json"
        source.write_text(json.dumps(data, ensure_ascii=False, indent=2))
        target = str(tmp_path / "new.toml")
        result = sk.runner.invoke(cli, ["--match", target, "import", str(source)])
        assert result.exit_code == 1, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0] and f"{source}:" in lines[0], result.stderr
        assert "\x1b" not in result.stderr
        assert not (tmp_path / "new.toml").exists()


def test_messages_escape_what_was_typed(started):
    line = started.fails("round", "--out", "Ma\x1b[2Jsha", "--total", "Alex=1", "--total", "Olya=2",
                         "--total", "Serg=3", code=2)
    assert "unknown player 'Ma\\x1b[2Jsha'" in line


# Numbers: every number typed is parsed by scorekeeper.notation.numerals (form and range), through a click type or the
# core, one line each.

NUMBER_CASES = [("²", "'²' is not a whole number"), ("٣", "'٣' is not a whole number"),
                ("1_0", "'1_0' is not a whole number"), ("5.0", "'5.0' is not a whole number"),
                ("9" * 5000, "(5,000 characters) is too large for")]


@pytest.mark.parametrize("typed, message", NUMBER_CASES)
@pytest.mark.parametrize("command", [
    ["round", "--out", "Masha", "--total", "Alex={}", "--total", "Olya=2", "--total", "Serg=3"],
    ["round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3", "--points",
     "Masha={}"],
    ["edit", "{}", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3"],
    ["delete", "{}"], ["explain", "{}"], ["chart", "--height", "{}"],
    ["check", "fish", "--line", "1-2", "--bazaar", "{}"], ["score", "Masha", "{}"], ["score", "Masha", "--count", "{}"],
    ["redo", "{}"], ["history", ".", "--jobs", "{}"],
    ["serve", "--port", "{}", "extra"],  # the extra word is refused after the port: a port taken serves nothing
], ids=lambda command: " ".join(command[:2]))
def test_numbers_of_the_wrong_form_are_one_line(started, command, typed, message):
    started("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3")
    line = started.fails(*[word.replace("{}", typed) for word in command], code=2)
    assert message in line and len(line) < 200, line


@pytest.mark.parametrize("command, message", [
    (["delete", "0"], "a round number is at least 1, not 0"),
    (["explain", "--", "-1"], "a round number is at least 1, not -1"),
    (["chart", "--height", "61"], "the chart's height is at most 60, not 61"),
    (["check", "fish", "--line", "1-2", "--bazaar", "-1"], "the tiles in the bazaar cannot be negative (-1)"),
    (["round", "--out", "Masha", "--total", "Alex=-1", "--total", "Olya=2", "--total", "Serg=3"],
     "Alex: a total cannot be negative (-1)"),
    (["redo", "0"], "a change number is at least 1, not 0"),
    (["serve", "--port", "65536", "extra"], "a port is at most 65535, not 65536"),
])
def test_numbers_out_of_range_say_the_range(started, command, message):
    started("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3")
    assert message in started.fails(*command, code=2)


@pytest.mark.parametrize("typed", ["٣-٤", "1-" + "2" * 5000, "1²-2"])
def test_tiles_take_ascii_digits_and_quote_long_input_short(started, typed):
    line = started.fails("check", "hand", typed, code=2)
    assert "is not a tile" in line and len(line) < 200


@pytest.mark.parametrize("variable", ["COLUMNS", "LINES"])
@pytest.mark.parametrize("value", ["²", "9" * 5000, "-3", "x"])
def test_a_strange_screen_size_in_the_environment_is_ignored(started, monkeypatch, variable, value):
    monkeypatch.setenv(variable, value)
    assert "Masha" in started("table").stdout


def test_history_names_a_skipped_file_safely(sk, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "bad\x1b[2J.toml").write_text("format = 1\nplayers = [\n")
    result = sk("history", str(folder))
    assert "\x1b" not in result.output and "bad\\x1b[2J.toml" in result.stderr


@pytest.mark.parametrize("dash", ["–", "—", "−", ":", "|"])
def test_a_hand_typed_with_a_dash_the_round_line_reads_is_taken(started, dash):
    """The flags read tiles with the round line's parser: ``--hand Bob=3–4`` (an en dash, as a phone types it)
    was refused while the round line took it."""
    started("round", "--out", "Masha", "--hand", f"Alex=3{dash}4,1{dash}1", "--total", "Olya=2",
            "--total", "Serg=3")
    assert started.path.read_text().count('Alex = "3-4 1-1"') == 1
    started("round", "--out", "Masha", "--led", f"6{dash}6", "--total", "Alex=1", "--total", "Olya=2",
            "--total", "Serg=3")
    assert 'led = "6-6"' in started.path.read_text()


HUGE = "9" * 100_000


@pytest.mark.parametrize("args, shown", [
    (["round", f"Masha out, Alex {HUGE}, Olya 1, Serg 2"],
     "Error: '999999999999999999999999…' (100,000 characters) is too large for a round"),
    (["round", "--out", "Masha", "--total", f"Alex={HUGE}", "--total", "Olya=1", "--total", "Serg=2"],
     "is too large for a total"),
    (["round", f"Masha out, Alex 1-{HUGE}"], "(100,002 characters) is not a tile"),
    (["round", "--out", "Masha", f"Masha out, Alex {HUGE}"], "(100,016 characters))"),
    (["redo", f"Alex={HUGE}"], "(100,005 characters) is not a whole number"),
    (["new", "--force", f"X{HUGE}=", "Bob"], "(100,002 characters) cannot be a player's name: it holds '='"),
    (["new", "--force", "--rules", f"./{HUGE} {HUGE}", "Ann", "Bob"], "(100,002 characters)"),
])
def test_a_hundred_thousand_characters_typed_are_echoed_cut_short(started, args, shown):
    """Issue 25, item 15: a 100,000-digit total was repeated whole in the error line."""
    line = started.fails(*args, code=2)
    assert shown in line and len(line) < 500, line[:600]


def test_a_message_of_many_long_words_is_cut_in_its_middle():
    from scorekeeper.errors import LONGEST_MESSAGE, cut_echoes

    message = "cannot read: " + "word " * 1000 + "(the reason)"
    cut = cut_echoes(message)
    assert len(cut) <= LONGEST_MESSAGE and cut.startswith("cannot read: word") and cut.endswith("(the reason)")
    assert cut_echoes("a short message") == "a short message"
