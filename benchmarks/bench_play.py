"""What a round costs at the table: characters typed, and the live session's time per round.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_play.py                 # 20, 1,000 and 10,000 rounds, 60 rounds typed into each
    python benchmarks/bench_play.py --typed 200 --long 50000

1. Characters typed for a typical 4-player Goat round, with flags (one command per round, as before the round
   syntax), as a round line after ``scorekeeper round``, and at the ``play`` prompt (the goal: at most 30).
2. The session's CPU time per round (``LiveSession.handle``: read the line, check it against the match, score
   the new round, save, render the after-round block) on a match of 20, 500, 1,000 and ``--long`` rounds
   typed as lines: the median of each, with the write (``save_match``: its new round's line, the others
   written as they were read) measured apart, and the answer again without any file-system call ("in
   memory"). The goal (issue 33): 3 ms of CPU at 500 rounds, and not growing with the match.
3. The session's CPU time per play in a hand typed play by play (``a 6-6``, then each play at its own prompt,
   rules.md §10) on a match of 20 and 500 rounds, every round of which was itself recorded play by play
   (``bench_commands.generate_played``): whole Goat hands played by a random player who lays any tile that
   fits (saying ``on`` where it fits two places), else knocks; each play timed (the median, the median of
   the plays late in a hand, and the slowest), and the line that closes the hand (what the hands hold at its
   end, as their tiles, which records the round) timed apart. The goals: every play under 2 ms; the closing
   line, a round's answer, 3 ms.

CPU time (``time.process_time``): the shared machine's load left out of the session's own time. A session
reads its match once, when it starts, and the first answer may seal the rounds of a file written before
seals (docs/development.md, "A round checked once"); the medians are of the answers after it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_commands import MARATHON, PLAYERS, generate, generate_played  # noqa: E402

from scorekeeper.match import usecases
from scorekeeper.live.session import LiveSession, Screen  # noqa: E402

# The typical round (Masha out, two hands of tiles, one total), and the commonest round at a Goat
# table: only pip totals were noted.  (flags, the same as a round line, what is typed at the play prompt)
ROUNDS = [
    ("scorekeeper round --out Masha --hand Alex=1-2,3-3 --hand Olya=6-6,0-1 --total Serg=5",
     'scorekeeper round "Masha out, Alex 1-2 3-3, Olya 6-6 0-1, Serg 5"',
     "m out, a 1-2 3-3, o 6-6 0-1, 5"),
    ("scorekeeper round --out Masha --total Alex=3 --total Olya=13 --total Serg=5",
     "scorekeeper round m out 3 13 5",
     "m out 3 13 5"),
    ("scorekeeper round --fish --fisher Olya --total Masha=2 --total Alex=3 --total Olya=13 --total Serg=5",
     "scorekeeper round fish by o 2 3 13 5",
     "fish by o 2 3 13 5"),
    ("scorekeeper round --fish --fisher Olya --hand Masha=0-2 --hand Alex=1-2 --hand Olya=6-6,0-1 "
     "--hand Serg=2-3",
     'scorekeeper round "fish by o, m 0-2, a 1-2, o 6-6 0-1, s 2-3"',
     "fish by o, m 0-2, a 1-2, o 6-6 0-1, s 2-3"),
]


def typing() -> None:
    print("Characters typed per round (4-player Goat; Enter not counted):")
    print(f"  {'flags':>5}  {'line':>5}  {'play':>5}  at the play prompt")
    for flags, line, prompt in ROUNDS:
        print(f"  {len(flags):>5}  {len(line):>5}  {len(prompt):>5}  {prompt}")
    first = ROUNDS[0]
    print(f"  the issue's typical round: {len(first[0])} characters with flags, {len(first[2])} at the prompt "
          f"(goal: at most 30)")


def random_line(chance: random.Random) -> str:
    """A round with totals only, as typed at the prompt: who went out (or a fish) and totals in seating order
    (none 0: a total of 0 is the lone 0-0, and two of them a round no table could have ended, rules.md §6.2)."""
    if chance.random() < 0.8:
        return f"{chance.choice(PLAYERS)[:2].lower()} out " + " ".join(str(chance.randint(1, 25)) for _ in range(3))
    return "fish " + " ".join(str(chance.randint(1, 25)) for _ in range(4))


def session_times(rounds: int, typed: int, folder: str) -> tuple[list[float], list[float]]:
    """Per typed round: the whole answer's time, and the write's part of it (seconds)."""
    ruleset = os.path.join(folder, "marathon.toml")
    with open(ruleset, "w") as handle:
        handle.write(MARATHON.format(base="goat"))  # a target no match reaches: every round can be recorded
    path = os.path.join(folder, f"match-{rounds}.toml")
    generate(rounds, ruleset, path)
    session = LiveSession.open(path, screen=lambda: Screen(80, 24))
    writes: list[float] = []
    real_save = usecases.save_match

    def timed_save(match, where, text=None):
        start = time.process_time()
        stamp = real_save(match, where, text)
        writes.append(time.process_time() - start)
        return stamp

    usecases.save_match = timed_save
    try:
        totals = type_rounds(session, rounds, typed)
    finally:
        usecases.save_match = real_save
    return totals, writes


def type_rounds(session: LiveSession, seed: int, typed: int) -> list[float]:
    """Type ``typed`` random round lines into the session; the time of each answer."""
    chance = random.Random(seed)
    totals = []
    for _ in range(typed):
        line = random_line(chance)
        start = time.process_time()
        reply = session.handle(line)
        totals.append(time.process_time() - start)
        assert reply.ok, reply.text
    return totals


def memory_times(rounds: int, typed: int, folder: str) -> list[float]:
    """Per typed round, the session's own work: the write, the lock file and the file's stamp (the storage's
    file-system calls, which depend on the disk) taken out."""
    import contextlib

    path = os.path.join(folder, f"memory-{rounds}.toml")
    generate(rounds, os.path.join(folder, "marathon.toml"), path)
    session = LiveSession.open(path, screen=lambda: Screen(80, 24))
    session.reload_if_changed = lambda: ""
    saved, locked, checked = usecases.save_match, usecases.match_lock, usecases.check_unchanged
    usecases.save_match = lambda match, where, text=None: session.state.stamp
    usecases.match_lock = lambda where: contextlib.nullcontext()
    usecases.check_unchanged = lambda where, stamp: None
    try:
        totals = type_rounds(session, rounds, typed)
    finally:
        usecases.save_match, usecases.match_lock, usecases.check_unchanged = saved, locked, checked
    return totals


def random_hand(session: LiveSession, chance: random.Random) -> tuple[list[str], str]:
    """One Goat hand as a random player plays it (any tile that fits, ``on`` where it fits two places, else a
    knock: never a knock holding a tile that fits), led by whoever the match says leads: the lines typed play
    by play, and the line of what the hands hold at its end: their tiles (a total such as ``12`` reads there
    as the tile 1-2)."""
    from scorekeeper.domain.plays import Action, Play
    from scorekeeper.domain.tiles import format_tiles
    from scorekeeper.notation.play_line import format_play
    from scorekeeper.scoring.board import Board, IllegalPlay

    ruleset, players = session.state.ruleset, session.state.match.players
    deck = list(ruleset.tileset.tiles())
    chance.shuffle(deck)
    held = {player: deck[index * 7:(index + 1) * 7] for index, player in enumerate(players)}
    board = Board(ruleset, players)  # the hands unknown, as the session's board has them
    player = session.state.table.next_leader or chance.choice(players)
    lines = []
    while not board.over:
        fits = [tile for tile in held[player] if board.places(tile)] if board.nodes else held[player][:1]
        play = Play(player, Action.KNOCK)
        if fits:
            tile = chance.choice(fits)
            play = Play(player, Action.TILE, tile)
            try:
                board.play(play)
            except IllegalPlay:  # it fits two places: say which
                play = play._replace(on=board.nodes[board.places(tile)[0].node].tile)
                board.play(play)
            held[player].remove(tile)
        else:
            board.play(play)
        lines.append(format_play(play))
        player = board.turn
    out = board.out.player if board.out else None
    hands = ", ".join(f"{name} {format_tiles(held[name])}" for name in players if name != out)
    return lines, hands


def play_times(rounds: int, hands: int, folder: str) -> tuple[list[float], list[float], list[float]]:
    """Per play typed, the session's answer time (CPU seconds): all plays, and those late in a hand (the
    last third of its plays); and each hand's closing line, which records its round."""
    ruleset = os.path.join(folder, "marathon.toml")
    path = os.path.join(folder, f"plays-{rounds}.toml")
    generate_played(rounds, ruleset, path)
    session = LiveSession.open(path, screen=lambda: Screen(40, 24))
    session.handle("undo")  # the first write seals what the generated file holds (see the docstring)
    session.handle("redo")
    chance = random.Random(rounds)
    every, late, closing = [], [], []
    for _ in range(hands):
        lines, held = random_hand(session, chance)
        for index, line in enumerate(lines):
            start = time.process_time()  # the session's own time: the shared machine's load left out
            reply = session.handle(line)
            spent = time.process_time() - start
            assert reply.ok, (line, reply.text)
            every.append(spent)
            if index >= len(lines) * 2 // 3:
                late.append(spent)
        start = time.process_time()
        reply = session.handle(held)
        closing.append(time.process_time() - start)
        assert reply.ok and session.hand is None, reply.text
    return every, late, closing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--typed", type=int, default=60, help="rounds typed into each session")
    parser.add_argument("--long", type=int, default=10_000, help="rounds in the long match")
    parser.add_argument("--hands", type=int, default=20, help="hands typed play by play into each session")
    options = parser.parse_args()
    typing()
    print()
    print(f"Session CPU time per round (median of {options.typed} rounds typed after the first; ms):")
    print(f"  {'rounds':>7}  {'answer':>7}  {'write':>7}  {'answer - write':>14}  {'in memory':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for rounds in sorted({20, 500, 1_000, options.long}):
            totals, writes = session_times(rounds, options.typed + 1, folder)
            totals, writes = totals[1:], writes[1:]  # the first answer seals a file written without seals
            rest = [total - write for total, write in zip(totals, writes)]
            memory = memory_times(rounds, options.typed + 1, folder)[1:]
            print(f"  {rounds:>7}  {statistics.median(totals) * 1000:>7.2f}  {statistics.median(writes) * 1000:>7.2f}"
                  f"  {statistics.median(rest) * 1000:>14.2f}  {statistics.median(memory) * 1000:>9.2f}", flush=True)
    print("answer: what the scorer waits for; write: save_match; in memory: the answer without the write, the\n"
          "lock file and the file's stamp (the disk's part). The goal: 3 ms of CPU at 500 rounds.")
    print()
    print(f"Session CPU time per play, a hand typed play by play ({options.hands} Goat hands typed into a match "
          "whose every round was typed play by play; ms):")
    print(f"  {'rounds':>7}  {'plays':>5}  {'median':>7}  {'late':>7}  {'slowest':>7}  {'closing':>7}")
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "marathon.toml"), "w") as handle:
            handle.write(MARATHON.format(base="goat"))
        for rounds in (20, 500):
            every, late, closing = play_times(rounds, options.hands, folder)
            print(f"  {rounds:>7}  {len(every):>5}  {statistics.median(every) * 1000:>7.2f}"
                  f"  {statistics.median(late) * 1000:>7.2f}  {max(every) * 1000:>7.2f}"
                  f"  {statistics.median(closing) * 1000:>7.2f}", flush=True)
    print("late: the plays of the last third of each hand; closing: the line of what the hands hold at the end,\n"
          "which records the round (its median). The goals: every play under 2 ms; a round's answer 3 ms.")


if __name__ == "__main__":
    main()
