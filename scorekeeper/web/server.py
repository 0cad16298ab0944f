"""The scoreboard served over HTTP, read-only, to the phones at the table.

One thread follows the match file (``MatchFollower``): it looks at the file's version a few times a second
(``storage.watch``), and when it changed, reads it as every command does (``match.opened.open_match``: the
same checks, the same replay), never writing it and never taking its lock, and makes the page once for every
client. Each open page holds one connection to ``/TOKEN/events`` (Server-Sent Events), and its thread sends
the new ``<main>`` as soon as there is one. A broken or missing file is said on the page (the scores last read
stay under it) and to the scorer's terminal, until the file can be read again.

Who may see it: every address starts with a random token (``/TOKEN/``); any other path, the token wrong or
missing, is 404, and no path is ever read from the disk. Only GET and HEAD are answered (405 for the other
methods). One request a connection (HTTP/1.0); at most ``MAX_CONNECTIONS`` open at once (others get 503 and
are closed), a request that is not in whole within ``REQUEST_TIMEOUT`` is cut, and so is a page that stops
reading its events for ``WRITE_TIMEOUT``. Nothing of the match file's location is ever sent.
"""

from __future__ import annotations

import hmac
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, NamedTuple

from scorekeeper.errors import FileProblem, MatchFileProblems, ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.opened import open_match
from scorekeeper.reports.scoreboard import scoreboard
from scorekeeper.storage.watch import Watched
from scorekeeper.web.page import POLICY, board_html, page

LOOK_EVERY = 0.2
"""Seconds between two looks at the match file's version (and at the connections' deadlines)."""
MAX_CONNECTIONS = 100
"""Connections served at once: a table's phones and screens, each page holding one, with room to spare."""
REQUEST_TIMEOUT = 10.0
"""Seconds a connection has to send its whole request."""
WRITE_TIMEOUT = 20.0
"""Seconds a page may leave what is sent to it unread before it is cut."""
SEND_BUFFER = 64 * 1024
"""The most bytes the system keeps for a page that does not read its events: past them, sending waits, and
``WRITE_TIMEOUT`` cuts the page."""
HEARTBEAT = 15.0
"""Seconds between two comments sent on a quiet event stream, so that a page gone away is noticed."""
RETRY_MS = 1000
"""How soon a page's browser reconnects after a dropped event stream."""


class Shown(NamedTuple):
    """What every client is sent now: the version (one more at each change), the whole page, and the event
    that carries its ``<main>``."""

    version: int
    page: bytes
    event: bytes


class News(NamedTuple):
    """What the scorer's terminal is told: the match file became unusable (``problem``, the whole message
    with its path and line), or usable again (``problem`` empty)."""

    problem: str


def _event(version: int, main: str) -> bytes:
    lines = main.replace("\r", "").split("\n")
    return (f"id: {version}\nevent: board\n" + "".join(f"data: {line}\n" for line in lines) + "\n").encode("utf-8")


class MatchFollower:
    """The match file followed from outside, and the page it makes (``shown``), for every client at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.watched = Watched(path)
        self.board = None
        self.problem = ""
        self.shown = Shown(0, b"", b"")
        self.changed = threading.Condition()
        self.closing = False

    def refresh(self) -> News | None:
        """Read the file again when it is another version than last time, and make the page anew; News when
        the file became unusable or usable again (the terminal says it)."""
        if not self.watched.changed():
            return None
        had = self.problem
        try:
            self.board = scoreboard(open_match(self.path))
            self.problem, said = "", ""
        except ScorekeeperError as error:
            self.problem, said = self._on_page(error), str(error)
        main = board_html(self.board, self.problem, stale=bool(self.problem))
        title = self.board.title if self.board is not None else _("Scoreboard")
        with self.changed:
            version = self.shown.version + 1
            self.shown = Shown(version, page(main, title).encode("utf-8"), _event(version, main))
            self.changed.notify_all()
        if said and self.problem != had:
            return News(said)
        if had and not self.problem:
            return News("")
        return None

    def _on_page(self, error: ScorekeeperError) -> str:
        """The problem as the page says it: where in the file (a line, a key), never the file's location."""
        first = error.problems[0] if isinstance(error, MatchFileProblems) else error
        if isinstance(first, FileProblem):
            where = (_("line {line}").format(line=first.line) if first.line is not None else "") \
                + (", " if first.line is not None and first.key else "") + (first.key or "")
            said = f"{where}: {first.message}" if where else first.message
        else:
            said = str(first)
        more = len(error.problems) - 1 if isinstance(error, MatchFileProblems) else 0
        if more:
            said = ngettext("{problem} (and {n} more problem)", "{problem} (and {n} more problems)", more).format(
                problem=said, n=more)
        folder = os.path.dirname(os.path.abspath(self.path))
        for shown in (os.path.abspath(self.path), self.path):
            said = said.replace(shown, os.path.basename(self.path))
        said = said.replace(folder + os.sep, "")
        return _("The match file cannot be used: {problem}").format(problem=said)

    def wait(self, seen: int, timeout: float) -> Shown | None:
        """What to send a client that has been sent version ``seen``: the current page once it is another
        version, waiting up to ``timeout`` seconds for one; None when nothing changed (or the server stops)."""
        with self.changed:
            if self.shown.version == seen and not self.closing:
                self.changed.wait(timeout)
            shown = self.shown
        return shown if shown.version != seen and not self.closing else None

    def close(self) -> None:
        with self.changed:
            self.closing = True
            self.changed.notify_all()


class _Connection(NamedTuple):
    since: float
    streaming: bool


