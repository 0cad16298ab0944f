"""Checks on the project itself that a newcomer's change could break without noticing (issue 10)."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.rules.schema import KEYS_BY_PATH

from commands import every_command

PACKAGE = Path(scorekeeper.__file__).resolve().parent
ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
USAGE = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


COMMANDS = every_command()


def test_commands_are_found():
    names = {" ".join(path) for path, _, _ in COMMANDS}
    assert {"new", "round", "table", "undo", "check count", "rules show"} <= names and len(names) > 20


@pytest.mark.parametrize("path, command, ctx", COMMANDS, ids=[" ".join(path) for path, _, _ in COMMANDS])
def test_every_command_is_in_the_usage_guide_and_its_help_shows_an_example(path, command, ctx):
    typed = "scorekeeper " + " ".join(path)
    assert re.search(re.escape(typed) + r"\b", USAGE), f"docs/usage.md never shows '{typed}'"
    help_text = command.get_help(ctx)
    assert command.help and command.help.strip(), f"'{typed}' has no help"
    examples = [line for line in help_text.splitlines()
                if not line.startswith("Usage:") and re.search(re.escape(typed) + r"\b", line)]
    assert examples, f"'{typed} --help' shows no example of '{typed} ...'"


KEY_LITERAL = re.compile(r"""\b\w*rules\w*\[\s*(["'])([^"']+)\1\s*\]""")
REASON_KEY = re.compile(r"""\breason\(\s*\w+,\s*(["'])([^"']+)\1""")


def key_literals():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern in (KEY_LITERAL, REASON_KEY):
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{path.relative_to(PACKAGE.parent)}:{line}", match.group(2)))
    return found


def test_every_ruleset_key_literal_in_the_code_is_in_the_schema():
    found = key_literals()
    assert len(found) > 100  # the pattern still finds the code's keys
    unknown = [f"{where}: {key}" for where, key in found if key not in KEYS_BY_PATH]
    assert not unknown, "keys the schema does not define:\n" + "\n".join(unknown)


# --- the README is the front door; the detail is in docs/ --------------------------------------------------

QUICK_START = ("python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/scorekeeper demo",
               "scripts/test.sh")
TESTS = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/pytest"
"""What the test script ends with, and what a contributor who has Chromium may run alone."""


def test_the_readme_quick_start_is_what_ci_runs():
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    for command in QUICK_START:
        assert any(block.strip() == command for block in blocks), f"the README's quick start lost: {command}"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == QUICK_START[1], ".ci/run does not run the README's test command"
    script = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8").strip().splitlines()
    assert script[-1] == TESTS + ' "$@"', "scripts/test.sh no longer ends with the plain test command"
    assert "chromium chromium-driver" in "\n".join(script), "scripts/test.sh no longer installs the browser"


@pytest.mark.parametrize("command", ["new", "round", "table", "explain", "play", "check", "compare", "rules"])
def test_the_readme_tours_the_main_commands(command):
    assert re.search(rf"scorekeeper {command}\b", README), f"the README's tour never shows '{command}'"


def test_the_readme_stays_a_front_door():
    assert len(README.splitlines()) <= 140, "the README grew: move the detail to docs/"
    for page in ("usage.md", "live.md", "safety.md", "rules.md", "development.md"):
        assert f"(docs/{page}" in README, f"the README does not link docs/{page}"


def _stage_names() -> set[str]:
    from scorekeeper.scoring.pipeline import STAGES

    names = set()
    for stage in STAGES:
        run = getattr(stage, "run", stage)
        name = run.rpartition(".")[2] if isinstance(run, str) else getattr(run, "__name__", "")
        if "_" in name:  # a one-word name ("take") is also an everyday word
            names.add(name)
    return names


def test_the_stage_list_is_pointed_to_not_copied():
    names = _stage_names()
    assert len(names) > 5
    assert "scorekeeper.scoring.pipeline.STAGES" in README
    for path in DOCS:
        if path.name.partition(".")[0] != "rules":  # every edition of the rule book names the keys
            copied = sorted(name for name in names if name in path.read_text(encoding="utf-8"))
            assert not copied, f"{path.name} copies the stage list ({', '.join(copied)}): point to STAGES"


LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(text: str) -> set[str]:
    """GitHub's anchors for a Markdown file's headings."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", text, flags=re.S), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("path", DOCS, ids=[path.name for path in DOCS])
def test_every_link_of_the_docs_resolves(path):
    text = path.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name}: the link {target} names no file"
        if anchor:
            assert anchor in _anchors(linked.read_text(encoding="utf-8")), f"{path.name}: no heading for {target}"


# --- no measured figure in the code's prose: figures live in docs/performance.md with their command ---------

FIGURE = re.compile(
    r"\b\d[\d,.]*\s?(?:ns|µs|us|ms|s|sec|seconds?|minutes?|[kKMG]B|%)(?![\w-])"
    r"|\b(?:\d[\d,.]*|two|three|four|five|ten)\s?times\b"
    r"|\binstructions\b|\b(?:billion|million)\b"
    r"|\b(?:a|one) (?:tenth|quarter|third|half) (?:of|more|less)\b|\bhalf the cost\b|\btwice as\b")


def _prose(text: str):
    """``(line, text)`` of every comment and every docstring (a string standing alone as a statement)."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            yield node.lineno, node.value.value


def test_the_figure_pattern_finds_figures():
    said = "# 5-7% of a command; 1.1 s and 184 MB; about 900 instructions; four times as much; a tenth of a replay"
    assert len(FIGURE.findall(said)) == 6
    assert not FIGURE.findall("# refused with 5,000 digits; 13 to open; exit 2; a tile given twice")


def test_no_measured_figure_in_a_comment_or_docstring():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, text in _prose(path.read_text(encoding="utf-8")):
            found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {hit.group()}" for hit in FIGURE.finditer(text)]
    comments = [line for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
                if line.lstrip().startswith("#")]
    found += [f"pyproject.toml: {hit.group()}" for line in comments for hit in FIGURE.finditer(line)]
    assert not found, "measured figures in the code's prose (move them to docs/performance.md):\n" + "\n".join(found)


BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", BENCHMARKS, ids=[path.name for path in BENCHMARKS])
def test_every_benchmark_script_still_runs_its_help(script):
    """A benchmark is never run by the tests (speed is measured by hand), so a module it imports that moved
    went unseen (``referee.play`` became ``scoring.board``): each must at least start and print its help."""
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120,
                          cwd=script.parent.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower()


def _guide_block(after: str) -> list[str]:
    """The lines of the usage guide's shell block that holds ``after``, from that line to the block's end."""
    start = USAGE.index(after)
    return USAGE[start:USAGE.index("```", start)].strip().splitlines()


def test_the_usage_guides_hand_play_by_play_runs_as_written(tmp_path, monkeypatch):
    """The examples of "A hand play by play" record a hand in which Ann goes out after three plays: they were
    shown without the house ruleset that deals three tiles each, and every one was refused (exit 2) in the
    Muggins they seemed to be about."""
    import shlex

    from click.testing import CliRunner

    from scorekeeper.cli.app import cli

    monkeypatch.chdir(tmp_path)
    lines = _guide_block("# a house Muggins dealing 3 tiles each")
    made = next(line for line in lines if line.startswith("# printf "))
    name = made.rsplit("> ", 1)[1]
    (tmp_path / name).write_text(shlex.split(made[2:].rsplit(" > ", 1)[0])[1].replace("\\n", "\n"),
                                 encoding="utf-8")
    typed = [line for line in lines if line.startswith("scorekeeper ")]
    assert len(typed) >= 6
    for line in typed:
        words = shlex.split(line.split("  #", 1)[0])[1:]
        done = CliRunner().invoke(cli, words)
        assert done.exit_code == 0, (line, done.output)
