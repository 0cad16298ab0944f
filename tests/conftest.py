"""Shared fixtures: drive the CLI (CliRunner) on a match file in a temporary folder, or the installed command."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

# The suite starts the command hundreds of times (real terminals, the installed command). Where the desk asks
# Python to write no bytecode (PYTHONDONTWRITEBYTECODE, meant to keep `__pycache__` out of the sources), every
# start would compile the whole package again and pytest would rewrite every test module's asserts in each
# worker. The suite writes its bytecode instead, into a folder of its own that the sources never see; the
# workers and every process a test starts inherit this. It comes before the imports below, as pytest rewrites
# the asserts of hypothesis too (a plugin's package) and keeps what it rewrote only where bytecode is written.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    _bytecode = Path(__file__).resolve().parents[1] / ".pytest_cache" / "bytecode"
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(_bytecode))
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    sys.dont_write_bytecode = False

import pytest
from click.testing import CliRunner
from hypothesis import settings

# In CI the property tests run the same examples every time, so a landing never depends on luck; at a
# developer's desk they keep exploring new ones.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from scorekeeper import i18n
from scorekeeper.cli.app import cli


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test speaks English unless it asks for another language, whatever the desk's locale; and a test
    that spoke another one leaves the process speaking English."""
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    yield
    i18n.use("en")


class Table:
    """A match file in a temporary folder and the CLI to drive it: ``sk("round", "--out", "Ann", ...)``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "match.toml"
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int = 0):
        result = self.runner.invoke(cli, ["--match", str(self.path), *args], catch_exceptions=code != 0)
        assert result.exit_code == code, (
            f"exit {result.exit_code} (wanted {code}) for {args}\nstdout: {result.stdout}\nstderr: {result.stderr}")
        return result

    def json(self, *args: str) -> dict:
        return json.loads(self("table", "--format", "json", *args).stdout)

    def side(self, name: str) -> dict:
        return next(side for side in self.json()["sides"] if side["name"] == name)

    def fails(self, *args: str, code: int) -> str:
        """Run a command that must be refused: one line on stderr, no traceback, the file untouched."""
        before = self.path.read_bytes() if self.path.exists() else None
        result = self(*args, code=code)
        after = self.path.read_bytes() if self.path.exists() else None
        assert before == after, "a refused command changed the match file"
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert "Traceback" not in result.output
        return lines[0]


@pytest.fixture
def sk(tmp_path: Path) -> Table:
    return Table(tmp_path)


def installed_command() -> list[str]:
    """The installed ``scorekeeper`` executable (beside this Python, else on PATH, else ``python -m``)."""
    beside = Path(sys.executable).parent / "scorekeeper"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("scorekeeper")
    return [found] if found else [sys.executable, "-m", "scorekeeper"]


def command_environment() -> dict[str, str]:
    """The environment for the command: no SCOREKEEPER_MATCH, and the package importable under ``python -m``."""
    env = {key: value for key, value in os.environ.items() if key != "SCOREKEEPER_MATCH"}
    import scorekeeper

    source = str(Path(scorekeeper.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    return env


@pytest.fixture
def run_installed(tmp_path: Path):
    """Run the installed command in a temporary folder; returns the CompletedProcess."""
    def run(*args: str, code: int = 0) -> subprocess.CompletedProcess:
        done = subprocess.run(installed_command() + list(args), cwd=tmp_path, capture_output=True, text=True,
                              env=command_environment(), timeout=60)
        assert done.returncode == code, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
        return done
    return run


def scores(sk: Table) -> dict[str, int]:
    """Each side's recorded score, from the table's JSON."""
    return {side["name"]: side["score"] for side in sk.json()["sides"]}


def house(sk: Table, text: str, name: str = "house") -> str:
    """A house ruleset file beside the match; returns its path."""
    path = sk.folder / f"{name}.toml"
    path.write_text(text)
    return str(path)


@pytest.fixture(autouse=True)
def _no_screen_size(monkeypatch):
    """People's output fits COLUMNS (and the after-round block LINES) when set: a test sets them itself, so
    the shell that runs the suite does not change what the tests see."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


