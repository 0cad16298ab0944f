"""A long fuzz run over what people type and what they save by hand (issue 11): every command with random
arguments, and every command on randomly mutated match and ruleset files; since issue 25, typed words a
hundred thousand characters long (item 15: a refusal repeats them cut short, no line over ``LONGEST_ECHO``),
match files nested hundreds deep or holding numbers of thousands of digits (item 14: the message names the
line), and a device, a pipe, a folder, a link loop or a huge file named as the match or imported (item 12:
refused at once, within ``ODD_FILE_SECONDS``, the match untouched); since issue 34, a change of the first
rounds of a match played by careless players (``delete 1``, ``edit 1 --plays ...``): whatever a command that
succeeds writes, ``table`` reads (finding 1).

Since issue 34: damaged compiled catalogs (``catalog``: the Russian catalog cut, its bytes flipped, a number
of its head overwritten, through ``SCOREKEEPER_LOCALEDIR``: a catalog the reader refuses gives one warning
line and the command's English output, never a traceback), and the permission bits of every file a command
writes (``modes``: a match of a random mode under a random umask, then ``export -o``, ``chart -o``,
``new --force``, ``import --force`` or a round: no file written is more open than the match, the match
keeps its mode), and plays in the undo history (``history``: a match played by careless players whose
history holds played rounds, undone, deleted, edited and put back, and often a hand in play kept in the file;
one history entry's plays, or the hand in play's, changed as a person may: an unknown player, a tile twice, a
broken play line, a tile out of the set, each refused with one line naming the file and the entry's line, exit
1; or its seal changed, which reads as before: the same exit and output; whatever a command that writes the
history leaves, ``table`` reads); and a third of the mutated match files hold a hand in play (issue 32).

Not a test (tests/notation/test_fuzz_input.py is the bounded CI version); run it by hand:

    python benchmarks/fuzz_input.py                  # 2,000 runs of each kind (odd files, catalogs, modes,
                                                     # first rounds: 200; history: 400)
    python benchmarks/fuzz_input.py --runs 20000 --seed 3
    python benchmarks/fuzz_input.py --kinds catalog,modes --runs 5000

What must hold for every run: no traceback; exit 0, 1 or 2; a refusal is one line ``Error: ...`` (a broken
file: one line per problem, at most a screenful, each naming the file and, where the problem sits on one,
the line); a refused command leaves the match file byte for byte as it was. The counts are printed at the end,
and the first few failures of each kind with what produced them.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import stat
import sys
import tempfile
import time
from collections import Counter

from click.testing import CliRunner

from scorekeeper.cli.app import cli
from scorekeeper.notation.play_line import format_plays
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage import textfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from commands import typed_commands  # noqa: E402  (the tests' list of every command)
from fuzz_cases import (  # noqa: E402
    HAND_IN_PLAY, MATCH_COMMANDS, MUTATIONS, RULESET, WORDS, WRONG_VALUES, file_lines)

PLAYERS = ["Masha", "Alex", "Olya", "Serg"]
SETUP = [
    ["new", "--rules", "goat", *PLAYERS],
    ["round", "--out", "Masha", "--hand", "Alex=1-2,3-3", "--hand", "Olya=6-6 0-1", "--total", "Serg=5"],
    ["round", "--fish", "--fisher", "Olya", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13",
     "--total", "Serg=5"],
    ["round", "--out", "Alex", "--hand", "Masha=0-0", "--total", "Olya=4", "--total", "Serg=9"],
]

def random_args(chance: random.Random, options: list[str]) -> list[str]:
    """Mostly well-formed: options with one weird value each, a few bare words."""
    args = []
    for _ in range(chance.randint(0, 8)):
        if options and chance.random() < 0.7:
            args.append(chance.choice(options))
        args.append(chance.choice(WORDS))
    return args


class Checker:
    """Runs commands on a match in a folder and counts what breaks the promises."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, "match.toml")
        self.rules = os.path.join(folder, "house.toml")
        self.runner = CliRunner()
        self.counts: Counter = Counter()
        self.failures: dict[str, list] = {}

    def run(self, args: list[str], kind: str, match: str | None = None):
        match = match or self.path
        before = _read(self.path)
        old = os.getcwd()
        os.chdir(self.folder)
        started = time.perf_counter()
        try:
            result = self.runner.invoke(cli, ["--match", match, *args])
        finally:
            os.chdir(old)
        took = time.perf_counter() - started
        self.counts[f"{kind} runs"] += 1
        self.counts[f"{kind} exit {result.exit_code}"] += 1
        problem = judge(result, before, _read(self.path))
        if not problem and kind in ("match file", "ruleset file", "deep file") and result.exit_code == 1:
            broken = self.path if kind in ("match file", "deep file") else self.rules
            problem = placed(result.stderr, broken, _read(broken))
        if not problem and result.exit_code != 0:
            problem = echo_problem(result.stderr)
        if not problem and kind == "odd file":
            if result.exit_code == 0 and os.path.exists(match):  # a link to nowhere is no match: goat's rules
                problem = "an odd file was read as a match"
            elif took > ODD_FILE_SECONDS:
                problem = "an odd file was not refused at once"
        if problem:
            self.counts[f"{kind} FAILED: {problem}"] += 1
            self.failures.setdefault(problem, []).append((args, result.exit_code, result.output[-600:],
                                                          repr(result.exception), before))
        return result


