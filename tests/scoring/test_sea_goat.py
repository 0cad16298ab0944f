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


@pytest.mark.parametrize("line, noted", [
    ("b out 10 20", True),                    # Ann held 30 and led: it could have been 6-6 on the hundred
    ("b out, led plain, 10 20", False),       # told: a plain lead
    ("b out on 6-6, 10 20", False),           # 6-6 went out last: it was not led
    ("b out, Ann 6-6 1-2, Cid 20", False),    # 6-6 is held
])
def test_the_lead_not_recorded_is_noted_only_where_it_could_have_been_6_6(sk, line, noted):
    sk("new", "--rules", "sea-goat", "Ann", "Bob", "Cid")
    sk("round", "a out on plain, 10 20")
    sk("round", line)
    notes = [note["note"] for note in sk.json()["notes"] if note["round"] == 2]
    assert any("could have been 6-6 on the hundred" in note for note in notes) is noted
