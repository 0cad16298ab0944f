"""Keystrokes at the ``play`` prompt, as a scorer at the table types: rounds, and whole hands play by play.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_keystrokes.py            # the four matches and the whole hands, before and after
    python benchmarks/bench_keystrokes.py --show     # and every line typed, with the questions' answers
    python benchmarks/bench_keystrokes.py --rounds 0 --hands 30 --seed 2   # whole hands alone, other deals

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

Whole hands typed play by play (issue 32, ``--hands``): All Fives, Muggins and Goat, four players, hands dealt
and played out by the benchmarks' seeded random player (``bench_commands.random_hand``: any tile that fits,
else a draw, else a knock), hand after hand in one match (led as the match says), a new match when one is
over.  Each hand is typed into two sessions, play by play, through ``LiveSession.handle`` and ``answer``, so
that every keystroke counted is one the session accepted.  Before: the form a play took until issue 32, still
accepted: who plays (the shortest start of the name), the tile (``m 45``), ``on`` and the place where the tile
fits two places that make different layouts (``m 23 on 3``), ``m pass`` and ``m draw`` (``m draw 3``: the
shortest words); the hands at the end named, their tiles with a dash (``a 3-6 1-2 o 4-4``).  After: the tile
alone (``45``), ``-`` and ``+`` (``+3``), the place answered with one key when asked (``3``), who leads
answered when asked (the first hand of a match); the hands with the tiles as the plays type them, a one-tile
hand unnamed in seating order (``a 36 12 44``).  A player's draws in a row are one draw (``+3``) both ways.
A play counts its line and its answers; a hand counts its plays and the hands line.
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
from scorekeeper.live.hand import short_name
from scorekeeper.live.commands.plays import place_keys
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.match.opened import open_match
from scorekeeper.notation.round_line import read_round
from scorekeeper.notation.play_line import Action, Play
from scorekeeper.referee.asked import LAST, LED, worth_asking
from scorekeeper.scoring.board import Board, IllegalPlay, TwoPlaces

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_commands import random_hand  # noqa: E402  the benchmarks' random player, legal hands only

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


HAND_GAMES = (("All Fives", "all-fives"), ("Muggins", "muggins"), ("Goat", "goat"))
"""The games whose whole hands are typed play by play (four players each): a name and its ruleset."""


class HandTyped(NamedTuple):
    """One hand as typed: each play's line with its answers, and the hands line at the end (with its answers)."""

    plays: tuple[Typed, ...]
    hands: Typed

    @property
    def keys(self) -> int:
        return sum(play.keys for play in self.plays) + self.hands.keys


def drawn_together(plays: tuple[Play, ...]) -> list[Play]:
    """The plays as a scorer says them: a player's draws in a row are one draw of that many tiles."""
    said: list[Play] = []
    for play in plays:
        if play.action is Action.DRAW and said and said[-1].action is Action.DRAW and said[-1].player == play.player:
            said[-1] = said[-1]._replace(drawn=said[-1].drawn + play.drawn)
        else:
            said.append(play)
    return said


def places_offered(session: LiveSession, play: Play) -> tuple | None:
    """The places the session offers for ``play``'s tile laid without ``on`` (None: it asks nothing), as
    ``scoring.board.TwoPlaces`` names them, tried on a copy of the hand's board."""
    if session.hand is None or not session.hand.plays:
        return None
    ruleset = session.state.ruleset
    trial = copy.deepcopy(session.hand.board, {id(ruleset): ruleset})  # the ruleset is shared, not copied
    try:
        trial.play(play._replace(on=None), allow=True)
    except TwoPlaces as asked:
        return asked.places
    return None


def digits(tile: Tile) -> str:
    """A tile as the plays take it without a dash (``36``)."""
    return f"{tile.low}{tile.high}"


