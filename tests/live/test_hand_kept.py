"""Issue 32: the hand in play is part of the match.  Kept in the match file as it is typed (``hand = { plays = ...
}``, read and checked like the rounds, named at its line when broken), so that a session that dies or is quit
takes it up again; ``table`` (one-shot and in the session) shows the points scored so far in it, marked as in
play; a one-shot command that changes the rounds keeps it and says so, one that would lose it is refused;
finishing, undoing or dropping it is explicit."""

from __future__ import annotations

import subprocess

import pytest
from click.testing import CliRunner

from scorekeeper.cli.app import cli
from scorekeeper.domain.facts import Breach, OpenHand, Ruling
from scorekeeper.errors import MatchFileError, StateError
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.match.opened import open_match
from scorekeeper.notation.play_line import format_plays, parse_plays
from scorekeeper.reports.scoreboard import HandShown, scoreboard
from scorekeeper.storage.matchfile import dump_match, load_match, parse_match

FOUR = ("Ann", "Bob", "Cat", "Dan")
ALL_FIVES = ("a 66", "+8", "-", "06", "36", "34", "44", "03", "14", "26", "23", "3")
"""tests/live/test_session_plays.py's All Fives hand typed with tiles alone, to Bob's 2-3 on 3 (+5)."""


def session(path, rules: str = "all-fives", players=FOUR) -> LiveSession:
    usecases.new(path, rules, players)
    return LiveSession.open(str(path), screen=lambda: Screen(40, 24))


def typed(live: LiveSession, *lines: str) -> None:
    for line in lines:
        reply = live.answer(line) if live.asking or live.unconfirmed else live.handle(line)
        assert reply.ok or reply.question, (line, reply.text)


def run(path, *args: str):
    return CliRunner().invoke(cli, ["--match", str(path), *args])


def test_each_play_is_kept_in_the_match_file_and_a_new_session_goes_on_with_it(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path)
    typed(live, *ALL_FIVES[:5])
    assert load_match(str(path)).hand.plays == tuple(live.hand.plays)
    assert "hand = { plays = 'Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6' }" in path.read_text()
    again = LiveSession.open(str(path), screen=lambda: Screen(40, 24))  # the first one died here
    assert again.prompt() == "#1 3 Ann> "
    assert "The hand in play is taken up (5 plays kept): Ann to play." in " ".join(again.greeting().split())
    typed(again, *ALL_FIVES[5:])
    assert format_plays(load_match(str(path)).hand.plays).endswith("Ann 2-6, Bob 2-3 on 3")


def test_table_shows_the_points_scored_so_far_in_the_hand_marked_as_in_play(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path)
    typed(live, *ALL_FIVES)
    shown = run(path, "table").output
    assert "   total    0    5    0    0" in shown
    assert "hand in play: 11 plays, Cat to play\nin play this hand: Bob 5 (already in the totals)" in shown
    assert "hand in play: 11 plays, Cat to play" in live.handle("table").text
    data = run(path, "table", "--format", "json").output
    assert '"hand": {"in_play": true, "plays": ["Ann 6-6", "Bob draws 8", "Bob knocks", "Cat 0-6", "Dan 3-6", ' \
           '"Ann 3-4", "Bob 4-4", "Cat 0-3", "Dan 1-4", "Ann 2-6", "Bob 2-3 on 3"], "ends": [6, 1, 2, 2], ' \
           '"count": 5, "turn": "Cat", "over": false, "points": {"Bob": 5}}' in data
    assert '"in_play": {"Ann": 0, "Bob": 5, "Cat": 0, "Dan": 0}' in data
    board = scoreboard(open_match(str(path)))
    assert board.hand == HandShown(points=(("Bob", 5),), plays=11, ends="1, 2, 2 and the spinner 6-6", count=5, turn="Cat",
                                   last=("Cat 0-3", "Dan 1-4", "Ann 2-6", "Bob 2-3 on 3"))


