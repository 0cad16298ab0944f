"""The quick reader of match files (storage/quickread.py) gives exactly what tomllib gives, or defers to it.

Whatever the text, ``quickread.loads`` must return tomllib's data, or raise the same error at the same line;
on the files the writer makes with plain names it must also take its quick way (else it buys nothing)."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.errors import MatchFileError
from scorekeeper.domain.facts import Claim, Ending, Hand, Match, Round, singles
from scorekeeper.storage import quickread, tomlread
from scorekeeper.storage.matchfile import dump_match, parse_match
from scorekeeper.domain.tiles import TileSet
from fuzz_cases import MUTATIONS

TILES = TileSet(6).tiles()
PLAIN_NAMES = ["Masha", "Alex", "Olya", "Serg", "Ann", "Bob", "Маша", "O'Brien", "Jo Ann", "a-b_1", "Zoë"]
ODD_NAMES = ['Say "hi"', "back\\slash", "tab\there", "new\nline", "\u2028sep", "#hash", "x, y = 3", "{brace}",
             "0", "-5", "rounds = [", "]", "ë" * 3]


def _tiles(draw, deck) -> tuple:
    count = draw(st.integers(1, 3))
    return tuple(deck.pop() for _ in range(min(count, len(deck)))) or (TILES[0],)


@st.composite
def matches(draw, names=st.sampled_from(PLAIN_NAMES)):
    players = tuple(draw(st.lists(names, min_size=2, max_size=4, unique=True)))
    rounds = []
    for _ in range(draw(st.integers(0, 6))):
        deck = list(TILES)
        draw(st.randoms(use_true_random=False)).shuffle(deck)
        out = draw(st.sampled_from(players + (None,)))
        hands = {}
        for player in players:
            if player != out:
                hands[player] = (Hand(tiles=_tiles(draw, deck)) if draw(st.booleans())
                                 else Hand(total=draw(st.integers(0, 40))))
        facts = {}
        if out is None:
            if draw(st.booleans()):
                facts["fisher"] = draw(st.sampled_from(players))
        else:
            facts["out"] = out
            if draw(st.booleans()):
                facts["last"] = (deck.pop(),)
        if draw(st.booleans()):
            facts["led"] = deck.pop()
        if draw(st.integers(0, 4)) == 0:
            facts["claims"] = tuple(Claim(draw(st.sampled_from(players)), draw(st.integers(0, 30)),
                                          draw(st.one_of(st.none(), st.integers(0, 40))))
                                    for _ in range(draw(st.integers(1, 3))))
        if draw(st.integers(0, 6)) == 0:
            facts["play_points"] = (Claim(draw(st.sampled_from(players)), draw(st.integers(0, 30))),)
        rounds.append(Round.of(ending=Ending.FISH if out is None else Ending.OUT, hands=hands, **facts))
    return Match(ruleset="goat", players=players, sides=singles(players), rounds=tuple(rounds))


def _same_as_tomllib(text: str) -> list[int] | None:
    """Assert the quick reader agrees with tomllib on ``text``; the round lines it found (None: deferred)."""
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomlread.TomlError) as quick_error:
            quickread.loads(text, least=1)
        with pytest.raises(tomlread.TomlError) as full_error:
            tomlread.loads(text)
        assert (quick_error.value.msg, quick_error.value.lineno) == (full_error.value.msg, full_error.value.lineno)
        return None
    data, lines = quickread.loads(text, least=1)
    assert data == expected
    assert [type(rnd) for rnd in data.get("rounds", [])] == [type(rnd) for rnd in expected.get("rounds", [])]
    return lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_written_files_are_read_quickly_and_exactly(match):
    text = dump_match(match)
    lines = _same_as_tomllib(text)
    if match.rounds:
        assert lines is not None, "the writer's own layout must take the quick way"
        first = text.split("\n").index("rounds = [") + 2
        assert lines == list(range(first, first + len(match.rounds)))
    assert _parsed(text) == _parsed(text, tomllib.loads(text))
    assert _facts_only(_parsed(text)) == ("match", match._replace(path="m.toml"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 30))
def test_a_long_match_is_read_quickly_with_every_rounds_line(match, extra):
    """From QUICK_FROM rounds on, ``parse_match`` takes the quick way, and each round knows its line."""
    if not match.rounds:
        return
    times = -(-(quickread.QUICK_FROM + extra) // len(match.rounds))
    long = match._replace(rounds=match.rounds * times)
    text = dump_match(long)
    assert quickread.loads(text)[1] is not None
    assert parse_match(text, "m.toml") == parse_match(text, "m.toml", data=tomllib.loads(text))
    assert quickread.loads(dump_match(long._replace(rounds=long.rounds[:quickread.QUICK_FROM - 1])))[1] is None


def test_a_broken_round_of_a_long_match_is_named_at_its_line(tmp_path):
    """A round tomllib reads but the facts refuse, and a line that is not TOML, each named where it is."""
    rnd = Round.of(ending=Ending.OUT, hands={"Alex": Hand(total=5)}, out="Masha")
    match = Match(ruleset="goat", players=("Masha", "Alex"), sides=singles(("Masha", "Alex")),
                  rounds=(rnd,) * 150)
    lines = dump_match(match).split("\n")
    first = lines.index("rounds = [") + 2  # round 1's line (lines[first - 1])
    lines[first + 118] = lines[first + 118].replace("Alex = 5", 'Alex = "3-x"')
    with pytest.raises(MatchFileError) as refused:
        parse_match("\n".join(lines), "m.toml")
    assert str(refused.value).startswith(f"m.toml:{first + 119}: round 120: ")
    for broken_toml in ('"3-x', '"3-4", Alex = 4', '"3-4", "Alex" = 4'):  # a string left open, a hand twice
        lines[first + 118] = lines[first + 118].split("hands = ")[0] + f'hands = {{ Alex = {broken_toml} }} }},'
        with pytest.raises(MatchFileError) as broken:
            parse_match("\n".join(lines), "m.toml")
        assert str(broken.value).startswith(f"m.toml:{first + 119}: not valid TOML"), broken_toml


@pytest.mark.parametrize("problems", [None, []])
@pytest.mark.parametrize("also", ["", 'end = "draw"', "format", "ruleset", '"3-x"'])
def test_a_hand_given_twice_is_broken_toml_whatever_else_is_wrong(problems, also):
    """A line that names a hand twice is not TOML: that is the file's problem, before any a round could have."""
    rnd = Round.of(ending=Ending.OUT, hands={"Alex": Hand(total=5)}, out="Masha")
    lines = dump_match(Match(ruleset="goat", players=("Masha", "Alex"), sides=singles(("Masha", "Alex")),
                             rounds=(rnd,) * 120)).split("\n")
    first = lines.index("rounds = [") + 1  # round 1's index in lines
    lines[first + 49] = lines[first + 49].replace("Alex = 5", "Alex = 5, Alex = 6")
    if also == 'end = "draw"':
        lines[first + 4] = lines[first + 4].replace('end = "out"', also)
    elif also == '"3-x"':
        lines[first + 49] = lines[first + 49].replace("Alex = 5,", 'Alex = "3-x",')
    elif also:
        lines = [line for line in lines if not line.startswith(also)]
    twice = next(number for number, line in enumerate(lines, start=1) if "Alex = 6" in line)
    with pytest.raises(MatchFileError) as refused:
        parse_match("\n".join(lines), "m.toml", problems)
    assert str(refused.value).startswith(f"m.toml:{twice}: not valid TOML"), str(refused.value)


