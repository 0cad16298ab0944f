"""The session says rounds and plays back in the players' language, and Tab completes its words (issue 24):
the echo of a round (``Кон 1: Маша выходит, ...``) and of a play (``Боря стучит``) in the words of the
language in use, which read back as the same round, the match file keeping English; Tab offers the commands,
the words after them, the round line's and the plays' words in English and the language in use."""

from __future__ import annotations

import re

import pytest

from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.round_line import read_round

GOAT_PLAYERS = ("Маша", "Алекс", "Оля", "Серж")
MUGGINS_PLAYERS = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture
def session(tmp_path):
    """A session on a new match, speaking a language for the test (English again after it)."""
    from scorekeeper import i18n

    def opened(ruleset: str, players: tuple[str, ...], language: str) -> LiveSession:
        path = str(tmp_path / f"{ruleset}-{language}.toml")
        usecases.new(path, ruleset, players, (), (), False)
        i18n.use(language)
        return LiveSession.open(path, screen=lambda: Screen(None, None))

    yield opened
    i18n.use("en")


ECHOES = {
    "en": ["Round 1: Серж out on 5-5, led 1-1, Маша 4, Алекс 3, Оля 12",
           "Round 2: fish by Оля, Маша 2, Алекс 3, Оля 10, Серж 4"],
    "ru": ["Кон 1: Серж выходит последней 5-5, заход 1-1, Маша 4, Алекс 3, Оля 12",
           "Кон 2: рыба рыбак Оля, Маша 2, Алекс 3, Оля 10, Серж 4"],
    "uk": ["Партія 1: Серж виходить останньою 5-5, захід 1-1, Маша 4, Алекс 3, Оля 12",
           "Партія 2: риба рибалка Оля, Маша 2, Алекс 3, Оля 10, Серж 4"],
}


@pytest.mark.parametrize("language", sorted(ECHOES))
def test_a_recorded_round_is_said_back_in_the_language_and_reads_back(session, language):
    live = session("goat", GOAT_PLAYERS, language)
    typed = ["Серж out on 5-5, led 1-1, Маша 4, Алекс 3, Оля 12", "fish by о 2 3 10 4"]
    said = [live.handle(line).text.splitlines()[0] for line in typed]
    assert said == ECHOES[language]
    match = live.state.match
    for line, echo in zip(typed, said):  # what is said back, typed again, is the same round
        assert read_round(echo.split(": ", 1)[1], match) == read_round(line, match)


def test_the_match_file_keeps_the_english_words(session, tmp_path):
    for language in ("en", "ru"):
        live = session("goat", GOAT_PLAYERS, language)
        live.handle("Маша вышла, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5")
        live.handle("рыба закрыла о 2 3 10 4")
    english = (tmp_path / "goat-en.toml").read_text(encoding="utf-8")
    assert (tmp_path / "goat-ru.toml").read_text(encoding="utf-8") == english
    assert 'end = "fish"' in english and "рыба" not in english


PLAYS = {  # (line typed, what the session answers) in English, Russian and Ukrainian
    "en": [("a 66", "Ann 6-6 · 6+6 = 12 · Bob"), ("b draws 8", "Bob draws 8 · Bob"),
           ("b knocks", "Bob knocks · Cat"), ("c 06", "Cat 6-0 · 6+6+0 = 12 · Dan"),
           ("d 36 a 34 b 44 c 03 d 14 a 26", "Ann 6-2 · 6+3+1+2 = 12 · Bob"),
           ("b 23 on 3", "Bob 3-2 on 3 · 6+1+2+2 = 11 · Cat"), ("undo", "Took back Bob 2-3 on 3: Bob to play.")],
    "ru": [("a 66", "Ann 6-6 · 6+6 = 12 · Bob"), ("b берёт 8", "Bob берёт 8 · Bob"),
           ("b стук", "Bob стучит · Cat"), ("c 06", "Cat 6-0 · 6+6+0 = 12 · Dan"),
           ("d 36 a 34 b 44 c 03 d 14 a 26", "Ann 6-2 · 6+3+1+2 = 12 · Bob"),
           ("b 23 на 3", "Bob 3-2 на 3 · 6+1+2+2 = 11 · Cat"), ("отмена", "Отменён ход: Bob 2-3 на 3; ходит Bob.")],
    "uk": [("a 66", "Ann 6-6 · 6+6 = 12 · Bob"), ("b бере 8", "Bob бере 8 · Bob"),
           ("b пас", "Bob стукає · Cat"), ("c 06", "Cat 6-0 · 6+6+0 = 12 · Dan"),
           ("d 36 a 34 b 44 c 03 d 14 a 26", "Ann 6-2 · 6+3+1+2 = 12 · Bob"),
           ("b 23 на 3", "Bob 3-2 на 3 · 6+1+2+2 = 11 · Cat"),
           ("скасувати", "Скасовано хід: Bob 2-3 на 3; ходить Bob.")],
}


