"""Plays in one line: reading what the scorer types, writing it back, refusing what is not a play."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import InputError
from scorekeeper.notation.play_line import format_plays, parse_plays

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def test_the_forms_of_the_issue():
    plays = parse_plays("Ann 6-6, Bob 6-3, Cat 3-3 on 3, Dan 6-1 on 6-6, Bob knocks, Bob draws 2, "
                        "Bob draws 1, Bob 5-0", PLAYERS)
    assert plays == (
        Play("Ann", Action.TILE, Tile(6, 6)), Play("Bob", Action.TILE, Tile(3, 6)),
        Play("Cat", Action.TILE, Tile(3, 3), 3), Play("Dan", Action.TILE, Tile(1, 6), Tile(6, 6)),
        Play("Bob", Action.KNOCK), Play("Bob", Action.DRAW, drawn=2), Play("Bob", Action.DRAW, drawn=1),
        Play("Bob", Action.TILE, Tile(0, 5)))


def test_prefixes_compact_tiles_and_other_separators():
    assert parse_plays("a 66 b 6:3; c 33 on 3 d pass", PLAYERS) == parse_plays(
        "Ann 6-6, Bob 6-3, Cat 3-3 on 3, Dan knocks", PLAYERS)
    assert parse_plays("Bob draws", PLAYERS) == (Play("Bob", Action.DRAW, drawn=1),)


def test_without_players_names_are_taken_as_typed_and_prefixes_resolve():
    plays = parse_plays("Ann 6-6, Bob 6-3, a 3-3, b knocks")
    assert [play.player for play in plays] == ["Ann", "Bob", "Ann", "Bob"]


def test_double_twelve_needs_the_dash():
    assert parse_plays("Ann 12-11 on 12", PLAYERS, max_pip=12) == (
        Play("Ann", Action.TILE, Tile(11, 12), 12),)
    with pytest.raises(InputError, match="is not a tile"):
        parse_plays("Ann 1211", PLAYERS, max_pip=12)


@pytest.mark.parametrize("text, message", [
    ("", "no plays given"),
    ("6-6", "play 1: '6-6' is not a player's name"),
    ("Ann 6-6 Bob", "play 2: what did Bob do?"),
    ("Ann sings", "play 1: 'sings' after Ann is not a tile"),
    ("Ann 6-6 on", "play 1: 'Ann 6-6 on' needs the end's number"),
    ("Ann 6-6 on x", "play 1: 'Ann 6-6 on' needs the end's number"),
    ("Zed 6-6", "unknown player 'Zed'"),
    ("Ann 6-6, Bob draws 0", "play 2: Bob draws 0: a draw takes at least one tile"),
    ("Ann 6-6 @", "'@' is not understood in a play (at character 9)"),
    ("Ann 123-4", "is not a tile"),
    ("Ann 6-6, knocks", "play 2: 'knocks' after Ann 6-6 is not a player's name"),
])
def test_what_is_not_a_play_is_refused_in_one_line(text, message):
    with pytest.raises(InputError) as refused:
        parse_plays(text, PLAYERS)
    assert message in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("text, max_pip, message", [
    ("Ann 1-1, Bob draws 99999999999999999999", 6,
     "play 2: Bob draws '99999999999999999999': a draw takes 1 to 28 tiles, the whole set at most"),
    ("Ann 1-1, Bob draws 29", 6, "play 2: Bob draws '29': a draw takes 1 to 28 tiles"),
    ("Ann 1-1, Bob draws 56", 9, "play 2: Bob draws '56': a draw takes 1 to 55 tiles"),
    ("Ann 1-1, Bob draws 0000000000000000000000", 6, "play 2: Bob draws 0: a draw takes at least one tile"),
    ("Ann 1-1, Bob draws ٣", 6, "'٣' is not understood in a play"),
    ("Ann 1-1, Bob draws ０", 6, "'０' is not understood in a play"),
    ("Ann 1-1, Bob draws ²", 6, "unknown player '²'"),  # a word, not a number: the next play's player
])
def test_a_draw_is_a_number_in_ascii_digits_within_the_set(text, max_pip, message):
    """Issue 34, item 9: 'b draws 99999999999999999999' was taken, and echoed as 'draws 1000'."""
    with pytest.raises(InputError) as refused:
        parse_plays(text, PLAYERS, max_pip=max_pip)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert parse_plays("Ann 1-1, Bob draws 28", PLAYERS)[1] == Play("Bob", Action.DRAW, drawn=28)
    assert parse_plays("Ann 1-1, Bob draws 91", PLAYERS, max_pip=12)[1] == Play("Bob", Action.DRAW, drawn=91)


@pytest.mark.parametrize("stored", ["Ann 1-1, Bob 1-2 on ²", "Ann 1-1, Bob 1-2 on ٠", "Ann 1-1, Bob draws ٣",
                                    "Ann 1-1, Bob draws ²", "Ann 1-1, Bob draws 1000"])
def test_a_stored_play_line_takes_ascii_digits_only(stored):
    """A match file's play line is read by splitting it: a digit of another script (or '²', which int() does
    not take) was read as a number there, or failed with Python's own message."""
    with pytest.raises(InputError) as refused:
        parse_plays(stored, exact=True)
    assert "invalid literal" not in str(refused.value)


