"""The typed words in English, Russian and Ukrainian, and on the wrong keyboard layout (issue 24): every
word of every language reads as the English one in a round line and at the session's prompt; a player's
name keeps its meaning beside them; a Russian line gives the match file the English line gives."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from scorekeeper.domain.facts import Match, singles
from scorekeeper.errors import InputError
from scorekeeper.live.commands import COMMANDS
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.notation import play_line, round_line
from scorekeeper.notation.words import (
    ENGLISH,
    LANGUAGES,
    LAYOUTS,
    command_word,
    echo_word,
    may_say,
    on_layout,
    option_word,
    play_word,
    round_word,
)
from scorekeeper.notation.round_line import read_round

SEATS = ("Masha", "Alex", "Olya", "Serg")
GOAT = Match("goat", SEATS, singles(SEATS))

LINES = {  # each round-line word in a line, written with the English word
    "out": "Masha {} 3 13 5",
    "fish": "{} 2 3 13 5",
    "by": "fish {} Olya 2 3 13 5",
    "on": "Masha out {} 6-6, Alex 3, Olya 13, Serg 5",
    "led": "Masha out 3 13 5, {} 1-1",
    "count": "Masha out 3 13 5, Alex {} 20",
    "played": "Masha out 3 13 5, Alex {} 25",
    "plays": "{} Masha 1-1, Alex 1-2; Alex 3, Olya 13, Serg 5",
    "plain": "Masha out on {}, Alex 3, Olya 13, Serg 5, led {}",
}
ADDED = {"plain"}
"""Round words only the other languages add: English reads 'plain' by itself after 'on' and 'led', never as
a rival of a name."""

WORDS = [(language, meaning, word) for language, words in LANGUAGES.items()
         for meaning, said in words.round.items() for word in said]


def same_facts(line: str, english: str, match: Match = GOAT) -> None:
    assert read_round(line, match) == read_round(english, match), line


def test_every_round_word_of_the_syntax_has_a_line_here():
    assert set(LINES) - ADDED == set(round_line.KEYWORDS) == set(ENGLISH.round)
    for words in LANGUAGES.values():
        assert set(words.round) - ADDED == set(ENGLISH.round) and set(words.commands) == set(ENGLISH.commands)
        assert set(words.options) == set(ENGLISH.options) and set(words.plays) == set(ENGLISH.plays)
        assert all(words.round.values()) and all(said for command, said in words.commands.items() if command != "exit")
    assert set(ENGLISH.commands) == set(COMMANDS)
    assert {word for said in ENGLISH.plays.values() for word in said} == set(play_line.KEYWORDS)


@pytest.mark.parametrize("language, meaning, word", WORDS, ids=[f"{lang}-{word}" for lang, _, word in WORDS])
def test_each_languages_word_reads_as_the_english_one(language, meaning, word):
    english = LINES[meaning].format(meaning, meaning)
    for typed in (word, word.upper(), word.capitalize(), word.replace("е", "ё")):
        same_facts(LINES[meaning].format(typed, typed), english)


@pytest.mark.parametrize("word, meaning", [
    ("вышел", "out"), ("вышла", "out"), ("вышли", "out"), ("вийшов", "out"), ("вийшла", "out"),
    ("вийшли", "out"), ("рыба", "fish"), ("риба", "fish"), ("ВЫШЛА", "out"), ("Рыба", "fish"),
    ("счет", "count"), ("счёт", "count"), ("СЧЁТ", "count"),
])
def test_the_words_the_issue_names(word, meaning):
    assert round_word(word) == meaning


LAYOUT_FORMS = [(layout, meaning, on_layout(word, layout)) for layout in LAYOUTS
                for meaning, said in ENGLISH.round.items() for word in said]


@pytest.mark.parametrize("layout, meaning, typed", LAYOUT_FORMS, ids=[f"{l}-{t}" for l, _, t in LAYOUT_FORMS])
def test_english_words_typed_on_a_cyrillic_layout_read_as_typed_on_the_english_one(layout, meaning, typed):
    same_facts(LINES[meaning].format(typed), LINES[meaning].format(meaning))


PLAYS_FORMS = sorted({form for language, meaning, word in WORDS if meaning == "plays"
                      for form in (word, *(on_layout(word, layout, back=language != "en") for layout in LAYOUTS))
                      if form} | {typed for _, meaning, typed in LAYOUT_FORMS if meaning == "plays"})


@given(st.lists(st.sampled_from(PLAYS_FORMS).map(lambda form: form.upper() if len(form) % 2 else form)
                | st.sampled_from([word for _, _, word in WORDS]) | st.text(max_size=4), max_size=5),
       st.lists(st.sampled_from(["", " ", ",", ";", "'", "’", "-", "1", '"']), min_size=6, max_size=6))
def test_a_line_is_read_past_for_plays_only_where_no_word_of_it_says_plays(words, glue):
    """A round line whose folded text holds no form of 'plays' is not split into words to look for it:
    every line with a word that reads as 'plays' holds one."""
    text = "".join(part for pair in zip(glue, words + [""] * 6) for part in pair)
    said = [item.group(0) for item in re.finditer(r"[^\W\d_][\w'’.-]*", text) if round_word(item.group(0)) == "plays"]
    assert may_say(text, "plays") or not said, (text, said)


def test_every_form_of_plays_is_seen_in_a_line():
    assert PLAYS_FORMS and all(round_word(form) == "plays" for form in PLAYS_FORMS)
    for form in PLAYS_FORMS:
        assert may_say(f"Masha out 3 13 5; {form.upper()} Masha 1-1", "plays"), form
    assert not may_say("Masha out, Alex 1-2 3-3, Olya 13, Serg 5", "plays")


@pytest.mark.parametrize("typed, meaning", [
    # the Russian layout (ЙЦУКЕН): s is ы
    ("щге", "out"), ("ашыр", "fish"), ("ин", "by"), ("щт", "on"), ("дув", "led"), ("сщгте", "count"),
    ("здфнув", "played"), ("ЩГЕ", "out"),
    # the Ukrainian layout: s is і; on a Mac, s is и and b is і
    ("ашір", "fish"), ("ашир", "fish"), ("ін", "by"),
    # a Russian or Ukrainian word typed with the English layout on
    ("dsitk", "out"), ("dsikf", "out"), ("dbqijd", "out"), ("rjyws", "count"),
])
def test_wrong_layout_round_words(typed, meaning):
    assert round_word(typed) == meaning


@pytest.mark.parametrize("typed, meaning", [
    ("гтвщ", "undo"), ("ефиду", "table"), ("кувщ", "redo"), ("ыфму", "save"), ("іфму", "save"),
    ("рудз", "help"), ("йгше", "quit"), ("фпфшт", "again"), ("кгдуы", "rules"), ("кгдуі", "rules"),
    ("отмена", "undo"), ("Отмена", "undo"), ("таблица", "table"), ("таблиця", "table"), ("помощь", "help"),
    ("довідка", "help"), ("выход", "quit"), ("вихід", "quit"), ("заново", "again"), ("знову", "again"),
    ("вернуть", "redo"), ("повернути", "redo"), ("почему", "explain"), ("сохранить", "save"),
    ("jnvtyf", "undo"), ("rematch", "again"), ("exit", "exit"), ("UNDO", "undo"),
])
def test_session_commands_in_every_language_and_layout(typed, meaning):
    assert command_word(typed) == meaning


def test_no_typed_form_means_two_things_nor_starts_a_round_line_as_a_command():
    """The forms are derived from the tables and the layouts: two words of one table (or a round-line word
    and a command) that came out as the same letters would make one of them unreachable."""
    reading = {"round": round_word, "commands": command_word, "options": option_word, "plays": play_word}
    for table, read in reading.items():
        seen: dict[str, set[str]] = {}
        for words in LANGUAGES.values():
            for meaning, said in getattr(words, table).items():
                for word in said:
                    forms = [word.casefold().replace("ё", "е")]
                    forms += [on_layout(word, layout, back=words.language != "en") for layout in LAYOUTS]
                    for form in filter(None, forms):
                        seen.setdefault(form, set()).add(meaning)
                        assert read(form) == meaning, (table, word, form)
                        if table == "round":
                            assert command_word(form) is None, form
        assert {form: meant for form, meant in seen.items() if len(meant) > 1} == {}, table


def test_options_and_play_words():
    assert [option_word(word) for word in ("все", "Всё", "усі", "dct", "список", "рыба", "роздача")] == \
        ["all", "all", "all", "all", "list", "fish", "deal"]
    assert [play_word(word) for word in ("стук", "пас", "берёт", "бере", "на", "knocks", "лтщсл")] == \
        ["knocks", "knocks", "draws", "draws", "on", "knocks", "knocks"]


# -- names beside the words -----------------------------------------------------------------------------------
CYRILLIC = ("Маша", "Рыбаков", "Оля", "Вышинский")
TABLE = Match("goat", CYRILLIC, singles(CYRILLIC))


@pytest.mark.parametrize("line, english", [
    ("Маша вышла 3 13 5", "Маша out 3 13 5"),
    ("Выш вышел 1 2 3", "Вышинский out 1 2 3"),  # 'вышел' is no start of Вышинский: the word
    ("вышел Вышинский 1 2 3", "out Вышинский 1 2 3"),
    ("Вышинский вышел, Маша 6-6, Рыб 5, Оля 3", "Вышинский out, Маша 6-6, Рыбаков 5, Оля 3"),
    ("fish закрыла Оля 1 2 3 4", "fish by Оля 1 2 3 4"),
    ("оля вышла, маша 3, рыбаков 13, вышинский 5", "Оля out, Маша 3, Рыбаков 13, Вышинский 5"),
    ("Оля щге 1 2 3", "Оля out 1 2 3"),
])
def test_cyrillic_names_beside_the_words(line, english):
    same_facts(line, english, TABLE)


def test_a_word_that_names_a_player_today_keeps_naming_them():
    """'рыба' is the start of Рыбаков: it named him before the words were added, and still does ('fish', or
    any other form of it, says the fish); the refusal it leads to says so."""
    same_facts("Маша вышла, рыба 5, Оля 3, Выш 2", "Маша out, Рыбаков 5, Оля 3, Вышинский 2", TABLE)
    same_facts("ашыр 1 2 3 4", "fish 1 2 3 4", TABLE)
    same_facts("fish 1 2 3 4", "fish 1 2 3 4", TABLE)
    with pytest.raises(InputError, match="'рыба' is Рыбаков at this table: write 'fish' for the word"):
        read_round("рыба 1 2 3 4", TABLE)
    assert round_word("рыба", CYRILLIC) is None and round_word("рыба") == "fish"


@pytest.mark.parametrize("seats, line, english", [
    (("Рыба", "Оля", "Маша"), "Рыба вышла 3 4", "\"Рыба\" out 3 4"),  # a player called like a word: the player
    (("Рыба", "Оля", "Маша"), "fish 1 2 3", "fish 1 2 3"),  # the English word is still the word
    (("Инна", "Оля", "Маша"), "ин out 3 4", "Инна out 3 4"),  # 'ин' is 'by' on the Russian layout
    (("Инна", "Оля", "Маша"), "fish by ол 1 2 3", "fish by Оля 1 2 3"),
    (("Ann", "Bob", "Cid"), "fish ин Bob 1 2 3", "fish by Bob 1 2 3"),  # nobody called so: the word
    (("Отмена", "Оля", "Маша"), "Отмена вышла 3 4", "\"Отмена\" out 3 4"),
])
def test_precedence_of_a_player_named_like_a_word(seats, line, english):
    match = Match("goat", seats, singles(seats))
    same_facts(line, english, match)


def test_english_words_keep_their_precedence_over_names():
    """As before the added words: a player called 'Out' is the word when typed bare, named in quotes."""
    seats = ("Out", "Bob", "Cid")
    match = Match("goat", seats, singles(seats))
    same_facts('"Out" out 1 2', '"Out" out 1 2', match)
    assert read_round('"Out" out 1 2', match).out == "Out"
    with pytest.raises(InputError):
        read_round("Out out 1 2", match)


def test_a_russian_round_is_written_back_in_english():
    facts = read_round("Маша вышла последней 6-6, заход 1-1, Оля 3, Рыбаков 13, Выш 5", TABLE)
    assert facts.out == "Маша" and facts.led == (1, 1) and facts.last == ((6, 6),)


@pytest.mark.parametrize("language, line", [
    ("en", "Masha out on 6-6, led 1-1, Alex 3, Olya 13, Serg 5, Alex count 20, Olya played 25"),
    ("ru", "Masha выходит последней 6-6, заход 1-1, Alex 3, Olya 13, Serg 5, Alex концы 20, Olya сыграно 25"),
    ("uk", "Masha виходить останньою 6-6, захід 1-1, Alex 3, Olya 13, Serg 5, Alex кінці 20, Olya зіграно 25"),
])
def test_a_round_is_said_back_in_a_languages_first_words_and_reads_back(language, line):
    """The echo speaks the language with its first words, forms with no gender (the echo does not know who
    is Masha), and reads back as the same round."""
    english = read_round("Masha out on 6-6, led 1-1, Alex 3, Olya 13, Serg 5, Alex count 20, Olya played 25", GOAT)
    rnd = _recorded(english)
    assert round_line.format_round(rnd, GOAT, language=language) == line
    assert read_round(line, GOAT) == english
    assert round_line.format_round(rnd, GOAT) == round_line.format_round(rnd, GOAT, language="en")


def _recorded(facts):
    from scorekeeper.match.usecases import round_from_facts
    from scorekeeper.rules.loader import load_ruleset

    return round_from_facts(GOAT, load_ruleset("muggins"), facts)


@pytest.mark.parametrize("language, said", [("en", "fish by Olya"), ("ru", "рыба рыбак Olya"),
                                            ("uk", "риба рибалка Olya")])
def test_a_fish_is_said_back_with_the_fisherman(language, said):
    facts = read_round("fish by Olya, 2 3 13 5", GOAT)
    assert round_line.format_round(_recorded(facts), GOAT, language=language).startswith(said + ", ")


def test_a_word_that_names_a_player_is_said_in_english():
    """At a table with Рыбаков, 'рыба' and 'рыбак' name him: the echo writes 'fish by', which reads back."""
    seats = ("Рыбаков", "Маша", "Оля", "Серж")
    table = Match("goat", seats, singles(seats))
    assert echo_word("round", "fish", "ru", seats) == "fish"
    assert echo_word("round", "by", "ru", seats) == "by"
    assert echo_word("round", "fish", "uk", seats) == "риба"  # 'риба' is not the start of Рыбаков
    assert echo_word("round", "out", "ru", seats) == "выходит"
    facts = read_round("fish by Маша 2 3 13 5", table)
    from scorekeeper.match.usecases import round_from_facts
    from scorekeeper.rules.loader import load_ruleset

    rnd = round_from_facts(table, load_ruleset("goat"), facts)
    for language in ("ru", "uk"):
        said = round_line.format_round(rnd, table, language=language)
        assert read_round(said, table) == facts, said


def test_the_first_word_of_a_row_has_no_gender():
    """The echo's words: no past tense of a verb, whose ending says the player's gender (вышел, вышла)."""
    for words in (LANGUAGES["ru"], LANGUAGES["uk"]):
        first = [said[0] for table in (words.round, words.plays) for said in table.values()]
        assert not [word for word in first if re.search(r"(л|ла|ли|в)$", word)], first


# -- the same match file -----------------------------------------------------------------------------------
ENGLISH_MATCH = ["Masha out, Alex 1-2 3-3, Olya 13, Serg 5", "fish by Olya, 2 3 13 5",
                 "Alex out on 6-6, led 1-1, Olya 5-5 1-2, Serg 4, Masha 9", "Serg out 1 2 3"]
RUSSIAN_MATCH = ["Masha вышла, Alex 1-2 3-3, Olya 13, Serg 5", "рыба закрыла Olya, 2 3 13 5",
                 "Alex вышел последней 6-6, заход 1-1, Olya 5-5 1-2, Serg 4, Masha 9", "Serg щге 1 2 3"]
UKRAINIAN_MATCH = ["Masha вийшла, Alex 1-2 3-3, Olya 13, Serg 5", "риба закрила Olya, 2 3 13 5",
                   "Alex вийшов останньою 6-6, захід 1-1, Olya 5-5 1-2, Serg 4, Masha 9", "Serg вийшов 1 2 3"]


@pytest.mark.parametrize("lines", [RUSSIAN_MATCH, UKRAINIAN_MATCH], ids=["ru", "uk"])
def test_a_match_typed_in_russian_is_the_file_the_english_lines_give(tmp_path, lines):
    from conftest import Table

    files = []
    for name, typed in (("en", ENGLISH_MATCH), ("typed", lines)):
        folder = tmp_path / name
        folder.mkdir()
        sk = Table(folder)
        sk("new", "--rules", "goat", *SEATS)
        for line in typed:
            sk("round", line)
        files.append(sk.path.read_text(encoding="utf-8"))
    assert files[0] == files[1]


# -- the session's commands ----------------------------------------------------------------------------------
# (which command a line starts with, in any language or layout: tests/live/test_line.py)
def test_the_words_after_a_command_in_every_language_and_layout_are_the_english_ones(sk):
    sk("new", "--rules", "goat", *SEATS)
    session = LiveSession.open(str(sk.path), screen=lambda: Screen(80, 24))
    assert session.handle("Masha вышла 3 13 5").ok
    every = session.handle("table all")
    assert every.page and "1  Masha out" in every.text
    for line in ("таблица все", "ефиду фдд", "таблиця усі", "table --all", "table ALL"):
        assert session.handle(line) == every, line
    assert not session.handle("таблица рыба").ok
    assert session.handle("отмена список").delegate == session.handle("undo list").delegate == ("undo", "--list")
    assert session.handle("проверить рыба 2-4 4-1").delegate == ("check", "fish", "--line", "'2-4 4-1'")
    assert session.handle("check раздача").delegate == ("check", "deal")
    assert session.handle("explain 1 все") == session.handle("explain 1 all")


def test_commands_typed_in_russian_do_what_the_english_ones_do(sk):
    sk("new", "--rules", "goat", *SEATS)
    session = LiveSession.open(str(sk.path))
    assert session.handle("Masha вышла 3 13 5").ok
    table = session.handle("table").text
    assert session.handle("таблица").text == table == session.handle("ефиду").text
    assert session.handle("помощь").text == session.handle("help").text == session.handle("довідка").text
    assert session.handle("гтвщ").text.startswith("Dropped round 1")
    assert session.handle("вернуть").text.startswith("Put back round 1")
    assert session.handle("отмена").text.startswith("Dropped round 1")
    assert not session.state.match.rounds
    said = session.handle("отмна")
    assert not said.ok and "(did you mean отмена?)" in said.text
    assert session.handle("выход").quit


def test_help_says_other_languages_work(sk):
    sk("new", "--rules", "goat", *SEATS)
    for width in (40, 80):
        session = LiveSession.open(str(sk.path), screen=lambda: Screen(width, 24))
        assert "Russian and Ukrainian words work too." in " ".join(session.handle("help").text.split())


@pytest.mark.parametrize("edition, heading", [("rules.md", "## 11. Words in Russian and Ukrainian"),
                                              ("rules.ru.md", "## 11. Слова по-русски и по-украински"),
                                              ("rules.uk.md", "## 11. Слова російською та українською")])
def test_the_rule_book_lists_every_word(edition, heading):
    """rules.md §11 (and the same section of the Russian and Ukrainian editions) is the scorer's list of the
    words: each word of each table is in it, as typed."""
    from pathlib import Path

    book = (Path(__file__).resolve().parents[2] / "docs" / edition).read_text(encoding="utf-8")
    section = book[book.index(heading):]
    listed = set(re.findall(r"`([^`]+)`", section))
    for words in (LANGUAGES["ru"], LANGUAGES["uk"]):  # beside the English word each means
        for table in ("round", "commands", "options", "plays", "answers"):
            missing = [word for said in getattr(words, table).values() for word in said if word not in listed]
            assert not missing, (words.language, table, missing)


PLAY_LINES = {  # each play-line word in a play, written with the English word
    "knocks": "Masha 6-6, Alex {}", "draws": "Masha 6-6, Alex {} 2", "on": "Masha 6-6, Alex 6-3 {} 6",
    "missed": "Masha 6-6, Alex 6-3 {}", "muggins": "Masha 6-6, Alex 6-3 {} Olya",
}
PLAY_WORDS = [(language, meaning, word) for language, words in LANGUAGES.items() if language != "en"
              for meaning, said in words.plays.items() for word in said]


@pytest.mark.parametrize("language, meaning, word", PLAY_WORDS, ids=[f"{lang}-{word}" for lang, _, word in PLAY_WORDS])
def test_each_play_word_in_every_form_reads_as_the_english_one(language, meaning, word):
    """A play word in every form a scorer types (he, she, a pair; the present said back): 'прозевала' is
    'missed' as 'прозевал' is, not an unknown player."""
    english = play_line.parse_plays(PLAY_LINES[meaning].format(meaning), SEATS)
    for typed in (word, word.upper(), word.capitalize()):
        assert play_line.parse_plays(PLAY_LINES[meaning].format(typed), SEATS) == english, typed


@pytest.mark.parametrize("line, english", [
    ("Маша 6-6, Саша 6-3 прозевала", "Masha 6-6, Alex 6-3 missed"),
    ("Маша 6-6, Оля стучала", "Masha 6-6, Olya knocks"), ("Маша 6-6, Оля постучала", "Masha 6-6, Olya knocks"),
    ("Маша 6-6, Саша взял 2", "Masha 6-6, Alex draws 2"), ("Маша 6-6, Оля брала", "Masha 6-6, Olya draws"),
    ("Маша 6-6, Оля 6-3 проґавила", "Masha 6-6, Olya 6-3 missed"),
    ("Маша 6-6, Серж 6-3 прогавив", "Masha 6-6, Serg 6-3 missed"),
    ("Маша 6-6, Оля стукала", "Masha 6-6, Olya knocks"), ("Маша 6-6, Оля узяла 3", "Masha 6-6, Olya draws 3"),
])
def test_the_forms_the_issue_names(line, english):
    players = SEATS + ("Маша", "Саша", "Оля", "Серж")
    cyrillic = {"Маша": "Masha", "Саша": "Alex", "Оля": "Olya", "Серж": "Serg"}
    plays = play_line.parse_plays(line, players)
    assert tuple(play._replace(player=cyrillic[play.player]) for play in plays) == \
        play_line.parse_plays(english, players)


@pytest.mark.parametrize("line, english", [
    ("Маша вышла последними 2-2 5-5, Саша 3, Оля 13, Серж 5", "Masha out on 2-2 5-5, Alex 3, Olya 13, Serg 5"),
    ("Маша вийшла останніми 2-2 5-5, Саша 3, Оля 13, Серж 5", "Masha out on 2-2 5-5, Alex 3, Olya 13, Serg 5"),
    ("рыба закрывает Оля 2 3 13 5", "fish by Olya 2 3 13 5"), ("риба закриває Оля 2 3 13 5", "fish by Olya 2 3 13 5"),
    ("Маша вышла 3 13 5, зашла 1-1", "Masha out 3 13 5, led 1-1"),
    ("Маша вийшла 3 13 5, зайшов 1-1", "Masha out 3 13 5, led 1-1"),
])
def test_the_round_words_in_every_form(line, english):
    seated = Match("goat", ("Маша", "Саша", "Оля", "Серж"), singles(("Маша", "Саша", "Оля", "Серж")))
    names = dict(zip(("Masha", "Alex", "Olya", "Serg"), ("Маша", "Саша", "Оля", "Серж")))
    for latin, cyr in names.items():
        english = english.replace(latin, cyr)
    assert read_round(line, seated) == read_round(english, seated), line


@pytest.mark.parametrize("typed, meaning", [
    ("y", "yes"), ("Yes", "yes"), ("да", "yes"), ("Да", "yes"), ("д", "yes"), ("так", "yes"), ("нуы", "yes"),
    ("нуі", "yes"), ("lf", "yes"), ("nfr", "yes"),
    ("n", "no"), ("no", "no"), ("нет", "no"), ("ні", "no"), ("тщ", "no"), ("ytn", "no"),
    ("т", "no"),  # 'n' on the Russian and Ukrainian layouts: once read as Ukrainian 'так'
    ("н", "no"),  # Russian 'нет', and 'y' on the Russian layout: no clear yes
    ("l", None), ("maybe", None), ("Masha out 3 13 5", None),
])
def test_answers_to_the_sessions_question(typed, meaning):
    from scorekeeper.notation.words import answer_word

    assert answer_word(typed) == meaning


def test_n_typed_on_the_russian_layout_does_not_record_an_implausible_round(sk):
    sk("new", "--rules", "goat", *SEATS)
    session = LiveSession.open(str(sk.path))
    before = sk.path.read_bytes()
    assert session.handle("m out 80 1 1").question
    assert session.answer("т").text == "Not recorded."
    assert sk.path.read_bytes() == before
    assert session.handle("m out 80 1 1").question
    assert session.answer("нуы").text.startswith("Round 1: Masha out")
