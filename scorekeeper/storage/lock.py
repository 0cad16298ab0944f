"""One writer at a time: an advisory lock around every read-modify-write of a match file.

    with match_lock("match.toml"):
        ...read the match, check the change, write it...

The lock is ``fcntl.flock`` on a lock file beside the match (``.match.toml.lock``, beside the real file when
the match is a symlink). A second writer waits up to ``wait`` seconds, then ``LockBusy`` names the holder:
the holder writes its pid, host and command line into the lock file. Readers never take the lock: every write
is an atomic rename, so a reader sees the old file or the new one, whole.

The holder removes the lock file before it lets go, so none is left beside the match. A writer that gets
the lock on a file that was removed meanwhile (its holder let go between our open and our lock) tries
again on the new one, so two writers never hold locks on two different files.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Iterator
from contextlib import contextmanager

from scorekeeper.errors import StateError

DEFAULT_WAIT = 3.0
"""Seconds a second writer waits for the first: a command holds the lock only while it reads, checks and writes."""


class LockBusy(StateError):
    """Another command is changing the match and did not finish in time."""

    def __init__(self, message: str, holder: str = ""):
        super().__init__(message)
        self.holder = holder


def lock_path(match_path: str) -> str:
    """The lock file for a match file: beside the file it really is (a symlink's target)."""
    real = os.path.realpath(os.fspath(match_path))
    folder, name = os.path.split(real)
    return os.path.join(folder, f".{name}.lock")


def _holder_line() -> str:
    command = " ".join([os.path.basename(sys.argv[0]) or "python"] + sys.argv[1:])
    return f"pid {os.getpid()} on {os.uname().nodename}: {command}\n"  # os.uname: socket imports enum


def _describe(text: str) -> str:
    """Who holds the lock, from its file, shown safely and briefly."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    line = "".join(char if char.isprintable() else "?" for char in line)
    return line if len(line) <= 100 else line[:97] + "..."


@contextmanager
def match_lock(match_path: str, wait: float | None = None) -> Iterator[str]:
    """Hold the match's write lock for the ``with`` block (yields the lock file's path); ``LockBusy`` after
    ``wait`` seconds (default ``DEFAULT_WAIT``, or the ``SCOREKEEPER_LOCK_WAIT`` environment variable)."""
    try:
        import fcntl
    except ImportError:  # no advisory locks here (Windows): the atomic write still holds
        yield ""
        return
    if wait is None:
        try:
            wait = float(os.environ.get("SCOREKEEPER_LOCK_WAIT", DEFAULT_WAIT))
        except ValueError:
            wait = DEFAULT_WAIT
    path = lock_path(match_path)
    deadline = time.monotonic() + max(wait, 0.0)
    pause = 0.005
    while True:
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except FileNotFoundError:
            from scorekeeper.errors import FileProblem

            raise FileProblem(f"cannot write here: the folder {os.path.dirname(path)} does not exist",
                              os.fspath(match_path)) from None
        except PermissionError:
            # a folder we may not create files in: the atomic write will say so; nothing to lock against
            yield ""
            return
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            if time.monotonic() >= deadline:
                raise LockBusy(*_busy(path, match_path, wait)) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
            continue
        except BaseException:
            os.close(descriptor)
            raise
        if _is_current(descriptor, path):
            break
        os.close(descriptor)  # locked a file its holder had already removed: lock the one there now
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, _holder_line().encode("utf-8", "replace"))
        from scorekeeper.storage.atomic import remove_stale_temporaries

        remove_stale_temporaries(os.fspath(match_path))  # what a killed writer left: nobody else writes now
        yield path
    finally:
        try:
            os.unlink(path)  # while still holding it: see the module's docstring
        except OSError:
            pass
        os.close(descriptor)


def _is_current(descriptor: int, path: str) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(descriptor)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _busy(path: str, match_path: str, wait: float) -> tuple[str, str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            holder = _describe(handle.read(4096))
    except OSError:
        holder = ""
    who = f" ({holder})" if holder else ""
    return (f"{os.fspath(match_path)} is being changed by another command{who}; waited {wait:g} s: try again "
            "when it has finished", holder)