def typed_play(session: LiveSession, play: Play, before: bool) -> Typed:
    """Type one play of the random player's hand, before or after issue 32, answering what the session asks;
    every line and answer accepted.  The random player lays a tile that fits two places on the first of them
    (``Board.places``), which is the first place the session names."""
    players = session.state.match.players
    name = short_name(play.player, players)
    places = places_offered(session, play) if play.action is Action.TILE else None
    leading = session.hand is None or not session.hand.plays
    if play.action is Action.TILE:
        line = digits(play.tile)
        if before:
            line = f"{name} {line}" + (f" on {places[0][0]}" if places else "")
    elif play.action is Action.KNOCK:
        line = f"{name} pass" if before else "-"
    else:
        count = str(play.drawn) if play.drawn > 1 else ""
        line = f"{name} draw {count}".rstrip() if before else f"+{count}"
    lines = [line]
    reply = session.handle(line)
    while reply.question:
        assert not before and (leading or places), (line, reply.question)
        answer = name if leading else place_keys(places)[0]  # who leads, or the place
        lines.append(answer)
        reply = session.answer(answer)
    assert reply.ok, (lines, reply.text)
    return Typed(tuple(lines))


def hands_line(session: LiveSession, held: dict[str, tuple[Tile, ...]], before: bool) -> str:
    """What the hands hold at the end, in seating order after the one who went out (a fish: from the first
    player): before, each named with its tiles (``a 3-6 1-2``); after, the tiles as the plays type them, a
    one-tile hand unnamed (``36``)."""
    players = session.state.match.players
    board = session.hand.board
    out = board.out.player if board.out is not None else None
    start = players.index(out) + 1 if out is not None else 0
    parts = []
    for player in players[start:] + players[:start]:
        tiles = held[player]
        if player == out:
            continue
        if before:
            parts.append(" ".join([short_name(player, players), *map(format_tile, tiles)]))
        elif len(tiles) == 1:
            parts.append(digits(tiles[0]))
        else:
            parts.append(" ".join([short_name(player, players), *map(digits, tiles)]))
    return " ".join(parts)


def new_session(folder: str, name: str, ruleset: str, players: tuple[str, ...]) -> LiveSession:
    path = os.path.join(folder, name)
    usecases.new(path, ruleset, players, (), (), False)
    return LiveSession(open_match(path), lambda: Screen(80, 24), itertools.count(0, 60).__next__)


def type_hands(ruleset: str, players: tuple[str, ...], hands: int, seed: int,
               show: bool = False) -> tuple[list[HandTyped], list[HandTyped], int]:
    """``hands`` hands of the random player's, typed play by play into a session before and into one after;
    each hand led as its match says, a new match once one is over.  The hands both ways, and the matches."""
    chance = random.Random(f"{seed} {ruleset}")  # each game its own deals (a string seeds alike every run)
    folder = tempfile.mkdtemp(prefix="keys-hands-")
    before: list[HandTyped] = []
    after: list[HandTyped] = []
    matches = 0
    then = session = None
    while len(after) < hands:
        if session is None or session.state.table.over:
            matches += 1
            then = new_session(folder, f"before-{matches}.toml", ruleset, players)
            session = new_session(folder, f"after-{matches}.toml", ruleset, players)
        table = session.state.table
        plays, held = random_hand(session.state.ruleset, chance, first=not session.state.match.rounds,
                                  leader=table.next_leader, players=session.state.match.players)
        typed: list[HandTyped] = []
        for each, was in ((then, True), (session, False)):
            lines = tuple(typed_play(each, play, was) for play in drawn_together(plays))
            assert each.hand is not None and each.hand.over, "the random player's hand ends where the session's does"
            line = hands_line(each, held, was)
            reply = each.handle(line)
            answers = [line]
            assert reply.ok and not reply.question and each.hand is None, (line, reply.text, reply.question)
            typed.append(HandTyped(lines, Typed(tuple(answers))))
        # the same plays recorded both ways (a place named by its number where the random player named the tile
        # there), and the same table
        recorded = then.state.match.rounds[-1].plays, session.state.match.rounds[-1].plays
        unplaced = [tuple(play._replace(on=play.on is not None) for play in each)
                    for each in (*recorded, drawn_together(plays))]
        assert recorded[0] == recorded[1] and unplaced[1] == unplaced[2], "the hand, typed two ways"
        assert then.state.table.sides == session.state.table.sides, "the same match, typed two ways"
        before.append(typed[0])
        after.append(typed[1])
        if show:
            for label, hand in (("before", typed[0]), ("after", typed[1])):
                said = " | ".join(" / ".join(play.lines) for play in hand.plays)
                print(f"  {len(after):>3} {label:<6} {hand.keys:>4}: {said} || {hand.hands.lines[0]}")
    return before, after, matches


