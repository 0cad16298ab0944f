"""Known-answer vectors as data files (tests/vectors/*.toml, read as tests/vectors/README.md says): the worked
examples of the rule book (docs/rules.md) and of the sources' reading, each replayed through the CLI by one
parametrized test.  A family's file (``family = ...``: Goat, Sea Goat, the races, the draw series) is replayed
by its family's test module instead."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from table_steps import FOLDER, replay

from scorekeeper.rules.book import read_book

TESTS = Path(__file__).parents[1]


def load_vectors() -> list:
    found = []
    for path in sorted(FOLDER.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "family" in data:
            continue
        for vector in data["vector"]:
            found.append(pytest.param(vector, id=f"{vector['id']} {vector['title']}"))
    return found


VECTORS = load_vectors()


@pytest.mark.parametrize("vector", VECTORS)
def test_vector(sk, vector):
    replay(sk, vector, vector["id"])


def test_every_worked_example_of_the_book_has_a_vector_and_back():
    examples = set(re.findall(r"\*\*Example (\d+\.\d+[a-z])\*\*", read_book()))
    ids = {param.values[0]["id"] for param in VECTORS}
    assert examples, "the rule book has no worked examples"
    assert examples - ids == set(), "examples without a vector"
    assert ids - examples == set(), "vectors naming no example of the book"
    for param in VECTORS:
        vector = param.values[0]
        assert vector["id"].startswith(vector["book"]), vector["id"]


def test_every_familys_file_is_replayed_by_a_test():
    families = {path.stem for path in FOLDER.glob("*.toml")
                if "family" in tomllib.loads(path.read_text(encoding="utf-8"))}
    assert families, "no family's file in tests/vectors"
    code = "\n".join(path.read_text(encoding="utf-8") for path in TESTS.rglob("test_*.py"))
    replayed = set(re.findall(r"""family\("([a-z_0-9]+)"\)""", code))
    assert families - replayed == set(), "family files no test replays"
    assert replayed - families == set(), "tests naming a family without a file"
