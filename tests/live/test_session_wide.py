"""Issue 21 at 80 columns and 24 lines, through a real pseudo-terminal: the items whose first tests were at 40
columns (the standings after a claim, the echo naming each player's value, the marks in words, the rematch)."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play  # noqa: E402
from test_session import one_shot  # noqa: E402

from scorekeeper.storage.matchfile import load_match  # noqa: E402


def lines_of(answer: str) -> list[str]:
    return answer.rstrip("\n").splitlines()


def test_a_claim_answers_with_the_standings_at_80_columns(tmp_path):
    """Item 9: a claim showed only this hand's claims; the standings line follows it."""
    one_shot(tmp_path, "new", "--rules", "muggins", "Masha", "Alex", "Olya", "Serg")
    play = Play(tmp_path, columns=80)
    assert lines_of(play.say("m +10")) == ["Claimed: Masha +10 (in play this hand: Masha 10).",
                                           "Masha 10 · Alex 0 · Olya 0 · Serg 0"]
    play.quit()


def test_at_80_columns_the_echo_names_each_player_with_their_value(tmp_path):
    """Item 10: the round echoed in full, every hand named, in seating order after the one out."""
    play = Play(tmp_path, "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg", columns=80)
    assert lines_of(play.say("m out 12 3 4", ""))[0] == "Round 1: Masha out on plain, Alex 12, Olya 3, Serg 4"
    assert lines_of(play.say("a out on 2-3 3 4 2, led 1-1"))[0] == (
        "Round 2: Alex out on 2-3, led 1-1, Olya 3, Serg 4, Masha 2")
    play.quit()


def test_at_80_columns_the_marks_are_words(tmp_path):
    """Item 11: at 40 columns a '!' needs its legend; at 80 the round says what happened in words, and the
    eggs say where they go."""
    play = Play(tmp_path, "--rules", "sea-goat", "Margarita", "Alexander", "Olga", "Sergei", columns=80)
    assert "eggs: +30 carried (they go to the next side that records a round)" in lines_of(
        play.say("fish by o 10 10 5 5"))
    play.say("m out, led 1-1, 10 10 10", "")
    play.say("a out on 6-6, 5 5 5")
    rows = lines_of(play.say("a out, led 6-6, 5 5 5"))
    assert any(row.startswith("4  Alexander out (on 100, decides)") for row in rows), rows
    assert "!: on the hundred, or decided the match" not in rows  # no mark, so no legend
    assert "*** Match over: Alexander wins with 0 points. ***" in rows
    assert all(len(row) <= 80 for row in rows) and len(rows) <= 22
    play.quit()


def test_again_at_80_columns_starts_the_next_match_with_the_same_players(tmp_path):
    """Item 7: at 'over>', 'again' starts the next match; the finished one is kept under a dated name."""
    one_shot(tmp_path, "new", "--rules", "goat", "Ann", "Bob")
    one_shot(tmp_path, "round", "Ann out, Bob 60")
    one_shot(tmp_path, "round", "Ann out, Bob 60")
    finished = (tmp_path / "match.toml").read_bytes()
    play = Play(tmp_path, columns=80)
    assert play.prompt == "over> "
    answer = play.say("again")
    kept = sorted(tmp_path.glob("match.*.toml"))
    assert len(kept) == 1 and kept[0].read_bytes() == finished
    assert lines_of(answer)[0] == "New Goat match: Ann, Bob. The finished match is kept as"
    assert " ".join(answer.split()).startswith(f"New Goat match: Ann, Bob. The finished match is kept as "
                                               f"{kept[0].name}. The holder of the lowest double leads the first round")
    assert all(len(row) <= 80 for row in lines_of(answer))
    assert play.prompt == "#1> "
    play.quit()
    assert load_match(str(tmp_path / "match.toml")).rounds == ()
