"""Issue 32: a play in as few keys as the table allows.  Where the turn is known a play is the tile alone (``45``,
``4-5``), ``-`` a knock and ``+`` (``+2``) a draw; the end is asked only where the tile fits two places making
different layouts, and who leads only where the match names no single leader, each answered with one key;
a name is still accepted, and a play out of turn is refused naming whose turn it is."""

from __future__ import annotations

import pytest

from scorekeeper.domain.plays import Action, Play
from scorekeeper.errors import InputError
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import WHOSE_TURN, parse_plays
from scorekeeper.storage.matchfile import load_match

FOUR = ("Ann", "Bob", "Cat", "Dan")


def session(tmp_path, rules: str = "all-fives", players=FOUR) -> LiveSession:
    path = tmp_path / "match.toml"
    usecases.new(path, rules, players)
    return LiveSession.open(str(path), screen=lambda: Screen(40, 24))


def typed(live: LiveSession, *lines: str) -> list[str]:
    """Each line typed (an answer where a question waits), and what the session said to the last."""
    reply = None
    for line in lines:
        reply = live.answer(line) if live.asking else live.handle(line)
    return [reply.text, reply.question]


def test_a_play_may_leave_out_who_plays():
    assert parse_plays("45 4-5 - + +3 knocks стук", FOUR, nameless=True) == (
        Play(WHOSE_TURN, Action.TILE, (4, 5)), Play(WHOSE_TURN, Action.TILE, (4, 5)), Play(WHOSE_TURN, Action.KNOCK),
        Play(WHOSE_TURN, Action.DRAW, drawn=1), Play(WHOSE_TURN, Action.DRAW, drawn=3),
        Play(WHOSE_TURN, Action.KNOCK), Play(WHOSE_TURN, Action.KNOCK))
    # a name is still taken, and mixed with plays that leave it out
    assert parse_plays("a 66 63 b - c 33 on 3", FOUR, nameless=True) == (
        Play("Ann", Action.TILE, (6, 6)), Play(WHOSE_TURN, Action.TILE, (3, 6)), Play("Bob", Action.KNOCK),
        Play("Cat", Action.TILE, (3, 3), 3))
    with pytest.raises(InputError, match="'5' is neither a tile"):
        parse_plays("5", FOUR, nameless=True)
    with pytest.raises(InputError, match="'45' after Ann 6-6 is not a player's name"):  # a recorded hand names every player
        parse_plays("Ann 66, 45", FOUR)


def test_a_whole_hand_typed_with_tiles_alone_is_the_hand_typed_with_names(tmp_path):
    named, alone = session(tmp_path / "named"), session(tmp_path / "alone")
    for with_names, without in (("a 66", "a 66"), ("b draws 8", "+8"), ("b knocks", "-"), ("c 06", "06"),
                                ("d 36", "36"), ("a 34 b 44", "34 44"), ("c 03", "03")):
        assert named.handle(with_names).text == alone.handle(without).text
        assert named.prompt() == alone.prompt()
    assert alone.prompt() == "#1 11 Dan> "


@pytest.fixture(autouse=True)
def _folders(tmp_path):
    (tmp_path / "named").mkdir()
    (tmp_path / "alone").mkdir()


def test_the_end_is_asked_with_one_key_only_where_the_layouts_differ(tmp_path):
    live = session(tmp_path)
    typed(live, "a 66", "+8", "-", "06", "36", "34", "44", "03", "14", "26")
    assert live.prompt() == "#1 6 Bob> "
    assert typed(live, "23") == ["", "2-3 on 3 or 2? "]  # both ends fit, the layouts differ
    assert live.prompt() == "#1 6 Bob> "  # nothing played yet
    assert typed(live, "3")[0] == "Bob 3-2 on 3 · 1+2+2 = 5 · +5 · Cat\nNot called? An opponent may say muggins."
    # Enter drops the play; another line is the next one, the play dropped and said so
    assert typed(live, "16", "") == ["Not played.", ""]
    text, _question = typed(live, "16", "zz")
    assert " ".join(text.split()).startswith("Not played: 1-6 on 6 or 1? (the question takes one of its keys); "
                                             "'zz' is taken as the next line. Error: 'zz' is not a command")
    assert live.prompt() == "#1 5 Cat> "
    # a tile typed instead (the next play, say) is asked again: laid, it would be Cat's, whose play is asked
    before = (tmp_path / "match.toml").read_bytes()
    text, question = typed(live, "16", "05")
    assert (" ".join(text.split()), question) == (
        "'05' is no place for 1-6: type 6 or 1, or Enter for not played.", "1-6 on 6 or 1? ")
    assert typed(live, "") == ["Not played.", ""]
    assert live.prompt() == "#1 5 Cat> " and (tmp_path / "match.toml").read_bytes() == before
    assert typed(live, "16", "66", "on 6")[0] == "Cat 6-1 on 6 · 1+2+2+1 = 6 · Dan"


