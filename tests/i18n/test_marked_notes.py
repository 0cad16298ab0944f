"""The notes the table's footer groups, the session's notes in the round line's words, an in-play total
explained in the session and a sealed layout's hint escape no catalog: under the pseudo-language
(tests/pseudo.py) every word of them is marked ⟦ ⟧, the footer still says each kind once and the session's
notes name no flag. The marks keep the English words inside, so what proves that the features decide by a
note's kind rather than its words is the Russian and Ukrainian tests (tests/live/test_session_notes.py, the
footer's in tests/reports/test_render.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper import i18n
from scorekeeper.cli.app import cli
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.notation.play_line import parse_plays
from scorekeeper.rules.loader import load_ruleset

NAMES = ("Ann", "Bob", "Cat", "Dan")
TYPED = ("sea", "goat", "muggins", "edit", "fish", "TILE", "NAME")
"""What stays as typed: the ruleset's name, the session's words (the pseudo-language has none of its own) and
the round line's placeholders the notes quote."""
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"


@pytest.fixture
def xx(catalogs, monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.chdir(tmp_path)
    yield
    i18n.use("en")


def _match(rules: str, players: tuple[str, ...], *rounds: list[str]) -> None:
    runner = CliRunner()
    for args in (["new", "--rules", rules, *players], *(["round", *args] for args in rounds)):
        result = runner.invoke(cli, ["--lang", "en", "--match", "match.toml", *args])
        assert result.exit_code == 0, result.output


def _notes(text: str) -> list[str]:
    """The note lines of an answer, each with its continuation lines."""
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith("⟦note:") or line.startswith("note"):
            found.append(line.strip())
        elif found and line.startswith("  ") and line.strip():
            found[-1] += " " + line.strip()
        elif found and not line.strip():
            found.append("")
    return [note for note in found if note]


def _unmarked(text: str) -> str:
    return text.replace("⟦", "").replace("⟧", "")


def _session() -> LiveSession:
    i18n.use(pseudo.LANGUAGE)
    return LiveSession.open("match.toml", screen=lambda: Screen(80, None))


def test_the_footer_says_each_kind_once(xx, monkeypatch):
    _match("sea-goat", ("Ann", "Bob"), ["--out", "Ann", "--total", "Bob=3"], ["--out", "Bob", "--total", "Ann=3"])
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)
    runner = CliRunner()
    again = runner.invoke(cli, ["--match", "match.toml", "round", "--out", "Ann", "--total", "Bob=3"]).output
    assert "note as before" in again and "last tile" not in again, again  # the same kind: counted, not said
    table = runner.invoke(cli, ["--match", "match.toml", "table"]).output
    notes = _notes(table)
    assert len(notes) == 1 and "1-3" in notes[0] and "--last" in notes[0], table  # the footer's words, its flag
    assert pseudo.unmarked(notes[0], NAMES + TYPED) == [], notes


def test_the_session_says_the_notes_hints_in_the_round_lines_words(xx):
    _match("sea-goat", ("Ann", "Bob"), ["--out", "Ann", "--total", "Bob=3"], ["--out", "Bob", "--total", "Ann=12"])
    session = _session()
    table = session.handle("table").text
    explained = session.handle("explain 2").text
    notes = _notes(table) + _notes(explained)
    assert len(notes) == 4, (table, explained)  # two kinds in the footer, two notes of round 2
    for note in notes:
        assert "--" not in note and pseudo.unmarked(note, NAMES + TYPED) == [], note
    assert any("'edit 2'" in _unmarked(note) for note in notes), notes  # a hand's tiles: the session's 'edit N'


def test_an_in_play_total_is_explained_in_the_sessions_words(xx):
    _match("muggins", ("Ann", "Bob"), ["--out", "Ann", "--total", "Bob=3", "--points", "Ann=10"])
    explained = _session().handle("explain 1").text
    fact = next(line.strip() for line in explained.splitlines() if "10" in line and "⟦" in line)
    assert "--points" not in fact and pseudo.unmarked(fact, NAMES + TYPED) == [], explained


def test_a_sealed_layout_says_how_to_call_the_fish(xx):
    i18n.use(pseudo.LANGUAGE)
    made = HandInPlay(load_ruleset("goat"), NAMES, None)
    answer = made.answer(made.play_all(parse_plays(SEALED, NAMES))).splitlines()
    assert len(answer) == 11 and all(pseudo.unmarked(line, NAMES + TYPED) == [] for line in answer[-2:]), answer
    assert "fish" in answer[-1] and "2-2" in answer[-2], answer


def test_a_short_screen_counts_the_notes_a_line_of_notes_as_before_stands_for(xx):
    """The notes that give way on a short screen are counted by what they are, not read back from their line."""
    from scorekeeper.reports.render import after_round

    _match("sea-goat", ("Ann", "Bob"), ["--out", "Ann", "--total", "Bob=12"], ["--out", "Bob", "--total", "Ann=12"])
    state = _session().state
    assert len(state.table.rounds[-1].notes) == 2
    shown = [" ".join(_unmarked(after_round(state.table, state.ruleset, "match.toml", 40, height)).split())
             for height in range(6, 25)]
    assert any("(2 notes as before: see 'explain 2')" in text for text in shown), shown
    pointers = [text for text in shown if "notes: see" in text or "note: see" in text]
    assert pointers and all("(2 notes: see 'explain 2')" in text for text in pointers), pointers
