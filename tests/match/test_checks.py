"""The round checks (library API): each a pure function of the match, the ruleset and the round, run in the
order of ``ROUND_CHECKS``, which is the order of precedence between a round's problems."""

from __future__ import annotations

import pytest

from scorekeeper.domain.facts import Claim, Ending, Hand, Round
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import InputError
from scorekeeper.match.checks import ROUND_CHECKS, check_round, round_checker
from scorekeeper.match.record import new_match
from scorekeeper.rules.loader import load_ruleset
from table_steps import family, replay

GOAT = load_ruleset("goat")
MATCH = new_match("goat", GOAT, ("Ann", "Bob", "Cid"))


def tiles(*pairs: tuple[int, int]) -> Hand:
    return Hand(tiles=tuple(Tile(*pair) for pair in pairs))


def out(hands: dict, **facts) -> Round:
    return Round.of(ending=Ending.OUT, hands=hands, out="Ann", **facts)


def test_a_sound_round_passes_every_check_and_each_check_returns_nothing():
    rnd = out({"Bob": tiles((1, 2), (3, 3)), "Cid": Hand(total=7)}, last=(Tile(6, 6),), led=Tile(0, 0),
              claims=(Claim("Bob", 5),))
    assert [check(MATCH, GOAT, rnd) for check in ROUND_CHECKS] == [None] * len(ROUND_CHECKS)
    assert round_checker(MATCH, GOAT)(rnd) is None


@pytest.mark.parametrize("rnd, said", [
    # an unknown player comes before a missing hand
    (out({"Zed": Hand(total=3)}), "unknown player 'Zed' (players: Ann, Bob, Cid)"),
    # the ending before the hands
    (Round.of(ending=Ending.OUT, hands={"Bob": Hand(total=3)}, out="Ann", fisher="Bob"),
     "is for a blocked round"),
    # a missing hand before a tile outside the set
    (out({"Bob": tiles((7, 7))}), "no hand for Cid"),
    # each hand in turn: a tile problem of an earlier hand before a bad total of a later one, and back
    (out({"Bob": tiles((7, 7)), "Cid": Hand(total=-1)}), "tile 7-7 is not in a double-six set (Bob's hand)"),
    (out({"Bob": Hand(total=-1), "Cid": tiles((7, 7))}), "Bob's total is negative (-1)"),
    (out({"Bob": tiles((1, 2)), "Cid": tiles((1, 2))}), "tile 1-2 is in two hands: Bob's and Cid's"),
    (out({"Bob": tiles((1, 2), (1, 2)), "Cid": Hand(total=200)}), "tile 1-2 is given twice (Bob's hand)"),
    (out({"Bob": Hand(total=200), "Cid": Hand(total=3)}), "Bob's total 200 is more than a whole double-six set "
                                                          "holds (168)"),
    # the played tiles before the pips in all
    (out({"Bob": tiles((6, 6)), "Cid": Hand(total=160)}, last=(Tile(6, 6),)), "but is also in Bob's hand"),
    # the pips in all before a claim
    (out({"Bob": Hand(total=100), "Cid": Hand(total=100)}, claims=(Claim("Bob", -5),)),
     "the hands add up to 200 pips, more than a whole double-six set holds (168)"),
    (out({"Bob": Hand(total=1), "Cid": Hand(total=2)}, claims=(Claim("Bob", -5),)),
     "a claim cannot be negative (Bob -5)"),
])
def test_a_round_with_several_problems_is_refused_for_the_earliest(rnd, said):
    with pytest.raises(InputError) as refused:
        check_round(MATCH, GOAT, rnd)
    assert said in str(refused.value)


@pytest.mark.parametrize("vector", family("rounds_played"))
def test_rounds_played(sk, vector):
    replay(sk, vector)


@pytest.mark.parametrize("vector", family("breaches"))
def test_breaches(sk, vector):
    """rules.md §10.9: each breach said at its play or at the first play or line that proves it, naming the
    play it concerns; refused until the table lets it stand."""
    replay(sk, vector)
