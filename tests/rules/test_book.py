"""The rule book docs/rules.md: every key of every built-in ruleset is in it, every citation points at a
section that exists, rulings and `rules show` cite it by section, and it ships in the installed package."""

from __future__ import annotations

import json
import re
from enum import Enum
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.rules.book import SOURCE_TITLES, book_path, cite, cited_sections, edition, read_book, sections
from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.rules.schema import KEYS, SPECIAL_HANDS, SPECIAL_HANDS_SOURCE

ROOT = Path(__file__).resolve().parents[2]
BOOK = read_book()


def test_the_book_is_the_checkouts_docs_rules_md():
    assert Path(book_path()).read_text(encoding="utf-8") == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", builtin_names())
def test_every_key_of_every_builtin_ruleset_is_documented(name):
    ruleset = load_ruleset(name)
    assert re.search(rf"^### 7\.\d+ {re.escape(name)}$", BOOK, re.MULTILINE), f"no section for {name}"
    for key in KEYS:
        ruleset[key.path]  # the ruleset has the key (its own value or the default)
        assert f"`{key.path}`" in BOOK or _in_pair(key.path), f"{key.path} is not in rules.md"
    assert f"`{SPECIAL_HANDS}`" in BOOK


def _in_pair(path: str) -> bool:
    """A key documented beside its twin in one table row: `players.min`, `players.max`."""
    return any(f"`{path}`" in line for line in BOOK.splitlines())


def test_every_key_row_names_a_section_that_exists():
    found = sections()
    rows = [line for line in BOOK.splitlines() if line.startswith("| `")]
    assert len(rows) >= len(KEYS) - 4  # a few twins share a row
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        for number in cells[-1].split(","):
            assert number.strip() in found, row


def _code_files() -> list[Path]:
    files = list((ROOT / "scorekeeper").rglob("*.py")) + list((ROOT / "rulesets").glob("*.toml"))
    docs = [path for path in (ROOT / "docs").glob("*.md") if path.name != "rules.md"]  # the README's detail
    return files + list((ROOT / "scorekeeper" / "samples").glob("*.toml")) + [ROOT / "README.md", *docs]


def test_every_citation_in_the_code_points_at_a_section_that_exists():
    found = sections()
    cited = {}
    for path in _code_files():
        for number in cited_sections(path.read_text(encoding="utf-8")):
            cited.setdefault(number, path.relative_to(ROOT))
    for key in KEYS:
        for number in cited_sections(key.source):
            cited.setdefault(number, f"schema key {key.path}")
    assert cited, "nothing cites the rule book"
    missing = {number: where for number, where in cited.items() if number not in found}
    assert not missing, f"citations of sections that do not exist: {missing}"


def test_every_key_cites_the_book():
    for key in KEYS:
        assert key.source.startswith("rules.md §"), key.path
    assert SPECIAL_HANDS_SOURCE.startswith("rules.md §")


def test_users_never_see_RULES_md():
    """The README and the code point to the rule book, not to the project-internal RULES.md."""
    for path in _code_files():
        assert "RULES.md" not in path.read_text(encoding="utf-8"), path.relative_to(ROOT)


def test_a_ruling_names_the_source_articles_by_title(sk):
    ruling = json.loads(sk("check", "fish", "--rules", "goat", "--format", "json", "--line",
                           "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2", "--hand", "Ann=2-2").stdout)
    cited = next(item for item in ruling["reasons"] if item["key"] == "fish.fisherman")
    assert cited["source"].startswith("rules.md §1.5")
    assert "004: Скільки очок Дубль порожній" in cited["source"]
    assert cite("rules.md §2.2") == "rules.md §2.2"  # no article cited: no title added
    assert "000: What are domino eggs" in cite("rules.md §3.2 (000 'more than 25')")


def test_every_source_title_is_in_the_book():
    for number, title in SOURCE_TITLES.items():
        assert f"**{number}**" in BOOK
        assert title.split(" (")[0] in BOOK


def test_rules_show_cites_sections_and_points_into_the_book(sk):
    text = sk("rules", "show", "sea-goat").stdout
    assert "(source: rules.md §3.2 (sources disagree" in text
    assert text.rstrip().endswith(book_path())
    shown = json.loads(sk("rules", "show", "phone", "--format", "json").stdout)
    assert shown["sources"]["end.several_reach"].startswith("rules.md §4.6")
    assert Path(shown["rule_book"]) == Path(book_path())


def test_the_installed_package_carries_the_book(run_installed):
    """Installed as CI installs it (pip install '.[test]'), the book is package data beside the code."""
    shown = json.loads(run_installed("rules", "show", "goat", "--format", "json").stdout)
    book = Path(shown["rule_book"])
    assert book.name == "rules.md" and book.parent.name == "docs"
    text = book.read_text(encoding="utf-8")
    assert "## 3. Sea Goat" in text and sections(text) == sections()


