"""The session tells notes apart by what they are, not by their English words, so in Russian and Ukrainian as in
English: a note's command-line flag gives way to the round line's words (the table's footer and 'explain'),
the hint to give a hand's tiles names the session's 'edit N', an in-play total is explained in the session's
words, and a layout sealed by doubles nobody is known to hold says how to call the fish."""

from __future__ import annotations

import re

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import _, ngettext
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.notation.words import word_in_use
from scorekeeper.notation.play_line import parse_plays
from scorekeeper.rules.loader import load_ruleset

LANGUAGES = ("en", "ru", "uk")
FOUR = ("Ann", "Bob", "Cat", "Dan")
FISH = {"en": "fish", "ru": "рыба", "uk": "риба"}
"""The round line's word for a fish the session names, in each language."""
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"
"""rules.md Example 10.6a: a 2 at both ends and every other 2 on the table, sealed by Ann."""


@pytest.fixture(params=LANGUAGES)
def speaking(request):
    """A language for the test to speak once its match is made (a command decides the language again)."""
    yield request.param
    i18n.use("en")


def flat(text: str) -> str:
    return " ".join(text.split())


def said(message: str, language: str, **fields) -> str:
    """A message as the language in use says it: a Russian or Ukrainian one is translated (Cyrillic)."""
    text = _(message).format(**fields)
    assert (language == "en") == (text == message.format(**fields)) and (language == "en") != bool(
        re.search("[а-яіїєґ]", text, re.IGNORECASE)), text
    return text


def session(sk, language: str, width: int | None = 80) -> LiveSession:
    i18n.use(language)
    return LiveSession.open(str(sk.path), screen=lambda: Screen(width, None))


def test_the_notes_flags_give_way_to_the_round_lines_words(sk, speaking):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")  # one-shot rounds: no question asked the last tile
    sk("round", "--out", "Ann", "--total", "Bob=3")
    sk("round", "--out", "Bob", "--total", "Ann=12")
    live = session(sk, speaking)
    table = flat(live.handle("table").text)
    footer = said("no last tile given ('out on TILE'): the rules that need it were not applied", speaking)
    grouped = ngettext("note: round {rounds}: {note}", "note: rounds {rounds}: {note}", 2)
    assert flat(grouped.format(rounds="1, 2", note=footer)) in table, table  # one line for both rounds
    assert "--last" not in table
    explained = flat(live.handle("explain 2").text)
    last = said("{player}'s last tile was not recorded ('out on TILE'): the finishing-double rules (0-0, 6-6, two "
                "doubles at once) could not be applied", speaking, player="Bob")
    tiles = said("{player}: only a total of {total} was given, so the special-hand rule ({hands}) could not be "
                 "applied to that hand (give its tiles with '{edit} {number}' to apply it)", speaking,
                 player="Ann", total=12, hands="{hands}", edit=word_in_use("commands", "edit"),
                 number=2).partition("{hands}")[2]
    assert last in explained and tiles in explained and "--" not in explained, explained
    if speaking == "en":  # the English words the session has always said
        assert "no last tile given ('out on TILE'): the rules that need it were not applied" in table
        assert "(give its tiles with 'edit 2' to apply it)" in explained


def test_an_in_play_total_is_explained_in_the_sessions_words(sk, speaking):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=10")
    explained = flat(session(sk, speaking).handle("explain 1").text)
    fact = said("{player} made {points} during play (an in-play total: 'NAME played N')", speaking,
                player="Ann", points=10)
    assert fact in explained and "--points" not in explained, explained
    if speaking == "en":
        assert "Ann made 10 during play (an in-play total: 'NAME played N')" in explained


def test_a_sealed_layout_nobody_is_known_to_hold_the_doubles_of_says_how_to_call_the_fish(speaking):
    i18n.use(speaking)
    made = HandInPlay(load_ruleset("goat"), FOUR, None)
    answer = made.answer(made.play_all(parse_plays(SEALED, FOUR))).splitlines()
    sealed = said("sealed: a fish unless {tiles} is held", speaking, tiles="2-2")
    hint = said("Nobody holds it? Type '{fish}'.", speaking, fish=FISH[speaking])
    assert answer[-2:] == [sealed[0].upper() + sealed[1:] + ".", hint]
    if speaking == "en":
        assert answer[-2:] == ["Sealed: a fish unless 2-2 is held.", "Nobody holds it? Type 'fish'."]


def test_after_a_round_the_standings_line_says_who_leads_and_no_line_repeats_it(sk, speaking):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    text = session(sk, speaking).handle("a out 3 4 5").text
    lines = text.splitlines()
    leads = said("{name} leads", speaking, name="Alex")
    assert lines[-1].startswith("Masha ") and lines[-1].endswith(" · " + leads), text
    assert said("{player} leads next", speaking, player="Alex") not in text
