"""Issue 32: questions that change nothing.  '? 56' (or '? 5-6') says whether the player to play may lay the tile,
where and with what count; '?' alone, 'ends' and 'held' where the hand stands (the open ends and their count,
whose turn, the tiles each player holds, the bazaar); in every language.  The match file, the undo history, the
prompt and a breach waiting for 'allow' stay as they were."""

from __future__ import annotations

import pytest

from scorekeeper import i18n
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.storage.matchfile import load_match

FOUR = ("Ann", "Bob", "Cat", "Dan")
ALL_FIVES = ("a 66", "+8", "-", "06", "36", "34", "44", "03", "14", "26")
"""The first plays of tests/live/test_session_plays.py's All Fives hand, typed with tiles alone."""


def session(tmp_path, rules: str = "all-fives", players=FOUR, width: int | None = 40) -> LiveSession:
    path = tmp_path / "match.toml"
    usecases.new(path, rules, players)
    return LiveSession.open(str(path), screen=lambda: Screen(width, 24))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def speaking():
    yield i18n.use
    i18n.use("en")


def test_a_tile_asked_about_says_where_it_goes_and_what_it_scores(tmp_path):
    live = session(tmp_path)
    assert live.handle("? 66").text == "Ann may lead 6-6: count 12."  # a lead by lot: anyone's
    for line in ALL_FIVES:
        assert live.handle(line).ok
    assert flat(live.handle("? 23").text) == "Bob may lay 2-3 on 3 (count 5, +5) or on 2 (count 7)."
    assert flat(live.handle("? 4-5").text) == ("Bob cannot lay 4-5: 4-5 does not match an open end (the ends show "
                                               "3, 1, 2 and the spinner 6-6).")
    # Bob knocked at play 3 with a 6 showing: laying 5-6 now, with nothing drawn since, would prove it
    assert flat(live.handle("? 5-6").text) == ("Bob may lay 5-6: count 11. But: Bob could play at that knock: 5-6 "
                                               "fits the ends (6 on the spinner 6-6) and Bob drew nothing after it "
                                               "('allow' would let it stand).")
    assert flat(live.handle("? 34").text) == "3-4 is on the table (laid by Ann, play 6)."
    assert flat(live.handle("? 6-9").text) == "Error: tile 6-9 is not in a double-six set"
    assert flat(live.handle("? 2 3").text) == "Error: '?' takes one tile: ? 56 (or ? 5-6), not '2 3'"


def test_where_the_hand_stands(tmp_path):
    live = session(tmp_path)
    assert flat(live.handle("?").text) == ("No hand in play yet. The first round's leader is chosen by lot and may "
                                           "lead any tile. Tiles held: Ann 5, Bob 5, Cat 5, Dan 5. Bazaar: 8 tiles.")
    for line in ALL_FIVES:
        live.handle(line)
    assert live.handle("ends").text == "Ends 3, 1, 2 and the spinner 6-6, count\n  6; Bob to play."
    assert flat(live.handle("held").text) == ("Tiles held: Ann 2, Bob 12 (drew 8), Cat 3, Dan 3. The bazaar is "
                                               "empty.")
    assert flat(live.handle("?").text) == flat(live.handle("ends").text + " " + live.handle("held").text)
    assert live.handle("ends all").text.startswith("Error: ends takes nothing after it")


def test_a_blocking_game_says_the_ends_and_the_bazaar_it_keeps(tmp_path):
    live = session(tmp_path, "goat", ("Ann", "Bob"))
    live.handle("a out 5")
    live.handle("24")
    assert flat(live.handle("?").text) == ("Ends 2 and 4; Bob to play. Tiles held: Ann 6, Bob 7. Bazaar: 14 tiles, 13 "
                                           "may be drawn (left in the bazaar: 1).")
    assert flat(live.handle("? 56").text) == "Bob cannot lay 5-6: 5-6 does not match an open end (the ends show 2 and 4)."
    assert live.handle("? 46").text == "Bob may lay 4-6: ends then 2 and 6."


def test_a_breach_the_lead_would_make_is_said(tmp_path):
    live = session(tmp_path, "goat")
    assert flat(live.handle("? 24").text) == ("Ann may lead 2-4: ends then 2 and 4. But: the first round opens "
                                              "with 1-1, not 2-4: every tile is dealt (lead.first = from-1-1) "
                                              "('allow' would let it stand).")


