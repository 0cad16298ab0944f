"""Several ``scorekeeper round`` processes on one match at the same moment: is every round that a command
reported as recorded in the file afterwards?

    python benchmarks/concurrent_writers.py                 # 50 trials of 4 writers (after `pip install .`)
    python benchmarks/concurrent_writers.py --trials 200 --writers 2
    python benchmarks/concurrent_writers.py --long 500 --lock-wait 0 --trials 20   # a long match (issue 34, item 6)

With ``--long N`` each trial's match holds N rounds recorded with their plays (``bench_commands``'s
``generate_played``, a Goat marathon), and the writers start one after another, ``--stagger`` seconds apart,
while the first ones are still reading and replaying it; with ``--lock-wait 0`` a writer gives up at once when
it finds the lock held, so the refusals count how often a writer found another holding the lock.
``--executable`` times another install (an older commit's, for before and after).

Each trial starts a new 2-player match, then the writers together, each with its own total (so that each
round can be told apart), and compares the rounds reported recorded with the rounds in the file. It prints
the counts and exits 1 if any reported round is missing (``tests/storage/test_lock_concurrency.py`` is the CI version).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fault_injection import installed_command  # noqa: E402


def trial(folder: Path, writers: int, command: list[str], template: Path | None = None, stagger: float = 0.0,
          env: dict | None = None) -> tuple[int, int, int]:
    """(reported recorded, missing from the file, refused)."""
    if template is None:
        subprocess.run(command + ["new", "Ann", "Bob"], cwd=folder, capture_output=True, check=True)
        loser, winner = "Bob", "Ann"
    else:
        shutil.copy(template, folder / "match.toml")
        loser, winner = "Alex", "Masha"
    processes = []
    for total in range(1, writers + 1):
        others = [] if template is None else ["--total", "Olya=1", "--total", "Serg=2"]
        processes.append(subprocess.Popen(command + ["round", "--out", winner, "--total", f"{loser}={total}", *others],
                                          cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                          env=env))
        time.sleep(stagger)
    reported, refused = set(), 0
    for total, process in enumerate(processes, start=1):
        out, err = process.communicate(timeout=600)
        if process.returncode == 0 and re.search(r"Round \d+ recorded", out):
            reported.add(total)
        else:
            refused += 1
    from scorekeeper.storage.matchfile import load_match

    rounds = load_match(str(folder / "match.toml")).rounds[-writers:]
    in_file = {rnd.hands[loser].total for rnd in rounds if rnd.out == winner and loser in rnd.hands}
    return len(reported), len(reported - in_file), refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--long", type=int, default=0, metavar="N", help="a match of N played rounds")
    parser.add_argument("--stagger", type=float, default=0.1, help="seconds between writers (with --long)")
    parser.add_argument("--lock-wait", default=None, help="SCOREKEEPER_LOCK_WAIT for the writers")
    parser.add_argument("--executable", default=None, help="the scorekeeper to run (default: the installed one)")
    options = parser.parse_args(argv)
    command = [options.executable] if options.executable else installed_command()
    env = dict(os.environ, **({"SCOREKEEPER_LOCK_WAIT": options.lock_wait} if options.lock_wait else {}))
    recorded = missing = refused = 0
    with tempfile.TemporaryDirectory() as work:
        template = None
        if options.long:
            from bench_commands import MARATHON, generate_played

            with open(os.path.join(work, "goat-marathon.toml"), "w", encoding="utf-8") as handle:
                handle.write(MARATHON.format(base="goat"))
            template = Path(work) / "match.toml"
            generate_played(options.long, os.path.join(work, "goat-marathon.toml"), str(template))
        for number in range(options.trials):
            folder = Path(work) / f"trial-{number}"
            folder.mkdir()
            if template is not None:
                shutil.copy(Path(work) / "goat-marathon.toml", folder)
            done, lost, no = trial(folder, options.writers, command, template,
                                   options.stagger if template else 0.0, env)
            recorded, missing, refused = recorded + done, missing + lost, refused + no
    print(f"{options.trials} trials of {options.writers} writers: {recorded} rounds reported recorded, "
          f"{missing} of them missing from the file, {refused} refused (lock busy)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
