"""Several ``scorekeeper round`` processes on one match at the same moment: is every round that a command
reported as recorded in the file afterwards?

    python benchmarks/concurrent_writers.py                 # 50 trials of 4 writers (after `pip install .`)
    python benchmarks/concurrent_writers.py --trials 200 --writers 2

Each trial starts a new 2-player match, then the writers together, each with its own total (so that each
round can be told apart), and compares the rounds reported recorded with the rounds in the file. It prints
the counts and exits 1 if any reported round is missing (``tests/storage/test_lock_concurrency.py`` is the CI version).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fault_injection import installed_command  # noqa: E402


def trial(folder: Path, writers: int) -> tuple[int, int, int]:
    """(reported recorded, missing from the file, refused)."""
    subprocess.run(installed_command() + ["new", "Ann", "Bob"], cwd=folder, capture_output=True, check=True)
    processes = [subprocess.Popen(installed_command() + ["round", "--out", "Ann", "--total", f"Bob={total}"],
                                  cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for total in range(1, writers + 1)]
    reported, refused = set(), 0
    for total, process in enumerate(processes, start=1):
        out, err = process.communicate(timeout=120)
        if process.returncode == 0 and re.search(r"Round \d+ recorded", out):
            reported.add(total)
        else:
            refused += 1
    from scorekeeper.storage.matchfile import load_match

    in_file = {rnd.hands["Bob"].total for rnd in load_match(str(folder / "match.toml")).rounds}
    return len(reported), len(reported - in_file), refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--writers", type=int, default=4)
    options = parser.parse_args(argv)
    recorded = missing = refused = 0
    for _ in range(options.trials):
        with tempfile.TemporaryDirectory() as folder:
            done, lost, no = trial(Path(folder), options.writers)
        recorded, missing, refused = recorded + done, missing + lost, refused + no
    print(f"{options.trials} trials of {options.writers} writers: {recorded} rounds reported recorded, "
          f"{missing} of them missing from the file, {refused} refused (lock busy)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
