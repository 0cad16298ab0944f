"""Time the scoring fold on long matches: replay, and the 6-6 lead check, in-process; ``table`` as a process.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_replay.py                 # 10,000 rounds of Goat and of Sea Goat
    python benchmarks/bench_replay.py --rounds 2000 --runs 3
    python benchmarks/bench_replay.py --phases        # and where the time of Goat's `table` goes

Each in-process figure is the median CPU time of ``--runs`` runs of ``scoring.engine.replay`` (and of
``session.lead_problems``, which checks every 6-6 lead of a Sea Goat match) on a match already read from its
file; ``table`` is the median CPU time (user + system) of the installed executable, reading, checking,
replaying and printing.  ``--phases`` splits Goat's ``table`` into what it does, each in-process (reading the
file, the TOML and the facts from it, checking every round, the replay, the people's table) and the start-up
(the installed command on an empty match); "(tomllib alone)", what tomllib would take to read the whole
file, is shown for comparison and left out of the sum.  Figures on a shared machine move with its load:
compare runs made side by side.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.match.record import new_match
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.match.opened import lead_problems, match_problems
from scorekeeper.scoring.engine import replay
from scorekeeper.storage import tomlread
from scorekeeper.storage.matchfile import load_match, parse_match, read_match_file, save_match
from scorekeeper.domain.tiles import Tile, TileSet

SIX_SIX = Tile(6, 6)

GOAT = 'extends = "goat"\nname = "goat-marathon"\n[end]\ntarget = 1000000000\n'
SEA = 'extends = "sea-goat"\nname = "sea-goat-marathon"\n[end]\ntarget = 1000000000\n'


def generate(rounds: int, ruleset_path: str, players: tuple[str, ...], path: str, seed: int = 7) -> None:
    """A match of ``rounds`` random rounds (outs and fishes, half the hands as tiles, half as totals; in
    Sea Goat a tenth of the rounds led 6-6 by a side holding points, the rest without a recorded lead)."""
    ruleset = load_ruleset(ruleset_path)
    match = new_match(ruleset_path, ruleset, players)
    chance = random.Random(seed)
    tiles = [tile for tile in TileSet(6).tiles() if not tile.is_double or tile.low not in (0, 6)]
    played = []
    for _ in range(rounds):
        deck = list(tiles)
        chance.shuffle(deck)
        ending = Ending.OUT if chance.random() < 0.8 else Ending.FISH
        out = chance.choice(players) if ending is Ending.OUT else None
        hands = {}
        for player in players:
            if player == out:
                continue
            held = tuple(deck.pop() for _ in range(chance.randint(1, 4)))
            hands[player] = Hand(tiles=held) if chance.random() < 0.5 else Hand(total=sum(t.pips for t in held))
        facts = {"out": out} if out else {"fisher": chance.choice(players)}
        if out:
            facts["last"] = (deck.pop(),)
        played.append(Round.of(ending=ending, hands=hands, **facts))
    match = match._replace(rounds=tuple(played))
    if ruleset["hundred.enabled"]:
        # lead 6-6 where the leader's side holds points and then loses the round (a won hundred would end
        # the match): a legal hundred, written off.  The rounds are scored one by one as the leads are chosen.
        rounds_led = list(match.rounds)
        results: list = []
        for index, rnd in enumerate(rounds_led):
            before = results[-1] if results else None
            leader = (before.facts.out or before.facts.fisher) if before else None
            if (leader and not before.eggs and not before.owes_hundred and before.side(leader).score > 0
                    and rnd.ending is Ending.OUT and rnd.out != leader and chance.random() < 0.2):
                rounds_led[index] = rnd._replace(led=SIX_SIX)
            prefix = match._replace(rounds=tuple(rounds_led[:index + 1]))
            results.append(replay(ruleset, prefix, results).rounds[-1])
        match = match._replace(rounds=tuple(rounds_led))
    save_match(match, path)


def cpu_median(function, runs: int) -> float:
    spent = []
    for _ in range(runs):
        start = time.process_time()
        function()
        spent.append(time.process_time() - start)
    return statistics.median(spent)


def process_median(command: list[str], runs: int) -> float:
    spent = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(spent)


def phases(path: str, rules: str, runs: int, executable: str, folder: str) -> None:
    """Where the time of ``table`` on the match at ``path`` goes: each step in-process, and the start-up."""
    from scorekeeper.reports.render import SHOWN_ROUNDS, render_table

    text = read_match_file(path)[0]
    match = parse_match(text, path)
    ruleset = load_ruleset(rules)
    table = replay(ruleset, match)
    steps = [("read the file", lambda: read_match_file(path)),
             ("the TOML and the facts", lambda: parse_match(text, path)),
             ("(tomllib alone)", lambda: tomlread.loads(text)),
             ("check every round", lambda: match_problems(match, ruleset, path)),
             ("replay", lambda: replay(ruleset, match)),
             ("the people's table", lambda: render_table(table, ruleset, SHOWN_ROUNDS, 80))]
    total = 0.0
    gc.freeze()  # as the command runs (launch.py): what is already made is out of the collector's reach
    threshold = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        for label, function in steps:
            spent = cpu_median(function, runs) * 1000
            total += spent if not label.startswith("(") else 0
            print(f"  {label:<24} {spent:8.1f}")
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
    print(f"  {'(in-process, together)':<24} {total:8.1f}")
    if os.path.exists(executable):
        empty = os.path.join(folder, "empty.toml")
        save_match(match._replace(rounds=()), empty)
        print(f"  {'start-up (an empty match)':<24} {process_median([executable, '--match', empty, 'table'], runs) * 1000:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-process", dest="process", action="store_false",
                        help="leave out the whole-process figure (e.g. when timing another checkout on PYTHONPATH)")
    parser.add_argument("--phases", action="store_true", help="split Goat's table into its steps")
    args = parser.parse_args()
    executable = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    folder = tempfile.mkdtemp(prefix="scorekeeper-replay-")
    try:
        print(f"{args.rounds:,} rounds, medians of {args.runs} runs (CPU ms)")
        for name, text, players in [("goat", GOAT, ("Masha", "Alex", "Olya", "Serg")),
                                    ("sea-goat", SEA, ("Ann", "Bob"))]:
            rules = os.path.join(folder, f"{name}.toml")
            with open(rules, "w", encoding="utf-8") as handle:
                handle.write(text)
            path = os.path.join(folder, f"{name}-match.toml")
            generate(args.rounds, rules, players, path)
            match = load_match(path)
            ruleset = load_ruleset(rules)
            table = replay(ruleset, match)
            led = sum(1 for rnd in match.rounds if rnd.led)
            print(f"{name:<9} replay {cpu_median(lambda: replay(ruleset, match), args.runs) * 1000:8.1f}"
                  f"   lead check ({led} rounds led 6-6) "
                  f"{cpu_median(lambda: lead_problems(match, ruleset, table, path), args.runs) * 1000:7.1f}"
                  + (f"   table (process) {process_median([executable, '--match', path, 'table'], args.runs) * 1000:8.1f}"
                     if args.process and os.path.exists(executable) else ""))
            if args.phases and name == "goat":
                phases(path, rules, args.runs, executable if args.process else "", folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
