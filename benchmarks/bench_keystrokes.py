"""Keystrokes per round at the ``play`` prompt: four whole matches typed as a scorer at the table types them.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_keystrokes.py            # the four matches, before and after
    python benchmarks/bench_keystrokes.py --show     # and every line typed, with the questions' answers

The games are Goat and Goat pairs (four players), Sea Goat (four players) and Muggins (two players), each
played from seeded deals of a double-six set until the session says the match is over, match after match
until 30 rounds are typed: every hand left at the end comes from the deal, every tile led or laid last was in
its player's hand, so the session accepts each line as a table's round.  A Muggins hand is played out tile by
tile on the referee's board, each player laying the tile that scores most.  Each line is typed in the shortest form the session takes: totals unnamed in
seating order, a fish by its fisher, a Muggins claim as ``a10`` as the tile scoring it is laid.

A keystroke is each character typed plus Enter, the answers to the session's questions included.  A round is
what is typed for it: a Muggins hand counts its claims with the line that closes it.

Before: the session at 513670d asked nothing, so a Sea Goat round needed the last tile (``on X``) and the
lead (``led Y``) typed whenever they could change the score (else the table noted it had not considered
them); which rounds that is comes from ``referee.asked``, as now.  After: the line without them, and the
answer to each question the session asks (Enter when the tile is none that scores, else the tile); a
Muggins claim was typed ``a+10`` then, ``a10`` now.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import os
import random
import statistics
import sys
import tempfile
from typing import NamedTuple

from scorekeeper.domain.tiles import Tile, TileSet, format_tile
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.match.opened import open_match
from scorekeeper.notation.round_line import read_round
from scorekeeper.notation.play_line import Action, Play
from scorekeeper.referee.asked import LAST, LED, worth_asking
from scorekeeper.scoring.board import Board, IllegalPlay

FOUR = ("Masha", "Alex", "Olya", "Serg")
TWO = ("Masha", "Alex")
SIX_SIX, ZERO_ZERO = Tile(6, 6), Tile(0, 0)
LEFT = (1, 1, 1, 1, 2, 2, 2, 3, 3, 4)
"""How many tiles a player who did not go out still holds, as often as at a table: mostly one or two."""
MOST_ROUNDS = 80
"""A match still going after this many rounds is cut there (none of the seeds below needs it)."""


class Deal(NamedTuple):
    """One round as it happened at the table: who went out (None: a fish), who made the fish, what each
    player still held, the tile or two doubles laid last, the tile led, the claims made during play."""

    out: str | None
    fisher: str | None
    held: dict[str, tuple[Tile, ...]]
    last: tuple[Tile, ...]
    led: Tile
    claims: tuple[tuple[str, int], ...] = ()


class Typed(NamedTuple):
    """What was typed for one round: the lines and answers, each with its Enter."""

    lines: tuple[str, ...]

    @property
    def keys(self) -> int:
        return sum(len(line) + 1 for line in self.lines)


def deal(rng: random.Random, players: tuple[str, ...], leader: str, fish_chance: float = 0.12) -> Deal:
    """A round from a shuffled set: each player's seven (five for four in Muggins is not needed here), the
    leader's lead, and the hands left when someone went out or the game blocked."""
    tiles = list(TileSet(6).tiles())
    rng.shuffle(tiles)
    size = 7 if len(players) * 7 <= len(tiles) else 5
    hands = {player: tiles[index * size:(index + 1) * size] for index, player in enumerate(players)}
    led = rng.choice(hands[leader])
    fish = rng.random() < fish_chance
    out = None if fish else rng.choice(players)
    held: dict[str, tuple[Tile, ...]] = {}
    for player in players:
        if player == out:
            continue
        keep = [tile for tile in hands[player] if tile != led]
        rng.shuffle(keep)
        held[player] = tuple(keep[:rng.choice(LEFT)])
    last: tuple[Tile, ...] = ()
    if out is not None:
        played = [tile for tile in hands[out] if tile != led]
        last = (rng.choice(played),)
    fisher = None if out is not None else rng.choice(players)
    return Deal(out, fisher, held, last, led)


