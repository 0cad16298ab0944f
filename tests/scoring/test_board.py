"""The referee follows the play (rules.md §10): vectors for every layout family, each with its source line,
and a property: random deals played by a small random player are followed exactly."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile, parse_tiles
from scorekeeper.errors import InputError
from scorekeeper.notation.play_line import parse_plays
from scorekeeper.referee.count import check_count
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.board import Board, IllegalPlay, check_play, follow
from scorekeeper.scoring.lead import first_lead_order

EVERY = 'extends = "muggins"\nname = "every"\n[play]\nspinners = "every"\n'
SMALL = '\n[tiles]\ndeal = 3\ndeal_more_players = 3\n'
"""Three tiles each, so that a hand goes out in a few plays."""
LAST_PLAY = 'extends = "goat"\nname = "last"\n[fish]\nfisherman = "last-play"\n'
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"
"""rules.md §1.5: the chain 2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2, a 2 at both ends, all six non-double 2s out."""


def rules(spec: str, folder: Path):
    """A built-in ruleset by name, or a house ruleset from its text."""
    if "\n" not in spec:
        return load_ruleset(spec)
    path = folder / "house.toml"
    path.write_text(spec, encoding="utf-8")
    return load_ruleset(str(path))


def ruled(spec, text, folder, hands=None):
    ruleset = rules(spec, folder)
    given = [(player, parse_tiles(tiles)) for player, tiles in (hands or {}).items()]
    return check_play(ruleset, text, given)


# (source, ruleset, plays, hands, per-play counts, per-play points, the reason of the play refused, or of the
# first breach of a rule of play, which the board lets stand when following a hand; None: neither)
VECTORS = [
    # line (Goat, block/draw, Fives and Threes): doubles laid across count both halves
    pytest.param("RULES.md §4 (a double at an end counts both halves); §4 Fives and Threes vectors: 9 -> 3, "
                 "15 -> 8", "fives-and-threes", "Ann 6-6, Bob 6-3, Ann 3-3 on 3, Bob 6-1", None,
                 [12, 15, 18, 7], [4, 8, 6, 0], None, id="line: fives-and-threes"),
    pytest.param("004 (a tile must match the end it is laid on)", "goat", "Ann 6-6, Bob 6-3, Cat 5-4", None,
                 [12, 15], [0, 0], "4-5 does not match an open end (the ends show 6 and 3)", id="line: no match"),
    pytest.param("rules.md §1.1 (a tile is in one place only)", "goat", "Ann 6-6, Bob 6-3, Cat 3-6", None,
                 [12, 15], [0, 0], "3-6 is already on the table: Bob laid it at play 2", id="line: already played"),
    pytest.param("RULES.md §1 (one tile a turn, in turn)", "goat", "Ann 6-6, Bob 6-3, Cat 3-3 on 3, Bob 6-1",
                 None, [12, 15, 18, 7], [0, 0, 0, 0], "it is Ann's turn, not Bob's", id="line: not the player's turn"),
    pytest.param("rules.md §10.1 (two places making different layouts are named)", "goat",
                 "Ann 3-5, Bob 5-3", None, [8], [0], "3-5 is already on the table: Ann laid it at play 1", id="line: same tile twice"),
    pytest.param("rules.md §10.1", "goat", "Ann 2-4, Bob 4-1, Cat 1-2", None, [6, 3], [0, 0],
                 "1-2 fits 2 places: on 2 or on 1: say which", id="line: ambiguous"),
    pytest.param("rules.md §10.1 ('on N' names the end)", "goat", "Ann 2-4, Bob 4-1, Cat 1-2 on 4", None,
                 [6, 3], [0, 0], "1-2 cannot go on 4: no open end shows 4", id="line: on an end not there"),
    pytest.param("rules.md §1.1 (a tile in one hand only)", "goat", "Ann 6-6, Bob 6-3",
                 {"Cat": "6-3,1-1,2-2,3-3,4-4,5-5,0-0"}, [12], [0], "3-6 is in Cat's hand",
                 id="line: in another hand"),
    pytest.param("RULES.md §1 (no passing while able to play: 000, 004)", "goat", "Ann 6-6, Bob knocks",
                 {"Bob": "6-3,1-1,2-2,3-3,4-4,5-5,0-0"}, [12], [0],
                 "Bob can play (3-6 fits the 6): a knock only passes a turn the player cannot play",
                 id="line: knock while able"),
    pytest.param("RULES.md §1.6 (Goat forbids drawing the last bazaar tile)", "goat",
                 "Ann 6-6, Bob draws 13, Bob draws 1", None, [12], [0],
                 "the bazaar's last tile may not be drawn (Goat: bazaar.keep = 1)", id="line: last bazaar tile"),
    pytest.param("rules.md §1.6 (a player who cannot play draws from the bazaar)", "muggins",
                 "Ann 6-6, Bob knocks", None, [12], [0], "Bob must draw before knocking: 14 bazaar tiles may "
                 "still be drawn", id="line: knock with the bazaar open"),
    pytest.param("rules.md §1.6 (Goat: the last bazaar tile stays)", "goat",
                 "Ann 6-6, Bob draws 13, Bob knocks, Ann 6-1", None, [12, 13], [0, 0], None,
                 id="line: knock when only the last tile is left"),
    pytest.param("RULES.md §1.6 (a player draws, then plays in the same turn)", "goat",
                 "Ann 6-6, Bob draws 2, Bob 6-1, Ann 1-1", None, [12, 13, 14], [0, 0, 0], None,
                 id="line: draw then play"),
    # a single spinner (Muggins / All Fives / Phone): rules.md §4.1, §4.2
    pytest.param("RULES.md §4 vectors (004, open-halves): 10, 10, 13, 15; later 5-4, 2-2, 2-5, 3-3 -> 20",
                 "muggins", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 5-4, Bob 2-2, Ann 2-5 on 2-2, Bob 3-3", None,
                 [10, 10, 13, 15, 14, 16, 17, 20], [10, 10, 0, 15, 0, 0, 0, 20], None, id="spinner: muggins"),
    pytest.param("RULES.md §4 vectors (000 / pagat, played-arms): 10, 10, 3, 5; the four later plays -> 15",
                 "all-fives", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 5-4, Bob 2-2, Ann 2-5 on 2-2, Bob 3-3", None,
                 [10, 10, 3, 5, 9, 11, 12, 15], [10, 10, 0, 5, 0, 0, 0, 15], None, id="spinner: all-fives"),
    pytest.param("RULES.md §4 Phone vector: house 4-4, ends 6 and 3, 6-6 -> 15 -> 3; 4-5 -> 20 -> 4", "phone",
                 "Ann 4-4, Bob 4-6, Ann 4-3, Bob 6-6, Ann 4-5", None, [8, 14, 9, 15, 20], [0, 0, 0, 3, 4], None,
                 id="spinner: phone"),
    pytest.param("rules.md §10.2 (the spinner: long sides first, then short)", "muggins",
                 "Ann 5-5, Bob 5-0, Ann 5-1, Bob 5-2, Ann 5-3, Bob 5-4", None, [10, 10, 11, 8, 6], [10, 10, 0, 0, 0],
                 "4-5 does not match an open end (the ends show 0, 1, 2 and 3)", id="spinner: four sides, then full"),
    pytest.param("rules.md §4.1 (later doubles are laid across)", "muggins", "Ann 5-5, Bob 5-6, Ann 6-6", None,
                 [10, 16, 22], [10, 0, 0], None, id="spinner: a later double across"),
    # every double a spinner (play.spinners = every)
    pytest.param("rules.md §10.2 (play.spinners = every)", EVERY, "Ann 5-5, Bob 5-3, Ann 3-3, Bob 3-1, Ann 3-2",
                 None, [10, 13, 16, 17, 16], [10, 0, 0, 0, 0], None, id="every double: muggins"),
    # Sea Goat's two doubles at once
    pytest.param("RULES.md §3 (two doubles may be played in one turn when each fits an end)", "sea-goat",
                 "Ann 6-5, Bob 5-5, Bob 6-6, Ann 5-4", None, [11, 16, 22, 16], [0, 0, 0, 0], None,
                 id="two doubles: sea goat"),
    pytest.param("RULES.md §3 (two doubles: one on each end)", "sea-goat", "Ann 6-5, Bob 5-5, Bob 6-6 on 5-5",
                 None, [11, 16], [0, 0], "6-6 cannot be laid against 5-5: 5-5 has no free side that 6-6 matches",
                 id="two doubles: not on the first"),
    pytest.param("RULES.md §1 (one tile a turn, except Sea Goat's two doubles)", "goat",
                 "Ann 6-5, Bob 5-5, Bob 6-6", None, [11, 16, 22], [0, 0, 0], "it is Ann's turn, not Bob's",
                 id="two doubles: not in goat"),
]


@pytest.mark.parametrize("source, spec, text, hands, counts, points, refused", VECTORS)
def test_vectors(tmp_path, source, spec, text, hands, counts, points, refused):
    assert source
    followed = ruled(spec, text, tmp_path, hands)
    assert [item.count for item in followed.ruled if item.play.action is Action.TILE] == counts
    assert [item.points for item in followed.ruled if item.play.action is Action.TILE] == points
    first = followed.illegal.reason if followed.illegal else \
        followed.breaches[0].reason if followed.breaches else None
    assert first == refused


def test_a_tile_outside_the_set_is_refused_and_check_play_says_it_was_mistyped(tmp_path):
    """rules.md §1.1: a tile outside the set is refused by the board (a hand followed in the session or read
    from a file); ``check play``, where it can only be a typing slip, refuses the command, naming the play."""
    ruleset = load_ruleset("goat")
    followed = follow(ruleset, ["Ann", "Bob"], parse_plays("Ann 6-6, Bob 6-7", ["Ann", "Bob"], 6))
    assert followed.illegal.reason == "tile 6-7 is not in a double-six set"
    assert [item.count for item in followed.ruled] == [12]
    for text, said in (("Ann 6-6, Bob 6-7", "play 2 (Bob 6-7): tile 6-7"),
                       ("Ann 7-7, Bob 6-6", "play 1 (Ann 7-7): tile 7-7")):
        with pytest.raises(InputError) as refused:
            ruled("goat", text, tmp_path)
        assert str(refused.value) == f"{said} is not in a double-six set"


def test_the_spinner_counts_as_check_count_does(tmp_path):
    """rules.md §4.2's vector position, built by plays, counts what check count --spinner gives for it."""
    for name in ("muggins", "all-fives"):
        followed = ruled(name, "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 5-4, Bob 2-2, Ann 2-5 on 2-2, "
                               "Bob 3-3", tmp_path)
        ruleset = load_ruleset(name)
        assert followed.count == check_count(ruleset, [5, Tile(3, 3), 4], Tile(5, 5)).total


