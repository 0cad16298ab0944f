"""Issue 32, 'allow' in the session (rules.md §10.9): right after a refused play it makes the play as it was
played and says so in one line; with nothing waiting it says so; a breach proved late is said at the line that
proves it, naming the play, and 'allow' then lets that one stand; the round keeps the rulings in the match file
(``allowed = [...]``) and 'explain' shows them."""

from __future__ import annotations

from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases

SMALL_DRAW = """extends = "draw"
name = "small-draw"
[tiles]
deal = 3
deal_more_players = 3
"""
"""tests/vectors/breaches.toml's house ruleset: three tiles each, so that a hand ends in a few plays."""


def session(tmp_path) -> LiveSession:
    rules = tmp_path / "small-draw.toml"
    rules.write_text(SMALL_DRAW, encoding="utf-8")
    usecases.new(tmp_path / "match.toml", str(rules), ("Ann", "Bob"))
    return LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))


def said(live: LiveSession, *lines: str) -> str:
    reply = None
    for line in lines:
        reply = live.handle(line)
    return reply.text


def file_of(tmp_path) -> str:
    return (tmp_path / "match.toml").read_text(encoding="utf-8")


def test_allow_right_after_a_refused_play_makes_it_and_says_so_in_one_line(tmp_path):
    live = session(tmp_path)
    live.handle("a 66")
    refused = live.handle("a 63")
    assert not refused.ok and "it is Bob's turn, not Ann's ('allow' lets it stand" in " ".join(refused.text.split())
    assert live.prompt() == "#1 Bob> "  # nothing made
    assert said(live, "allow").split("\n") == ["Let stand: play 2 (Ann 3-6).", "Ann 6-3 · ends 6 and 3 · Bob"]
    assert live.prompt() == "#1 Bob> "
    assert "allowed = [{ play = 2, breach = \"turn\" }]" in file_of(tmp_path)  # kept with the hand in play


def test_allow_with_nothing_waiting_says_so_and_changes_nothing(tmp_path):
    live = session(tmp_path)
    reply = live.handle("allow")
    assert not reply.ok and " ".join(reply.text.split()).startswith("Error: no hand is in play: 'allow' lets a breach")
    live.handle("a 66")
    before = file_of(tmp_path)
    reply = live.handle("allow")
    assert not reply.ok and " ".join(reply.text.split()) == (
        "Error: no breach of the rules of play waits for the table: 'allow' lets stand the one just said")
    assert file_of(tmp_path) == before
    # a refusal that is no breach (a tile that does not fit) leaves nothing to let stand either
    assert not live.handle("b 12").ok
    assert not live.handle("allow").ok and live.prompt() == "#1 Bob> "


def test_a_breach_proved_late_is_said_at_the_line_that_proves_it_and_allow_lets_that_one_stand(tmp_path):
    live = session(tmp_path)
    for line in ("a 66", "+", "63", "33"):
        assert live.handle(line).ok
    proved = live.handle("61")  # Bob drew with the 6s showing: 6-3 and 6-1 fit, at most one came from the bazaar
    lines = proved.text.split("\n")
    assert lines[0] == "Bob 6-1 · ends 3 and 1 · Ann"
    assert " ".join(" ".join(lines[1:]).split()).startswith(
        "Play 2 (Bob draws 1): Bob could play before drawing: 1-6 3-6 fit the ends (6 and 6)")
    assert all(len(line) <= 40 for line in lines)
    assert said(live, "allow") == "Let stand: play 2 (Bob draws 1)."
    assert said(live, "12").startswith("Ann 1-2 · ends 3 and 2 · out")
    recorded = said(live, "b 0-0 4-5")
    assert recorded.startswith("Round 1: Ann out on 1-2")
    assert 'allowed = [{ play = 2, breach = "draw-while-able" }]' in file_of(tmp_path)
    explained = " ".join(said(live, "explain 1").split())
    assert "the table let play 2 (Bob draws 1) stand: Bob could play before drawing" in explained


def test_a_breach_the_hands_prove_refuses_them_and_allow_records_the_round(tmp_path):
    live = session(tmp_path)
    for line in ("a 66", "+", "63", "33", "31", "12"):
        assert live.handle(line).ok
    refused = live.handle("b 0-0 6-4")  # 3-6 and 4-6 fitted the 6s: at most one drawn
    assert not refused.ok and " ".join(refused.text.split()).startswith(
        "Error: play 2 (Bob draws 1): Bob could play before drawing: 3-6 4-6 fit the ends (6 and 6)")
    assert live.prompt() == "#1 hands> "
    lines = said(live, "allow").split("\n")
    assert lines[0] == "Let stand: play 2 (Bob draws 1)." and lines[1].startswith("Round 1: Ann out on 1-2")
    assert 'allowed = [{ play = 2, breach = "draw-while-able" }]' in file_of(tmp_path)
    assert "the table let play 2 (Bob draws 1) stand" in " ".join(said(live, "explain 1").split())


def test_a_breach_not_let_stand_is_taken_back_by_undo(tmp_path):
    live = session(tmp_path)
    for line in ("a 66", "+", "63", "33", "61"):
        live.handle(line)
    assert said(live, "undo").startswith("Took back Bob 1-6")
    assert not live.handle("allow").ok  # the play that proved it is gone: nothing waits
    assert "allowed" not in file_of(tmp_path)


def test_allow_of_a_play_whose_place_is_asked_says_so_once_it_is_made(tmp_path):
    usecases.new(tmp_path / "match.toml", "all-fives", ("Ann", "Bob", "Cat", "Dan"))
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))
    for line in ("a 66", "+8", "-", "06", "36", "34", "44", "03", "14", "26"):
        assert live.handle(line).ok
    assert not live.handle("c 23").ok  # Bob's turn
    asked = live.handle("allow")
    assert asked.text == "" and asked.question == "2-3 on 3 or 2? "
    assert live.answer("3").text.split("\n")[:2] == ["Let stand: play 11 (Cat 2-3 on 3).",
                                                     "Cat 3-2 on 3 · 1+2+2 = 5 · +5 · Dan"]
