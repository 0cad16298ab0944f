"""Ctrl-C (SIGINT) for the command line, and the signal functions, cheaply.

``signals()`` is the C module behind ``signal`` (built into CPython, already loaded): ``signal`` itself makes
enums of every constant when imported, a cost every command that needs it would pay.

``guard()`` puts a handler in place of Python's that raises ``KeyboardInterrupt`` only while a Ctrl-C can
still stop something: a one-shot command is cancelled by the first Ctrl-C, and once it has saved its change
(``atomic`` says so through ``settle()``) or finished (``finish()``) every Ctrl-C is dropped, so that a
command that did its work never ends as a failure nor with a traceback, wherever the signal lands, even
inside the code that handles an earlier one. A live session (``live()``) is interrupted by each Ctrl-C:
there it drops the line being typed.
"""

from __future__ import annotations

from types import ModuleType

try:
    import _signal as _SIGNALS
except ImportError:  # another Python
    import signal as _SIGNALS


def signals() -> ModuleType:
    """``_signal`` where the interpreter has it, else the public ``signal`` module (same functions)."""
    return _SIGNALS


class _Interrupts:
    """What a Ctrl-C does now. A process-wide fact, as the signal handler is: not configuration."""

    guarded = False
    live = False
    settled = False


def guard() -> None:
    """Handle Ctrl-C as the module says (for the command line's entry point; a library leaves it alone)."""
    signal = signals()
    _Interrupts.guarded = True
    signal.signal(signal.SIGINT, _interrupt)


def live(on: bool = True) -> None:
    """A live session starts (every Ctrl-C interrupts it) or ends (the command finishes as one-shot ones do)."""
    _Interrupts.live = on


def settle() -> None:
    """A change was saved: from now on a one-shot command can no longer be cancelled."""
    _Interrupts.settled = True


def finish() -> None:
    """The command has done and said all it will: a Ctrl-C now changes nothing, and is dropped (in a live
    session, once it ends)."""
    _Interrupts.settled = True
    if _Interrupts.guarded and not _Interrupts.live:
        # Python gives a handler like ours back to the system's default as it shuts down, and a Ctrl-C then
        # would kill the process after it said it succeeded; ignoring it holds to the end. (Our handler can
        # run inside this call, and then drops the signal: the command is settled.)
        signal = signals()
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(number, frame) -> None:
    if _Interrupts.live:
        raise KeyboardInterrupt
    if _Interrupts.settled:
        return
    _Interrupts.settled = True  # the first Ctrl-C cancels; a second one must not interrupt the cancelling
    raise KeyboardInterrupt