def _parsed(text: str, data: dict | None = None) -> tuple[str, object]:
    """``parse_match`` of the text (read quickly, or from ``data``): the match, or the error it raised."""
    try:
        match = parse_match(text, "m.toml", data=data)
    except MatchFileError as error:
        return "error", str(error)
    return "match", match


def _facts_only(parsed: tuple[str, object]) -> tuple[str, object]:
    """What ``_parsed`` gave, without where each round was read from."""
    kind, match = parsed
    return (kind, match._replace(rounds=tuple(rnd.facts() for rnd in match.rounds))) if kind == "match" else parsed


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(names=st.sampled_from(PLAIN_NAMES + ODD_NAMES)))
def test_names_with_escapes_or_odd_characters_read_the_same(match):
    text = dump_match(match)
    _same_as_tomllib(text)
    assert _parsed(text) == _parsed(text, tomllib.loads(text))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.data())
def test_a_hand_edited_file_reads_as_tomllib_reads_it(match, data):
    """Any edit (a character inserted, a line dropped or doubled, keys reordered) is read as tomllib reads it,
    broken files with tomllib's error and line; and a long match so edited (whose rounds ``parse_match`` makes
    from the quick way's fields) gives the same facts, each at the same line, or the same problems."""
    if data.draw(st.booleans()) and match.rounds:
        match = match._replace(rounds=match.rounds * -(-quickread.QUICK_FROM // len(match.rounds)))
    lines = dump_match(match).split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.sampled_from(["insert", "drop", "double", "swap", "replace"]))
        line = lines[where]
        if kind == "insert":
            at = data.draw(st.integers(0, len(line)))
            lines[where] = line[:at] + data.draw(st.sampled_from(MUTATIONS)) + line[at:]
        elif kind == "drop" and len(lines) > 1:
            del lines[where]
        elif kind == "double":
            lines.insert(where, line)
        elif kind == "swap" and ", " in line:
            parts = line.split(", ")
            first, second = sorted(data.draw(st.lists(st.integers(0, len(parts) - 1), min_size=2, max_size=2)))
            parts[first], parts[second] = parts[second], parts[first]
            lines[where] = ", ".join(parts)
        elif kind == "replace":
            lines[where] = line.replace("= ", "= " + data.draw(st.sampled_from(["-", "0", "+", "1_"])), 1)
    text = "\n".join(lines)
    if _same_as_tomllib(text) is not None or data.draw(st.booleans()):
        assert _parsed(text) == _parsed(text, tomllib.loads(text)) if _valid(text) else True


def _valid(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return True


@pytest.mark.parametrize("edit, quick", [
    (lambda text: text, True),
    (lambda text: text.replace("rounds = [", "[table]\nrounds = ["), False),       # the block inside a table
    (lambda text: text.replace("format = 1", 'format = 1\nnote = """\n'), False),   # inside a string
    (lambda text: text.replace("Alex = 5", "Alex = 5, Alex = 6"), False),            # a hand given twice
    (lambda text: text.replace("Alex = 5", '"Alex" = 5, Alex = 6'), False),          # twice, once quoted
    (lambda text: text.replace("Alex = 5", "Alex = 05"), False),                     # not a TOML integer
    (lambda text: text.replace("Alex = 5", "Alex = 5_0"), False),                    # not the writer's integer
    (lambda text: text.replace("Alex = 5", "Alex = " + "9" * 30), False),            # too long for TOML
    (lambda text: text.replace("hands = {", "hands={"), False),                      # not the writer's spacing
    (lambda text: text.replace("} },\n]", "} }, # a comment\n]"), False),
    (lambda text: text.replace("\n", "\r\n"), False),                                 # CRLF: valid, read slowly
    (lambda text: text + "rounds = []\n", False),                                     # rounds twice
    (lambda text: text.replace("]\n", "]\n[[sides]]\nname = 'x'\n", 1), False),
])
def test_only_the_writers_layout_is_read_quickly(edit, quick):
    match = Match(ruleset="goat", players=("Masha", "Alex"), sides=singles(("Masha", "Alex")), rounds=(
        Round.of(ending=Ending.OUT, hands={"Alex": Hand(total=5)}, out="Masha"),
        Round.of(ending=Ending.FISH, hands={"Alex": Hand(total=3), "Masha": Hand(tiles=(TILES[3],))}),
    ))
    text = edit(dump_match(match))
    assert (text == dump_match(match)) is quick  # each edit changes the text
    lines = _same_as_tomllib(text)
    assert (lines is not None) is quick


@pytest.mark.parametrize("name", ["x, hands = { y", "q, hands = { r } },", "} },", "a, b", "x = 1, y", "Masha = 5"])
def test_a_name_holding_a_lines_own_marks_reads_as_tomllib_reads_it(name):
    """The quick way splits a line's hands at ", " and knows a head read before by the text before its first
    ", hands = { ": a name holding either, or a line's end, still reads as tomllib reads it, and quickly."""
    players = ("Masha", name)
    rounds = (Round.of(ending=Ending.OUT, hands={name: Hand(total=5)}, out="Masha"),
              Round.of(ending=Ending.OUT, hands={"Masha": Hand(tiles=(TILES[3], TILES[9]))}, out=name),
              Round.of(ending=Ending.FISH, hands={"Masha": Hand(total=2), name: Hand(total=3)}, fisher=name))
    match = Match(ruleset="goat", players=players, sides=singles(players),
                  rounds=rounds * -(-quickread.QUICK_FROM // len(rounds)))
    text = dump_match(match)
    assert _same_as_tomllib(text) is not None
    assert quickread.loads(text)[1] is not None
    assert _facts_only(_parsed(text)) == ("match", match._replace(path="m.toml"))
