"""'help' and 'rules' in the play session fit a 24-line screen at 40 columns in every language: in Russian and
Ukrainian their words wrap to more lines than in English, and the help took 24 lines (Sea Goat's rules 23),
scrolling their first line and the typed word off the screen."""

from __future__ import annotations

import pytest

from scorekeeper import i18n
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.reports.columns import width

ROOM = 22
"""A 24-line screen less the typed line and the next prompt."""


@pytest.mark.parametrize("language, first, command", [
    ("en", "Type a round in one line, for example:", "  undo"),
    ("ru", "Вводите кон одной строкой, например:", "  отмена"),
    ("uk", "Вводьте партію одним рядком, наприклад:", "  скасувати"),
])
@pytest.mark.parametrize("ruleset", ["goat", "muggins"])
def test_help_fits_a_phone_screen_in_every_language(tmp_path, language, first, command, ruleset):
    i18n.use(language)
    usecases.new(tmp_path / "match.toml", ruleset, ("Маша", "Саша", "Оля", "Серж"))
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))
    lines = live.handle("help").text.splitlines()
    assert len(lines) <= ROOM and all(width(line) <= 40 for line in lines), "\n".join(lines)
    assert lines[0] == first and any(line.startswith(command) for line in lines)
    assert len([line for line in lines if line.startswith("  ") and not line.startswith("   ")]) >= 12  # commands


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
@pytest.mark.parametrize("ruleset", ["sea-goat", "goat", "muggins", "fives-and-threes"])
def test_the_rules_summary_fits_a_phone_screen_in_every_language(tmp_path, language, ruleset):
    i18n.use(language)
    usecases.new(tmp_path / "match.toml", ruleset, ("Маша", "Саша", "Оля", "Серж"))
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))
    lines = live.handle("rules").text.splitlines()
    assert len(lines) <= ROOM and all(width(line) <= 40 for line in lines), "\n".join(lines)
    assert lines[0] == live.state.ruleset.called  # the game's title, then what decides the match
    wide = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(80, 24)).handle("rules").text
    assert live.state.ruleset.description.split(":")[0] in wide  # where there is room, the description stays
