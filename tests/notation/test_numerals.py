"""Typed whole numbers and open ends: form and range checked by the core, one line each, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.errors import InputError
from scorekeeper.notation.numerals import parse_number
from scorekeeper.referee.rulings import parse_ends
from scorekeeper.domain.tiles import Tile


@pytest.mark.parametrize("text, number", [("0", 0), ("15", 15), (" 7 ", 7), ("007", 7)])
def test_whole_numbers(text, number):
    assert parse_number(text) == number


@pytest.mark.parametrize("text, problem", [
    ("²", "'²' is not a whole number"), ("٣", "'٣' is not a whole number"), ("1_0", "'1_0' is not a whole number"),
    ("5.0", "'5.0' is not a whole number"), ("+5", "'+5' is not a whole number"), ("", "'' is not a whole number"),
    ("-3", "a claim cannot be negative (-3)"), ("1\n2", "'1\\n2' is not a whole number"),
    ("1" * 5000, "'111111111111111111111111…' (5,000 characters) is too large for a claim"),
])
def test_what_is_refused_and_how_it_is_said(text, problem):
    with pytest.raises(InputError) as refused:
        parse_number(text, "a claim")
    assert str(refused.value) == problem


def test_range():
    assert parse_number("12", "an end", high=12) == 12
    with pytest.raises(InputError, match="^an end is at most 12, not 13$"):
        parse_number("13", "an end", high=12)
    with pytest.raises(InputError, match="^a target is at least 1, not 0$"):
        parse_number("0", "a target", low=1)


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_one_line_refusal(text):
    try:
        number = parse_number(text)
    except InputError as error:
        assert str(error).isprintable() and len(str(error)) < 120
    else:
        assert text.strip().isascii() and text.strip().isdigit() and number == int(text.strip())


def test_ends_as_typed():
    assert parse_ends("5 5,3 6-6 -") == [5, 5, 3, Tile(6, 6), None]
    with pytest.raises(InputError, match="^'²' is not an end: give the number showing"):
        parse_ends("5 ²")


@pytest.mark.parametrize("typed, problem", [
    ("²", "Error: '²' is not an end"),
    ("1" * 5000, "Error: '111111111111111111111111…' (5,000 characters) is too large for an end"),
    ("99", "an end counts 0 to 6 in a double-six set"),
])
def test_check_count_refuses_bad_ends_in_one_line(sk, typed, problem):
    assert problem in sk.fails("check", "count", "--rules", "muggins", "5", typed, code=2)
