"""The match file is respected: one writer at a time (a lock beside it), symlinks followed, mode and owner
kept, temporary files of killed writes cleaned up."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from scorekeeper.storage import atomic
from scorekeeper.storage.lock import LockBusy, lock_path, match_lock
from scorekeeper.storage.matchfile import load_match

ROUND = ["round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"]

HOLD = """
import sys, time
from scorekeeper.storage.lock import match_lock
with match_lock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holder(path, seconds: float) -> subprocess.Popen:
    """Another process holding the match's lock for ``seconds``; returns once it holds it."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_writer_waits_then_refuses_naming_the_holder(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 5)
    try:
        started = time.monotonic()
        with pytest.raises(LockBusy) as refused:
            with match_lock(match, wait=0.3):
                pytest.fail("two writers held the lock at once")
        assert time.monotonic() - started >= 0.3
        message = str(refused.value)
        assert f"pid {holder.pid}" in message and "is being changed by another command" in message
        assert "\n" not in message
    finally:
        holder.kill()
        holder.wait()


def test_a_writer_waiting_gets_the_lock_when_the_holder_finishes(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 0.5)
    started = time.monotonic()
    try:
        with match_lock(match, wait=10) as held:
            assert time.monotonic() - started >= 0.4, "the lock was taken while the other process held it"
            assert f"pid {os.getpid()}" in open(held).read()
    finally:
        holder.wait()
    assert not os.path.exists(lock_path(match)), "the lock file was left beside the match"


def test_a_killed_holder_releases_the_lock(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 30)
    holder.kill()
    holder.wait()
    with match_lock(match, wait=1):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_writes_follow_a_symlink_to_its_target(sk):
    real = sk.folder / "season" / "real.toml"
    real.parent.mkdir()
    sk.path.symlink_to(os.path.join("season", "real.toml"))
    sk("new", "Masha", "Alex", "Olya", "Serg", "--force")
    sk(*ROUND)
    assert sk.path.is_symlink(), "the link was replaced by a regular file"
    assert len(load_match(real).rounds) == 1
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.toml"]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444])
def test_writes_keep_the_file_mode(sk, mode):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk.path.chmod(mode)
    sk(*ROUND)
    assert stat.S_IMODE(sk.path.stat().st_mode) == mode
    assert len(load_match(sk.path).rounds) == 1


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_writes_keep_the_file_owner(sk):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    os.chown(sk.path, 12345, 23456)
    sk(*ROUND)
    info = sk.path.stat()
    assert (info.st_uid, info.st_gid) == (12345, 23456)


def test_a_write_removes_temporary_files_of_killed_writes_only(tmp_path):
    target = tmp_path / "match.toml"
    target.write_text("old\n")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".match.toml.{dead.pid}.tmp"
    stale.write_text("half a write")
    running = tmp_path / f".match.toml.{os.getppid()}.tmp"  # a live process's write in progress
    running.write_text("being written")
    other = tmp_path / f".other.toml.{dead.pid}.tmp"
    other.write_text("another file's")
    atomic.write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert not stale.exists()
    assert running.exists() and other.exists()


def test_the_temporary_file_is_written_with_the_final_mode_before_the_rename(tmp_path, monkeypatch):
    target = tmp_path / "match.toml"
    target.write_text("old\n")
    target.chmod(0o600)
    modes = []
    real_replace = os.replace

    def spy(source, destination):
        modes.append(stat.S_IMODE(os.stat(source).st_mode))
        real_replace(source, destination)

    monkeypatch.setattr(atomic.os, "replace", spy)
    atomic.write_atomic(target, "new\n")
    assert modes == [0o600], "the new file was briefly readable by others"
def test_the_command_line_refuses_in_one_line_while_another_writer_holds_the_lock(sk, monkeypatch):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "0.2")
    holder = _holder(sk.path, 5)
    try:
        line = sk.fails(*ROUND, code=1)
        assert f"pid {holder.pid}" in line and "try again" in line
        sk("table")  # readers never block
    finally:
        holder.kill()
        holder.wait()
    sk(*ROUND)
    assert len(load_match(sk.path).rounds) == 1




def test_a_held_state_is_not_written_over_a_file_another_command_changed(sk):
    from scorekeeper.match import usecases
    from scorekeeper.storage.stamp import MatchChanged

    sk("new", "Masha", "Alex", "Olya", "Serg")
    facts = usecases.RoundFacts(out="Masha", totals=(("Alex", 3), ("Olya", 13), ("Serg", 5)))
    held = usecases.open_match(sk.path)
    held = usecases.record(held, facts).after  # our own writes keep the state current
    held = usecases.record(held, facts).after
    sk(*ROUND)  # another command
    before = sk.path.read_bytes()
    with pytest.raises(MatchChanged, match="changed by another command since it was read"):
        usecases.record(held, facts)
    assert sk.path.read_bytes() == before
    assert len(load_match(sk.path).rounds) == 3
    held = usecases.open_match(sk.path)
    os.utime(sk.path, ns=(1, 1))  # touched, the same text: not a change
    assert len(usecases.record(held, facts).match.rounds) == 4
