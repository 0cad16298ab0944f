"""The JSON export writes each round, and each round of the table's history, into the records' fixed shapes
(``reports.export``): the text must be what json writes for their dicts (``export_data``), character for
character, whatever the names, the numbers and the words hold."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from long_matches import LONGEST, invoke, long_match
from played_hands import played_match

from scorekeeper.domain.facts import Breach, Claim, Ending, Hand, Match, Round, Ruling, Side
from scorekeeper.domain.tiles import TileSet
from scorekeeper.i18n.message import Message
from scorekeeper.i18n import use
from scorekeeper.match.opened import open_match
from scorekeeper.notation.stored_plays import PlayLine
from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.reports.export import export_data, export_json
from scorekeeper.scoring.table import Decision, RoundResult, SideRound, Standing, Step, Table

names = st.text(min_size=1, max_size=6)
words = st.text(max_size=12)
numbers = st.integers(min_value=-(10 ** 20), max_value=10 ** 20)
maybe = st.none() | names


def as_json_lays_it_out(match: Match, table: Table) -> list[str]:
    """The lines of each round and of each entry of the history, as json writes their dicts."""
    data = export_data(match, table)
    return [json.dumps(item, ensure_ascii=False) for item in data["rounds"] + data["table"]["history"]]


def written_lines(text: str) -> list[str]:
    """The lines of ``export_json`` that hold a round or an entry of the table's history, without their indent
    and comma."""
    lines = text.split("\n")  # json leaves U+2028 and the like in a string as they are: not line ends here
    rounds = [line for line in lines if line.startswith('    {"round": ')]
    after = lines.index('    "history": [') if '    "history": [' in lines else len(lines)
    history = [line for line in lines[after:] if line.startswith('      {"round": ')]
    return [line.strip().removesuffix(",") for line in rounds + history]


tiles = st.lists(st.sampled_from(TileSet(6).tiles()), max_size=3, unique=True).map(tuple)


@st.composite
def rounds(draw, sides: list[str]):
    """A round's facts, with every key the match file may write (its claims, points and rulings now and
    then)."""
    out = draw(st.none() | st.sampled_from(sides))
    hands = {player: draw(st.builds(Hand, total=st.integers(0, 40)) | st.builds(Hand, tiles=tiles))
             for player in sides if player != out}
    rare = draw(st.booleans())
    return Round(Ending.OUT if out else Ending.FISH, hands, out=out, fisher=draw(maybe), last=draw(tiles),
                 led=draw(st.none() | st.sampled_from(TileSet(6).tiles())),
                 claims=tuple(draw(st.lists(st.builds(Claim, st.sampled_from(sides), numbers,
                                                      st.none() | numbers), max_size=2))) if rare else (),
                 play_points=tuple(draw(st.lists(st.builds(Claim, st.sampled_from(sides), numbers),
                                                 max_size=2))) if rare else (),
                 plays=draw(st.just(()) | words.filter(str.strip).map(PlayLine)),
                 plain_last=draw(st.booleans()), plain_led=draw(st.booleans()),
                 rulings=tuple(draw(st.lists(st.builds(Ruling, st.integers(1, 9), st.sampled_from(Breach)),
                                             max_size=2))) if rare else ())


@st.composite
def tables(draw):
    sides = draw(st.lists(names, min_size=1, max_size=4, unique=True))
    match = Match(ruleset="goat", players=tuple(sides), sides=tuple(Side(name, (name,)) for name in sides))
    results = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        facts = draw(rounds(sides))
        moved = tuple(SideRound(name, *draw(st.tuples(*[numbers] * 7))) for name in sides)
        steps = tuple(Step(draw(maybe), draw(words), draw(words)) for _ in range(draw(st.integers(0, 3))))
        notes = tuple(Message.of(draw(words)) for _ in range(draw(st.integers(0, 2))))
        decision = draw(st.none() | st.builds(Decision, maybe, maybe, st.none() | words.map(Message.of)))
        results.append(RoundResult(number, facts, moved, *draw(st.tuples(numbers, numbers, numbers, numbers)),
                                   draw(maybe), draw(numbers), draw(maybe), steps, notes, decision, draw(maybe)))
    last = results[-1]
    standings = tuple(Standing(item.side, (item.side,), item.score, item.remembered) for item in last.sides)
    table = Table("goat", standings, tuple(results), over=draw(st.booleans()), winner=draw(maybe),
                  loser=draw(maybe))
    return match, table


@settings(max_examples=300, deadline=None)
@given(tables())
def test_each_round_and_history_entry_is_what_json_writes_for_its_dict(drawn):
    match, table = drawn
    text = export_json(match, table)
    assert written_lines(text) == as_json_lays_it_out(match, table)
    assert json.loads(text) == json.loads(json.dumps(export_data(match, table)))


RACES = ["muggins", "all-fives", "fives-and-threes", "phone", "all-threes", "english", "goat", "sea-goat", "draw"]
"""The rulesets the benchmarks' random player plays whole matches of (``played_hands``)."""


@pytest.mark.parametrize("name", RACES)
@pytest.mark.parametrize("code", ["en", "ru", "uk"])
def test_every_ruleset_played_play_by_play_exports_as_json_writes_it(name, code):
    """Real rounds and their steps (plays that score, muggins calls, eggs, notes, a decided match), in each
    language's words."""
    ruleset = load_ruleset(name)
    players = ("Masha", "Ёжик", "Olya", "Serg")[:max(ruleset["players.min"], min(4, ruleset["players.max"]))]
    match = played_match(name, ruleset, players, 12, seed=len(name))
    assert match.rounds
    use(code)
    try:
        table = replay(ruleset, match, explain=True)
        assert written_lines(export_json(match, table)) == as_json_lays_it_out(match, table)
    finally:
        use("en")


@pytest.mark.parametrize("name", builtin_names())
def test_every_ruleset_typed_as_lines_exports_as_json_writes_it(name, tmp_path):
    """Every built-in ruleset's long match typed round by round (partners, fish, eggs, the hundred, a match
    decided by a rule), its last round recorded too, read back as every command reads it."""
    path = tmp_path / "m.toml"
    last = long_match(name, path, rounds=LONGEST)
    invoke(path, last)
    opened = open_match(str(path), explain=True)
    assert opened.table.rounds
    assert written_lines(export_json(opened.match, opened.table)) == as_json_lays_it_out(opened.match, opened.table)
