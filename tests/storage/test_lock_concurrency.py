"""Several writers at once, as separate processes of the installed command: every change reported as
recorded is in the file afterwards (the lock covers read, check and write)."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import command_environment, installed_command
from scorekeeper.storage.matchfile import load_match

PLAYERS = ["Masha", "Alex", "Olya", "Serg"]


def _start(folder, *args: str, wait: str = "60") -> subprocess.Popen:
    env = command_environment()
    env["SCOREKEEPER_LOCK_WAIT"] = wait
    return subprocess.Popen(installed_command() + ["--match", str(folder / "match.toml"), *args], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _finish(processes) -> list[tuple[int, str, str]]:
    outputs = [p.communicate(timeout=120) for p in processes]
    return [(p.returncode, *output) for p, output in zip(processes, outputs)]


def _round(total: int) -> list[str]:
    return ["round", "--out", "Masha", "--total", f"Alex={total}", "--total", "Olya=1", "--total", "Serg=2"]


@pytest.mark.parametrize("writers", [6])
def test_parallel_rounds_are_all_in_the_file(tmp_path, writers):
    assert _finish([_start(tmp_path, "new", *PLAYERS)])[0][0] == 0
    results = _finish([_start(tmp_path, *_round(total)) for total in range(1, writers + 1)])
    recorded, numbers = set(), set()
    for total, (code, out, err) in enumerate(results, start=1):
        assert "Traceback" not in out + err
        if code == 0:
            numbers.add(int(re.search(r"Round (\d+) recorded", out).group(1)))
            recorded.add(total)
        else:  # refused: only because another writer held the lock too long, in one line
            assert code == 1 and "is being changed by another command" in err and len(err.splitlines()) == 1
    match = load_match(tmp_path / "match.toml")
    assert {rnd.hands["Alex"].total for rnd in match.rounds} == recorded
    assert numbers == set(range(1, len(match.rounds) + 1)), "two commands reported the same round number"
    assert len(recorded) == writers, results  # with a minute's wait nobody should have been refused
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.toml"]


def test_edit_racing_rounds_loses_neither(tmp_path):
    assert _finish([_start(tmp_path, "new", *PLAYERS)])[0][0] == 0
    assert _finish([_start(tmp_path, *_round(1))])[0][0] == 0
    edit = ["edit", "1", "--out", "Olya", "--total", "Masha=7", "--total", "Alex=1", "--total", "Serg=2"]
    results = _finish([_start(tmp_path, *_round(2)), _start(tmp_path, *edit), _start(tmp_path, *_round(3))])
    assert [code for code, _, _ in results] == [0, 0, 0], results
    match = load_match(tmp_path / "match.toml")
    assert match.rounds[0].out == "Olya" and match.rounds[0].hands["Masha"].total == 7
    assert sorted(rnd.hands["Alex"].total for rnd in match.rounds[1:]) == [2, 3]
