"""Invariants of Sea Goat over random matches (library API): one side holds points, nothing goes negative."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.domain.facts import Ending, Hand, Match, Round, Side, singles
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.domain.tiles import Tile
from explain_checks import assert_steps_change_no_number

SEA = load_ruleset("sea-goat")
PAIRS = load_ruleset("sea-goat-pairs")
LASTS = [(), (Tile(1, 2),), (Tile(0, 0),), (Tile(6, 6),), (Tile(2, 2), Tile(5, 5)), (Tile(3, 4),)]


@st.composite
def rounds(draw, players: tuple[str, ...]):
    if draw(st.booleans()):
        out = draw(st.sampled_from(players))
        hands = {p: Hand(total=draw(st.integers(0, 60))) for p in players if p != out}
        return Round(Ending.OUT, hands, out=out, last=draw(st.sampled_from(LASTS)),
                     led=draw(st.sampled_from([None, Tile(6, 6), Tile(1, 1)])))
    total = draw(st.integers(1, 40))
    tie = draw(st.booleans())
    hands = {p: Hand(total=total if tie else draw(st.integers(1, 60))) for p in players}
    return Round(Ending.FISH, hands, fisher=draw(st.sampled_from(players)),
                 led=draw(st.sampled_from([None, Tile(6, 6)])))


def check(ruleset, match: Match) -> None:
    table = replay(ruleset, match)
    assert len(table.rounds) <= len(match.rounds)
    for result in table.rounds:
        holding = [item.side for item in result.sides if item.score > 0]
        assert len(holding) <= 1, result
        assert all(item.score >= 0 and item.recorded >= 0 for item in result.sides)
        assert result.eggs >= 0
        assert sum(item.recorded for item in result.sides) <= sum(item.hand for item in result.sides) + \
            result.eggs_paid
    if table.over:
        assert table.winner is not None and table.loser is None
        top = max(side.score for side in table.sides)
        assert top >= ruleset["end.target"] or table.decided_by
    else:
        assert all(side.score < ruleset["end.target"] for side in table.sides)
    assert replay(ruleset, match) == table  # a pure fold
    for count in range(len(table.rounds) + 1):  # resumed after any round (eggs rot, the hundred is owed)
        assert replay(ruleset, match, table.rounds[:count]) == table
    assert_steps_change_no_number(ruleset, match)


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from([("Ann", "Bob"), ("Ann", "Bob", "Cid")]))
def test_singles(data, players):
    match = Match("sea-goat", players, singles(players),
                  tuple(data.draw(rounds(players)) for _ in range(data.draw(st.integers(1, 15)))))
    check(SEA, match)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_pairs(data):
    players = ("Ann", "Bob", "Cid", "Dan")
    sides = (Side("Ann+Cid", ("Ann", "Cid")), Side("Bob+Dan", ("Bob", "Dan")))
    match = Match("sea-goat-pairs", players, sides,
                  tuple(data.draw(rounds(players)) for _ in range(data.draw(st.integers(1, 15)))))
    check(PAIRS, match)