# scripts/catalogs.py, which the catalog tests use
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))


def built_once(tmp_path_factory, name: str, build) -> Path:
    """The folder ``name`` that ``build(folder)`` fills, built once for the whole run: xdist's workers share the
    run's temporary folder, and the first that asks builds it while the others wait on a lock, then read it."""
    import fcntl  # POSIX, as the terminal tests are

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's, above each worker's own
    folder = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            build(folder)
            (folder / ".built").touch()
    return folder


@pytest.fixture(scope="session")
def catalogs(tmp_path_factory):
    """A locale folder holding the pseudo-language (``tests/pseudo.py``), every message wrapped in ⟦ ⟧: built
    once for every test that runs a command under it, whichever worker runs it."""
    import pseudo

    return str(built_once(tmp_path_factory, "pseudo", pseudo.build))


@pytest.fixture(autouse=True, scope="session")
def _devices_left_alone():
    """No test may write over, rename over or remove a real device (the suite runs as root in CI): an export to
    /dev/null once turned it into a plain file for every program on the machine (issue 34, item 8). Tests
    make device nodes of their own in their temporary folder; after the suite /dev/null is still the device."""
    before = os.stat(os.devnull) if os.path.exists(os.devnull) else None
    yield
    if before is not None:
        after = os.lstat(os.devnull)
        assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev, \
            f"{os.devnull} is no longer the character device it was"
# The tests that take seconds, left out by `pytest -m "not slow"` (docs/development.md, "Tests"): whole matches
# and sessions through a real terminal or the installed command, processes interrupted on purpose or run until
# stopped (a server, --follow), long matches' golden output, property runs over many matches, the fuzzer, and
# the wheel. A test may also say so itself
# (`@pytest.mark.slow`); a test that uses `run_installed` is slow by that alone.
SLOW_MODULES = frozenset({
    "tests/cli/test_cli_wide_output.py", "tests/cli/test_launch_interrupts.py", "tests/i18n/test_marked_decisions.py",
    "tests/live/test_session.py", "tests/live/test_session_echo.py", "tests/live/test_session_fit.py",
    "tests/live/test_session_languages.py", "tests/live/test_session_plays.py", "tests/live/test_session_wide.py",
    "tests/live/test_session_wording.py", "tests/live/test_session_words.py", "tests/notation/test_fuzz_input.py",
    "tests/reports/test_golden.py", "tests/scoring/test_replay_invariants.py",
    "tests/scoring/test_sea_goat_invariants.py", "tests/storage/test_fault_injection.py",
    "tests/storage/test_lock_concurrency.py", "tests/cli/test_launch_streams.py", "tests/cli/test_cli_serve.py",
    "tests/cli/test_cli_table_follow.py", "tests/web/test_server.py", "tests/web/test_server_security.py",
    "tests/cli/test_launch_exit.py",
})
SLOW_TESTS = frozenset({
    "tests/scoring/test_race_matches.py::test_full_muggins_match_through_the_installed_command",
    "tests/scoring/test_race_matches.py::test_full_draw_match_through_the_installed_command",
    "tests/scoring/test_sea_goat_matches.py::test_two_player_match_through_the_installed_command",
    "tests/scoring/test_sea_goat_matches.py::test_pairs_match_through_the_installed_command",
    "tests/scoring/test_sea_goat_matches.py::test_undo_brings_back_written_off_points",
    "tests/scoring/test_goat_matches.py::test_full_goat_match",
    "tests/scoring/test_goat_matches.py::test_full_pairs_match",
    "tests/scoring/test_goat_matches.py::test_demo_replays_the_bundled_sample",
    "tests/scoring/test_race_invariants.py::test_scores_are_the_sum_of_what_each_round_recorded",
    "tests/scoring/test_race_invariants.py::test_pending_claims_count_at_once_like_a_closed_hand",
    "tests/scoring/test_board.py::test_a_round_recorded_from_its_plays_scores_as_the_same_round_typed",
    "tests/storage/test_matchfile.py::test_a_hand_edited_file_reads_the_same_with_its_lines_counted_either_way",
    "tests/storage/test_matchfile.py::test_a_written_file_reads_back_with_each_rounds_line",
    "tests/storage/test_matchfile.py::test_the_writers_round_lines_read_as_tomllib_reads_them",
    "tests/storage/test_matchfile.py::test_a_hand_edited_round_line_reads_as_tomllib_reads_it_or_goes_to_tomllib",
    "tests/reports/test_export_written.py::test_each_round_and_history_entry_is_what_json_writes_for_its_dict",
    "tests/match/test_amend_redo.py::test_no_sequence_loses_a_round_or_its_order",
    "tests/reports/test_screen_property.py::test_peoples_output_fits_and_shows_the_json_numbers",
    "tests/reports/test_chart.py::test_png_chart_is_an_image",
    "tests/test_project.py::test_no_measured_figure_in_a_comment_or_docstring",
    "tests/referee/test_explain.py::test_explain_numbers_are_the_tables_for_every_round",
    "tests/i18n/test_catalogs.py::test_the_script_finds_nothing_stale",
    "tests/i18n/test_catalog_reader.py::test_every_message_reads_as_gettext_reads_it",
    "tests/reports/test_chart.py::test_svg_chart_is_an_image",
    "tests/reports/test_chart_marks.py::test_image_labels_never_overlap",
    "tests/scoring/test_race_invariants.py::test_exact_target_is_never_passed",
    "tests/scoring/test_plausible.py::test_a_real_deal_is_never_implausible",
    "tests/match/test_amend_redo.py::test_redo_acts_on_the_round_it_was_about",
    "tests/reports/test_chart_marks.py::test_image_of_a_match_won_in_play",
})