def muggins_hand(rng: random.Random, ruleset, players: tuple[str, ...], leader: str) -> Deal:
    """A Muggins hand played out tile by tile on the referee's board (``scoring.board.Board``): seven tiles
    each, the rest the bazaar; each player lays the tile that scores most (a random one among equals), draws
    when none fits, knocks when the bazaar is spent.  Every play that scores is a claim typed as it is laid."""
    tiles = list(TileSet(6).tiles())
    rng.shuffle(tiles)
    hands = {player: tiles[index * 7:(index + 1) * 7] for index, player in enumerate(players)}
    bazaar = tiles[len(players) * 7:]
    board = Board(ruleset, players)
    claims = []
    player = leader
    led = None
    while not board.over:
        best = None
        for tile in board.can_play(hands[player]) if board.nodes else hands[player]:
            for on in (None, *{place.showing for place in board.places(tile)}):
                trial = copy.deepcopy(board, {id(ruleset): ruleset})  # the ruleset is shared, not copied
                try:
                    ruled = trial.play(Play(player, Action.TILE, tile, on))
                except IllegalPlay:
                    continue
                score = (ruled.points, rng.random())
                if best is None or score > best[0]:
                    best = (score, tile, on)
                break
        if best is not None:
            _, tile, on = best
            ruled = board.play(Play(player, Action.TILE, tile, on))
            hands[player].remove(tile)
            led = led or tile
            if ruled.points:
                claims.append((player, ruled.points))
        else:
            try:
                ruled = board.play(Play(player, Action.DRAW, drawn=1))
                hands[player].append(bazaar.pop())
                continue  # the turn stays with the one who drew
            except IllegalPlay:
                ruled = board.play(Play(player, Action.KNOCK))
        player = ruled.turn or player
    out = board.out.player if board.out else None
    held = {name: tuple(hand) for name, hand in hands.items() if name != out}
    return Deal(out, board.fisherman() if out is None else None, held, board.out.last if board.out else (), led,
                tuple(claims))


def short_line(session: LiveSession, game: Deal, counted: set[str] | None = None) -> str:
    """The round line in its shortest form: the one out (or 'fish by' the fisher) and the totals unnamed,
    in seating order after the one out (a fish: from the first player); ``counted``: the players whose
    hand counts (Goat pairs: not the finisher's partner)."""
    players = session.state.match.players
    if game.out is not None:
        start = players.index(game.out) + 1
        order = players[start:] + players[:start]
        head = f"{initial(game.out)} out"
    else:
        order = players
        head = f"fish by {initial(game.fisher)}"
    totals = [str(sum(tile.pips for tile in game.held[player])) for player in order
              if player in game.held and (counted is None or player in counted)]
    return " ".join([head, *totals])


def initial(name: str) -> str:
    return name[0].lower()


def play_match(ruleset: str, players: tuple[str, ...], seed: int, teams: tuple[str, ...] = (),
               show: bool = False) -> tuple[list[Typed], list[Typed]]:
    """Play one match from seeded deals; each round as typed before and after (the same rounds)."""
    rng = random.Random(seed)
    folder = tempfile.mkdtemp(prefix="keys-")
    sessions = []
    for name in ("before.toml", "after.toml"):
        path = os.path.join(folder, name)
        usecases.new(path, ruleset, () if teams else players, teams, (), False)
        # a minute between lines: a round like the one before is a new round, not a line pasted twice
        sessions.append(LiveSession(open_match(path), lambda: Screen(80, 24), itertools.count(0, 60).__next__))
    then, session = sessions
    seating = session.state.match.players
    before: list[Typed] = []
    after: list[Typed] = []
    leader = seating[0]
    claims = ruleset == "muggins"
    pairs = bool(teams)
    while not session.state.table.over and len(before) < MOST_ROUNDS:
        if claims:
            game = muggins_hand(rng, session.state.ruleset, seating, leader)
        else:
            game = deal(rng, seating, leader)
        counted = None
        if pairs and game.out is not None:
            partner = next(p for p in session.state.match.side_of(game.out).players if p != game.out)
            counted = {player for player in seating if player not in (game.out, partner)}
        line = short_line(session, game, counted)
        full = with_facts(session, game, line)
        typed: list[str] = []
        claimed: list[str] = []
        for player, points in game.claims:  # at 513670d a claim needed the '+' ('m+10'); now 'm10'
            for each, claim, said in ((then, f"{initial(player)}+{points}", claimed),
                                      (session, f"{initial(player)}{points}", typed)):
                reply = each.handle(claim)
                assert reply.ok and not reply.question, (claim, reply.text)
                said.append(claim)
            if session.state.table.over:
                break
        if session.state.table.over:  # a claim reached the target: the hand ends there
            before.append(Typed(tuple(claimed)))
            after.append(Typed(tuple(typed)))
            break
        before.append(Typed(tuple(claimed) + (full,)))
        reply = then.handle(full)  # the facts typed: nothing left to ask
        assert reply.ok and not reply.question, (full, reply.text, reply.question)
        reply = session.handle(line)
        typed.append(line)
        while reply.question:
            answer = answer_to(reply.question, game)
            typed.append(answer)
            reply = session.answer(answer)
        assert reply.ok, (line, typed, reply.text)
        after.append(Typed(tuple(typed)))
        if show:
            print(f"  {len(after):>2}  before {before[-1].keys:>2}: {' | '.join(before[-1].lines)}")
            print(f"      after  {after[-1].keys:>2}: {' | '.join(repr(t) if not t else t for t in typed)}")
        table = session.state.table
        leader = table.next_leader or (game.out or game.fisher or leader)
    assert then.state.table.sides == session.state.table.sides, "the same match, typed two ways"
    return before, after


