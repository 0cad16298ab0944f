"""Invariants of the points race over generated matches (library API: the same fold the CLI uses)."""

from __future__ import annotations


from hypothesis import given, settings, strategies as st

from scorekeeper.domain.facts import Claim, Ending, Hand, Match, Round, singles
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.counts import producible_scores
from scorekeeper.scoring.engine import replay
from explain_checks import assert_steps_change_no_number

PLAYERS = ("Ann", "Bob", "Cat")


@st.composite
def hands(draw, rules: str):
    ruleset = load_ruleset(rules)
    scores = producible_scores(ruleset)
    ending = draw(st.sampled_from([Ending.OUT, Ending.FISH]))
    out = draw(st.sampled_from(PLAYERS)) if ending is Ending.OUT else None
    held = {player: Hand(total=draw(st.integers(0 if ending is Ending.OUT else 1, 60)))
            for player in PLAYERS if player != out}
    claims = draw(st.lists(st.builds(Claim, st.sampled_from(PLAYERS), st.sampled_from(scores)), max_size=4))
    return Round(ending=ending, hands=held, out=out, claims=tuple(claims))


def _match(rules: str, rounds) -> Match:
    return Match(ruleset=rules, players=PLAYERS, sides=singles(PLAYERS), rounds=tuple(rounds))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_scores_are_the_sum_of_what_each_round_recorded(data):
    rules = data.draw(st.sampled_from(["muggins", "all-fives", "fives-and-threes", "phone", "english", "draw"]))
    ruleset = load_ruleset(rules)
    if ruleset["play.scores"].value == "none":
        rounds = [rnd._replace(claims=()) for rnd in data.draw(st.lists(hands("muggins"), max_size=12))]
    else:
        rounds = data.draw(st.lists(hands(rules), max_size=12))
    match = _match(rules, rounds)
    table = replay(ruleset, match)
    for count in range(len(table.rounds) + 1):  # resumed after any round: the same table
        assert replay(ruleset, match, table.rounds[:count]) == table
    assert_steps_change_no_number(ruleset, match)
    target = table.target
    for side in table.sides:
        assert side.score == sum(result.side(side.name).recorded for result in table.rounds)
        assert side.score >= 0
    for result in table.rounds[:-1]:
        assert all(item.score < target for item in result.sides), "the match went on after the target"
    if table.over:
        if table.winner:
            assert table.standing(table.winner).score >= target
    else:
        assert all(side.score < target for side in table.sides)
        assert len(table.rounds) == len(rounds)


@settings(max_examples=40, deadline=None)
@given(st.lists(hands("muggins"), max_size=15))
def test_exact_target_is_never_passed(rounds):
    ruleset = load_ruleset("muggins")
    exact = ruleset._replace(values={**ruleset.values, "end.exact": True})
    table = replay(exact, _match("muggins", rounds))
    assert all(side.score <= 100 for side in table.sides)
    assert table.over == any(side.score == 100 for side in table.sides)


@settings(max_examples=40, deadline=None)
@given(st.lists(hands("muggins"), min_size=1, max_size=10))
def test_pending_claims_count_at_once_like_a_closed_hand(rounds):
    """The claims of a hand in progress give the same scores as the same claims closed in a round with no
    end-of-hand count (a fish where everyone holds the same)."""
    last = rounds[-1]
    ruleset = load_ruleset("muggins")
    pending = _match("muggins", rounds[:-1])._replace(pending=last.claims)
    closed = _match("muggins", rounds[:-1] + [Round(ending=Ending.FISH, hands={p: Hand(total=5) for p in PLAYERS},
                                                    claims=last.claims)])
    first, second = replay(ruleset, pending), replay(ruleset, closed)
    assert replay(ruleset, pending, first.rounds) == first  # resumed: the claims in progress are still counted
    assert [s.score for s in first.sides] == [s.score for s in second.sides]
    assert (first.over, first.winner) == (second.over, second.winner)
