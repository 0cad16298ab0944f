"""Atomic file writes: a temporary file beside the target, flushed, fsynced, then renamed over it.

The write respects the file it replaces: a symlink is followed to its target (the link stays a link), and the
new file keeps the old one's mode and, where the system allows, its owner and group. A file made from a
match (an export, a chart, a kept copy) is given ``like`` the match's status: its owner and group where the
system allows, and no permission the match does not have, from its first byte. Ctrl-C (SIGINT) is held
back from the moment the write starts until the new file is in place: the write always completes, and a
Ctrl-C that came during it is dropped (the command finishes and says what it saved; ``held_interrupts``).
Temporary files left by a write that was killed (``.NAME.<pid>.tmp`` of a process that no longer runs) are
removed by the next write.
"""

from __future__ import annotations

import os

from scorekeeper.errors import FileProblem
from scorekeeper.i18n import _
from scorekeeper.storage.sigint import settle, signals

_saved: list[str] = []
# The files this process has replaced. A process-wide fact, not configuration: once a change is saved, the
# command line must not report failure (an interrupt or an output error after it is only a warning).


_held: list[int] = []
# Interrupts (signal numbers) that arrived while a write was under way: held back, then dropped, since the
# command they meant to stop has saved its change and finishes in a moment.


def saved_paths() -> tuple[str, ...]:
    """The files written by ``write_atomic`` in this process so far, in order."""
    return tuple(_saved)


def held_interrupts() -> int:
    """How many Ctrl-Cs arrived during writes in this process (each write completed; see the module)."""
    return len(_held)


def write_target(path: str) -> str:
    """The file a write to ``path`` really replaces: a symlink's final target."""
    path = os.fspath(path)
    return os.path.realpath(path) if os.path.islink(path) else path


def write_atomic(path: str, text: str | bytes, like: os.stat_result | None = None) -> os.stat_result:
    """Replace ``path`` with ``text`` (or bytes) so that a crash at any moment leaves the old or the new file,
    whole; returns the new file's status (its inode and times survive the rename). With ``like`` (the status
    of the match the file is made from), the new file is no more open than that match (``_like``)."""
    target = write_target(path)
    folder, name = os.path.split(target)
    if folder and not os.path.isdir(folder):
        raise FileProblem(_("cannot write here: the folder {folder} does not exist").format(
            folder=folder), os.fspath(path))
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    try:
        old = os.stat(target)
    except OSError:
        old = None
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    held = _hold_interrupts()
    try:
        try:
            if old is not None:
                made = 0o600  # the owner's alone, until it is given the old file's mode
            else:  # the usual mode for the umask (within the match's, for a file made from one)
                made = 0o666 if like is None else 0o666 & like.st_mode
            with os.fdopen(_create(temporary, made), "wb") as handle:
                if like is not None:
                    _like(handle.fileno(), like, old)
                elif old is not None:
                    _keep_owner_and_mode(handle.fileno(), old)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                written = os.fstat(handle.fileno())
            os.replace(temporary, target)
        except BaseException:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
            raise
        _saved.append(target)
        settle()  # a Ctrl-C from now on must not turn the command into a failure
        _sync_folder(folder)
    finally:
        _release_interrupts(held)
    remove_stale_temporaries(target)
    return written


def _create(temporary: str, mode: int) -> int:
    """The temporary file, made new (never through a link, never one that was there) with ``mode`` (less the
    umask): for a file that replaces another, 0o600, its owner's alone until ``_keep_owner_and_mode`` gives it
    the old file's owner and mode, before any byte is written, so that no byte of the match is ever in a file
    more open than the match. A file already of that name (a killed write of a process that had our pid, or a
    link planted there) is removed first: the name only, a link's target is left alone."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(3):
        try:
            return os.open(temporary, flags, mode)
        except FileExistsError:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
    return os.open(temporary, flags, mode)


def _keep_owner_and_mode(descriptor: int, old: os.stat_result) -> None:
    _give_owner(descriptor, old)
    try:  # after chown, which may clear the set-id bits
        os.fchmod(descriptor, old.st_mode & 0o7777)
    except OSError:
        pass


def _like(descriptor: int, like: os.stat_result, old: os.stat_result | None) -> None:
    """Give a file made from a match (``like``, its status) the match's owner and group where the system
    allows, and no permission the match does not give: the old file's mode (or the new file's, made with
    the umask) within the match's. When the file cannot have the match's group, it gets no group permission:
    its group is not the match's readers."""
    _give_owner(descriptor, like)
    made = os.fstat(descriptor)
    mode = (old.st_mode if old is not None else made.st_mode) & like.st_mode & 0o777
    if made.st_gid != like.st_gid:
        mode &= ~0o070
    try:
        os.fchmod(descriptor, mode)
    except OSError:
        pass


def _give_owner(descriptor: int, status: os.stat_result) -> None:
    """The owner and group of ``status`` (only root may give a file away; anyone, a group they belong to)."""
    if hasattr(os, "fchown") and (status.st_uid != os.geteuid() or status.st_gid != os.getegid()):
        try:
            os.fchown(descriptor, status.st_uid, status.st_gid)
        except OSError:
            try:  # not root: at least the group, when we belong to it
                os.fchown(descriptor, -1, status.st_gid)
            except OSError:
                pass


def remove_stale_temporaries(path: str) -> list[str]:
    """Remove the temporary files of writes to ``path`` that were killed halfway (their process is gone);
    returns their names."""
    target = write_target(path)
    folder, name = os.path.split(target)
    prefix = f".{name}."
    removed = []
    try:
        entries = os.listdir(folder or ".")
    except OSError:
        return removed
    for entry in entries:
        if not (entry.startswith(prefix) and entry.endswith(".tmp")):
            continue
        pid = entry[len(prefix):-len(".tmp")]
        if not pid.isdigit() or int(pid) == os.getpid() or _is_running(int(pid)):
            continue
        try:
            os.unlink(os.path.join(folder, entry))
            removed.append(entry)
        except OSError:
            pass
    return removed


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process (or a system that cannot tell): leave its file alone
    return True


def _hold_interrupts() -> bool:
    """Block SIGINT (it stays pending) so that a write once started completes; False where impossible."""
    signal = signals()
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, ValueError, OSError):
        return False
    return True


def _release_interrupts(held: bool) -> None:
    """Unblock SIGINT; a Ctrl-C that arrived during the write is taken off (and counted) first: the change is
    saved, and the command that wrote it finishes and says so instead of stopping at an unknown point."""
    if held:
        signal = signals()
        if signal.SIGINT in signal.sigpending():
            _held.append(signal.sigwait({signal.SIGINT}))
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


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
