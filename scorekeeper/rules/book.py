"""The project's rule book, ``rules.md``: where it is, its sections, and how a ruling cites it.

Every key's ``source`` in the schema cites the rule book by section ("rules.md §3.2"), then the source
articles by number; ``cite`` adds the articles' titles, so a reader can find them.  The book ships inside the
package (``scorekeeper/docs/rules.md``; in a checkout, ``docs/rules.md``), beside its editions in the other
languages (``rules.ru.md``, ``rules.uk.md``: same sections, same numbers); ``edition`` points a person to the
one in the language in use.  The English book is the one the code and the tests read.
"""

from __future__ import annotations

import os
import re

from scorekeeper.i18n import N_, _, language

BOOK = "rules.md"

SOURCE_TITLES = {
    "000": N_("What are domino eggs (V. Ilyichev)"),
    "001": N_("In dominoes, when the fish are fish, points are counted"),
    "002": N_("Dominoes is a game of 28 stones (untitled)"),
    "003": N_("Domino rules (untitled)"),
    "004": "Скільки очок Дубль порожній",
}
"""The source articles by number, each by its title (an untitled one by its opening words), in English: ``cite``
says them in the language in use.  004 is Ukrainian and keeps its own title in every language, so it is no
message to translate."""

CITATION = re.compile(r"rules\.md((?:,? ?§\d+(?:\.\d+)?)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
_SOURCE_NUMBER = re.compile(r"(?<![\d.§])(00[0-4])(?!\d)")
_BOOK_NAME = re.compile(r"\brules\.md\b")
_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)


def book_path() -> str:
    """The rule book's file: inside the installed package, or the checkout's ``docs/``."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    installed = os.path.join(package, "docs", BOOK)
    if os.path.exists(installed):
        return installed
    return os.path.join(os.path.dirname(package), "docs", BOOK)


def read_book() -> str:
    with open(book_path(), encoding="utf-8") as handle:
        return handle.read()


def sections(text: str | None = None) -> set[str]:
    """The numbers of the book's sections ("3", "3.2", ...)."""
    return set(_HEADING.findall(read_book() if text is None else text))


def cited_sections(text: str) -> list[str]:
    """Every section a text cites as ``rules.md §N[.M][, §...]``."""
    return [number for match in CITATION.finditer(text) for number in SECTION.findall(match.group(1))]


def cite(source: str) -> str:
    """A key's source with the titles of the source articles it names: "rules.md §3.2 (000 ..., 004 ...);
    000: What are domino eggs ...; 004: ...", the titles in the language in use.  ``source`` is given as a
    person reads it: the schema's ``source`` translated (``_(key.source)``), whose article numbers the
    translations keep."""
    numbers = sorted(set(_SOURCE_NUMBER.findall(source)))
    if not numbers:
        return source
    return f"{source}; " + "; ".join(f"{number}: {_(SOURCE_TITLES[number])}" for number in numbers)


def edition(text: str) -> str:
    """A citation of the rule book ("rules.md §3.2"), or its path, as a person reads it: naming the edition in
    the language in use (``rules.ru.md``) when that edition ships, else the English book."""
    code = language()
    if code == "en":
        return text
    name = f"rules.{code}.md"
    if not os.path.exists(os.path.join(os.path.dirname(book_path()), name)):
        return text
    return _BOOK_NAME.sub(name, text)
