"""Benchmark: ``scorekeeper history`` on a club archive of generated Goat match files (not a test).

    python3 benchmarks/history_benchmark.py                # 10,000 matches in a temporary folder
    python3 benchmarks/history_benchmark.py --matches 2000 --keep /tmp/archive --command /tmp/venv/bin/scorekeeper

Generates the archive with the library (seeded, so the same files every time: about 90% finished Goat
matches of 2 to 4 players from a club of 40, 10% stopped early, some fish and tied fish), then times the
installed command reading it (wall clock of the whole process, best and median of --repeat runs).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scorekeeper.domain.facts import Ending, Hand, Round  # noqa: E402
from scorekeeper.match.record import new_match  # noqa: E402
from scorekeeper.rules.loader import load_ruleset  # noqa: E402
from scorekeeper.scoring.engine import replay  # noqa: E402
from scorekeeper.storage.matchfile import dump_match  # noqa: E402


CLUB = [f"Player{number:02d}" for number in range(40)]


def generate_match(rng: random.Random, ruleset):
    players = rng.sample(CLUB, rng.randint(2, 4))
    match = new_match("goat", ruleset, players)
    stop_early = rng.random() < 0.1
    rounds = []
    while True:
        if rng.random() < 0.15:
            totals = {player: rng.randint(1, 30) for player in players}
            if rng.random() < 0.3:  # a tied top: eggs
                top = max(totals.values())
                totals[rng.choice([p for p in players if totals[p] != top] or players)] = top
            rnd = Round(ending=Ending.FISH, hands={p: Hand(total=n) for p, n in totals.items()})
        else:
            out = rng.choice(players)
            rnd = Round(ending=Ending.OUT, out=out,
                        hands={p: Hand(total=rng.randint(0, 35)) for p in players if p != out})
        rounds.append(rnd)
        match = match._replace(rounds=tuple(rounds))
        table = replay(ruleset, match)
        if table.over or (stop_early and len(rounds) >= rng.randint(3, 12)):
            return match


def generate(folder: str, count: int, seed: int = 6) -> None:
    rng = random.Random(seed)
    ruleset = load_ruleset("goat")
    for number in range(count):
        sub = os.path.join(folder, f"{2020 + number % 5}")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"match-{number:05d}.toml"), "w", encoding="utf-8") as handle:
            handle.write(dump_match(generate_match(rng, ruleset)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", metavar="DIR", help="generate into DIR and keep it (reused when it exists)")
    parser.add_argument("--jobs", type=int, help="passed to 'history --jobs' (default: the command's own choice)")
    parser.add_argument("--command", default=shutil.which("scorekeeper") or "",
                        help="the scorekeeper executable (default: the one on PATH, else python -m)")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="sk-history-")
    try:
        if not (args.keep and os.path.isdir(folder) and os.listdir(folder)):
            started = time.perf_counter()
            generate(folder, args.matches)
            print(f"generated {args.matches} match files in {time.perf_counter() - started:.1f} s: {folder}")
        command = [args.command] if args.command else [sys.executable, "-m", "scorekeeper"]
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            jobs = ["--jobs", str(args.jobs)] if args.jobs else []
            done = subprocess.run(command + ["history", folder, "--format", "json"] + jobs, capture_output=True,
                                  text=True)
            times.append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.exit(f"history failed ({done.returncode}): {done.stderr}")
        import json

        summary = json.loads(done.stdout)
        print(f"history: {summary['matches']} matches ({summary['finished']} finished), "
              f"{len(summary['players'])} players, {len(summary['skipped'])} skipped")
        print(f"wall clock over {args.repeat} runs: best {min(times):.2f} s, median {statistics.median(times):.2f} s"
              f" ({min(times) / max(summary['matches'], 1) * 1000:.2f} ms per match)")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