def judge(result, before: bytes | None, after: bytes | None) -> str | None:
    """What is wrong with one run, or None."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "traceback"
    if "Traceback" in result.output:
        return "traceback"
    if result.exit_code not in (0, 1, 2):
        return f"exit {result.exit_code}"
    if "\x1b" in result.output or "\x9b" in result.output:
        return "an escape sequence reached the terminal"
    if result.exit_code == 0:
        return None
    if before != after:
        return "a refused command changed the file"
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("Error: ")]
    if lines and lines[0].startswith("Usage: ") and result.exit_code == 2:  # click's own usage block / help
        return None if len(errors) <= 1 else "several errors after usage"
    if not errors or len(errors) != len(lines):
        return "a refusal that is not Error: lines"
    if len(lines) > 1 and (result.exit_code != 1 or len(lines) > 21):
        return "several lines where one was promised"
    return None


LONGEST_ECHO = 600
"""The longest refusal line taken: a message repeats typed input cut short (issue 25, item 15)."""

ODD_FILE_SECONDS = 5.0
"""A device, a pipe or a huge file as the match is refused at once, never read until memory is gone."""


def echo_problem(stderr: str) -> str | None:
    """A refusal line that repeats what was typed (or read) at length."""
    if any(len(line) > LONGEST_ECHO for line in stderr.splitlines()):
        return "an echo too long"
    return None


def placed(stderr: str, path: str, text: bytes | None) -> str | None:
    """A broken file's problems must name the file and a line within it (a problem that sits on no line,
    like a missing key, names the file)."""
    import re

    lines = file_lines(text or b"")
    for line in stderr.strip().splitlines():
        if line.startswith("Error: ... and "):
            continue
        found = re.match(r"Error: (.*?):(\d+): ", line)
        if found:
            if found.group(1) != path:
                return "a problem naming another file"
            if not 1 <= int(found.group(2)) <= lines:
                return "a line past the end of the file"
        elif line.startswith(f"Error: {path}: ") and not _missing_key(line):
            return "a problem without its line"
    return None


def _missing_key(line: str) -> bool:
    """A problem about a key that is not there at all sits on no line."""
    return any(words in line for words in ("it has no 'format'", "must name the ruleset", "has no players"))


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


HUGE_WORDS = ["9" * 100_000, "Alex=" + "9" * 100_000, "X" * 100_000, "X" * 100_000 + "=5", "1-" + "9" * 100_000,
              "Masha out, Alex " + "9" * 100_000, "Masha out, " + "Z" * 100_000 + " 3", "\x1b[2J" * 20_000,
              "Masha out, Alex 1-2 " * 5_000]
"""Typed input of a hundred thousand characters (issue 25, item 15): a refusal repeats it cut short."""


def huge_args(chance: random.Random, options: list[str]) -> list[str]:
    """``random_args`` with one word (at least) a hundred thousand characters long."""
    args = random_args(chance, options)
    at = chance.randint(0, len(args))
    huge = chance.choice(HUGE_WORDS)
    return args[:at] + ([chance.choice(options), huge] if options and chance.random() < 0.7 else [huge]) + args[at:]


def deepen(chance: random.Random, text: str) -> bytes:
    """A match file with arrays or tables nested hundreds deep, or a number of thousands of digits, somewhere
    (issue 25, item 14): tomllib names no line for these; the message must."""
    at = chance.randrange(len(text) + 1)
    depth = chance.randint(150, 3000)
    roll = chance.random()
    if roll < 0.4:
        piece = "[" * depth + "]" * depth
    elif roll < 0.6:
        piece = "{a = " * depth + "}" * depth
    elif roll < 0.8:
        piece = "9" * chance.randint(4301, 20000)
    else:
        piece = "x = " + "[" * depth + "\n"
    if chance.random() < 0.5:  # as a value of its own, where TOML reads it first
        piece = f"\nx{chance.randint(0, 99)} = {piece}\n"
    return (text[:at] + piece + text[at:]).encode("utf-8")


def odd_files(folder: str) -> list[str]:
    """What may be named as the match and is not a match file to read (issue 25, item 12): a device, a pipe,
    a folder, links that lead nowhere or in a loop, and a file larger than any match (``LARGEST`` is lowered
    for the run, so that it is quick to write)."""
    odd = []
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if os.path.exists(device):
            odd.append(device)
    if hasattr(os, "mkfifo"):
        os.mkfifo(os.path.join(folder, "pipe.toml"))
        odd.append(os.path.join(folder, "pipe.toml"))
    os.mkdir(os.path.join(folder, "folder.toml"))
    odd.append(os.path.join(folder, "folder.toml"))
    os.symlink("nowhere.toml", os.path.join(folder, "dangling.toml"))
    os.symlink("loop-b.toml", os.path.join(folder, "loop-a.toml"))
    os.symlink("loop-a.toml", os.path.join(folder, "loop-b.toml"))
    odd.append(os.path.join(folder, "loop-a.toml"))
    with open(os.path.join(folder, "huge.toml"), "w", encoding="utf-8") as handle:
        handle.write("# a note\n" * (textfile.LARGEST // 9 + 2))
    odd.append(os.path.join(folder, "huge.toml"))
    return odd


def mutate(chance: random.Random, text: str) -> bytes:
    """A match or ruleset file as a person (or a bad editor) might leave it."""
    for _ in range(chance.randint(1, 4)):
        roll = chance.random()
        at = chance.randrange(len(text) + 1)
        if roll < 0.3:
            text = text[:at] + chance.choice(MUTATIONS) + text[at:]
        elif roll < 0.5 and text:
            end = min(len(text), at + chance.randint(1, 6))
            text = text[:at] + text[end:]
        elif roll < 0.65:
            lines = text.split("\n")
            index = chance.randrange(len(lines))
            lines.insert(index, lines[chance.randrange(len(lines))])
            text = "\n".join(lines)
        elif roll < 0.8:  # a value of the wrong type in place of a value
            import re
            values = list(re.finditer(r'(?<== )("[^"\n]*"|\d+|\[[^\]\n]*\])', text))
            if values:
                found = chance.choice(values)
                text = text[:found.start()] + chance.choice(WRONG_VALUES) + text[found.end():]
        else:
            text = text[:at]
    encoding = chance.choice(["utf-8"] * 8 + ["cp1251", "utf-16"])
    return text.encode(encoding, errors="replace")


def damage(chance: random.Random, data: bytes) -> bytes:
    """A compiled catalog as a broken download, a full disk or a bad copy leaves it: cut somewhere, bytes
    flipped, a number of its head overwritten, or the magic number alone."""
    damaged = bytearray(data)
    for _ in range(chance.randint(1, 3)):
        roll = chance.random()
        if roll < 0.3:
            del damaged[chance.randint(0, len(damaged)):]
        elif roll < 0.7 and damaged:
            for _ in range(chance.randint(1, 20)):
                damaged[chance.randrange(len(damaged))] ^= chance.randint(1, 255)
        elif roll < 0.9 and len(damaged) >= 28:
            at = chance.choice([4, 8, 12, 16, 20])
            damaged[at:at + 4] = chance.randrange(1 << 32).to_bytes(4, "little")
        else:
            damaged = damaged[:4]
    return bytes(damaged)


def catalog_run(checker: Checker, chance: random.Random, catalog: bytes, english: dict) -> None:
    """A random command in Russian whose catalog (in ``SCOREKEEPER_LOCALEDIR``) is damaged: a catalog the
    reader refuses is said in one warning line, first, and the command's output is its English output."""
    from scorekeeper import i18n
    from scorekeeper.i18n.catalog import Catalog, Damaged

    damaged = damage(chance, catalog)
    try:
        Catalog(damaged)
        refused = False
    except Damaged:
        refused = True
    folder = os.path.join(checker.folder, f"locale-{checker.counts['catalog runs']}")
    os.makedirs(os.path.join(folder, "ru", "LC_MESSAGES"))
    with open(os.path.join(folder, "ru", "LC_MESSAGES", "scorekeeper.mo"), "wb") as handle:
        handle.write(damaged)
    command = chance.choice(CATALOG_COMMANDS)
    i18n.use("en")
    os.environ.update(SCOREKEEPER_LOCALEDIR=folder, SCOREKEEPER_LANG="ru")
    try:
        result = checker.runner.invoke(cli, ["--match", checker.path, *command])
    finally:
        del os.environ["SCOREKEEPER_LOCALEDIR"], os.environ["SCOREKEEPER_LANG"]
        i18n.use("en")
    checker.counts["catalog runs"] += 1
    checker.counts[f"catalog {'refused' if refused else 'read'}, exit {result.exit_code}"] += 1
    lines = result.stderr.splitlines()
    warned = [line for line in lines if line.startswith("Warning: the catalog ")]
    said = lines[len(warned):] if warned == lines[:len(warned)] else lines
    problem = None
    if result.exception is not None and not isinstance(result.exception, SystemExit) or "Traceback" in result.output:
        problem = "traceback"
    elif result.exit_code not in (0, 1, 2):
        problem = f"exit {result.exit_code}"
    elif refused and warned != lines[:1]:
        problem = "a damaged catalog not said in one warning line, first"
    elif not refused and warned:
        problem = "a warning about a catalog the reader takes"
    elif refused and (result.stdout, result.exit_code) != english[tuple(command)]:
        problem = "a command with a refused catalog not in English"
    elif result.exit_code and not said:
        problem = "a refusal that says nothing"
    elif result.exit_code and refused and not said[0].startswith(("Error: ", "Usage: ")):
        problem = "a refusal that is not an English error line"
    if problem:
        checker.counts[f"catalog FAILED: {problem}"] += 1
        checker.failures.setdefault(problem, []).append((command, result.exit_code, result.output[-600:],
                                                         repr(result.exception), damaged[:40]))


