"""The signal functions, cheaply: the C module behind ``signal`` (built into CPython) is already loaded, while
``signal`` itself makes enums of every constant when imported, a cost every command that needs it would pay."""

from types import ModuleType


def signals() -> ModuleType:
    """``_signal`` where the interpreter has it, else the public ``signal`` module (same functions)."""
    try:
        import _signal
    except ImportError:  # another Python
        import signal

        return signal
    return _signal