def test_the_wheel_lists_the_book_as_package_data():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "scorekeeper.docs" in config["packages"]
    assert config["package-dir"]["scorekeeper.docs"] == "docs"
    assert config["package-data"]["scorekeeper.docs"] == ["*.md"]


@pytest.mark.parametrize("name", builtin_names())
def test_the_book_lists_each_rulesets_sources_and_the_keys_it_departs_in(name):
    """rules.md §7: every built-in ruleset names its sources, and one that extends another names exactly the
    keys where it departs from it."""
    from scorekeeper.rules.schema import KEYS

    entry = re.search(rf"^### 7\.\d+ {re.escape(name)}\n(.*?)(?=^##)", BOOK, re.MULTILINE | re.DOTALL).group(1)
    assert re.search(r"^Sources: \S", entry, re.MULTILINE), f"§7 names no sources for {name}"
    ruleset = load_ruleset(name)
    departs = re.search(r"^Departs from `([^`]+)` in: (.*?)\.$", entry, re.MULTILINE | re.DOTALL)
    if len(ruleset.chain) < 2:
        assert departs is None, f"{name} extends nothing"
        return
    parent = load_ruleset(ruleset.chain[1])
    assert departs and departs.group(1) == parent.name, f"§7 does not say what {name} extends"
    differ = {key.path for key in KEYS if ruleset[key.path] != parent[key.path]}
    if dict(ruleset.special_hands) != dict(parent.special_hands):
        differ.add(SPECIAL_HANDS)
    assert set(re.findall(r"`([^`]+)`", departs.group(2))) == differ


# The editions in the players' languages (rules.ru.md, rules.uk.md): the same book, section by section.