CATALOG_COMMANDS = [["table"], ["explain", "1"], ["export", "--format", "csv"], ["undo", "--list"], ["rules", "list"],
                    ["explain", "99"], ["check", "hand", "1-x"], ["table", "--format", "json"], ["chart"],
                    ["rating"], ["--help"], ["round", "--help"]]
"""Commands run under a damaged catalog: what they print, and refusals (exit 2) said in its language."""

UMASKS = [0o022, 0o002, 0o027, 0o077, 0o000]
MATCH_MODES = [0o600, 0o640, 0o644, 0o660, 0o664, 0o400, 0o604, 0o606]
WRITERS = [["export", "--format", "json", "-o", "out.json"], ["export", "--format", "toml", "-o", "out.toml"],
           ["export", "--format", "csv", "-o", "old.csv", "--force"], ["export", "--format", "markdown", "-o", "x.md"],
           ["chart", "--text", "-o", "chart.txt"], ["new", "--force", "Ann", "Bob"],
           ["import", "--force", "other.json"], ["round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2",
                                                 "--total", "Serg=3"], ["undo"]]
"""Every command that writes a file, as the ``modes`` runs start them."""


def modes_run(checker: Checker, chance: random.Random, good: bytes, other: bytes) -> None:
    """A match of a random mode under a random umask, then a command that writes: no file it writes is more
    open than the match, and the match keeps its mode."""
    for name in os.listdir(checker.folder):
        os.unlink(os.path.join(checker.folder, name))
    with open(checker.path, "wb") as handle:
        handle.write(good)
    with open(os.path.join(checker.folder, "other.json"), "wb") as handle:
        handle.write(other)
    with open(os.path.join(checker.folder, "old.csv"), "w", encoding="utf-8") as handle:
        handle.write("an old file, open to all\n")
    os.chmod(os.path.join(checker.folder, "old.csv"), 0o666)
    mode, umask, command = chance.choice(MATCH_MODES), chance.choice(UMASKS), chance.choice(WRITERS)
    os.chmod(checker.path, mode)
    before = {name: os.stat(os.path.join(checker.folder, name)).st_mtime_ns for name in os.listdir(checker.folder)}
    old_umask = os.umask(umask)
    try:
        checker.run(command, "modes")
    finally:
        os.umask(old_umask)
    for name in sorted(os.listdir(checker.folder)):
        path = os.path.join(checker.folder, name)
        if before.get(name) == os.stat(path).st_mtime_ns:
            continue  # not written by the command
        written = stat.S_IMODE(os.stat(path).st_mode)
        if name == "match.toml":  # rewritten, or replaced by a new match (the old one kept aside)
            problem = None if written == mode else "the match's mode changed"
        else:
            problem = None if written & ~mode == 0 else "a written file more open than the match"
        checker.counts[f"modes {'match' if name == 'match.toml' else 'written file'}"] += 1
        if problem:
            checker.counts[f"modes FAILED: {problem}"] += 1
            checker.failures.setdefault(problem, []).append(
                (command, 0, f"{name}: {written:o}, match {mode:o}, umask {umask:03o}", "", b""))


