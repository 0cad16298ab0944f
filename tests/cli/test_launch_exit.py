"""A one-shot command ends at once, without Python taking its modules apart (issue 33, fourth pass), and loses
nothing by it: through the installed command, what it prints, writes and says arrives whole, with the exit
codes it always had. Where the teardown has something to do (an exit function, another thread) or the command
lasts (``play``), Python ends the process as it always did.

Each run is told by a ``sitecustomize`` of its own whether it ended at once: it wraps ``os._exit`` to say so on
stderr before ending."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from click.testing import CliRunner

from conftest import command_environment, installed_command
from scorekeeper.cli.app import cli

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_commands import MARATHON, generate  # noqa: E402  the benchmarks' random legal rounds

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")

ENDED = "(ended at once)"
WITNESS = f"""import os
_exit = os._exit
def _said(code):
    os.write(2, b"{ENDED}\\n")
    _exit(code)
os._exit = _said
"""
ROUND = ["round", "--out", "Masha", "--hand", "Alex=1-2,3-3", "--total", "Olya=13", "--total", "Serg=5"]


@pytest.fixture(scope="module")
def long_match(tmp_path_factory) -> bytes:
    """60 random Goat rounds (a target no match reaches): its JSON export is larger than a pipe holds."""
    folder = tmp_path_factory.mktemp("long")
    (folder / "marathon.toml").write_text(MARATHON.format(base="goat"))
    generate(60, str(folder / "marathon.toml"), str(folder / "generated.toml"))
    done = CliRunner().invoke(cli, ["--match", str(folder / "match.toml"), "import", str(folder / "generated.toml")],
                              env={"SCOREKEEPER_LANG": "en"}, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return (folder / "match.toml").read_bytes()


@pytest.fixture
def match(tmp_path, long_match) -> Path:
    (tmp_path / "marathon.toml").write_text(MARATHON.format(base="goat"))
    (tmp_path / "match.toml").write_bytes(long_match)
    return tmp_path / "match.toml"


def _run(folder: Path, *args: str, site: str = "", typed: bytes = b"") -> subprocess.CompletedProcess:
    """The installed command in ``folder``, its ``os._exit`` witnessed, ``typed`` its input; ``site``: more for
    its sitecustomize."""
    (folder / "site").mkdir(exist_ok=True)
    (folder / "site" / "sitecustomize.py").write_text(WITNESS + site)
    env = command_environment()
    env["PYTHONPATH"] = f"{folder / 'site'}:{env['PYTHONPATH']}"
    env.update(SCOREKEEPER_LANG="en", COLUMNS="80")
    return subprocess.run(installed_command() + ["--match", "match.toml", *args], cwd=folder, input=typed,
                          capture_output=True, env=env, timeout=60)


def _in_process(match: Path, *args: str):
    """What the command gives run in this process, through click's runner."""
    return CliRunner().invoke(cli, ["--match", str(match), *args], env={"SCOREKEEPER_LANG": "en", "COLUMNS": "80"},
                              prog_name="scorekeeper")


def _left_beside(match: Path) -> list[str]:
    return sorted(path.name for path in match.parent.iterdir() if path.name != "site")


def test_a_large_output_through_a_pipe_arrives_whole(match):
    done = _run(match.parent, "export", "--format", "json")
    assert (done.returncode, done.stderr.decode()) == (0, ENDED + "\n")
    assert len(done.stdout) > 1 << 16  # more than a pipe holds: the command waited for the reader
    assert done.stdout == _in_process(match, "export", "--format", "json").stdout_bytes
    assert len(json.loads(done.stdout)["rounds"]) == 60


def test_a_file_written_with_o_is_whole(match):
    done = _run(match.parent, "export", "--format", "json", "-o", "out.json")
    assert (done.returncode, done.stderr.decode()) == (0, "Exported 60 rounds as json to out.json.\n" + ENDED + "\n")
    expected = _in_process(match, "export", "--format", "json").stdout_bytes
    assert (match.parent / "out.json").read_bytes() == expected
    assert _left_beside(match) == ["marathon.toml", "match.toml", "out.json"]


def test_a_round_is_saved_and_its_lock_let_go(match):
    before = len(_in_process(match, "table", "--format", "json").stdout.splitlines())
    done = _run(match.parent, *ROUND)
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().splitlines()[-1] == ENDED
    assert "Round 61" in done.stdout.decode()
    table = json.loads(_in_process(match, "table", "--format", "json").stdout)
    assert len(table["history"]) == 61 and before
    assert _left_beside(match) == ["marathon.toml", "match.toml"]  # no lock, no temporary file


@pytest.mark.parametrize(("args", "code"), [
    (["round", "--out", "Masha", "--hand", "Alex=7-7"], 2),
    (["explain", "99"], 2),
    (["table", "--bogus"], 2),
    (["--version"], 0),
    (["--help"], 0),
])
def test_exit_codes_and_messages_are_the_ones_it_always_gave(match, args, code):
    before = match.read_bytes()
    done = _run(match.parent, *args)
    expected = _in_process(match, *args)
    assert (done.returncode, done.stdout.decode()) == (code, expected.stdout)
    assert done.stderr.decode() == expected.stderr + ENDED + "\n"
    assert match.read_bytes() == before


def test_a_broken_file_is_one_line_and_exit_1(match):
    match.write_text(match.read_text().replace("format = 1", "format = [", 1))
    done = _run(match.parent, "table")
    assert done.returncode == 1
    lines = done.stderr.decode().splitlines()
    assert lines[-1] == ENDED and len(lines) == 2 and lines[0].startswith("Error: ")


def test_an_exit_function_still_runs(match):
    """A coverage run, say: someone registered an exit function, and Python ends the process to run it."""
    done = _run(match.parent, "table", site="import atexit\natexit.register(os.write, 2, b'exit function\\n')\n")
    assert (done.returncode, done.stderr.decode()) == (0, "exit function\n")


def test_another_thread_is_waited_for(match):
    site = ("import threading, time\n"
            "def _later():\n"
            "    time.sleep(0.3)\n"
            "    open('thread.txt', 'w').write('done')\n"
            "threading.Thread(target=_later).start()\n")
    done = _run(match.parent, "table", site=site)
    assert (done.returncode, done.stderr.decode()) == (0, "")
    assert (match.parent / "thread.txt").read_text() == "done"


def test_play_ends_as_python_ends_it(match):
    done = _run(match.parent, "play", typed=b"table\n")
    assert (done.returncode, done.stderr.decode()) == (0, "")
    assert "Saved in match.toml." in done.stdout.decode()