def test_sealed_fish_then_the_double_and_the_fisherman(tmp_path):
    """rules.md §1.5: the sealer is the fisherman; a double laid after is not the last tile."""
    sealed = ruled("goat", SEALED, tmp_path)
    assert (sealed.sealed, sealed.blocked, sealed.fisherman, sealed.turn) == (True, False, "Ann", "Bob")
    assert sealed.ruled[-1].note.said() == "sealed: a fish unless 2-2 is held"
    closed = ruled("goat", SEALED + ", Bob 2-2", tmp_path)
    assert (closed.blocked, closed.fisherman, closed.turn, closed.out) == (True, "Ann", None, None)
    last = ruled(LAST_PLAY, SEALED + ", Bob 2-2", tmp_path)
    assert (last.blocked, last.fisherman) == (True, "Bob")
    assert ruled(LAST_PLAY, SEALED, tmp_path).fisherman is None  # not known until the double is laid


def test_sealed_fish_with_the_double_held_and_with_it_played(tmp_path):
    held = ruled("goat", SEALED, tmp_path, {"Bob": "2-2,1-4,0-2,1-1,3-3,4-4,5-5"})
    assert (held.sealed, held.blocked) == (True, False)
    assert held.ruled[-1].note.said() == "sealed: a fish once Bob lays 2-2"
    played = ruled("goat", "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-2 on 2-4, Ann 2-6 on 2-2, Bob 6-0, Cat 0-2 on 0, Dan 2-3, "
                           "Ann 3-5 on 3, Bob 5-2 on 5", tmp_path)
    assert (played.blocked, played.fisherman) == (True, "Bob")  # 2-2 already on the table: a fish at once
    after = ruled("goat", SEALED + ", Bob 2-2, Cat 1-1", tmp_path)
    assert after.illegal.reason == "the hand is over: it is a fish"


