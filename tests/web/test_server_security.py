"""Who may see the scoreboard, and what a hostile or broken client can do to it (issue 36, Must 2): no token or
a wrong one, ``..`` and encoded paths, methods other than GET and HEAD, a 1 MB request line, 300 connections
held open, a client that trickles its request, a page that never reads its events: each refused or cut, the
server still answering everyone else, and the match file untouched."""

from __future__ import annotations

import socket
import time

import pytest

from serving import TOKEN, Events, Served, lock_file, request

FOUR = ("Masha", "Alex", "Olya", "Serg")


LIMITS = {"max_connections": 20, "request_timeout": 1.0, "write_timeout": 1.0}
"""Tighter than the server's own, so that the tests need not wait long."""


@pytest.fixture
def served(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    before = sk.path.read_bytes()
    with Served(sk.path, **LIMITS) as served:
        yield served
        assert _still_answers(served)
        assert served.server.faults == []
    assert sk.path.read_bytes() == before, "the match file was changed"
    assert not lock_file(sk.path).exists()


def _still_answers(served: Served) -> bool:
    status, _, body = served.get(f"/{TOKEN}/")
    return status == 200 and b"Olya" in body


@pytest.mark.parametrize("path", [
    "/", "/events", "/index.html", "/match.toml", "/favicon.ico",
    "/wrong-token/", "/wrong-token/events", f"/{TOKEN[:-1]}/", f"/{TOKEN}x/", f"/x{TOKEN}/", f"/{TOKEN.upper()}/",
    f"/{TOKEN}/match.toml", f"/{TOKEN}/../match.toml", f"/{TOKEN}/%2e%2e/match.toml", f"/{TOKEN}/..%2fmatch.toml",
    f"/{TOKEN}/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
    f"/{TOKEN}//", f"/{TOKEN}//events", f"/{TOKEN}/events/", f"/{TOKEN}/./",
    f"/%74{TOKEN[1:]}/", f"/{TOKEN}%2f", f"/{TOKEN}/\\..\\match.toml", f"/{TOKEN}/events%00",
])
def test_no_token_a_wrong_token_and_any_other_path_is_404(sk, served, path):
    for method in ("GET", "HEAD"):
        status, headers, body = served.get(path, method)
        assert status == 404, (method, path, status)
        assert b"Olya" not in body and str(sk.folder).encode() not in body and b"match.toml" not in body
        assert "set-cookie" not in headers


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
@pytest.mark.parametrize("path", [f"/{TOKEN}/", f"/{TOKEN}/events", "/"])
def test_only_get_and_head_are_answered(served, method, path):
    status, headers, body = served.get(path, method)
    assert status == 405 and headers["allow"] == "GET, HEAD" and body == b""


def test_an_unknown_method_is_not_implemented(served):
    status, _, _ = served.get(f"/{TOKEN}/", "BREW")
    assert status == 501


def _send(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send ``data`` on a new connection and read what comes back until the server closes it (a server that
    closes before reading it all may reset the connection: what came before counts)."""
    got = b""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(data)
        except OSError:
            pass
        try:
            while chunk := connection.recv(65536):
                got += chunk
        except OSError:
            pass
    return got


def test_a_megabyte_request_line_is_refused(served):
    answer = _send(served.port, b"GET /" + b"a" * (1 << 20) + b" HTTP/1.0\r\n\r\n")
    assert answer == b"" or answer.startswith(b"HTTP/1.0 414"), answer[:80]


def test_a_megabyte_of_headers_is_refused(served):
    headers = b"".join(b"X-%d: %s\r\n" % (number, b"a" * 1000) for number in range(1000))
    answer = _send(served.port, f"GET /{TOKEN}/ HTTP/1.0\r\n".encode() + headers + b"\r\n")
    assert answer == b"" or answer.startswith(b"HTTP/1.0 431"), answer[:80]


@pytest.mark.slow
def test_300_connections_held_open_are_capped_then_cut(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    before = sk.path.read_bytes()
    with Served(sk.path, **{**LIMITS, "request_timeout": 5.0}) as served:
        _held_open(served)
        assert served.server.faults == []
    assert sk.path.read_bytes() == before and not lock_file(sk.path).exists()


def _held_open(served: Served) -> None:
    held = []

    def hold(count: int) -> None:
        for _ in range(count):
            try:
                held.append(socket.create_connection(("127.0.0.1", served.port), timeout=2))
            except OSError:  # the queue of connections waiting to be accepted is full: refused is fine
                pass

    try:
        cap = LIMITS["max_connections"]
        hold(cap)
        deadline = time.monotonic() + 10  # the server takes them in, however slow a loaded machine makes it
        while served.server.connections() < cap and time.monotonic() < deadline:
            time.sleep(0.05)
        assert served.server.connections() == cap
        # the server is full (none of its connections sent a request yet): one more is told so, or cut
        busy = _send(served.port, f"GET /{TOKEN}/ HTTP/1.0\r\n\r\n".encode(), timeout=5)
        assert busy == b"" or busy.startswith(b"HTTP/1.0 503"), busy[:80]
        hold(300 - cap)
        time.sleep(0.3)
        assert served.server.connections() <= cap
        assert served.server.refused > 0
        # none of them sent a request: each is cut once its time is up, and the ones still waiting in the
        # listen queue are then accepted and cut in their turn: a few request_timeouts, more on a loaded machine
        deadline = time.monotonic() + 30
        while served.server.connections() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert served.server.connections() == 0
        assert _still_answers(served)
    finally:
        for connection in held:
            connection.close()


def test_a_request_trickled_a_byte_at_a_time_is_cut(served):
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as connection:
        started = time.monotonic()
        cut = False
        for byte in f"GET /{TOKEN}/ HTTP/1.0\r\nX-Slow: ".encode() + b"a" * 100:
            try:
                connection.sendall(bytes([byte]))
                time.sleep(0.1)
            except OSError:
                cut = True
                break
            if time.monotonic() - started > 4:
                break
        if not cut:
            connection.settimeout(2)
            try:
                cut = connection.recv(100) == b""
            except OSError:
                cut = True
        assert cut and time.monotonic() - started < 4


@pytest.mark.slow
def test_a_page_that_never_reads_its_events_is_cut_and_the_others_keep_up(sk):
    """Rounds recorded and undone, each pushed to both pages, until the one that reads nothing is cut."""
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    with Served(sk.path, **LIMITS) as served:
        _never_reads(sk, served)
        assert _still_answers(served) and served.server.faults == []
        written = sk.path.read_bytes()
        time.sleep(0.5)
    assert sk.path.read_bytes() == written and not lock_file(sk.path).exists()


def _never_reads(sk, served: Served) -> None:
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    stuck.connect(("127.0.0.1", served.port))
    stuck.sendall(f"GET /{TOKEN}/events HTTP/1.0\r\n\r\n".encode())
    reader = Events(served.port, f"/{TOKEN}/events")
    try:
        reader.next_board()
        lines = ["fish 2 3 13 5", "undo"]
        started = time.monotonic()
        while served.server.connections() > 1 and time.monotonic() - started < 30:
            if lines[0] == "undo":
                sk("undo")
            else:
                sk("round", lines[0])
            lines.reverse()
            saved = time.monotonic()
            reader.next_board(timeout=5)
            assert time.monotonic() - saved < 2  # the stuck page holds nobody up
        assert served.server.connections() == 1, "the page that never reads was not cut"
    finally:
        stuck.close()
        reader.close()
