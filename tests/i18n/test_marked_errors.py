"""No message of the wrapped layers escapes the catalogs: under the pseudo-language (tests/pseudo.py), every
word a person reads of these errors, and of click's own words, is marked ⟦ ⟧."""

from __future__ import annotations

import subprocess

import pytest
from click.testing import CliRunner

import pseudo
from conftest import command_environment, installed_command
from scorekeeper.reports.formats import TABLES
from scorekeeper.cli.app import cli

KEYS = ("format", "ruleset", "players", "sides", "pending", "rounds", "hand", "history", "lang", "extends", "fish",
        "policy")
"""What programs read stays English: a match file's and a ruleset's keys (named where a problem is)."""


@pytest.fixture
def xx(catalogs, monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)

    def run(*args: str, code: int) -> str:
        result = CliRunner().invoke(cli, ["--match", str(tmp_path / "match.toml"), *args], prog_name="scorekeeper")
        assert result.exit_code == code, result.output
        return result.stderr

    return run


def test_the_checker_finds_english_outside_the_marks():
    assert pseudo.unmarked("⟦Error: ⟧match.toml⟦: no match file here⟧") == []
    assert pseudo.unmarked("⟦Error: ⟧match.toml: no match file here") == ["match", "file", "here"]
    assert pseudo.unmarked("⟦Usage:⟧ scorekeeper --lang ⟦[OPTIONS]⟧ fish.policy 3-4 Ann", ("Ann",)) == []
    assert pseudo.mark("tile {tile} is given twice") == "⟦tile ⟧{tile}⟦ is given twice⟧"


BROKEN_MATCHES = {
    "missing": None,
    "not toml": "format = 1\nplayers = [\"Ann\"\n",
    "no format": 'ruleset = "goat"\nplayers = ["Ann", "Bob"]\n',
    "unknown format": 'format = 7\nruleset = "goat"\n',
    "unknown key": 'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\ncolour = 1\n',
    "bad players": 'format = 1\nruleset = "goat"\nplayers = ["Ann", "Ann"]\n',
    "bad round": 'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\n'
                 'rounds = [\n  { end = "out", out = "Ann", hands = { Bob = "3-x" } },\n]\n',
    "not utf-8": b'format = 1\nruleset = "\xff"\n',
}


@pytest.mark.parametrize("case", sorted(BROKEN_MATCHES))
def test_a_broken_match_file(xx, tmp_path, case):
    text = BROKEN_MATCHES[case]
    if text is not None:
        (tmp_path / "match.toml").write_bytes(text if isinstance(text, bytes) else text.encode())
    said = xx("table", code=1)
    assert "⟦" in said and pseudo.unmarked(said, KEYS + ("Ann", "Bob", "end", "out", "hands", "colour")) == [], said


BROKEN_RULESETS = {
    "unknown key": "colour = 1\n",
    "bad choice": 'extends = "goat"\n[fish]\npolicy = "bogus"\n',
    "bad number": '[players]\nmin = "two"\n',
    "not toml": "[fish\n",
    "circle": 'extends = "house.toml"\n',
    "cross check": '[end]\ntarget = 0\nrounds = 0\n',
}


@pytest.mark.parametrize("case", sorted(BROKEN_RULESETS))
def test_a_malformed_ruleset(xx, tmp_path, case):
    (tmp_path / "house.toml").write_text(BROKEN_RULESETS[case], encoding="utf-8")
    said = xx("new", "--rules", str(tmp_path / "house.toml"), "Ann", "Bob", code=1)
    values = ("each", "most", "takes", "all", "fisherman", "pays", "lower", "wins", "bogus", "two", "colour",
              "bazaar", "bonus", "count", "eggs", "end", "endhand", "finish", "hundred", "lead", "misdeal",
              "opening", "play", "rating", "tiles", "name", "title", "description", "special_hands", "target")
    assert "⟦" in said and pseudo.unmarked(said, KEYS + values) == [], said
    assert not (tmp_path / "match.toml").exists()


@pytest.mark.parametrize("line", ["Ann out, Bob 3-4-", "Ann out, Zed 3-4", "Ann out Bob", "3-4 Ann out"])
def test_a_bad_round_line(xx, tmp_path, line):
    xx("--lang", "en", "new", "--rules", "goat", "Ann", "Bob", code=0)
    before = (tmp_path / "match.toml").read_bytes()
    said = xx("round", line, code=2)
    words = ("Ann", "Bob", "Zed", "out", "fish", "by", "on", "led", "count", "played", "plays", "NAME")
    assert "⟦" in said and pseudo.unmarked(said, words) == [], said
    assert (tmp_path / "match.toml").read_bytes() == before


CLICK_LINES = ("Usage:", "Options:", "Commands:", "--help", "--version")


def _click_lines(text: str) -> list[str]:
    """The lines of a --help that are click's own words: its headings, the usage line, -h and --version."""
    return [line for line in text.splitlines() if any(word in line for word in ("⟦Usage:⟧", "⟦Options⟧",
                                                                                  "⟦Commands⟧", "-h, --help",
                                                                                  "--version"))]


def test_clicks_own_words(xx, catalogs, tmp_path):
    shown = _click_lines(subprocess.run(installed_command() + ["--help"], capture_output=True, text=True,
                                        env={**command_environment(), "SCOREKEEPER_LOCALEDIR": catalogs,
                                             "SCOREKEEPER_LANG": "xx"}, cwd=tmp_path, check=True).stdout)
    assert len(shown) == 5, shown
    for line in shown:
        assert pseudo.unmarked(line, ("help", "version", "scorekeeper")) == [], line
    for args in (["table", "--bogus"], ["nosuch"], ["table", "--format", "pdf"], ["round", "--out"]):
        said = xx(*args, code=2)
        assert "⟦" in said and pseudo.unmarked(said, ("bogus", "nosuch", "pdf", "text", "json", "out", "table",
                                                       "round", "format", *TABLES)) == [], said


def test_an_error_through_the_installed_executable(catalogs, tmp_path):
    (tmp_path / "match.toml").write_text("format = 1\nplayers = [\n", encoding="utf-8")
    done = subprocess.run(installed_command() + ["table"], capture_output=True, text=True, cwd=tmp_path,
                          env={**command_environment(), "SCOREKEEPER_LOCALEDIR": catalogs,
                               "SCOREKEEPER_LANG": "xx"})
    assert done.returncode == 1
    assert "⟦" in done.stderr and pseudo.unmarked(done.stderr, KEYS) == [], done.stderr