def print_hands(hands: int, seed: int, show: bool) -> None:
    """The whole hands' table: keystrokes a play and a hand, before and after, each game."""
    print(f"Whole hands typed play by play: four players, {hands} hands a game (seed {seed}).")
    print("Keystrokes: each character and Enter, answers included; a hand: its plays and")
    print("the line of what the hands hold at its end.")
    print(f"  {'game':<9} {'matches':>7} {'plays':>5}  {'a play: before':>14} {'after':>8}  "
          f"{'a hand: before':>14} {'after':>10}")
    print(f"  {'':<9} {'':>7} {'':>5}  {'median':>7} {'max':>6} {'median':>4} {'max':>3}  "
          f"{'median':>7} {'max':>6} {'median':>6} {'max':>3}")
    asked, closing = [], []
    for name, ruleset in HAND_GAMES:
        if show:
            print(f"{name}:")
        before, after, matches = type_hands(ruleset, FOUR, hands, seed, show)
        was = [play.keys for hand in before for play in hand.plays]
        now = [play.keys for hand in after for play in hand.plays]
        was_hands = [hand.keys for hand in before]
        now_hands = [hand.keys for hand in after]
        answered = sum(len(play.lines) > 1 for hand in after for play in hand.plays)
        asked.append(f"{name} {answered} of {len(now)}")
        closing.append(f"{name} {statistics.median(hand.hands.keys for hand in before):g} and "
                       f"{statistics.median(hand.hands.keys for hand in after):g}")
        print(f"  {name:<9} {matches:>7} {len(now):>5}  {statistics.median(was):>7g} {max(was):>6} "
              f"{statistics.median(now):>6g} {max(now):>3}  {statistics.median(was_hands):>7g} {max(was_hands):>6} "
              f"{statistics.median(now_hands):>6g} {max(now_hands):>3}", flush=True)
    print("Plays asked about after (the end, or who leads): " + ", ".join(asked[:1]) + ",")
    print("  " + ", ".join(asked[1:]) + ".")
    print("The hands line, median before and after: " + ", ".join(closing[:1]) + ",")
    print("  " + ", ".join(closing[1:]) + ".")
    print("Goal: a median of 3 keystrokes a play, All Fives and Goat.")


GAMES = (
    ("Goat", "goat", FOUR, (), 1),
    ("Goat pairs", "goat-pairs", (), ("Masha,Olya", "Alex,Serg"), 1),
    ("Sea Goat", "sea-goat", FOUR, (), 1),
    ("Muggins", "muggins", TWO, (), 1),
)
"""Each game: its name, ruleset, players (or teams) and the seed of its first match's deals."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--show", action="store_true", help="print every round and hand as typed before and after")
    parser.add_argument("--rounds", type=int, default=30, help="play whole matches of each game until this many "
                                                               "rounds (hands) are typed (default 30; 0: none)")
    parser.add_argument("--hands", type=int, default=30, help="whole hands typed play by play, each game "
                                                              "(default 30; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the whole hands' deals (default 1)")
    args = parser.parse_args(argv)
    if args.rounds > 0:
        print_rounds(args.rounds, args.show)
    if args.rounds > 0 and args.hands > 0:
        print()
    if args.hands > 0:
        print_hands(args.hands, args.seed, args.show)
    return 0


def print_rounds(rounds: int, show: bool) -> None:
    """The rounds' table: keystrokes a round typed as a line, before and after, each game."""
    print("Keystrokes per round at the play prompt (each character and Enter, answers included):")
    print(f"  {'game':<11} {'matches':>7} {'rounds':>6}  {'before':>13}  {'after':>13}")
    print(f"  {'':<11} {'':>7} {'':>6}  {'median':>6} {'max':>6}  {'median':>6} {'max':>6}")
    for name, ruleset, players, teams, seed in GAMES:
        before, after, matches = [], [], 0
        while len(after) < rounds:  # whole matches, as many as give that many rounds
            if show:
                print(f"{name}, match {matches + 1}:")
            was, now = play_match(ruleset, players, seed + matches, teams, show)
            before += was
            after += now
            matches += 1
        was = [typed.keys for typed in before]
        now = [typed.keys for typed in after]
        print(f"  {name:<11} {matches:>7} {len(now):>6}  {statistics.median(was):>6g} {max(was):>6}  "
              f"{statistics.median(now):>6g} {max(now):>6}", flush=True)
    print("Goals: Sea Goat median under 20, a Muggins hand under 25, no round over 30.")

if __name__ == "__main__":
    sys.exit(main())