def pytest_sessionstart(session):
    """Under xdist, before the workers start: rewrite the asserts of every test module not yet rewritten, once,
    here. On a fresh checkout each of the four workers would otherwise rewrite all of them at the same time
    (pytest keeps what it rewrote, so the next run reads it back). This uses pytest's own rewriting, which is not
    public: where a pytest release the project allows differs, nothing is done here and the workers rewrite as
    before."""
    config = session.config
    if config.pluginmanager.get_plugin("dsession") is None or sys.dont_write_bytecode:
        return  # not the controller of xdist workers, or no bytecode may be written
    try:
        from _pytest.assertion.rewrite import (PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc, assertstate_key,
                                               get_cache_dir)
        state = config.stash[assertstate_key]
        for path in sorted(Path(__file__).parent.rglob("*.py")):
            if path.name.startswith("test_") or path.name == "conftest.py":
                pyc = get_cache_dir(path) / f"{path.stem}{PYC_TAIL}"
                if _read_pyc(path, pyc) is None:
                    pyc.parent.mkdir(parents=True, exist_ok=True)
                    source_hash, code = _rewrite_test(path, config)
                    _write_pyc(state, code, source_hash, pyc)
    except (ImportError, KeyError, TypeError, AttributeError, OSError):
        return


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the default, pyproject.toml): two workers a core. Many tests wait more than they compute (a
    terminal's answer, a browser, a server held busy, the installed command starting); a second worker on each
    core computes while the first waits. PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores


FIRST = ("tests/web/test_server_security.py", "tests/web/test_browser.py", "tests/web/test_server.py",
         "tests/cli/test_cli_serve.py", "tests/cli/test_cli_table_follow.py")
"""Modules whose tests mostly wait, by design (connections held open until they are cut, a browser, a page or a
terminal watched for seconds): they run first, each module whole, so that the workers compute beside their
waits rather than wait alone at the end of the run (a test of 7 s started last makes the run 7 s longer)."""


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.nodeid.partition("::")[0] not in FIRST)  # stable: the rest keep their order
    slow = pytest.mark.slow
    for item in items:
        path, _, name = item.nodeid.partition("::")
        if path in SLOW_MODULES or f"{path}::{name.split('[')[0]}" in SLOW_TESTS or "run_installed" in getattr(
                item, "fixturenames", ()):
            item.add_marker(slow)
