"""Words the scoring stages share when they say a step: names listed in the language in use."""

from __future__ import annotations

from scorekeeper.i18n import _


def both(names) -> str:
    """``names`` listed as the steps say them: "Ann and Bob" (and each further one joined the same way)."""
    names = list(names)
    shown = names[0] if names else ""
    joined = _("{first} and {second}")
    for name in names[1:]:
        shown = joined.format(first=shown, second=name)
    return shown


def one_of(items) -> str:
    """``items`` offered as alternatives: "6-6 6-5 or 5-5 4-4" (each further one joined the same way)."""
    items = [str(item) for item in items]
    shown = items[0] if items else ""
    for item in items[1:]:
        shown = _("{first} or {second}").format(first=shown, second=item)
    return shown