KINDS = ("typed", "match", "huge", "deep", "odd", "ruleset", "catalog", "modes", "first-rounds", "history")
"""The kinds of runs, in the order they run."""


def first_rounds(checker: Checker, chance: random.Random) -> None:
    """Issue 34, finding 1: a random change of the first rounds of a Goat match played by careless players
    (breaches let stand), then ``table``, which must read whatever a command that succeeded wrote."""
    from careless import careless_hand, careless_match

    if os.path.exists(checker.path):
        os.remove(checker.path)
    careless_match(checker.path, tuple(PLAYERS), chance)
    hand = careless_hand(load_ruleset("goat"), tuple(PLAYERS), chance)
    command = chance.choice([["delete", "1"], ["delete", "2"], ["undo"], ["redo"],
                             ["edit", "1", "--plays", format_plays(hand.plays), "--allow"],
                             ["edit", "1", "--plays", format_plays(hand.plays)], ["edit", "2", "Masha out 1 2 3"]])
    if checker.run(command, "first rounds").exit_code == 0:
        table = checker.run(["table"], "first rounds table")
        if table.exit_code != 0:
            problem = "a file a command wrote is refused"
            checker.counts[f"first rounds FAILED: {problem}"] += 1
            checker.failures.setdefault(problem, []).append((command, table.exit_code, table.output[-600:],
                                                             repr(table.exception), None))


