"""The rule book's Ukrainian edition, docs/rules.uk.md: the same sections, examples and keys as docs/rules.md,
so that "§2.7" or "Example 3.5b" means the same thing in both; and its §11 lists the Ukrainian words the
round line and the session understand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.notation.words import UKRAINIAN
from scorekeeper.rules.book import cited_sections, sections
from scorekeeper.rules.loader import builtin_names
from scorekeeper.rules.schema import KEYS, SPECIAL_HANDS

DOCS = Path(__file__).resolve().parents[2] / "docs"
ENGLISH = (DOCS / "rules.md").read_text(encoding="utf-8")
UK = (DOCS / "rules.uk.md").read_text(encoding="utf-8")

_HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", re.MULTILINE)
_EXAMPLE = re.compile(r"^\*\*(?:Example|Приклад) (\d+\.\d+[a-z])\*\*", re.MULTILINE)
_RULESET = re.compile(r"^### (7\.\d+) ([a-z0-9-]+)$", re.MULTILINE)


def test_it_has_every_section_of_the_english_edition_in_the_same_order_and_level():
    assert _HEADING.findall(UK) == _HEADING.findall(ENGLISH)


def test_it_has_every_worked_example_under_the_same_number_in_the_same_order():
    assert _EXAMPLE.findall(UK) == _EXAMPLE.findall(ENGLISH)


@pytest.mark.parametrize("name", builtin_names())
def test_every_builtin_ruleset_has_its_section_under_its_own_name(name):
    def numbered(text: str) -> dict[str, str]:
        return {ruleset: number for number, ruleset in _RULESET.findall(text)}

    assert numbered(UK).get(name) == numbered(ENGLISH)[name]


def test_every_key_is_named_as_it_is_written_in_a_ruleset_file():
    for key in KEYS:
        assert f"`{key.path}`" in UK, key.path
    assert f"`{SPECIAL_HANDS}`" in UK


def test_the_key_table_gives_every_key_the_sections_the_english_one_does():
    def rows(text: str) -> list[tuple[str, str]]:
        lines = [line for line in text.splitlines() if line.startswith("| `")]
        return [(cells[0], cells[-1]) for cells in ([c.strip() for c in line.strip("|").split("|")] for line in lines)]

    assert rows(UK) == rows(ENGLISH)


def test_every_section_it_cites_exists():
    found = sections(UK)
    for number in re.findall(r"§(\d+(?:\.\d+)?)", UK) + cited_sections(UK):
        assert number in found, number


def test_it_says_at_the_top_which_edition_is_authoritative():
    top = UK.split("\n## ", 1)[0]
    assert "`docs/rules.md`" in top and "авторитетн" in top


def test_section_11_lists_every_ukrainian_word_the_program_understands():
    words = UK.split("\n## 11. ", 1)[1]
    tables = (UKRAINIAN.round, UKRAINIAN.commands, UKRAINIAN.options, UKRAINIAN.answers)
    for word in (word for table in tables for spelled in table.values() for word in spelled):
        assert f"`{word}`" in words, word


def test_it_is_written_in_ukrainian_letters_not_russian_ones():
    prose = re.sub(r"`[^`\n]*`|\"[^\"\n]*\"", "", UK)  # words quoted as typed may be Russian (§11)
    prose = prose.split("\n## 11. ", 1)[0]
    assert not re.findall(r"\w*[ыэъё]\w*", prose, re.IGNORECASE)
