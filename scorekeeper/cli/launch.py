"""The ``scorekeeper`` command's entry point.

Nothing heavy is imported here before Ctrl-C is handled: an interrupt while the command starts (importing
click and the rest) is one line and exit 130, never a traceback; once the command has saved its change or
said all it will, a Ctrl-C is dropped (``storage.sigint``). A standard output the shell left closed is
refused here, in one line, before anything is read or written; output that fails outside a command (its
help, or at exit) is one line too. Everything else about interrupts and output failures is in
``scorekeeper.cli.safety``.

A Ctrl-C before this module runs (while Python itself starts) is Python's: see docs/safety.md, "Interrupts".
"""

import atexit
import gc
import os
import sys

from scorekeeper.cli.stderr import discard_stdout, say as _say
from scorekeeper.i18n import _


def _cancelled(kind, error, trace) -> None:
    """What Python shows for an exception nobody caught: for a Ctrl-C that came while this module and the next
    ones load (before ``main`` handles it), one line instead of a traceback; nothing has been read or written.
    Python then ends the process by the signal, as a shell expects of a Ctrl-C. Anything else as Python would."""
    if issubclass(kind, KeyboardInterrupt):
        _say(_("Cancelled: nothing was changed."))
        return
    sys.__excepthook__(kind, error, trace)


sys.excepthook = _cancelled  # set as early as the entry point allows: the first thing its module does


def main() -> None:
    from scorekeeper.storage import sigint  # start-up: after sys.excepthook, so that a Ctrl-C is one line

    sigint.guard()  # a Ctrl-C from here on is scorekeeper's to handle
    cli = None
    try:
        try:
            if _closed_output():
                _fail(_("the standard output is closed: the command would have nowhere to answer; nothing was "
                        "changed"))
            # The cyclic garbage collector finds nothing to free while the modules load, and little in a
            # command that replays a match: what start-up made is frozen out of its reach, and it runs seldom
            # after (a live session still collects); benchmarks/bench_replay.py measures it.
            gc.disable()
            sys.unraisablehook = _keep_interrupt
            from scorekeeper.cli.language import decide  # start-up: once Ctrl-C is handled (see the docstring)

            decide(sys.argv[1:])  # before click is loaded: its words, and every message, in that language
            from scorekeeper.cli.app import cli  # start-up: likewise, and click with it

            if INTERRUPTED:
                raise KeyboardInterrupt

            gc.freeze()
            gc.set_threshold(100_000, 50, 100)
            gc.enable()
            cli.main(prog_name="scorekeeper")
        except SystemExit as finished:  # the command has finished (click always ends this way): a Ctrl-C now
            sigint.finish()  # changes nothing
            if _flush_at_exit(finished.code):
                _end_now(finished.code, cli)
            raise
        except OSError as error:  # output that failed outside a command (its --help, say)
            sigint.finish()
            _output_failed(error)
    except KeyboardInterrupt as interrupt:  # before the command started, or as it ended: nothing half-done
        sigint.finish()  # (the handler raises once: this cannot be interrupted again)
        if isinstance(interrupt.__context__, SystemExit):  # it came as the command ended: end as it would
            raise interrupt.__context__ from None
        saved = _saved()
        _say(_("Interrupted after the change was saved in {path}.").format(path=saved[-1]) if saved else
             _("Cancelled: nothing was changed."))
        sys.exit(0 if saved else 130)


def _closed_output() -> bool:
    """Whether the shell started the command with its standard output closed (``>&-``). A closed standard
    stream gets devnull in its place first, so that no file the command opens can take its number (and
    receive what is meant for the stream); a closed input only matters to ``play``, which says so."""
    for number in (0, 1, 2):
        try:
            os.fstat(number)
        except OSError:
            try:
                opened = os.open(os.devnull, os.O_RDWR)
            except OSError:
                continue
            if opened != number:
                os.dup2(opened, number)
                os.close(opened)
    return sys.stdout is None


def _flush_at_exit(code) -> bool:
    """Write out what the command left buffered while a failure can still be said in one line (Python's own
    flush at exit would print an ignored exception and exit 120). A command that failed (exit ``code`` not 0)
    has said why already, and output that still cannot be written (``table > /dev/full``) is not said again.
    Whether everything it printed was written."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as error:
        if code not in (0, None):
            discard_stdout()
            return False
        _output_failed(error)
    return True


def _end_now(code, group) -> None:
    """End a one-shot command of ``group`` (None: not loaded yet) at once with its exit ``code``, rather than
    have Python take every module apart first: that frees nothing the system does not free with the process,
    and is a part of every command's time worth having back (docs/performance.md, "What every command pays").
    Only where the teardown has nothing left to do: every file the command wrote was closed by the ``with``
    that opened it (and click closes what its context opened before it exits), its output and errors are
    written out, no other thread runs, no exit function is registered (a coverage run, say), and no command
    that lasts (``play``, ``serve``) ran; else, and for an exit with a message, Python ends as it always did."""
    import threading  # start-up: not before Ctrl-C is handled (see the docstring); click has loaded it since

    if (group is None or group.lasting_invoked or not isinstance(code, int | None)
            or threading.active_count() != 1 or getattr(atexit, "_ncallbacks", lambda: 1)() != 0
            or sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__):
        return
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(0 if code is None else code & 0xFF)


def _output_failed(error: Exception) -> None:
    """Output could not be written: a warning, exit 0, when a change was saved; else ``Error: ...``, exit 1."""
    discard_stdout()
    reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
    saved = _saved()
    if saved:
        _say(_("Warning: the output could not be written ({reason}); the change was saved in {path}.").format(
            reason=reason, path=saved[-1]))
        sys.exit(0)
    _fail(reason)


def _saved() -> tuple[str, ...]:
    from scorekeeper.storage.atomic import saved_paths  # start-up: only after the Ctrl-C handler

    return saved_paths()


def _fail(message: str) -> None:
    _say(_("Error: ") + message)
    sys.exit(1)


INTERRUPTED: list[bool] = []
"""A Ctrl-C that Python could not raise where it came (see ``_keep_interrupt``)."""


def _keep_interrupt(unraisable) -> None:
    """A Ctrl-C that came while Python ran a callback it cannot raise from (the clean-up of an import's lock,
    say) would be printed as an ignored exception with its traceback, and lost: it is kept instead, and raised
    once the command's modules are loaded (later, the command finishes as if the Ctrl-C had come after it).
    Anything else is reported as Python would."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        INTERRUPTED.append(True)
        return
    sys.__unraisablehook__(unraisable)
