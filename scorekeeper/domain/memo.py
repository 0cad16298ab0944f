"""Answers worked out once per object and kept while it is in use: a ruleset's limits, a match's seating, a
tuple of tiles sorted.  Code run for every round of a replay or a check asks them thousands of times."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

Answer = TypeVar("Answer")
MOST = 64
"""Objects a cache keeps answers for; past that it starts again (a command uses a few)."""


def once_per(cache: dict[int, tuple[Any, Any]], owner: object, make: Callable[..., Answer], *args: Any,
             most: int = MOST) -> Answer:
    """``make(*args)``, worked out the first time it is asked for ``owner`` and kept in ``cache``.  Kept by the
    owner's identity (an owner need not be hashable), with the owner itself, so that its id cannot be reused
    by another object meanwhile.  The owner must not change: a list or a dict is not one.  Past ``most``
    owners the cache starts again."""
    known = cache.get(id(owner))
    if known is None or known[0] is not owner:
        if len(cache) >= most:
            cache.clear()
        known = cache[id(owner)] = (owner, make(*args))
    return known[1]