def test_an_ambiguous_prefix_names_the_candidates():
    with pytest.raises(InputError, match="could be Ann or Anna"):
        parse_plays("An 6-6", ("Ann", "Anna"))


tiles = st.builds(Tile.of, st.integers(0, 6), st.integers(0, 6))
names = st.sampled_from(PLAYERS + ("Uncle Vanya", "on"))
plays = st.one_of(
    st.builds(lambda player, tile, on: Play(player, Action.TILE, tile, on), names, tiles,
              st.one_of(st.none(), st.integers(0, 6), tiles)),
    st.builds(lambda player: Play(player, Action.KNOCK), names),
    st.builds(lambda player, drawn: Play(player, Action.DRAW, drawn=drawn), names, st.integers(1, 14)))


@given(st.lists(plays, min_size=1, max_size=12))
def test_written_plays_read_back_the_same(written):
    assert parse_plays(format_plays(written), PLAYERS + ("Uncle Vanya", "on")) == tuple(written)


def test_a_missed_score_and_muggins_are_read_and_written_back():
    plays = parse_plays("a 66, b 63 on 6 missed, c 33 muggins d, Dan 3-1 muggins \"Ann\"", PLAYERS)
    assert plays[1] == Play("Bob", Action.TILE, Tile(3, 6), 6, missed=True)
    assert plays[2] == Play("Cat", Action.TILE, Tile(3, 3), missed=True, taker="Dan")
    assert plays[3].taker == "Ann"
    assert format_plays(plays) == "Ann 6-6, Bob 3-6 on 6 missed, Cat 3-3 muggins Dan, Dan 1-3 muggins Ann"
    assert parse_plays(format_plays(plays), PLAYERS) == plays


@pytest.mark.parametrize("text, message", [
    ("Ann 6-6 muggins", "play 1: 'Ann 6-6 muggins' needs who called it"),
    ("Ann 6-6 muggins 3-3", "play 1: 'Ann 6-6 muggins' needs who called it"),
    ("Ann 6-6, Bob knocks missed", "play 3: 'missed' after Bob knocks is not a player's name"),
    ("Ann 6-6 missed, missed 6-3", "play 2: 'missed' after Ann 6-6 missed is not a player's name"),
])
def test_muggins_words_out_of_place_are_refused(text, message):
    with pytest.raises(InputError) as refused:
        parse_plays(text, PLAYERS)
    assert message in str(refused.value)


@given(st.lists(st.tuples(st.sampled_from(("Ann", "Bob", "Cat", "Dan", "Uncle Vanya", "on")),
                          st.sampled_from(("tile", "knock", "draw")),
                          st.tuples(st.integers(0, 6), st.integers(0, 6)),
                          st.sampled_from((None, 3, "tile")), st.sampled_from((None, "missed", "Bob"))),
                min_size=1, max_size=8))
def test_a_stored_line_reads_back_as_the_full_reader_reads_it(items):
    """The match file's play lines are read by splitting (``_stored``) where they are plain: the same plays
    as the full reader gives, and those of format_plays."""
    plays = []
    for player, action, (a, b), on, missed in items:
        if action == "knock":
            plays.append(Play(player, Action.KNOCK))
        elif action == "draw":
            plays.append(Play(player, Action.DRAW, drawn=a + 1))
        else:
            where = Tile.of(b, a) if on == "tile" else on
            plays.append(Play(player, Action.TILE, Tile.of(a, b), where, missed=missed is not None,
                              taker=missed if missed not in (None, "missed") else None))
    line = format_plays(plays)
    assert parse_plays(line, exact=True) == tuple(plays)
    from scorekeeper.notation import play_line

    assert play_line._stored(line) in (None, tuple(plays))


@pytest.mark.parametrize("typed, english", [
    ("а 66, б берёт 2, б 6-3 на 6, в стук", "Аня 66, Боря draws 2, Боря 6-3 on 6, Вера knocks"),
    ("а 66, б бере 2, б 6-3 на 6, в стукає", "Аня 66, Боря draws 2, Боря 6-3 on 6, Вера knocks"),
    ("а 66, б 63 маггинс в", "Аня 66, Боря 63 muggins Вера"),
    ("а 66, б 63 проґавив", "Аня 66, Боря 63 missed"),
    ("а 66, б 63 щт 6", "Аня 66, Боря 63 on 6"),  # 'on' typed on the Russian layout
])
def test_the_play_lines_words_in_russian_and_ukrainian(typed, english):
    seats = ("Аня", "Боря", "Вера")
    assert parse_plays(typed, seats) == parse_plays(english, seats)


