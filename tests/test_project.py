"""Checks on the project itself that a newcomer's change could break without noticing (issue 10)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.rules.schema import KEYS_BY_PATH

from commands import every_command

PACKAGE = Path(scorekeeper.__file__).resolve().parent
README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


COMMANDS = every_command()


def test_commands_are_found():
    names = {" ".join(path) for path, _, _ in COMMANDS}
    assert {"new", "round", "table", "undo", "check count", "rules show"} <= names and len(names) > 20


@pytest.mark.parametrize("path, command, ctx", COMMANDS, ids=[" ".join(path) for path, _, _ in COMMANDS])
def test_every_command_is_in_the_readme_and_its_help_shows_an_example(path, command, ctx):
    typed = "scorekeeper " + " ".join(path)
    assert re.search(re.escape(typed) + r"\b", README), f"README.md never shows '{typed}'"
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
