"""The scoreboard page itself (``web.page``): one self-contained page, everything it shows escaped, its inline
style and script the only ones its policy lets run, and every word it shows from the catalogs."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

import pseudo
from scorekeeper import i18n
from scorekeeper.match.opened import open_match
from scorekeeper.reports.scoreboard import scoreboard
from scorekeeper.web.page import POLICY, RELOAD_WITHOUT_SCRIPT, board_html, page
from serving import visible

FOUR = ("Masha", "Alex", "Olya", "Serg")


def _page(sk) -> str:
    board = scoreboard(open_match(str(sk.path)))
    return page(board_html(board), board.title)


@pytest.fixture
def played(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    sk("round", "fish 14 14 3 4")
    return sk


def test_nothing_is_fetched_from_anywhere(played):
    text = _page(played)
    assert not re.search(r"""(src|href|action)\s*=\s*["'](?!data:)""", text), "the page names something to fetch"
    assert "@import" not in text and "url(" not in text and "http" not in text.replace('http-equiv', '')
    assert text.count("<style>") == 1 and text.count("<script>") == 1


def test_the_policy_lets_only_the_pages_own_style_and_script_run(played):
    text = _page(played)
    for tag, directive in (("style", "style-src"), ("script", "script-src")):
        inline = re.search(rf"<{tag}>(.*?)</{tag}>", text, re.S).group(1)
        digest = base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in POLICY
    assert "default-src 'none'" in POLICY and "connect-src 'self'" in POLICY


def test_without_script_the_page_reloads_itself(played):
    text = _page(played)
    assert f'<noscript><meta http-equiv="refresh" content="{RELOAD_WITHOUT_SCRIPT}"></noscript>' in text


def test_for_phones_light_and_dark(played):
    text = _page(played)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert "prefers-color-scheme:dark" in text and '<meta name="color-scheme" content="light dark">' in text


def test_a_name_is_shown_as_written_never_run(sk):
    names = ("<script>alert(1)</script>", "Di'<b>", "Bob&amp;", "Cy")
    sk("new", "--rules", "goat", *names)
    sk("round", "--out", names[1], "--total", f"{names[0]}=5", "--total", f"{names[2]}=3", "--total", "Cy=4")
    text = _page(sk)
    body = text.split("<body>", 1)[1].split("<script>", 1)[0]
    assert "<script>alert" not in body and "<b>" not in body and "Di&#x27;&lt;b&gt;" in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and "Bob&amp;amp;" in body
    shown = visible(body)
    assert "<script>alert(1)</script> 5" in shown


def test_the_page_speaks_the_language_in_use(played):
    i18n.use("ru")
    text = _page(played)
    assert '<html lang="ru">' in text
    shown = visible(text)
    assert "Последний кон" in shown and "на связи" in text and "Коны" in shown


def test_no_word_of_the_page_escapes_the_catalogs(played, catalogs, monkeypatch):
    """Under the pseudo-language every word a person reads on the page, the states the script shows
    included, comes marked ⟦ ⟧."""
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    i18n.use(pseudo.LANGUAGE)
    text = _page(played)
    states = " ".join(re.findall(r'data-(?:live|lost|stopped)="([^"]*)"', text))
    allowed = (*FOUR, "goat", "fish")
    for said in (visible(text), states):
        assert pseudo.unmarked(said, allowed) == [], said


def test_no_word_of_a_problem_escapes_the_catalogs(catalogs, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    i18n.use(pseudo.LANGUAGE)
    from scorekeeper.errors import MatchFileError
    from scorekeeper.web.server import MatchFollower

    said = MatchFollower("match.toml")._on_page(MatchFileError(i18n._("no match file here: start one with "
                                                                      "'scorekeeper new --rules goat PLAYER...' or "
                                                                      "choose one with --match PATH"), "match.toml"))
    assert pseudo.unmarked(visible(board_html(None, said)), ("goat",)) == []


@pytest.mark.parametrize("language, plays, ends", [
    ("en", "Masha 6-6", "ends: 6 on the spinner 6-6"),
    ("en", "Masha 6-6, Alex 6-5, Olya 5-3", "ends: 3 and the spinner 6-6"),
    ("ru", "Masha 6-6, Alex 6-5", "концы: 5 и спиннер 6-6"),
    ("uk", "Masha 6-6, Alex 6-5", "кінці: 5 і спінер 6-6"),
])
def test_the_hand_in_play_says_its_ends_as_the_session_does(sk, language, plays, ends):
    """The ends of the hand in play as a list naming the spinner ('?' says them so), not '6 6 6 5'."""
    sk("new", "--rules", "all-fives", *FOUR)
    with open(sk.path, "a", encoding="utf-8") as file:
        file.write(f'hand = {{ plays = "{plays}" }}\n')
    i18n.use(language)
    shown = visible(_page(sk))
    assert ends in shown and "6 6" not in shown, shown
