"""Counts during play as pure functions over given open ends (RULES.md 4), and the end-of-hand rounding."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.errors import InputError
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.rules.schema import PlayScore, Rounding, SpinnerReading
from scorekeeper.scoring.counts import (End, Spinner, check_claim, check_play_total, count_score, max_count,
                                        open_count, producible_scores)
from scorekeeper.scoring.endhand import round_count

OPEN_HALVES = SpinnerReading.OPEN_HALVES
PLAYED_ARMS = SpinnerReading.PLAYED_ARMS

# RULES.md 4: 5-5 led; 5-0 on it; 3-5 on the other side; 0-2 on 5-0; later 5-4 on top of 5-5, 2-2 on 0-2,
# 2-5 on 2-2, 3-3 on 3-5.  The same layouts counted under both readings.
SPINNER_LAYOUTS = [
    ("5-5 led", Spinner(5), 10, 10),
    ("5-0 on it", Spinner(5, east=End(0)), 10, 10),
    ("3-5 on the other side", Spinner(5, east=End(0), west=End(3)), 13, 3),
    ("0-2 on 5-0", Spinner(5, east=End(2), west=End(3)), 15, 5),
    ("5-4 on top, 2-2 and 2-5 east, 3-3 west",
     Spinner(5, east=End(5), west=End(3, double=True), north=End(4)), 20, 15),
]


@pytest.mark.parametrize("what, layout, count_004, count_000", SPINNER_LAYOUTS,
                         ids=[row[0] for row in SPINNER_LAYOUTS])
def test_spinner_readings(what, layout, count_004, count_000):
    """004: the spinner's halves count while their sides are open; 000/pagat: only played sides count once
    both long sides are covered."""
    assert open_count(OPEN_HALVES, spinner=layout).total == count_004
    assert open_count(PLAYED_ARMS, spinner=layout).total == count_000


@pytest.mark.parametrize("what, layout, count_004, count_000", SPINNER_LAYOUTS,
                         ids=[row[0] for row in SPINNER_LAYOUTS])
def test_spinner_readings_score_in_muggins(what, layout, count_004, count_000):
    """What each reading's count scores in Muggins (a multiple of 5 scores the count; 13 and 3 score nothing)."""
    want_004 = count_004 if count_004 % 5 == 0 else 0
    want_000 = count_000 if count_000 % 5 == 0 else 0
    assert count_score(PlayScore.TOTAL, 5, open_count(OPEN_HALVES, spinner=layout).total) == want_004
    assert count_score(PlayScore.TOTAL, 5, open_count(PLAYED_ARMS, spinner=layout).total) == want_000


def test_spinner_parts_are_shown():
    """The referee shows the numbers added: 5+5+3+2 under 004's reading, 3+2 under 000's."""
    layout = Spinner(5, east=End(2), west=End(3))
    assert sorted(open_count(OPEN_HALVES, spinner=layout).parts) == [2, 3, 5, 5]
    assert sorted(open_count(PLAYED_ARMS, spinner=layout).parts) == [2, 3]


PHONE = [
    ("house 4-4, ends 6-6 and 3", Spinner(4, east=End(6, double=True), west=End(3)), 15, 3),
    ("then 4-5 on the house", Spinner(4, east=End(6, double=True), west=End(3), north=End(5)), 20, 4),
]


@pytest.mark.parametrize("what, layout, count, points", PHONE, ids=[row[0] for row in PHONE])
def test_phone_vectors_as_scoring_functions(what, layout, count, points):
    """RULES.md 4, Phone: 6+6+3 = 15 -> 3 points; 6+6+3+5 = 20 -> 4 points (total / 5)."""
    phone = load_ruleset("phone")
    total = open_count(phone["play.spinner"], spinner=layout).total
    assert total == count
    assert count_score(phone["play.scores"], phone["play.multiple"], total) == points


@pytest.mark.parametrize("ends, count", [((End(6), End(3)), 9), ((End(5, double=True), End(0)), 10),
                                         ((End(6, double=True), End(3)), 15)])
def test_line_without_spinner(ends, count):
    assert open_count(SpinnerReading.NONE, ends).total == count


@pytest.mark.parametrize("total, points", [(9, 3), (10, 2), (15, 8), (3, 1), (5, 1), (30, 16), (7, 0), (0, 0)])
def test_fives_and_threes_vectors(total, points):
    """RULES.md 4: 9 -> 3; 10 -> 2; 15 -> 5 + 3 = 8."""
    assert count_score(PlayScore.FIVES_AND_THREES, 5, total) == points


