"""``scorekeeper table --follow``: the table drawn again at every change of the match file, fitted to the
screen (40 and 80 columns, 24 lines) on a terminal, one drawing after another to a pipe; Ctrl-C stops it in
one line (issue 36)."""

from __future__ import annotations

import signal
import subprocess
import threading
import time

import pexpect
import pytest

from conftest import command_environment, installed_command
from pty_session import ended
from scorekeeper.reports.columns import width as width_of

FOUR = ("Masha", "Alex", "Olya", "Serg")
CLEAR = "\x1b[H\x1b[2J"
ROUNDS = ["Masha out, Alex 1-2 3-3, Olya 13, Serg 5", "Alex out, Masha 8, Olya 6, Serg 9", "fish 2 3 10 4",
          "fish 12 12 5 6", "Olya out, Masha 7, Alex 20, Serg 4", "Serg out, Alex 4-6, Olya 0-0, Masha 30",
          "Masha out, Alex 25, Olya 20, Serg 12"]


def _follow(folder, columns: int) -> pexpect.spawn:
    command = installed_command()
    env = command_environment()
    env.update({"TERM": "xterm", "SCOREKEEPER_LANG": "en"})
    env.pop("COLUMNS", None), env.pop("LINES", None)
    return pexpect.spawn(command[0], command[1:] + ["table", "--follow"], cwd=str(folder), env=env,
                         encoding="utf-8", timeout=10, dimensions=(24, columns))


def _drawing(child: pexpect.spawn, title: str) -> list[str]:
    """The next drawing that shows ``title``: its lines, from the screen cleared to the screen quiet."""
    return _timed_drawing(child, title)[0]


def _timed_drawing(child: pexpect.spawn, title: str) -> tuple[list[str], float]:
    """The next drawing that shows ``title``, and the moment (``time.monotonic``) its title came; the wait for
    the screen to go quiet after it is not counted."""
    child.expect_exact(title)
    came = time.monotonic()
    shown = child.before.rpartition(CLEAR)[2] + title
    child.expect(pexpect.TIMEOUT, timeout=0.6)
    return (shown + child.before).split(CLEAR)[0].replace("\r\n", "\n").split("\n"), came


def _stopped(child: pexpect.spawn) -> str:
    """Ctrl-C: what it said after it, once it ended (exit 0)."""
    child.kill(signal.SIGINT)
    child.expect(pexpect.EOF)
    ended(child)
    assert child.exitstatus == 0, child.before
    return child.before.replace("\r\n", "\n")


@pytest.mark.parametrize("columns", [40, 80])
def test_on_a_terminal_each_change_is_drawn_within_the_screen(sk, columns):
    sk("new", "--rules", "goat", *FOUR)
    for line in ROUNDS:
        sk("round", line)
    child = _follow(sk.folder, columns)
    try:
        lines = _drawing(child, "Goat: 7 rounds")
        assert len(lines) <= 23 and max(width_of(line) for line in lines) <= columns, "\n".join(lines)
        assert lines[0].startswith("match.toml at ") and any("Masha leads next" in line for line in lines)
        sk("round", "Olya out, Masha 5, Alex 11, Serg 2")
        saved = time.monotonic()  # from the save, as the page's tests count: the command's own time is not the follow's
        lines, came = _timed_drawing(child, "Goat: 8 rounds")
        assert came - saved < 2
        assert len(lines) <= 23 and max(width_of(line) for line in lines) <= columns, "\n".join(lines)
        assert any("Match over: Alex is the goat" in line for line in lines), "\n".join(lines)
        sk("undo")
        saved = time.monotonic()
        came = _timed_drawing(child, "Goat: 7 rounds")[1]
        assert came - saved < 2
    finally:
        said = _stopped(child)
    assert "Stopped following match.toml." in said


def test_a_broken_file_is_shown_and_the_table_comes_back(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", ROUNDS[0])
    child = _follow(sk.folder, 40)
    try:
        _drawing(child, "Goat: 1 round")
        good = sk.path.read_text(encoding="utf-8")
        sk.path.write_text(good.replace('end = "out"', 'end = "over"'), encoding="utf-8")
        child.expect_exact("the table shows again")
        sk.path.write_text(good, encoding="utf-8")
        _drawing(child, "Goat: 1 round")
    finally:
        _stopped(child)


def test_to_a_pipe_each_drawing_follows_the_last(sk):
    sk("new", "--rules", "goat", *FOUR)
    process = subprocess.Popen(installed_command() + ["table", "--follow"], cwd=sk.folder,
                               env=command_environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    read = []
    # a drawing that never comes must fail the test, not hang the suite: the follow is stopped after 120 s,
    # which ends its output, and the read below then fails with what came
    watchdog = threading.Timer(120, process.kill)
    watchdog.start()

    def read_until(title: str) -> None:  # each drawing as it comes, however slow a loaded machine makes it
        while not any(title in line for line in read):
            line = process.stdout.readline()
            assert line, f"no {title!r} in:\n" + "".join(read)
            read.append(line)

    try:
        read_until("Goat: 0 rounds")
        sk("round", ROUNDS[0])
        read_until("Goat: 1 round;")
    finally:
        watchdog.cancel()
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=60)
    out = "".join(read) + rest
    assert process.returncode == 0 and err == ""
    assert "\x1b" not in out
    assert out.index("Goat: 0 rounds") < out.index("Goat: 1 round;") < out.index("Stopped following match.toml.")


@pytest.mark.parametrize("flag", [["--all"], ["--wide"], ["--rules", "sea-goat"], ["--format", "json"]])
def test_follow_takes_no_other_layout(sk, flag):
    sk("new", *FOUR)
    said = sk.fails("table", "--follow", *flag, code=2)
    assert "--follow" in said
