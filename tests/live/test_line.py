"""What a line typed at the ``play`` prompt is (``live.line.classify``): a command in any language, plays told
apart from round lines and claims by their shape, inside a hand and outside one, and what the hands hold once
the hand is over; each line read once, what is wrong with it kept for its entry to say."""

from __future__ import annotations

import pytest

from scorekeeper.domain.facts import Match, singles
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import InputError
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.line import Kind, classify
from scorekeeper.live.session import LiveSession
from scorekeeper.notation.play_line import format_plays, parse_plays
from scorekeeper.rules.loader import load_ruleset

FOUR = ("Ann", "Bob", "Cat", "Dan")
CYRILLIC = ("Маша", "Рыбаков", "Оля", "Вышинский")
"""Names a word of the round line starts (рыба, вышел): a command is read beside them as beside any."""
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"
"""rules.md Example 10.6a: a 2 at both ends and every other 2 on the table, sealed by Ann."""


def match(players=FOUR, ruleset: str = "goat") -> Match:
    return Match(ruleset=ruleset, players=players, sides=singles(players), rounds=())


def read(line: str, players=FOUR, ruleset: str = "goat", hand: HandInPlay | None = None):
    return classify(line, match(players, ruleset), load_ruleset(ruleset), hand)


def hand(ruleset: str = "goat", plays: str = "") -> HandInPlay:
    made = HandInPlay(load_ruleset(ruleset), FOUR)
    if plays:
        made.play_all(parse_plays(plays, FOUR))
    return made


@pytest.mark.parametrize("line, plays", [
    ("a 66", "Ann 6-6"),
    ("a 66 b 63", "Ann 6-6, Bob 3-6"),
    ("a 6-6, b 6:3; c 3-3 on 3", "Ann 6-6, Bob 3-6, Cat 3-3 on 3"),
    ("c knocks", "Cat knocks"),
    ("b draws 2, b 5-0", "Bob draws 2, Bob 0-5"),
    ("a 12", "Ann 1-2"),  # as a round line it would be a total with nobody out: no round at all
])
def test_a_line_of_plays_reads_as_plays(line, plays):
    said = read(line)
    assert said.kind is Kind.PLAYS and said.problem is None and format_plays(said.plays) == plays


@pytest.mark.parametrize("line", [
    "a out 3 4 5",  # a round line: 'out'
    "fish by b 1 2 3 4",
    "a out, b 6-6, c 12, d 3",  # tiles in hands, as a play would write them
    "a +5",  # a claim
    "b count 15",
    "a played 25",
    "a 66 b +5",  # a claim among plays: the claim's reading wins, and the round reader answers
    "a 6",  # a total, not a tile
    "a",
    "table",
])
def test_a_round_line_or_a_claim_is_never_read_as_plays(line):
    assert read(line).kind is not Kind.PLAYS
    assert read(line, ruleset="muggins").kind is not Kind.PLAYS


def test_a_line_meant_as_plays_is_told_from_a_round_line_by_its_play_words():
    for line in ("c knocks d", "a 6-6 on", "c стук d", "a 6-6 на"):  # in any language: the plays' own error
        said = read(line)
        assert said.kind is Kind.PLAYS and not said.plays and isinstance(said.problem, InputError), line
    for line in ("a out 3 4 5", "a 3 b 4", "a вышла 3 4 5"):
        assert read(line).kind is Kind.ROUND, line
    assert read("a +5", ruleset="muggins").kind is Kind.CLAIMS
    started = hand("goat", "a 24")
    # a round line typed in a hand is told from plays in any language or keyboard layout
    for line in ("a +5", "Fish 1 2 3 4", "рыба 1 2 3 4", "a щге 3 4 5", "a вийшла 3 4 5"):
        assert read(line, hand=started).kind is Kind.ROUND_IN_HAND, line
    assert read("a 66 b 63", hand=started).kind is Kind.PLAYS
    assert read("a 66 b стук", hand=started).kind is Kind.PLAYS
    said = read("рыб 66", ("Рыбаков", "Bob"))  # a start of a name is the player
    assert said.kind is Kind.PLAYS and said.plays == (Play("Рыбаков", Action.TILE, Tile(6, 6)),)


