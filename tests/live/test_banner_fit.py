"""The banners of the play session (the match over, the match reopened) wrapped at 40 columns keep their closing
``***`` with their last word: it was left alone on a line of its own, which reads as a stray mark."""

from __future__ import annotations

import pytest

from scorekeeper import i18n
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.reports.columns import width


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_wrapped_banner_keeps_its_closing_mark_with_its_words(tmp_path, language):
    i18n.use(language)
    usecases.new(tmp_path / "match.toml", "sea-goat", ("Ann", "Bob", "Cat"))
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))
    over = live.handle("c out on 6-6 40 5")  # out on 6-6 with a loser holding 25 or more wins the match
    reopened = live.handle("undo")
    assert over.ok and reopened.ok
    for reply in (over, reopened):
        lines = reply.text.splitlines()
        marked = [number for number, line in enumerate(lines) if "***" in line]
        assert marked, reply.text
        assert all(width(line) <= 40 for line in lines), reply.text
        assert all(lines[number].strip() != "***" for number in marked), reply.text
        assert lines[marked[0]].startswith("*** ") and lines[marked[-1]].endswith(" ***"), reply.text
    if language == "en":  # 44 columns whole: wrapped
        assert "*** Match over: Cat wins with 45\n    points. ***" in over.text
