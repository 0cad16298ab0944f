"""`rules show NAME [KEY...]` and `--changed`: one key or a section, what a file sets, values as TOML writes
them, explanations wrapped to the width."""

from __future__ import annotations

import json
import tomllib

import pytest

from scorekeeper.reports.columns import width
from scorekeeper.rules.loader import builtin_dir, builtin_names, load_ruleset
from scorekeeper.rules.schema import KEYS, KEYS_BY_PATH


def key_lines(text: str) -> list[str]:
    """The lines that start a key (``path = value``), after the name and description."""
    body = text.split("\n\n", 1)[1]
    return [line for line in body.splitlines() if " = " in line and not line.startswith(" ")]


def test_one_key_shows_that_key_alone_with_its_value_as_toml_writes_it(sk):
    text = sk("rules", "show", "goat", "end.target").stdout
    assert [line.split(" = ")[0].strip() for line in key_lines(text)] == ["end.target"]
    assert "end.target = 101" in text and KEYS_BY_PATH["end.target"].explain in text


@pytest.mark.parametrize("path", ["end.name_other", "fish.policy"])
def test_values_print_as_toml(sk, path):
    text = sk("rules", "show", "goat", path).stdout
    line = key_lines(text)[0]
    value = line.split(" = ", 1)[1].split("  ")[0]
    parsed = tomllib.loads(f"v = {value}")["v"]
    assert parsed == json.loads(sk("rules", "show", "goat", "--format", "json").stdout)["keys"][path]
    assert "True" not in text and "False" not in text


def test_a_section_shows_its_keys(sk):
    text = sk("rules", "show", "sea-goat", "fish", "end.target").stdout
    shown = [line.split(" = ")[0].strip() for line in key_lines(text)]
    assert shown == [key.path for key in KEYS if key.path.startswith("fish.")] + ["end.target"]
    data = json.loads(sk("rules", "show", "sea-goat", "fish", "--format", "json").stdout)
    assert set(data["keys"]) == {key.path for key in KEYS if key.path.startswith("fish.")}


def test_an_unknown_key_is_refused_with_a_suggestion(sk):
    message = sk.fails("rules", "show", "goat", "fish.polcy", code=2)
    assert "fish.polcy" in message and "fish.policy" in message


def test_changed_shows_only_what_the_file_sets_over_what_it_extends(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\nname = "our-house"\n[fish]\npolicy = "each"\n[end]\ntarget = 125\n',
                     encoding="utf-8")
    text = sk("rules", "show", str(house), "--changed").stdout
    assert [line.split(" = ")[0].strip() for line in key_lines(text)] == ["fish.policy", "end.target"]
    words = " ".join(text.split())
    assert 'fish.policy = "each" (was "most-takes-all" in goat)' in words
    assert "end.target = 125 (was 101 in goat)" in words
    data = json.loads(sk("rules", "show", str(house), "--changed", "--format", "json").stdout)
    assert data["keys"] == {"fish.policy": "each", "end.target": 125}
    pairs = json.loads(sk("rules", "show", "sea-goat-pairs", "--changed", "--format", "json").stdout)
    assert pairs["keys"]["players.teams"] == "pairs" and "end.target" not in pairs["keys"]


def test_changed_on_a_file_that_sets_nothing(sk, tmp_path):
    house = tmp_path / "same.toml"
    house.write_text('extends = "goat"\nname = "same"\n', encoding="utf-8")
    assert "same sets no key of its own." in sk("rules", "show", str(house), "--changed").stdout