@pytest.mark.parametrize("how, multiple, total, points", [
    (PlayScore.TOTAL, 5, 15, 15), (PlayScore.TOTAL, 5, 13, 0), (PlayScore.TOTAL, 3, 12, 12),
    (PlayScore.TOTAL, 3, 10, 0), (PlayScore.QUOTIENT, 5, 15, 3), (PlayScore.QUOTIENT, 5, 20, 4),
    (PlayScore.QUOTIENT, 5, 13, 0), (PlayScore.NONE, 5, 10, 0)])
def test_count_scores(how, multiple, total, points):
    assert count_score(how, multiple, total) == points


def test_largest_counts_of_a_double_six_set():
    # Two ends: 6-6 and 5-5.  A spinner layout: four arms ending in 6-6, 5-5, 4-4, 3-3 on a 0-0 spinner.
    assert max_count(6, SpinnerReading.NONE) == 22
    assert max_count(6, OPEN_HALVES) == 36
    assert max_count(6, PLAYED_ARMS) == 36


@pytest.mark.parametrize("pips, reading, missing", [
    (6, "none", [19, 21]),  # odd: a plain end (at most 6) and a double (at most 12); 20 = 12 + 8, 22 = 12 + 10
    (9, "none", [29, 31, 33]),
    (6, "open-halves", []),
    (6, "played-arms", []),
    (9, "played-arms", [59]),
])
def test_the_counts_a_layout_can_show(pips, reading, missing):
    from scorekeeper.rules.schema import SpinnerReading
    from scorekeeper.scoring.counts import possible_counts

    counts = possible_counts(pips, SpinnerReading(reading))
    assert [total for total in range(max(counts) + 1) if total not in counts] == missing


@pytest.mark.parametrize("count, refused", [(21, "cannot count 21"), (19, "cannot count 19"), (23, "at most 22"),
                                            (22, "scores nothing"), (20, ""), (18, ""), (15, "")])
def test_fives_and_threes_takes_only_counts_two_ends_can_show(sk, count, refused):
    sk("new", "--rules", "fives-and-threes", "Ann", "Bob")
    if refused:
        assert refused in sk.fails("round", f"Ann out, Bob 5, Ann count {count}", code=2)
        assert refused in sk.fails("score", "Ann", "--count", str(count), code=2)
    else:
        sk("round", f"Ann out, Bob 5, Ann count {count}")


def test_claims_each_ruleset_can_produce():
    assert producible_scores(load_ruleset("muggins")) == (5, 10, 15, 20, 25, 30, 35)
    # 7 would be a count of 21 (or 35): two ends show an odd count only with a plain end (at most 6) and a
    # double (at most 12), so no double-six line shows 21
    assert producible_scores(load_ruleset("fives-and-threes")) == (1, 2, 3, 4, 6, 8)
    assert producible_scores(load_ruleset("phone")) == (1, 2, 3, 4, 5, 6, 7)
    assert producible_scores(load_ruleset("all-threes"))[:3] == (3, 6, 9)


@pytest.mark.parametrize("rules, points", [("muggins", 13), ("muggins", 40), ("fives-and-threes", 10),
                                           ("fives-and-threes", 5), ("draw", 10), ("all-threes", 10)])
def test_impossible_claims_are_refused_with_the_reason(rules, points):
    with pytest.raises(InputError) as error:
        check_claim(load_ruleset(rules), points)
    assert str(points) in str(error.value) or "nothing can be claimed" in str(error.value)


@given(st.lists(st.sampled_from((5, 10, 15, 20, 25, 30, 35)), max_size=12))
def test_any_sum_of_muggins_claims_is_a_possible_in_play_total(claims):
    check_play_total(load_ruleset("muggins"), sum(claims))


@given(st.integers(min_value=1, max_value=500).filter(lambda n: n % 5))
def test_muggins_in_play_totals_are_multiples_of_five(points):
    with pytest.raises(InputError):
        check_play_total(load_ruleset("muggins"), points)


@given(st.integers(min_value=0, max_value=1000), st.integers(min_value=1, max_value=12),
       st.sampled_from(list(Rounding)))
def test_rounding_lands_on_a_multiple_within_one_step(value, to, rounding):
    rounded = round_count(rounding, to, value)
    if rounding is Rounding.NONE:
        assert rounded == value
        return
    assert rounded % to == 0 and abs(rounded - value) < to
    if rounding is Rounding.UP:
        assert rounded >= value
    if rounding is Rounding.DOWN:
        assert rounded <= value
    if rounding is Rounding.NEAREST:
        assert 2 * abs(rounded - value) <= to
