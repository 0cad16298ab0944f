"""A live session when the file system, the terminal or the input misbehave (issue 25, items 7-9): a write
error refuses the line and the session goes on, holding the match, and 'save' writes it once the fault is
gone; bytes the terminal's encoding cannot read are refused in one line; what was typed is shown escaped."""

from __future__ import annotations

import errno
import os

import pytest

from scorekeeper.cli.app import cli
from scorekeeper.cli.play_command import undecodable
from scorekeeper.live.session import LiveSession, Screen

PLAYERS = ("Masha", "Alex", "Olya", "Serg")


@pytest.fixture
def session(sk) -> LiveSession:
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "m out 3 13 5")
    return LiveSession.open(str(sk.path), screen=lambda: Screen(None, None))  # no wrapping: long paths


class Fault:
    """Makes the file system refuse with ``number`` (ENOSPC: a full disk...) while ``on``: the new file going in
    place (``os.replace``), or every file created (``open``: the lock file and the temporary file)."""

    def __init__(self, monkeypatch, name: str, number: int) -> None:
        import builtins

        self.on = True

        def refuse(path) -> None:
            raise OSError(number, os.strerror(number), path)

        if name == "replace":
            real_replace = os.replace
            monkeypatch.setattr(os, "replace", lambda *args: refuse(args[0]) if self.on else real_replace(*args))
            return
        real_open, real_builtin_open = os.open, builtins.open

        def creating(path, flags, *args, **kwargs):
            if self.on and flags & os.O_CREAT:
                refuse(path)
            return real_open(path, flags, *args, **kwargs)

        def writing(path, mode="r", *args, **kwargs):
            if self.on and ("w" in mode or "x" in mode):
                refuse(path)
            return real_builtin_open(path, mode, *args, **kwargs)

        monkeypatch.setattr(os, "open", creating)
        monkeypatch.setattr(builtins, "open", writing)


FAULTS = [
    ("replace", errno.ENOSPC),  # a full disk as the new file goes in place
    ("open", errno.EROFS),  # a read-only file system: no lock file, no temporary file
    ("open", errno.EACCES),  # a folder the user cannot write
]


def _rounds(sk) -> int:
    from scorekeeper.storage.matchfile import load_match

    return len(load_match(str(sk.path)).rounds)


@pytest.mark.parametrize("name, number", FAULTS)
def test_a_write_error_refuses_the_line_keeps_the_match_and_save_writes_it_once_fixed(sk, session, monkeypatch,
                                                                                      name, number):
    before = sk.path.read_bytes()
    fault = Fault(monkeypatch, name, number)
    reply = session.handle("a out 1 2 3")
    assert not reply.ok and not reply.quit
    assert reply.text == (f"Error: {session.path} cannot be written ({os.strerror(number)}). Nothing was recorded; "
                    "the match held here (1 round) is kept: once that is fixed, 'save' writes it and the line can "
                    "be typed again.")
    assert len(session.state.match.rounds) == 1 and sk.path.read_bytes() == before
    assert not session.handle("save").ok  # still failing: said again, nothing changed
    assert sk.path.read_bytes() == before
    assert [p.name for p in sk.folder.iterdir()] == ["match.toml"]

    fault.on = False
    assert session.handle("save").text == f"Saved the match (1 round) in {session.path}: it can be written again."
    assert session.handle("save").text.endswith("holds the match: every line is saved as it is typed.")
    assert session.handle("a out 1 2 3").text.startswith("Round 2: Alex out")
    assert _rounds(sk) == 2


def test_save_after_a_write_error_never_writes_over_another_command(sk, session, monkeypatch):
    fault = Fault(monkeypatch, "replace", errno.ENOSPC)
    assert not session.handle("a out 1 2 3").ok
    fault.on = False
    sk("round", "o out 4 5 6")  # another command, once the disk has room again
    written = sk.path.read_bytes()
    assert "was changed by another command: reloaded it (2 rounds)" in session.handle("save").text
    assert sk.path.read_bytes() == written


def test_play_stays_open_through_a_write_error(sk, monkeypatch):
    """Issue 25, 7: 'play' exited at the first line after a write error, with status 1."""
    sk("new", "--rules", "goat", *PLAYERS)
    real, failures = os.replace, []

    def full_once(*args, **kwargs):
        if not failures:
            failures.append(args)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, "replace", full_once)
    result = sk.runner.invoke(cli, ["--match", str(sk.path), "play"], input="m out 3 13 5\nsave\nm out 3 13 5\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("Error: ") == 1 and "(No space left on device)" in result.stderr
    assert "Saved the match (0 rounds)" in result.stdout and "Round 1: Masha out" in result.stdout
    assert _rounds(sk) == 1


@pytest.mark.parametrize("line, shown", [
    ("Masha out, \x16\x1b[2JAlex 3", r"'\x16\x1b[2JAlex'"),
    ("M\x00sha out", r"'\x00sha'"),
    ("edit 1 \x1b]0;title\x07", r"'\x1b]0'"),
])
def test_control_bytes_typed_are_shown_escaped(session, line, shown):
    """Issue 25, 9: the session echoed them raw (an escape sequence in an error cleared the screen)."""
    reply = session.handle(line)
    assert not reply.ok and shown in reply.text, reply.text
    assert all(char.isprintable() or char == "\n" for char in reply.text), reply.text


def test_a_line_the_terminal_encoding_cannot_read_is_refused_in_one_line():
    assert undecodable("Masha out 1 2 3") == ""
    line = "Ёлка out".encode("utf-8").decode("ascii", "surrogateescape")
    said = undecodable(line)
    assert said.startswith("the line could not be read: byte 0xd0 (character 1) is not text in the terminal's "
                           "encoding")


def test_play_refuses_an_undecodable_line_and_goes_on(sk):
    """Issue 25, 8: under an ASCII terminal, 'Ёлка out' was a UnicodeDecodeError traceback, exit 1."""
    from click.testing import CliRunner

    sk("new", "--rules", "goat", *PLAYERS)
    runner = CliRunner(charset="ascii")
    result = runner.invoke(cli, ["--match", str(sk.path), "play"],
                           input="Ёлка out, Alex 3\nm out 3 13 5\n".encode("utf-8"))
    assert result.exit_code == 0, result.output
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("Error: the line could not be read: byte 0xd0 (character 1)")
    assert "Round 1: Masha out" in result.stdout
