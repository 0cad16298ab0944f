"""The plain-TOML reader always agrees with tomllib: it reads our own files itself and leaves the rest to tomllib."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper.samples
from scorekeeper.rules.loader import builtin_dir
from scorekeeper.storage.plaintoml import TomlError, loads, plain

RULESETS = sorted(Path(builtin_dir()).glob("*.toml"))
SAMPLE = Path(scorekeeper.samples.__file__).with_name("goat.toml")


def typed(value):
    """The value with every type spelt out (True == 1 in Python, not in TOML) and every table's order kept."""
    if isinstance(value, dict):
        return ("table", tuple((key, typed(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("array", tuple(typed(item) for item in value))
    return (type(value).__name__, repr(value) if isinstance(value, float) else value)  # nan == nan here


def agrees(text: str) -> None:
    """plain() reads the text as tomllib does, or leaves it; loads() answers exactly as tomllib."""
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        assert plain(text) is None, "plain TOML accepted text that tomllib refuses"
        with pytest.raises(TomlError) as raised:
            loads(text)
        assert str(raised.value) == str(error)
        return
    fast = plain(text)
    if fast is not None:
        assert typed(fast) == typed(expected)
    assert typed(loads(text)) == typed(expected)


@pytest.mark.parametrize("path", RULESETS + [SAMPLE], ids=lambda p: p.name)
def test_our_own_files_are_read_without_tomllib(path):
    text = path.read_text(encoding="utf-8")
    assert plain(text) is not None, f"{path.name} is not plain TOML: every command would import tomllib"
    agrees(text)


@pytest.mark.parametrize("text, value", [
    ("", {}),
    ("# only a comment\r\n\r\n", {}),
    ('a = 1\nb = -0\nc = +7\n"d e" = "x\\"y\\\\z\\u00e9\\U0001F600\\t"\n',
     {"a": 1, "b": 0, "c": 7, "d e": 'x"y\\zé😀\t'}),
    ("t = true\nf = false # comment\n", {"t": True, "f": False}),
    ("a = [\n  1, # one\n  [2, []],\n]\n", {"a": [1, [2, []]]}),
    ('x = { a = 1, b = { c = "d" }, e = [ { f = 2 } ] }', {"x": {"a": 1, "b": {"c": "d"}, "e": [{"f": 2}]}}),
    ('top = 1\n[one]\nk = 2\n[ "two" ]\nk = 3\n', {"top": 1, "one": {"k": 2}, "two": {"k": 3}}),
])
def test_plain_forms(text, value):
    assert typed(plain(text)) == typed(value)
    agrees(text)


@pytest.mark.parametrize("text", [
    "a = 1_000", "a = 1.5", "a = 1e3", "a = 0x1f", "d = 1979-05-27", "t = 07:32:00", "a = inf", "a = nan",
    "a = 'literal'", 'a = """multi\nline"""', "a.b = 1", "[a.b]", "[[a]]", "a = 1\r", "é = 1",
])
def test_other_forms_are_left_to_tomllib(text):
    assert plain(text) is None
    agrees(text)


@pytest.mark.parametrize("text", [
    "a = 1\na = 2", "[a]\n[a]", "a = 1\n[a]", "a = {b = 1,}", "a = {b = 1\n}", "a = [1 2]", "a = 01",
    'a = "x', 'a = "\\q"', 'a = "\\ud800"', 'a = "\x01"', "a = 1 # \x00", "a = 1 b = 2", "= 1", "a = ",
    "a = [1,,]", "a = truex", "[a", 'a = "tab\tok" # fine', "a = 1 # \x7f",
])
def test_broken_text_is_refused_exactly_as_tomllib_refuses_it(text):
    agrees(text)


@pytest.mark.parametrize("text", ["a = " + "9" * 5000, "a = " + "[" * 5000 + "]" * 5000])
def test_text_even_tomllib_cannot_read_is_a_toml_error(text):
    with pytest.raises(TomlError):
        loads(text)


_BARE = st.text("abcdefXYZ019_-", min_size=1, max_size=6)
# mostly what strings and comments hold, now and then what breaks them
_GOOD = list("ab é#=[]{},.'\t") + ["\\u00e9", "\\U0001F600", "\\n", '\\"', "\\\\", "\\t"]
_BAD = list('"\\\n\r\x01\x7f') + ["\\ud800", "\\x", "\\u12"]
_CHARS = st.sampled_from(_GOOD * 8 + _BAD)


@st.composite
def keys(draw):
    if draw(st.booleans()):
        return draw(_BARE)
    return '"' + "".join(draw(st.lists(_CHARS, max_size=4))) + '"'


@st.composite
def values(draw, depth=0):
    nested = ["array", "table"] * 2 if depth < 3 else []
    kind = draw(st.sampled_from(["int", "int", "bool", "str", "str", "other"] + nested))
    if kind == "int":
        return draw(st.sampled_from(["", "", "+", "-"])) + draw(st.sampled_from(["0", "7", "42", "12", "007", "1_000"]))
    if kind == "bool":
        return draw(st.sampled_from(["true", "false", "tru", "True"]))
    if kind == "str":
        return '"' + "".join(draw(st.lists(_CHARS, max_size=5))) + '"'
    if kind == "other":
        return draw(st.sampled_from(["1.5", "1979-05-27", "'lit'", '"""x"""', "inf", "-nan", "0x1F", "1e2"]))
    separator = draw(st.sampled_from([", ", ",", " ,\n  ", ", # c\n"]))
    items = draw(st.lists(values(depth + 1) if kind == "array" else pairs(depth + 1), max_size=3))
    trailing = draw(st.sampled_from(["", ",", ",\n"]))
    if kind == "array":
        return "[" + separator.join(items) + trailing + "]"
    return "{ " + ", ".join(items) + draw(st.sampled_from(["", "", "", ","])) + " }"


@st.composite
def pairs(draw, depth=0):
    return draw(keys()) + draw(st.sampled_from([" = ", "=", " =\t"])) + draw(values(depth))


@st.composite
def documents(draw):
    lines = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["pair", "pair", "header", "comment", "blank"]))
        if kind == "pair":
            line = draw(pairs()) + draw(st.sampled_from(["", " # note", "  "]))
        elif kind == "header":
            line = draw(st.sampled_from(["[{}]", "[ {} ]", "[{}]", "[[{}]]", "[{}.x]"])).format(draw(keys()))
        elif kind == "comment":
            line = "# " + "".join(draw(st.lists(_CHARS, max_size=3)))
        else:
            line = ""
        lines.append(line)
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    return ending.join(lines) + draw(st.sampled_from(["", ending]))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_documents_agree_with_tomllib(text):
    agrees(text)


MUTABLE = [path.read_text(encoding="utf-8") for path in RULESETS[:3] + [SAMPLE]]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(MUTABLE), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), _CHARS), min_size=1,
                                          max_size=3))
def test_hand_edited_files_agree_with_tomllib(text, edits):
    """A character typed, deleted or replaced anywhere in a real file: the same answer or error as tomllib."""
    for where, how, char in edits:
        at = where % (len(text) + 1)
        if how == 0:
            text = text[:at] + char + text[at:]
        elif how == 1:
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + char + text[at + 1:]
    agrees(text)