def test_a_fish_by_knocks_names_the_last_player(tmp_path):
    followed = ruled("goat", SEALED + ", Bob knocks, Cat knocks, Dan knocks, Ann knocks", tmp_path)
    assert (followed.blocked, followed.fisherman, followed.turn) == (True, "Ann", None)
    assert followed.ruled[-1].note.said() == "everyone knocked in turn: nobody can play, a fish"


def test_the_out_names_the_last_tile_and_the_lead(tmp_path):
    small = 'extends = "goat"\nname = "small"' + SMALL
    followed = ruled(small, "Ann 6-6, Bob 6-3, Ann 6-1, Bob 3-2, Ann 1-1", tmp_path)
    out = followed.out
    assert (out.player, out.last, out.lead, followed.turn) == ("Ann", (Tile(1, 1),), Tile(6, 6), None)
    later = ruled(small, "Ann 6-6, Bob 6-3, Ann 6-1, Bob 3-2, Ann 1-1, Bob 2-2", tmp_path)
    assert later.illegal.reason == "the hand is over: Ann went out with 1-1"
    sea = 'extends = "sea-goat"\nname = "small"' + SMALL
    doubles = ruled(sea, "Ann 6-5, Bob 5-5, Ann 5-4, Bob 4-4, Bob 6-6", tmp_path)
    assert doubles.illegal is None and doubles.out.last == (Tile(4, 4), Tile(6, 6))


