"""Sea Goat (RULES.md section 3) through the CLI: every rule vector is a table of tests/vectors/sea_goat.toml,
checked via the JSON contract of ``table --format json`` and the people's table (``table_steps`` says how)."""

from __future__ import annotations

import pytest

from table_steps import family, replay


@pytest.mark.parametrize("vector", family("sea_goat"))
def test_sea_goat(sk, vector):
    replay(sk, vector)


def test_hand_edited_hundred_without_points_names_the_line(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    text = sk.path.read_text() + '\n[[rounds]]\nend = "out"\nout = "Ann"\nled = "6-6"\n[rounds.hands]\nBob = 10\n'
    sk.path.write_text(text)
    message = sk.fails("table", code=1)
    line = text.splitlines().index("[[rounds]]") + 1
    assert f"match.toml:{line}: round 1:" in message and "hundred" in message
