"""Every command has help text with an example."""

from __future__ import annotations

import subprocess

import click
import pytest
from conftest import command_environment, installed_command

from scorekeeper.cli.app import cli


def all_commands(group: click.Group, prefix=()):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield prefix + (name,), command
        if isinstance(command, click.Group):
            yield from all_commands(command, prefix + (name,))


COMMANDS = list(all_commands(cli))


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_command_has_help_with_an_example(sk, path, command):
    out = sk(*path, "--help").stdout
    assert "Usage: " in out and command.help
    if not isinstance(command, click.Group):
        assert "scorekeeper " in command.help, "help has no example"


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_short_help_option_is_listed_once_and_last(sk, path, command):
    out = sk(*path, "-h").stdout
    assert out == sk(*path, "--help").stdout
    options = out.split("Options:")[1].split("Commands:")[0]
    assert options.count("--help") == 1
    assert options.rstrip().endswith("Show this message and exit.")


def test_a_directory_is_not_a_match_file(sk, tmp_path):
    line = sk.fails("--match", str(tmp_path), "table", code=2)
    assert "is a directory" in line and str(tmp_path) in line


def test_a_usage_error_of_the_group_points_to_help(sk):
    """One line, as a command's usage errors are (issue 34, item 7: it was click's four-line usage block)."""
    line = sk.fails("--bogus", code=2)
    assert "No such option" in line and "--bogus" in line and line.endswith(" --help')")  # (see 'PROG --help')


@pytest.mark.parametrize("words, cword", [("scorekeeper --match ", 2), ("scorekeeper rules check ", 3)])
def test_the_shell_completes_file_arguments_with_files(tmp_path, words, cword):
    env = dict(command_environment(), COMP_WORDS=words, COMP_CWORD=str(cword),
               _SCOREKEEPER_COMPLETE="bash_complete")
    done = subprocess.run(installed_command(), capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path)
    assert done.stdout.strip() == "file,"


def test_root_help_and_version(sk):
    assert "Commands:" in sk("--help").stdout
    assert "scorekeeper, version" in sk("--version").stdout


def test_a_reader_that_stops_reading_gets_no_error_message(tmp_path):
    """`scorekeeper rules list | head -1`: a closed pipe is not an error of ours, so nothing is said."""
    process = subprocess.Popen(installed_command() + ["rules", "list"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=command_environment(), cwd=tmp_path)
    process.stdout.close()  # the reader is gone before the first line
    _, errors = process.communicate(timeout=60)
    assert errors == b""
    assert process.returncode in (0, 1)
