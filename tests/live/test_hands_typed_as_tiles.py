"""Issue 32: the hands prompt reads tiles as the plays do wherever the plays tell how many tiles a player holds:
``36`` for a one-tile hand is the tile 3-6 (it was a total of 36, refused as implausible), and as many two-digit
numbers as a player's tiles are those tiles; a total is still a total."""

from __future__ import annotations

import pytest

from scorekeeper.domain.facts import Match, RoundFacts, singles
from scorekeeper.domain.tiles import Tile, parse_tiles
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.round_line import read_round
from scorekeeper.storage.matchfile import load_match

FOUR = ("Ann", "Bob", "Cat", "Dan")
HAND = ("Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6, Ann 3-4, Bob 4-4, Cat 0-3, Dan 1-4, Ann 2-6, "
        "Bob 2-3 on 3, Cat 1-6 on 6, Dan 1-5, Ann 2-5 on 2, Bob 2-2, Cat 1-1, Dan 5-6, Ann 0-5")
"""tests/live/test_session_plays.py's All Fives hand: Ann goes out; Cat and Dan hold one tile each, Bob ten."""
BOB_HOLDS = "1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4"


def ended(tmp_path) -> LiveSession:
    path = tmp_path / "match.toml"
    usecases.new(path, "all-fives", FOUR)
    live = LiveSession.open(str(path), screen=lambda: Screen(None, None))
    for play in HAND.split(", "):
        assert live.handle(play).ok
    return live


@pytest.mark.parametrize("line", [
    f"b {BOB_HOLDS}, c 3-5, d 4-6",  # as before: the tiles with their dashes
    f"b {BOB_HOLDS}, c 35, d 46",  # a one-tile hand's tile as the plays type it
    f"c 35 d 64 b {BOB_HOLDS}",
    "b 13 45 55 33 02 24 12 01 00 04 c 35 d 46",  # ten numbers for Bob's ten tiles
])
def test_the_hands_read_as_the_plays_read_them(tmp_path, line):
    live = ended(tmp_path)
    reply = live.handle(line)
    assert reply.ok and not reply.question, reply.text
    hands = load_match(str(tmp_path / "match.toml")).rounds[0].hands
    assert {player: hand.tiles for player, hand in hands.items()} == {
        "Bob": parse_tiles(BOB_HOLDS), "Cat": (Tile(3, 5),), "Dan": (Tile(4, 6),)}


def test_a_total_is_still_a_total(tmp_path):
    live = ended(tmp_path)
    reply = live.handle("b 45, c 8, d 46")  # Bob's ten tiles; one digit
    hands = load_match(str(tmp_path / "match.toml")).rounds[0].hands
    assert reply.ok and (hands["Bob"].total, hands["Cat"].total, hands["Dan"].tiles) == (45, 8, (Tile(4, 6),))


def test_unnamed_one_tile_hands_in_seating_order():
    seated = Match("all-fives", FOUR, singles(FOUR))
    facts = read_round('"Ann" out 20 35 46', seated, held={"Bob": 10, "Cat": 1, "Dan": 1})
    assert facts == RoundFacts(out="Ann", hands=(("Cat", (Tile(3, 5),)), ("Dan", (Tile(4, 6),))),
                               totals=(("Bob", 20),))
    # without what the plays tell, as before: totals
    assert read_round('"Ann" out 20 35 46', seated).totals == (("Bob", 20), ("Cat", 35), ("Dan", 46))


def two_ended(tmp_path) -> LiveSession:
    """Two players, three tiles each: Ann goes out; Bob, who drew one, holds two."""
    rules = tmp_path / "small-draw.toml"
    rules.write_text('extends = "draw"\nname = "small-draw"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n',
                     encoding="utf-8")
    usecases.new(tmp_path / "match.toml", str(rules), ("Ann", "Bob"))
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(None, None))
    for play in ("a 66", "+", "63", "33", "31", "12"):
        assert live.handle(play).ok
    return live


@pytest.mark.parametrize("line", ["0-0 4-5", "Bob 0-0 4-5", "b 00 45"])
def test_the_one_hand_asked_needs_no_name_for_its_tiles(tmp_path, line):
    """Bob's is the only hand asked, so tiles written with their dash are his."""
    reply = two_ended(tmp_path).handle(line)
    assert reply.ok and reply.text.startswith("Round 1: Ann out on 1-2, led 6-6, Bob 0-0 4-5"), reply.text
    assert load_match(str(tmp_path / "match.toml")).rounds[0].hands["Bob"].tiles == parse_tiles("0-0 4-5")


def test_a_number_alone_is_still_the_total_in_seating_order(tmp_path):
    assert two_ended(tmp_path).handle("9").text.startswith("Round 1: Ann out on 1-2, led 6-6, Bob 9")