def test_a_blocking_game_s_hand_shows_its_ends_and_turn_on_the_scoreboard(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path, "goat")
    typed(live, "a out 3 4 5", "24", "41")
    assert scoreboard(open_match(str(path))).hand == HandShown(plays=2, ends="2 and 1", turn="Cat",
                                                               last=("Ann 2-4", "Bob 1-4"))


def test_the_rulings_are_kept_with_the_hand_and_a_breach_not_yet_decided_waits_again(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path, "goat")
    assert not live.handle("a 24").ok  # the first round opens with 1-1
    typed(live, "allow", "41")
    assert load_match(str(path)).hand.rulings == (Ruling(1, Breach.FIRST_LEAD),)
    again = LiveSession.open(str(path), screen=lambda: Screen(40, 24))
    assert [finding.breach for finding in again.hand.rulings] == [Breach.FIRST_LEAD] and not again.hand.unsettled


def test_a_quit_says_what_is_kept_and_the_file_holds_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the folder's own match file: 'scorekeeper play' opens it
    path = tmp_path / "match.toml"
    session(path)
    live = LiveSession.open(str(path), screen=lambda: Screen(None, None))  # the path said whole
    typed(live, *ALL_FIVES[:3])
    warned = live.handle("quit")
    assert not warned.quit
    assert warned.text == (f"A hand is in play (3 plays): it is kept in {path}, and 'scorekeeper "
                                             f"play' goes on with it; 'quit' again leaves.")
    assert live.handle("quit").quit
    assert live.farewell() == (f"Saved in {path}, with the hand in play (3 plays): 'scorekeeper "
                                                 f"play' goes on with it.")
    assert len(load_match(str(path)).hand.plays) == 3


def test_undoing_a_play_and_dropping_the_hand_are_written_and_dropping_is_asked(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path)
    typed(live, *ALL_FIVES[:4])
    assert live.handle("undo").text == "Took back Cat 0-6: Cat to play."
    assert len(load_match(str(path)).hand.plays) == 3
    asked = live.handle("undo all")
    assert asked.question == "Drop the hand in play? [y/N] "
    assert live.answer("n").text == "Kept the hand in play." and load_match(str(path)).hand is not None
    live.handle("undo all")
    assert live.answer("y").text == "Dropped the hand in play (3 plays): Ann\n  6-6, Bob draws 8, Bob knocks."
    assert load_match(str(path)).hand is None and "hand = " not in path.read_text()
    assert live.prompt() == "#1> "


@pytest.mark.parametrize("name, said", [("club.toml", "{path}"), ("club night.toml", '"{path}"'),
                                        ("it's $5.toml", '"{folder}/it\'s \\$5.toml"'),
                                        ("hey!.toml", "'{folder}/hey!.toml'"), ("клуб.toml", "{path}")])
def test_a_hand_kept_in_another_file_names_it_in_the_command_to_go_on(tmp_path, monkeypatch, name, said):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREKEEPER_MATCH", raising=False)
    path = tmp_path / name
    session(path)
    live = LiveSession.open(str(path), screen=lambda: Screen(None, None))
    typed(live, *ALL_FIVES[:3])
    command = f"scorekeeper --match {said.format(path=path, folder=tmp_path)} play"
    assert f"and '{command}' goes on with it;" in live.handle("quit").text
    assert live.farewell().endswith(f"(3 plays): '{command}' goes on with it.")
    handed = subprocess.run(["sh", "-c", f"printf %s {command.split(' ', 2)[2].rsplit(' ', 1)[0]}"],
                            capture_output=True, text=True, check=True).stdout
    assert handed == str(path)  # what a shell hands the command is the file


