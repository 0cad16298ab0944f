"""No message of the reports escapes the catalogs: under the pseudo-language (tests/pseudo.py), every word a
person reads of the table, its notes and status, explain, compare, the charts, the Markdown export, the club
history, the rating's reasons, a followed hand, a ruling and the ruleset's texts is marked ⟦ ⟧; and in Russian
and Ukrainian they say the table's words and still fit 40 columns.

The notes, the lead note, explain's facts and the board's word on a play are said where they are shown, so
they are checked here too; what was said before the language was chosen (the steps of a table replayed in
English, a comparison's own notes) and what the scorer typed are taken out before the check."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper.cli.app import cli
from scorekeeper.i18n import use
from scorekeeper.match.opened import open_match
from scorekeeper.referee.explain import explain_round
from scorekeeper.referee.rescore import compare
from scorekeeper.referee.verdict import Citation
from scorekeeper.reports.archive import read_history, render_history
from scorekeeper.reports.chart import text_chart
from scorekeeper.reports.columns import width
from scorekeeper.reports.compare import render_comparison
from scorekeeper.reports.explain import render_explanation
from scorekeeper.reports.formats import PUBLISHED
from scorekeeper.reports.publish import publish
from scorekeeper.reports.play import render_followed
from scorekeeper.reports.rating import rating
from scorekeeper.reports.render import after_round, fitted_table, render_table, standings
from scorekeeper.reports.ruleset_text import render_ruleset, render_ruleset_list, ruleset_summary, toml_value
from scorekeeper.reports.ruling import render_ruling
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.rules.schema import KEYS_BY_PATH
from scorekeeper.scoring.board import check_play

NAMES = ("Ann", "Bob", "Cat", "Dan")
ROUNDS = ("Ann out 3 13 5", "fish by Bob 10 12 8 9", "Cat out 20 11 14", "Dan out 30 22 25", "fish 5 5 9 9",
          "Ann out 40 45 50")
"""A Goat match over: remembered points, a wiped side, a fish by one, a tied fish laying eggs."""
WORDS = NAMES + ("goat", "muggins", "all", "fives", "sea", "scorekeeper", "explain", "table", "rules", "KEY", "TILE",
                 "NAME", "out", "fish", "led", "last", "fisher", "knocks", "svg", "png", "rtg")
"""Words that are not messages: the names, rulesets, commands and the round line's words as typed."""


def _match(folder, rounds=ROUNDS) -> str:
    path = str(folder / "match.toml")
    runner = CliRunner()
    assert runner.invoke(cli, ["--lang", "en", "--match", path, "new", "--rules", "goat", *NAMES]).exit_code == 0
    for line in rounds:
        assert runner.invoke(cli, ["--lang", "en", "--match", path, "round", line]).exit_code == 0
    return path


@pytest.fixture
def speak(catalogs, monkeypatch):
    """Speak a language for the test (xx: the pseudo-language), English again after it."""
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)

    def chosen(code: str) -> None:
        use(code)

    yield chosen
    use("en")