@pytest.mark.parametrize("language", sorted(PLAYS))
def test_each_play_is_said_back_in_the_language(session, language):
    live = session("muggins", MUGGINS_PLAYERS, language)
    for typed, said in PLAYS[language]:
        assert live.handle(typed).text.splitlines()[-1] == said, typed
    refused = {"en": "Error: Cat 6-6: it is Bob's turn, not Cat's ('allow' lets it stand as played)",
               "ru": "Ошибка: Cat 6-6: сейчас ходит Bob, а не Cat ('оставить' — оставить ход в силе, как сыграли)",
               "uk": "Помилка: Cat 6-6: зараз ходить Bob, а не Cat ('залишити' — залишити хід у силі, як зіграли)"}
    assert live.handle("c 66").text == refused[language]


def test_a_hand_recorded_play_by_play_is_said_back_with_its_count_of_plays(session):
    live = session("goat", ("Ann", "Bob", "Cat", "Dan"), "ru")
    live.handle("Ann out, Bob 5, Cat 5, Dan 5")  # the first round's lead is 1-1's: Ann leads the second
    for line in ("a 24 b 41 c 12 on 1 d 26", "a 60 b 02 on 0 c 23 d 35 on 3"):
        live.handle(line)
    assert live.handle("a 52 on 5").text.splitlines()[-1] == "Ни у кого нет? Введите 'рыба'."
    assert live.handle("рыба").text.splitlines()[0] == "Bob стучит · Cat"  # the word the hand asked for
    said = live.handle("a 20 b 26 c 30 d 42").text.splitlines()[0]  # the 118 pips of the tiles not played
    assert said == "Кон 2: рыба рыбак Ann, заход 2-4, Ann 20, Bob 26, Cat 30, Dan 42, 13 ходов"


def test_explain_says_the_hand_play_by_play_in_the_language(session):
    live = session("muggins", MUGGINS_PLAYERS, "ru")
    for line in ("a 66", "b берёт 8", "b стук", "c 06", "d 36 a 34", "b 44", "c 03 d 14 a 26", "b 23 on 3",
                 "c 16 on 6 d 15", "a 25 on 2 b 22 c 11 d 56", "a 05", "b 1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4, c 3-5, d 4-6"):
        live.handle(line)
    explained = live.handle("объяснить 1").text
    assert " 2 Bob берёт 8 · Bob" in explained and " 3 Bob стучит · Cat" in explained
    assert "knocks" not in explained and "draws" not in explained


