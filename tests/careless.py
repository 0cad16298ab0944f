"""A careless table for the tests: random hands dealt and played to the end by players who now and then play
out of turn, knock or draw while able, or knock before drawing (rules.md §10.9), the breaches let stand as a
table lets them.  The places a tile may go are the Board's own; what is tested is what the referee and the
match make of the plays, not the layout."""

from __future__ import annotations

import random
from typing import NamedTuple

from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.scoring.board import Board, IllegalPlay
from scorekeeper.scoring.plausible import deal_size


class Careless(NamedTuple):
    plays: tuple[Play, ...]
    held: dict[str, tuple[Tile, ...]]
    """What each player holds at the end (who went out: nothing)."""
    board: Board


def careless_hand(ruleset, players: tuple[str, ...], rng: random.Random, slips: float = 0.08) -> Careless:
    """Deal and play a hand to its end; ``slips``: how often a player breaks a rule of play."""
    tiles = list(ruleset.tileset.tiles())
    rng.shuffle(tiles)
    deal = deal_size(ruleset, len(players))[0]
    hands = {player: tiles[index * deal:(index + 1) * deal] for index, player in enumerate(players)}
    stock = tiles[len(players) * deal:]
    keep = ruleset["bazaar.keep"]
    board = Board(ruleset, players)
    plays: list[Play] = []
    leader = rng.choice(players)
    for _ in range(600):
        if board.over:
            break
        player = board.turn or leader
        if board.turn is not None and rng.random() < slips:
            player = rng.choice(players)
        hand = hands[player]
        if not board.nodes:
            play = Play(player, Action.TILE, rng.choice(hand))
        else:
            moves = [(tile, place) for tile in hand for place in board.places(tile)]
            drawable = len(stock) - keep
            chance = rng.random()
            if moves and chance < slips / 2 and drawable > 0:
                play = Play(player, Action.DRAW, drawn=1)
            elif moves and chance < slips:
                play = Play(player, Action.KNOCK)
            elif moves:
                tile, place = rng.choice(moves)
                play = Play(player, Action.TILE, tile, board.nodes[place.node].tile)
            elif drawable > 0 and rng.random() > slips:
                play = Play(player, Action.DRAW, drawn=1)
            else:
                play = Play(player, Action.KNOCK)
        try:
            board.play(play, allow=True)
        except IllegalPlay:  # a play the board cannot score (a second double on the first): another go
            continue
        if play.action is Action.TILE:
            hand.remove(play.tile)
        elif play.action is Action.DRAW:
            hand.append(stock.pop(0))
        plays.append(play)
    assert board.over, "the careless hand never ended"
    return Careless(tuple(plays), {player: tuple(hand) for player, hand in hands.items()}, board)


def careless_match(path, players: tuple[str, ...], rng: random.Random) -> None:
    """A Goat match at ``path`` whose first round is typed as a line and the next ones play by play by careless
    players, every breach let stand: deleting or editing its first rounds moves a played round to the first,
    led as the first round's rule does not say (issue 34, finding 1)."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.match import usecases
    from scorekeeper.notation.play_line import format_plays
    from scorekeeper.rules.loader import load_ruleset

    usecases.new(path, "goat", players)
    usecases.record(path, f"{players[0]} out, {players[1]} 27, {players[2]} 9, {players[3]} 7")
    ruleset = load_ruleset("goat")
    for _ in range(3):
        hand = careless_hand(ruleset, players, rng)
        out = hand.board.out.player if hand.board.out else None
        held = ", ".join(f'"{player}" {" ".join(map(str, tiles))}' for player, tiles in hand.held.items()
                         if player != out and tiles)
        try:
            usecases.record(path, f"plays {format_plays(hand.plays)}; {held}", confirmed=True, allow=True)
        except ScorekeeperError:  # the match is over
            break
