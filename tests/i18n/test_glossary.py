"""Every Russian and Ukrainian message says the table's terms as its language's glossary does
(scorekeeper/i18n/glossary/LANG.toml): where the English says a term, the translation holds one of the term's
forms and none it avoids; a word reserved to a term (the quit word, the draw word, the knock word) stands
only where the English says that term; the words people type are among the forms; the glossary has no term
the catalogs never use."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import catalogs
from scorekeeper.notation.words import LANGUAGES as TYPED

GLOSSARY = Path(catalogs.I18N) / "glossary"
FIELD = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)s")
NOT_WORDS = re.compile(r'--[a-z][a-z-]*|\b[a-z_]+(?:\.[a-z_0-9]+)+\b|\b[A-Z][A-Z_]+\b|"[^"]*"|\w+(?:\|\w+)+'
                       r'|= ?\w+')
"""What an English message names but does not say: --options, ruleset keys (fish.policy), METAVARS, values
and examples in double quotes ("Ann 6-6, Bob knocks": a match file's words stay English), a command's choices
(fish|deal|hand) and values after '='."""
WORD = re.compile(r"\w+(?:['’ʼ]\w+)*")
QUOTE = re.compile(r"«[^«»]*»")


def glossary(language: str) -> dict:
    with open(GLOSSARY / f"{language}.toml", "rb") as handle:
        return tomllib.load(handle)


@functools.cache
def entries(language: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Each message of the language's catalog: its context, its English (every plural form, one text) and its
    translations (every form). Read once a process: a hundred tests read each catalog, which no test changes."""
    with open(catalogs.po_path(language), "rb") as handle:
        catalog = read_po(handle, locale=language, domain="scorekeeper")
    found = []
    for message in catalog:
        if not message.id:
            continue
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        forms = tuple(message.string) if isinstance(message.string, tuple) else (message.string,)
        found.append((message.context or "", english, forms))
    return tuple(found)


@functools.cache  # each message is read against every term
def english_text(message: str) -> str:
    return NOT_WORDS.sub(" ", FIELD.sub(" ", message)).lower()


@functools.cache  # each phrase is looked for in every message
def whole(phrase: str) -> re.Pattern:
    """``phrase`` as whole words."""
    return re.compile(r"(?<![\w-])" + re.escape(phrase.lower()) + r"(?![\w-])")


def says(text: str, phrases) -> list[str]:
    """The English phrases ``text`` says, as whole words."""
    return [phrase for phrase in phrases if whole(phrase).search(text)]


def says_term(term: dict, text: str) -> bool:
    for other in term.get("not_english", ()):
        text = whole(other).sub(" ", text)
    return bool(says(text, term["english"]))


@functools.cache  # each translation is read against every term
def words(text: str) -> tuple[str, ...]:
    return tuple(WORD.findall(FIELD.sub(" ", text).lower()))


def holds(text: str, forms) -> list[str]:
    """The forms (a word, or words with a space: that phrase) ``text`` holds."""
    said = " " + " ".join(words(text)) + " "
    return [form for form in forms if " " + " ".join(words(form)) + " " in said]


def unquoted(english: str, text: str) -> str:
    """The translation without what it quotes from a source article (a citation's «...»)."""
    return QUOTE.sub(" ", text) if english.startswith("rules.md §") else text


LANGUAGES = catalogs.LANGUAGES
TERMS = [(language, term) for language in LANGUAGES for term in glossary(language)["term"]]
IDS = [f"{language}-{term['en']}" for language, term in TERMS]


def test_each_language_has_a_glossary_of_the_same_terms():
    labels = {language: [term["en"] for term in glossary(language)["term"]] for language in LANGUAGES}
    assert labels["ru"] == labels["uk"]
    for language in LANGUAGES:
        data = glossary(language)
        assert data["language"] == language
        for term in data["term"]:
            assert {"en", "means", "say", "english", "forms"} <= set(term), term.get("en")
            assert set(term) <= {"en", "means", "say", "english", "not_english", "forms", "avoid", "reserved",
                                 "also", "typed", "typed_also", "except"}, term["en"]


@pytest.mark.parametrize("language, term", TERMS, ids=IDS)
def test_where_the_english_says_the_term_the_translation_does(language, term):
    wrong, missing, used = [], [], 0
    for _, english, forms in entries(language):
        if not says_term(term, english_text(english)):
            continue
        used += 1
        for form in forms:
            bad = holds(unquoted(english, form), term.get("avoid", ()))
            if bad:
                wrong.append((english, form, bad))
            if term["forms"] and not holds(form, term["forms"]) \
                    and not any(english.startswith(start) for start in term.get("except", ())):
                missing.append((english, form))
    assert used, f"no message says {term['en']!r}: the glossary's english is stale"
    assert wrong == [], f"{term['en']!r} translated with a form to avoid"
    assert missing == [], f"{term['en']!r} not said as {term['say']!r}"


@pytest.mark.parametrize("language, term", [(lang, term) for lang, term in TERMS if "reserved" in term],
                         ids=[f"{lang}-{term['en']}" for lang, term in TERMS if "reserved" in term])
def test_a_reserved_word_stands_only_for_its_term(language, term):
    allowed = dict(term, english=term["english"] + term.get("also", []))
    found = [(english, form) for _, english, forms in entries(language) for form in forms
             if holds(unquoted(english, form), term["reserved"]) and not says_term(allowed, english_text(english))]
    assert found == [], f"{term['reserved']} say {term['en']!r}, and these messages do not"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_uses_a_word_the_glossary_bans(language):
    banned = glossary(language)["anywhere"]
    found = [(english, form, holds(unquoted(english, form), banned))
             for _, english, forms in entries(language) for form in forms]
    assert [item for item in found if item[2]] == []


@pytest.mark.parametrize("language, term", [(lang, term) for lang, term in TERMS if "typed" in term],
                         ids=[f"{lang}-{term['en']}" for lang, term in TERMS if "typed" in term])
def test_the_words_people_type_are_the_glossarys(language, term):
    table, meaning = term["typed"].split(":")
    typed = getattr(TYPED[language], table)[meaning]
    assert typed, term["typed"]
    known = set(term["forms"]) | set(term.get("reserved", ())) | set(term.get("typed_also", ()))
    assert [word for word in typed if word not in known] == []
    assert term["forms"] == [] or typed[0] in term["forms"] + term.get("reserved", []), \
        "the word said back (the first typed) is one the messages use"


@pytest.mark.parametrize("text, phrases, found", [
    ("the round's winner", ["round"], ["round"]),
    ("rounded half up", ["round"], []),
    ("--out player (who went out)", ["out"], ["out"]),
    ("--out player", ["out"], []),
    ("without", ["out"], []),
])
def test_english_is_read_as_whole_words(text, phrases, found):
    assert says(english_text(text), phrases) == found


@pytest.mark.parametrize("text, forms, found", [
    ("Партия «{ruleset}» в {path}", ["партия"], ["партия"]),
    ("на базаре {n}", ["на базаре", "в базаре"], ["на базаре"]),
    ("выходит", ["выход"], []),
    ("Оля: выход", ["выход"], ["выход"]),
    ("ім'я гравця", ["ім'я"], ["ім'я"]),
])
def test_translations_are_read_as_whole_words(text, forms, found):
    assert holds(text, forms) == found
