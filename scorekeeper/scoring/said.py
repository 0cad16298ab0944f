"""Words the scoring stages share when they say a step: names listed in the language in use."""

from __future__ import annotations

from scorekeeper.i18n import _


def both(names) -> str:
    """``names`` listed as the steps say them: "Ann and Bob" (and each further one joined the same way)."""
    names = list(names)
    shown = names[0] if names else ""
    for name in names[1:]:
        shown = _("{first} and {second}").format(first=shown, second=name)
    return shown
