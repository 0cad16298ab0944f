"""What ``export -o`` and ``chart -o`` write (issue 34, items 3 and 8), and the other files made from a match
(kept copies, the lock): never more open than the match, never over the match or its lock, and a device or
a pipe written as a stream, never replaced. Device nodes are made in the test's own folder (as root); no
test writes into a real device or outside its temporary folder."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading

import pytest

from conftest import command_environment, installed_command
from scorekeeper.storage import matchfile
from scorekeeper.storage.lock import lock_path, match_lock

ROUNDS = [["round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"], ["round", "fish 2 3 13 5"]]
FORMATS = ["json", "toml", "csv", "markdown"]
ROOT = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                          reason="only root makes device nodes and gives files away")


@pytest.fixture
def played(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    for args in ROUNDS:
        sk(*args)
    return sk


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask():
    """Runs the test under a umask of 022, as most desks have it, whatever the suite's."""
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o644, 0o400])
def test_an_export_is_no_more_open_than_the_match(played, tmp_path, umask, fmt, mode):
    """Issue 34, item 3: a 0600 match gave 0644 exports."""
    played.path.chmod(mode)
    out = tmp_path / f"out.{fmt}"
    played("export", "--format", fmt, "-o", str(out))
    assert _mode(out) == mode & 0o644
    assert out.read_text(encoding="utf-8") == played("export", "--format", fmt).stdout


def test_an_export_written_over_an_open_file_takes_the_matchs_mode(played, tmp_path, umask):
    played.path.chmod(0o600)
    out = tmp_path / "season.csv"
    out.write_text("old\n")
    out.chmod(0o666)
    played("export", "--format", "csv", "-o", str(out), "--force")
    assert _mode(out) == 0o600
    assert out.read_text(encoding="utf-8").startswith("round,side")


def test_a_chart_is_no_more_open_than_the_match(played, tmp_path, umask):
    played.path.chmod(0o640)
    out = tmp_path / "chart.txt"
    played("chart", "--text", "-o", str(out))
    assert _mode(out) == 0o640


@pytest.mark.parametrize("command", [["new", "--force", "Ann", "Bob"], ["import", "--force", "other.json"]])
@pytest.mark.parametrize("linked", [True, False], ids=["hard-link", "copy"])
def test_a_kept_copy_is_no_more_open_than_the_match(played, tmp_path, umask, monkeypatch, command, linked):
    """A kept copy is a hard link (the match's own mode), or, where there are no links, a copy."""
    played("export", "--format", "json", "-o", str(tmp_path / "other.json"))
    played.path.chmod(0o600)
    if not linked:
        def no_links(*args, **kwargs):
            raise OSError("no hard links here")
        monkeypatch.setattr(matchfile.os, "link", no_links)
    monkeypatch.chdir(tmp_path)
    said = played(*command).stdout
    kept = [path for path in tmp_path.iterdir() if path.name.startswith("match.") and path.name != "match.toml"]
    assert len(kept) == 1 and kept[0].name in said
    assert _mode(kept[0]) == 0o600


@ROOT
def test_a_file_made_from_a_match_goes_to_the_matchs_owner_and_group(played, tmp_path, umask):
    played.path.chmod(0o640)
    os.chown(played.path, 12345, 23456)
    out = tmp_path / "out.json"
    played("export", "-o", str(out))
    info = out.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 23456, 0o640)


@pytest.mark.parametrize("mode, lock", [(0o600, 0o600), (0o640, 0o640), (0o644, 0o644), (0o660, 0o640),
                                        (0o400, 0o600)])
def test_the_lock_file_is_readable_by_the_matchs_readers_alone(played, umask, mode, lock):
    """The lock names the command that holds it (its words): no more open than the match, but readable by
    whoever may write the match, who must be able to open it to take it."""
    played.path.chmod(mode)
    with match_lock(played.path) as held:
        assert _mode(held) == lock
    assert not os.path.exists(lock_path(played.path))


def test_an_export_never_replaces_the_matchs_lock(played):
    """Issue 34, item 3: 'export -o .match.toml.lock --force' put the match's contents at 0644 in the lock's
    place, and a writer holding the old lock and one locking the new file could both be inside."""
    lock = lock_path(played.path)
    before = played.path.read_bytes()
    line = played.fails("export", "-o", lock, "--force", code=1)
    assert line == f"Error: {lock} is the lock file of a match beside it: nothing was written; name another file"
    assert not os.path.exists(lock)
    with match_lock(played.path):  # held by another writer: its lock file is left as it is
        held = os.stat(lock)
        played.fails("export", "-o", lock, "--force", code=1)
        played.fails("chart", "--text", "-o", lock, code=1)
        assert (os.stat(lock).st_ino, os.stat(lock).st_size) == (held.st_ino, held.st_size)
    assert played.path.read_bytes() == before


