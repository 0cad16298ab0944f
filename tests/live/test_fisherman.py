"""Issue 32: a fish typed as a round line asks for its fisherman where the ruleset needs one (who leads next, or
who takes the fish) and the line does not say it: Enter is 'not known', a wrong name is asked again once, the
answer is recorded in the round (``fisher``); Sea Goat's 'led?' follows it.  'led?' and 'last tile?' are not
asked where the answer cannot change anything (``referee.asked``)."""

from __future__ import annotations

import pytest

from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.storage.matchfile import load_match
from scorekeeper.match import usecases

THREE = ("Ann", "Bob", "Cid")


def session(tmp_path, rules: str, players=THREE, before: tuple[str, ...] = ()) -> LiveSession:
    path = tmp_path / "match.toml"
    usecases.new(path, rules, players)
    for line in before:
        usecases.record(path, line)
    return LiveSession.open(str(path), screen=lambda: Screen(40, 24))


def typed(live: LiveSession, *lines: str):
    """Each line typed (an answer where a question waits); the last reply."""
    reply = None
    for line in lines:
        reply = live.answer(line) if live.asking else live.handle(line)
    return reply


def flat(text: str) -> str:
    return " ".join(text.split())


def rounds(tmp_path):
    return load_match(str(tmp_path / "match.toml")).rounds


def test_a_fish_without_its_fisherman_asks_who_made_it_and_records_the_answer(tmp_path):
    live = session(tmp_path, "goat")
    reply = typed(live, "fish 3 4 5")
    assert reply.ok and reply.text == "" and reply.question == "who made the fish? [a/b/c] "
    assert rounds(tmp_path) == ()  # nothing recorded while the question waits
    reply = typed(live, "b")
    assert reply.text.startswith("Round 1: fish by Bob")
    assert reply.text.split("\n")[-1].endswith("Bob leads")  # the fisherman leads the next round
    assert rounds(tmp_path)[0].fisher == "Bob"
    assert "fisher = \"Bob\"" in (tmp_path / "match.toml").read_text(encoding="utf-8")


def test_enter_is_not_known(tmp_path):
    live = session(tmp_path, "goat")
    typed(live, "fish 3 4 5")
    reply = typed(live, "")
    assert reply.text.startswith("Round 1: fish, Ann 3") and not reply.question
    assert rounds(tmp_path)[0].fisher is None
    assert "the fisherman was not recorded: the players decide who leads next" in flat(reply.text)


def test_a_wrong_name_is_asked_again_once_then_left_unknown(tmp_path):
    live = session(tmp_path, "goat")
    typed(live, "fish 3 4 5")
    again = typed(live, "zed")
    assert not again.ok and again.question == "who made the fish? [a/b/c] "
    assert flat(again.text) == ("unknown player 'zed' (players: Ann, Bob, Cid). Type the name, or Enter if "
                                "nobody knows.")
    reply = typed(live, "zed")
    assert flat(reply.text).startswith("'zed' is not a player either: the fisherman is left unknown ('edit' "
                                       "changes it). Round 1: fish, Ann 3")
    assert rounds(tmp_path)[0].fisher is None
    # a right name the second time is taken
    live.handle("undo")
    typed(live, "fish 3 4 5", "zed")
    assert typed(live, "cid").text.startswith("Round 1: fish by Cid")


@pytest.mark.parametrize("at", ["first", "again"])
def test_the_next_round_typed_at_the_question_is_not_lost(tmp_path, at):
    """A scorer not reading types the next round where the fisherman is asked: it was asked again, then taken
    as a name that is no player and dropped, the round typed lost. It is no answer: the fisherman is left
    unknown, and the line is the next one."""
    live = session(tmp_path, "goat")
    typed(live, "fish 3 4 5", *(["zed"] if at == "again" else []))
    reply = typed(live, "a out 7 8")
    assert reply.ok and not reply.question
    assert [(each.ending.value, each.fisher, each.out) for each in rounds(tmp_path)] == [("fish", None, None),
                                                                                       ("out", None, "Ann")]
    shown = flat(reply.text)
    assert shown.index("Round 1: fish") < shown.index("The fisherman is left unknown ('edit' changes it); "
                                                      "'a out 7 8' is taken as the next line.") < \
        shown.index("Round 2: Ann out")


def test_a_command_at_the_question_is_no_name(tmp_path):
    live = session(tmp_path, "goat")
    typed(live, "fish 3 4 5")
    reply = typed(live, "table")  # a command: the round recorded, then the command answered
    assert "is taken as the next line" in flat(reply.text) and "Goat: 1 round" in flat(reply.text)
    assert rounds(tmp_path)[0].fisher is None and not live.asking


