"""The hands prompt does not make the scorer type the one hand the referee already knows: where no tile is left
in a bazaar (four players of Goat: all 28 tiles dealt), the tiles neither played nor typed in another hand are
the last player's; where a hand was given as a total, the last one is the pips left less the totals given."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from careless import careless_hand
from scorekeeper.domain.tiles import parse_tiles
from scorekeeper.notation.play_line import format_play
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.storage.matchfile import load_match

FOUR = ("Masha", "Alex", "Olya", "Serg")
FISH = ("Masha 1-1, Alex 1-2, Olya 2-3, Serg 1-3 on 3, Masha 1-4 on 1-1, Alex 4-5, Olya 1-5 on 5, Serg 1-6, "
        "Masha 0-6, Alex 0-1 on 0")
"""Every 1 on the table, both ends showing 1: a fish by Alex; Masha and Alex hold 4 tiles, Olya and Serg 5."""
SERG = "4-4 4-6 5-5 5-6 6-6"
"""The 51 pips left once the other three hands below are told."""
OTHERS = "m 0-0 0-2 0-3 0-4 a 0-5 2-2 2-4 2-5 o 2-6 3-3 3-4 3-5 3-6"


def fished(tmp_path, ruleset: str, players: tuple[str, ...], plays: str) -> LiveSession:
    usecases.new(tmp_path / "match.toml", ruleset, players)
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(None, None))
    for play in plays.split(", "):
        assert live.handle(play).ok
    assert live.hand.over
    return live


def hands(tmp_path) -> dict:
    return {player: hand.tiles or hand.total for player, hand in
            load_match(str(tmp_path / "match.toml")).rounds[0].hands.items()}


def test_three_hands_of_four_told_the_fourth_is_the_tiles_left(tmp_path):
    reply = fished(tmp_path, "goat", FOUR, FISH).handle(OTHERS)
    assert reply.ok and not reply.question, reply.text
    assert f"Serg {SERG}" in reply.text  # the round said back names it
    assert hands(tmp_path)["Serg"] == parse_tiles(SERG)
    assert "120 → 120" in reply.text  # the fish for one: Serg holds the most, and takes every hand


@pytest.mark.parametrize("line, serg", [
    ("m 9 a 0-5 2-2 2-4 2-5 o 38", 51),  # 120 pips left: 120 - 22 (Alex's tiles) - 9 - 38
    ("m 9 a 22 o 38", 51),
    ("a 22 o 38 s 51", 9),  # whoever is left out
])
def test_a_hand_given_as_a_total_leaves_the_last_one_a_total(tmp_path, line, serg):
    reply = fished(tmp_path, "goat", FOUR, FISH).handle(line)
    assert reply.ok and not reply.question, reply.text
    told = hands(tmp_path)
    missing = "Serg" if "s 51" not in line else "Masha"
    assert told[missing] == serg
    assert sum(value if isinstance(value, int) else sum(tile.pips for tile in value) for value in told.values()) == 120


def test_two_hands_left_out_are_still_asked_for(tmp_path):
    live = fished(tmp_path, "goat", FOUR, FISH)
    reply = live.handle("m 9 a 22")
    assert not reply.ok and "no hand for Olya, Serg" in reply.text
    assert load_match(str(tmp_path / "match.toml")).rounds == ()


def test_tiles_left_in_the_bazaar_leave_the_last_hand_unknown(tmp_path):
    """Three players of Goat leave 7 tiles in the bazaar: the tiles not told may be there."""
    plays = ("Ann 0-0, Bob 0-1, Cat 1-2, Ann 2-0 on 2, Bob 0-3 on 0-0, Cat 3-4, Ann 4-0 on 4, Bob 0-5, Cat 5-6, "
             "Ann 6-0 on 6")
    live = fished(tmp_path, "goat", ("Ann", "Bob", "Cat"), plays)
    for line in ("a 12 b 20", "a 1-1 1-3 2-2 b 3-3 3-5 3-6 4-4"):
        reply = live.handle(line)
        assert not reply.ok and "no hand for Cat" in reply.text, reply.text
    assert load_match(str(tmp_path / "match.toml")).rounds == ()


@pytest.mark.parametrize("line, typed, left, least", [
    ("m 9 a 22 o 30", "", 59, 13),  # Olya's 38 mistyped: more than Serg's five tiles could hold
    ("m 2 a 22 o 38", "Masha", 58, 13),  # Masha's 2 said implausible, and confirmed: as many too many
    ("m 0-0 0-2 0-3 0-4 a 0-5 2-2 2-4 2-5 o 60", "Olya", 29, 37),  # too few: the tiles left are Olya's and his
])
def test_a_total_no_hand_could_hold_is_not_made_up_for_the_last_player(tmp_path, line, typed, left, least):
    """The pips left less the totals given is Serg's total only where his five tiles could make it: one no hand
    could hold was said as a total the scorer gave ('59 given'), and recorded on a yes. It is refused, the
    totals to be checked; the total questioned first is one the scorer typed."""
    live = fished(tmp_path, "goat", FOUR, FISH)
    reply = live.handle(line)
    if typed:
        assert reply.question and reply.text.startswith(f"Implausible: {typed} holds"), reply.text
        reply = live.answer("y")
    assert not reply.ok and not reply.question
    assert " ".join(reply.text.split()) == (f"Error: the totals given leave Serg {left} pips, not what 5 tiles not "
                                            f"played can make ({least} to 52): check them, or give Serg's hand too")
    assert load_match(str(tmp_path / "match.toml")).rounds == ()
    assert live.handle("m 9 a 22 o 38").ok  # the hands asked again


@pytest.mark.parametrize("line, added", [
    ("m 9 a 22 o 38 s 50", 119),  # one pip short of the 120 left
    ("m 9 a 0-5 2-2 2-4 2-5 o 38 s 52", 99),  # beside a hand typed as tiles: 98 left for the three totals
])
def test_every_hand_told_as_totals_that_do_not_add_up_is_asked_about(tmp_path, line, added):
    """Every tile dealt and every hand told: the totals are the pips of the tiles neither played nor typed. A
    sum that differs is said, for the table to confirm (a tile misread) or type again."""
    live = fished(tmp_path, "goat", FOUR, FISH)
    left = 120 if "0-5" not in line else 98
    reply = live.handle(line)
    assert reply.question and " ".join(reply.text.split()) == (
        f"Implausible: the tiles neither played nor typed hold {left} pips, and the totals given add up to {added}.")
    assert not live.answer("n").ok and load_match(str(tmp_path / "match.toml")).rounds == ()
    live.handle(line)
    assert live.answer("y").ok and len(load_match(str(tmp_path / "match.toml")).rounds) == 1


FOUR_AT_TABLE = ("Ann", "Bob", "Cat", "Dan")
SETUPS = [("goat", FOUR_AT_TABLE, ()), ("goat-pairs", FOUR_AT_TABLE, ("Ann,Cat", "Bob,Dan")),
          ("sea-goat", FOUR_AT_TABLE, ()), ("goat", ("Ann", "Bob", "Cat"), ()), ("draw", ("Ann", "Bob"), ())]
"""Every tile dealt (four of Goat, in pairs or not, and Sea Goat), and a bazaar that may be drawn dry or not."""


@pytest.mark.slow  # a property run over whole hands typed at the prompt
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1), left=st.integers(0, 3),
       totals=st.lists(st.booleans(), min_size=4, max_size=4))
def test_the_hand_the_referee_tells_is_the_one_held(tmp_path_factory, setup, seed, left, totals):
    """Whatever the hand (an out or a fish, breaches let stand, pairs, a bazaar drawn or not) and whichever hand
    is left out, some typed as totals: the referee tells it only where no tile is left in the bazaar, and then
    it is what the player holds (the tiles, or their pips where a total was typed); else it is asked for."""
    name, players, teams = setup
    hand = careless_hand(load_ruleset(name), players, random.Random(seed))
    holders = [player for player in players if hand.held[player]]
    folder = tmp_path_factory.mktemp("hand")
    usecases.new(folder / "match.toml", name, () if teams else players, teams=teams)
    live = LiveSession.open(str(folder / "match.toml"), screen=lambda: Screen(None, None))
    for play in hand.plays:
        live.handle(format_play(play))
        if live.refused is not None or (live.hand is not None and live.hand.unsettled):
            assert live.handle("allow").ok
    assert live.hand is not None and live.hand.over
    if len(holders) < 2:  # the one hand asked is never left out
        return
    missing = holders[left % len(holders)]
    as_total = [player for player, total in zip(players, totals) if total and len(hand.held[player]) > 1]
    line = ", ".join(f'"{player}" ' + (str(sum(tile.pips for tile in hand.held[player])) if player in as_total
                                       else " ".join(map(str, hand.held[player])))
                     for player in holders if player != missing)
    reply = live.handle(line)
    if not reply.ok and "no hand for" not in reply.text:
        reply = live.handle("allow")  # a breach the hands prove
    if hand.board.stock:
        assert not reply.ok and f"no hand for {missing}" in reply.text, (line, reply.text)
        return
    assert reply.ok and not reply.question, (line, reply.text)
    told = live.state.match.rounds[-1].hands[missing]
    if any(player != missing for player in as_total):
        assert told.total == sum(tile.pips for tile in hand.held[missing]), (line, told)
    else:
        assert sorted(told.tiles) == sorted(hand.held[missing]), (line, told)