# -- plays in the undo history and the hand in play (issue 34, finding 2; issue 32's hand in the file) ---------

PLAY_MUTATIONS = ("unknown player", "tile twice", "broken play line", "tile out of the set", "changed seal")
"""What a person editing a history entry's plays (or the hand in play's) may leave: each but the seal's makes
facts that cannot be scored, refused with one line naming the file and the entry's line; a changed seal only
makes the entry checked in full, and the file reads as before."""

BROKEN_PLAYS = ("{player} 1-", "6-6 {player}", "{player} 3=4", "{player} draws -1", "{player} on 5",
                "{player} 1-2 on 1-2-3")
OUT_OF_SET = ("7-7", "3-9", "6-7", "0-12")
_TILE = re.compile(r"\b\d+-\d+\b")


def history_match(path: str, chance: random.Random) -> None:
    """A Goat match played by careless players (``careless.careless_match``) whose undo history holds played
    rounds: rounds undone, deleted, edited with new plays, put back; half the time a hand in play kept in the
    file (the first plays of a careless hand, as a session leaves it)."""
    from careless import careless_hand, careless_match
    from scorekeeper.domain.facts import OpenHand
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.match import usecases

    careless_match(path, tuple(PLAYERS), chance)
    ruleset = load_ruleset("goat")
    for _ in range(chance.randint(2, 4)):
        number = chance.randint(1, max(1, len(usecases.open_match(path).match.rounds)))
        roll = chance.random()
        try:
            if roll < 0.3:
                usecases.undo(path)
            elif roll < 0.5:
                usecases.delete(path, number)
            elif roll < 0.8:
                hand = careless_hand(ruleset, tuple(PLAYERS), chance)
                out = hand.board.out.player if hand.board.out else None
                held = ", ".join(f'{player} {" ".join(map(str, tiles))}' for player, tiles in hand.held.items()
                                 if player != out and tiles)
                usecases.edit(path, number, f"plays {format_plays(hand.plays)}; {held}", allow=True,
                              confirmed=True)
            else:
                usecases.redo(path)
        except ScorekeeperError:  # nothing to undo, a round with too few hands for the new plays, ...
            continue
    if chance.random() < 0.5:
        hand = careless_hand(ruleset, tuple(PLAYERS), chance)
        try:
            usecases.keep_hand(path, OpenHand(hand.plays[:chance.randint(1, len(hand.plays) - 1)]))
        except ScorekeeperError:  # the match is over
            pass