# -- Tab --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language, before, word, offered", [
    ("ru", "", "от", ["отмена", "отменить"]),
    ("ru", "", "та", ["таблица"]),
    ("ru", "", "t", ["table"]),
    ("uk", "", "ск", ["скасувати"]),
    ("en", "", "от", []),  # English only under --lang en
    ("en", "", "u", ["undo"]),
    ("ru", "", "ма", ["Маша"]),
    ("ru", "проверить ", "р", ["рыба", "раздача", "рука"]),
    ("ru", "check ", "", ["fish", "deal", "hand", "count", "рыба", "раздача", "рука", "концы", "счёт"]),
    ("uk", "перевірити ", "р", ["риба", "роздача", "рука", "рахунок"]),
    ("en", "check ", "", ["fish", "deal", "hand", "count"]),
    ("ru", "таблица ", "", ["all", "все", "всё"]),
    ("ru", "Маша ", "вы", ["выходит", "вышел", "вышла", "вышли"]),
    ("uk", "Маша ", "ви", ["виходить", "вийшов", "вийшла", "вийшли"]),
    ("ru", "рыба ", "ры", ["рыба", "рыбак"]),
    ("ru", "Маша 3 ", "", list(GOAT_PLAYERS) + ["out"]),  # the start: names first, then the words
    ("ru", "Маша щге ", "", None),  # a word on the wrong layout is not completed
])
def test_tab_offers_the_words_of_english_and_the_language_in_use(session, language, before, word, offered):
    live = session("goat", GOAT_PLAYERS, language)
    found = live.completions(before, word)
    if offered is None:
        assert "щге" not in found and "щт" not in found
    elif before == "Маша 3 ":
        assert found[:5] == offered
    else:
        assert found == offered


def test_tab_in_english_offers_what_it_offered_before_and_the_play_words(session):
    live = session("goat", GOAT_PLAYERS, "en")
    assert live.completions("", "") == ["undo", "allow", "redo", "edit", "delete", "table", "explain", "ends", "held",
                                        "check", "rules",
                                        "again", "save", "help", "quit"] + list(GOAT_PLAYERS)
    assert live.completions("Маша ", "") == list(GOAT_PLAYERS) + [
        "out", "fish", "by", "on", "led", "count", "played", "plays",
        "knocks", "knock", "passes", "pass", "draws", "draw", "missed", "muggins"]


@pytest.mark.parametrize("language, word, offered", [
    ("ru", "ст", ["стучит", "стук", "стучал", "стучала", "стучали"]),
    ("ru", "бер", ["берёт"]),
    ("ru", "k", ["knocks", "knock"]),
    ("uk", "ст", ["стукає", "стук", "стукав", "стукала", "стукали"]),
    ("en", "d", ["Dan", "draws", "draw"]),
    ("en", "ст", []),
])
def test_tab_in_a_hand_offers_the_play_words(session, language, word, offered):
    live = session("muggins", MUGGINS_PLAYERS, language)
    live.handle("a 66")
    assert live.completions("b ", word) == offered


def test_tab_without_a_hand_offers_the_play_words_after_the_round_words(session):
    live = session("muggins", MUGGINS_PLAYERS, "ru")
    assert live.completions("b ", "к") == ["концы", "knocks", "knock"]  # 'count' and a play that starts a hand


# -- through a real terminal ------------------------------------------------------------------------------
def typed_with_tab(play, keys: str) -> list[str]:
    """Send ``keys`` (a Tab in them completes) and Enter; the lines shown up to the next prompt, the typed
    line as readline shows it first."""
    from pty_session import PROMPT

    play.child.send(keys + "\r")
    play.child.expect(PROMPT)
    return play.child.before.replace("\r\n", "\n").rstrip("\n").splitlines()