def test_a_question_changes_nothing_the_file_the_history_the_prompt_a_breach_waiting(tmp_path):
    live = session(tmp_path)
    live.handle("a out 10 5 3 2")
    live.handle("undo")  # an undo history to keep
    live.handle("a out 10 5 3 2")
    for line in ALL_FIVES:
        live.handle(line)
    assert not live.handle("c 16").ok  # out of turn: waits for 'allow'
    path = tmp_path / "match.toml"
    before, prompt, history = path.read_bytes(), live.prompt(), load_match(str(path)).history
    for question in ("?", "? 23", "? 5-6", "ends", "held", "? 2 3", "table"):
        live.handle(question)
        assert path.read_bytes() == before and live.prompt() == prompt
        assert load_match(str(path)).history == history
    assert live.handle("allow").question == "1-6 on 6 or 1? "  # the breach still waits for the table
    assert live.answer("6").text == "Let stand: play 11 (Cat 1-6 on 6).\nCat 6-1 on 6 · 3+1+2+1 = 7 · Dan"


@pytest.mark.parametrize("language, said", [
    ("ru", ["Аня может зайти с 6-6: сумма концов 12.", "Концы 3, 1, 2 и спиннер 6-6, сумма 6; ходит Боря.",
            "Костей на руках: Аня 2, Боря 12 (с базара 8), Катя 3, Даша 3. Базар пуст.",
            "Боря может положить 2-3 на 3 (сумма концов 5, +5) или на 2 (сумма концов 7).",
            "3-4 уже на столе (ход 6, игрок Аня)."]),
    ("uk", ["Аня може зайти з 6-6: сума кінців 12.", "Кінці 3, 1, 2 і спінер 6-6, сума 6; ходить Боря.",
            "Кісток на руках: Аня 2, Боря 12 (з базару 8), Катя 3, Даша 3. Базар порожній.",
            "Боря може покласти 2-3 на 3 (сума кінців 5, +5) або на 2 (сума кінців 7).",
            "3-4 уже на столі (хід 6, гравець Аня)."]),
])
def test_questions_in_each_language(tmp_path, speaking, language, said):
    live = session(tmp_path, players=("Аня", "Боря", "Катя", "Даша"))
    speaking(language)
    ends, held = {"ru": ("стол", "кости"), "uk": ("стіл", "кістки")}[language]
    answers = [live.handle("? 66").text]
    for line in ("а 66",) + ALL_FIVES[1:]:
        assert live.handle(line).ok
    answers += [live.handle(ends).text, live.handle(held).text, live.handle("? 2-3").text, live.handle("? 34").text]
    assert [flat(answer) for answer in answers] == said


@pytest.mark.parametrize("language, said", [
    ("en", ("Ends 6 on the spinner 6-6, count 12; Bob to play.", "Bob may lay 5-6: ends then 5 and the spinner 6-6.")),
    ("ru", ("Концы 6 на спиннере 6-6, сумма 12; ходит Bob.", "Bob может положить 5-6: концы станут 5 и спиннер 6-6.")),
    ("uk", ("Кінці 6 на спінері 6-6, сума 12; ходить Bob.", "Bob може покласти 5-6: кінці стануть 5 і спінер 6-6.")),
])
def test_the_spinner_alone_says_the_number_it_asks_for(tmp_path, speaking, language, said):
    """The spinner led, nothing on it yet: the ends say the number a tile needs and where ('6 on the spinner
    6-6'), not 'Ends the spinner 6-6'; in a game whose plays do not score, what a tile would leave is the
    ends as the same list."""
    ends, asked = said
    speaking(language)
    live = session(tmp_path, "muggins", ("Ann", "Bob"))
    live.handle("a 66")
    assert flat(live.handle("ends").text) == ends
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "block-spinner.toml").write_text('extends = "block"\n[play]\nspinner = "open-halves"\n')
    blocking = session(tmp_path / "house", str(tmp_path / "house" / "block-spinner.toml"), ("Ann", "Bob"))
    blocking.handle("a 66")
    assert flat(blocking.handle("? 56").text) == asked