def test_the_last_tile_that_seals_the_line_is_an_out(tmp_path):
    """A tile that closes the line with a player's last tile is an out, not a fish (rules.md §10.6)."""
    followed = ruled('extends = "goat"\nname = "small"' + SMALL, SEALED, tmp_path)
    assert followed.out.player == "Ann" and followed.out.last == (Tile(2, 5),)
    assert not followed.blocked and followed.turn is None


def test_a_known_hand_refuses_a_tile_it_does_not_hold_until_it_draws(tmp_path):
    hands = {"Ann": "6-6,1-1,2-2,3-3,4-4,5-5,0-0", "Bob": "6-1,0-1,0-2,0-3,0-4,0-5,0-6"}
    refused = ruled("goat", "Ann 6-6, Bob 6-3", tmp_path, hands)
    assert refused.illegal.reason == "3-6 is not in Bob's hand (0-1 0-2 0-3 0-4 0-5 0-6 1-6)"
    drawn = ruled("goat", "Ann 6-6, Bob 6-1, Ann draws 1, Ann 1-3", tmp_path, hands)
    assert drawn.illegal is None and drawn.turn == "Bob"


def test_a_refused_play_leaves_the_board_as_it_was(tmp_path):
    board = Board(load_ruleset("muggins"), ("Ann", "Bob"))
    board.play(Play("Ann", Action.TILE, Tile(5, 5)))
    before = (board.ends(), board.count(), board.turn)
    for bad in (Play("Ann", Action.TILE, Tile(5, 1)), Play("Bob", Action.TILE, Tile(1, 2)),
                Play("Bob", Action.TILE, Tile(5, 5)), Play("Bob", Action.DRAW, drawn=20)):
        with pytest.raises(IllegalPlay):
            board.play(bad)
    assert (board.ends(), board.count(), board.turn) == before


