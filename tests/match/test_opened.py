"""A match file fixed by hand: the next command checks the whole file and names EVERY problem with its line."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.domain.facts import Ending, Hand, Revision, Round, Undoing
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import MatchFileError, MatchFileProblems
from scorekeeper.match.opened import match_problems, open_match, validate_text
from scorekeeper.match.record import new_match, record_round
from scorekeeper.rules.loader import load_ruleset

BROKEN = """\
format = 1
ruleset = "goat"
players = ["Masha", "Alex", "Olya"]

[[rounds]]
end = "out"
out = "Olya"
hands = { Masha = 12, Alex = 3 }

[[rounds]]
end = "out"
out = "Olya"
hands = { Masha = 12, Bob = 3 }

[[rounds]]
end = "sideways"
hands = { Masha = 1, Alex = 2, Olya = 3 }

[[rounds]]
end = "fish"
hands = { Masha = "1-2 9-9", Alex = 2, Olya = 3 }

[[rounds]]
end = "out"
out = "Alex"
hands = { Masha = "1-2", Olya = "1-2" }
"""

EXPECTED = [  # (line, text in the message)
    (10, "round 2: unknown player 'Bob'"),
    (15, "round 3: 'end' must be \"out\" or \"fish\""),
    (19, "round 4: tile 9-9 is not in a double-six set"),
    (23, "round 5: tile 1-2 is in two hands"),
]


def test_every_problem_is_reported_with_its_line(sk):
    sk.path.write_text(BROKEN, encoding="utf-8")
    for command in (["table"], ["export", "--format", "csv"], ["chart"],
                    ["round", "--out", "Olya", "--total", "Masha=1", "--total", "Alex=1"],
                    ["edit", "1", "--out", "Olya", "--total", "Masha=1", "--total", "Alex=1"], ["delete", "1"]):
        result = sk(*command, code=1)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == len(EXPECTED), result.stderr
        for line, (number, text) in zip(lines, EXPECTED):
            assert line.startswith(f"Error: {sk.path}:{number}: "), line
            assert text in line
        assert "Traceback" not in result.output and result.stdout == ""
        assert sk.path.read_text(encoding="utf-8") == BROKEN


def test_problems_are_values_in_the_library(tmp_path):
    path = tmp_path / "match.toml"
    path.write_text(BROKEN, encoding="utf-8")
    opened, problems = validate_text(BROKEN, str(path))
    assert opened is None
    assert [(problem.line, problem.message.split(":")[0]) for problem in problems] == \
        [(line, text.split(":")[0]) for line, text in EXPECTED]
    with pytest.raises(MatchFileProblems) as raised:
        open_match(str(path))
    assert isinstance(raised.value, MatchFileError) and len(raised.value.problems) == 4


def test_one_problem_is_one_line_and_fixing_it_by_hand_works(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya")
    sk("round", "--out", "Olya", "--total", "Masha=20", "--total", "Alex=3")
    sk("round", "--out", "Alex", "--total", "Masha=5", "--total", "Olya=4")
    good = sk.path.read_text(encoding="utf-8")
    sk.path.write_text(good.replace("Masha = 20", "Masha = 20, Zed = 1"), encoding="utf-8")
    line = sk.fails("table", code=1)
    assert "round 1: unknown player 'Zed'" in line and f"{sk.path}:" in line
    sk.path.write_text(good.replace("Masha = 20", "Masha = 30"), encoding="utf-8")  # the real fix
    assert sk.side("Masha")["score"] == 35


def test_a_file_that_is_not_toml_is_one_problem(sk):
    sk.path.write_text("format = 1\nplayers = [\n", encoding="utf-8")
    assert "not valid TOML" in sk.fails("table", code=1)


@pytest.mark.parametrize("bad, message", [
    ("hands = 5", "'hands' must be a table"),
    ('claims = 5\nhands = { Alex = 1 }', "'claims' must be a list"),
])
def test_a_round_of_the_wrong_shape_is_a_problem_not_a_traceback(sk, bad, message):
    sk.path.write_text(f'format = 1\nruleset = "goat"\nplayers = ["Masha", "Alex"]\n\n[[rounds]]\nend = "out"\n'
                       f'out = "Masha"\n{bad}\n', encoding="utf-8")
    line = sk.fails("table", code=1)
    assert line.startswith(f"Error: {sk.path}:5: round 1: ") and message in line


@pytest.mark.parametrize("round_line", [
    '{ end = "fish", out = "", hands = { Ann = 10 } }',   # an empty 'out' is nobody: Bob's hand is still missing
    '{ end = "fish", hands = { Ann = 10 } }',
    '{ end = "out", out = "Ann", hands = { } }',
])
def test_a_missing_hand_is_named_whatever_else_the_round_says(sk, round_line):
    sk.path.write_text(f'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\nrounds = [\n    {round_line},\n]\n',
                       encoding="utf-8")
    before = sk.path.read_bytes()
    line = sk.fails("table", code=1)
    assert line.startswith(f"Error: {sk.path}:5: round 1: no hand for Bob") and sk.path.read_bytes() == before


@pytest.mark.parametrize("extra", ["[[truerounds]]\nend = \"out\"", "[notes.mine]\nx = 1", "notes.mine = 1",
                                   "\"notes\" = 1", "[ notes ]\nx = 1"])
def test_an_unknown_key_is_named_at_its_line_however_it_is_written(sk, extra):
    sk.path.write_text(f'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\n{extra}\n', encoding="utf-8")
    line = sk.fails("table", code=1)
    assert line.startswith(f"Error: {sk.path}:4: ") and "unknown key" in line, line


def test_a_match_reached_through_a_symlink_finds_its_ruleset_file(sk):
    """Issue 25, item 11: ``new --rules ./house.toml`` through ``match.toml -> real/match.toml`` wrote
    ``ruleset = "../house.toml"`` (from the link's target), and the next round said "ruleset file not found"."""
    (sk.folder / "house.toml").write_text('extends = "goat"\nname = "house"\n', encoding="utf-8")
    (sk.folder / "real").mkdir()
    sk.path.symlink_to("real/match.toml")
    old = os.getcwd()
    os.chdir(sk.folder)
    try:
        assert "New house match" in sk("new", "--rules", "./house.toml", "Ann", "Bob").stdout
    finally:
        os.chdir(old)
    assert 'ruleset = "house.toml"' in (sk.folder / "real" / "match.toml").read_text(encoding="utf-8")
    assert sk.path.is_symlink()
    assert "Round 1 recorded" in sk("round", "Ann out, Bob 3").stdout
    assert sk.json()["ruleset"] == "house"


PLAYERS = ("Masha", "Alex", "Olya")
ROUNDS = st.lists(st.tuples(st.integers(0, 2), st.lists(st.integers(0, 25), min_size=3, max_size=3)),
                  min_size=4, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds=ROUNDS, change=st.tuples(st.sampled_from(["edit", "delete", "redo"]), st.integers(0, 11),
                                       st.sampled_from(["sound", "a tile twice", "a stranger", "too many pips"])))
def test_a_change_checks_what_it_made_and_finds_what_a_whole_check_finds(rounds, change):
    """``match_problems`` given the match a change was made to (``known``) checks only the rounds the change
    made, and finds exactly what checking the changed match whole finds: a round's checks read nothing of
    the match but its seating."""
    ruleset = load_ruleset("goat")
    old = new_match("goat", ruleset, PLAYERS)
    for out, totals in rounds:
        hands = {player: Hand(total=total) for player, total in zip(PLAYERS, totals) if player != PLAYERS[out]}
        old = record_round(old, ruleset, Round(Ending.OUT, hands, out=PLAYERS[out]), False)
    kind, index, facts = change
    index %= len(old.rounds)
    made = {"sound": Round(Ending.OUT, {"Alex": Hand(total=3), "Olya": Hand(total=4)}, out="Masha"),
            "a tile twice": Round(Ending.OUT, {"Alex": Hand(tiles=(Tile(1, 2),)), "Olya": Hand(tiles=(Tile(1, 2),))},
                                  out="Masha"),
            "a stranger": Round(Ending.OUT, {"Alex": Hand(total=3), "Bob": Hand(total=4)}, out="Masha"),
            "too many pips": Round(Ending.OUT, {"Alex": Hand(total=300), "Olya": Hand(total=4)}, out="Masha")}[facts]
    entry = Revision(Undoing.DELETE, index + 1, round=made, redone=True) if kind == "redo" else \
        Revision(Undoing.EDIT if kind == "edit" else Undoing.DELETE, index + 1, round=old.rounds[index])
    changed = {"edit": old._replace(rounds=old.rounds[:index] + (made,) + old.rounds[index + 1:]),
               "delete": old._replace(rounds=old.rounds[:index] + old.rounds[index + 1:]),
               "redo": old._replace(rounds=old.rounds[:index] + (made,) + old.rounds[index:])}[kind]
    changed = changed._replace(history=old.history + (entry,))
    found = [(problem.message, problem.line, problem.key) for problem in
             match_problems(changed, ruleset, "m.toml", known=old)]
    assert found == [(problem.message, problem.line, problem.key) for problem in
                     match_problems(changed, ruleset, "m.toml")]
    assert bool(found) == (kind != "delete" and facts != "sound")