@pytest.mark.parametrize("language, echo, table, knocks", [
    ("ru", "Кон 1: Маша выходит · Алекс 1-2 3-3", "таблица", "Bob стучит · Cat"),
    ("uk", "Партія 1: Маша виходить · Алекс 1-2 3-3", "таблиця", "Bob стукає · Cat"),
])
def test_the_echo_and_tab_in_a_terminal_at_40_columns(tmp_path, language, echo, table, knocks):
    pytest.importorskip("pexpect")
    from pty_session import Play

    (tmp_path / "goat").mkdir()
    play = Play(tmp_path / "goat", "--lang", language, "--rules", "goat", *GOAT_PLAYERS, columns=40)
    answer = play.say("Маша вышла, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5")
    assert answer.splitlines()[0] == echo
    assert all(len(line) <= 40 for line in answer.splitlines())
    shown = typed_with_tab(play, "табл\t")  # a Russian or Ukrainian command completed
    assert shown[0] == f"{table} "  # what readline shows of the line: the word completed
    assert any(re.match(r"1 +Маша", line) for line in shown[1:])  # the table's row: the command ran
    play.quit()

    (tmp_path / "muggins").mkdir()
    play = Play(tmp_path / "muggins", "--lang", language, "--rules", "muggins", *MUGGINS_PLAYERS, columns=40)
    assert play.say("a 66") == "Ann 6-6 · 6+6 = 12 · Bob\n"
    shown = typed_with_tab(play, "b бер\t8")  # a play word completed: берёт, бере
    assert shown[0] == {"ru": "b берёт 8", "uk": "b бере 8"}[language]
    assert shown[1] == {"ru": "Bob берёт 8 · Bob", "uk": "Bob бере 8 · Bob"}[language]
    shown = typed_with_tab(play, "b kn\t")  # the English words too
    assert shown[0].replace("\a", "") == "b knock" and shown[1] == knocks
    play.say("quit")  # a hand is in play: said once, then the session leaves without it
    play.quit()


def test_what_a_screen_leaves_out_is_asked_for_in_the_languages_words(tmp_path):
    """'table all' and 'explain N all', pointed to where a narrow screen leaves rows out, in Russian words."""
    from scorekeeper import i18n

    path = str(tmp_path / "match.toml")
    usecases.new(path, "goat", GOAT_PLAYERS, (), (), False)
    i18n.use("ru")
    try:
        live = LiveSession.open(path, screen=lambda: Screen(40, 24))
        for number in range(12):
            live.handle(f"Маша out 1 2 {number}")
        assert "'таблица все'" in live.handle("таблица").text
        assert "'объяснить 1 все'" in live.handle("объяснить 1").text
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language, typed, echo", [
    ("ru", "Ann вышла последней простая, заход простой, Bob 30", "Кон 1: Ann выходит последней простой, заход простой"),
    ("uk", "Ann вийшла останньою проста, захід простий, Bob 30", "Партія 1: Ann виходить останньою простою, захід простий"),
    ("en", "Ann out on plain, led plain, Bob 30", "Round 1: Ann out on plain, led plain"),
])
def test_a_plain_tile_is_typed_and_said_in_the_language(session, tmp_path, language, typed, echo):
    live = session("sea-goat", ("Ann", "Bob"), language)
    said = live.handle(typed).text.splitlines()[0]
    assert said.startswith(echo), said
    text = (tmp_path / f"sea-goat-{language}.toml").read_text(encoding="utf-8")
    assert 'led = "plain", last = "plain"' in text  # the file says it in English whatever the language


@pytest.mark.parametrize("language, rules, more", [
    ("ru", "правила", "Ещё: 'правила все' покажет все правила, 'правила КЛЮЧ' — одно (например, 'правила "
                      "end.target'), 'объяснить N' — как считался кон N."),
    ("uk", "правила", "Ще: 'правила усі' покаже всі правила, 'правила КЛЮЧ' — одне (наприклад, 'правила "
                      "end.target'), 'пояснити N' — як рахувалася партія N."),
])
def test_the_rules_summary_names_the_commands_in_the_language(session, language, rules, more):
    live = session("goat", ("Ann", "Bob"), language)
    assert " ".join(live.handle(rules).text.split()).endswith(more)


@pytest.mark.parametrize("language, pointer", [("ru", "(1 примечание, как раньше: см. 'объяснить 2')"),
                                               ("uk", "(1 примітка, як раніше: див. 'пояснити 2')"),
                                               ("en", "(1 note as before: see 'explain 2')")])
def test_a_note_as_before_points_to_the_sessions_own_command(session, language, pointer):
    live = session("sea-goat", ("Ann", "Bob"), language)
    for line in ("fish 3 5", "fish 4 6"):  # no fisherman given: a note of the same kind twice
        reply = live.handle(line)
        while reply.question:  # 'led?': Enter, a plain tile
            reply = live.answer("")
    assert pointer in reply.text