def with_facts(session: LiveSession, game: Deal, line: str) -> str:
    """The line as the session at 513670d needed it: the last tile and the lead added where they could change
    the round's score ('on X' after the one out, ', led Y' after the head)."""
    state = session.state
    facts = read_round(line, state.match, bool(state.ruleset["count.partner_of_finisher"]))
    rnd = usecases.round_from_facts(state.match, state.ruleset, facts)
    asked = {item.fact for item in worth_asking(state.ruleset, state.match, state.table, rnd)}
    head, _, rest = line.partition(" out ") if game.out is not None else (line, "", "")
    if game.out is None:
        words = line.split()
        head, rest = " ".join(words[:3]), " ".join(words[3:])
    else:
        head += " out"
    if LAST in asked:
        head += " on " + " ".join(format_tile(tile) for tile in game.last)
    if LED in asked:
        head += f", led {format_tile(game.led)}"
    return f"{head} {rest}".strip()


def answer_to(question: str, game: Deal) -> str:
    """What the scorer answers: the tile when it is one a rule scores (0-0 or 6-6 laid last, 6-6 led), else
    Enter."""
    if question.startswith("last tile"):
        return format_tile(game.last[0]) if game.last[0] in (SIX_SIX, ZERO_ZERO) else ""
    return format_tile(game.led) if game.led == SIX_SIX else ""


GAMES = (
    ("Goat", "goat", FOUR, (), 1),
    ("Goat pairs", "goat-pairs", (), ("Masha,Olya", "Alex,Serg"), 1),
    ("Sea Goat", "sea-goat", FOUR, (), 1),
    ("Muggins", "muggins", TWO, (), 1),
)
"""Each game: its name, ruleset, players (or teams) and the seed of its first match's deals."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--show", action="store_true", help="print every round as typed before and after")
    parser.add_argument("--rounds", type=int, default=30, help="play whole matches of each game until this many "
                                                               "rounds (hands) are typed (default 30)")
    args = parser.parse_args(argv)
    print("Keystrokes per round at the play prompt (each character and Enter, answers included):")
    print(f"  {'game':<11} {'matches':>7} {'rounds':>6}  {'before':>13}  {'after':>13}")
    print(f"  {'':<11} {'':>7} {'':>6}  {'median':>6} {'max':>6}  {'median':>6} {'max':>6}")
    for name, ruleset, players, teams, seed in GAMES:
        before, after, matches = [], [], 0
        while len(after) < args.rounds:  # whole matches, as many as give that many rounds
            if args.show:
                print(f"{name}, match {matches + 1}:")
            was, now = play_match(ruleset, players, seed + matches, teams, args.show)
            before += was
            after += now
            matches += 1
        was = [typed.keys for typed in before]
        now = [typed.keys for typed in after]
        print(f"  {name:<11} {matches:>7} {len(now):>6}  {statistics.median(was):>6g} {max(was):>6}  "
              f"{statistics.median(now):>6g} {max(now):>6}")
    print("Goals: Sea Goat median under 20, a Muggins hand under 25, no round over 30.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
