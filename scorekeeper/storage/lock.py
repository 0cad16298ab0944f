"""One writer at a time: an advisory lock around every write of a match file.

    with match_lock("match.toml"):
        ...check the file is still the version the change was made from, write it...

A command reads, checks and replays the match without the lock, and takes it for the write alone
(``match.usecases``): a long match's replay never makes another writer wait.

The lock is ``fcntl.flock`` on a lock file beside the match (``.match.toml.lock``, beside the real file when
the match is a symlink). A second writer waits up to ``wait`` seconds, then ``LockBusy`` names the holder:
the holder writes its pid, host and command line into the lock file. Readers never take the lock: every write
is an atomic rename, so a reader sees the old file or the new one, whole.

The holder removes the lock file before it lets go, so none is left beside the match. A writer that gets
the lock on a file that was removed meanwhile (its holder let go between our open and our lock) tries
again on the new one, so two writers never hold locks on two different files.

A writer only ever writes into a lock file it created itself (``O_CREAT | O_EXCL``, never through a
symlink): anyone who can write in a shared folder can plant a link or a hard link named like the lock, and
what the holder writes must never land in the match it points to. A lock file found there (one a killed
writer left, or a planted hard link) is locked, removed while locked, and made again; a symlink or anything
that is not a regular file is refused, named, and left alone.
"""

from __future__ import annotations

import math
import os
import stat
import sys
import time
from contextlib import contextmanager
from typing import Iterator

from scorekeeper.errors import FileProblem, InputError, StateError, printable
from scorekeeper.i18n import N_, _
from scorekeeper.storage.atomic import remove_stale_temporaries

DEFAULT_WAIT = 3.0
"""Seconds a second writer waits for the first: a command holds the lock only while it writes."""

LONGEST_WAIT = 600.0
"""The longest ``SCOREKEEPER_LOCK_WAIT`` taken: ten minutes, so that a typo never waits forever."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


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


def lock_wait() -> float:
    """How long a second writer waits: ``SCOREKEEPER_LOCK_WAIT`` seconds (0 to ``LONGEST_WAIT``, in the ASCII
    digits, a fraction after a point: 3, 0.5), else ``DEFAULT_WAIT`` (unset or empty); InputError for anything
    else: what ``float`` would also take (nan, inf, 1e1, 1_0, " 3", other scripts' digits) is refused too."""
    given = os.environ.get("SCOREKEEPER_LOCK_WAIT")
    if not given:
        return DEFAULT_WAIT
    whole, point, fraction = given.partition(".")
    wait = math.nan
    if given.isascii() and whole.isdigit() and len(whole) <= 3 and (not point or fraction.isdigit()):
        wait = float(given)
    if not 0 <= wait <= LONGEST_WAIT:  # nan too
        raise InputError(_("SCOREKEEPER_LOCK_WAIT must be seconds from 0 to {longest_wait:g} in the digits 0-9 "
                           "(3, 0.5), not {given}: nothing was written").format(longest_wait=LONGEST_WAIT,
                                                                                given=_shown(given)))
    return wait


def _shown(given: str) -> str:
    """A setting's value as a message repeats it: its spaces kept (they make it wrong), cut when long."""
    return f"'{printable(given[:24])}'" + ("…" if len(given) > 24 else "")


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
    ``wait`` seconds (default ``lock_wait()``: ``SCOREKEEPER_LOCK_WAIT`` or ``DEFAULT_WAIT``)."""
    try:
        import fcntl  # start-up: keeps fcntl out of commands that write nothing
    except ImportError:  # no advisory locks here (Windows): the atomic write still holds
        yield ""
        return
    if wait is None:
        wait = lock_wait()
    elif not 0 <= wait <= LONGEST_WAIT:  # nan would never come to its deadline
        raise ValueError(_("a lock's wait is 0 to {longest_wait:g} seconds, not {wait!r}").format(
            longest_wait=LONGEST_WAIT, wait=wait))
    path = lock_path(match_path)
    deadline = time.monotonic() + wait
    pause = 0.005
    found = 0  # lock files found there, not made here
    while True:
        try:
            descriptor, made = _open_lock_file(path, match_path)
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
        if not _is_current(descriptor, path):
            os.close(descriptor)  # locked a file its holder had already removed: lock the one there now
            continue
        if made:
            break
        try:  # left by a killed writer, or planted: removed while locked, never written into
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError:
            break  # a folder we may not change: held as it is, and the atomic write will say why it cannot
        os.close(descriptor)
        found += 1
        if found > 100:
            raise StateError(_("{path} keeps coming back while the match's lock is taken: nothing was written; "
                               "find out what makes it").format(path=path))
    try:
        if made:
            os.write(descriptor, _holder_line().encode("utf-8", "replace"))
        remove_stale_temporaries(os.fspath(match_path))  # what a killed writer left: nobody else writes now
        yield path
    finally:
        if made:
            _unlink(path)  # while still holding it: see the module's docstring
        os.close(descriptor)


def _open_lock_file(path: str, match_path: str) -> tuple[int, bool]:
    """The lock file, opened without following a link: (its descriptor, whether this call created it)."""
    match = _status(match_path)
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, _mode(match))
    except FileExistsError:
        descriptor = None
    except FileNotFoundError:
        raise FileProblem(_("cannot write here: the folder {path} does not exist").format(
            path=os.path.dirname(path)),
                          os.fspath(match_path)) from None
    if descriptor is not None:
        if match is not None and hasattr(os, "fchown") and os.fstat(descriptor).st_gid != match.st_gid:
            try:  # the match's group, whose writers must be able to open the lock to take it
                os.fchown(descriptor, -1, match.st_gid)
            except OSError:
                pass
        return descriptor, True
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:  # its holder let go meanwhile: make it again
        return _open_lock_file(path, match_path)
    except OSError:  # ELOOP: a symlink
        descriptor = None
    if descriptor is None or not stat.S_ISREG(os.fstat(descriptor).st_mode):
        if descriptor is not None:
            os.close(descriptor)
        what = N_("a symbolic link") if os.path.islink(path) else N_("not a regular file")
        raise StateError(_("{path} is in the way of the match's lock: it is {what}, not a lock scorekeeper made; "
                           "nothing was written (remove it if nobody needs it)").format(path=path, what=_(what)))
    return descriptor, False


def _status(match_path: str) -> os.stat_result | None:
    try:
        return os.stat(match_path)
    except (OSError, ValueError):
        return None


def _mode(match: os.stat_result | None) -> int:
    """The lock file's mode: readable (to be locked) by whoever may read or write the match, and by nobody
    else (it names the command that holds it), writable by its owner alone; 0o644 for a match not made yet."""
    if match is None:
        return 0o644
    readers = match.st_mode & 0o044 | (match.st_mode & 0o022) << 1
    return 0o600 | readers


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _is_current(descriptor: int, path: str) -> bool:
    try:
        on_disk = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(descriptor)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _busy(path: str, match_path: str, wait: float) -> tuple[str, str]:
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | _CLOEXEC)
        try:
            holder = _describe(os.read(descriptor, 4096).decode("utf-8", "replace"))
        finally:
            os.close(descriptor)
    except OSError:
        holder = ""
    who = f" ({holder})" if holder else ""
    return (f"{os.fspath(match_path)} is being changed by another command{who}; waited {wait:g} s: try again "
            "when it has finished", holder)
