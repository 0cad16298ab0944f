"""Which language a command speaks: --lang, SCOREKEEPER_LANG, the match file's lang, the locale, English."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from scorekeeper import i18n
from scorekeeper.cli.app import cli
from scorekeeper.cli.language import decide, remembered, typed_option
from scorekeeper.i18n import choose, from_locale

NO_MATCH = "no match file here"
RU = "здесь нет файла партии"
UK = "тут немає файлу гри"


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "uk_UA"}, "uk"),
    ({"LANGUAGE": "ru:en", "LANG": "uk_UA.UTF-8"}, "ru"),
    ({"LANGUAGE": "de:uk"}, "uk"),
    ({"LC_ALL": "uk_UA.UTF-8", "LANG": "ru_RU.UTF-8"}, "uk"),
    ({"LC_MESSAGES": "ru_UA", "LANG": "uk_UA"}, "ru"),
    ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "ru@latin"}, "ru"),
])
def test_the_locale_variables_in_gettext_order(environ, expected):
    assert from_locale(environ) == expected


def test_the_option_wins_then_the_variable_then_the_file_then_the_locale():
    assert choose("uk", {"SCOREKEEPER_LANG": "ru", "LANG": "ru_RU"}, "ru") == "uk"
    assert choose(None, {"SCOREKEEPER_LANG": "ru", "LANG": "uk_UA"}, "uk") == "ru"
    assert choose(None, {"LANG": "uk_UA"}, "ru") == "ru"
    assert choose(None, {"LANG": "uk_UA"}, None) == "uk"
    assert choose("de", {"SCOREKEEPER_LANG": "fr", "LANG": "C"}, "es") == "en"


def test_the_option_is_read_from_the_words_typed():
    assert typed_option(["--lang", "ru", "table"], "--lang") == "ru"
    assert typed_option(["new", "--lang=uk", "Ann", "Bob"], "--lang") == "uk"
    assert typed_option(["round", "--", "--lang", "ru"], "--lang") is None
    assert typed_option(["--lang"], "--lang") is None


def test_the_match_file_remembers_its_language(tmp_path):
    path = tmp_path / "match.toml"
    path.write_text('# a comment\nformat = 1\nruleset = "goat"\nlang = "uk"\nplayers = ["A", "B"]\n'
                    '[[rounds]]\nlang = "ru"\n', encoding="utf-8")
    assert remembered(str(path)) == "uk"
    assert remembered(str(tmp_path / "missing.toml")) is None
    assert remembered(str(tmp_path)) is None  # a folder


def test_the_file_wins_over_the_locale_and_the_variable_over_the_file(tmp_path):
    path = tmp_path / "match.toml"
    path.write_text('format = 1\nlang = "ru"\n', encoding="utf-8")
    assert decide(["--match", str(path), "table"], {"LANG": "uk_UA"}) == "ru"
    assert decide(["--match", str(path), "table"], {"SCOREKEEPER_LANG": "uk"}) == "uk"
    assert decide(["--match", str(path), "--lang", "en", "table"], {"LANG": "uk_UA"}) == "en"
    assert decide(["table"], {"SCOREKEEPER_MATCH": str(path)}) == "ru"


def _missing_match(tmp_path, monkeypatch, *args, **environ):
    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(cli, ["--match", str(tmp_path / "none.toml"), *args, "table"])
    assert result.exit_code == 1
    return result.stderr


def test_a_command_speaks_the_language_asked_for(tmp_path, monkeypatch):
    assert NO_MATCH in _missing_match(tmp_path, monkeypatch)
    assert RU in _missing_match(tmp_path, monkeypatch, "--lang", "ru")
    assert UK in _missing_match(tmp_path, monkeypatch, SCOREKEEPER_LANG="uk")
    assert RU in _missing_match(tmp_path, monkeypatch, LANG="ru_RU.UTF-8")
    assert UK in _missing_match(tmp_path, monkeypatch, "--lang", "uk", LANG="ru_RU.UTF-8")
    assert NO_MATCH in _missing_match(tmp_path, monkeypatch, LANG="fr_FR.UTF-8")
    assert NO_MATCH in _missing_match(tmp_path, monkeypatch, SCOREKEEPER_LANG="xx")


def test_an_unknown_language_is_a_usage_error_naming_the_languages(tmp_path):
    result = CliRunner().invoke(cli, ["--match", str(tmp_path / "m.toml"), "--lang", "de", "table"])
    assert result.exit_code == 2
    assert "'de' is not one of 'en', 'ru', 'uk'" in result.stderr
    assert not (tmp_path / "m.toml").exists()


def test_click_speaks_russian_and_ukrainian(tmp_path):
    russian = CliRunner().invoke(cli, ["--lang", "ru", "--help"]).stdout
    assert "Использование:" in russian and "Параметры:" in russian and "Команды:" in russian
    assert "Показать эту справку и выйти." in russian and "Показать версию и выйти." in russian
    english = CliRunner().invoke(cli, ["--lang", "en", "--help"]).stdout
    assert "Show this message and exit." in english and "Show the version and exit." in english
    ukrainian = CliRunner().invoke(cli, ["--lang", "uk", "table", "--bogus"])
    assert ukrainian.exit_code == 2
    assert "Немає такого параметра" in ukrainian.stderr and "--bogus" in ukrainian.stderr  # click 8.2: ': --bogus'
    assert ukrainian.stderr.startswith("Помилка:")


def test_plural_forms(monkeypatch):
    from scorekeeper.errors import quoted

    text = "x" * 30
    for code, forms in (("ru", ("символ)", "символа)", "символов)")), ("uk", ("символ)", "символи)", "символів)"))):
        i18n.use(code)
        for count, form in zip((21, 22, 25), forms):
            assert quoted("x" * count, limit=3).endswith(f"({count} {form}"), (code, count)
    i18n.use("en")
    assert quoted(text, limit=3).endswith("(30 characters)")


def test_a_match_remembers_the_language_it_was_started_in(sk, monkeypatch):
    from scorekeeper.storage.matchfile import dump_match, load_match, parse_match

    sk("new", "--lang", "uk", "Ann", "Bob")
    match = load_match(str(sk.path))
    assert match.lang == "uk" and 'lang = "uk"' in sk.path.read_text(encoding="utf-8")
    assert parse_match(dump_match(match), str(sk.path)) == match
    monkeypatch.delenv("SCOREKEEPER_LANG")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")  # the file wins over the locale
    assert "немає такого гравця 'Zed'" in sk("round", "Ann out, Zed 3", code=2).stderr
    assert "unknown player 'Zed'" in sk("--lang", "en", "round", "Ann out, Zed 3", code=2).stderr
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")  # the variable wins over the file
    assert "нет такого игрока 'Zed'" in sk("round", "Ann out, Zed 3", code=2).stderr
    sk("round", "Ann out, Bob 3")
    assert load_match(str(sk.path)).lang == "uk"  # a change keeps it


def test_the_groups_language_given_to_new_is_remembered_too(sk, monkeypatch):
    from scorekeeper.storage.matchfile import load_match

    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    sk("--lang", "ru", "new", "Ann", "Bob")
    assert load_match(str(sk.path)).lang == "ru"
    assert "нет такого игрока 'Zed'" in sk("round", "Ann out, Zed 3", code=2).stderr
    sk("--lang", "ru", "new", "--force", "--lang", "uk", "Ann", "Bob")  # new's own wins
    assert load_match(str(sk.path)).lang == "uk"


def test_a_match_file_with_a_language_scorekeeper_does_not_speak(sk):
    sk("new", "Ann", "Bob")
    assert "lang" not in sk.path.read_text(encoding="utf-8")
    sk.path.write_text(sk.path.read_text(encoding="utf-8").replace("players", 'lang = "de"\nplayers'),
                       encoding="utf-8")
    assert sk.fails("table", code=1).endswith("lang: must be one of en, ru, uk (the language the table speaks)")


def test_a_check_typed_in_play_keeps_the_sessions_language(sk, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    sk("new", "--rules", "goat", "Маша", "Саша", "Оля", "Серж")  # the file names no language
    said = sk.runner.invoke(cli, ["--match", str(sk.path), "--lang", "ru", "play"],
                            input="проверить рука 0-0\nтаблица\nМаша вышла 1 2 3\nвыход\n").stdout
    assert "Кон 1: Маша выходит" in said and "Сохранено в" in said
    assert "Round" not in said and "Saved" not in said


def test_the_groups_language_given_to_play_with_players_is_remembered(sk, monkeypatch):
    from scorekeeper.storage.matchfile import load_match

    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    sk.runner.invoke(cli, ["--match", str(sk.path), "--lang", "uk", "play", "--rules", "goat", "Ann", "Bob"], input="")
    assert load_match(str(sk.path)).lang == "uk"


@pytest.mark.parametrize("language, line, said", [
    ("ru", "вышла", "после 'вышла' нужно имя того, кто вышел: 'Маша вышла' (или 'вышла Маша')"),
    ("uk", "вийшла", "після 'вийшла' потрібне ім'я того, хто вийшов: 'Маша вийшла' (або 'вийшла Маша')"),
    ("ru", "Ann вышла 1, Bob сыграно", "после 'сыграно' нужно число: 'Bob сыграно 20'"),
    ("ru", "рыбак Ann рыба 2", "'рыбак' называет рыбака: пишите 'рыба рыбак ИМЯ'"),
    ("en", "by Ann, Ann out 1, Bob 2", "'by' names the fisherman: write 'fish by NAME'"),
    ("uk", "Ann вийшла 1, Bob кінці", "після 'кінці' потрібне число: 'Bob кінці 20'"),
])
def test_a_refused_round_line_quotes_the_words_typed(sk, monkeypatch, language, line, said):
    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    sk("new", "--rules", "muggins", "Ann", "Bob")
    result = sk("--lang", language, "round", line, code=2)
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