class ScoreboardServer(ThreadingHTTPServer):
    """The HTTP server of one match's scoreboard: ``run`` follows the file and serves until Ctrl-C, ``stop``
    ends it and every connection."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64

    def __init__(self, path: str, host: str, port: int, token: str, max_connections: int = MAX_CONNECTIONS,
                 request_timeout: float = REQUEST_TIMEOUT, write_timeout: float = WRITE_TIMEOUT,
                 heartbeat: float = HEARTBEAT) -> None:
        self.follower = MatchFollower(path)
        self.token = token.encode("ascii")
        self.max_connections = max_connections
        self.request_timeout = request_timeout
        self.write_timeout = write_timeout
        self.heartbeat = heartbeat
        self.open: dict[socket.socket, _Connection] = {}
        self.guard = threading.Lock()
        self.refused = 0
        self.faults: list[BaseException] = []
        self.serving: threading.Thread | None = None
        super().__init__((host, port), ScoreboardHandler)

    @property
    def port(self) -> int:
        return self.server_address[1]

    def start(self) -> News | None:
        """Read the match once, then answer requests on a thread of their own; News when the file cannot be
        used."""
        news = self.follower.refresh()
        self.serving = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": LOOK_EVERY},
                                        name="scoreboard", daemon=True)
        self.serving.start()
        return news

    def run(self, told: Callable[[News], None], stop: Callable[[], bool] = lambda: False) -> None:
        """Follow the match file and cut the connections past their deadline until ``stop()`` says so (or a
        Ctrl-C); ``told`` is given each News for the terminal."""
        if self.serving is None:
            self.start()
        while not stop():
            news = self.follower.refresh()
            if news is not None:
                told(news)
            self.cut_late()
            time.sleep(LOOK_EVERY)

    def stop(self) -> None:
        """Stop answering, and end every open connection (the pages' event streams among them)."""
        self.follower.close()
        if self.serving is not None:
            self.shutdown()
        self.server_close()
        with self.guard:
            connections = list(self.open)
        for connection in connections:
            _cut(connection)

    # -- connections ---------------------------------------------------------------------------------------
    def process_request(self, request, client_address) -> None:
        with self.guard:
            full = self.follower.closing or len(self.open) >= self.max_connections
            if not full:
                self.open[request] = _Connection(time.monotonic(), False)
        if full:
            self.refused += 1
            _busy(request)
            return
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        with self.guard:
            self.open.pop(request, None)
        super().shutdown_request(request)

    def streams(self, request) -> None:
        """The connection now carries an event stream: it has no request deadline any more."""
        with self.guard:
            if request in self.open:
                self.open[request] = self.open[request]._replace(streaming=True)

    def cut_late(self) -> None:
        """Cut every connection whose request has not come in whole in time (a client that trickles it)."""
        late = time.monotonic() - self.request_timeout
        with self.guard:
            cut = [request for request, held in self.open.items() if not held.streaming and held.since < late]
        for request in cut:
            _cut(request)

    def connections(self) -> int:
        with self.guard:
            return len(self.open)

    def handle_error(self, request, client_address) -> None:
        """A connection that failed (reset, cut, timed out) is no news for the scorer's terminal; anything
        else is kept for the tests to see, and the server goes on."""
        error = sys.exc_info()[1]
        if error is not None and not isinstance(error, (OSError, ValueError)):
            self.faults.append(error)


def _cut(request) -> None:
    try:
        request.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain\r\n"
        b"Content-Length: 0\r\nConnection: close\r\n\r\n")


def _busy(request) -> None:
    """Say 503 to a connection over the cap, without waiting for it, and close it."""
    try:
        request.setblocking(False)
        request.send(BUSY)
    except OSError:
        pass
    try:
        request.close()
    except OSError:
        pass


class ScoreboardHandler(BaseHTTPRequestHandler):
    """One request: the page, its event stream, or a refusal."""

    protocol_version = "HTTP/1.0"
    server_version = "scorekeeper"
    sys_version = ""
    error_message_format = "%(code)d %(message)s\n"
    error_content_type = "text/plain; charset=utf-8"
    server: ScoreboardServer

    def version_string(self) -> str:
        return self.server_version

    def setup(self) -> None:
        self.timeout = self.server.request_timeout
        super().setup()

    def log_message(self, format: str, *args) -> None:
        """Requests are not logged: the terminal is the scorer's."""

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _refuse_method(self) -> None:
        self.send_response(405)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse_method

    def _answer(self, body: bool) -> None:
        where = self.path.split("?", 1)[0].split("#", 1)[0]
        parts = where.split("/")
        token = self.server.token
        if len(parts) < 2 or parts[0] or not hmac.compare_digest(parts[1].encode("utf-8", "replace"), token):
            self.send_error(404)
            return
        rest = parts[2:]
        if not rest:
            self.send_response(301)
            self.send_header("Location", f"/{token.decode('ascii')}/")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif rest == [""]:
            self._page(body)
        elif rest == ["events"]:
            self._events(body)
        else:
            self.send_error(404)

    def _headers(self, kind: str, length: int | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", POLICY)
        self.end_headers()

    def _page(self, body: bool) -> None:
        shown = self.server.follower.shown
        self._headers("text/html; charset=utf-8", len(shown.page))
        if body:
            self.wfile.write(shown.page)

    def _events(self, body: bool) -> None:
        self._headers("text/event-stream; charset=utf-8")
        if not body:
            return
        server = self.server
        server.streams(self.connection)
        self.connection.settimeout(server.write_timeout)
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        self.wfile.write(f"retry: {RETRY_MS}\n\n".encode("ascii"))
        seen = -1
        while not server.follower.closing:
            shown = server.follower.wait(seen, server.heartbeat)
            if shown is None:
                if server.follower.closing:
                    break
                self.wfile.write(b": still here\n\n")
                continue
            self.wfile.write(shown.event)
            seen = shown.version
