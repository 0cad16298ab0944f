"""The scoreboard page in a real browser (issue 36, Must 1): headless Chromium opens the page that the installed
``scorekeeper serve`` serves on the loopback; a round recorded by a one-shot command, an undo and the points of
a hand in play show within two seconds without a reload; the page fits 360x740 and 1280x720, in English and in
Russian, light and dark, without a horizontal scroll; without JavaScript it reloads itself."""

from __future__ import annotations

import time

import pytest

from browser import chromium, screen, wait_for
from serving import ServeCommand

pytestmark = pytest.mark.slow

FOUR = ("Masha", "Alex", "Olya", "Serg")
ROUNDS = ["Masha out, Alex 1-2 3-3, Olya 13, Serg 5", "Alex out, Masha 8, Olya 6, Serg 9", "fish 2 3 10 4",
          "fish 12 12 5 6", "Olya out, Masha 7, Alex 20, Serg 4", "Serg out, Alex 4-6, Olya 0-0, Masha 30"]


@pytest.fixture(scope="module")
def browser():
    session = chromium()
    yield session
    session.quit()


def _title(rounds: int) -> str:
    return f"Goat: {rounds} round{'' if rounds == 1 else 's'}; first to 101 loses"


def _shown_within(browser, text: str, seconds: float = 2.0) -> float:
    """Seconds until the page shows ``text`` (the test fails past ``seconds``)."""
    started = time.monotonic()
    found = wait_for(browser, f"document.getElementById('board').innerText.includes({text!r})", seconds + 3)
    late = time.monotonic() - started
    assert found, f"the page did not show {text!r}: {browser.find_element('id', 'board').text}"
    assert late < seconds, f"{text!r} took {late:.2f}s"
    return late


def test_a_round_and_an_undo_show_within_two_seconds_without_a_reload(sk, browser):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", ROUNDS[0])
    served = ServeCommand(sk.folder)
    try:
        screen(browser, 360, 740)
        browser.get(served.url)
        assert wait_for(browser, "document.getElementById('live').className.includes('on')"), "never live"
        assert browser.title == _title(1)
        browser.execute_script("window.kept = 'the same page';")
        sk("round", ROUNDS[1])
        _shown_within(browser, _title(2))
        assert browser.title == _title(2)
        assert "Round 2: Alex out" in browser.find_element("css selector", ".last").text
        sk("undo")
        _shown_within(browser, "Round 1: Masha out")
        assert browser.execute_script("return window.kept;") == "the same page", "the page was reloaded"
        good = sk.path.read_text(encoding="utf-8")
        sk.path.write_text(good.replace('end = "out"', 'end = "over"', 1), encoding="utf-8")
        _shown_within(browser, "The match file cannot be used")
        sk.path.write_text(good, encoding="utf-8")
        assert wait_for(browser, "!document.querySelector('.problem')", 2), "the page did not recover"
        code, out, err = served.stop()
        assert wait_for(browser, "document.getElementById('live').className.includes('off')"), "the loss unsaid"
    finally:
        code, out, err = served.stop()
    assert code == 0 and "Stopped: the scoreboard is no longer served." in out and "Traceback" not in err


def _watching(browser, served) -> None:
    """The page opened at a phone's size and following the match, no hand in play shown yet, and marked so that a
    reload would show (``window.kept``)."""
    screen(browser, 360, 740)
    browser.get(served.url)
    assert wait_for(browser, "document.getElementById('live').className.includes('on')")
    assert not browser.find_element("id", "hand").is_displayed()
    browser.execute_script("window.kept = 'the same page';")


def test_the_hand_in_play_shows_its_points_at_once(sk, browser):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    served = ServeCommand(sk.folder)
    try:
        _watching(browser, served)
        sk("score", "Ann", "10")
        _shown_within(browser, "points so far: Ann 10")
        assert browser.find_element("id", "hand").is_displayed()
        sk("round", "Ann out, Bob 3-4")
        _shown_within(browser, "Round 1: Ann out")
        assert not browser.find_element("id", "hand").is_displayed()
        assert browser.execute_script("return window.kept;") == "the same page"
    finally:
        served.stop()


