"""``scorekeeper serve`` as the scorer runs it (the installed command): the address it prints, what it says
when the match file breaks or comes back, ``--lan`` and its QR code, a port in use, Ctrl-C (issue 36)."""

from __future__ import annotations

import re
import signal
import socket
import time

import pexpect
import pytest

import pseudo
from conftest import command_environment, installed_command
from scorekeeper.reports.columns import width
from scorekeeper.web.address import new_token, page_address, qr_code
from serving import ServeCommand, request

FOUR = ("Masha", "Alex", "Olya", "Serg")
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]{16})/")


def _port_token(url: str) -> tuple[int, str]:
    found = ADDRESS.fullmatch(url)
    assert found, url
    return int(found.group(1)), found.group(2)


def test_it_prints_the_address_serves_it_and_stops_in_one_line(sk):
    sk("new", "--rules", "goat", *FOUR)
    served = ServeCommand(sk.folder)
    try:
        assert served.said[0].startswith("The scoreboard of match.toml is served")
        assert served.said[-2].strip() == "On this computer, open:"
        port, token = _port_token(served.url)
        status, _, body = request(port, f"/{token}/")
        assert status == 200 and b"Masha" in body
        assert request(port, "/")[0] == 404
    finally:
        code, out, err = served.stop()
    assert code == 0 and out.strip() == "Stopped: the scoreboard is no longer served." and err == ""


def test_a_new_token_each_time(sk):
    sk("new", *FOUR)
    first, second = ServeCommand(sk.folder), ServeCommand(sk.folder)
    try:
        assert _port_token(first.url)[1] != _port_token(second.url)[1]
        old_port, old_token = _port_token(first.url)
        new_port, _ = _port_token(second.url)
        assert request(new_port, f"/{old_token}/")[0] == 404
    finally:
        first.stop(), second.stop()


def test_the_terminal_says_when_the_file_breaks_and_when_it_is_back(sk):
    served = ServeCommand(sk.folder)  # no match yet: served all the same, the problem said
    try:
        sk("new", "--rules", "goat", *FOUR)
        time.sleep(1)
    finally:
        code, out, err = served.stop()
    assert code == 0
    lines = err.strip().splitlines()
    assert lines[0].startswith("The match file cannot be used: ") and "no match file here" in lines[0]
    assert "match.toml: no match file here" in lines[0]  # the terminal is the scorer's: it says which file
    assert lines[-1] == "The match file can be read again: the page shows it."


def test_a_port_in_use_is_said_in_one_line(sk, run_installed):
    sk("new", *FOUR)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_installed("--match", str(sk.path), "serve", "--port", str(port), code=1)
    assert done.stderr == f"Error: port {port} is in use (another scoreboard?): choose another with --port\n"
    assert done.stdout == ""


def test_a_port_out_of_range_is_refused(sk):
    said = sk.fails("serve", "--port", "70000", code=2)
    assert "--port" in said


def test_lan_prints_the_address_for_phones_and_its_qr_code(sk):
    """``--lan`` listens on every address (the test reaches it on the loopback only); on a terminal the address
    comes with its QR code, within 40 columns and 24 lines."""
    sk("new", *FOUR)
    command = installed_command()
    env = command_environment()
    env.update({"TERM": "xterm", "SCOREKEEPER_LANG": "en"})
    child = pexpect.spawn(command[0], command[1:] + ["serve", "--lan", "--port", "0"], cwd=str(sk.folder),
                          env=env, encoding="utf-8", timeout=10, dimensions=(24, 40))
    try:
        child.expect(r"http://(\S+):(\d+)/([A-Za-z0-9_-]{16})/")
        host, port, token = child.match.group(1), int(child.match.group(2)), child.match.group(3)
        said = child.before
        child.expect(pexpect.TIMEOUT, timeout=1)
        code = child.before.replace("\r\n", "\n").strip("\n").split("\n")
        if "no address on a local network" in said:
            assert host == "127.0.0.1"
        else:
            assert "On a phone on this network, open:" in said and host != "127.0.0.1"
            assert len(code) >= 15 and all(set(line) <= set("█▀▄ ") for line in code), code
            assert max(width(line) for line in code) <= 40 and len(code) + 5 <= 24
        assert request(port, f"/{token}/")[0] == 200  # listening on every address: the loopback too
        child.kill(signal.SIGINT)
        child.expect(r"Stopped: the scoreboard is no longer\s+served\.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_every_word_it_says_comes_from_the_catalogs(sk, catalogs):
    served = ServeCommand(sk.folder, SCOREKEEPER_LOCALEDIR=catalogs, SCOREKEEPER_LANG=pseudo.LANGUAGE)
    try:
        sk("new", *FOUR)
        time.sleep(1)
    finally:
        code, out, err = served.stop()
    said = "".join(served.said[:-1]) + out + err
    assert code == 0 and "⟦" in said
    assert pseudo.unmarked(said, ("match.toml", "scorekeeper", "goat", "PLAYER", "PATH", "new", "rules")) == [], said


def test_the_token_and_the_qr_code():
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(re.fullmatch(r"[A-Za-z0-9_-]{16}", token) for token in tokens)
    address = page_address("255.255.255.255", 65535, new_token())  # the longest there is
    code = qr_code(address).split("\n")
    assert max(len(line) for line in code) <= 33 and len(code) <= 17  # a phone's 40 columns, 24 lines
    assert page_address("::1", 8101, "t") == "http://[::1]:8101/t/"


@pytest.mark.parametrize("flag", ["--lan", "--port"])
def test_help_names_each_option(sk, flag):
    assert flag in sk("serve", "--help").stdout
