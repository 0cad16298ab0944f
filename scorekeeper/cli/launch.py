"""The ``scorekeeper`` command's entry point.

Nothing heavy is imported here before Ctrl-C is handled: an interrupt while the command starts (importing
click and the rest) is one line and exit 130, never a traceback. Everything else about interrupts and output
failures is in ``scorekeeper.cli.safety``.
"""

import gc
import sys

from scorekeeper.storage.sigint import signals


def main() -> None:
    try:
        # The cyclic garbage collector finds nothing to free while the modules load, and little in a command
        # that replays a match, yet it walks every object made so far each time it runs: what start-up made is
        # frozen out of its reach, and it runs seldom after (a live session still collects).
        gc.disable()
        sys.unraisablehook = _keep_interrupt
        from scorekeeper.cli.app import cli

        if INTERRUPTED:
            raise KeyboardInterrupt

        gc.freeze()
        gc.set_threshold(100_000, 50, 100)
        gc.enable()
        cli.main(prog_name="scorekeeper")
    except SystemExit:  # the command has finished (click always ends this way): a Ctrl-C now changes nothing
        _ignore_interrupts()
        raise
    except KeyboardInterrupt:  # before the command started, or after it finished: nothing half-done
        from scorekeeper.storage.atomic import saved_paths

        saved = saved_paths()
        try:
            sys.stderr.write(f"Interrupted after the change was saved in {saved[-1]}.\n" if saved else
                             "Cancelled: nothing was changed.\n")
        except (OSError, ValueError):
            pass
        sys.exit(0 if saved else 130)


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


def _ignore_interrupts() -> None:
    """Let a Ctrl-C that comes while Python shuts down pass unnoticed: the command has done and said all it
    will, so it must not end killed by the signal (exit -2) after reporting success."""
    signal = signals()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
