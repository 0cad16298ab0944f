"""The wheel (``python -m build``) carries everything scorekeeper reads at run time: the rulesets, the rule
books, the compiled catalogs and the samples. It is built from a copy of the project, installed into a new
virtual environment (pip fetches click, tomli-w and tabulate as for any user) and run from another folder,
with nothing of the checkout in reach. The new environment is made without a pip of its own, and this one's pip
installs into it (``pip --python``): the same install, without copying and compiling a second pip each run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("pyproject.toml", "README.md", "scorekeeper", "rulesets", "docs")
"""What a build reads (a copy, so that the build leaves nothing in the checkout)."""


def _run(command: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def test_every_package_of_the_source_is_listed_for_the_wheel():
    """pyproject.toml names the packages it ships one by one: a new folder of modules must be among them, or
    an installed scorekeeper fails on its first import of it (an editable install would not show it)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "scorekeeper").rglob("__init__.py")}
    assert found - listed == set()


@pytest.mark.slow
def test_the_wheel_installs_into_a_fresh_venv_and_runs_from_another_folder(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in SHIPPED:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name,
             **({"ignore": shutil.ignore_patterns("__pycache__", "*.egg-info")} if (ROOT / name).is_dir() else {}))
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp_path / "dist", source])
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")

    names = zipfile.ZipFile(wheel).namelist()
    from scorekeeper.rules.loader import builtin_names

    for name in builtin_names():
        assert f"scorekeeper/rulesets/{name}.toml" in names
    for book in ("rules.md", "rules.ru.md", "rules.uk.md"):
        assert f"scorekeeper/docs/{book}" in names
    for language in ("ru", "uk"):
        assert f"scorekeeper/i18n/locale/{language}/LC_MESSAGES/scorekeeper.mo" in names
    samples = [name for name in names if name.startswith("scorekeeper/samples/") and name.endswith(".toml")]
    assert len(samples) == len(list((ROOT / "scorekeeper" / "samples").glob("*.toml"))) > 0

    fresh = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(fresh)
    _run([sys.executable, "-m", "pip", "--python", fresh / "bin" / "python", "install", "-q",
          "--disable-pip-version-check", wheel])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "SCOREKEEPER_MATCH", "SCOREKEEPER_LOCALEDIR", "SCOREKEEPER_LANG")}
    command = fresh / "bin" / "scorekeeper"
    shown = _run([command, "demo"], cwd=elsewhere, env=env).stdout
    assert "Masha" in shown and "Match over" in shown  # the bundled sample, replayed
    located = _run([fresh / "bin" / "python", "-c", "import scorekeeper; print(scorekeeper.__file__)"],
                   cwd=elsewhere, env=env).stdout
    assert located.startswith(str(fresh)), located  # the wheel's package, not the checkout's
    assert "Козёл" in _run([command, "--lang", "ru", "rules", "list"], cwd=elsewhere, env=env).stdout  # a catalog
    assert "§" in _run([command, "rules", "show", "goat"], cwd=elsewhere, env=env).stdout  # the rule book's sections
    _run([command, "demo", "--save", "match.toml"], cwd=elsewhere, env=env)
    assert "<table>" in _run([command, "export", "--format", "html"], cwd=elsewhere, env=env).stdout  # tabulate
    # every package, the session's commands among them: a session opened, a play and a question answered
    played = _run([command, "--match", "fives.toml", "play", "--rules", "all-fives", "Ann", "Bob"], cwd=elsewhere,
                  env=env, input="a 55\nhelp\nquit\nquit\n").stdout
    assert "Ann 5-5" in played and "undo" in played