def test_a_round_line_in_the_languages_words_inside_a_hand_is_refused_as_the_english_one(sk):
    sk("new", "--rules", "all-fives", *FOUR)
    live = LiveSession.open(str(sk.path))
    live.handle("a 66")
    for line in ("a out 3 4 5", "a вышла 3 4 5", "рыба 1 2 3 4"):
        refused = live.handle(line)
        assert not refused.ok and refused.text.startswith("Error: a hand is in play (1 play)"), line
    assert format_plays(live.hand.plays) == "Ann 6-6"


def test_the_precedence_of_a_line_outside_and_inside_a_hand():
    """Outside a hand: plays, else the round reader; a line with the plays' words gets their error.  Inside: a
    round line or a claim is refused; one word naming nobody is left to the command hint."""
    assert read("a 66").plays == (Play("Ann", Action.TILE, Tile(6, 6)),)
    assert read("a out 3 4 5").kind is Kind.ROUND and read("a +5").kind is Kind.CLAIMS
    with pytest.raises(InputError, match="play 2: what did Dan do?"):
        raise read("c knocks d").problem
    started = hand("goat", "a 24")
    assert read("b out 3 4 5", hand=started).kind is Kind.ROUND_IN_HAND
    assert read("b +5", hand=started).kind is Kind.ROUND_IN_HAND
    assert read("tabel", hand=started).kind is Kind.WORD and read("tabel").kind is Kind.WORD
    said = read("b", hand=started)
    assert said.kind is Kind.PLAYS
    with pytest.raises(InputError, match="what did Bob do"):
        raise said.problem


@pytest.mark.parametrize("line, command, rest", [
    ("отмена", "undo", ""), ("гтвщ", "undo", ""), ("таблица все", "table", "все"), ("ефиду фдд", "table", "фдд"),
    ("таблиця усі", "table", "усі"), ("отмена список", "undo", "список"),
    ("проверить рыба 2-4 4-1", "check", "рыба 2-4 4-1"),  # the words after it: the command's (test_words.py)
    ("исправить 2 Маша вышла 3 4 5", "edit", "2 Маша вышла 3 4 5"),  # the round line is read as a round line
    ("Маша вышла 3 13 5", "", ""), ("undo", "undo", ""), ("rematch", "again", ""), ("  table   all  ", "table", "all"),
])
def test_a_command_is_its_first_word_in_any_language_or_layout(line, command, rest):
    said = read(line, CYRILLIC)
    assert (said.kind is Kind.COMMAND, said.command, said.rest) == (bool(command), command, rest)


def test_a_command_word_yields_to_a_player_it_names():
    seated = ("Отмена", "Оля", "Маша")
    assert read("Отм вышел 3 4", seated).kind is Kind.ROUND and read("отмена", seated).kind is not Kind.COMMAND
    assert read("undo", ("Undo", "Оля", "Маша")).command == "undo"  # English: as before


def test_once_the_hand_is_over_the_line_is_the_hands_and_after_a_fish_knocks_are_knocks():
    over = hand("goat", SEALED + ", Bob 2-2")
    assert over.fish_seen
    said = read("c knocks d knocks", hand=over)
    assert said.kind is Kind.KNOCKS and [play.player for play in said.plays] == ["Cat", "Dan"]
    for line in ("10 12 15 20", "a 3 b 4 c 5 d 6", "c knocks d 5"):
        assert read(line, hand=over).kind is Kind.HANDS, line
    assert read("table", hand=over).kind is Kind.COMMAND
    sealed = hand("goat", SEALED)
    assert read("fish", hand=sealed).kind is Kind.FISH and read("рыба", hand=sealed).kind is Kind.FISH
    assert read("fish").kind is Kind.ROUND  # outside a hand, a round line


def test_claims_run_together_are_claims_where_plays_score():
    said = read("a10 b5", ruleset="muggins")
    assert said.kind is Kind.CLAIMS and [claim[:2] for claim in said.facts.claims] == [("Ann", 10), ("Bob", 5)]
    assert read("a10 b5").kind is Kind.ROUND  # Goat scores no plays: not claims


def test_a_round_line_that_cannot_be_read_keeps_why():
    said = read("a out 8 6")
    assert said.kind is Kind.ROUND and said.facts is None
    with pytest.raises(InputError, match="3 totals needed"):
        raise said.problem
