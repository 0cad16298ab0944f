"""Known-answer vectors as data files (tests/vectors/*.toml, read as tests/vectors/README.md says): the worked
examples of the rule book (docs/rules.md) and of the sources' reading, each replayed through the CLI by one
parametrized test."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from table_steps import _args, _at, check

from scorekeeper.rules.book import read_book

FOLDER = Path(__file__).parents[1] / "vectors"


def load_vectors() -> list:
    found = []
    for path in sorted(FOLDER.glob("*.toml")):
        for vector in tomllib.loads(path.read_text(encoding="utf-8"))["vector"]:
            found.append(pytest.param(vector, id=f"{vector['id']} {vector['title']}"))
    return found


VECTORS = load_vectors()


@pytest.mark.parametrize("vector", VECTORS)
def test_vector(sk, vector):
    house = ""
    if vector.get("house"):
        house = str(sk.folder / "house.toml")
        Path(house).write_text(vector["house"], encoding="utf-8")
    if vector.get("start"):
        sk(*_args(vector["start"], house))
    for number, step in enumerate(vector["steps"], start=1):
        where = f"{vector['id']} step {number}: {step['run']}"
        said = sk(*_args(step["run"], house)).stdout
        if "json" in step or ("null" in step and "expect" not in step):
            data = json.loads(said)
            for path, want in step.get("json", {}).items():
                assert _at(data, path) == want, (where, path, _at(data, path), want)
        else:
            data = sk.json()
        for path in step.get("null", ()):
            assert _at(data, path) is None, (where, path, _at(data, path))
        if "expect" in step:
            check(sk, step["expect"], said, where)


def test_every_worked_example_of_the_book_has_a_vector_and_back():
    examples = set(re.findall(r"\*\*Example (\d+\.\d+[a-z])\*\*", read_book()))
    ids = {param.values[0]["id"] for param in VECTORS}
    assert examples, "the rule book has no worked examples"
    assert examples - ids == set(), "examples without a vector"
    assert ids - examples == set(), "vectors naming no example of the book"
    for param in VECTORS:
        vector = param.values[0]
        assert vector["id"].startswith(vector["book"]), vector["id"]