@pytest.mark.parametrize("columns", [40, 80])
def test_long_explanations_wrap_to_the_width(sk, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("rules", "show", "goat").stdout
    assert max(width(line) for line in text.splitlines()) <= columns
    words = " ".join(text.split())
    for key in KEYS:  # every word of every explanation is still there
        assert " ".join(key.explain.split()) in words, key.path


@pytest.mark.parametrize("name", builtin_names())
def test_show_as_toml_writes_a_ruleset_file_that_loads_as_the_same_ruleset(sk, tmp_path, name):
    again = tmp_path / "again.toml"
    again.write_text(sk("rules", "show", name, "--format", "toml").stdout, encoding="utf-8")
    shown, original = load_ruleset(str(again)), load_ruleset(name)
    assert [shown[key.path] for key in KEYS] == [original[key.path] for key in KEYS]
    assert shown.special_hands == original.special_hands and shown.description == original.description
    section = sk("rules", "show", name, "fish", "--format", "toml").stdout
    assert section.startswith(f'name = "{name}"') and "[fish]" in section and "[end]" not in section


@pytest.mark.parametrize("ruleset", ["house.toml", "inner.toml", "all-fives", "goat"])
@pytest.mark.parametrize("shown", [["--changed"], ["fish"], ["fish", "--changed"], ["end.target", "opening"]])
def test_a_part_shown_as_toml_is_a_file_that_loads_as_the_ruleset_shown(sk, tmp_path, monkeypatch, ruleset, shown):
    """'rules show house.toml --changed --format toml' wrote the keys the house sets and not what it extends:
    saved and used, the file was another game (opening.threshold 0, not Goat's 13). A part of a ruleset written
    as TOML now says what it extends, so that the file loads as the ruleset it was taken from."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text('extends = "goat"\nname = "our-house"\n[fish]\npolicy = "each"\n'
                                         '[end]\ntarget = 125\n', encoding="utf-8")
    (tmp_path / "inner.toml").write_text('extends = "house.toml"\nname = "inner"\n[opening]\nthreshold = 15\n',
                                         encoding="utf-8")
    (tmp_path / "part.toml").write_text(sk("rules", "show", ruleset, *shown, "--format", "toml").stdout,
                                        encoding="utf-8")
    part, original = load_ruleset("part.toml"), load_ruleset(ruleset)
    assert [part[key.path] for key in KEYS] == [original[key.path] for key in KEYS]
    assert part.special_hands == original.special_hands


QUOTED = {
    "ru": ("(источник: rules.ru.md §3.2 (источники расходятся: 000 «больше 25», 004 «не менше 25»; встроенное "
           "прочтение: false))",
           "(источник: rules.ru.md §3.5 (004:922 «хоча б у одного програв»; 004:285 «якщо він програв, і у "
           "нього на руках залишилося більше 24 очок»))"),
    "uk": ("(джерело: rules.uk.md §3.2 (джерела розходяться: 000 «більше 25», 004 «не менше 25»; вбудоване "
           "прочитання: false))",
           "(джерело: rules.uk.md §3.5 (004:922 «хоча б у одного програв»; 004:285 «якщо він програв, і у "
           "нього на руках залишилося більше 24 очок»))"),
}
"""Two keys' sources as `rules show` cites them: 000 back in the language, 004 in its own Ukrainian words."""


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_a_source_that_quotes_reads_in_the_language_at_40_columns(sk, monkeypatch, language):
    monkeypatch.setenv("COLUMNS", "40")
    text = sk("--lang", language, "rules", "show", "sea-goat", "opening.strict", "hundred.hand_of").stdout
    assert max(width(line) for line in text.splitlines()) <= 40, text
    said = " ".join(text.split())
    for quoted in QUOTED[language]:
        assert quoted in said, text
    assert "sources disagree" not in said and "rules.md" not in said


def test_the_json_sources_are_in_the_language_like_the_description(sk):
    """JSON keys stay English; its texts for people (the description, each source with the articles' titles)
    are in the language in use, citing rules.md as its "rule_book" names it."""
    data = json.loads(sk("--lang", "ru", "rules", "show", "sea-goat", "opening.strict", "--format", "json").stdout)
    assert data["description"].startswith("Морской")
    assert data["sources"] == {"opening.strict": "rules.md §3.2 (источники расходятся: 000 «больше 25», 004 «не "
                                                 "менше 25»; встроенное прочтение: false); 000: Что такое яйца в "
                                                 "домино (В. Ильичёв); 004: Скільки очок Дубль порожній"}
    assert data["rule_book"].endswith("rules.md")


def test_the_hint_for_one_section_names_a_path_as_a_shell_reads_it(sk, tmp_path, monkeypatch):
    """A ruleset file whose path holds a space is suggested quoted: the command typed as said shows the
    section."""
    import shlex
    import shutil

    from click.testing import CliRunner

    from scorekeeper.cli.app import cli
    import os

    monkeypatch.chdir(tmp_path)
    shutil.copyfile(os.path.join(builtin_dir(), "goat.toml"), tmp_path / "our goat.toml")
    monkeypatch.setenv("COLUMNS", "80")
    said = " ".join(sk("rules", "show", "our goat.toml").stdout.split())
    command = said.split("One section or key: ", 1)[1].split(" (sections:", 1)[0]
    words = shlex.split(command)
    assert words == ["scorekeeper", "rules", "show", "our goat.toml", "fish", "end.target"], command
    done = CliRunner().invoke(cli, words[1:])
    assert done.exit_code == 0 and "fish.policy = " in done.output and "end.target = 101" in done.output
