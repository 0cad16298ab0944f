"""Broken TOML names its line, even where tomllib gives none (issue 25, item 14): arrays nested too deeply,
a number of thousands of digits."""

from __future__ import annotations

import pytest

from scorekeeper.storage.tomlread import TomlError, loads

HEAD = 'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\n\n'


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a = ", "}")])
def test_nested_too_deeply_names_its_line(sk, opening, closing):
    sk.path.write_text(HEAD + "x = " + opening * 1000 + closing * 1000 + "\n")
    assert sk.fails("table", code=1) == f"Error: {sk.path}:5: not valid TOML: nested too deeply"


def test_the_deepest_line_is_named_when_the_nesting_runs_over_lines(sk):
    sk.path.write_text(HEAD + "x = [\n" + "# [[[[ not counted\n" + '"[[[[",\n' + "[" * 1000 + "]" * 1000 + "]\n")
    assert sk.fails("table", code=1) == f"Error: {sk.path}:8: not valid TOML: nested too deeply"


def test_a_number_too_long_to_read_names_its_line(sk):
    sk.path.write_text(HEAD + "rounds = [\n  { end = \"out\", out = \"Ann\", hands = { Bob = " + "9" * 5000
                       + " } },\n]\n")
    assert sk.fails("table", code=1) == f"Error: {sk.path}:6: not valid TOML: a number too long to read"


def test_the_error_gives_its_line_apart():
    with pytest.raises(TomlError) as raised:
        loads("a = 1\n" + "b = " + "[" * 2000 + "]" * 2000)
    assert (raised.value.msg, raised.value.lineno) == ("nested too deeply", 2)
