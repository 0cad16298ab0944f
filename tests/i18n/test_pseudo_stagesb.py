"""The rules applied that ``explain`` shows for the scoring stages (write-off, eggs, double bonuses, the
fish outcome, the end-of-hand count, the hands' values, a tie at the target) are said in the players'
language: under the pseudo-language (tests/pseudo.py) no English word of those steps escapes the marks."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper.cli.app import cli

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
"""The ruleset keys of the steps these stages say (the other stages' steps are another test's)."""


def _steps(text: str) -> list[str]:
    """The numbered rules applied by these stages in a round ``explain`` shows."""
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
def test_the_steps_are_marked(catalogs, monkeypatch, tmp_path, case):
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


def test_a_step_in_russian(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")
    steps = _explained(tmp_path, *ROUNDS["goat: fish for one, losers' count"])
    assert any("рыба на одного: Bob держит больше всех (7) и получает сумму всех рук, 12" in step for step in steps), steps


def test_a_step_in_ukrainian(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LANG", "uk")
    steps = _explained(tmp_path, *ROUNDS["muggins: rounded and divided"])
    assert any("Ann виходить: Ann отримує очки суперників, 27, до найближчого кратного 5: 25, / 5 = 5" in step
               for step in steps), steps
