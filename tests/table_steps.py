"""Known-answer vectors replayed through the public surfaces: ``table --format json``, the people's ``table``,
the command's own output and the match file.  A vector is a table of a data file in tests/vectors/ (its
README.md describes the format): a house ruleset, the command that starts the match, then steps, each a
command and what the match must show after it.

A step's ``expect`` maps what to check to what it must be:

- ``"scores"``: every side's score; ``"scores.NAME"``: one side's score; ``"remembered"``: every side's
  remembered points;
- a dotted path into the JSON table (``"over"``, ``"eggs"``, ``"last.wiped"``: ``last`` is the newest round
  of ``history``), which must equal the value;
- ``"starts"`` / ``"contains"``: {path: text} the value must start with / contain;
- ``"noted"``: lists of words that must all be in one note of the newest round;
- ``"shows"``: texts the people's ``table`` prints; ``"row"``: [how a row starts, text in that row];
- ``"says"``: texts the command itself printed;
- ``"file"``: texts in the match file, ``"not_in_file"``: texts that are not.
"""

from __future__ import annotations

import json
import shlex
import tomllib
from pathlib import Path

import pytest

FOLDER = Path(__file__).parent / "vectors"


def family(name: str) -> list:
    """The vectors of ``tests/vectors/NAME.toml``, a family's file (it says ``family = ...``), as parameters."""
    data = tomllib.loads((FOLDER / f"{name}.toml").read_text(encoding="utf-8"))
    assert data.get("family"), f"{name}.toml is not a family's file"
    return [pytest.param(vector, id=vector["title"]) for vector in data["vector"]]


def replay(sk, vector: dict, name: str = "") -> None:
    """Start the vector's match and run its steps, checking each as tests/vectors/README.md says."""
    house = ""
    if vector.get("house"):
        house = str(sk.folder / "house.toml")
        Path(house).write_text(vector["house"], encoding="utf-8")
    if vector.get("start"):
        sk(*_args(vector["start"], house))
    for number, step in enumerate(vector["steps"], start=1):
        args = _args(step["run"], house)
        where = f"{name or vector['title']} step {number}: {step['run']}"
        if "refused" in step:
            code, words = step["refused"]
            message = sk.fails(*args, code=code)
            for word in words:
                assert word in message, (where, word, message)
            continue
        said = sk(*args).stdout
        table = None
        if "json" in step or ("null" in step and "expect" not in step):
            data = json.loads(said)  # the command's own JSON
            for path, want in step.get("json", {}).items():
                assert _at(data, path) == want, (where, path, _at(data, path), want)
        else:
            data = table = sk.json()
        for path in step.get("null", ()):
            assert _at(data, path) is None, (where, path, _at(data, path))
        if "expect" in step:
            check(sk, step["expect"], said, where, table)


def check(sk, expect: dict, said: str = "", where: str = "", table: dict | None = None) -> None:
    table = table or sk.json()
    for key, want in expect.items():
        if key == "scores":
            assert {side["name"]: side["score"] for side in table["sides"]} == want, where
        elif key == "remembered":
            assert {side["name"]: side["remembered"] for side in table["sides"]} == want, where
        elif key == "noted":
            notes = table["history"][-1]["notes"]
            for words in want:
                assert any(all(word in note for word in words) for note in notes), (where, words, notes)
        elif key == "shows":
            shown = sk("table").stdout
            for text in want:
                assert text in shown, (where, text, shown)
        elif key == "row":
            start, text = want
            rows = [line for line in sk("table").stdout.splitlines() if line.strip().startswith(start)]
            assert rows and text in rows[0], (where, want, rows)
        elif key == "says":
            for text in want:
                assert text in said, (where, text, said)
        elif key in ("file", "not_in_file"):
            content = sk.path.read_text(encoding="utf-8")
            for text in want:
                assert (text in content) == (key == "file"), (where, key, text)
        elif key == "starts":
            for path, text in want.items():
                assert _at(table, path).startswith(text), (where, path, _at(table, path))
        elif key == "contains":
            for path, text in want.items():
                assert text in _at(table, path), (where, path, _at(table, path))
        else:
            assert _at(table, key) == want, (where, key, _at(table, key), want)


def _at(table: dict, path: str):
    if path.startswith("scores."):
        return next(side["score"] for side in table["sides"] if side["name"] == path[len("scores."):])
    value = table
    for part in path.split("."):
        if part == "last":
            value = value["history"][-1]
        elif isinstance(value, list):
            value = value[int(part)]
        else:
            value = value[part]
    return value


def _args(command: str, house: str) -> list[str]:
    return [arg.replace("{house}", house) for arg in shlex.split(command)]