EDITIONS = [path for path in (ROOT / "docs" / "rules.ru.md", ROOT / "docs" / "rules.uk.md") if path.exists()]
EXAMPLE = re.compile(r"^\*\*(?:Example|Пример|Приклад) (\d+\.\d+[a-z])\*\*(.*?)(?=\n\n|\Z)",
                     re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", re.MULTILINE)


def test_the_russian_edition_ships():
    assert ROOT / "docs" / "rules.ru.md" in EDITIONS


@pytest.mark.parametrize("path", EDITIONS, ids=lambda path: path.name)
def test_an_edition_has_every_section_of_the_book_in_its_order(path):
    """"§2.7" is the same section in every edition: the same headings, numbered alike, at the same levels."""
    text = path.read_text(encoding="utf-8")
    assert HEADING.findall(text) == HEADING.findall(BOOK)
    assert "rules.md" in text.split("\n## ")[0], "the note at the top names the English edition"
    anchors = {number: _anchor(title)
               for title, number in re.findall(r"^#{2,3} ((\d+(?:\.\d+)?)\.? .*)$", BOOK, re.MULTILINE)}
    assert anchors["11"] == "11-words-in-russian-and-ukrainian"  # as docs/live.md links it
    for number, anchor in anchors.items():  # rules.md#27-rating is §2.7 in every edition
        assert re.search(rf'id="{anchor}"[^\n]*\n\s*#{{2,3}} {re.escape(number)}\.? ', text), number


def _anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


@pytest.mark.parametrize("path", EDITIONS, ids=lambda path: path.name)
def test_an_edition_has_every_example_with_its_numbers(path):
    """The same examples, by the same names, with the same numbers in them (tiles, hands, scores)."""
    def examples(text: str) -> list[tuple[str, list[str]]]:
        return [(name, sorted(re.findall(r"\d+", body))) for name, body in EXAMPLE.findall(text)]

    assert examples(path.read_text(encoding="utf-8")) == examples(BOOK)
    assert len(examples(BOOK)) > 50


@pytest.mark.parametrize("path", EDITIONS, ids=lambda path: path.name)
def test_an_edition_keeps_every_key_ruleset_and_source(path):
    """What the English book checks of itself, where words do not matter: every key and the sections its row
    cites, every built-in ruleset's §7 entry with the keys it departs in, every source article by title."""
    text = path.read_text(encoding="utf-8")

    def rows(book: str) -> list[tuple[str, str]]:
        """Each key row of §8: its keys and the sections it cites (the middle cell is words)."""
        cells = [[cell.strip() for cell in row.strip("|").split("|")]
                 for row in book.splitlines() if row.startswith("| `")]
        return [(row[0], row[-1]) for row in cells]

    assert rows(text) == rows(BOOK)
    for key in KEYS:
        assert f"`{key.path}`" in text
    for name in builtin_names():  # the same number too: §7.4 is sea-goat everywhere
        assert re.search(rf"^### 7\.\d+ {re.escape(name)}$", BOOK, re.MULTILINE).group() in text.splitlines()

    def departs(book: str) -> list[tuple[str, set[str]]]:
        """Each ruleset's "Departs from `parent` in: `key`, ...", whatever the words."""
        found = re.findall(r"^[^\n`]+ `([^`]+)`[^\n`]*: ((?:`[^`]+`,?\s*)+)\.$", book, re.MULTILINE)
        return [(parent, set(re.findall(r"`([^`]+)`", keys))) for parent, keys in found]

    assert len(departs(BOOK)) == sum(len(load_ruleset(name).chain) > 1 for name in builtin_names())
    assert departs(text) == departs(BOOK)
    for number, title in SOURCE_TITLES.items():
        assert f"**{number}**" in text
    assert sections(text) >= set(cited_sections(text))


@pytest.mark.parametrize("path", EDITIONS, ids=lambda path: path.name)
def test_an_edition_keeps_the_commands_and_round_lines(path):
    """Commands, flags and round lines stay as typed: every `scorekeeper ...` of the book is in the edition."""
    text = path.read_text(encoding="utf-8")
    commands = set(re.findall(r"`(scorekeeper [^`]+)`", BOOK)) | set(re.findall(r"^    (scorekeeper .+)$", BOOK,
                                                                                re.MULTILINE))
    assert commands and {command for command in commands if command not in text} == set()


def test_a_citation_names_the_edition_in_the_language_in_use():
    from scorekeeper import i18n
    from scorekeeper.rules.book import edition

    assert edition("rules.md §3.2 (000)") == "rules.md §3.2 (000)"
    i18n.use("ru")
    assert edition("rules.md §3.2 (000)") == "rules.ru.md §3.2 (000)"
    assert edition(book_path()) == str(Path(book_path()).with_name("rules.ru.md"))
    i18n.use("uk")
    uk = "rules.uk.md" if Path(book_path()).with_name("rules.uk.md").exists() else "rules.md"  # none: English
    assert edition("rules.md §1.5, §2.2") == f"{uk} §1.5, §2.2"


def _articles(text: str) -> list[str]:
    """The numbers of the source articles a source names, as ``cite`` finds them (it adds their titles)."""
    return re.findall(r"; (\d{3}): ", cite(text)[len(text):])


_KEPT = {"rules", "true", "false", "All", "Fives", "pagat", "dominoes"} | {
    word for key in KEYS if isinstance(key.kind, type) and issubclass(key.kind, Enum)
    for member in key.kind for word in re.findall("[a-z]+", member.value)}
"""English words a translated source keeps: the book's file name, ruleset values, a game's and a site's and a
package's own names."""


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_source_reads_in_the_language_keeping_its_sections_and_articles(language):
    """A translated source still cites the same sections and articles (``edition`` and ``cite`` parse it), and
    its note is no longer English."""
    i18n.use(language)
    for source in [key.source for key in KEYS] + [SPECIAL_HANDS_SOURCE]:
        said = _(source)
        assert said.startswith("rules.md §") and cited_sections(said) == cited_sections(source), said
        assert _articles(said) == _articles(source), said
        assert set(re.findall(r"[A-Za-z]{3,}", said)) <= _KEPT, said
        assert edition(said) == f"rules.{language}.md" + said[len("rules.md"):]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_articles_titles_are_those_the_edition_lists(language):
    """000-003 by a title in the language (as its edition of the book names them), 004 by its own Ukrainian
    one in every language."""
    i18n.use(language)
    text = Path(book_path()).with_name(f"rules.{language}.md").read_text(encoding="utf-8")
    source = "rules.md §1.2 (000, 001, 002, 003, 004)"
    said = cite(source)
    for number, title in SOURCE_TITLES.items():
        shown = _(title)
        assert f"; {number}: {shown}" in said
        assert (shown == title) == (number == "004"), shown
        assert shown.split(" (")[0] in text, shown
    assert said.startswith(source + "; 000: ")


def test_rules_show_and_rulings_cite_the_russian_edition_in_russian(sk):
    text = sk("--lang", "ru", "rules", "show", "sea-goat").stdout
    assert "rules.ru.md §3.2" in text and "rules.md §" not in text
    assert text.rstrip().endswith(str(Path(book_path()).with_name("rules.ru.md")))
    ruling = sk("--lang", "ru", "check", "fish", "--rules", "goat", "--line",
                "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2", "--hand", "Ann=2-2").stdout
    assert "rules.ru.md §1.5" in ruling and "rules.md §" not in ruling
    # what programs read stays as it is
    shown = json.loads(sk("--lang", "ru", "rules", "show", "phone", "--format", "json").stdout)
    assert shown["sources"]["end.several_reach"].startswith("rules.md §4.6")


def test_the_installed_package_carries_the_editions(run_installed):
    """Installed, ``rules show`` in Russian points to the Russian edition shipped beside the book."""
    shown = run_installed("--lang", "ru", "rules", "show", "goat", "fish.policy").stdout
    book = Path(shown.rstrip().splitlines()[-1])
    assert book.name == "rules.ru.md" and sections(book.read_text(encoding="utf-8")) == sections()