@pytest.mark.parametrize("players, hands, message", [
    (("Ann",), {}, "a hand needs at least two players"),
    (("A", "B", "C", "D", "E"), {}, "5 players (A, B, C, D, E), but Goat seats at most 4"),
    (("Ann", "Bob"), {"Cat": "1-1"}, "a hand is given for Cat, who is not at the table (Ann, Bob)"),
    (("Ann", "Bob"), {"Ann": "1-1,2-2"}, "Ann's hand has 2 tiles, but Goat deals 7 to each of 2 players"),
    (("Ann", "Bob"), {"Ann": "1-1,2-2,3-3,4-4,5-5,6-6,0-0", "Bob": "1-1,0-1,0-2,0-3,0-4,0-5,0-6"},
     "tile 1-1 is in two hands: Ann's and Bob's"),
])
def test_impossible_tables_are_refused(players, hands, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Board(load_ruleset("goat"), players, {player: parse_tiles(tiles) for player, tiles in hands.items()})


# The property: a small random player, with its own model of the layout.

SETUPS = [("goat", 4), ("goat", 2), ("muggins", 2), ("all-fives", 3), ("fives-and-threes", 2), ("phone", 2),
          ("sea-goat", 3), ("block", 2), ("draw", 4)]


class Model:
    """The layout as the random player sees it: the open arms (tip tile, number showing) and a spinner's
    sides, counted again by check count from the arms' ends."""

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset
        self.spins = ruleset["play.spinner"].value != "none"
        self.arms: dict[int, tuple[Tile, int]] = {}
        self.spinner: Tile | None = None
        self.sides: list[int | None] = [None] * 4
        self.lead: Tile | None = None
        self.table: set[Tile] = set()

    def places(self, tile: Tile) -> list[tuple[str, int]]:
        found = [("arm", arm) for arm, (_, showing) in self.arms.items() if showing in tile]
        if self.spinner is not None and self.spinner.low in tile and None in self.sides:
            found.append(("spinner", self.sides.index(None)))
        return found

    def lay(self, tile: Tile, place) -> Tile:
        """Lay ``tile`` at ``place``; return the tile it is laid against."""
        self.table.add(tile)
        kind, where = place
        if kind == "spinner":
            self.sides[where] = len(self.arms) + 100
            self.arms[len(self.arms) + 100] = (tile, tile.high if tile.low == self.spinner.low else tile.low)
            return self.spinner
        against, showing = self.arms.pop(where)
        if self.spins and tile.is_double and self.spinner is None:
            self.spinner = tile
            self.sides = [None, next(iter(self.arms)), None, None]  # the rest of the line on its west side
            return against
        self.arms[where] = (tile, tile.high if tile.low == showing else tile.low)
        return against

    def start(self, tile: Tile) -> None:
        self.lead = tile
        self.table.add(tile)
        if self.spins and tile.is_double:
            self.spinner = tile
        else:
            self.arms = {0: (tile, tile.low), 1: (tile, tile.high)}

    def ends(self) -> list[int]:
        return sorted([showing for _, showing in self.arms.values()]
                      + ([self.spinner.low] * self.sides.count(None) if self.spinner else []))

    def count(self) -> int:
        def end(arm):
            tip, showing = self.arms[arm]
            return tip if tip.is_double else showing

        if self.spinner is None:
            if len(self.table) == 1:
                return self.lead.pips
            return check_count(self.ruleset, [end(arm) for arm in self.arms]).total
        sides = [None if side is None else end(side) for side in self.sides]
        return check_count(self.ruleset, sides, self.spinner).total


class Played(NamedTuple):
    """A hand the random player played: how it ended, the plays, the hands held at the end, the board."""

    ending: str
    plays: tuple
    hands: dict
    board: Board


def play_out(ruleset, seats: int, rng: random.Random, known: bool, first: bool = False) -> Played:
    """Deal, then play a hand with a random player; check every answer of the referee on the way. ``first``:
    a match's first round, led as ``lead.first`` says (the holder of the tile that comes first leads it)."""
    players = tuple("ABCD"[:seats])
    tiles = list(ruleset.tileset.tiles())
    rng.shuffle(tiles)
    deal = ruleset["tiles.deal_more_players"] if seats > 2 and ruleset["tiles.deal_more_players"] else \
        ruleset["tiles.deal"]
    hands = {player: tiles[index * deal:(index + 1) * deal] for index, player in enumerate(players)}
    stock = tiles[seats * deal:]
    drawable = max(len(stock) - ruleset["bazaar.keep"], 0)
    board = Board(ruleset, players, {player: tuple(hand) for player, hand in hands.items()} if known else {},
                  first=first)
    model = Model(ruleset)
    turn = rng.randrange(seats)
    opener = None
    rule = first_lead_order(ruleset, seats) if first else None
    if rule is not None:
        dealt = {tile: player for player, hand in hands.items() for tile in hand}
        opener = next((tile for tile in rule.order if tile in dealt), None)
        if opener is not None:
            turn = players.index(dealt[opener])
    knocks = 0
    for _ in range(400):
        player = players[turn]
        hand = hands[player]
        if model.lead is None:
            tile = opener or rng.choice(hand)
            answer = board.play(Play(player, Action.TILE, tile))
            model.start(tile)
        else:
            moves = [(tile, place) for tile in hand for place in model.places(tile)]
            if not moves and drawable:
                hand.append(stock.pop(0))
                drawable -= 1
                board.play(Play(player, Action.DRAW, drawn=1))
                continue
            if not moves:
                answer = board.play(Play(player, Action.KNOCK))
                knocks += 1
                turn = (turn + 1) % seats
                if knocks == seats:
                    assert board.blocked and answer.turn is None
                    return Played("fish", tuple(ruled.play for ruled in board.history), hands, board)
                assert not board.over, "the referee ended the hand while someone could still play"
                continue
            tile, place = rng.choice(moves)
            places = {item for item in model.places(tile)}
            against = model.lay(tile, place)
            on = None if len(places) == 1 and rng.random() < 0.7 else against
            answer = board.play(Play(player, Action.TILE, tile, on))
            assert answer.on == against
        hand.remove(tile)
        knocks = 0
        assert sorted(answer.ends) == model.ends()
        assert answer.count == model.count()
        if not hand:
            assert answer.out is not None and answer.out.player == player and answer.turn is None
            return Played("out", tuple(ruled.play for ruled in board.history), hands, board)
        assert answer.out is None
        outside = [tile for held in hands.values() for tile in held] + stock[:drawable]
        if answer.blocked:
            assert not any(model.places(tile) for tile in outside), "a fish while a tile could still be laid"
            return Played("fish", tuple(ruled.play for ruled in board.history), hands, board)
        turn = (turn + 1) % seats
        assert answer.turn == players[turn]
    raise AssertionError("the hand never ended")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1), known=st.booleans(), first=st.booleans())
