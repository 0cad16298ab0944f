"""A few runs of the kill -9 fault injection (benchmarks/fault_injection.py runs hundreds): a write killed at
any moment leaves the old match or the new one, whole, and the next write leaves no temporary file."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fault_injection.py"


def _script():
    spec = importlib.util.spec_from_file_location("fault_injection", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks itself up there)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def injection():
    return _script()


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("kills")  # one starting match for every command


@pytest.mark.parametrize("command", ["round", "edit", "delete", "new", "import"])
def test_a_killed_write_leaves_the_old_or_the_new_match_and_no_temporary_file(injection, work, command):
    tally = injection.campaign(command, 2, random.Random(11), work)
    assert tally.problems == []
    assert tally.old + tally.new == tally.runs == 2


def test_files_made_from_a_match_stay_within_its_mode_even_when_killed(injection, tmp_path):
    """A few runs of the ``modes`` family: every file a command leaves (a killed write's temporary file too) is
    no more open than the match; as root, device nodes and a pipe of the run's own named by -o stay what they
    were, and a block device node is refused."""
    trials = injection.modes_trials(8, random.Random(5), tmp_path)
    assert trials.problems == [] and trials.runs == 8


def test_a_damaged_catalog_through_the_installed_command(injection, tmp_path):
    """A few runs of the ``catalogs`` family: one warning line and the English command, never a traceback."""
    trials = injection.catalogs_trials(4, random.Random(5), tmp_path)
    assert trials.problems == [] and trials.runs == 4


def test_plays_in_the_undo_history_changed_by_hand_or_killed_mid_write(injection, tmp_path):
    """A few runs of the ``history`` family: a history entry's plays (or the hand in play's) that cannot be
    scored refuse the file in one line naming that line, through the installed command; ``undo``, ``redo``,
    ``delete`` and ``edit`` of played rounds killed at a random moment leave the old or the new match, which
    ``table`` reads."""
    trials = injection.history_trials(6, random.Random(5), tmp_path)
    assert trials.problems == [] and trials.runs == 6
    assert sum(count for what, count in trials.seen.items() if "refused in one line" in what) == 3