@pytest.mark.parametrize("language, words", [("en", "Last round"), ("ru", "Последний кон")])
def test_phone_and_screen_sizes_light_and_dark_without_a_horizontal_scroll(sk, browser, tmp_path, language, words):
    sk("new", "--rules", "goat", *FOUR)
    for line in ROUNDS:
        sk("round", line)
    served = ServeCommand(sk.folder, SCOREKEEPER_LANG=language)
    backgrounds = set()
    try:
        for width, height in ((360, 740), (1280, 720), (320, 568)):
            for dark in (False, True):
                screen(browser, width, height, dark)
                browser.get(served.url)
                assert wait_for(browser, "document.getElementById('live').className.includes('on')")
                assert words in browser.find_element("id", "board").text
                assert browser.execute_script("return document.documentElement.lang;") == language
                scroll, inner = browser.execute_script(
                    "return [document.documentElement.scrollWidth, window.innerWidth];")
                assert inner == width and scroll <= inner, f"{language} {width}x{height}: {scroll} > {inner}"
                figure = browser.execute_script(
                    "return parseFloat(getComputedStyle(document.querySelector('.score')).fontSize);")
                assert figure >= 44, f"{language} {width}x{height}: the scores are {figure}px"
                backgrounds.add(browser.execute_script("return getComputedStyle(document.body).backgroundColor;"))
                if not dark and width != 320:
                    shot = tmp_path / f"scoreboard-{language}-{width}x{height}.png"
                    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 5000
    finally:
        served.stop()
    assert len(backgrounds) == 2, "the page is the same light and dark"


def test_without_javascript_the_page_reloads_itself(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", ROUNDS[0])
    served = ServeCommand(sk.folder)
    plain = chromium(scripts=False)
    try:
        plain.get(served.url)
        assert "Round 1: Masha out" in plain.find_element("id", "board").text
        sk("round", ROUNDS[1])
        started = time.monotonic()
        assert wait_for(plain, "document.body.innerText.includes('Round 2: Alex out')", 12)
        assert time.monotonic() - started < 8
    finally:
        plain.quit()
        served.stop()


def test_each_play_typed_in_a_session_shows_on_the_page_and_a_one_shot_undo_too(sk, browser):
    """Issue 32 and 36: the hand in play, as the session writes it to the match file play by play."""
    from scorekeeper.live.session import LiveSession, Screen

    sk("new", "--rules", "all-fives", "Ann", "Bob", "Cat", "Dan")
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    served = ServeCommand(sk.folder)
    try:
        _watching(browser, served)
        assert live.handle("a 66").ok
        _shown_within(browser, "Bob to play")
        hand = browser.find_element("id", "hand")
        assert hand.is_displayed() and "ends: 6 on the spinner 6-6" in hand.text and "count: 12" in hand.text
        for play in ("+8", "-", "06", "36", "34", "44", "03", "14", "26", "23", "3"):
            reply = live.answer(play) if live.asking else live.handle(play)
            assert reply.ok or reply.question, (play, reply.text)
        _shown_within(browser, "points so far: Bob 5")
        shown = browser.find_element("id", "hand").text
        assert "Cat to play" in shown and "ends: 1, 2, 2 and the spinner 6-6" in shown and "count: 5" in shown
        assert "11 plays, the last 4:" in shown and "Bob 2-3 on 3" in shown and "Cat 0-3" in shown
        assert "Ann 3-4" not in shown
        assert [item.text for item in browser.find_elements("css selector", "#hand ol li")][-1] == "Bob 2-3 on 3"
        assert browser.find_element("css selector", "#hand ol").get_attribute("start") == "8"
        assert "the leader is chosen by lot" not in browser.find_element("id", "board").text
        sk("undo")  # a one-shot undo takes back the last play
        _shown_within(browser, "Bob to play")
        assert "points so far" not in browser.find_element("id", "hand").text
        scroll, inner = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
        assert scroll <= inner, f"{scroll} > {inner}"
        sk("undo", "--hand")
        assert wait_for(browser, "document.getElementById('hand').hidden", 2), "the dropped hand still shows"
        assert browser.execute_script("return window.kept;") == "the same page"
    finally:
        served.stop()


@pytest.mark.parametrize("language, words", [("en", "The hand in play"), ("ru", "Текущий кон")])
def test_the_hand_in_play_fits_a_phone(sk, browser, language, words):
    from scorekeeper.domain.facts import OpenHand
    from scorekeeper.match import usecases
    from scorekeeper.notation.play_line import parse_plays

    players = ("Александра", "Bartholomew", "Константин", "Dan")
    sk("new", "--rules", "all-fives", *players)
    plays = "Александра 6-6, Bartholomew draws 8, Bartholomew knocks, Константин 0-6, Dan 3-6, Александра 3-4"
    usecases.keep_hand(str(sk.path), OpenHand(parse_plays(plays, players)))
    served = ServeCommand(sk.folder, SCOREKEEPER_LANG=language)
    try:
        for width, height in ((320, 568), (360, 740), (1280, 720)):
            screen(browser, width, height)
            browser.get(served.url)
            assert wait_for(browser, "document.getElementById('live').className.includes('on')")
            hand = browser.find_element("id", "hand")
            assert hand.is_displayed() and words in hand.text and len(hand.find_elements("css selector", "li")) == 4
            scroll, inner = browser.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth];")
            assert scroll <= inner, f"{language} {width}x{height}: {scroll} > {inner}"
    finally:
        served.stop()
