"""The slow tests' list (conftest.py) names modules and tests that exist: a test renamed or moved would
otherwise drop out of it and slow down `pytest -m "not slow"` without a word; so does the list of modules run
first."""

from __future__ import annotations

from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parents[1]


def test_every_slow_module_and_test_exists():
    assert [path for path in conftest.SLOW_MODULES if not (ROOT / path).is_file()] == []
    missing = [test for test in conftest.SLOW_TESTS
               if f"def {test.split('::')[1]}(" not in (ROOT / test.split("::")[0]).read_text(encoding="utf-8")]
    assert missing == []
    assert [path for path in conftest.FIRST if not (ROOT / path).is_file()] == []
