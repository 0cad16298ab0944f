"""Atomic file writes: a temporary file beside the target, flushed, fsynced, then renamed over it."""

from __future__ import annotations

import os


def write_atomic(path: str, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (or bytes) so that a crash at any moment leaves the old or the new file,
    whole."""
    target = os.fspath(path)
    folder, name = os.path.split(target)
    if folder and not os.path.isdir(folder):
        from scorekeeper.errors import FileProblem

        raise FileProblem(f"cannot write here: the folder {folder} does not exist", target)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    try:
        binary = isinstance(text, bytes)
        with (open(temporary, "wb") if binary else open(temporary, "w", encoding="utf-8", newline="\n")) as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    try:
        descriptor = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is still atomic
    finally:
        os.close(descriptor)
