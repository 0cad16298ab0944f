"""Plausibility (issue 11): a hand no player could have held is refused with the reason (exit 2), unless the
scorer confirms it with --confirm; the check is a core function the live session can ask about."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.match import usecases
from scorekeeper.errors import Implausible
from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.scoring.plausible import implausible
from scorekeeper.match.record import check_round, new_match
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.domain.tiles import TileSet, parse_tiles

FOUR = ("Masha", "Alex", "Olya", "Serg")


def a_round(out="Masha", **hands) -> Round:
    return Round.of(Ending.OUT if out else Ending.FISH, {
        player: Hand(total=value) if isinstance(value, int) else Hand(tiles=parse_tiles(value))
        for player, value in hands.items()}, out=out)


GOAT = load_ruleset("goat")
GOAT_FOUR = new_match("goat", GOAT, FOUR)
GOAT_TWO = new_match("goat", GOAT, ("Masha", "Alex"))


@pytest.mark.parametrize("match, rnd, reason", [
    (GOAT_FOUR, a_round(Alex=70, Olya=1, Serg=2),
     "Alex's total 70: a hand holds at most 69 pips (7 tiles; tiles.deal)"),
    (GOAT_FOUR, a_round(Alex="0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1", Olya=1, Serg=2),
     "Alex holds 8 tiles: a hand holds at most 7 (tiles.deal)"),
    (GOAT_FOUR, a_round(Alex=69, Olya=69, Serg=1),
     "Alex 69 + Olya 69 = 138: 2 hands hold at most 118 pips (the 14 tiles left)"),
    (GOAT_FOUR, a_round(Alex="6-6 5-6 4-6 5-5 3-6 4-5 2-6", Olya=50, Serg=1),
     "Olya's total 50: the hand holds at most 49 pips (the 7 heaviest tiles left)"),
    (GOAT_TWO, a_round(Alex=150),
     "Alex's total 150: a hand holds at most 149 pips (20 tiles = 7 dealt + 13 drawn; tiles.deal, bazaar.keep)"),
    (GOAT_TWO, a_round(Alex=" ".join(str(tile) for tile in TileSet(6).tiles()[:21])),
     "Alex holds 21 tiles: a hand holds at most 20 (7 dealt + 13 drawn; tiles.deal, bazaar.keep)"),
])
def test_a_hand_no_player_could_hold_is_named_with_the_reason(match, rnd, reason):
    check_round(match, GOAT, rnd)  # possible in the set: only the table makes it impossible
    assert reason in implausible(match, GOAT, rnd)


@pytest.mark.parametrize("match, rnd", [
    (GOAT_FOUR, a_round(Alex=69, Olya=1, Serg=2)),
    (GOAT_FOUR, a_round(Alex=69, Olya=49, Serg=35)),
    (GOAT_FOUR, a_round(None, Masha=2, Alex=3, Olya=13, Serg=5)),
    (GOAT_TWO, a_round(Alex=149)),
    (GOAT_FOUR, a_round(Alex="6-6 5-6 4-6 5-5 3-6 4-5 2-6", Olya=49, Serg=1)),
])
def test_what_a_table_could_hold_passes(match, rnd):
    assert implausible(match, GOAT, rnd) is None


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_real_deal_is_never_implausible(data):
    """Deal a real set to 2-4 players (7 each, draws from the bazaar), let one go out: whatever the others
    hold, as tiles or as totals, passes."""
    players = data.draw(st.integers(2, 4))
    match = new_match("goat", GOAT, FOUR[:players])
    tiles = data.draw(st.permutations(TileSet(6).tiles()))
    keep = 1
    bazaar = list(tiles[7 * players:])
    hands = {player: list(tiles[7 * index:7 * index + 7]) for index, player in enumerate(match.players)}
    for player in match.players[1:]:  # draws, leaving bazaar.keep tiles
        count = data.draw(st.integers(0, max(0, len(bazaar) - keep)))
        hands[player] += bazaar[:count]
        bazaar = bazaar[count:]
    out, rest = match.players[0], match.players[1:]
    held = {}
    for player in rest:
        kept = hands[player][:data.draw(st.integers(1, len(hands[player])))]  # some played
        held[player] = (" ".join(map(str, kept)) if data.draw(st.booleans()) else sum(t.pips for t in kept))
    rnd = a_round(out, **held)
    assert implausible(match, GOAT, rnd) is None


def test_round_refuses_with_the_reason_and_confirm_records(sk):
    sk("new", *FOUR)
    line = sk.fails("round", "--out", "Masha", "--total", "Alex=70", "--total", "Olya=1", "--total", "Serg=2",
                    code=2)
    assert line == ("Error: Alex's total 70: a hand holds at most 69 pips (7 tiles; tiles.deal); --confirm records "
                    "it")
    sk("round", "--out", "Masha", "--total", "Alex=70", "--total", "Olya=1", "--total", "Serg=2", "--confirm")
    assert sk.json()["rounds"] == 1
    assert sk.side("Alex")["score"] == 70
    sk("table")  # a confirmed round is a fact like any other: the file stays readable


def test_the_round_line_and_edit_take_confirm_too(sk):
    sk("new", *FOUR)
    sk.fails("round", "Masha out, Alex 80, Olya 1, Serg 1", code=2)
    sk("round", "--confirm", "Masha out, Alex 80, Olya 1, Serg 1")
    sk("round", "Alex out, Masha 1, Olya 1, Serg 1")
    assert "2 hands hold at most" in sk.fails(
        "edit", "2", "--out", "Alex", "--total", "Masha=69", "--total", "Olya=69", "--total", "Serg=1", code=2)
    sk("edit", "2", "--out", "Alex", "--total", "Masha=69", "--total", "Olya=69", "--total", "Serg=1", "--confirm")
    assert sk.side("Olya")["score"] == 69 + 1  # 69 opens with the remembered 1


def test_the_use_case_raises_implausible_unless_confirmed(tmp_path):
    path = tmp_path / "m.toml"
    usecases.new(path, "goat", FOUR)
    facts = usecases.RoundFacts(out="Masha", totals=(("Alex", 70), ("Olya", 1), ("Serg", 2)))
    before = path.read_bytes()
    with pytest.raises(Implausible, match="total 70: a hand holds at most 69 pips"):
        usecases.record(path, facts)
    assert path.read_bytes() == before
    assert usecases.record(path, facts, confirmed=True).number == 1
