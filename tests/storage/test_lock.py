"""The lock never writes through a name someone else put there (issue 25, item 2), and its wait is a
number of seconds that cannot be forever (item 13)."""

from __future__ import annotations

import os

import pytest

from scorekeeper.errors import InputError
from scorekeeper.storage.lock import LONGEST_WAIT, lock_path, lock_wait, match_lock
from scorekeeper.storage.matchfile import load_match

ROUND = ["round", "Ann out, Bob 3"]


def _started(sk) -> bytes:
    sk("new", "Ann", "Bob")
    return sk.path.read_bytes()


def test_a_lock_file_symlink_to_the_match_is_refused_and_the_match_kept(sk):
    before = _started(sk)
    link = sk.folder / ".match.toml.lock"
    link.symlink_to("match.toml")
    line = sk.fails(*ROUND, code=1)
    assert "is a symbolic link, not a lock scorekeeper made" in line and str(link) in line
    assert sk.path.read_bytes() == before
    assert link.is_symlink() and sorted(p.name for p in sk.folder.iterdir()) == [".match.toml.lock", "match.toml"]


def test_a_lock_file_symlink_to_another_file_never_creates_or_writes_it(sk, tmp_path_factory):
    _started(sk)
    elsewhere = tmp_path_factory.mktemp("other") / "victim.txt"
    (sk.folder / ".match.toml.lock").symlink_to(elsewhere)
    sk.fails(*ROUND, code=1)
    assert not elsewhere.exists()
    elsewhere.write_text("someone's notes\n")
    sk.fails(*ROUND, code=1)
    assert elsewhere.read_text() == "someone's notes\n"


def test_a_lock_file_hard_linked_to_the_match_is_never_written_into(sk):
    before = _started(sk)
    os.link(sk.path, sk.folder / ".match.toml.lock")
    sk(*ROUND)
    assert load_match(sk.path).rounds[0].hands["Bob"].total == 3
    assert b"pid " not in sk.path.read_bytes()
    assert before.startswith(b"# scorekeeper match log")
    assert sorted(p.name for p in sk.folder.iterdir()) == ["match.toml"]


def test_a_lock_file_left_behind_is_removed_not_truncated(tmp_path):
    match = tmp_path / "match.toml"
    stale = tmp_path / ".match.toml.lock"
    stale.write_text("pid 1 on nowhere: a killed writer\n")
    other_name = tmp_path / "other-name"
    os.link(stale, other_name)  # the file found there, seen through a second name
    with match_lock(match, wait=0) as held:
        assert f"pid {os.getpid()}" in open(held).read()
        assert other_name.read_text() == "pid 1 on nowhere: a killed writer\n", "wrote into a file it found"
    assert not os.path.lexists(lock_path(match))
    assert other_name.read_text() == "pid 1 on nowhere: a killed writer\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_the_way_of_the_lock_is_refused_at_once(sk):
    before = _started(sk)
    os.mkfifo(sk.folder / ".match.toml.lock")
    line = sk.fails(*ROUND, code=1)
    assert "is not a regular file" in line
    assert sk.path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("language, link, other", [("ru", "это символическая ссылка", "это не обычный файл"),
                                                   ("uk", "це символічне посилання", "це не звичайний файл")])
def test_what_is_in_the_way_of_the_lock_is_said_in_the_language(sk, language, link, other):
    """The refusal put English words into the Russian and Ukrainian sentence ('это a symbolic link, а не
    блокировка scorekeeper')."""
    before = _started(sk)
    lock = sk.folder / ".match.toml.lock"
    lock.symlink_to("match.toml")
    said = sk("--lang", language, *ROUND, code=1).stderr
    assert link in said and "symbolic" not in said
    lock.unlink()
    os.mkfifo(lock)
    said = sk("--lang", language, *ROUND, code=1).stderr
    assert other in said and "regular" not in said
    assert sk.path.read_bytes() == before


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1", "abc", "3s", "601", "600.5", "1000",
                                   # issue 34, item 9: what float() takes and a setting should not
                                   "1_0", "٣", "０", " 3", "3 ", " ", "1e1", ".5", "5.", "+3", "0x3"])
def test_an_unusable_lock_wait_is_refused_in_one_line(sk, monkeypatch, value):
    before = _started(sk)
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", value)
    line = sk.fails(*ROUND, code=2)
    assert line == (f"Error: SCOREKEEPER_LOCK_WAIT must be seconds from 0 to {LONGEST_WAIT:g} in the digits 0-9 "
                    f"(3, 0.5), not '{value}': nothing was written")
    assert sk.path.read_bytes() == before
    sk("table")  # readers take no lock: the setting does not concern them


@pytest.mark.parametrize("value, wait", [("0", 0.0), ("0.25", 0.25), ("600", 600.0), ("007", 7.0),
                                         ("600.000", 600.0), ("", 3.0)])
def test_a_lock_wait_in_range_is_taken(monkeypatch, value, wait):
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", value)
    assert lock_wait() == wait


def test_without_the_setting_the_wait_is_the_default(monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_LOCK_WAIT", raising=False)
    assert lock_wait() == 3.0


def test_nan_is_refused_by_the_library_too(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "nan")
    with pytest.raises(InputError, match="SCOREKEEPER_LOCK_WAIT"):
        with match_lock(tmp_path / "match.toml"):
            pytest.fail("the lock was taken with a wait of nan")


@pytest.mark.parametrize("wait", [float("nan"), float("inf"), -1.0, 1e308])
def test_a_library_caller_cannot_wait_forever_either(tmp_path, wait):
    with pytest.raises(ValueError, match="a lock's wait is 0 to 600 seconds"):
        with match_lock(tmp_path / "match.toml", wait=wait):
            pytest.fail("the lock was taken with an endless wait")
    assert list(tmp_path.iterdir()) == []