def played_lines(text: str) -> list[int]:
    """The lines (from 1) of the history entries with plays, and of the hand in play."""
    return [number for number, line in enumerate(text.split("\n"), start=1)
            if line.startswith("hand = ") or line.lstrip().startswith("{ change = ") and "plays = '" in line]


def mutate_plays(chance: random.Random, kind: str, line: str) -> str | None:
    """``line`` (a history entry's or the hand in play's) with its plays or its seal changed as ``kind`` says;
    None where it cannot be (a hand of one tile has no tile twice, the hand in play no seal)."""
    if kind == "changed seal":
        seals = list(re.finditer(r"checked = '([0-9a-f]{8})'", line))
        if not seals:
            return None
        found = chance.choice(seals)
        seal = found.group(1)
        other = f"{(int(seal, 16) ^ chance.randrange(1, 1 << 32)):08x}"
        return line[:found.start(1)] + other + line[found.end(1):]
    found = chance.choice(list(re.finditer(r"plays = '([^']*)'", line)))  # an edit keeps two rounds' plays
    items = found.group(1).split(", ")
    tiled = [index for index, item in enumerate(items) if _TILE.search(item.partition(" on ")[0])]
    at = chance.randrange(len(items))
    player = items[at].split(" ")[0]
    if kind == "unknown player":
        items[at] = "Zed" + items[at][len(player):]
    elif kind == "broken play line":
        items[at] = chance.choice(BROKEN_PLAYS).format(player=player)
    else:
        if len(tiled) < (2 if kind == "tile twice" else 1):
            return None
        first, later = sorted(chance.sample(tiled, 2)) if kind == "tile twice" else (None, chance.choice(tiled))
        tile = _TILE.search(items[first]).group(0) if kind == "tile twice" else chance.choice(OUT_OF_SET)
        head, on, rest = items[later].partition(" on ")
        items[later] = _TILE.sub(tile, head, count=1) + on + rest
    return line[:found.start(1)] + ", ".join(items) + line[found.end(1):]


HISTORY_COMMANDS = [["table"], ["undo", "--list"], ["undo"], ["redo"], ["redo", "1"], ["redo", "2"], ["delete", "1"],
                    ["delete", "2"], ["edit", "2", "Masha out 1 2 3"], ["export", "--format", "json"],
                    ["export", "--format", "toml"], ["explain", "2"], ["chart"],
                    ["round", "Masha out, Alex 1, Olya 2, Serg 3"], ["check", "play", "Masha 1-1"], ["play"]]
"""Commands run on a match whose history (or hand in play) was changed by hand: each reads the whole file."""

WRITES_HISTORY = ("undo", "redo", "delete", "edit", "round", "import")

HISTORY_TEMPLATES = 8
"""Matches with played rounds in their history made for a run (at least; one for each 50 runs asked); each
run changes one of them."""