def test_a_players_name_comes_before_an_added_word():
    """'на' is 'on' in Russian, but at a table with Наташа it starts her name, as a round line reads it."""
    plays = parse_plays("а 66 на 63", ("Аня", "Наташа"))
    assert [play.player for play in plays] == ["Аня", "Наташа"]
    assert parse_plays("а 6-6 on 6", ("Аня", "Наташа"))[0].on == 6  # the English word always works


@pytest.mark.parametrize("language", ["ru", "uk"])
@given(written=st.lists(plays, min_size=1, max_size=12))
def test_plays_written_in_a_language_read_back_the_same(language, written):
    """What a person is shown (``format_plays(..., language)``) reads back as the same plays when typed."""
    seated = PLAYERS + ("Uncle Vanya", "on")
    shown = format_plays(written, language, seated)
    assert parse_plays(shown, seated) == tuple(written), shown


@pytest.mark.parametrize("language, shown", [
    ("en", "Ann 6-6, Bob knocks, Bob draws 2, Cat 3-6 on 6 missed, Dan 1-3 muggins Ann"),
    ("ru", "Ann 6-6, Bob стучит, Bob берёт 2, Cat 3-6 на 6 прозевано, Dan 1-3 маггинс Ann"),
    ("uk", "Ann 6-6, Bob стукає, Bob бере 2, Cat 3-6 на 6 проґавлено, Dan 1-3 маґґінс Ann"),
])
def test_plays_are_written_in_the_words_of_a_language(language, shown):
    plays = parse_plays("a 66, b knocks, b draws 2, c 63 on 6 missed, d 31 muggins a", PLAYERS)
    assert format_plays(plays, language, PLAYERS) == shown
    assert format_plays(plays) == format_plays(plays, "en")  # the match file's words: English


def test_a_word_that_would_name_a_player_is_written_in_english():
    seated = ("Стучитель", "Боря")
    plays = (Play("Боря", Action.KNOCK), Play("Боря", Action.DRAW, drawn=1))
    assert format_plays(plays, "ru", seated) == "Боря knocks, Боря берёт 1"
    assert parse_plays(format_plays(plays, "ru", seated), seated) == plays


_WORD = __import__("re").compile(r"[^\W\d_][\w'’.-]*")
"""The play line's word as its pattern reads one (``_TOKEN``'s ``word``)."""


@given(st.one_of(st.text(max_size=8), st.text(alphabet="aZ9_'’.-Ёё١½²ǅ\u0301 \"", max_size=6),
                 st.sampled_from(("on", "Knocks", "Uncle Vanya", "O'Neil", "O’Neil", "Ann-Marie", "J.R.", "_x", "9a", "a_1",
                                  "Zoë", "١a", "a١", "½", "ǅ", "a\u0301", "Маша", "", "a b", "6-6", "-"))))
def test_a_name_is_quoted_exactly_where_the_pattern_does_not_read_it_as_a_word(name):
    """``format_name`` (and the stored line's reader) say a plain name without compiling the play line's
    pattern: a name is written bare exactly where the pattern's ``word`` reads all of it and it is no
    keyword, and a bare name reads back as itself."""
    from scorekeeper.notation.play_line import KEYWORDS, format_name

    bare = _WORD.fullmatch(name) is not None and name.casefold() not in KEYWORDS
    assert format_name(name) == (name if bare else f'"{name}"')
    if bare:
        assert parse_plays(f"{name} 6-6", exact=True)[0].player == name


def test_reading_a_stored_line_loads_no_word_table_nor_compiles_the_pattern():
    """A match file's play line is read by splitting: no word table is folded or even loaded and the play
    line's pattern is not compiled (every command on a played match paid for them); a typed line uses them."""
    import subprocess
    import sys

    code = """
import re, sys
from scorekeeper.notation.play_line import _TOKEN, format_plays, parse_plays
compiled = lambda: any(key[1] == _TOKEN for key in re._cache)
plays = parse_plays("Ann 6-6, Bob 3-6 on 6 missed, Cat knocks, Dan draws 2, Dan 1-3 muggins Ann", exact=True)
assert format_plays(plays) == "Ann 6-6, Bob 3-6 on 6 missed, Cat knocks, Dan draws 2, Dan 1-3 muggins Ann"
print("notation.words" in " ".join(sys.modules), compiled())
parse_plays("a 66, b стук", ["Ann", "Bob"])
print("scorekeeper.notation.words" in sys.modules, compiled())
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["False False", "True True"]
