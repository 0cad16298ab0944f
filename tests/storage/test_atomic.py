"""Writes are atomic: a write that fails or is interrupted halfway leaves the previous match file whole."""

from __future__ import annotations

import os

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
    real_open = open

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            raise OSError("No space left on device")

    def half_open(path, *args, **kwargs):
        handle = real_open(path, *args, **kwargs)
        return HalfWriter(handle) if str(path).endswith(".tmp") else handle

    monkeypatch.setattr(atomic, "open", half_open, raising=False)
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