def test_random_hands_are_followed_exactly(setup, seed, known, first):
    name, seats = setup
    played = play_out(load_ruleset(name), seats, random.Random(seed), known, first)
    assert played.ending in ("out", "fish")


def test_follow_stops_at_the_first_illegal_play():
    plays = parse_plays("Ann 6-6, Bob 5-4, Bob 6-3")
    followed = follow(load_ruleset("goat"), ("Ann", "Bob"), plays)
    assert len(followed.ruled) == 1 and followed.illegal.play == plays[1] and followed.turn == "Bob"


def _record(ruleset_name: str, seats: int, facts, folder: str):
    from scorekeeper.match import usecases

    path = os.path.join(folder, f"match-{len(os.listdir(folder))}.toml")
    usecases.new(path, ruleset_name, tuple("ABCD"[:seats]))
    return usecases.record(path, facts, confirmed=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1))
def test_a_round_recorded_from_its_plays_scores_as_the_same_round_typed(setup, seed):
    """Issue 23, Must 2: the round the plays close scores as the round typed with the same facts (the out or
    the fish, the hands, the last tile, the lead, the fisherman, and claims equal to the board's points), and
    the board's points are all scored, none invented."""
    from scorekeeper.domain.facts import RoundFacts
    from scorekeeper.scoring.board import play_claims

    name, seats = setup
    ruleset = load_ruleset(name)
    played = play_out(ruleset, seats, random.Random(seed), False, first=True)
    board = played.board
    hands = tuple((player, tuple(held)) for player, held in played.hands.items() if held)
    followed = follow(ruleset, board.players, played.plays)
    claims = play_claims(ruleset, followed)
    assert sum(claim.points for claim in claims) == sum(ruled.points for ruled in board.history)
    out = board.out
    # a 6-6 lead typed is a claim of 'on the hundred' (Sea Goat), refused where no side holds points; one
    # seen in the plays is on the hundred only where the scores make it so: typed, it is left out
    led = None if board.lead == Tile(6, 6) and ruleset["hundred.enabled"] else board.lead
    typed = RoundFacts(out=out.player if out else None, fish=out is None, hands=hands,
                       last=out.last if out else (), led=led,
                       fisher=None if out else board.fisherman(),
                       claims=tuple((claim.player, claim.points, False) for claim in claims))
    with tempfile.TemporaryDirectory() as folder:
        from_plays = _record(name, seats, RoundFacts(plays=played.plays, hands=hands), folder)
        as_typed = _record(name, seats, typed, folder)
    recorded = from_plays.match.rounds[0]
    assert (recorded.ending, recorded.out, recorded.last, recorded.led) == (
        as_typed.match.rounds[0].ending, typed.out, typed.last, board.lead)
    assert [(side.name, side.score) for side in from_plays.table.sides] == \
        [(side.name, side.score) for side in as_typed.table.sides]


