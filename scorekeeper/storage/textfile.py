"""Reading a file of text that someone named: only a regular file, and only up to a size.

A match file is named by the user (``--match PATH``, an import, an editor's leftovers beside it): a device
like ``/dev/zero`` would be read until the memory is gone, a pipe would wait for a writer forever, and a
folder cannot be read at all. ``open_regular`` opens without waiting and refuses all but a regular file.
"""

from __future__ import annotations

import os
import stat

from scorekeeper.i18n import _

LARGEST = 16 * 1024 * 1024
"""The most bytes a match file (or an export read back) may hold: far beyond a day of play at one table,
well short of what would fill the memory."""


class NotRegular(ValueError):
    """The path names something that is not a regular file; the message says what it is."""


def open_regular(path: str) -> int:
    """A descriptor of the file at ``path``, opened for reading; NotRegular when it is a folder, a device, a
    pipe or a socket (opened without waiting for a pipe's writer, and never read); OSError as ``os.open``."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    kind = os.fstat(descriptor).st_mode
    if stat.S_ISREG(kind):
        return descriptor
    os.close(descriptor)
    what = ("a folder" if stat.S_ISDIR(kind) else "a pipe" if stat.S_ISFIFO(kind) else
            "a device" if stat.S_ISCHR(kind) or stat.S_ISBLK(kind) else "a socket" if stat.S_ISSOCK(kind) else
            "not a regular file")
    raise NotRegular(_("it is {what}, not a file of text").format(what=what))


def too_large() -> str:
    """Why a file over ``LARGEST`` bytes is not read."""
    return _("too large for a match file (more than {largest:,} bytes)").format(largest=LARGEST)


def is_too_large(descriptor: int) -> bool:
    """Whether the regular file open at ``descriptor`` holds more than ``LARGEST`` bytes: known before a byte
    is read (nor read again to say where a file that is not UTF-8 goes wrong)."""
    return os.fstat(descriptor).st_size > LARGEST


def read_limited(handle) -> str | None:
    """The text of the regular file open in ``handle`` (in binary: see ``decoded``), or None when it holds more
    than ``LARGEST`` bytes: known before a byte is read, and again after it for a file that grows meanwhile;
    UnicodeDecodeError where it is not UTF-8."""
    if is_too_large(handle.fileno()):
        return None
    data = handle.read(LARGEST + 1)  # a file that grows meanwhile stops here
    return decoded(data) if len(data) <= LARGEST else None


def decoded(data: bytes) -> str:
    """The text of a file's ``data`` as ``open(path, encoding="utf-8-sig")`` reads it: UTF-8, a byte order mark
    at its start dropped, every line ended by ``\n`` (``\r\n`` and ``\r`` read as ``\n``); UnicodeDecodeError
    where it is not UTF-8. Done here rather than by that codec, a module of its own that every command
    would load for a mark few files have."""
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def regular_text(path: str) -> str | None:
    """The text of the file at ``path`` (as ``decoded`` reads it) when it is a readable regular file of at most
    ``LARGEST`` bytes in UTF-8, else None."""
    try:
        with open(open_regular(path), "rb") as handle:
            return read_limited(handle)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
