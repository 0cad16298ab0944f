"""No step or note the scoring stages say in ``explain`` escapes the catalogs: under the pseudo-language
(tests/pseudo.py) every word a person reads of them is marked ⟦ ⟧ (the ruleset's keys and values, the names
and the round line's words as typed are not messages), and in Russian and Ukrainian a step says the table's
words.  The stages come in two groups: how a round is recorded and a match won (remembered points, the
points races, hands won, the opening, the hundred, the finishing doubles), read from the library; and what a
round's points are made of (write-off, eggs, double bonuses, the fish outcome, the end-of-hand count, the
hands' values, a tie at the target), read from what the command prints."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper.cli.app import cli
from scorekeeper.i18n import use
from scorekeeper.match.opened import open_match
from scorekeeper.referee.explain import explain_round

STAGE_KEYS = ("opening.wipe_on_out", "play.scores", "play.muggins", "end.exact", "end.at_once",
              "count.hand_won", "opening.threshold", "opening.remember", "hundred.enabled", "hundred.lost",
              "finish.six_six", "finish.two_doubles_wins", "finish.zero_zero_wins")
"""The keys the steps of the recording and winning stages name (``fish.policy`` too, but the outcome's steps name it as well: a
wiped one is told by its words)."""
WORDS = ("Ann", "Bob", "Cat", "Dan", "goat", "sea", "muggins", "draw", "jamaican", "TILE", "NAME", "led", "out", "on", "fish", "by",
         "last", "fisher", "edit", "svoyak", "bald", "count")
"""Not messages: the names, rulesets and the round line's words as typed."""
MATCHES = {
    "goat": (("goat", "Ann", "Bob", "Cat", "Dan"),
             ("Ann out 3 13 5", "fish by Bob 10 12 8 9", "Cat out 20 11 14", "Dan out 30 22 25", "fish 5 5 9 9",
              "Ann out 40 45 50")),
    "sea goat": (("sea-goat", "Ann", "Bob"),
                 (("--led", "1-1", "--out", "Ann", "--hand", "Bob=2-4,1-6", "--last", "3-5"),
                  ("--out", "Bob", "--total", "Ann=27", "--last", "2-2"),
                  ("--out", "Ann", "--hand", "Bob=6-6", "--last", "4-5"),
                  ("--out", "Bob", "--total", "Ann=20", "--last", "6-6"),
                  ("--led", "6-6", "--out", "Ann", "--total", "Bob=30", "--last", "4-6"),
                  ("--out", "Ann", "--total", "Bob=5"),
                  ("--led", "6-6", "--out", "Ann", "--total", "Bob=5", "--last", "0-0"))),
    "hands won": (("draw-jamaican", "Ann", "Bob"), ("Ann out", "fish, Ann 9, Bob 12", "fish 4 4")),
    "muggins": (("muggins", "Ann", "Bob"), ("Ann out, Bob 13, Ann +15 +10, Bob count 20",)),
}


def _match(folder, rules, players, rounds) -> str:
    path = str(folder / "match.toml")
    runner = CliRunner()
    done = runner.invoke(cli, ["--lang", "en", "--match", path, "new", "--rules", rules, *players])
    assert done.exit_code == 0, done.output
    for line in rounds:
        args = [line] if isinstance(line, str) else list(line)
        done = runner.invoke(cli, ["--lang", "en", "--match", path, "round", *args])
        assert done.exit_code == 0, done.output
    return path