def _unmarked(text: str, others: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``text`` outside the marks, once what other layers said (``others``) is taken out;
    whitespace is made one space first, so that a line wrapped at the screen's width still matches."""
    flat = " ".join(text.split())
    for other in sorted({" ".join(item.split()) for item in others if item}, key=len, reverse=True):
        flat = flat.replace(other, " ")
    return pseudo.unmarked(flat, WORDS)


@pytest.mark.parametrize("screen", [None, 80, 40, 30])
def test_the_table_and_what_follows_a_round(speak, tmp_path, screen):
    opened = open_match(_match(tmp_path))
    speak(pseudo.LANGUAGE)
    texts = [render_table(opened.table, opened.ruleset, width=screen, key=True),
             render_table(opened.table, opened.ruleset, rounds=2, width=screen),
             render_table(opened.table, opened.ruleset, width=screen, wide=True),
             fitted_table(opened.table, opened.ruleset, screen, 12),
             after_round(opened.table, opened.ruleset, "match.toml", screen, 24, ended=True, standing=True),
             after_round(opened.table, opened.ruleset, "match.toml", screen, 8)]
    for text in texts:
        assert "⟦" in text and _unmarked(text) == [], text


def test_the_table_of_a_match_going_on(speak, tmp_path):
    opened = open_match(_match(tmp_path, ROUNDS[:5]))
    speak(pseudo.LANGUAGE)
    for text in (render_table(opened.table, opened.ruleset, width=40, key=True),
                 after_round(opened.table, opened.ruleset, "match.toml", 40, 24, standing=True),
                 "\n".join(standings(opened.table, 40))):
        assert _unmarked(text) == [], text
    assert "⟦" in render_table(opened.table, opened.ruleset)


def test_explain_compare_chart_and_export(speak, tmp_path):
    path = _match(tmp_path)
    opened = open_match(path, explain=True)
    explanation = explain_round(opened.match, opened.ruleset, opened.table, 2)
    comparison = compare(opened.match, opened.ruleset, load_ruleset("muggins"),
                         opened.table)
    speak(pseudo.LANGUAGE)
    explanation = explain_round(opened.match, opened.ruleset, opened.table, 2)
    others = (tuple(step.text for step in explanation.steps) + tuple(step.key for step in explanation.steps)
              + tuple(str(step.value) for step in explanation.steps)
              + tuple(step.text.split(": ", 1)[-1] for step in explanation.steps))
    for text in (render_explanation(explanation), render_explanation(explanation, 40),
                 render_explanation(explanation, 40, 12, "'explain 2 --all'")):
        assert "⟦" in text and _unmarked(text, others) == [], text
    compared = others + tuple(comparison.first.notes) + tuple(comparison.second.notes) + tuple(comparison.unused) \
        + tuple(value for _key, left, right in comparison.keys for value in (left, right))
    for screen in (None, 80, 40):
        text = render_comparison(comparison, screen)
        assert "⟦" in text and _unmarked(text, compared) == [], text
    for text in (text_chart(opened.table, opened.ruleset), text_chart(opened.table, opened.ruleset, width=40)):
        assert "⟦" in text and _unmarked(text, others) == [], text
    for fmt in PUBLISHED:  # the published tables: their markup's words are no message
        text = publish(fmt, opened.table, opened.ruleset)
        assert "⟦" in text and _unmarked(text, others + MARKUP) == [], (fmt, text)


MARKUP = ("table", "thead", "tbody", "tr", "th", "td", "strong", "style", "text-align", "right", "left", "textbf",
          "begin", "end", "tabular", "rlrrrrr", "hline", "rightarrow", "textperiodcentered", "class", "wikitable", "CAPTION")
"""The words of the published formats' own markup (HTML, LaTeX, MediaWiki, Org)."""


def test_history_and_rating(speak, tmp_path):
    path = _match(tmp_path)
    (tmp_path / "broken.toml").write_text("players = [\n", encoding="utf-8")
    opened = open_match(path)
    speak(pseudo.LANGUAGE)
    for screen in (None, 40, 24):
        text = render_history(read_history([str(tmp_path)]), screen)
        assert "⟦" in text and _unmarked(text) == [], text
    skipped = read_history([str(tmp_path)]).skipped
    assert skipped and all("⟦" in item.reason for item in skipped)
    for gain in rating(opened.ruleset, opened.match, opened.table) + \
            rating(opened.ruleset, opened.match, opened.table._replace(over=False), left="Ann"):
        assert "⟦" in gain.why and _unmarked(gain.why) == [], gain.why


def test_a_followed_hand_and_a_ruling(speak):
    speak(pseudo.LANGUAGE)
    for rules, plays in (("muggins", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 5-4, Bob 2-2, Ann 2-5 on 2-2"),
                         ("goat", "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, "
                                  "Dan 3-5 on 3, Ann 5-2 on 5, Bob 2-2"),
                         ("goat", "Ann 6-6, Bob 1-2")):
        ruleset = load_ruleset(rules)
        followed = check_play(ruleset, plays)
        others = (followed.illegal.reason,) if followed.illegal else ()
        text = render_followed(followed, ruleset.name, rules == "muggins", 40, rules == "muggins")
        assert "⟦" in text and _unmarked(text, others) == [], text
    text = render_ruling("Bob's fish.", (Citation("fish.policy", "most-takes-all", "the most takes all",
                                                    "rules.md §2.3"),), "goat", 40)
    assert "⟦" in text and _unmarked(text, ("Bob's fish.", "the most takes all", "most-takes-all")) == [], text


def test_the_rulesets_texts(speak):
    speak(pseudo.LANGUAGE)
    goat, house = load_ruleset("goat"), load_ruleset("muggins")
    for text in (ruleset_summary(goat, 40), ruleset_summary(house), ruleset_summary(load_ruleset("sea-goat")),
                 render_ruleset(house, ["end.target", "fish.policy"], 40, parent=goat),
                 render_ruleset(goat, [], changed=True)):
        keys = re.findall(r"[a-z_]+\.[a-z_]+", text)
        data = tuple(KEYS_BY_PATH[key].source for key in keys if key in KEYS_BY_PATH) + tuple(
            toml_value(ruleset[key]) for key in keys if key in KEYS_BY_PATH for ruleset in (goat, house))
        assert "⟦" in text and _unmarked(text, (goat.description, house.description) + tuple(keys) + data) == [], \
            text
    assert "⟦" in render_ruleset_list([(goat.name, goat.description), (house.name, house.description)], 40)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_table_in_russian_and_ukrainian(speak, tmp_path, language):
    opened = open_match(_match(tmp_path))
    speak(language)
    for screen in (80, 40):
        text = render_table(opened.table, opened.ruleset, width=screen, key=True)
        assert max(width(line) for line in text.splitlines()) <= screen, text
    text = render_table(opened.table, opened.ruleset, width=80)
    words = {"ru": ("Козёл: 6 конов; кто первым наберёт 101, проигрывает", "итого", "яйца", "Ann выходит",
                    "рыба: Bob", "Партия окончена:"),
             "uk": ("Козел: 6 партій; хто перший набере 101, програє", "разом", "яйця", "Ann виходить",
                    "риба: Bob", "Гру закінчено:")}[language]
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("language, said", [("ru", ("Основания («goat»):", "; источник: rules.ru.md")),
                                            ("uk", ("Підстави («goat»):", "; джерело: rules.uk.md"))])
def test_a_ruling_and_the_history_in_the_language(speak, tmp_path, language, said):
    _match(tmp_path)
    speak(language)
    text = render_ruling("verdict", (Citation("fish.policy", "most-takes-all", "why", "rules.md §2.3"),), "goat")
    assert all(words in text for words in said), text
    history = render_history(read_history([str(tmp_path)]), 40)
    assert max(width(line) for line in history.splitlines()) <= 40, history
    assert ("1 партия (окончено: 1)." if language == "ru" else "1 гра (закінчено: 1).") in history, history
