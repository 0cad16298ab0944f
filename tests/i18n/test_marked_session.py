"""No message of the live session escapes the catalogs: under the pseudo-language (tests/pseudo.py), every word
a person reads of ``play``'s greeting, help, questions, refusals, the hand's answers and the farewell is marked
⟦ ⟧.  Answers that show a table or a play line hold the reports' words too: those are another layer's and
are not asserted here (the session's own lines are)."""

from __future__ import annotations

import pytest

import pseudo
from scorekeeper import i18n
from scorekeeper.cli.play_command import undecodable
from scorekeeper.live.commands import COMMANDS
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases

TYPED = tuple(COMMANDS) + ("all", "fish", "deal", "hand", "count", "out", "new", "goat")
"""What the scorer types stays as typed: the commands and their words (the pseudo-language has no words of its
own, so the session names the English ones), and the ruleset's name."""
PLAYERS = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture
def xx(catalogs, monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.chdir(tmp_path)  # the match file named short: a long path is wrapped inside a word
    i18n.use(pseudo.LANGUAGE)
    yield
    i18n.use("en")


def live(tmp_path, ruleset: str, width: int | None = 80) -> LiveSession:
    path = "match.toml"  # in tmp_path, the folder the test runs in
    usecases.new(path, ruleset, PLAYERS, (), (), False)
    return LiveSession.open(path, screen=lambda: Screen(width, 24 if width else None))


def assert_marked(text: str, *typed: str) -> None:
    assert "⟦" in text and pseudo.unmarked(text, PLAYERS + TYPED + typed) == [], text


@pytest.mark.parametrize("width", [None, 40, 80])
def test_the_greeting_help_and_farewell(xx, tmp_path, width):
    session = live(tmp_path, "goat", width)
    assert_marked(session.greeting(new=True, kept="match-old.toml"))  # the lead note too, wrapped or not
    session.handle("Ann out 3 4 5")  # a round: the greeting has no lead note
    assert_marked(session.greeting())
    assert_marked(session.handle("help").text)
    assert_marked(session.farewell())
    assert session.prompt() == "#2> "


REFUSED = ["undo 3", "undo x", "table x", "delete", "delete 1 2", "redo 1 2", "explain 1 2 3", "check", "quit 1",
           "exit now", "help me", "save 1", "zzz", "new", "edit 1", "again 1", "again"]


@pytest.mark.parametrize("line", REFUSED)
def test_a_refused_command(xx, tmp_path, line):
    session = live(tmp_path, "goat")
    before = (tmp_path / "match.toml").read_bytes()
    reply = session.handle(line)
    assert not reply.ok
    assert_marked(reply.text, "zzz", "now", "me", "x")
    assert (tmp_path / "match.toml").read_bytes() == before


def test_save_and_a_round_typed_twice(xx, tmp_path):
    session = live(tmp_path, "goat")
    assert_marked(session.handle("save").text)
    session.handle("Ann out 3 4 5")
    twice = session.handle("Ann out 3 4 5")
    assert_marked(twice.text)
    assert_marked(twice.question)
    dropped = session.answer("maybe")
    assert_marked(dropped.text, "maybe")
    session.handle("Ann out 3 4 5")
    assert_marked(session.answer("n").text)


def test_a_hand_typed_play_by_play(xx, tmp_path):
    session = live(tmp_path, "muggins")
    session.handle("a 66")
    assert_marked(session.handle("undo").text)  # no play left
    session.handle("a 66")
    session.handle("b 63")
    assert_marked(session.handle("undo").text)  # Bob to play again
    for line in ("a out 3 4 5", "redo", "again", "undo 2"):
        reply = session.handle(line)
        assert not reply.ok
        assert_marked(reply.text)
    assert_marked(session.handle("quit").text)  # once: the hand is not saved
    assert_marked(session.handle("undo all").text)


def test_the_questions_of_sea_goat(xx, tmp_path):
    session = live(tmp_path, "sea-goat")
    asked = session.handle("Ann out 12 13 5")
    assert_marked(asked.question)
    again = session.answer("zz")
    assert_marked(again.text, "zz")
    assert_marked(again.question)


def test_a_line_the_terminal_could_not_read(xx):
    assert_marked(undecodable("Ann out \udcff"), "xff", "utf")  # the byte, the encoding's name
