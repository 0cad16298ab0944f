"""Random legal hands, played by a player who lays any tile that fits (else draws, else knocks), and matches of
them recorded through the library as the CLI records a round typed play by play: for the property tests of
rounds recorded with their plays."""

from __future__ import annotations

import random

from scorekeeper.domain.facts import Match, RoundFacts
from scorekeeper.domain.plays import Action, Play
from scorekeeper.match.record import new_match, record_round
from scorekeeper.match.usecases import round_from_facts
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.board import Board
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.lead import first_lead_order


def random_hand(ruleset: Ruleset, players: tuple[str, ...], chance: random.Random, first: bool = False,
                leader: str | None = None):
    """Deal and play one hand to its end: the plays, and what each player holds at the end. A tile that fits
    two places goes against the tile of the first (``on``); ``first``: a match's first round, led as
    ``lead.first`` says; ``leader``: who leads a later round (None: anyone)."""
    tiles = list(ruleset.tileset.tiles())
    chance.shuffle(tiles)
    board = Board(ruleset, players)
    deal = board.deal
    hands = {player: tiles[index * deal:(index + 1) * deal] for index, player in enumerate(players)}
    stock = tiles[len(players) * deal:]
    turn = players.index(leader) if leader in players else chance.randrange(len(players))
    opener = None
    rule = first_lead_order(ruleset, len(players)) if first else None
    if rule is not None:
        dealt = {tile: player for player, held in hands.items() for tile in held}
        opener = next((tile for tile in rule.order if tile in dealt), None)
        if opener is not None:
            turn = players.index(dealt[opener])
    while not board.over:
        player = players[turn]
        fits = [tile for tile in hands[player] if not board.nodes or board.places(tile)]
        if opener is not None and not board.nodes:
            fits = [opener]
        if fits:
            tile = chance.choice(fits)
            places = board.places(tile)
            board.play(Play(player, Action.TILE, tile, board.nodes[places[0].node].tile if places else None))
            hands[player].remove(tile)
        elif len(stock) > ruleset["bazaar.keep"]:
            hands[player].append(stock.pop())
            board.play(Play(player, Action.DRAW, drawn=1))
            continue
        else:
            board.play(Play(player, Action.KNOCK))
        turn = (turn + 1) % len(players)
    return tuple(ruled.play for ruled in board.history), {player: tuple(held) for player, held in hands.items()}


def played_match(ruleset_name: str, ruleset: Ruleset, players: tuple[str, ...], rounds: int, seed: int) -> Match:
    """A match of up to ``rounds`` random hands (fewer when it is decided first), each led by the player the
    match says leads it and recorded as ``round --plays`` records it: checked, sealed, its end seen from the
    plays."""
    chance = random.Random(seed)
    match = new_match(ruleset_name, ruleset, players)
    table = replay(ruleset, match)
    for number in range(rounds):
        if table.over:
            break
        plays, held = random_hand(ruleset, players, chance, first=number == 0, leader=table.next_leader)
        facts = RoundFacts(plays=plays, hands=tuple((player, tiles) for player, tiles in held.items() if tiles))
        rnd = round_from_facts(match, ruleset, facts)
        match = record_round(match, ruleset, rnd, table.over, table.rounds)
        table = replay(ruleset, match, table.rounds, kept=len(match.rounds) - 1)
    return match
