"""Noticing that a match file changed, for what follows it from outside (``serve``, ``table --follow``): the
file's identity and version, looked at without opening it, so that following a match costs a ``stat`` between
changes and never the lock a writer takes.

    watched = Watched(path)
    if watched.changed():   # True the first time, and each time the file is another version
        ...read it...

Every scorekeeper write renames a new file into place (a new inode); an editor that writes in place changes
the size or the times. The version is looked at before the file is read, so a change made while it is read
is seen at the next look.
"""

from __future__ import annotations

import os
from typing import NamedTuple


class Version(NamedTuple):
    """What tells one version of a file from another without reading it."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int


def version(path: str) -> Version | None:
    """The version of the file at ``path`` now; None when there is nothing there to read (missing, or a path
    that cannot be looked at): a file that comes back is a change."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return Version(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


class Watched:
    """A file followed from outside: ``changed()`` says whether it is another version than at the last look."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.seen: Version | None = None
        self.looked = False

    def changed(self) -> bool:
        """Whether the file is another version than at the last look (the first look always is)."""
        now = version(self.path)
        if self.looked and now == self.seen:
            return False
        self.seen, self.looked = now, True
        return True
