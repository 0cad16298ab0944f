"""Standard streams the shell left closed or full, on the installed command (issue 25, item 10): one line on
stderr where there is one, exit 1, nothing changed, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from click.testing import CliRunner

from conftest import command_environment, installed_command
from scorekeeper.cli.app import cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shells and /dev/full")

ROUND = "round --out Ann --total Bob=5 --total Cid=7"
CLOSED_OUTPUT = ("Error: the standard output is closed: the command would have nowhere to answer; nothing was "
                 "changed")


def _shell(folder, line: str, buffered: bool = False) -> subprocess.CompletedProcess:
    """``line`` run by sh, with ``sk`` the installed command (so that the shell, not Python, closes streams);
    ``buffered``: with Python's stdout buffered, as it is unless ``PYTHONUNBUFFERED`` is set."""
    command = " ".join(f"'{part}'" for part in installed_command())
    env = command_environment()
    if buffered:
        env.pop("PYTHONUNBUFFERED", None)
    else:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(["sh", "-c", f"sk() {{ {command} \"$@\"; }}; {line}"], cwd=folder, capture_output=True,
                          text=True, env=env, timeout=60)


@pytest.fixture(scope="module")
def typed(tmp_path_factory) -> bytes:
    """A match of one round, typed once for the module through the command line in this process (what the
    tests prove is about the command the shell starts next)."""
    path = tmp_path_factory.mktemp("typed") / "match.toml"
    for args in (["new", "Ann", "Bob", "Cid"], ROUND.split()):
        done = CliRunner().invoke(cli, ["--match", str(path), *args], env={"SCOREKEEPER_LANG": "en"},
                                  catch_exceptions=False)
        assert done.exit_code == 0, done.output
    return path.read_bytes()


@pytest.fixture
def match(tmp_path, typed):
    (tmp_path / "match.toml").write_bytes(typed)
    return tmp_path / "match.toml"


def _refused(done: subprocess.CompletedProcess, line: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert done.stderr.splitlines() == [line]


@pytest.mark.parametrize("command", ["table", ROUND, "undo", "--help", "play"])
def test_a_closed_standard_output_is_one_line_and_changes_nothing(match, command):
    before = match.read_bytes()
    _refused(_shell(match.parent, f"sk {command} >&-"), CLOSED_OUTPUT)
    assert match.read_bytes() == before
    assert sorted(path.name for path in match.parent.iterdir()) == ["match.toml"]


def test_with_stdout_and_stderr_closed_the_command_still_changes_nothing(match):
    before = match.read_bytes()
    done = _shell(match.parent, f"sk {ROUND} >&- 2>&-")
    assert (done.returncode, done.stdout, done.stderr) == (1, "", "")
    assert match.read_bytes() == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("command", ["table", "--help", "--version", "rules show goat", "explain 1"])
def test_a_full_standard_output_is_one_line(match, command, buffered):
    """Issue 34, item 9: with stdout buffered (no PYTHONUNBUFFERED) 'table > /dev/full' said it twice, once
    for the command and once at the flush on exit."""
    before = match.read_bytes()
    _refused(_shell(match.parent, f"sk {command} > /dev/full", buffered), "Error: No space left on device")
    assert match.read_bytes() == before


@pytest.mark.parametrize("command", ["play", "play --rules goat --force Dan Eve"])
def test_play_with_its_input_closed_is_one_line_and_starts_nothing(match, command):
    """'play 0<&-' was a traceback (RuntimeError: input(): lost sys.stdin)."""
    before = match.read_bytes()
    _refused(_shell(match.parent, f"sk {command} 0<&-"),
             "Error: the standard input is closed: 'play' reads the lines typed from it; nothing was changed")
    assert match.read_bytes() == before
    assert sorted(path.name for path in match.parent.iterdir()) == ["match.toml"]
