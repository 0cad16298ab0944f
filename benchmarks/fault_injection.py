"""Kill -9 at random moments of the commands that write a match, and check what is left.

    python benchmarks/fault_injection.py                  # 100 runs of each command (after `pip install .`)
    python benchmarks/fault_injection.py --runs 300 --seed 7 --commands round,edit

For each of ``round``, ``edit``, ``delete``, ``new --force`` and ``import --force``, each run starts the
installed ``scorekeeper`` on a 10-round match, sends SIGKILL after a random delay (spread over the time the
command takes when it is not killed, measured first), then checks that:

- the match file parses and is valid, and holds either the old state or the new one (facts, history and
  claims in progress compared with the states before and after an uninterrupted run);
- after ``new --force`` and ``import --force``, a match kept aside holds the old match byte for byte, and one
  exists whenever the file holds the new match;
- the next command that writes (a ``round``) leaves no temporary file (``.match.toml.<pid>.tmp``) and no lock
  file behind: what a killed write left is cleaned up.

It prints one line per command and exits 1 if any run broke a rule. ``tests/storage/test_fault_injection.py`` runs a
few of these in CI.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

PLAYERS = ["Masha", "Alex", "Olya", "Serg"]
FOLLOW_UP = ["round", "--out", "Serg", "--total", "Masha=1", "--total", "Alex=1", "--total", "Olya=1"]
COMMANDS = {
    "round": ["round", "--out", "Alex", "--total", "Masha=4", "--total", "Olya=2", "--total", "Serg=1"],
    "edit": ["edit", "3", "--out", "Olya", "--total", "Masha=6", "--total", "Alex=2", "--total", "Serg=3"],
    "delete": ["delete", "4"],
    "new": ["new", "--force", *PLAYERS],
    "import": ["import", "--force", "other.toml"],
}


def installed_command() -> list[str]:
    beside = Path(sys.executable).parent / "scorekeeper"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("scorekeeper")
    return [found] if found else [sys.executable, "-m", "scorekeeper"]


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(installed_command() + list(args), cwd=folder, capture_output=True, text=True,
                          timeout=120)


def _base(folder: Path) -> None:
    """A 10-round match in ``folder`` (and, for import, another match to import), made through the library."""
    from scorekeeper.match import usecases

    usecases.new(folder / "match.toml", "goat", tuple(PLAYERS))
    for number in range(10):
        out = PLAYERS[number % 4]
        totals = tuple((p, (number + i) % 7) for i, p in enumerate(PLAYERS) if p != out)
        usecases.record(folder / "match.toml", usecases.RoundFacts(out=out, totals=totals))
    usecases.new(folder / "other.toml", "goat", tuple(PLAYERS))
    usecases.record(folder / "other.toml",
                    usecases.RoundFacts(out="Olya", totals=(("Masha", 9), ("Alex", 8), ("Serg", 7))))


def _state(path: Path):
    """What a match file holds, or None when it does not parse or is not valid."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.match.opened import open_match

    try:
        match = open_match(str(path)).match
    except ScorekeeperError:
        return None
    return match.facts(), match.changes(), match.pending


@dataclass
class Tally:
    command: str
    runs: int = 0
    old: int = 0
    new: int = 0
    temporary_after_kill: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _fresh(template: Path, folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(template, folder)


def campaign(command: str, runs: int, rng: random.Random, work: Path) -> Tally:
    """``runs`` kills of ``command`` at random moments; the tally of what was found."""
    tally = Tally(command)
    template = work / "template"
    if not template.exists():
        template.mkdir()
        _base(template)
    args = COMMANDS[command]
    folder = work / f"run-{command}"
    old_bytes = (template / "match.toml").read_bytes()
    old = _state(template / "match.toml")
    _fresh(template, folder)
    started = time.monotonic()
    done = _run(folder, *args)
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    new = _state(folder / "match.toml")
    assert old is not None and new is not None and old != new
    tally.seconds = took
    for run in range(runs):
        _fresh(template, folder)
        delay = rng.uniform(0, took) if run % 2 else rng.uniform(0.5 * took, 1.1 * took)
        process = subprocess.Popen(installed_command() + args, cwd=folder, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        tally.runs += 1
        state = _state(folder / "match.toml")
        kept = sorted(folder.glob("match.*.toml"))
        if state == old:
            tally.old += 1
        elif state == new:
            tally.new += 1
        else:
            tally.problems.append(f"run {run} (killed after {delay * 1000:.0f} ms): the match is neither the "
                                  "old nor the new one" if state else f"run {run}: the match is broken")
            continue
        if command in ("new", "import"):  # both replace a match: the old one is kept aside
            if any(path.read_bytes() != old_bytes for path in kept):
                tally.problems.append(f"run {run}: a match kept aside differs from the old one")
            if state == new and not kept:
                tally.problems.append(f"run {run}: the new match replaced the old one, which was not kept")
        if list(folder.glob(".match.toml.*.tmp")):
            tally.temporary_after_kill += 1
        follow = _run(folder, *FOLLOW_UP)
        if follow.returncode != 0:
            tally.problems.append(f"run {run}: the next round was refused: {follow.stderr.strip()}")
        left = [path.name for path in folder.iterdir() if path.name.startswith(".match.toml.")]
        if left:
            tally.problems.append(f"run {run}: left behind after the next write: {', '.join(left)}")
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100, help="kills per command (default 100)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: a new one, printed)")
    parser.add_argument("--commands", default=",".join(COMMANDS), help="which commands (default: all)")
    options = parser.parse_args(argv)
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print(f"kill -9 at random moments: {options.runs} runs per command, seed {seed}")
    failed = False
    with tempfile.TemporaryDirectory() as work:
        for command in options.commands.split(","):
            tally = campaign(command, options.runs, rng, Path(work))
            print(f"{command:>7}: {tally.runs} runs ({tally.seconds * 1000:.0f} ms uninterrupted): "
                  f"{tally.old} old state, {tally.new} new state, {len(tally.problems)} problems; "
                  f"{tally.temporary_after_kill} temporary files left by a kill, all removed by the next write"
                  if not tally.problems else f"{command:>7}: {len(tally.problems)} PROBLEMS")
            for problem in tally.problems[:10]:
                print(f"         {problem}")
            failed = failed or bool(tally.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