def history_run(checker: Checker, chance: random.Random, templates: list[bytes]) -> None:
    """One of the templates (``history_match``) with one history entry's plays, or the hand in play's, changed
    as a person may (``PLAY_MUTATIONS``), then a random command: a mutation that makes facts that cannot be
    scored is refused with one line naming the file and the line of the entry, exit 1; a changed seal reads as
    the file did (the same exit and output); whatever a command that writes the history leaves, ``table``
    reads.  One run in ten imports the file so changed (``import --force``, as a TOML export edited by hand)."""
    good = chance.choice(templates)
    lines = good.decode().split("\n")
    targets = played_lines(good.decode())
    hand = [number for number in targets if lines[number - 1].startswith("hand = ")]
    number = hand[0] if hand and chance.random() < 0.4 else chance.choice(targets)
    kinds = list(PLAY_MUTATIONS)
    chance.shuffle(kinds)
    kind, mutated = next((kind, mutated) for kind in kinds + ["unknown player"]
                         if (mutated := mutate_plays(chance, kind, lines[number - 1])) is not None)
    where = "hand in play" if lines[number - 1].startswith("hand = ") else "history"
    changed = "\n".join(lines[:number - 1] + [mutated] + lines[number:]).encode()
    other = os.path.join(checker.folder, "other.toml")
    importing = chance.random() < 0.1  # the match file changed by hand, or a file imported (a TOML export)
    command = ["import", "--force", other] if importing else chance.choice(HISTORY_COMMANDS)
    problem = None

    def run(text: bytes):
        _write(checker.path, good)
        _write(other if importing else checker.path, text)
        result = checker.run(command, "history command")
        for name in os.listdir(checker.folder):  # the matches import keeps aside
            if re.fullmatch(r"match\..+\.toml", name):
                os.remove(os.path.join(checker.folder, name))
        return result

    if kind == "changed seal":
        plain = run(good)
        if plain.exit_code == 0 and command[0] in WRITES_HISTORY:
            problem = _table_reads(checker, command)
        result = run(changed)
        if not problem and (result.exit_code, _unsealed(result.stdout)) != (plain.exit_code, _unsealed(plain.stdout)):
            problem = "a changed seal changed what a command does"
        elif not problem and result.exit_code == 0 and command[0] in WRITES_HISTORY:
            problem = _table_reads(checker, command)
    else:
        result = run(changed)
        said = result.stderr.strip().splitlines()
        if result.exit_code != 1:
            problem = f"plays that cannot be scored not refused ({kind}, {where})"
        elif len(said) != 1 or not said[0].startswith(f"Error: {other if importing else checker.path}:{number}: "):
            problem = f"not one line naming the file and the line ({kind}, {where})"
    checker.counts["history runs"] += 1
    checker.counts[f"history {where}{', imported' if importing else ''}: {kind}"] += 1
    if problem:
        checker.counts[f"history FAILED: {problem}"] += 1
        checker.failures.setdefault(problem, []).append((command, result.exit_code, result.output[-600:],
                                                         f"line {number}: {mutated[:300]}", good))


def _unsealed(output: str) -> str:
    """Output without the seals a TOML export repeats as the file holds them (a seal that does not hold is
    checked in full by the import, as by every read)."""
    return re.sub(r"checked = '[0-9a-f]{8}'", "checked = ''", output)


def _write(path: str, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)


