"""Writes are atomic: a write that fails or is interrupted halfway leaves the previous match file whole."""

from __future__ import annotations

import os
import stat

import pytest

from scorekeeper.cli.app import cli
from scorekeeper.storage import atomic
from scorekeeper.storage.matchfile import load_match

ROUND = ["round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"]


def _start(sk):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk(*ROUND)
    return sk.path.read_bytes()


@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt()])
def test_a_write_interrupted_halfway_leaves_the_old_file(sk, monkeypatch, failure):
    before = _start(sk)
    real_fsync = os.fsync

    def fail_after_half(descriptor):
        raise failure  # the temporary file holds the new text by now; it must not replace the match

    monkeypatch.setattr(atomic.os, "fsync", fail_after_half)
    result = sk.runner.invoke(cli, ["--match", str(sk.path), *ROUND])
    monkeypatch.setattr(atomic.os, "fsync", real_fsync)
    assert result.exit_code != 0
    assert sk.path.read_bytes() == before
    assert len(load_match(sk.path).rounds) == 1
    assert [p.name for p in sk.folder.iterdir()] == ["match.toml"], "the temporary file was left behind"


def test_a_partly_written_temporary_file_never_replaces_the_match(sk, monkeypatch):
    before = _start(sk)
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

        def fileno(self):
            return self.handle.fileno()

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            raise OSError("No space left on device")

    def half_open(descriptor, *args, **kwargs):
        return HalfWriter(real_fdopen(descriptor, *args, **kwargs))

    monkeypatch.setattr(atomic.os, "fdopen", half_open)
    result = sk("round", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=2", "--total", "Serg=3", code=1)
    assert "No space left on device" in result.stderr
    assert sk.path.read_bytes() == before
    assert load_match(sk.path).rounds[0].out == "Masha"


def test_write_atomic_replaces_whole(tmp_path):
    target = tmp_path / "m.toml"
    atomic.write_atomic(target, "one\n")
    atomic.write_atomic(target, "two\n")
    assert target.read_text() == "two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.toml"]


@pytest.mark.parametrize("umask", [0o022, 0o000], ids=["umask-022", "umask-000"])
def test_the_temporary_file_of_a_private_match_is_never_more_open_than_the_match(sk, monkeypatch, umask):
    """Issue 25, item 3: the temporary file had the umask's mode (0644) until it was given the match's."""
    _start(sk)
    sk.path.chmod(0o600)
    modes = []
    real_open = os.open

    def watch_open(path, flags, mode=0o777, *args, **kwargs):
        descriptor = real_open(path, flags, mode, *args, **kwargs)
        if str(path).endswith(".tmp"):
            modes.append(("created", os.fstat(descriptor).st_mode & 0o777))
        return descriptor

    real_fdopen = os.fdopen

    class Watched:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)

        def __getattr__(self, name):
            return getattr(self.handle, name)

        def write(self, data):
            modes.append(("written", os.fstat(self.handle.fileno()).st_mode & 0o777))
            return self.handle.write(data)

    old_umask = os.umask(umask)
    try:
        monkeypatch.setattr(atomic.os, "open", watch_open)
        monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: Watched(real_fdopen(*a, **k)))
        sk("round", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=2", "--total", "Serg=3")
    finally:
        os.umask(old_umask)
        monkeypatch.undo()
    assert modes == [("created", 0o600), ("written", 0o600)]
    assert stat.S_IMODE(sk.path.stat().st_mode) == 0o600


def test_a_new_file_has_the_umasks_mode(tmp_path):
    old_umask = os.umask(0o027)
    try:
        atomic.write_atomic(tmp_path / "new.toml", "x\n")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o640


def test_a_link_planted_as_the_temporary_file_is_not_written_through(tmp_path):
    target = tmp_path / "match.toml"
    target.write_text("old\n")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / f".match.toml.{os.getpid()}.tmp").symlink_to(victim)
    atomic.write_atomic(target, "new\n")
    assert target.read_text() == "new\n" and victim.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.toml", "victim.txt"]
