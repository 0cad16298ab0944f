"""``scorekeeper --help`` and Tab list the commands from their summaries (``app.SUMMARIES``) without loading a
command's module (issue 33, fourth pass): what they show is what the commands themselves would give, in every
language, at every width."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from click.testing import CliRunner

from conftest import command_environment, installed_command
from scorekeeper.cli.app import COMMANDS, SUMMARIES, cli
from scorekeeper.cli.base import Group


def _command(name: str):
    module, attribute = COMMANDS[name].split(":")
    return getattr(importlib.import_module(module), attribute)


def _group(**kwargs) -> Group:
    """A group of every command, as ``cli`` registers them, with the root's own help."""
    return Group("scorekeeper", lazy=COMMANDS, help=cli.help, params=list(cli.params),
                 context_settings=cli.context_settings, **kwargs)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_the_first_paragraph_of_its_commands_help(name):
    assert SUMMARIES[name] == _command(name).help.partition("\f")[0].split("\n\n")[0]


def test_every_command_has_a_summary():
    assert sorted(SUMMARIES) == sorted(COMMANDS)


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
@pytest.mark.parametrize("columns", ["40", "80", None])
def test_the_listed_help_is_the_loaded_commands_help(language, columns):
    env = {"SCOREKEEPER_LANG": language, "COLUMNS": columns, "LINES": "24"}
    listed = CliRunner().invoke(_group(summaries=SUMMARIES), ["--help"], env=env, prog_name="scorekeeper")
    loaded = CliRunner().invoke(_group(), ["--help"], env=env, prog_name="scorekeeper")
    assert listed.exit_code == loaded.exit_code == 0
    assert listed.output == loaded.output
    assert all(name in listed.output for name in COMMANDS)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_tab_lists_the_commands_as_loaded_ones_would(shell, language):
    env = {"SCOREKEEPER_LANG": language, "COMP_WORDS": "scorekeeper ", "COMP_CWORD": "" if shell == "fish" else "1",
           "_SCOREKEEPER_COMPLETE": f"{shell}_complete"}
    listed = CliRunner().invoke(_group(summaries=SUMMARIES), [], env=env, prog_name="scorekeeper")
    loaded = CliRunner().invoke(_group(), [], env=env, prog_name="scorekeeper")
    assert listed.output == loaded.output and "serve" in listed.output


def _modules_loaded(*args: str) -> list[str]:
    """The scorekeeper modules a fresh ``scorekeeper ARGS`` imports (``python -X importtime``)."""
    env = {**command_environment(), "SCOREKEEPER_LANG": "en"}
    command = installed_command()
    command = command[1:] if command[0] == sys.executable else command  # python -m scorekeeper, or the script
    done = subprocess.run([sys.executable, "-X", "importtime", *command, *args], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]


@pytest.mark.slow
@pytest.mark.parametrize("args", [["--help"], ["-h"]])
def test_help_in_a_fresh_process_loads_no_command(args):
    loaded = _modules_loaded(*args)
    modules = {spec.split(":")[0] for spec in COMMANDS.values()}
    assert "scorekeeper.cli.app" in loaded
    assert not modules & set(loaded), sorted(modules & set(loaded))
    assert "ssl" not in loaded
