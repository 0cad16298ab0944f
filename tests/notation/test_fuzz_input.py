"""Fuzzing what people type and what they save by hand (issue 11), bounded for CI (the long run is
``benchmarks/fuzz_input.py``): every command with random arguments, and commands on mutated match and ruleset
files.  For every run: no traceback; exit 0, 1 or 2; a refusal is ``Error:`` lines only, one line unless a
broken file lists its problems (at most a screenful, each naming the file and its line when it sits on one);
nothing from outside reaches the terminal as an escape sequence; a refused command leaves the file as it was."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.cli.app import cli
from scorekeeper.cli.problems import SHOWN_PROBLEMS

from commands import typed_commands
from fuzz_cases import HAND_IN_PLAY, MATCH_COMMANDS, MUTATIONS, RULESET, WORDS, WRONG_VALUES, file_lines

PLAYERS = ["Masha", "Alex", "Olya", "Serg"]
GOAT = """\
format = 1
ruleset = "goat"
players = ["Masha", "Alex", "Olya", "Serg"]
rounds = [
    { end = "out", out = "Masha", hands = { Alex = "1-2 3-3", Olya = "6-6 0-1", Serg = 5 } },
    { end = "fish", fisher = "Olya", hands = { Masha = 2, Alex = 3, Olya = 13, Serg = 5 } },
    { end = "out", out = "Alex", hands = { Masha = "0-0", Olya = 4, Serg = 9 } },
]
"""
PAIRS = """\
format = 1
ruleset = "muggins"
players = ["Ann", "Bob", "Cy", "Di"]
sides = [
    { name = "Ann+Cy", players = ["Ann", "Cy"] },
    { name = "Bob+Di", players = ["Bob", "Di"] },
]
pending = ["Ann=10", "Bob=5"]

[[rounds]]
end = "out"
out = "Ann"
claims = ["Ann=10", "Bob=15"]
hands = { Bob = "1-2 2-3", Cy = 6, Di = 4 }
"""
RUNS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


COMMANDS = typed_commands()


class Folder:
    """A temporary folder with a match file, and a run that checks every promise."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, "match.toml")
        self.rules = os.path.join(folder, "house.toml")
        self.runner = CliRunner()

    def write(self, path: str, data: bytes) -> None:
        with open(path, "wb") as handle:
            handle.write(data)

    def run(self, args: list[str], broken_file: str | None = None):
        before = _read(self.path)
        old = os.getcwd()
        os.chdir(self.folder)
        try:
            result = self.runner.invoke(cli, ["--match", self.path, *args])
        finally:
            os.chdir(old)
        context = f"{args!r:.300}\nexit {result.exit_code}\n{result.output[-800:]}"
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"traceback: {result.exception!r}\n{context}")
        assert "Traceback" not in result.output, context
        assert result.exit_code in (0, 1, 2), context
        assert "\x1b" not in result.output and "\x9b" not in result.output, context
        if result.exit_code == 0:
            return result
        assert _read(self.path) == before, "a refused command changed the file\n" + context
        lines = result.stderr.strip().splitlines()
        errors = [line for line in lines if line.startswith("Error: ")]
        if lines and lines[0].startswith("Usage: ") and result.exit_code == 2:  # click's usage, or a group's help
            assert len(errors) <= 1, context
            return result
        assert lines and errors == lines, context
        if len(lines) > 1:
            assert result.exit_code == 1 and len(lines) <= SHOWN_PROBLEMS + 1, context
        if broken_file and result.exit_code == 1:
            _placed(lines, broken_file, _read(broken_file) or b"", context)
        return result


def _placed(lines: list[str], path: str, data: bytes, context: str) -> None:
    """Each problem naming the broken file names a line within it, unless it is about a key that is missing."""
    last = file_lines(data)
    for line in lines:
        found = re.match(r"Error: (.*?):(\d+): ", line)
        if found and found.group(1) == path:
            assert 1 <= int(found.group(2)) <= last, context
        elif line.startswith(f"Error: {path}: "):
            assert any(words in line for words in ("it has no 'format'", "must name the ruleset",
                                                   "has no players")), context


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Folder(name)


@st.composite
def mutated(draw, text: str) -> bytes:
    """A file as a person, or a bad editor, may leave it: characters and lines added, cut, repeated, a value of
    another type, the end cut off, another encoding."""
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "repeat line", "swap value", "cut"]))
        at = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:at] + draw(st.sampled_from(MUTATIONS) | st.text(max_size=3)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)):]
        elif kind == "repeat line":
            lines = text.split("\n")
            lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(lines)))
            text = "\n".join(lines)
        elif kind == "swap value":
            values = list(re.finditer(r'(?<== )("[^"\n]*"|\d+|\[[^\]\n]*\])', text))
            if values:
                found = draw(st.sampled_from(values))
                text = text[:found.start()] + draw(st.sampled_from(WRONG_VALUES)) + text[found.end():]
        else:
            text = text[:at]
    encoding = draw(st.sampled_from(["utf-8"] * 6 + ["cp1251", "utf-16"]))
    return text.encode(encoding, errors="replace")


@settings(max_examples=250, **RUNS)
@given(command=st.sampled_from(COMMANDS), data=st.data())
def test_any_command_line(folder, command, data):
    path, options = command
    words = st.sampled_from(WORDS) | st.text(max_size=6)
    args = data.draw(st.lists(st.sampled_from(options) | words if options else words, max_size=8))
    folder.write(folder.path, GOAT.encode())
    folder.run([*path, *args])


@settings(max_examples=200, **RUNS)
@given(base=st.sampled_from([GOAT, PAIRS, GOAT + HAND_IN_PLAY]), data=st.data(),
       command=st.sampled_from(MATCH_COMMANDS))
def test_a_mutated_match_file(folder, base, data, command):
    folder.write(folder.path, data.draw(mutated(base)))
    folder.run(command, broken_file=folder.path)


@settings(max_examples=120, **RUNS)
@given(data=st.data(), command=st.sampled_from([["rules", "check", "{}"], ["rules", "show", "{}"],
                                                 ["table", "--rules", "{}"], ["check", "hand", "0-0", "--rules", "{}"],
                                                 ["new", "--force", "--rules", "{}", "Ann", "Bob"]]))
def test_a_mutated_ruleset_file(folder, data, command):
    folder.write(folder.path, GOAT.encode())
    folder.write(folder.rules, data.draw(mutated(RULESET)))
    folder.run([word.replace("{}", folder.rules) for word in command], broken_file=folder.rules)


FUZZ_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz_input.py"


def test_every_family_of_the_long_fuzz_run_in_small():
    """``benchmarks/fuzz_input.py`` a few runs of each family (typed words, words a hundred thousand characters
    long, mutated and deeply nested match files, a device or a pipe as the match, mutated rulesets, damaged
    catalogs, the permission bits of every file written, the first rounds of played matches changed, plays in
    the undo history and the hand in play changed by hand): the script exits 1 on any broken promise and names
    it."""
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    done = subprocess.run([sys.executable, str(FUZZ_SCRIPT), "--runs", "20", "--seed", "3"], capture_output=True,
                          text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    for family, runs in (("typed", 20), ("huge typed", 20), ("match file", 20), ("deep file", 20),
                         ("odd file", 2), ("ruleset file", 20), ("catalog", 2), ("modes", 2), ("first rounds", 2),
                         ("history", 4)):
        assert re.search(rf"^\s+{runs}  {family} runs$", done.stdout, re.M), done.stdout
