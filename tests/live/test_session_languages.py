"""Issue 24, Must 3: a whole Goat match, a whole Sea Goat match and a Muggins hand played in ``play`` through a
real pseudo-terminal at 40 columns, the session speaking Russian or Ukrainian and the scorer typing the
language's words, English words on the wrong keyboard layout and English words: the match file is the one the
English session writes, and every answer fits 40 columns."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play  # noqa: E402

GOAT_PLAYERS = ("Маша", "Алекс", "Оля", "Серж")
GOAT = [  # (English, Russian session, Ukrainian session)
    ("Маша out, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5",
     "Маша вышла, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5",
     "Маша вийшла, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5"),
    ("fish by о 2 3 10 4", "рыба закрыла о 2 3 10 4", "риба закрила о 2 3 10 4"),
    ("а out 8 6 9", "а щге 8 6 9", "а щге 8 6 9"),  # 'out' on the Russian and Ukrainian layouts
    ("undo", "отмена", "скасувати"),
    ("а out 8 6 9", "а out 8 6 9", "а out 8 6 9"),
    ("Серж out on 5-5, led 1-1, Маша 4, Алекс 3, Оля 12",
     "Серж вышел последней 5-5, заход 1-1, Маша 4, Алекс 3, Оля 12",
     "Серж вийшов останньою 5-5, захід 1-1, Маша 4, Алекс 3, Оля 12"),
    ("м out 30 30 30", "м вышла 30 30 30", "м вийшла 30 30 30"),
    ("fish 1 2 3 4", "ашыр 1 2 3 4", "ашір 1 2 3 4"),  # 'fish' on the wrong layout (ы, і)
    ("а out 25 30 20", "а вышел 25 30 20", "а вийшов 25 30 20"),
    ("table", "таблица", "таблиця"),
]
SEA_GOAT_PLAYERS = ("Аня", "Боря")
SEA_GOAT = [  # tests/sea_goat_matches.py's TWO_PLAYERS, as round lines
    ("Аня out on 3-5, led 1-1, Боря 2-4 1-6",
     "Аня вышла последней 3-5, заход 1-1, Боря 2-4 1-6",
     "Аня вийшла останньою 3-5, захід 1-1, Боря 2-4 1-6"),
    ("Боря out on 2-2, Аня 27", "Боря щге щт 2-2, Аня 27", "Боря щге щт 2-2, Аня 27"),
    ("Аня out on 4-5, Боря 6-6", "Аня вышла последним 4-5, Боря 6-6", "Аня вийшла останнім 4-5, Боря 6-6"),
    ("fish by Аня, Аня 10, Боря 10", "рыба закрыла Аня, Аня 10, Боря 10", "риба закрила Аня, Аня 10, Боря 10"),
    ("Аня out on 1-3, led 1-1, Боря 8", "Аня out on 1-3, led 1-1, Боря 8", "Аня out on 1-3, led 1-1, Боря 8"),
    ("Боря out on 3-3, Аня 20", "Боря вышел последней 3-3, Аня 20", "Боря вийшов останньою 3-3, Аня 20"),
    ("fish by Боря, Аня 5, Боря 5", "ашыр ин Боря, Аня 5, Боря 5", "ашір ин Боря, Аня 5, Боря 5"),
    ("Боря out on 1-4, led 1-1, Аня 12", "Боря вышел последней 1-4, дув 1-1, Аня 12",
     "Боря вийшов останньою 1-4, дув 1-1, Аня 12"),  # 'led' on the wrong layout
    ("Боря out on 0-5, Аня 10", "Боря вышел последней 0-5, Аня 10", "Боря вийшов останньою 0-5, Аня 10"),
    ("Боря out on 2-5, Аня 9", "Боря вышел последней 2-5, Аня 9", "Боря вийшов останньою 2-5, Аня 9"),
    ("Боря out on 6-6, Аня 20", "Боря вышел последней 6-6, Аня 20", "Боря вийшов останньою 6-6, Аня 20"),
    ("Аня out on 4-6, led 6-6, Боря 30", "Аня вышла последней 4-6, заход 6-6, Боря 30",
     "Аня вийшла останньою 4-6, захід 6-6, Боря 30"),
    ("Аня out on 1-2, led 6-6, Боря 5", "Аня вышла последней 1-2, заход 6-6, Боря 5",
     "Аня вийшла останньою 1-2, захід 6-6, Боря 5"),
]
MUGGINS_PLAYERS = ("Ann", "Bob", "Cat", "Dan")
MUGGINS = [  # a hand play by play (tests/live/test_session_plays.py's), then what the other hands hold
    ("a 66",) * 3,
    ("b draws 8", "b берёт 8", "b бере 8"),
    ("b knocks", "b стук", "b лтщслі"),  # 'knocks' on the Ukrainian layout
    ("c 06",) * 3,
    ("d 36 a 34",) * 3,
    ("b 44",) * 3,
    ("c 03 d 14 a 26",) * 3,
    ("b 23 on 3", "b 23 на 3", "b 23 на 3"),
    ("c 16 on 6", "c 16 щт 6", "c 16 на 6"),  # 'on' on the Russian layout
    ("undo", "гтвщ", "скасувати"),  # 'undo' on the Russian layout
    ("c 16 on 6 d 15",) * 3,
    ("a 25 on 2 b 22 c 11 d 56",) * 3,
    ("a 05",) * 3,
    ("b 1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4, c 3-5, d 4-6",) * 3,
]
MATCHES = {"goat": (GOAT_PLAYERS, GOAT, "over"), "sea-goat": (SEA_GOAT_PLAYERS, SEA_GOAT, "over"),
           "muggins": (MUGGINS_PLAYERS, MUGGINS, "#2")}
LEAVE = {"en": "quit", "ru": "выход", "uk": "вихід"}
COLUMN = {"en": 0, "ru": 1, "uk": 2}


def played(folder, ruleset: str, language: str) -> tuple[list[str], str, bytes]:
    """The answers, the last prompt and the match file of one session typed in ``language``."""
    players, lines, _end = MATCHES[ruleset]
    folder.mkdir()
    play = Play(folder, "--rules", ruleset, *players, columns=40, SCOREKEEPER_LANG=language)
    answers = [play.greeting] + [play.say(line[COLUMN[language]]) for line in lines]
    prompt = play.prompt
    answers.append(play.quit(LEAVE[language]))
    return answers, prompt, (folder / "match.toml").read_bytes()


@pytest.mark.parametrize("ruleset", sorted(MATCHES))
def test_a_match_played_in_russian_and_ukrainian_is_the_english_match(tmp_path, ruleset):
    english, prompt, match = played(tmp_path / "en", ruleset, "en")
    assert prompt.startswith(MATCHES[ruleset][2])
    assert not any("Error" in answer for answer in english), english
    for language in ("ru", "uk"):
        answers, _prompt, typed = played(tmp_path / language, ruleset, language)
        assert typed == match, language
        for answer in answers:
            rows = answer.replace("\r\n", "\n").splitlines()
            assert all(len(row) <= 40 for row in rows), (language, answer)
        assert not any(word in answer for answer in answers for word in ("Error", "Ошибка", "Помилка")), answers


@pytest.fixture
def speaking():
    """Speak a language for one test (the package's catalogs), English again after it."""
    from scorekeeper import i18n

    yield i18n.use
    i18n.use("en")


ANSWERS = {  # (language, line typed): the session's answer
    ("ru", "отмена 3"): "Ошибка: отмена без номера: она снимает последний кон; 'удалить N' удаляет кон N",
    ("uk", "відміна 3"): "Помилка: скасувати без номера: вона знімає останню партію; 'видалити N' видаляє партію N",
    ("ru", "таблица x"): "Ошибка: таблица принимает 'все' или ничего: 'таблица все' показывает все коны",
    ("uk", "таблиця x"): "Помилка: таблиця приймає 'усі' або нічого: 'таблиця усі' показує всі партії",
    ("ru", "zzz"): "Ошибка: 'zzz' — не команда и не игрок: 'помощь' — список команд",
    ("uk", "zzz"): "Помилка: 'zzz' — не команда й не гравець: 'довідка' — список команд",
}


@pytest.mark.parametrize("language, line", sorted(ANSWERS))
def test_the_session_answers_in_the_players_language(tmp_path, speaking, language, line):
    from scorekeeper.live.session import LiveSession, Screen
    from scorekeeper.match import usecases

    usecases.new(str(tmp_path / "match.toml"), "goat", GOAT_PLAYERS, (), (), False)
    speaking(language)
    session = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(None, None))
    assert session.handle(line).text == ANSWERS[language, line]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_counts_agree_with_their_numbers(tmp_path, speaking, language):
    from scorekeeper.live.session import LiveSession, Screen
    from scorekeeper.match import usecases

    path = str(tmp_path / "match.toml")
    usecases.new(path, "goat", GOAT_PLAYERS, (), (), False)
    speaking(language)
    session = LiveSession.open(path, screen=lambda: Screen(None, None))
    said = []
    for _round in range(5):
        said.append(session.greeting().splitlines()[0].rsplit(";", 1)[1])
        session.handle(f"Маша out {len(said)} 2 3")
    expected = {"ru": [" сыграно 0 конов.", " сыграно 1 кон.", " сыграно 2 кона.", " сыграно 3 кона.",
                       " сыграно 4 кона."],
                "uk": [" зіграно 0 партій.", " зіграно 1 партію.", " зіграно 2 партії.", " зіграно 3 партії.",
                       " зіграно 4 партії."]}
    assert said == expected[language]
    assert session.prompt() == "#6> "
    assert session.handle("help").text.splitlines()[0] == {"ru": "Вводите кон одной строкой, например:",
                                                            "uk": "Вводьте партію одним рядком, наприклад:"}[language]


