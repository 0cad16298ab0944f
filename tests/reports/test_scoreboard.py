"""The scoreboard's words (``reports.scoreboard``): what ``serve``'s page shows of a match, from the same replay
as ``table``."""

from __future__ import annotations

import pytest

from scorekeeper.match.opened import open_match
from scorekeeper.reports.scoreboard import HandShown, scoreboard

FOUR = ("Masha", "Alex", "Olya", "Serg")


def _board(sk, **kwargs):
    return scoreboard(open_match(str(sk.path)), **kwargs)


def test_a_goat_match_as_the_cards_say_it(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    sk("round", "Olya out, Masha 20, Alex 3, Serg 2")
    board = _board(sk)
    assert board.title == "Goat: 2 rounds; first to 101 loses"
    cards = {card.name: card for card in board.sides}
    assert (cards["Masha"].score, cards["Olya"].score) == (20, 13)
    assert (cards["Alex"].remembered, cards["Serg"].remembered) == (12, 7)
    assert cards["Olya"].marks == ("leads next",) and board.next == "Olya leads next"
    assert not any(card.ahead for card in board.sides)  # Alex and Serg share the fewest points: 0
    assert board.last.said == "Round 2: Olya out, Serg 2, Masha 20, Alex 3"  # from the seat after Olya
    assert board.last.moved == ("Masha 20 → 20", "Alex 3 → +12", "Serg 2 → +7") and board.last.label == ""
    assert board.banner == "" and board.hand is None and board.eggs == ""
    assert board.rows[-1].label == "total" and board.rows[-1].cells == ("20", "0 +12", "13", "0 +7")
    assert board.rows[0].cells[1] == "9 → +9" and board.rows[0].short_cells[1] == "9→+9"


@pytest.mark.parametrize("rules, lines, front", [
    ("goat", ["Masha out, Alex 20, Olya 13, Serg 15"], "Masha"),            # the goat's race: the fewest
    ("sea-goat", ["Masha out, Alex 20, Olya 13, Serg 15"], "Masha"),        # the winners' count: the most
    ("block-003", ["Masha out, Alex 5, Olya 13, Serg 15", "Alex out, Masha 30, Olya 13, Serg 15"], "Alex"),
    # seven rounds, the lowest total wins (the most would be Masha and Serg, tied: nobody)
    ("goat", [], None),                                                      # no round yet
])
def test_ahead_is_the_one_side_in_front(sk, rules, lines, front):
    sk("new", "--rules", rules, *FOUR)
    for line in lines:
        sk("round", line)
    board = _board(sk)
    assert [card.name for card in board.sides if card.ahead] == ([front] if front else [])
    for card in board.sides:
        assert ("ahead" in card.marks) == card.ahead


def test_eggs_carried_and_a_side_on_the_hundred(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "fish 14 14 3 4")
    board = _board(sk)
    assert board.eggs.startswith("eggs: +35 carried") and board.headers[-1] == "eggs"
    assert board.rows[-1].eggs == "+35"
    sk("new", "--force", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "Ann out on 6-6, Bob 3-4")
    board = _board(sk)
    assert board.sides[0].marks == ("leads next", "owes 6-6: on the hundred")
    assert board.next == "Ann leads 6-6, on the hundred"
    assert board.last.label == "Ann out on 6-6; Ann owes 6-6"


def test_the_hand_in_play_shows_the_points_claimed_so_far(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    assert _board(sk).hand is None
    sk("score", "Ann", "10")
    sk("score", "Bob", "--count", "15")
    assert _board(sk).hand == HandShown(points=(("Ann", 10), ("Bob", 15)))


def test_a_pair_names_its_players_and_who_leads(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    sk("round", "Masha out, Alex 20, Olya 3, Serg 15")
    board = _board(sk)
    assert [card.players for card in board.sides] == [("Masha", "Olya"), ("Alex", "Serg")]
    assert "Masha leads next" in board.sides[0].marks


def test_a_finished_match_has_its_banner_and_no_marks(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "Ann out, Bob 60")
    sk("round", "Ann out, Bob 50")
    board = _board(sk)
    assert board.banner.startswith("Match over: Bob is the goat with") and board.next == ""
    assert all(card.marks == () for card in board.sides)


def test_only_the_latest_rounds_are_rows(sk):
    sk("new", "--rules", "goat", *FOUR)
    for _ in range(3):
        sk("round", "Masha out, Alex 1, Olya 1, Serg 1")
    board = _board(sk, rounds=2)
    assert [row.number for row in board.rows] == ["2", "3", ""]
    assert board.hidden == "round 1 not shown"


def test_the_words_are_in_the_language_in_use(sk, monkeypatch):
    from scorekeeper import i18n

    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    i18n.use("ru")
    board = _board(sk)
    assert board.language == "ru" and board.title.startswith("Козёл: 1 кон")
    assert board.last.said.startswith("Кон 1: Masha выходит")
    assert board.sides[0].marks == ("заходит следующим",)
