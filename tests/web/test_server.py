"""The scoreboard server on the loopback: what it serves, how fast a change of the match reaches an open page,
a broken or missing file, and that it never writes the match nor holds its lock (issue 36)."""

from __future__ import annotations

import os
import time

import pytest

from serving import TOKEN, Events, Served, lock_file, visible

FOUR = ("Masha", "Alex", "Olya", "Serg")


@pytest.fixture
def served(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    with Served(sk.path) as served:
        yield served


def _after(action, events: Events) -> tuple[str, float]:
    """Do ``action`` (a command that saves the match) and wait for the next board: it, and the seconds from
    the save to it."""
    action()
    saved = time.monotonic()
    board = events.next_board(timeout=5)
    return visible(board), time.monotonic() - saved


def test_the_page_shows_the_table(served):
    status, headers, body = served.get(f"/{TOKEN}/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    page = body.decode("utf-8")
    shown = visible(page)
    assert "Goat: 1 round; first to 101 loses" in shown
    assert "Olya 13" in shown and "+9 remembered" in shown and "Masha leads next" in shown
    assert "Round 1: Masha out, Alex 1-2 3-3, Olya 13, Serg 5" in shown
    assert headers["cache-control"] == "no-store" and "default-src 'none'" in headers["content-security-policy"]
    assert headers["server"] == "scorekeeper"


def test_head_says_what_get_would_send(served):
    status, headers, body = served.get(f"/{TOKEN}/", "HEAD")
    assert status == 200 and body == b""
    assert int(headers["content-length"]) == len(served.get(f"/{TOKEN}/")[2])
    status, headers, body = served.get(f"/{TOKEN}/events", "HEAD")
    assert status == 200 and headers["content-type"].startswith("text/event-stream") and body == b""


def test_the_token_alone_is_sent_to_the_page(served):
    status, headers, _ = served.get(f"/{TOKEN}")
    assert status == 301 and headers["location"] == f"/{TOKEN}/"


def test_a_round_an_undo_and_an_edit_reach_an_open_page_within_two_seconds(sk, served):
    events = Events(served.port, f"/{TOKEN}/events")
    try:
        assert events.status == 200
        assert "Goat: 1 round" in visible(events.next_board())
        shown, late = _after(lambda: sk("round", "fish 2 3 13 5"), events)
        assert "Goat: 2 rounds" in shown and "Round 2: fish" in shown and late < 2
        shown, late = _after(lambda: sk("undo"), events)
        assert "Goat: 1 round;" in shown and late < 2
        shown, late = _after(lambda: sk("edit", "1", "Alex out, Masha 3, Olya 13, Serg 5"), events)
        assert "Round 1: Alex out" in shown and late < 2
    finally:
        events.close()


def test_points_claimed_in_the_hand_in_play_show_at_once(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    with Served(sk.path) as served:
        events = Events(served.port, f"/{TOKEN}/events")
        try:
            first = events.next_board()
            assert '<section class="hand" id="hand" hidden>' in first
            shown, late = _after(lambda: sk("score", "Ann", "10"), events)
            assert "The hand in play" in shown and "points so far: Ann 10" in shown and late < 2
            shown, late = _after(lambda: sk("undo"), events)
            assert "The hand in play" not in shown and late < 2
        finally:
            events.close()


def test_a_broken_file_is_said_on_the_page_and_the_page_recovers(sk, served):
    good = sk.path.read_bytes()
    events = Events(served.port, f"/{TOKEN}/events")
    try:
        events.next_board()
        sk.path.write_text(good.decode().replace('end = "out"', 'end = "over"', 1), encoding="utf-8")
        board = events.next_board(timeout=5)
        shown = visible(board)
        assert 'class="problem"' in board and "The match file cannot be used: line 7:" in shown
        assert "The scores as last read:" in shown and "Olya 13" in shown
        assert str(sk.folder) not in board and "match.toml" not in board
        assert served.told and str(sk.path) in served.told[-1].problem  # the terminal is told where
        sk.path.write_bytes(good)
        board = events.next_board(timeout=5)
        assert 'class="problem"' not in board and "Olya 13" in visible(board)
        assert served.told[-1].problem == ""
    finally:
        events.close()


def test_a_missing_file_is_said_until_a_match_is_started(sk):
    with Served(sk.path) as served:
        shown = visible(served.get(f"/{TOKEN}/")[2].decode())
        assert "The match file cannot be used: no match file here" in shown
        events = Events(served.port, f"/{TOKEN}/events")
        try:
            events.next_board()
            shown, late = _after(lambda: sk("new", "--rules", "goat", *FOUR), events)
            assert "Goat: 0 rounds" in shown and "cannot be used" not in shown and late < 2
        finally:
            events.close()


def test_it_never_writes_the_match_nor_holds_its_lock(sk, served):
    """Commands write the match while it is served (they take the lock: it is free); the server leaves the
    file as the last command wrote it, and never makes the lock file."""
    events = Events(served.port, f"/{TOKEN}/events")
    try:
        events.next_board()
        for line in ("fish 2 3 13 5", "Alex out, Masha 3, Olya 4, Serg 5"):
            sk("round", line)
            events.next_board(timeout=5)
            assert not lock_file(sk.path).exists()
        written = sk.path.read_bytes(), os.stat(sk.path).st_mtime_ns
        for _ in range(5):
            served.get(f"/{TOKEN}/")
        time.sleep(0.5)
        assert (sk.path.read_bytes(), os.stat(sk.path).st_mtime_ns) == written
        assert not lock_file(sk.path).exists()
    finally:
        events.close()


def test_the_page_and_its_events_never_say_where_the_match_file_is(sk, served):
    for path in (f"/{TOKEN}/", f"/{TOKEN}/events"):
        status, headers, body = served.get(path, "HEAD")
        assert str(sk.folder) not in str(headers)
    page = served.get(f"/{TOKEN}/")[2].decode()
    events = Events(served.port, f"/{TOKEN}/events")
    try:
        board = events.next_board()
    finally:
        events.close()
    for text in (page, board):
        assert str(sk.folder) not in text and "match.toml" not in text
