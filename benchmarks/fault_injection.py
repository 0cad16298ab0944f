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

``--families`` adds the faults of interrupts and broken terminals (issue 25, items 6-10), ``--runs`` trials each:

- ``sigint``: a real Ctrl-C at a random moment of ``round``, ``edit``, ``delete`` and ``undo`` (a third at the
  first byte of output, after a pause of up to 10 ms; a third after the entry point started; a third after the
  process started): never a traceback nor ``Aborted!``; exit 0 with the new match, or exit 130 with the old
  one and ``Cancelled: nothing was changed.`` (one that came in Python's own start-up is counted apart);
- ``play-write``: ``play`` typing six rounds while the file system refuses a random run of writes (a full
  disk, a read-only file system, a folder the user cannot write): exit 0, each refused line one error, the
  others recorded, the file whole and no temporary file left;
- ``encoding``: ``play`` under an ASCII, cp1252 or latin-1 input typing lines with UTF-8 letters among good
  ones: each line it cannot read refused in one line, the others recorded, exit 0;
- ``control``: ``play`` fed lines with random control bytes (NUL, ESC sequences) from a pipe: no control byte
  in what it writes back, exit 0;
- ``streams``: a random command with its standard output closed or on /dev/full, or ``play`` with its input
  closed: one line on stderr, exit 1, the match unchanged (a command that writes, with its output on a full
  disk: the change saved, then one warning, exit 0);
- ``first-rounds``: ``delete`` or ``edit`` of round 1 or 2 of a Goat match played by careless players (issue
  34, finding 1), killed at a random moment: the old match or the new one, and ``table`` reads it.

    python benchmarks/fault_injection.py --families sigint,play-write,encoding,control,streams,first-rounds --runs 200

Since issue 34 (items 3, 4 and 8), two more families:

- ``modes``: a match of a random mode under a random umask, then ``export -o``, ``chart -o``, ``new
  --force``, ``import --force`` or ``round``, killed with SIGKILL at a random moment half the time: every
  file left (a killed write's temporary file included) is no more open than the match, and the match keeps
  its mode; as root, a third of the trials name a device node, a pipe or a block device node of the
  trial's own with ``-o``: the device and the pipe stay what they were, the block device is refused;
- ``catalogs``: a command in Russian whose catalog is damaged at random (``SCOREKEEPER_LOCALEDIR``): one
  warning line and the English command where the reader refuses it, never a traceback.

    python benchmarks/fault_injection.py --families modes,catalogs --runs 300

And one for plays in the undo history (issue 34, finding 2):

- ``history``: a Goat match played by careless players whose undo history holds played rounds, often with a
  hand in play kept in the file: half the trials change one history entry's plays, or the hand in play's (an
  unknown player, a tile twice, a broken play line, a tile out of the set), and a random command must refuse
  the file in one line naming it and the entry's line, exit 1, the file untouched; the others kill ``undo``,
  ``redo``, ``delete`` or ``edit`` at a random moment: the old match or the new one, which ``table`` reads.

    python benchmarks/fault_injection.py --families history --runs 300
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

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
    parser.add_argument("--families", default="kill", help="kill (the default) and/or " + ", ".join(FAMILIES))
    options = parser.parse_args(argv)
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    families = options.families.split(",")
    failed = False
    with tempfile.TemporaryDirectory() as work:
        if "kill" in families:
            print(f"kill -9 at random moments: {options.runs} runs per command, seed {seed}")
            for command in options.commands.split(","):
                tally = campaign(command, options.runs, rng, Path(work))
                print(f"{command:>7}: {tally.runs} runs ({tally.seconds * 1000:.0f} ms uninterrupted): "
                      f"{tally.old} old state, {tally.new} new state, {len(tally.problems)} problems; "
                      f"{tally.temporary_after_kill} temporary files left by a kill, all removed by the next write"
                      if not tally.problems else f"{command:>7}: {len(tally.problems)} PROBLEMS")
                for problem in tally.problems[:10]:
                    print(f"         {problem}")
                failed = failed or bool(tally.problems)
        for family in families:
            if family == "kill":
                continue
            if family not in FAMILIES:
                parser.error(f"no family {family!r}: kill, {', '.join(FAMILIES)}")
            print(f"{family}: {options.runs} trials, seed {seed}", flush=True)
            trials = FAMILIES[family](options.runs, rng, Path(work) / family)
            print(f"{family:>10}: {trials.runs} trials, {len(trials.problems)} failures; "
                  + ", ".join(f"{count} {what}" for what, count in sorted(trials.seen.items())))
            for problem in trials.problems[:10]:
                print(f"            {problem}")
            failed = failed or bool(trials.problems)
    return 1 if failed else 0


# -- interrupts and broken terminals (issue 25, items 6-10) ---------------------------------------------------

@dataclass
class Trials:
    """What one family of trials found: how often each outcome was ``seen``, and every broken rule."""

    runs: int = 0
    seen: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def saw(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1


SIGINT_COMMANDS = {name: COMMANDS[name] for name in ("round", "edit", "delete")} | {"undo": ["undo"]}


# The command as the installed script runs it, saying on stderr when its entry point starts (main's first
# step, gc.disable), so that a signal can be sent at a moment of scorekeeper's own run.
STARTED = """
import gc, os, sys
real_disable = gc.disable
def disable():
    gc.disable = real_disable
    os.write(2, b"started\\n")
    real_disable()
gc.disable = disable
sys.argv[0] = "scorekeeper"
from scorekeeper.cli.launch import main
main()
"""
MOMENTS = ("at the first output byte", "after the entry point started", "after the process started")


def sigint_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """A real Ctrl-C at a random moment of a command that writes: cancelled with nothing changed, or a success.
    A third of them come at any moment after the process started, Python's own start-up included: a Ctrl-C
    there, before the entry point runs, is Python's (docs/safety.md, "Interrupts"), counted apart when the
    match is untouched and no scorekeeper code is in what was printed."""
    trials = Trials()
    template = work / "template"
    template.mkdir(parents=True)
    _base(template)
    old = _state(template / "match.toml")
    timing = {}
    for name, args in SIGINT_COMMANDS.items():
        folder = work / "timing"
        _fresh(template, folder)
        started = time.monotonic()
        _run(folder, *args)
        timing[name] = time.monotonic() - started
    folder = work / "run"
    for run in range(runs):
        name = rng.choice(sorted(SIGINT_COMMANDS))
        moment = MOMENTS[run % 3]
        _fresh(template, folder)
        command = [sys.executable, "-c", STARTED] if moment == MOMENTS[1] else installed_command()
        process = subprocess.Popen(command + SIGINT_COMMANDS[name], cwd=folder, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        if moment == MOMENTS[0]:
            process.stdout.read(1)
            time.sleep(rng.uniform(0, 0.01))
        elif moment == MOMENTS[1]:
            process.stderr.readline()
            time.sleep(rng.uniform(0, timing[name]))
        else:
            time.sleep(rng.uniform(0, 1.1 * timing[name]))
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
        trials.runs += 1
        state = _state(folder / "match.toml")
        where = f"run {run} ({name}, {moment})"
        # a frame of scorekeeper's own code: its packages' __init__ load before the entry point, as the bin script
        ours = any(frame not in ("__init__", "cli/__init__")
                   for frame in re.findall(r"/scorekeeper/([\w/]+)\.py", err.replace("\\", "/")))
        if state == old and not ours and (process.returncode == -signal.SIGINT and not err.strip()
                                          or "Traceback" in err and err.rstrip().endswith("KeyboardInterrupt")):
            trials.saw("in Python's start, before the entry point (documented)")
        elif "Traceback" in err or "Aborted" in err:
            trials.problems.append(f"{where}: exit {process.returncode}: {err.strip().splitlines()[-1]}")
        elif state is None:
            trials.problems.append(f"{where}: the match is broken")
        elif (state == old and process.returncode in (130, -signal.SIGINT)
              and err.strip() == "Cancelled: nothing was changed."):
            trials.saw("cancelled")
        elif state != old and process.returncode == 0:
            trials.saw("saved")
        else:
            trials.problems.append(f"{where}: exit {process.returncode}, match {'old' if state == old else 'new'}, "
                                   f"said {err.strip()!r}")
    return trials


# The command with a file system that refuses the writes numbered in FAULT_WRITES ("3,4": the third and the
# fourth file created or put in place), as a full disk, a read-only file system or a folder the user cannot
# write (FAULT_ERRNO).
FAULTY = """
import builtins, os, sys
failing = {int(number) for number in os.environ["FAULT_WRITES"].split(",") if number}
number = int(os.environ["FAULT_ERRNO"])
count = [0]
def refuse(path):
    count[0] += 1
    if count[0] in failing:
        raise OSError(number, os.strerror(number), path)
real_open, real_builtin_open, real_replace = os.open, builtins.open, os.replace
def os_open(path, flags, *args, **kwargs):
    if flags & os.O_CREAT:
        refuse(path)
    return real_open(path, flags, *args, **kwargs)
def builtin_open(path, mode="r", *args, **kwargs):
    if "w" in mode or "x" in mode:
        refuse(path)
    return real_builtin_open(path, mode, *args, **kwargs)
def replace(*args, **kwargs):
    refuse(args[0])
    return real_replace(*args, **kwargs)
os.open, builtins.open, os.replace = os_open, builtin_open, replace
sys.argv[0] = "scorekeeper"
from scorekeeper.cli.launch import main
main()
"""
FAULTS = {"a full disk": 28, "a read-only file system": 30, "a folder the user cannot write": 13}
PLAY_LINES = ["m out 1 2 3", "a out 2 3 4", "o out 3 4 5", "s out 4 5 6", "fish by m 1 2 3 4", "m out 5 6 7"]


def _play(folder: Path, text: bytes, command: list[str] | None = None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run((command or installed_command()) + ["play"], cwd=folder, input=text,
                          capture_output=True, timeout=120, env={**os.environ, "COLUMNS": "200", **env})


def _fresh_match(folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    from scorekeeper.match import usecases

    usecases.new(folder / "match.toml", "goat", tuple(PLAYERS))


def play_write_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """``play`` while the file system refuses some writes: it stays, refuses those lines, records the rest."""
    trials = Trials()
    for run in range(runs):
        _fresh_match(work)
        fault = rng.choice(sorted(FAULTS))
        first = rng.randint(1, 12)
        writes = range(first, first + rng.randint(1, 6))
        text = "\n".join(PLAY_LINES + ["save", "quit"]) + "\n"
        done = _play(work, text.encode(), [sys.executable, "-c", FAULTY],
                     FAULT_WRITES=",".join(map(str, writes)), FAULT_ERRNO=str(FAULTS[fault]))
        trials.runs += 1
        err = done.stderr.decode(errors="replace")
        refused = [line for line in err.splitlines() if line.startswith("Error: ")]
        state = _state(work / "match.toml")
        left = [path.name for path in work.iterdir() if path.name != "match.toml"]
        where = f"run {run} ({fault}, writes {first}-{writes[-1]})"
        if done.returncode != 0 or "Traceback" in err:
            trials.problems.append(f"{where}: exit {done.returncode}: {err.strip().splitlines()[-1:]}")
        elif state is None:
            trials.problems.append(f"{where}: the match is broken")
        elif left:
            trials.problems.append(f"{where}: left behind: {', '.join(left)}")
        elif any("cannot be written" not in line for line in refused):
            trials.problems.append(f"{where}: another error: {refused}")
        elif len(_rounds(work)) + len(refused) < len(PLAY_LINES):
            trials.problems.append(f"{where}: a line that was not refused is missing")
        else:
            trials.saw("refused lines" if refused else "no write refused")
    return trials


def _rounds(folder: Path) -> list:
    from scorekeeper.storage.matchfile import load_match

    return list(load_match(str(folder / "match.toml")).rounds)


ENCODINGS = ("ascii", "cp1252", "latin-1")
FOREIGN = ("Ёлка", "Маша", "Ölçü", "日本", "Ωμέγα")


def encoding_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """``play`` under a narrow input encoding, typing UTF-8 letters: each such line refused in one line."""
    trials = Trials()
    for run in range(runs):
        _fresh_match(work)
        encoding = rng.choice(ENCODINGS)
        lines = [line if rng.random() < 0.5 else f"{rng.choice(FOREIGN)} out 1 2 3" for line in PLAY_LINES]
        data = ("\n".join(lines + ["quit"]) + "\n").encode("utf-8")
        done = _play(work, data, PYTHONIOENCODING=encoding)
        trials.runs += 1
        err = done.stderr.decode(encoding, errors="replace")
        refused = [line for line in err.splitlines() if line.startswith("Error: ")]
        unreadable = sum(1 for line in lines if not _decodes(line, encoding))
        recorded = len(_rounds(work))
        where = f"run {run} ({encoding})"
        if done.returncode != 0 or "Traceback" in err:
            trials.problems.append(f"{where}: exit {done.returncode}: {err.strip().splitlines()[-1:]}")
        elif sum(1 for line in refused if "could not be read" in line) != unreadable:
            trials.problems.append(f"{where}: {unreadable} unreadable lines, refused: {refused}")
        elif recorded > len(lines) - unreadable:
            trials.problems.append(f"{where}: {recorded} rounds recorded from {len(lines) - unreadable} lines")
        else:
            trials.saw("lines refused" if unreadable else "all lines readable")
    return trials


def _decodes(line: str, encoding: str) -> bool:
    try:
        line.encode("utf-8").decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


CONTROL = ["\x00", "\x1b[2J", "\x1b]0;title\x07", "\x16", "\x08", "\x7f", "\x1b[31m", "\r", "\x85", "\u2028"]


def control_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """``play`` fed control bytes from a pipe: whatever it answers holds none of them."""
    trials = Trials()
    for run in range(runs):
        _fresh_match(work)
        line = list(rng.choice(PLAY_LINES + ["Masha out, Alex 3", "edit 1 m out 1 2 3", "delete x"]))
        for _ in range(rng.randint(1, 3)):
            line.insert(rng.randint(0, len(line)), rng.choice(CONTROL))
        typed = "".join(line)
        done = _play(work, (typed + "\nquit\n").encode("utf-8"))
        trials.runs += 1
        said = (done.stdout + done.stderr).decode("utf-8", errors="replace")
        raw = sorted({char for char in said if not (char.isprintable() or char in "\n ")})
        if done.returncode != 0 or "Traceback" in said:
            trials.problems.append(f"run {run} ({typed!r}): exit {done.returncode}")
        elif raw:
            trials.problems.append(f"run {run} ({typed!r}): shown raw: {raw!r}")
        else:
            trials.saw("escaped")
    return trials


WRITING = ["round --out Masha --total Alex=1 --total Olya=2 --total Serg=3", "undo"]
STREAM_COMMANDS = ["table", *WRITING, "--help", "export --format json", "rules show goat", "explain 1", "play"]
STREAMS = {"stdout closed": ">&-", "stdout full": "> /dev/full", "stdin closed (play)": "0<&-"}


def streams_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """A command with a standard stream closed or full: one line on stderr, exit 1, the match unchanged."""
    trials = Trials()
    command = " ".join(f"'{part}'" for part in installed_command())
    for run in range(runs):
        _fresh_match(work)
        from scorekeeper.match import usecases

        usecases.record(work / "match.toml", usecases.RoundFacts(out="Masha", totals=(("Alex", 1), ("Olya", 2),
                                                                                      ("Serg", 3))))
        before = (work / "match.toml").read_bytes()
        stream = rng.choice(sorted(STREAMS))
        args = "play" if stream.endswith("(play)") else rng.choice(STREAM_COMMANDS)
        if stream == "stdout full" and not os.path.exists("/dev/full"):
            continue
        done = subprocess.run(["sh", "-c", f"{command} {args} {STREAMS[stream]}"], cwd=work, capture_output=True,
                              text=True, timeout=120)
        trials.runs += 1
        lines = done.stderr.strip().splitlines()
        where = f"run {run} ({args} with {stream})"
        changed = (work / "match.toml").read_bytes() != before
        if stream == "stdout full" and args in WRITING and changed:
            # a full disk shows only once the change is saved: then a warning, and a success
            ok = done.returncode == 0 and lines == [
                "Warning: the output could not be written (No space left on device); the change was saved in "
                "match.toml."]
        else:
            ok = done.returncode == 1 and len(lines) == 1 and lines[0].startswith("Error: ") and not changed
        if not ok:
            trials.problems.append(f"{where}: exit {done.returncode}, said {lines[:3]}, "
                                   f"match {'changed' if changed else 'unchanged'}")
        else:
            trials.saw(f"{stream}, saved then warned" if changed else stream)
    return trials


# -- files made from a match, damaged catalogs (issue 34, items 3, 4 and 8) -----------------------------------

MODES = [0o600, 0o640, 0o644, 0o660, 0o400, 0o604]
UMASKS = [0o022, 0o002, 0o077, 0o000]
MADE = {"export json": ["export", "--format", "json", "-o", "out.json"],
        "export csv over a file": ["export", "--format", "csv", "-o", "old.csv", "--force"],
        "chart": ["chart", "--text", "-o", "chart.txt"], "new --force": COMMANDS["new"],
        "import --force": COMMANDS["import"], "round": COMMANDS["round"]}
STREAMS_MADE = {"a device": ["export", "--format", "json", "-o", "null", "--force"],
                "a pipe": ["export", "--format", "toml", "-o", "pipe"],
                "a disk": ["export", "-o", "disk", "--force"]}


def modes_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """A match of a random mode under a random umask, and a command that writes a file from it, killed at a
    random moment half the time: every file left in the folder (a temporary file of a killed write
    included) is no more open than the match. As root, a device node and a pipe of the trial's own, named
    by '-o', stay what they were, and a block device node is refused and never opened."""
    trials = Trials()
    template = work / "template"
    template.mkdir(parents=True)
    _base(template)
    (template / "old.csv").write_text("an old file, open to all\n")
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    for run in range(runs):
        folder = work / "run"
        _fresh(template, folder)
        (folder / "old.csv").chmod(0o666)
        mode, umask = rng.choice(MODES), rng.choice(UMASKS)
        (folder / "match.toml").chmod(mode)
        streams = root and rng.random() < 0.3
        name = rng.choice(sorted(STREAMS_MADE if streams else MADE))
        if streams:
            os.mknod(folder / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
            os.mknod(folder / "disk", stat.S_IFBLK | 0o600, os.makedev(7, 250))  # a loop device nobody set up
            os.mkfifo(folder / "pipe")
            reader = threading.Thread(target=(folder / "pipe").read_bytes, daemon=True)
            reader.start()
        before = {path.name: path.stat().st_mtime_ns for path in folder.iterdir() if path.is_file()}
        process = subprocess.Popen(installed_command() + (STREAMS_MADE if streams else MADE)[name], cwd=folder,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   preexec_fn=lambda: os.umask(umask))
        killed = not streams and rng.random() < 0.5
        if killed:
            time.sleep(rng.uniform(0, 0.15))
            process.send_signal(signal.SIGKILL)
        _, err = process.communicate(timeout=120)
        if streams:
            try:  # the pipe's reader waits for a writer unless the command wrote into it: let it go
                os.close(os.open(folder / "pipe", os.O_WRONLY | os.O_NONBLOCK))
            except OSError:  # it has read all already and gone
                pass
            reader.join(timeout=60)
        trials.runs += 1
        where = f"run {run} ({name}, match {mode:o}, umask {umask:03o}{', killed' if killed else ''})"
        if b"Traceback" in err:
            trials.problems.append(f"{where}: a traceback")
            continue
        for path in sorted(folder.iterdir()):
            if not path.is_file() or path.is_symlink() or before.get(path.name) == path.stat().st_mtime_ns:
                continue
            written = stat.S_IMODE(path.stat().st_mode)
            if path.name == "match.toml" and written != mode:
                trials.problems.append(f"{where}: the match's mode became {written:o}")
            elif written & ~mode:
                trials.problems.append(f"{where}: {path.name} is {written:o}, more open than the match")
            else:
                trials.saw("the match kept its mode" if path.name == "match.toml" else
                           "a temporary file within the match's mode" if path.name.endswith(".tmp") else
                           "a written file within the match's mode")
        if streams:
            kinds = {"null": stat.S_ISCHR, "disk": stat.S_ISBLK, "pipe": stat.S_ISFIFO}
            changed = [node for node, kind in kinds.items() if not kind(os.lstat(folder / node).st_mode)]
            if changed:
                trials.problems.append(f"{where}: {', '.join(changed)} replaced by a file")
            elif name == "a disk" and process.returncode != 1:
                trials.problems.append(f"{where}: a block device was not refused (exit {process.returncode})")
            else:
                trials.saw(f"{name} left as it was" + (" (refused)" if name == "a disk" else ""))
    return trials


def catalogs_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """A command of the installed script in Russian with a damaged catalog (``SCOREKEEPER_LOCALEDIR``): a
    catalog the reader refuses is one warning line, first, and the command's English output, exit as in
    English; one it reads, no warning; never a traceback. The entry point decides the language before click
    is loaded and click's group again: still one line."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from fuzz_input import CATALOG_COMMANDS, damage
    from scorekeeper.i18n import catalog_path
    from scorekeeper.i18n.catalog import Catalog, Damaged

    trials = Trials()
    folder = work / "match"
    folder.mkdir(parents=True)
    _base(folder)
    good = Path(catalog_path("ru")).read_bytes()
    def run_in(language: str, locale: str = "") -> Callable[[list[str]], subprocess.CompletedProcess]:
        # the environment given whole: readline, once loaded, sets COLUMNS where os.environ does not show it
        env = {**os.environ, "SCOREKEEPER_LANG": language, **({"SCOREKEEPER_LOCALEDIR": locale} if locale else {})}
        return lambda command: subprocess.run(installed_command() + command, cwd=folder, capture_output=True,
                                              text=True, timeout=120, env=env)

    english = {tuple(command): run_in("en")(command) for command in CATALOG_COMMANDS}
    for run in range(runs):
        damaged = damage(rng, good)
        try:
            Catalog(damaged)
            refused = False
        except Damaged:
            refused = True
        locale = work / f"locale-{run}" / "ru" / "LC_MESSAGES"
        locale.mkdir(parents=True)
        (locale / "scorekeeper.mo").write_bytes(damaged)
        command = rng.choice(CATALOG_COMMANDS)
        done = run_in("ru", str(work / f"locale-{run}"))(command)
        trials.runs += 1
        lines = done.stderr.splitlines()
        warned = [line for line in lines if line.startswith("Warning: the catalog ")]
        plain = english[tuple(command)]
        where = f"run {run} ({' '.join(command)}, catalog {'refused' if refused else 'read'})"
        if "Traceback" in done.stderr or done.returncode not in (0, 1, 2):
            trials.problems.append(f"{where}: exit {done.returncode}, {lines[-1:]}")
        elif refused and (warned != lines[:1] or (done.stdout, done.returncode) != (plain.stdout, plain.returncode)
                          or lines[1:] != plain.stderr.splitlines()):
            trials.problems.append(f"{where}: not one warning then the English command (exit {done.returncode}, "
                                   f"in English {plain.returncode}): {lines[:3]} {plain.stderr.splitlines()[:2]}")
        elif not refused and warned:
            trials.problems.append(f"{where}: a warning about a catalog the reader takes")
        else:
            trials.saw(f"refused, said once, English (exit {done.returncode})" if refused else
                       f"read (exit {done.returncode})")
    return trials


# -- delete and edit of the first rounds of a played match (issue 34, finding 1) ------------------------------

def first_rounds_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """``delete`` or ``edit`` of round 1 or 2 of a played match, killed at a random moment: the file holds the
    old match or the new one, and ``table`` reads it (a file scorekeeper wrote is never one it refuses)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from careless import careless_match
    from scorekeeper.notation.play_line import format_plays

    trials = Trials()
    work.mkdir(parents=True, exist_ok=True)
    for run in range(runs):
        template = work / "template"
        shutil.rmtree(template, ignore_errors=True)
        template.mkdir()
        careless_match(template / "match.toml", tuple(PLAYERS), rng)
        rounds = _rounds(template)
        plays = next((format_plays(rnd.plays) for rnd in rounds if rnd.plays), "")
        command = rng.choice([["delete", "1"], ["delete", "2"], ["edit", "1", "--plays", plays, "--allow"],
                              ["edit", "2", "Masha out 1 2 3"]])
        folder = work / "run"
        _fresh(template, folder)
        started = time.monotonic()
        done = _run(folder, *command)
        took = time.monotonic() - started
        old, new = _state(template / "match.toml"), _state(folder / "match.toml")
        trials.runs += 1
        where = f"run {run} ({' '.join(command[:2])})"
        if old is None or (done.returncode == 0 and new is None):
            trials.problems.append(f"{where}: a match scorekeeper wrote is refused: {done.stderr.strip()}")
            continue
        if done.returncode != 0:
            trials.saw("refused")
            new = old
        problem, state = _killed(template, folder, command, rng.uniform(0, 1.1 * took), old, new)
        if problem:
            trials.problems.append(f"{where}: {problem}")
        else:
            trials.saw(state)
    return trials


def _killed(template: Path, folder: Path, command: list[str], delay: float, old, new) -> tuple[str | None, str]:
    """``command`` run on a copy of ``template`` in ``folder`` and killed after ``delay`` seconds: (what is
    wrong, or None; 'old' or 'new', the match the file holds), ``table`` reading what is left."""
    _fresh(template, folder)
    process = subprocess.Popen(installed_command() + command, cwd=folder, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    state = _state(folder / "match.toml")
    table = _run(folder, "table")
    if state not in (old, new):
        return "the match is neither the old nor the new one" if state else "the match is broken", ""
    if table.returncode != 0:
        return f"table refuses the file: {table.stderr.strip()}", ""
    return None, "old" if state == old else "new"


# -- plays in the undo history and the hand in play (issue 34, finding 2) -------------------------------------

HISTORY_WRITERS = [["undo"], ["redo"], ["redo", "2"], ["delete", "1"], ["delete", "2"],
                   ["edit", "2", "Masha out 1 2 3"], ["undo", "--list"]]
"""Commands that write the undo history (``undo --list`` only reads it)."""


def history_trials(runs: int, rng: random.Random, work: Path) -> Trials:
    """A Goat match whose undo history holds played rounds, and often a hand in play
    (``fuzz_input.history_match``), through the installed command.  Half the trials change one history entry's
    plays, or the hand in play's, as a person may (an unknown player, a tile twice, a broken play line, a tile
    out of the set): a random command is refused with one line naming the file and that line, exit 1.  The
    others run a command that writes the history (undo, redo, delete, edit), killed at a random moment: the
    file holds the old match or the new one, and ``table`` reads it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from fuzz_input import HISTORY_COMMANDS, history_match, mutate_plays, played_lines

    trials = Trials()
    templates = []
    for index in range(max(4, runs // 10)):
        template = work / f"template-{index}"
        template.mkdir(parents=True)
        history_match(str(template / "match.toml"), rng)
        if played_lines((template / "match.toml").read_text()):
            templates.append(template)
    folder = work / "run"
    for run in range(runs):
        template = rng.choice(templates)
        _fresh(template, folder)
        old = _state(template / "match.toml")
        trials.runs += 1
        if run % 2:
            lines = (template / "match.toml").read_text().split("\n")
            number = rng.choice(played_lines("\n".join(lines)))
            kind = rng.choice(["unknown player", "tile twice", "broken play line", "tile out of the set"])
            mutated = mutate_plays(rng, kind, lines[number - 1]) or mutate_plays(rng, "unknown player",
                                                                                 lines[number - 1])
            (folder / "match.toml").write_text("\n".join(lines[:number - 1] + [mutated] + lines[number:]))
            before = (folder / "match.toml").read_bytes()
            command = rng.choice(HISTORY_COMMANDS)
            done = subprocess.run(installed_command() + command, cwd=folder, capture_output=True, text=True,
                                  timeout=120, env={**os.environ, "COLUMNS": "1000"})  # (an error unwrapped)
            said = done.stderr.strip().splitlines()
            where = f"run {run} ({' '.join(command[:2])}, {kind} at line {number})"
            if "Traceback" in done.stderr or done.returncode != 1:
                trials.problems.append(f"{where}: exit {done.returncode}, {said[-1:]}")
            elif len(said) != 1 or not said[0].startswith(f"Error: match.toml:{number}: "):
                trials.problems.append(f"{where}: not one line naming the file and the line: {said[:3]}")
            elif (folder / "match.toml").read_bytes() != before:
                trials.problems.append(f"{where}: a refused command changed the file")
            else:
                trials.saw(f"{kind}: refused in one line")
            continue
        command = rng.choice(HISTORY_WRITERS)
        started = time.monotonic()
        done = _run(folder, *command)
        took = time.monotonic() - started
        new = _state(folder / "match.toml") if done.returncode == 0 else old
        where = f"run {run} ({' '.join(command[:2])})"
        if "Traceback" in done.stderr or done.returncode not in (0, 1, 2):
            trials.problems.append(f"{where}: exit {done.returncode}, {done.stderr.strip().splitlines()[-1:]}")
            continue
        if new is None or old is None:
            trials.problems.append(f"{where}: a match scorekeeper wrote is refused: {done.stderr.strip()}")
            continue
        problem, state = _killed(template, folder, command, rng.uniform(0, 1.1 * took), old, new)
        if problem:
            trials.problems.append(f"{where}: {problem}")
        else:
            trials.saw(f"killed {command[0]}: {'refused, ' if done.returncode else ''}{state}")
    return trials


FAMILIES = {"sigint": sigint_trials, "play-write": play_write_trials, "encoding": encoding_trials,
            "control": control_trials, "streams": streams_trials, "modes": modes_trials,
            "catalogs": catalogs_trials, "first-rounds": first_rounds_trials, "history": history_trials}


if __name__ == "__main__":
    sys.exit(main())
