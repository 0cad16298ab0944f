"""Golden output: the after-round output and the table of a long match of every built-in ruleset, at 40 and
at 80 columns, as people see them (tests/golden/RULESET-COLUMNS.txt).

When the layout changes on purpose, look at the new files and keep them:
    SCOREKEEPER_GOLDEN=update pytest tests/reports/test_golden.py && git diff tests/golden
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import built_once
from long_matches import RULESETS, invoke, long_match
from scorekeeper.reports.columns import width

GOLDEN = Path(__file__).parents[1] / "golden"
UPDATE = os.environ.get("SCOREKEEPER_GOLDEN") == "update"


def typed(folder: Path) -> None:
    """Every built-in ruleset's long match in ``folder``, all but its last round recorded, and the last round's
    arguments (last.json)."""
    last = {name: long_match(name, folder / f"{name}.toml") for name in RULESETS}
    (folder / "last.json").write_text(json.dumps(last), encoding="utf-8")


@pytest.fixture(scope="module")
def matches(tmp_path_factory) -> dict[str, tuple[Path, list[str]]]:
    """Every built-in ruleset's long match and its last round (made once for the run, whichever worker asks)."""
    folder = built_once(tmp_path_factory, "long", typed)
    last = json.loads((folder / "last.json").read_text(encoding="utf-8"))
    return {name: (folder / f"{name}.toml", last[name]) for name in RULESETS}


def standing(side: dict) -> str:
    return f"{side['score']} +{side['remembered']}" if side["remembered"] else str(side["score"])


def check_screen(text: str, columns: int, table: dict) -> None:
    """No line wider than the screen; every side named in the header; the totals are the JSON's."""
    lines = text.rstrip("\n").split("\n")
    assert max(width(line) for line in lines) <= columns, text
    header = next(line for line in lines if line.lstrip().startswith("#"))
    for side in table["sides"]:
        assert side["name"][:2] in header, (side["name"], header)
    rule = lines.index(next(line for line in lines if line.lstrip().startswith("-")))
    end = next(index for index in range(rule + 1, len(lines)) if not lines[index] or lines[index][0] == "(")
    rows = lines[rule + 1:end]
    total = rows[-1].split()
    shown = [standing(side) for side in table["sides"]]
    assert " ".join(total[-len(" ".join(shown).split()):]) == " ".join(shown), rows[-1]


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("name", RULESETS)
def test_golden_output(matches, name, columns, tmp_path, monkeypatch):
    source, last = matches[name]
    shutil.copyfile(source, tmp_path / "match.toml")
    monkeypatch.chdir(tmp_path)
    path = Path("match.toml")
    env = {"COLUMNS": str(columns)}
    after = invoke(path, last, env=env)
    assert after.exit_code == 0, after.stderr
    table = invoke(path, ["table"], env=env)
    data = json.loads(invoke(path, ["table", "--format", "json"]).stdout)
    check_screen(after.stdout, columns, data)
    check_screen(table.stdout, columns, data)
    assert len(after.stdout.rstrip("\n").split("\n")) <= 22
    text = (f"$ COLUMNS={columns} scorekeeper {' '.join(last)}\n{after.stdout}\n"
            f"$ COLUMNS={columns} scorekeeper table\n{table.stdout}")
    golden = GOLDEN / f"{name}-{columns}.txt"
    if UPDATE or not golden.exists():
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{golden} was missing: written; look at it and commit it")
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs: if the change is meant, SCOREKEEPER_GOLDEN=update pytest tests/reports/test_golden.py")
