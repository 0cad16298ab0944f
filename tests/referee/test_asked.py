"""``referee.asked.worth_asking``: which facts a round line left out could change the round's score (the
last tile, the lead, the fisherman), as vectors: the match so far, the next round as typed, and what is worth
asking."""

from __future__ import annotations

import pytest

from scorekeeper.match import usecases
from scorekeeper.match.opened import open_match
from scorekeeper.notation.round_line import read_round
from scorekeeper.referee.asked import worth_asking

LAST, LED, FISHER = "last", "led", "fisher"
ANY_LAST = "0-0 | 6-6 | 1-1 2-2"
"""Sea Goat's finishing doubles: bald goat, 6-6 (a win, or the hundred owed), two doubles at once."""


def _asked(tmp_path, ruleset: str, players: tuple[str, ...], before: list[str], line: str) -> dict[str, str]:
    path = str(tmp_path / "match.toml")
    usecases.new(path, ruleset, players, (), (), False)
    for typed in before:
        usecases.record(path, typed)
    opened = open_match(path)
    facts = read_round(line, opened.match, opened.ruleset["count.partner_of_finisher"])
    rnd = usecases.round_from_facts(opened.match, opened.ruleset, facts)
    return {asked.fact.value: " | ".join(" ".join(map(str, tiles)) for tiles in asked.tiles) or
            " | ".join(asked.players) for asked in worth_asking(opened.ruleset, opened.match, opened.table, rnd)}


THREE = ("Ann", "Bob", "Cid")


@pytest.mark.parametrize("ruleset, before, line, expected", [
    # nobody holds points: only the last tile can change the round (a lead of 6-6 is no hundred)
    ("sea-goat", [], "a out 10 20", {LAST: ANY_LAST}),
    ("sea-goat", [], "a out on plain, 10 20", {}),
    ("sea-goat", [], "a out on 3-4, 10 20", {}),
    ("sea-goat", [], "fish by b 3 4 5", {}),
    # Ann holds 30 and leads: 6-6 would put her on the hundred
    ("sea-goat", ["a out on plain, 10 20"], "b out on plain 10 20", {LED: "6-6"}),
    ("sea-goat", ["a out on plain, 10 20"], "b out 10 20", {LAST: ANY_LAST, LED: "6-6"}),
    ("sea-goat", ["a out on plain, 10 20"], "fish by b 3 4 5", {LED: "6-6"}),
    ("sea-goat", ["a out on plain, 10 20"], "b out, led 2-3, 10 20", {LAST: ANY_LAST}),
    # 6-6 held, or laid last: it was not led, and cannot have been the last tile
    ("sea-goat", ["a out on plain, 10 20"], "b out on plain, Ann 6-6, Cid 3", {}),
    ("sea-goat", ["a out on plain, 10 20"], "b out, Ann 6-6, Cid 3", {LAST: "0-0 | 1-1 2-2"}),
    ("sea-goat", ["a out on plain, 10 20"], "b out on 6-6, 10 20", {}),
    # a 6-6 finish that did not win: the next round is on the hundred whatever is led
    ("sea-goat", ["a out on plain, 10 20", "c out on 6-6, 1 2"], "b out on plain 3 4", {}),
    # a round that reaches the target wins whatever the last tile
    ("sea-goat", ["a out on plain, 60 60"], "a out, led plain, 10 20", {}),
    # no rule scores the last tile or the lead
    ("goat", [], "a out 3 13", {}),
    ("goat", ["a out 3 13"], "b out 3 13", {}),
    # issue 32: a fish without its fisherman, who leads the next round (and may lead 6-6 on the hundred)
    ("goat", [], "fish 3 4 5", {FISHER: "Ann | Bob | Cid"}),
    ("sea-goat", ["a out on plain, 10 20"], "fish 10 3 10", {FISHER: "Ann | Bob | Cid", LED: "6-6"}),
    ("sea-goat", ["a out on plain, 10 20", "fish by a, 10 3 10"], "a out on plain 3 4", {LED: "6-6"}),
    # a round that decides the match whatever is asked: nothing is (issue 32: 'b out on 0-0' asked led?)
    ("sea-goat", ["a out on plain, 10 20"], "b out on 0-0 10 20", {}),
    ("goat", ["a out 90 3"], "fish 2 30 3", {}),  # Bob takes 35: the goat, whoever made it
])
def test_what_is_worth_asking(tmp_path, ruleset, before, line, expected):
    assert _asked(tmp_path, ruleset, THREE, before, line) == expected


def test_000_pairs_bonus_doubles_are_worth_asking(tmp_path):
    """goat-pairs-000 adds to the losers for a round led, or finished, with 6-6 or 0-0 (rules.md §2)."""
    asked = _asked(tmp_path, "goat-pairs-000", ("Ann", "Bob", "Cid", "Dan"), [], "a out 3 4")
    assert asked == {LAST: "0-0 | 6-6", LED: "0-0 | 6-6"}


def test_a_muggins_hand_asks_nothing(tmp_path):
    assert _asked(tmp_path, "muggins", ("Ann", "Bob"), [], "a out 13") == {}


def test_nothing_is_asked_once_the_match_is_over(tmp_path):
    assert _asked(tmp_path, "sea-goat", ("Ann", "Bob"), ["a out on 0-0, 3"], "b out 3") == {}


def test_two_doubles_are_tried_from_the_free_ones(tmp_path):
    asked = _asked(tmp_path, "sea-goat", THREE, [], "a out, Bob 1-1 2-2 3-3, Cid 4")
    assert asked == {LAST: "0-0 | 6-6 | 4-4 5-5"}