def test_the_end_between_two_ends_alike_is_asked_by_the_tile_there(tmp_path):
    # rules.md example 10.1a: both ends show 3 (at 0-3 and 2-3) and 3-4 is still to be laid
    hand = ("Bob 1-1, Cid 1-5, Dan 1-6, Ann 0-5, Bob 0-0, Cid 0-4, Dan 1-4, Ann 1-2, Bob 3-6, Cid 3-5, Dan 2-6, "
            "Ann 2-5, Bob 0-6, Cid 0-3, Dan 2-3 on 2")
    live = session(tmp_path, "goat", ("Ann", "Bob", "Cid", "Dan"))
    live.handle(hand.split(", ")[0])
    for play in hand.split(", ")[1:]:
        assert live.handle(play).ok
    assert typed(live, "33") == ["", "3-3 on 0-3 or 2-3? [0/2] "]
    assert typed(live, "2")[0] == "Ann 3-3 on 2-3 · ends 3 and 3 · Bob"
    # 3-4 then fits the plain end at 0-3 or the double across 2-3: two layouts
    assert typed(live, "34") == ["", "3-4 on 0-3 or 3-3? [0/3] "]
    assert typed(live, "0")[0] == "Bob 3-4 on 0-3 · ends 3 and 4 · Cid"


def test_who_leads_is_asked_where_the_match_names_no_single_leader(tmp_path):
    live = session(tmp_path, "goat", ("Ann", "Bob", "Cid", "Dan"))
    assert typed(live, "11") == ["", "who leads? [a/b/c/d] "]  # the first round: the holder of 1-1
    assert typed(live, "b")[0] == "Bob 1-1 · ends 1 and 1 · Cid"
    assert live.prompt() == "#1 Cid> "


def test_the_one_who_went_out_leads_the_next_hand_with_the_tile_alone(tmp_path):
    live = session(tmp_path, "goat", ("Ann", "Bob", "Cid", "Dan"))
    live.handle("b out 3 4 5")
    assert typed(live, "24")[0] == "Bob 2-4 · ends 2 and 4 · Cid"


def test_a_play_out_of_turn_is_refused_naming_whose_turn_it_is(tmp_path):
    live = session(tmp_path)
    live.handle("a 66")
    reply = live.handle("c 63")
    assert not reply.ok and "it is Bob's turn, not Cat's" in " ".join(reply.text.split())
    assert live.prompt() == "#1 12 Bob> "
    assert live.handle("allow").text.startswith("Let stand: play 2 (Cat 3-6).\nCat 6-3 · 6+6+3 = 15 · +15 · Dan\n")


def test_a_claim_after_a_name_in_a_hand_is_not_taken_for_a_draw(tmp_path):
    live = session(tmp_path, "muggins", ("Ann", "Bob"))
    live.handle("a 55")
    reply = live.handle("a +10")
    assert not reply.ok and "a hand is in play" in reply.text
    assert live.handle("+").text == "Bob draws 1 · Bob"
    assert live.handle("b 5").ok is False  # a one-digit word is no tile
    assert live.handle("b -").text.startswith("Error: Bob knocks: Bob must draw before")


def test_nothing_is_written_while_a_question_waits(tmp_path):
    live = session(tmp_path, "goat", ("Ann", "Bob", "Cid", "Dan"))
    before = (tmp_path / "match.toml").read_bytes()
    typed(live, "11")
    assert (tmp_path / "match.toml").read_bytes() == before
    assert load_match(str(tmp_path / "match.toml")).rounds == ()
