"""What choosing a language costs a command's start-up: English against an older install, Russian against
English.

Not a test: run it by hand after installing the package (``pip install .``), and an older commit in its own
venv to compare with:

    python benchmarks/bench_language.py --against /tmp/venv-base/bin/scorekeeper
    python benchmarks/bench_language.py --runs 41 --rounds 20

Two measures. In the process: the cost of what the entry point now does before click loads (reading the
arguments, the environment and the head of the match file, and for Russian loading its compiled catalog),
timed with ``timeit`` in this Python. Per command: the median CPU time (user + system) of several runs of the
installed executable, each command run in turn as English, as Russian and (with ``--against``) with the older
install, so that a busy moment weighs on all alike; the added milliseconds are the differences of the
medians. The goals (docs/performance.md): English under 2 ms more than before, Russian under 5 ms more than
English.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import timeit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_commands import ROUND_ARGS, _copier, generate  # noqa: E402


def in_process(folder: str, match: str) -> None:
    """The entry point's new work, alone: deciding the language, and loading a catalog."""
    from scorekeeper import i18n
    from scorekeeper.cli.language import decide

    english = {"LANG": "C.UTF-8"}
    russian = {"LANG": "ru_RU.UTF-8"}
    runs = 2000
    for label, args, environ in (("English, no match file here", ["table"], english),
                                 ("English, a match file's head read", ["--match", match, "table"], english),
                                 ("--lang en given", ["--lang", "en", "table"], english)):
        spent = min(timeit.repeat(lambda: decide(args, environ), number=runs, repeat=5)) / runs
        print(f"  {label:<44} {spent * 1e6:8.1f} µs")

    def load_russian() -> None:
        i18n.use("en")
        decide(["--match", match, "table"], russian)

    spent = min(timeit.repeat(load_russian, number=200, repeat=5)) / 200
    print(f"  {'Russian: deciding and loading its catalog':<44} {spent * 1e6:8.1f} µs")
    i18n.use("en")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per figure (the median is shown)")
    parser.add_argument("--rounds", type=int, default=20, help="the match's length")
    parser.add_argument("--against", metavar="EXECUTABLE", help="an older installed scorekeeper to compare with")
    args = parser.parse_args()
    executable = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    if not os.path.exists(executable):
        sys.exit(f"no installed scorekeeper beside {sys.executable}: run 'pip install .' first")
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-lang-")
    try:
        played = os.path.join(folder, "match.toml")
        changed = os.path.join(folder, "changed.toml")
        generate(args.rounds, "goat", played)
        print("In the process (timeit, best of 5):")
        in_process(folder, played)
        cases = [
            ("table", ["--match", played, "table"], None),
            ("round", ["--match", changed, "round", *ROUND_ARGS], _copier(played, changed)),
            ("rules list", ["rules", "list"], None),
            ("--help", ["--help"], None),
            ("an error (no match file)", ["--match", os.path.join(folder, "none.toml"), "table"], None),
        ]
        english = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
        english.pop("SCOREKEEPER_LANG", None)
        russian = {**english, "LANG": "ru_RU.UTF-8"}
        sides = [("English", executable, english), ("Russian", executable, russian)]
        if args.against:
            sides.append(("before", args.against, english))
        print(f"\nPer command: median CPU ms of {args.runs} runs ({args.rounds}-round Goat match)")
        print(f"{'command':<26}" + "".join(f" {label:>8}" for label, _, _ in sides)
              + (f" {'en-before':>10}" if args.against else "") + f" {'ru-en':>7}")
        for label, command, reset in cases:
            spent: list[list[float]] = [[] for _ in sides]
            for _ in range(args.runs):
                for index, (_, program, environ) in enumerate(sides):
                    if reset:
                        reset()
                    spent[index].append(_timed_env([program, *command], folder, environ))
            medians = [statistics.median(times) * 1000 for times in spent]
            line = f"{label:<26}" + "".join(f" {median:8.1f}" for median in medians)
            if args.against:
                line += f" {medians[0] - medians[2]:+10.1f}"
            print(line + f" {medians[1] - medians[0]:+7.1f}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _timed_env(command: list[str], folder: str, environ: dict) -> float:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environ,
                   check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if __name__ == "__main__":
    main()
