"""A player's name, in Russian and Ukrainian, stays as the table typed it: never declined, of any gender, or a
pair's ("Ann & Bob"). So no translation puts a preposition that asks for another case right before a name
(``у {player}``, ``для {name}``), glues an ending to one (``{name}у``), or follows one with a past tense or a
short adjective that says "he" or "she" (``{player} вышел``, ``{name} должен``): a name is a subject in the
present tense, an apposition to a noun that takes the case (``у игрока {player}``), or ``{name}: ...``."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

import catalogs

NAMES = ("player", "players", "name", "names", "side", "sides", "who", "winner", "loser", "losers", "leader",
         "holder", "taker", "partner", "finisher", "turn", "chosen", "recorders", "by", "first", "out")
"""The fields that hold a player's, a side's or a team's name (``{name}`` and ``{first}`` sometimes hold other
things: the tests below allow nothing for them either, and no translation needs more; ``{missing}`` is a tile
as often as a name, and agrees as a tile)."""

PREPOSITIONS = {
    "ru": ("у", "для", "от", "к", "ко", "с", "со", "о", "об", "про", "без", "до", "при", "за", "после", "против",
           "между", "кроме", "около", "вместо", "возле", "ради", "на", "по", "над", "под", "перед", "через"),
    "uk": ("у", "в", "для", "від", "до", "к", "з", "із", "зі", "зо", "о", "об", "про", "без", "при", "за", "після",
           "проти", "між", "крім", "біля", "замість", "серед", "на", "по", "над", "під", "перед", "через"),
}
"""Prepositions that ask for a case other than the nominative."""

GENDERED = {
    "ru": re.compile(r"\w+(?:л|ла|лся|лась)|(?:[вс]?мог|(?:вы|у|за|при|под|во|до|пере|про|на)?ш[её]л)|"
                     r"должен|должна|обязан|обязана|готов|готова|рад|рада|согласен|согласна|виноват|виновата"),
    "uk": re.compile(r"\w+(?:[аеиоуяюї]в|ла|вся|лася)|з?міг|\w*(?:хотів|вмів|умів|сидів|летів|велів)|"
                     r"(?:по)?винен|(?:по)?винна|мусив|мусила|готовий|готова|радий|рада|згоден|згодна|"
                     r"винуватий|винувата"),
}
"""A past tense or a short adjective that says "he" or "she" (a plural, a neuter or a present tense does not;
Ukrainian -ів is a plural noun's ending far more often than a verb's, so only those verbs are named)."""

FIELD = r"\{(?:" + "|".join(NAMES) + r")\}"


def _strings():
    for language in catalogs.LANGUAGES:
        with open(catalogs.po_path(language), "rb") as handle:
            catalog = read_po(handle, locale=language, domain="scorekeeper")
        for message in catalog:
            if not message.id:
                continue
            english = message.id if isinstance(message.id, tuple) else (message.id,)
            if not any(re.search(FIELD, text) for text in english):
                continue
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                yield language, english[0], form


STRINGS = list(_strings())


def problems(language: str, text: str) -> list[str]:
    """What in ``text`` declines a name or gives it a gender. A name inside quotes is what was typed, quoted
    (``после '{player} {tile} on'``), and takes no case."""
    before = r"(?<![\w'«\"])(?:" + "|".join(PREPOSITIONS[language]) + r")\s+" + FIELD
    after = FIELD + r"\s+(\w+)"
    found = [match.group(0) for match in re.finditer(before, text, re.I)]
    found += [match.group(0) for match in re.finditer(after, text) if GENDERED[language].fullmatch(match.group(1))]
    found += re.findall(FIELD + r"[а-яёіїєґ]", text, re.I)
    return found


def test_there_are_names_to_check():
    assert {language for language, _, _ in STRINGS} == set(catalogs.LANGUAGES)
    assert len(STRINGS) > 400


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
def test_no_name_is_declined_or_given_a_gender(language):
    found = [(english, text, problems(language, text)) for lang, english, text in STRINGS if lang == language]
    assert [item for item in found if item[2]] == []


@pytest.mark.parametrize("language, text", [
    ("ru", "у {player} сумма {total}"), ("ru", "не давайте для {player} руки"), ("ru", "{player} вышел"),
    ("ru", "{name} ушёл из-за стола"), ("ru", "{player} должен брать"), ("ru", "{side} сделал рыбу"),
    ("ru", "ход {number}: {player} мог ходить"), ("ru", "чем у {name}у"), ("ru", "{player} вышла"),
    ("uk", "у {player} сума {total}"), ("uk", "в {player} є {tile}"), ("uk", "{player} вийшов з {tiles}"),
    ("uk", "{player} зайшла"), ("uk", "{player} пропустив {points}"), ("uk", "{name} винен 6-6"),
    ("uk", "{player} міг ходити"), ("uk", "рибу зробив {by}, після {player}"),
])
def test_the_check_sees_a_declined_or_gendered_name(language, text):
    assert problems(language, text)


@pytest.mark.parametrize("language, text", [
    ("ru", "у игрока {player} было {tiles}"), ("ru", "{player} выходит: {side} получает очки"),
    ("ru", "ход {number}: после '{player} {tile} on' нужно число"), ("ru", "{sides} вместе дошли до {score}"),
    ("ru", "рыба: {name}"), ("ru", "{name}: выход на {tiles}"),
    ("uk", "у гравця {player} було {tiles}"), ("uk", "{player} виходить: {side} отримує очки"),
    ("uk", "{player} має брати з базару"), ("uk", "риба: {name}"), ("uk", "{sides} разом дійшли до {score}"),
])
def test_the_check_lets_a_name_in_the_nominative_be(language, text):
    assert problems(language, text) == []
