"""The open ends of a layout as a player reads them: a list ("3, 6 and 5"), a spinner named as the tile it is.

A spinner's free sides all show its number; listed one by one ("6 6 6 5") they read as three ends that happen
to match, and the player cannot tell which tile they are on. Said as the spinner ("5 and the spinner 6-6"),
the list gives what a tile must match and where it would go."""

from __future__ import annotations

from typing import Iterable

from scorekeeper.domain.tiles import Tile
from scorekeeper.i18n import _


def said_ends(ends: Iterable[int], spinners: Iterable[Tile] = ()) -> str:
    """The numbers the ends of the arms show, then each spinner with a side still free, as one list in the
    language in use: ``5 and the spinner 6-6``; ``3, 6 and 5``; the spinner alone (the lead, nothing laid on
    it yet) with the number it asks for: ``5 on the spinner 5-5``."""
    items = [str(end) for end in ends]
    spinners = tuple(spinners)
    if not items and len(spinners) == 1:
        return _("{number} on the spinner {tile}").format(number=spinners[0].low, tile=spinners[0])
    items += [_("the spinner {tile}").format(tile=tile) for tile in spinners]
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {second}").format(first=", ".join(items[:-1]), second=items[-1])