def test_the_fisherman_given_in_the_line_is_not_asked(tmp_path):
    reply = typed(session(tmp_path, "goat"), "fish by c 3 4 5")
    assert reply.text.startswith("Round 1: fish by Cid") and not reply.question


def test_the_fisherman_seen_in_the_plays_is_not_asked(tmp_path):
    """tests/live/test_session_plays.py's fish: Ann seals it, Bob lays 2-2, nobody can play."""
    live = session(tmp_path, "goat", ("Ann", "Bob", "Cat", "Dan"), before=("a out, b 10, c 12, d 20",))
    for line in ("24 41 12 on 1 26", "60 02 on 0 23 35 on 3", "52 on 5", "22"):
        reply = typed(live, line)
        assert reply.ok and not reply.question, (line, reply)
    assert live.prompt() == "#2 hands> "
    recorded = typed(live, "a 20 b 22 c 30 d 42")  # the 114 pips of the tiles not played
    assert recorded.text.startswith("Round 2: fish by Ann") and not recorded.question
    assert rounds(tmp_path)[1].fisher == "Ann"


@pytest.mark.parametrize("rules, players, line", [
    ("jamaican-partnership", ("Ann", "Bob", "Cid", "Dan"), "fish 9 2 9 20"),  # the side that won poses
    ("all-fives-pagat", ("Ann", "Bob"), "fish 9 2"),  # after a block the lead is by lot
])
def test_no_fisherman_is_asked_where_the_ruleset_does_not_need_one(tmp_path, rules, players, line):
    reply = typed(session(tmp_path, rules, players), line)
    assert reply.text.startswith("Round 1: fish") and not reply.question


def test_no_fisherman_is_asked_in_a_round_that_decides_the_match_whoever_made_the_fish(tmp_path):
    live = session(tmp_path, "goat", before=("a out 90 3",))  # Bob 90
    reply = typed(live, "fish 2 30 3")  # Bob takes the fish, 35: the goat whoever made it
    assert not reply.question and "Bob is the goat" in flat(reply.text)


def test_sea_goat_asks_led_after_the_fisherman(tmp_path):
    live = session(tmp_path, "sea-goat", before=("a out on plain, 10 20",))  # Ann holds 30 and leads
    assert typed(live, "fish 10 3 10").question == "who made the fish? [a/b/c] "
    assert typed(live, "a").question == "led? [Enter: not 6-6] "
    recorded = typed(live, "")
    assert recorded.text.startswith("Round 2: fish by Ann · led plain")
    assert "Ann leads next; Ann holds points, so a 6-6 lead goes on the hundred" in flat(recorded.text)
    # the fisherman named leads the next round: its 'led?' is asked (6-6 on the hundred)
    assert typed(live, "a out on plain 3 4").question == "led? [Enter: not 6-6] "
    assert typed(live, "6-6").text.startswith("Round 3: Ann out on plain · led 6-6")


def test_sea_goat_asks_led_after_a_fisherman_not_known(tmp_path):
    live = session(tmp_path, "sea-goat", before=("a out on plain, 10 20",))
    typed(live, "fish 10 3 10")
    assert typed(live, "").question == "led? [Enter: not 6-6] "  # Enter: the fisherman is not asked again
    assert typed(live, "").text.startswith("Round 2: fish · led plain")


def test_led_is_not_asked_in_a_round_that_decides_the_match(tmp_path):
    """Issue 32: 'led?' was asked after 'b out on 0-0', a bald goat that wins whatever was led."""
    live = session(tmp_path, "sea-goat", before=("a out on plain, 10 20",))  # Ann holds 30 and leads
    reply = typed(live, "b out on 0-0 10 20")
    assert not reply.question and "Match over" in flat(reply.text)


def test_last_and_led_are_not_asked_where_no_tile_changes_the_score(tmp_path):
    # nobody holds points: a 6-6 lead is no hundred, so only the last tile could matter, and it is given
    live = session(tmp_path, "sea-goat")
    reply = typed(live, "a out on 3-4, 10 20")
    assert reply.text.startswith("Round 1: Ann out on 3-4") and not reply.question


def test_last_is_not_asked_in_a_round_that_reaches_the_target_whatever_the_tile(tmp_path):
    live = session(tmp_path, "sea-goat", before=("a out on plain, 60 60",))  # Ann 120
    reply = typed(live, "a out, led plain, 10 20")
    assert not reply.question and "Match over" in flat(reply.text)