def test_the_match_named_by_the_environment_is_the_one_scorekeeper_play_opens(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "club.toml"
    monkeypatch.setenv("SCOREKEEPER_MATCH", str(path))
    session(path)
    live = LiveSession.open(str(path), screen=lambda: Screen(None, None))
    typed(live, *ALL_FIVES[:3])
    assert "and 'scorekeeper play' goes on with it;" in live.handle("quit").text


def test_the_round_recorded_ends_the_hand_in_the_file(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path, "goat", ("Ann", "Bob"))
    typed(live, "a out 5", "a 66", "b 6-1")
    assert load_match(str(path)).hand is not None
    for play in ("a 1-1", "b -"):
        live.handle(play)
    match = load_match(str(path))
    assert match.hand is not None and len(match.rounds) == 1


def test_one_shot_commands_keep_the_hand_or_refuse_to_lose_it(tmp_path):
    path = tmp_path / "match.toml"
    live = session(path, "goat")
    typed(live, "a out 3 4 5", "24", "41")
    before = path.read_bytes()
    for args in (("round", "b out 3 4 5"), ("score", "Ann", "5"),
                 ("round", "--plays", "Ann 1-1, Bob 1-2", "--hand", "Cat=3-3")):
        refused = run(path, *args)
        assert refused.exit_code == 1 and path.read_bytes() == before, args
        assert "a hand is in play in" in refused.output and "(2 plays, typed in 'scorekeeper play')" in \
            " ".join(refused.output.split())
    deleted = run(path, "delete", "1")
    assert deleted.exit_code == 0
    assert f"The hand in play (2 plays) is kept: 'scorekeeper --match {path} play' goes on with it." in \
        " ".join(deleted.output.split())
    assert load_match(str(path)).hand.plays == parse_plays("Ann 2-4, Bob 4-1", FOUR)
    assert run(path, "redo").exit_code == 0 and len(load_match(str(path)).rounds) == 1
    # the session notices, and goes on with the hand led as the rounds now say
    assert live.handle("13").ok


def test_the_hand_is_read_and_checked_like_the_rounds(tmp_path):
    path = tmp_path / "match.toml"
    usecases.new(path, "goat", FOUR)
    text = path.read_text()
    with pytest.raises(MatchFileError, match=r"match.toml:6: the hand in play: play 3 \(Cat 5-5\): 5-5 does not "
                                             r"match an open end"):
        path.write_text(text + 'hand = { plays = "Ann 1-1, Bob 1-4, Cat 5-5" }\n')
        open_match(str(path))
    with pytest.raises(MatchFileError, match=r":6: the hand in play: unknown player 'Zed'"):
        path.write_text(text + 'hand = { plays = "Ann 1-1, Zed 1-4" }\n')
        open_match(str(path))
    with pytest.raises(MatchFileError, match=r":6: the hand in play: must be a table like"):
        path.write_text(text + 'hand = "Ann 1-1"\n')
        open_match(str(path))
    with pytest.raises(MatchFileError, match=r":6: the hand in play: 'allowed': play 3 is not one of"):
        path.write_text(text + 'hand = { plays = "Ann 1-1", allowed = [{ play = 3, breach = "turn" }] }\n')
        open_match(str(path))
    # a breach is the table's to decide, never a lock on the file
    path.write_text(text + 'hand = { plays = "Ann 2-4, Cat 4-1" }\n')
    assert len(open_match(str(path)).table.hand.plays) == 2


def test_the_hand_is_written_and_read_back_as_it_was(tmp_path):
    path = tmp_path / "match.toml"
    usecases.new(path, "goat", FOUR)
    match = load_match(str(path))._replace(hand=OpenHand(parse_plays("Ann 2-4, Cat 4-1 on 4", FOUR),
                                                         (Ruling(1, Breach.FIRST_LEAD), Ruling(2, Breach.TURN))))
    read = parse_match(dump_match(match), str(path))
    assert read.hand.facts() == match.hand and read.hand.line == 6
    exported = tmp_path / "export.json"
    path.write_text(dump_match(match))
    exported.write_text(run(path, "export", "--format", "json").output)
    assert run(tmp_path / "imported.toml", "import", str(exported)).exit_code == 0
    assert load_match(str(tmp_path / "imported.toml")).hand.facts() == match.hand


def test_a_hand_cannot_be_kept_in_a_match_that_is_over(tmp_path):
    path = tmp_path / "match.toml"
    usecases.new(path, "goat", ("Ann", "Bob"))
    usecases.record(path, "a out 120")
    with pytest.raises(StateError, match="the match is over"):
        usecases.keep_hand(str(path), OpenHand(parse_plays("Ann 6-6", ("Ann", "Bob"))))