@pytest.fixture
def speak(catalogs, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    yield use
    use("en")


def _said(path) -> tuple[list[str], list[str]]:
    """The steps of the recording and winning stages, and every note, every round, as explain gives them."""
    opened = open_match(path, explain=True)
    steps, notes = [], []
    for number in range(1, len(opened.table.rounds) + 1):
        explanation = explain_round(opened.match, opened.ruleset, opened.table, number)
        steps += [step.text for step in explanation.steps
                  if step.key in STAGE_KEYS or step.key == "fish.policy" and "wiped" in step.text]
        notes += [note.said() for note in explanation.result.notes]
    return steps, notes


@pytest.mark.parametrize("case", sorted(MATCHES))
def test_the_recording_and_winning_steps_are_marked(speak, tmp_path, case):
    (rules, *players), rounds = MATCHES[case]
    path = _match(tmp_path, rules, players, rounds)
    speak(pseudo.LANGUAGE)
    steps, notes = _said(path)
    assert steps
    for text in steps + notes:
        assert "⟦" in text and pseudo.unmarked(text, WORDS) == [], text


@pytest.mark.parametrize("language, said", [
    ("ru", "Bob выходит на 6-6, но ни у одной проигравшей стороны нет 25 или больше (больше всех: 20): Bob заходит "
           "в следующем коне с 6-6, на сто"),
    ("uk", "Bob виходить на 6-6, але жодна сторона, що програла, не має 25 чи більше (найбільше: 20): Bob заходить "
           "у наступній партії з 6-6, на сто"),
])
def test_a_finishing_step_in_russian_and_ukrainian(speak, tmp_path, language, said):
    (rules, *players), rounds = MATCHES["sea goat"]
    path = _match(tmp_path, rules, players, rounds[:4])
    speak(language)
    steps, _notes = _said(path)
    assert said in steps
    assert "Ann: 13 за кон" in steps[0] if language == "ru" else "Ann: 13 за партію" in steps[0]


# --- the stages that make a round's points, as the command explains them ---

NAMES = ("Ann", "Bob", "Cat", "Dan")

ROUNDS = {
    "sea goat: tied fish to eggs, write-off": ("sea-goat", ("Ann", "Bob"), (
        ["--fish", "--total", "Ann=12", "--total", "Bob=12"],
        ["--out", "Ann", "--total", "Bob=30"],
        ["--out", "Bob", "--total", "Ann=30"],
        ["--out", "Bob", "--total", "Ann=3"])),
    "muggins: rounded and divided": ("muggins", ("Ann", "Bob"), (
        ["--out", "Ann", "--total", "Bob=27"],)),
    "each-hand muggins": ("muggins-each-hand", ("Ann", "Bob", "Cat"), (
        ["--out", "Ann", "--total", "Bob=27", "--total", "Cat=1"],)),
    "draw: special hand, fish minus its own": ("draw", ("Ann", "Bob"), (
        ["--out", "Ann", "--hand", "Bob=0-0"],
        ["--fish", "--total", "Ann=5", "--total", "Bob=7"])),
    "goat: fish for one, losers' count": ("goat", ("Ann", "Bob"), (
        ["--fish", "--total", "Ann=5", "--total", "Bob=7"],
        ["--out", "Ann", "--total", "Bob=20"],
        ["--out", "Ann", "--total", "Bob=12"])),
    "pairs with 000's bonuses": ("goat-pairs-000", ("--team", "Ann,Cat", "--team", "Bob,Dan"), (
        ["--led", "6-6", "--out", "Ann", "--total", "Bob=20", "--total", "Cat=3", "--total", "Dan=4"],)),
    "tiles left": ("draw-tiles-left", ("Ann", "Bob"), (
        ["--out", "Ann", "--hand", "Bob=1-2,3-3"],)),
}


KEYS = ("opening.write_off", "eggs.", "fish.", "count.", "bonus.", "endhand.", "special_hands")
"""The ruleset keys of the steps of the stages that make a round's points."""


def _steps(text: str) -> list[str]:
    """The numbered rules applied by the points stages in a round ``explain`` shows."""
    return [line for line in text.splitlines()
            if re.match(r"\s+\d+\. ", line) and any(f"[{key}" in line for key in KEYS)]


def _explained(tmp_path, ruleset: str, players: tuple[str, ...], rounds) -> list[str]:
    match = str(tmp_path / "match.toml")
    runner = CliRunner()
    result = runner.invoke(cli, ["--match", match, "new", "--rules", ruleset, *players])
    assert result.exit_code == 0, result.output
    for args in rounds:
        result = runner.invoke(cli, ["--match", match, "round", *args])
        assert result.exit_code == 0, result.output
    shown = []
    for number in range(1, len(rounds) + 1):
        result = runner.invoke(cli, ["--match", match, "explain", str(number)])
        assert result.exit_code == 0, result.output
        shown += _steps(result.output)
    return shown


@pytest.mark.parametrize("case", sorted(ROUNDS))
def test_the_points_steps_are_marked(catalogs, monkeypatch, tmp_path, case):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)
    steps = _explained(tmp_path, *ROUNDS[case])
    assert steps
    ours = [step for step in steps if "⟦" in step]
    assert ours, steps
    for step in steps:
        # the ruleset's key and value (in brackets, and the value where a step names it) are what the ruleset
        # file says: English in every language
        value = re.search(r"\[[^]=]*= ([^]]*)\]", step)
        words = tuple(re.findall(r"[A-Za-z]+", value.group(1))) if value else ()
        assert pseudo.unmarked(re.sub(r"\[[^]]*\]", "", step), NAMES + words) == [], step


def test_a_fish_step_in_russian(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")
    steps = _explained(tmp_path, *ROUNDS["goat: fish for one, losers' count"])
    assert any("рыба на одного: Bob держит больше всех (7) и получает сумму всех рук, 12" in step for step in steps), steps


def test_a_muggins_step_in_ukrainian(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LANG", "uk")
    steps = _explained(tmp_path, *ROUNDS["muggins: rounded and divided"])
    assert any("Ann виходить: Ann отримує очки суперників, 27, до найближчого кратного 5: 25, / 5 = 5" in step
               for step in steps), steps