def test_a_first_round_opens_as_lead_first_says_where_the_deal_tells_it():
    goat = load_ruleset("goat")
    seats = ("Ann", "Bob", "Cat", "Dan")
    with pytest.raises(IllegalPlay) as refused:  # four are dealt the whole set: 1-1 is someone's
        Board(goat, seats, first=True).play(Play("Ann", Action.TILE, Tile(2, 4)))
    assert refused.value.reason == "the first round opens with 1-1, not 2-4: every tile is dealt (lead.first = from-1-1)"
    assert Board(goat, seats, first=True).play(Play("Bob", Action.TILE, Tile(1, 1))).turn == "Cat"
    assert Board(goat, seats).play(Play("Ann", Action.TILE, Tile(2, 4))).turn == "Bob"  # a later round: any tile
    # three at Goat: the lowest double leads (lead.first_fewer), and only a hand known tells it was dealt
    three = ("Ann", "Bob", "Cat")
    assert Board(goat, three, first=True).play(Play("Ann", Action.TILE, Tile(2, 2))).turn == "Bob"
    hands = {"Ann": parse_tiles("2-2 0-1 0-2 0-3 0-4 0-5 0-6"), "Bob": parse_tiles("1-1 1-2 1-3 1-4 1-5 1-6 2-3"),
             "Cat": parse_tiles("2-4 2-5 2-6 3-3 3-4 3-5 3-6")}
    with pytest.raises(IllegalPlay) as refused:
        Board(goat, three, hands, first=True).play(Play("Ann", Action.TILE, Tile(2, 2)))
    assert refused.value.reason == ("2-2 cannot open the first round: Bob was dealt 1-1, which comes first "
                                    "(lead.first_fewer = lowest-double)")
    # by lot (Muggins) any tile opens it
    assert Board(load_ruleset("muggins"), seats, first=True).play(Play("Ann", Action.TILE, Tile(2, 4))).turn == "Bob"


def test_knocks_after_the_fish_change_nothing_and_a_tile_is_still_refused():
    board = Board(load_ruleset("goat"), ("Ann", "Bob", "Cat", "Dan"))
    for play in parse_plays("Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, "
                            "Ann 5-2 on 5, Bob 2-2"):
        board.play(play)
    assert board.blocked and board.fisherman() == "Ann"
    before = (board.ends(), board.count(), board.turn, board.fisherman(), len(board.history))
    knock = board.play(Play("Dan", Action.KNOCK))  # not even Dan's turn: the hand is over, the knock is idle
    assert knock.idle and knock.blocked and knock.points == 0 and knock.fisherman == "Ann"
    assert knock.note.said() == "the fish is already seen: a knock changes nothing"
    assert (board.ends(), board.count(), board.turn, board.fisherman()) == before[:4]
    assert len(board.history) == before[4] + 1
    with pytest.raises(IllegalPlay, match="the hand is over: it is a fish"):
        board.play(Play("Cat", Action.TILE, Tile(1, 6)))
    with pytest.raises(IllegalPlay, match="Eve is not at the table"):
        board.play(Play("Eve", Action.KNOCK))


# The referee advises, the table decides (rules.md §10.9): the Board's API for a breach said at once, let stand
# or not, and one a later play or the hands at the end prove.

def test_a_breach_is_refused_until_the_table_lets_it_stand_and_then_made_as_played():
    from scorekeeper.domain.facts import Breach
    from scorekeeper.scoring.board import PlayBreach

    board = Board(load_ruleset("goat"), ("Ann", "Bob", "Cat", "Dan"), leaders=("Cat",))
    lead = Play("Ann", Action.TILE, Tile(2, 4))
    with pytest.raises(PlayBreach) as refused:
        board.play(lead)
    assert [(found.play, found.breach, found.shown) for found in refused.value.found] == [(1, Breach.LEADER, 1)]
    assert refused.value.reason == "Cat leads this hand, not Ann" and not board.history  # nothing made
    made = board.play(lead, allow=True)
    assert made.turn == "Bob" and [found.breach for found in made.breaches] == [Breach.LEADER]
    with pytest.raises(PlayBreach, match="it is Bob's turn, not Dan's"):
        board.play(Play("Dan", Action.TILE, Tile(1, 4)))
    out_of_turn = board.play(Play("Dan", Action.TILE, Tile(1, 4)), allow=True)
    assert out_of_turn.turn == "Ann" and out_of_turn.breaches[0].breach is Breach.TURN  # as it was played


