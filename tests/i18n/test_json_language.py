"""JSON decided once (issue 35): every value a program keys on is the same in every language, and every text a
person reads is in the language in use, field by field as docs/usage.md ("JSON in every language") lists
them. Each command's JSON is taken in English and under the pseudo-language (tests/pseudo.py, every message
in ⟦ ⟧): a string in a listed text field comes out marked, any other string exactly as in English."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper.cli.app import cli
from scorekeeper.i18n import use

USAGE = Path(__file__).resolve().parents[2] / "docs" / "usage.md"


def documented_text_fields() -> list[tuple[str, ...]]:
    """The fields the usage guide's table lists as text for people, each as the names that end its path
    (``notes[].note`` is ("notes", "note"); an upper-case name stands for any key: ``hands.NAME.why``)."""
    guide = USAGE.read_text(encoding="utf-8")
    section = guide[guide.index("## JSON in every language"):]
    table = section[section.index("| field |"):section.index("\n\n", section.index("| field |"))]
    return [tuple("*" if name.isupper() else name for name in re.split(r"[.\[\]]+", path) if name)
            for row in table.splitlines()[2:] for path in re.findall(r"`([^`]+)`", row.split("|")[1])]


TEXT = documented_text_fields()


def is_text(path: tuple[str, ...]) -> bool:
    """Whether a string at ``path`` (the keys that lead to it) is a text field the guide lists."""
    return any(len(path) >= len(field) and all(want in ("*", have) for want, have in zip(field, path[-len(field):]))
               for field in TEXT)


HOUSE = 'extends = "goat"\nname = "house"\n[opening]\nthreshold = 25\n'

CASES = {
    # name: (the match's ruleset and rounds, or None; the command; other files)
    "table": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13", "fish 2 3 13", "Ann out 3 13"]), ["table"]),
    "table, decided by a rule": (("sea-goat", ["Ann out on 0-0, Bob 30, Cat 20"]), ["table"]),
    "table, a note": (("sea-goat", ["Ann out, Bob 30, Cat 20", "Bob out, Ann 12, Cat 17"]), ["table"]),
    "table --rules": (("goat", ["Ann out on 6-6, led 1-1, Bob 30, Cat 20", "Bob out, Ann 30, Cat 20"]),
                      ["table", "--rules", "sea-goat"]),
    "round": (("goat", []), ["round", "Ann out, Bob 1-2 3-3, Cat 13"]),
    "undo": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13"]), ["undo"]),
    "redo": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13"]), ["redo"]),
    "delete": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13", "fish 2 3 13"]), ["delete", "1"]),
    "edit": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13"]), ["edit", "1", "Bob out, Ann 4, Cat 13"]),
    "score": (("muggins", []), ["score", "Ann", "10"]),
    "explain": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13", "fish 2 3 0"]), ["explain", "2"]),
    "compare": (("goat", ["Ann out, Bob 30, Cat 20", "Bob out on 6-6, led 1-1, Ann 12, Cat 20"]),
                ["compare", "sea-goat"]),
    "rating": (("goat", ["Ann out, Bob 60, Cat 20", "Ann out, Bob 50, Cat 20"]), ["rating"]),
    "history": (("goat", ["Ann out, Bob 60, Cat 20"]), ["history", "."]),
    "export": (("goat", ["Ann out, Bob 1-2 3-3, Cat 13", "fish 2 3 13"]), ["export"]),
    "demo": (None, ["demo"]),
    "rules list": (None, ["rules", "list"]),
    "rules show": (None, ["rules", "show", "goat"]),
    "check hand": (None, ["check", "hand", "0-0", "--rules", "goat"]),
    "check count": (None, ["check", "count", "5", "5", "--rules", "muggins"]),
    "check fish": (None, ["check", "fish", "--line", "2-4 4-1 1-2"]),
    "check deal": (None, ["check", "deal", "--hand", "Ann=1-1,2-5,0-3,4-4,6-6,2-3,0-1"]),
    "check play": (None, ["check", "play", "--rules", "muggins", "Ann 5-5, Bob 5-0, Cat 4-4"]),
}


def _run(folder: Path, args: list[str], language: str, catalogs: str, monkeypatch) -> object:
    monkeypatch.chdir(folder)
    env = {"SCOREKEEPER_LOCALEDIR": catalogs, "SCOREKEEPER_LANG": language}
    try:
        done = CliRunner().invoke(cli, [*args, "--format", "json"], prog_name="scorekeeper", env=env)
    finally:
        use("en")
    assert done.exit_code == 0, (args, language, done.output, done.exception)
    return json.loads(done.stdout)


def _strings(data, path=()):
    """Every string of a JSON value, with the names of the keys on its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, path + (key,))
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, path)
    elif isinstance(data, str):
        yield path, data


@pytest.fixture(scope="module")
def outputs(catalogs, tmp_path_factory):
    """Every case's JSON in English and in the pseudo-language, each run on a copy of the same files."""
    monkeypatch = pytest.MonkeyPatch()
    found = {}
    try:
        for name, (match, args) in CASES.items():
            folder = tmp_path_factory.mktemp("case")
            (folder / "house.toml").write_text(HOUSE, encoding="utf-8")
            if match:
                rules, lines = match
                monkeypatch.chdir(folder)
                for typed in (["new", "--rules", rules, "Ann", "Bob", "Cat"], *(["round", line] for line in lines)):
                    done = CliRunner().invoke(cli, ["--lang", "en", *typed], prog_name="scorekeeper")
                    assert done.exit_code == 0, (typed, done.output)
                if name == "redo":
                    assert CliRunner().invoke(cli, ["--lang", "en", "undo"]).exit_code == 0
                if name == "history":
                    (folder / "broken.toml").write_text("format = [", encoding="utf-8")
            said = {}
            for language in ("en", pseudo.LANGUAGE):
                copy = tmp_path_factory.mktemp(language)
                shutil.copytree(folder, copy, dirs_exist_ok=True)
                said[language] = _run(copy, args, language, catalogs, monkeypatch)
            found[name] = said
    finally:
        monkeypatch.undo()
    return found


@pytest.mark.parametrize("case", CASES)
def test_what_programs_key_on_is_english_and_what_people_read_is_in_the_language(outputs, case):
    english, other = outputs[case]["en"], outputs[case][pseudo.LANGUAGE]
    english_strings, other_strings = list(_strings(english)), list(_strings(other))
    assert [path for path, _ in english_strings] == [path for path, _ in other_strings], "the same shape"
    for (path, said), (_, shown) in zip(english_strings, other_strings):
        if is_text(path):
            assert shown == said == "" or "⟦" in shown, (path, shown)
        else:
            assert shown == said, (path, "a value programs key on changed with the language")


def test_every_documented_text_field_is_given_by_a_command(outputs):
    paths = [path for said in outputs.values() for path, _ in _strings(said["en"])]
    unseen = [field for field in TEXT
              if not any(len(path) >= len(field) and all(want in ("*", have)
                                                          for want, have in zip(field, path[-len(field):]))
                         for path in paths)]
    assert unseen == [], "docs/usage.md lists a text field no command gives"
    assert {("lead_note",), ("decided_by",), ("notes", "note"), ("hands", "*", "why"), ("sources", "*")} <= set(TEXT)
