"""``scorekeeper rating``: each player's gain, with why in words a player reads (issue 21, 11: it printed
``round_half_up((100 - 70) / 10) = 3``)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("columns", [40, 80])
def test_rating_says_why_in_words_under_named_columns(sk, monkeypatch, columns):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk("round", "m out 35 60 5")
    sk("round", "m out 35 60 5")  # Olya 120: the goat; Alex 70
    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("rating").stdout
    lines = text.rstrip("\n").split("\n")
    assert lines[0].split() == ["player", "score", "gain"]
    assert "round_half_up" not in text and all(len(line) <= columns for line in lines)
    said = " ".join(text.split())
    assert "Alex 70 +3 30 under 100: a tenth of that, rounded half up, is 3" in said
    assert "Olya 120 +0 lost the match" in said


def test_rating_after_a_player_left_says_fewer_than_whom(sk, monkeypatch):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk("round", "m out 35 60 5")
    monkeypatch.setenv("COLUMNS", "80")
    said = " ".join(sk("rating", "--left", "Olya").stdout.split())
    assert "Alex 35 +3 25 fewer than Olya, who left: a tenth of that, rounded half up, is 3" in said
    assert "Olya 60 +0 Olya left the table" in said