def _table_reads(checker: Checker, command: list[str]) -> str | None:
    """None when ``table`` reads what ``command`` wrote."""
    table = checker.run(["table"], "history command")
    return None if table.exit_code == 0 else f"a file {command[0]} wrote is refused: {table.stderr.strip()[:200]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000, help="runs of each kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS), help="which kinds (default: all): " + ", ".join(KINDS))
    options = parser.parse_args()
    kinds = set(options.kinds.split(","))
    if kinds - set(KINDS):
        parser.error(f"no kind {', '.join(sorted(kinds - set(KINDS)))}: {', '.join(KINDS)}")
    chance = random.Random(options.seed)
    textfile.LARGEST = 1 << 20  # a file over the limit, quicker to write (the check is the same)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        checker = Checker(folder)
        for args in SETUP:
            checker.run(args, "setup")
        good = _read(checker.path)
        found = typed_commands()
        for _ in range(options.runs if "typed" in kinds else 0):  # typed input: every command, random words
            with open(checker.path, "wb") as handle:
                handle.write(good)
            path, names = chance.choice(found)
            checker.run([*path, *random_args(chance, names)], "typed")
        for _ in range(options.runs if "match" in kinds else 0):  # mutated match files, a third with a hand in play
            with open(checker.path, "wb") as handle:
                handle.write(mutate(chance, good.decode() + (HAND_IN_PLAY if chance.random() < 0.3 else "")))
            checker.run(chance.choice(MATCH_COMMANDS), "match file")
        for _ in range(options.runs if "huge" in kinds else 0):  # typed input a hundred thousand characters long
            with open(checker.path, "wb") as handle:
                handle.write(good)
            path, names = chance.choice(found)
            checker.run([*path, *huge_args(chance, names)], "huge typed")
        for _ in range(options.runs if "deep" in kinds else 0):  # match files nested too deeply, numbers too long
            with open(checker.path, "wb") as handle:
                handle.write(deepen(chance, good.decode()))
            checker.run(chance.choice(MATCH_COMMANDS), "deep file")
        with open(checker.path, "wb") as handle:
            handle.write(good)
        odd = odd_files(folder) if "odd" in kinds else []
        for _ in range(options.runs // 10 if "odd" in kinds else 0):  # a device, a pipe, a folder... as the match
            name = chance.choice(odd)
            if chance.random() < 0.2:
                checker.run(["import", "--force", name], "odd file")
            else:
                checker.run(chance.choice(MATCH_COMMANDS), "odd file", match=name)
        rules = checker.rules
        with open(checker.path, "wb") as handle:
            handle.write(good)
        for _ in range(options.runs if "ruleset" in kinds else 0):  # mutated ruleset files
            with open(rules, "wb") as handle:
                handle.write(mutate(chance, RULESET))
            checker.run(chance.choice([["rules", "check", rules], ["rules", "show", rules],
                                       ["table", "--rules", rules], ["check", "hand", "0-0", "--rules", rules]]),
                        "ruleset file")
        with open(checker.path, "wb") as handle:
            handle.write(good)
        if "catalog" in kinds:  # damaged catalogs (issue 34, item 4)
            from scorekeeper.i18n import catalog_path

            with open(catalog_path("ru"), "rb") as handle:
                catalog = handle.read()
            english = {}
            for command in CATALOG_COMMANDS:
                result = checker.runner.invoke(cli, ["--match", checker.path, *command])
                english[tuple(command)] = (result.stdout, result.exit_code)
            for _ in range(options.runs // 10):
                catalog_run(checker, chance, catalog, english)
        if "modes" in kinds:  # the permission bits of every file written (issue 34, item 3), in a folder apart
            other = checker.runner.invoke(cli, ["--match", checker.path, "export", "--format", "json"]).stdout_bytes
            moder = Checker(os.path.join(folder, "modes"))
            os.mkdir(moder.folder)
            moder.counts, moder.failures = checker.counts, checker.failures
            for _ in range(options.runs // 10):
                modes_run(moder, chance, good, other)
        # delete and edit of the first rounds of played matches (issue 34)
        for _ in range(options.runs // 10 if "first-rounds" in kinds else 0):
            first_rounds(checker, chance)
        if "history" in kinds:  # plays in the undo history and the hand in play, changed by hand (issue 34)
            templates = []
            os.remove(checker.path)
            for _ in range(max(HISTORY_TEMPLATES, options.runs // 50)):
                history_match(checker.path, chance)
                templates.append(_read(checker.path))
                os.remove(checker.path)
            templates = [template for template in templates if played_lines(template.decode())]
            for _ in range(options.runs // 5 if templates else 0):
                history_run(checker, chance, templates)
    for key in sorted(checker.counts):
        print(f"{checker.counts[key]:>7}  {key}")
    for problem, cases in checker.failures.items():
        print(f"\n{problem}: {len(cases)}")
        kinds = Counter(re.sub(r"\d+", "N", output.split(": ", 2)[-1])[:90] for _, _, output, _, _ in cases)
        for kind, count in kinds.most_common(12):
            print(f"  {count:>5}  {kind!r}")
        for args, code, output, exception, before in cases[:3]:
            print(f"  {args!r:.300}\n    exit {code} {exception}\n    {output!r:.600}\n    {before!r:.700}")
    print(f"\n{time.perf_counter() - started:.1f} s")
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()
