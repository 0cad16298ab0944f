"""Issue 21, 5: what the ``play`` session answers fits a 24-line screen, at 40 and 80 columns: the table shows
the latest rounds that fit, 'table all' every round (through the pager where one exists), 'explain' and 'rules'
keep what a scorer needs on the screen and say how to see the rest."""

from __future__ import annotations

import random
import re
import subprocess

import pytest

pexpect = pytest.importorskip("pexpect")

from conftest import command_environment, installed_command  # noqa: E402
from pty_session import PAGED, Play, one_shot_on_terminal, shown_lines  # noqa: E402

from scorekeeper.live.session import LiveSession, Screen  # noqa: E402
from scorekeeper.match import usecases  # noqa: E402

FITS = 22
"""Rows an answer may take on a 24-line screen: the typed line above it and the next prompt stay in view."""

GAMES = {  # the ruleset, partnerships, the largest hand typed (no match ends within 25 rounds)
    "goat": ((), 4),
    "goat-pairs": (("Masha,Olya", "Alex,Serg"), 4),
    "sea-goat": ((), 9),
    "muggins": ((), 6),
}
PLAYERS = ("Masha", "Alex", "Olya", "Serg")


def typed_rounds(ruleset: str, rounds: int = 25) -> list[str]:
    """The trial's lines: the short form, a fish now and then, Muggins' claims between rounds."""
    chance = random.Random(21)
    teams, most = GAMES[ruleset]
    lines = []
    for number in range(1, rounds + 1):
        if ruleset == "muggins" and number % 3 == 0:
            lines.append(f"{chance.choice(PLAYERS)[0].lower()} +{chance.choice((5, 10, 15))}")
        totals = 4 if number % 7 == 3 else 2 if teams else 3
        hands = " ".join(str(chance.randint(1, most)) for _ in range(totals))
        lines.append(f"fish {hands}" if number % 7 == 3 else f"{chance.choice(PLAYERS)[0].lower()} out {hands}")
    return lines


def seating(ruleset: str) -> list[str]:
    teams = GAMES[ruleset][0]
    return [word for team in teams for word in ("--team", team)] if teams else list(PLAYERS)


