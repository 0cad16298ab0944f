"""No step or note of the scoring stages remembered, race, hands won, opening, hundred and finishing escapes the
catalogs: under the pseudo-language (tests/pseudo.py) every word of them a person reads in ``explain`` is
marked ⟦ ⟧; and in Russian and Ukrainian a step says the table's words."""

from __future__ import annotations

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
"""The keys the steps of these stages name (``fish.policy`` too, but the outcome's steps name it as well: a
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
    """The steps of these stages and the notes, every round, as explain gives them."""
    opened = open_match(path, explain=True)
    steps, notes = [], []
    for number in range(1, len(opened.table.rounds) + 1):
        explanation = explain_round(opened.match, opened.ruleset, opened.table, number)
        steps += [step.text for step in explanation.steps
                  if step.key in STAGE_KEYS or step.key == "fish.policy" and "wiped" in step.text]
        notes += [note for note in explanation.result.notes if "hundred" in note or "last tile" in note]
    return steps, notes


@pytest.mark.parametrize("case", sorted(MATCHES))
def test_the_stages_steps_are_marked(speak, tmp_path, case):
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
def test_a_step_in_russian_and_ukrainian(speak, tmp_path, language, said):
    (rules, *players), rounds = MATCHES["sea goat"]
    path = _match(tmp_path, rules, players, rounds[:4])
    speak(language)
    steps, _notes = _said(path)
    assert said in steps
    assert "Ann: 13 за кон" in steps[0] if language == "ru" else "Ann: 13 за партію" in steps[0]
