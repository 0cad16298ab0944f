"""A file a person asks a command to write from a match (``export -o FILE``, ``chart -o FILE``).

    kind = output_kind("season.csv", "match.toml", force=False)   # refused before any work is done
    write_output("season.csv", text, "match.toml", force=False)

A regular file (or a new one) is written atomically, as the match is, and is no more open than the match
(``atomic.write_atomic``'s ``like``: a 0600 match gives 0600 exports). It is never the match itself, nor a
file the match's writers keep beside it (its lock, their temporary files), nor an existing file unless
``force``. A character device (``/dev/null``, a terminal), a pipe, a socket, or a name of a descriptor
(``/dev/stdout``, ``/dev/fd/N``) is written as a stream: opened as it is, never created, truncated, renamed
over nor removed, so that a device stays a device; it needs no ``force``, since nothing is written over. A
block device (a disk) is refused: a stream of text would overwrite what it holds.
"""

from __future__ import annotations

import os
import stat

from scorekeeper.errors import FileProblem, StateError
from scorekeeper.i18n import _
from scorekeeper.storage.atomic import write_atomic

FILE, STREAM = "file", "stream"
"""How an output is written: replaced atomically, or written into as it is."""

LOCK, TEMPORARY = "lock", "temporary"
"""The files a match's writers keep beside it (``storage.lock``, ``storage.atomic``)."""

_DESCRIPTORS = ("/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/")
"""Names of a descriptor the process already holds: written into, never replaced (``/proc/PID/fd/N`` too)."""


def output_kind(path: str, match: str, force: bool) -> str:
    """``FILE`` or ``STREAM`` (see the module); StateError when ``path`` may not be written: the match, a file
    of its writers, a block device, or an existing file without ``force``."""
    path = os.fspath(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # nothing there (or a link to nowhere, which the write follows): a new file
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise StateError(_("{path} is a folder: name a file to write").format(path=path))
        if stat.S_ISBLK(info.st_mode):
            raise StateError(_("{path} is a disk (a block device): nothing was written; name a file, a pipe "
                               "or - for the standard output").format(path=path))
        return STREAM
    if info is not None and _is_match(info, match):
        raise StateError(_("{path} is the match file itself: write to another file").format(path=path))
    kept = _kept_by_writers(path)
    if kept == LOCK:
        raise StateError(_("{path} is the lock file of a match beside it: nothing was written; name another "
                           "file").format(path=path))
    if kept == TEMPORARY:
        raise StateError(_("{path} is where a write of a match beside it is made: nothing was written; name "
                           "another file").format(path=path))
    if info is not None and _names_a_descriptor(path):
        return STREAM
    if info is not None and not force and os.path.lexists(path):
        raise StateError(_("{path} already exists: nothing was written; use --force to write over it, or -o "
                           "another file").format(path=path))
    return FILE


def write_output(path: str, data: str | bytes, match: str, force: bool) -> None:
    """Write ``data`` to ``path`` for the match at ``match`` (see the module); refused as ``output_kind``
    refuses, FileProblem when the system cannot write it."""
    path = os.fspath(path)
    if output_kind(path, match, force) == STREAM:
        _write_stream(path, data if isinstance(data, bytes) else data.encode("utf-8"))
        return
    try:
        like = os.stat(match)
    except OSError:
        like = None  # the match is gone meanwhile: the usual mode
    write_atomic(path, data, like=like)


def _is_match(info: os.stat_result, match: str) -> bool:
    try:
        held = os.stat(match)
    except OSError:
        return False
    return (info.st_dev, info.st_ino) == (held.st_dev, held.st_ino)


def _kept_by_writers(path: str) -> str | None:
    """``LOCK`` when ``path`` is the lock file of a match beside it (``.NAME.lock``), ``TEMPORARY`` when it is
    where a write of one is made (``.NAME.PID.tmp``), else None. A writer removes such a file when it finds
    it, and a lock replaced by another file would let two writers in at once."""
    folder, name = os.path.split(os.path.realpath(path))
    if not name.startswith("."):
        return None
    if name.endswith(".lock"):
        owner, kind = name[1:-len(".lock")], LOCK
    elif name.endswith(".tmp"):
        owner, _dot, pid = name[1:-len(".tmp")].rpartition(".")
        kind = TEMPORARY if pid.isascii() and pid.isdigit() else None
    else:
        return None
    return kind if kind and owner and os.path.lexists(os.path.join(folder, owner)) else None


def _names_a_descriptor(path: str) -> bool:
    """Whether ``path`` names a descriptor the process holds (``/dev/stdout``, ``/dev/fd/1``, ...): written
    into where it points (a file the shell opened for ``>``), never replaced by another file."""
    absolute = os.path.abspath(path)
    if absolute.startswith(_DESCRIPTORS):
        return True
    parts = absolute.split("/")
    return len(parts) == 5 and parts[1] == "proc" and parts[2].isdigit() and parts[3] == "fd"


def _write_stream(path: str, data: bytes) -> None:
    """Write into what ``path`` names as it is: never created nor truncated (a file behind a descriptor's name
    is appended to, where the shell's ``>`` left it); refused when it turned into a regular file meanwhile."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise FileProblem(_("cannot write: {error}").format(error=error.strerror or error), path) from None
    try:
        kind = os.fstat(descriptor).st_mode
        if (stat.S_ISREG(kind) and not _names_a_descriptor(path)) or stat.S_ISBLK(kind):
            raise StateError(_("{path} changed while it was written: nothing was written; try again").format(
                path=path))
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    except OSError as error:
        raise FileProblem(_("cannot write: {error}").format(error=error.strerror or error), path) from None
    finally:
        os.close(descriptor)
