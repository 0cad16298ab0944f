"""Rule vectors as data tables: a match started by one command, then steps, each a command and what the match
must show after it.  Checked through the public surfaces: ``table --format json``, the people's ``table``, the
command's own output and the match file.

A step is ``(command, expect)``; ``command`` is the CLI's arguments as one string (``{house}`` stands for the
house ruleset file of the vector).  ``expect`` maps what to check to what it must be:

- ``"scores"``: every side's score; ``"scores.NAME"``: one side's score;
- a dotted path into the JSON table (``"over"``, ``"eggs"``, ``"last.wiped"``: ``last`` is the newest round
  of ``history``), which must equal the value;
- ``"starts"`` / ``"contains"``: {path: text} the value must start with / contain;
- ``"noted"``: tuples of words that must all be in one note of the newest round;
- ``"shows"``: texts the people's ``table`` prints; ``"row"``: (how a row starts, text in that row);
- ``"says"``: texts the command itself printed;
- ``"file"``: texts in the match file, ``"not_in_file"``: texts that are not;
- ``"refused"``: (exit code, texts in the one error line): the command must be refused, the file untouched.
"""

from __future__ import annotations

import shlex

import pytest


def vector(id: str, start: str, *steps: tuple[str, dict], house: str = ""):
    """One table row: ``house`` is the text of a house ruleset file the commands may name as ``{house}``."""
    return pytest.param(start, steps, house, id=id)


def run(sk, start: str, steps, house: str = "") -> None:
    path = ""
    if house:
        path = str(sk.folder / "house.toml")
        (sk.folder / "house.toml").write_text(house, encoding="utf-8")
    sk(*_args(start, path))
    for number, (command, expect) in enumerate(steps, start=1):
        args = _args(command, path)
        if "refused" in expect:
            code, words = expect["refused"]
            message = sk.fails(*args, code=code)
            for word in words:
                assert word in message, (number, command, message)
            continue
        said = sk(*args).stdout
        check(sk, expect, said, f"step {number}: {command}")


def check(sk, expect: dict, said: str = "", where: str = "") -> None:
    table = sk.json()
    for key, want in expect.items():
        if key == "scores":
            assert {side["name"]: side["score"] for side in table["sides"]} == want, where
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
