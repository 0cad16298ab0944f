"""The scoreboard server for the tests: served in this process on the loopback (``Served``), or started as the
installed ``scorekeeper serve`` (``ServeCommand``); and a reader of its event stream (``Events``)."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from conftest import command_environment, installed_command
from scorekeeper.web.server import ScoreboardServer

TOKEN = "test-token-0123456789"


class Served:
    """``ScoreboardServer`` on a free loopback port, following ``path`` on a thread until ``stop``."""

    def __init__(self, path: Path, **limits) -> None:
        self.server = ScoreboardServer(str(path), "127.0.0.1", 0, TOKEN, **limits)
        self.told: list = []
        self.stopping = threading.Event()
        self.server.start()
        self.thread = threading.Thread(target=self.server.run, args=(self.told.append, self.stopping.is_set),
                                       daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{TOKEN}/"

    def get(self, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, dict, bytes]:
        """One request: the status, the headers (lower-case names) and the body."""
        return request(self.port, path, method, headers)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)
        self.server.stop()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def request(port: int, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()


class Events:
    """An open event stream: ``next_board()`` is the next ``<main>`` the server pushes."""

    def __init__(self, port: int, path: str) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.socket.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])

    def _until(self, mark: bytes, timeout: float = 10) -> bytes:
        deadline = time.monotonic() + timeout
        while mark not in self.buffer:
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("the stream ended")
            self.buffer += chunk
        found, _, self.buffer = self.buffer.partition(mark)
        return found

    def next_board(self, timeout: float = 10) -> str:
        """The data of the next ``board`` event (comments and the retry line passed over)."""
        deadline = time.monotonic() + timeout
        while True:
            block = self._until(b"\n\n", max(0.01, deadline - time.monotonic())).decode("utf-8")
            lines = block.split("\n")
            if any(line == "event: board" for line in lines):
                return "\n".join(line[6:] for line in lines if line.startswith("data: "))

    def close(self) -> None:
        self.socket.close()


def visible(html: str) -> str:
    """The words a page shows: its tags, its style and its script taken out, entities read."""
    import html as module

    html = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(module.unescape(re.sub(r"<[^>]+>", " ", html)).split())


class ServeCommand:
    """The installed ``scorekeeper serve --port 0`` in ``folder``: its address, read from what it prints."""

    def __init__(self, folder: Path, *args: str, **environment: str) -> None:
        env = command_environment()
        env.update(environment)
        self.process = subprocess.Popen(installed_command() + [*args, "serve", "--port", "0"], cwd=folder, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.said = []
        for _ in range(6):
            line = self.process.stdout.readline()
            if not line:
                break
            self.said.append(line)
            if line.startswith("http://"):
                self.url = line.strip()
                break
        else:
            self.stop()
        assert hasattr(self, "url"), "".join(self.said) + self.process.stderr.read()

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C: the exit status and what it printed on stdout (after the address) and stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
        return self.process.returncode, out, err


def lock_file(path: Path) -> Path:
    from scorekeeper.storage.lock import lock_path

    return Path(lock_path(os.fspath(path)))
