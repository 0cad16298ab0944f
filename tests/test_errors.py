"""How messages show what came from outside: ``quoted`` for a typed value a message repeats (cut short),
``printable`` for a name or value from a file (whole); both escape what would drive the terminal."""

from __future__ import annotations

import pytest

from scorekeeper.errors import printable, quoted


@pytest.mark.parametrize("text, shown", [
    ("Ann", "Ann"), ("Алёна", "Алёна"), ("a b", "a b"), ("a\nb", "a\\nb"), ("\x1b[31m", "\\x1b[31m"),
    ("\x9b31m", "\\x9b31m"), ("a\u2028b", "a\\u2028b"), ("\u202egoat", "\\u202egoat"), ("tab\there", "tab\\there"),
])
def test_printable(text, shown):
    assert printable(text) == shown


@pytest.mark.parametrize("text, shown", [
    ("3-x", "'3-x'"), (" 3-x\n", "'3-x'"), ("a\x1b[2Jb", "'a\\x1b[2Jb'"),
    ("9" * 5000, "'" + "9" * 24 + "…' (5,000 characters)"),
    ("\x1b" * 10, "'" + "\\x1b" * 6 + "…' (10 characters)"),
])
def test_quoted_repeats_a_typed_value_on_one_short_line(text, shown):
    assert quoted(text) == shown