def test_a_number_that_would_be_a_tile_already_played_is_a_total(tmp_path):
    """Cat played 0-6 in this hand: '06' for her one tile is a total of 6, not the tile 0-6 refused as played;
    '11' (1-1 played too) is a total of 11, which no tile left makes: asked about, as any such total."""
    live = ended(tmp_path)
    asked = live.handle("b 45, c 11, d 46")
    assert not asked.ok and asked.text.startswith("Implausible: Cat holds 1 tile"), asked.text
    live.answer("n")
    reply = live.handle("b 47, c 06, d 46")  # 47 + 6 + 4-6: the 63 pips of the tiles not played
    hands = load_match(str(tmp_path / "match.toml")).rounds[0].hands
    assert reply.ok, reply.text
    assert (hands["Bob"].total, hands["Cat"].total, hands["Dan"].tiles) == (47, 6, (Tile(4, 6),))


def test_the_tiles_gone_make_a_number_a_total_named_or_not():
    seated = Match("all-fives", FOUR, singles(FOUR))
    held = {"Bob": 10, "Cat": 1, "Dan": 1}
    gone = frozenset({Tile(1, 2)})
    assert read_round('"Ann" out 20 12 46', seated, held=held, gone=gone) == RoundFacts(
        out="Ann", hands=(("Dan", (Tile(4, 6),)),), totals=(("Bob", 20), ("Cat", 12)))
    assert read_round('"Ann" out, Cat 12', seated, held=held, gone=gone).totals == (("Cat", 12),)
    assert read_round('"Ann" out, Cat 12', seated, held=held).hands == (("Cat", (Tile(1, 2),)),)


def test_two_digits_that_could_be_a_total_say_the_tile_read_and_ask(tmp_path):
    """Cat holds one tile: 'c 10' is the tile 0-1 as the plays type it, but 5-5 (10 pips) is still out too:
    the session says which it read and asks; Enter keeps the tile."""
    live = ended(tmp_path)
    reply = live.handle("b 52, c 10, d 46")
    assert reply.text == "Cat 10 is read as the tile 0-1." and reply.question == "A total of 10 instead? [y/N] "
    assert load_match(str(tmp_path / "match.toml")).rounds == ()  # nothing recorded before the answer
    reply = live.answer("")
    assert reply.ok and "Cat 0-1" in reply.text, reply.text
    assert load_match(str(tmp_path / "match.toml")).rounds[0].hands["Cat"].tiles == (Tile(0, 1),)


def test_yes_makes_the_two_digits_a_total(tmp_path):
    live = ended(tmp_path)
    assert live.handle("b 43, c 10, d 46").question  # 43 + 10 + 4-6: the 63 pips left, with 10 a total
    reply = live.answer("y")
    assert reply.ok and "Cat 10" in reply.text, reply.text
    hands = load_match(str(tmp_path / "match.toml")).rounds[0].hands
    assert (hands["Cat"].total, hands["Dan"].tiles) == (10, (Tile(4, 6),))


@pytest.mark.parametrize("line", [
    "b 50, c 12, d 46",  # 12 pips is 6-6, played by Ann: only the tile 1-2
    "b 45, c 35, d 46",  # no tile has 35 pips
    "b 52, c 1-0, d 46",  # the dash says it is a tile
    "b 52, c 01, d 46",  # a leading 0: the tile 0-1
])
def test_two_digits_no_total_could_be_are_the_tile_unasked(tmp_path, line):
    reply = ended(tmp_path).handle(line)
    assert reply.ok and not reply.question, reply.text


def test_another_line_is_no_answer_and_nothing_is_recorded(tmp_path):
    live = ended(tmp_path)
    assert live.handle("b 52, c 10, d 46").question
    reply = live.answer("table")
    assert reply.text.startswith("Not recorded: 'b 52, c 10, d 46' (the question takes y or n); 'table' is taken")
    assert load_match(str(tmp_path / "match.toml")).rounds == () and live.hand is not None and live.hand.over


@pytest.mark.parametrize("language, said, question", [
    ("ru", "Cat 10: прочитано как кость 0-1.", "Или это сумма 10? [д/Н] "),
    ("uk", "Cat 10: прочитано як кістку 0-1.", "Чи це сума 10? [так/Н] "),
])
def test_the_tile_read_is_said_in_every_language(tmp_path, language, said, question):
    from scorekeeper import i18n

    i18n.use(language)
    live = ended(tmp_path)
    reply = live.handle("b 52, c 10, d 46")
    assert (reply.text, reply.question) == (said, question)
    assert load_match(str(tmp_path / "match.toml")).rounds == ()
