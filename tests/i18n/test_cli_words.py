"""The command line in Russian and Ukrainian: its own answers, refusals and --help, in the table's words, and
still fitting a 40-column screen (Cyrillic words are longer)."""

from __future__ import annotations

import pytest

from scorekeeper.reports.columns import width


def test_help_in_russian(sk):
    said = sk("--lang", "ru", "--help").stdout
    assert "Счёт и судейство настоящей игры в домино." in said
    assert "Команды:" in said and "Показать таблицу: очки каждой стороны кон за коном." in said
    assert "scorekeeper new --rules goat Masha Alex Olya Serg" in said  # the examples' lines stay as typed


def test_an_options_help_in_ukrainian(sk):
    said = sk("--lang", "uk", "round", "--help").stdout
    assert "Гравець, який вийшов (зіграв останню кістку)." in said
    assert "Приклади:" in said and 'scorekeeper round m out 3 13 5' in said


def test_a_new_match_in_ukrainian(sk):
    said = sk("--lang", "uk", "new", "--rules", "goat", "Ann", "Bob").stdout
    assert said.startswith(f"Нова гра «Козел» у {sk.path}: Ann, Bob.")


def test_a_refusal_in_ukrainian_leaves_the_file(sk):
    sk("--lang", "en", "new", "Ann", "Bob")
    said = sk("--lang", "uk", "export", "-o", str(sk.path), code=1).stderr
    assert said == f"Помилка: {sk.path} — це сам файл гри: пишіть в інший файл\n"


@pytest.mark.parametrize(("rounds", "said"), [(1, "График 1 кона записан в"), (2, "График 2 конов записан в")])

def test_a_count_in_russian(sk, tmp_path, rounds, said):
    sk("--lang", "en", "new", "Ann", "Bob")
    for _ in range(rounds):
        sk("round", "Ann out, Bob 3-4")
    assert sk("--lang", "ru", "chart", "--text", "-o", str(tmp_path / "chart.txt")).stderr.startswith(said)


def test_nothing_taken_back_in_russian(sk):
    sk("--lang", "en", "new", "Ann", "Bob")
    assert sk("--lang", "ru", "undo", "--list").stdout.startswith("Ничего не отменялось:")


@pytest.mark.parametrize("language", ["ru", "uk"])

@pytest.mark.parametrize("command", [[], ["round"], ["new"], ["check", "count"], ["play"], ["rules", "show"]])

def test_help_fits_40_columns(sk, monkeypatch, language, command):
    monkeypatch.setenv("COLUMNS", "40")
    said = sk("--lang", language, *command, "--help").stdout
    assert max(width(line) for line in said.splitlines()) <= 40, said


@pytest.mark.parametrize(("language", "options"), [("ru", "[ПАРАМЕТРЫ]"), ("uk", "[ПАРАМЕТРИ]"), ("en", "[OPTIONS]")])
@pytest.mark.parametrize("command", [["play"], ["round"], ["new"], ["table"], ["compare"], ["rules", "show"]])
def test_the_usage_line_never_cuts_a_word_at_40_columns(sk, monkeypatch, language, options, command):
    """'Использование: scorekeeper play [ПАРАМЕТ' / 'РЫ]': a usage line whose options do not fit after the
    command's name starts them on the next line, whole."""
    monkeypatch.setenv("COLUMNS", "40")
    usage = sk("--lang", language, *command, "--help").stdout.split("\n\n", 1)[0]
    assert options in usage.split(), usage
    assert max(width(line) for line in usage.splitlines()) <= 40, usage