def test_an_export_never_replaces_a_write_in_progress(played):
    temporary = played.folder / f".match.toml.{os.getpid()}.tmp"
    line = played.fails("export", "-o", str(temporary), "--force", code=1)
    assert "where a write of a match beside it is made" in line
    assert not temporary.exists()


@pytest.mark.parametrize("name", ["link.toml", "hard.toml"])
def test_an_export_never_writes_over_the_match_by_another_name(played, name):
    other = played.folder / name
    if name == "link.toml":
        other.symlink_to(played.path)
    else:
        os.link(played.path, other)
    before = played.path.read_bytes()
    for command in (["export", "-o", str(other), "--force"], ["chart", "--text", "-o", str(other)]):
        assert "is the match file itself" in played.fails(*command, code=1)
    assert played.path.read_bytes() == before and other.read_bytes() == before


def test_dash_is_the_standard_output(played, monkeypatch):
    monkeypatch.chdir(played.folder)
    for fmt in FORMATS:
        assert played("export", "--format", fmt, "-o", "-").stdout == played("export", "--format", fmt).stdout
    assert played("chart", "--text", "-o", "-").stdout.count("\n") >= 10
    assert not (played.folder / "-").exists()


@ROOT
@pytest.mark.parametrize("force", [False, True])
def test_a_device_is_written_as_a_stream_and_stays_a_device(played, tmp_path, force):
    """Issue 34, item 8: 'export -o /dev/null --force' renamed a plain file over /dev/null. Here a node of
    /dev/null's kind, made in the test's own folder."""
    node = tmp_path / "null"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    played("export", "--format", "json", "-o", str(node), *(["--force"] if force else []))
    played("chart", "--text", "-o", str(node))
    info = os.lstat(node)
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["match.toml", "null"]  # no temporary file


@ROOT
def test_a_disk_is_never_written(played, tmp_path):
    node = tmp_path / "disk"
    os.mknod(node, stat.S_IFBLK | 0o600, os.makedev(7, 250))  # a loop device nobody set up: never opened
    line = played.fails("export", "-o", str(node), "--force", code=1)
    assert line == (f"Error: {node} is a disk (a block device): nothing was written; name a file, a pipe or - for "
                    "the standard output")
    assert stat.S_ISBLK(os.lstat(node).st_mode)


def test_a_pipe_is_written_as_a_stream(played, tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    played("export", "--format", "json", "-o", str(pipe))
    reader.join(timeout=60)
    assert received == [played("export", "--format", "json").stdout.encode("utf-8")]
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def _installed(folder, command: str) -> subprocess.CompletedProcess:
    line = " ".join(f"'{part}'" for part in installed_command())
    return subprocess.run(["sh", "-c", f"{line} {command}"], cwd=folder, capture_output=True, text=True,
                          env=command_environment(), timeout=60)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell and /dev/stdout")
def test_dev_stdout_is_the_standard_output_whatever_it_is(tmp_path):
    """Issue 34, item 8: '-o /dev/stdout' failed naming a temporary file in /proc; written into as it is:
    a pipe, or the file the shell opened (neither replaced nor cut: '>>' appends)."""
    assert _installed(tmp_path, "new Masha Alex").returncode == 0
    assert _installed(tmp_path, "round 'Masha out, Alex 5'").returncode == 0
    expected = _installed(tmp_path, "export --format csv").stdout
    piped = _installed(tmp_path, "export --format csv -o /dev/stdout")
    assert (piped.returncode, piped.stdout) == (0, expected), piped.stderr
    out = tmp_path / "out.csv"
    out.write_text("before\n")
    inode = out.stat().st_ino
    assert _installed(tmp_path, "export --format csv -o /dev/stdout >> out.csv").returncode == 0
    assert _installed(tmp_path, "export --format csv -o /dev/fd/1 >> out.csv").returncode == 0
    assert out.read_text() == "before\n" + expected + expected and out.stat().st_ino == inode
    assert _installed(tmp_path, "export --format csv -o /dev/stdout > out.csv").returncode == 0
    assert out.read_text() == expected and out.stat().st_ino == inode
    assert sorted(path.name for path in tmp_path.iterdir()) == ["match.toml", "out.csv"]