@pytest.mark.parametrize("language, typed, yes, said", [
    ("ru", "отмена все", "да", "Текущий кон сброшен (2 хода): Ann 6-6, Bob 3-6."),
    ("uk", "скасувати усі", "так", "Поточну партію скинуто (2 ходи): Ann 6-6, Bob 3-6."),
    ("en", "гтвщ фдд", "нуы", "Dropped the hand in play (2 plays): Ann 6-6, Bob 3-6."),  # 'undo all', 'yes' on the Russian layout
])
def test_a_hand_dropped_with_the_languages_words(tmp_path, speaking, language, typed, yes, said):
    from scorekeeper.live.session import LiveSession, Screen
    from scorekeeper.match import usecases

    usecases.new(str(tmp_path / "match.toml"), "muggins", MUGGINS_PLAYERS, (), (), False)
    speaking(language)
    session = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(None, None))
    session.handle("a 66 b 63")
    assert session.handle(typed).question  # every play of it: asked first
    assert session.answer(yes).text == said
    assert session.hand is None


def test_play_lang_starts_a_match_that_remembers_its_language(tmp_path):
    """'scorekeeper play --lang ru --rules goat ...' was refused ("no such option '--lang'"): the session's own
    option speaks the language, and the match it starts remembers it for every later command."""
    play = Play(tmp_path, "--lang", "ru", "--rules", "goat", *GOAT_PLAYERS, columns=40)
    assert "Новая партия «Козёл»" in " ".join(play.greeting.split())
    assert play.say("Маша вышла, Алекс 3, Оля 13, Серж 5").startswith("Кон 1:")
    play.quit()
    assert 'lang = "ru"' in (tmp_path / "match.toml").read_text(encoding="utf-8").split("[", 1)[0]
