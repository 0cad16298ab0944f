"""Time scorekeeper commands against the cost of starting Python and importing click.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_commands.py            # the commands on a 20-round match, table on 10,000 rounds
    python benchmarks/bench_commands.py --runs 41 --long 0   # more runs per figure, no long match
    python benchmarks/bench_commands.py --against /tmp/old/bin/scorekeeper   # before and after, side by side

Each figure is the median CPU time (user + system) of several runs of the installed ``scorekeeper`` executable
(the one beside this Python). The baseline ``python -c "import click"`` is run alternately with each command,
so that a busy moment of the machine weighs on both sides of each ratio alike. Measure a plain ``pip install .``
(pip compiles the bytecode): an editable install under PYTHONDONTWRITEBYTECODE compiles every module each run.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.match.record import new_match
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage.matchfile import save_match
from scorekeeper.domain.tiles import TileSet

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
MARATHON = 'extends = "goat"\nname = "goat-marathon"\n[end]\ntarget = 1000000000\n'


def generate(rounds: int, ruleset_spec: str, path: str, seed: int = 7) -> None:
    """A legal match of ``rounds`` random rounds, half with tiles and half with totals."""
    ruleset = load_ruleset(ruleset_spec)
    match = new_match(ruleset_spec, ruleset, PLAYERS)
    chance = random.Random(seed)
    tiles = TileSet(6).tiles()
    played = []
    for _ in range(rounds):
        deck = list(tiles)
        chance.shuffle(deck)
        ending = Ending.OUT if chance.random() < 0.8 else Ending.FISH
        out = chance.choice(PLAYERS) if ending is Ending.OUT else None
        hands = {}
        for player in PLAYERS:
            if player == out:
                continue
            held = tuple(deck.pop() for _ in range(chance.randint(1, 4)))
            hands[player] = Hand(tiles=held) if chance.random() < 0.5 else Hand(total=sum(t.pips for t in held))
        played.append(Round.of(ending=ending, hands=hands, out=out))
    save_match(match._replace(rounds=tuple(played)), path)


def timed(command: list[str], folder: str) -> float:
    """The CPU time (user + system) the command took: steadier than wall time on a shared machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired_medians(commands: list[list[str]], baseline: list[str], runs: int, folder: str,
                   reset=None) -> list[float]:
    """Median times of each command and (last) of the baseline, run in turn, ``runs`` rounds of them."""
    spent: list[list[float]] = [[] for _ in range(len(commands) + 1)]
    for _ in range(runs):
        for index, command in enumerate(commands + [baseline]):
            if reset:
                reset()
            spent[index].append(timed(command, folder))
    return [statistics.median(times) for times in spent]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--long", type=int, default=10_000, help="rounds in the long match (0: leave it out)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="time only the commands whose label holds TEXT (repeatable)")
    parser.add_argument("--against", metavar="EXECUTABLE",
                        help="another installed scorekeeper (an older commit in its own venv), timed in turn "
                             "with this one: before and after, side by side")
    args = parser.parse_args()
    executable = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    if not os.path.exists(executable):
        sys.exit(f"no installed scorekeeper beside {sys.executable}: run 'pip install .' first")
    if args.against and not os.path.exists(args.against):
        sys.exit(f"no such executable: {args.against}")
    others = [args.against] if args.against else []
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    try:
        marathon = os.path.join(folder, "marathon.toml")
        with open(marathon, "w") as handle:
            handle.write(MARATHON)
        short, long = os.path.join(folder, "short.toml"), os.path.join(folder, "long.toml")
        generate(20, marathon, short)
        generate(args.long, marathon, long)
        backup = short + ".bak"
        shutil.copy(short, backup)

        def restore() -> None:
            shutil.copy(backup, short)

        baseline = [sys.executable, "-c", "import click"]
        round_args = ["round", "--out", "Masha", "--hand", "Alex=1-2,3-3", "--hand", "Olya=6-6 0-1",
                      "--total", "Serg=5"]
        cases = [
            ("table (20 rounds)", ["--match", short, "table"], None),
            ("table --format json (20 rounds)", ["--match", short, "table", "--format", "json"], None),
            ("round (20 -> 21 rounds)", ["--match", short, *round_args], restore),
            ("undo (20 -> 19 rounds)", ["--match", short, "undo"], restore),
            ("rating --left Serg (20 rounds)", ["--match", short, "rating", "--left", "Serg"], None),
            ("new", ["--match", os.path.join(folder, "new.toml"), "new", "--force", *PLAYERS], None),
            ("rules list", ["rules", "list"], None),
            ("rules show goat", ["rules", "show", "goat"], None),
            ("rules check (a house ruleset)", ["rules", "check", marathon], None),
            ("edit 5 (20 rounds)", ["--match", short, "edit", "5", *round_args[1:]], restore),
            ("delete 20 (20 rounds)", ["--match", short, "delete", "20"], restore),
            ("explain (20 rounds)", ["--match", short, "explain"], None),
            ("export --format csv (20 rounds)", ["--match", short, "export", "--format", "csv"], None),
            ("chart (20 rounds, text)", ["--match", short, "chart"], None),
        ]
        if args.long:
            cases += [
                (f"table ({args.long:,} rounds)", ["--match", long, "table"], None),
                (f"table --format json ({args.long:,} rounds)", ["--match", long, "table", "--format", "json"], None),
            ]
        if args.only:
            cases = [case for case in cases if any(text in case[0] for text in args.only)]
        print(f'medians of {args.runs} runs, each run beside one of python -c "import click"'
              + (f"; 'against': {args.against}" if others else ""))
        print(f"{'command':<40} {'ms':>8} {'click ms':>9} {'x baseline':>11}"
              + (f" {'against ms':>11} {'x baseline':>11}" if others else ""))
        for label, command, reset in cases:
            for program in [executable] + others:
                if reset:
                    reset()
                trial = subprocess.run([program, *command], cwd=folder, capture_output=True, text=True, check=False)
                if trial.returncode != 0:  # a refused command is quick, and would flatter the figures
                    sys.exit(f"{label} failed ({program}): {trial.stderr.strip()}")
            spent, *against, base = paired_medians([[program, *command] for program in [executable] + others],
                                                   baseline, args.runs, folder, reset)
            print(f"{label:<40} {spent * 1000:8.1f} {base * 1000:9.1f} {spent / base:11.2f}"
                  + "".join(f" {other * 1000:11.1f} {other / base:11.2f}" for other in against))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
