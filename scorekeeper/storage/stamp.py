"""Which version of a match file a state was read from, so that a writer holding a state for a while (the
interactive session) can tell, under the lock, whether another command changed the file since.

    stamp = stamp_of(handle, text)          # when reading
    if has_changed(path, stamp): ...        # before writing, with the lock held
"""

import os
from typing import NamedTuple

from scorekeeper.errors import StateError
from scorekeeper.i18n import _
from scorekeeper.storage.textfile import regular_text


class FileStamp(NamedTuple):
    """A file's identity and version: device, inode, size, modification time, and the hash of its text.

    Every scorekeeper write renames a new file into place, so the inode alone changes with each one; size,
    time and text catch an editor that rewrites the file in place. ``digest`` is Python's ``hash`` of the
    text: it is compared within one process only (string hashes differ between processes)."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    digest: int


class MatchChanged(StateError):
    """The match file changed on disk after the state about to be written was read from it."""


def stamp_of(descriptor: int, text: str) -> FileStamp:
    """The stamp of the file open at ``descriptor`` whose text is ``text``."""
    info = os.fstat(descriptor)
    return FileStamp(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, hash(text))


def has_changed(path: str, stamp: FileStamp) -> bool:
    """Whether the file at ``path`` is no longer the version ``stamp`` was taken of (a missing file has)."""
    try:
        info = os.stat(path)
    except OSError:
        return True
    if (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns) == stamp[:4]:
        return False
    text = regular_text(path)
    return text is None or hash(text) != stamp.digest  # touched or copied back, but the same text


def check_unchanged(path: str, stamp: FileStamp | None) -> None:
    """MatchChanged unless the file at ``path`` is still the version ``stamp`` was taken of (None: unknown,
    nothing to check)."""
    if stamp is not None and has_changed(path, stamp):
        raise MatchChanged(_("{path} was changed by another command since it was read: nothing was written; read "
                             "the match again and repeat the change").format(path=path))
