"""Whole numbers as people type them, checked for form and range, each problem one line.

``int()`` alone takes what a scorekeeper should refuse ("²" is a digit to ``str.isdigit``, "1_0" and " 5"
are ints) and fails with a traceback on 5,000 digits; this parser takes ASCII digits (with a leading "-"
only to say that a number cannot be negative) and quotes a long input cut short.
"""

from __future__ import annotations

from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import N_, _

MAX_DIGITS = 18
"""More digits than any count, total or target needs; longer input is refused before ``int()`` sees it."""


def parse_number(text: str, what: str = N_("a number"), low: int | None = 0, high: int | None = None,
                 most_digits: int = MAX_DIGITS) -> int:
    """A whole number typed as ASCII digits, ``low <= n <= high`` (None: no bound) and of at most
    ``most_digits`` digits; InputError otherwise, naming ``what`` ("an end", "a claim") and the bad input."""
    what = _(what)  # a message, marked N_ where it is written
    word = text.strip()
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit()):
        raise InputError(_("{text} is not a whole number").format(text=quoted(text)))
    if len(digits) > most_digits:
        if high is None:
            raise InputError(_("{text} is too large for {what}").format(text=quoted(text), what=what))
        raise InputError(_("{text} is too large for {what} (at most {high})").format(
            text=quoted(text), what=what, high=high))
    number = int(word)
    if low is not None and number < low:
        if low == 0:
            raise InputError(_("{what} cannot be negative ({number})").format(what=what, number=number))
        raise InputError(_("{what} is at least {low}, not {number}").format(what=what, low=low, number=number))
    if high is not None and number > high:
        raise InputError(_("{what} is at most {high}, not {number}").format(what=what, high=high, number=number))
    return number


def spans(numbers: list[int]) -> str:
    """Numbers in rising order (rounds), as people list them: 1, 2, 3, 5, 7, 8, 9 -> "1-3, 5, 7-9" (two in a row stay
    two: "7, 8")."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(first) if first == last else f"{first}-{last}" if last > first + 1 else f"{first}, {last}"
                     for first, last in runs)