def rows(text: str, columns: int) -> int:
    return sum(max(1, -(-len(line) // columns)) for line in text.rstrip("\n").split("\n"))


def played(folder, ruleset: str, columns: int, **environment: str) -> Play:
    play = Play(folder, "--rules", ruleset, *seating(ruleset), columns=columns, **environment)
    for line in typed_rounds(ruleset):
        play.say(line)
    return play


@pytest.mark.parametrize("columns", [40, 80])
def test_the_table_of_a_25_round_match_fits_the_screen_and_table_all_prints_every_round(tmp_path, columns):
    """A 25-round 'table' was 28 lines: now the latest rounds that fit, the header and the totals, one line
    saying how many are hidden, and who leads next; without a pager (TERM=dumb) 'table all' prints them all."""
    play = played(tmp_path, "goat", columns)
    table = play.say("table")
    lines = table.rstrip("\n").splitlines()
    assert rows(table, columns) <= FITS and all(len(line) <= columns for line in lines), table
    assert lines[0] == "Goat: 25 rounds; first to 101 loses"
    assert lines[2].split()[:2] == ["#", "round" if columns == 80 else "out"]  # the header: the names in view
    hidden = next(line for line in lines if "not shown" in line)
    first = int(re.search(r"rounds 1-(\d+) not shown: 'table all'", hidden).group(1)) + 1
    numbers = [int(line.split()[0]) for line in lines[4:] if re.match(r" ?\d+ +[A-Za-z]", line)]
    assert numbers == list(range(first, 26)) and first <= 20  # the notes and the legend leave room for rounds
    if columns == 40:  # the compact marks come with their legend
        assert " ".join(table.split()).endswith("How to read it: 13→13 points→score; +3 held below 13, not open "
                                                "yet; (−3) held points lost; eggs: a tied fish's points, + laid, − "
                                                "paid; · nothing.")
    assert "Masha leads next" in lines
    every = play.say("table all")
    numbers = [int(line.split()[0]) for line in every.splitlines()[4:] if re.match(r" ?\d+ +[A-Za-z]", line)]
    assert numbers == list(range(1, 26)) and "not shown" not in every
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_table_all_goes_through_the_pager_where_one_exists(tmp_path, columns):
    play = played(tmp_path, "muggins", columns, **PAGED)
    paged = shown_lines(play.say("table all"))
    assert len(paged) >= 25 + 3 and all(line.startswith("paged:") for line in paged), paged
    assert not any(line.startswith("paged:") for line in play.say("table").splitlines())  # it fits: no pager
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_explain_keeps_the_ruling_on_the_screen_and_explain_all_says_everything(tmp_path, columns):
    """'explain 10' was 32 lines in a Sea Goat match: the facts and each side's numbers stay; the rules applied
    and the notes that do not fit are said to be in 'explain 10 all'."""
    play = played(tmp_path, "sea-goat", columns)
    for number in (1, 10, 24, 25):
        explained = play.say(f"explain {number}")
        assert rows(explained, columns) <= FITS, explained
        assert explained.startswith(f"Round {number} under Sea Goat") and "Before -> after the round:" in explained \
            or "After the round:" in explained
        every = play.say(f"explain {number} all")
        assert "Rules applied, in order:" in every
        if rows(every, columns) > FITS:
            assert f"'explain {number} all'" in explained
    if columns == 40:  # the notes that do not fit are left out whole, and said
        explained = " ".join(play.say("explain 24").split())
        notes = " ".join(play.say("explain 24 all").split()).split(" note: ")[1:]
        assert notes, "round 24 of this match has notes"
        shown = [note for note in notes if note in explained]
        if len(shown) < len(notes):
            left = len(notes) - len(shown)
            assert explained.endswith(f"({left} more note{'s' if left > 1 else ''}: 'explain 24 all' shows it)")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_rules_is_a_summary_and_rules_all_every_key(tmp_path, columns):
    """'rules' was 53 lines at 40 columns: a few sentences with the ruleset's key numbers, then how to see
    more; 'rules all' is every key (printed whole without a pager), 'rules KEY' one."""
    play = Play(tmp_path, "--rules", "goat", *PLAYERS, columns=columns)
    said = play.say("rules")
    assert rows(said, columns) <= FITS
    flat = " ".join(said.split())
    assert said.startswith("Goat\nGoat (Kozel): losers count their hands")  # the title, as the table's heading
    assert "The first side to reach 101 loses the match (the goat)." in flat
    assert "A side opens with a round worth 13; less is remembered (+N) until it does." in flat
    assert flat.endswith("More: 'rules all' shows every rule, 'rules KEY' one (like 'rules end.target'), "
                         "'explain N' how round N was scored.")
    every = play.say("rules all")
    assert "end.target = 101" in every and "rating.base = 100" in every
    assert "end.target = 101" in play.say("rules end.target")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_help_fits_the_screen(tmp_path, columns):
    play = Play(tmp_path, "--rules", "goat", *PLAYERS, columns=columns)
    said = play.say("help")
    assert rows(said, columns) <= FITS and "rules [all]" in said and "table [all]" in said
    play.quit()


@pytest.mark.parametrize("ruleset", list(GAMES))
@pytest.mark.parametrize("columns", [40, 80])
def test_no_answer_of_the_four_trial_games_is_taller_than_the_screen(tmp_path, ruleset, columns):
    """Every answer the session makes itself, over 25 rounds and every command, fits 24 lines (those asked
    for whole, 'table all' and the like, go through the pager)."""
    path = str(tmp_path / "match.toml")
    teams = GAMES[ruleset][0]
    usecases.new(path, ruleset, () if teams else PLAYERS, teams, (), False)
    session = LiveSession.open(path, screen=lambda: Screen(columns, 24))
    commands = ["table", "explain", "explain 1", "explain 10", "rules", "help", "undo", "redo", "edit 3 fish 1 2 3 4",
                "delete 4", "undo", "quit"]
    for line in typed_rounds(ruleset) + commands:
        reply = session.handle(line)
        while reply.question:  # a yes-or-no question: yes; Sea Goat's 'last tile?' and 'led?': Enter
            reply = session.answer("y" if "[y/N]" in reply.question else "")
        assert reply.page or rows(reply.text, columns) <= FITS, (line, reply.text)
        assert reply.ok, (line, reply.text)


def test_the_one_shot_table_pages_on_a_terminal_and_prints_whole_to_a_pipe(tmp_path):
    play = played(tmp_path, "goat", 80)
    play.quit()
    shown = one_shot_on_terminal(tmp_path, 80, "table")
    assert len(shown) > 22 and all(line.startswith("paged:") for line in shown)
    env = {**command_environment(), "COLUMNS": "80", "LINES": "24", **PAGED}
    piped = subprocess.run(installed_command() + ["table"], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=60)
    assert piped.returncode == 0 and "paged:" not in piped.stdout and "(rounds 1-5 not shown" in piped.stdout


def test_a_long_undo_list_goes_through_the_pager(tmp_path):
    """'undo --list' after a long evening of undos is taller than the screen: the pager has it."""
    play = played(tmp_path, "goat", 40, **PAGED)
    for _ in range(22):
        play.say("undo")
    listed = shown_lines(play.say("undo --list"))
    assert len(listed) > FITS and all(line.startswith("paged:") for line in listed), listed
    assert listed[0] == "paged:Changes taken back, newest first:"
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_a_rules_section_taller_than_the_screen_goes_through_the_pager(tmp_path, columns):
    """'rules fish' was 63 lines at 40 columns: the pager has it; 'rules end.target' fits and is printed."""
    play = Play(tmp_path, "--rules", "goat", *PLAYERS, columns=columns, **PAGED)
    shown = shown_lines(play.say("rules fish"))
    assert all(line.startswith("paged:") for line in shown) and any("fish.policy = " in line for line in shown)
    single = play.say("rules end.target")
    assert "paged:" not in single and "end.target = 101" in single and rows(single, columns) <= FITS
    play.quit()


def test_the_one_shot_explain_pages_on_a_terminal(tmp_path):
    play = played(tmp_path, "sea-goat", 40)
    play.quit()
    shown = one_shot_on_terminal(tmp_path, 40, "explain", "24")
    assert len(shown) > 22 and all(line.startswith("paged:") for line in shown)
    assert shown[0] == "paged:Round 24 under Sea Goat, the facts"