def test_what_cannot_be_scored_is_refused_even_when_the_table_would_let_it_stand():
    from scorekeeper.scoring.board import PlayBreach

    board = Board(load_ruleset("goat"), ("Ann", "Bob"))
    board.play(Play("Ann", Action.TILE, Tile(6, 6)))
    for play, reason in [(Play("Bob", Action.TILE, Tile(4, 5)), "4-5 does not match an open end"),
                         (Play("Bob", Action.TILE, Tile(6, 6)), "6-6 is already on the table: Ann laid it at play 1"),
                         (Play("Bob", Action.DRAW, drawn=15), "the bazaar holds only 14 tiles")]:
        with pytest.raises(IllegalPlay, match=reason) as refused:
            board.play(play, allow=True)
        assert not isinstance(refused.value, PlayBreach)
    assert len(board.history) == 1


def test_a_later_play_proves_a_draw_while_able_and_names_it():
    from scorekeeper.domain.facts import Breach

    board = Board(rules('extends = "draw"\nname = "small"' + SMALL, Path(tempfile.mkdtemp())), ("Ann", "Bob"))
    said = [board.play(play) for play in parse_plays("Ann 6-6, Bob draws 1, Bob 6-3, Ann 3-3")]
    assert not any(ruled.breaches for ruled in said)  # one tile drawn, one laid: nothing proved yet
    proving = board.play(Play("Bob", Action.TILE, Tile(1, 6)))  # made: the play that proves it is not in question
    assert [(found.play, found.breach, found.shown) for found in proving.breaches] == [
        (2, Breach.DRAW_WHILE_ABLE, 5)]
    assert proving.breaches[0].reason.startswith("Bob could play before drawing: 1-6 3-6 fit the ends (6 and 6)")


def test_the_hands_at_the_end_prove_what_the_plays_did_not_and_change_nothing():
    from scorekeeper.domain.facts import Breach

    board = Board(rules('extends = "draw"\nname = "small"' + SMALL, Path(tempfile.mkdtemp())), ("Ann", "Bob"))
    for play in parse_plays("Ann 6-6, Bob draws 1, Bob 6-3, Ann 3-3, Bob 3-1, Ann 1-2"):
        board.play(play)
    held = {"Bob": parse_tiles("0-0 4-6")}
    shown = board.held(held)
    assert [(found.play, found.breach, found.shown) for found in shown] == [(2, Breach.DRAW_WHILE_ABLE, None)]
    assert board.held(held) == shown and board.held({"Bob": parse_tiles("0-0 4-5")}) == ()


def test_a_first_lead_is_proved_wrong_by_a_tile_that_comes_first_laid_by_a_player_who_never_drew():
    from scorekeeper.domain.facts import Breach

    three = ("Ann", "Bob", "Cat")  # Goat for three: the lowest double leads, and 7 tiles stay in the bazaar
    board = Board(load_ruleset("goat"), three, first=True)
    assert not board.play(Play("Ann", Action.TILE, Tile(2, 2))).breaches  # nothing tells yet
    board.play(Play("Bob", Action.DRAW, drawn=1))
    assert not board.play(Play("Bob", Action.TILE, Tile(1, 2))).breaches  # Bob drew: 1-2 tells nothing
    proving = board.play(Play("Cat", Action.TILE, Tile(1, 1)))
    assert [(found.play, found.breach, found.shown) for found in proving.breaches] == [(1, Breach.FIRST_LEAD, 4)]
    assert proving.breaches[0].reason == ("2-2 cannot open the first round: Cat was dealt 1-1, which comes first "
                                          "(lead.first_fewer = lowest-double)")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1))
def test_a_careless_hand_is_followed_to_its_end_each_breach_named_where_it_was_said(setup, seed):
    """Breaches never stop the referee: a hand played carelessly is followed to its end, every breach said at the
    play that breaks it or later, naming an earlier (or the same) play, and following the plays again (the
    match's reading) finds the same breaches."""
    from careless import careless_hand

    name, seats = setup
    ruleset = load_ruleset(name)
    hand = careless_hand(ruleset, tuple("ABCD"[:seats]), random.Random(seed))
    for number, ruled in enumerate(hand.board.history, start=1):
        assert all(found.play <= number and found.shown == number for found in ruled.breaches)
    followed = follow(ruleset, hand.board.players, hand.plays, held=hand.held)
    assert followed.illegal is None and followed.out == hand.board.out and followed.blocked == hand.board.blocked
    said = [found for ruled in hand.board.history for found in ruled.breaches] + list(hand.board.held(hand.held))
    assert list(followed.breaches) == said
