"""A hand typed play by play in ``scorekeeper play``, through a real pseudo-terminal (pexpect): every play
answered in one line that fits the screen, a refused play changing nothing, ``undo`` of a play, the end of the
hand seen by the referee and the round recorded with its plays (issue 23, Must 3)."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play  # noqa: E402

from scorekeeper.notation.play_line import format_plays  # noqa: E402
from scorekeeper.storage.matchfile import load_match  # noqa: E402

# A four-player All Fives hand (5 tiles each, 8 in the bazaar): Bob cannot match 6-6, draws the bazaar dry and
# knocks; Ann goes out with 0-5.
ALL_FIVES_HAND = ("Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6, Ann 3-4, Bob 4-4, Cat 0-3, Dan 1-4, Ann 2-6, "
                  "Bob 2-3 on 3, Cat 1-6 on 6, Dan 1-5, Ann 2-5 on 2, Bob 2-2, Cat 1-1, Dan 5-6, Ann 0-5")
BOB_HOLDS = "1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4"


def lines_of(answer: str) -> list[str]:
    return answer.rstrip("\n").splitlines()


def test_an_all_fives_hand_typed_play_by_play_at_40_columns(tmp_path):
    play = Play(tmp_path, "--rules", "all-fives", "Ann", "Bob", "Cat", "Dan", columns=40)
    assert play.say("a 66") == "Ann 6-6 · 6+6 = 12 · Bob\n"
    assert play.prompt == "#1 12 Bob> "  # a hand is in play: the count and whose turn
    assert play.say("b draws 8") == "Bob draws 8 · Bob\n"  # a draw keeps the turn
    before = (tmp_path / "match.toml").read_bytes()
    assert lines_of(play.say("b 55")) == ["Error: Bob 5-5: 5-5 does not match an", "  open end (the ends show 6 on the",
                                       "  spinner 6-6)"]
    assert play.prompt == "#1 12 Bob> "  # refused: nothing changed
    assert (tmp_path / "match.toml").read_bytes() == before
    assert play.say("b knocks") == "Bob knocks · Cat\n"
    assert play.say("c 06") == "Cat 6-0 · 6+6+0 = 12 · Dan\n"
    assert lines_of(play.say("d 36 a 34")) == ["Dan 6-3 · 0+3 = 3 · Ann", "Ann 3-4 · 0+4 = 4 · Bob"]  # two plays
    assert play.say("b 44") == "Bob 4-4 · 0+8 = 8 · Cat\n"
    assert play.say("c 03 d 14 a 26").splitlines()[-1] == "Ann 6-2 · 3+1+2 = 6 · Bob"
    assert lines_of(play.say("b 23 on 3")) == ["Bob 3-2 on 3 · 1+2+2 = 5 · +5 · Cat",
                                               "Not called? An opponent may say muggins."]
    assert play.say("c 16 on 6") == "Cat 6-1 on 6 · 1+2+2+1 = 6 · Dan\n"
    assert play.say("undo") == "Took back Cat 1-6 on 6: Cat to play.\n"
    assert play.prompt == "#1 5 Cat> "
    assert play.say("c 16 on 6 d 15").splitlines()[-1] == "Dan 1-5 · 2+2+1+5 = 10 · +10 · Ann"
    assert play.say("a 25 on 2 b 22 c 11 d 56").splitlines()[1] == "Bob 2-2 · 1+5+5+4 = 15 · +15 · Cat"
    # the hand in play is kept in the match file as it is typed
    assert format_plays(load_match(str(tmp_path / "match.toml")).hand.plays) == ALL_FIVES_HAND.rsplit(", ", 1)[0]

    ended = lines_of(play.say("a 05"))
    assert ended[0] == "Ann 5-0 · 4+2+6+0 = 12 · out"
    assert " ".join(ended[1:]) == ("Ann went out with 0-5 (led 6-6). What do   the other hands hold? Tiles or "
                                   "totals,   as in a round line: b 8 c 45 d 00")  # 3-4 and 2-5 were laid
    assert play.prompt == "#1 hands> "
    assert all(len(line) <= 40 for line in ended)
    assert lines_of(play.say("b 6-6, c 3-5, d 4-6")) == ["Error: 6-6 was played in this hand (by", "  Ann): it is not "
                                                          "in Bob's hand; give", "  the tiles still held"]
    assert play.prompt == "#1 hands> "  # asked again
    answer = lines_of(play.say(f"b {BOB_HOLDS}, c 3-5, d 4-6"))
    assert answer[0] == "Round 1: Ann out on 0-5 · led 6-6"
    assert answer[-2:] == ["Ann 65 · Bob 20 · Cat 0 · Dan 10", "Ann leads"]  # the plays scored: Bob 5 + 15, Dan 10
    assert all(len(line) <= 40 for line in answer)
    assert play.prompt == "#2> "
    assert "Saved in match.toml." in play.quit()

    rnd = load_match(str(tmp_path / "match.toml")).rounds[0]
    assert (rnd.out, rnd.last, str(rnd.led)) == ("Ann", (rnd.last[0],), "6-6") and str(rnd.last[0]) == "0-5"
    assert format_plays(rnd.plays) == ALL_FIVES_HAND
    assert {player: " ".join(map(str, hand.tiles)) for player, hand in rnd.hands.items()} == {
        "Bob": BOB_HOLDS, "Cat": "3-5", "Dan": "4-6"}


def test_a_goat_hand_ends_in_a_fish_whose_fisherman_leads_the_next_round(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Ann", "Bob", "Cat", "Dan")
    # The first round: every tile is dealt to four, so 1-1 opens it (lead.first = from-1-1), not 2-4.
    refused = " ".join(play.say("a 24").split())
    assert refused == ("Error: Ann 2-4: the first round opens with 1-1, not 2-4: every tile is dealt "
                       "(lead.first = from-1-1) ('allow' lets it stand as played)")
    assert play.prompt == "#1> "  # nothing was played
    assert play.say("a out, b 10, c 12, d 20").startswith("Round 1: Ann out")
    assert play.say("a 24 b 41 c 12 on 1 d 26").splitlines() == [
        "Ann 2-4 · ends 2 and 4 · Bob", "Bob 4-1 · ends 2 and 1 · Cat", "Cat 1-2 on 1 · ends 2 and 2 · Dan",
        "Dan 2-6 · ends 2 and 6 · Ann"]
    assert play.prompt == "#2 Ann> "
    assert play.say("a 60 b 02 on 0 c 23 d 35 on 3").splitlines()[-1] == "Dan 3-5 on 3 · ends 2 and 5 · Ann"
    assert lines_of(play.say("a 52 on 5")) == ["Ann 5-2 on 5 · ends 2 and 2 · Bob", "Sealed: a fish unless 2-2 is held.",
                                               "Nobody holds it? Type 'fish'."]
    # The knocks said round the table after the tile that blocks it are taken, and change nothing.
    ended = lines_of(play.say("b 22 c knocks d knocks"))
    assert ended[:4] == ["Bob 2-2 · ends 2 and 2 · fish", "Cat knocks · fish",
                         "The fish is already seen: a knock changes nothing.", "Dan knocks · fish"]
    assert ended[4].startswith("A fish: nobody can play; Ann made it. What does each hand hold?")  # the sealer
    again = lines_of(play.say("a knocks"))  # a knock on the line that gives the hands: said kindly, asked again
    assert again[:2] == ["Ann knocks · fish", "The fish is already seen: a knock changes nothing."]
    assert again[2].startswith("A fish: nobody can play; Ann made it.")
    assert play.say("Ann out 3").startswith("Error: 'out': the referee saw how the hand ended")
    answer = lines_of(play.say("a 20 b 22 c 36 d 36"))  # the 114 pips left; a tie for the most: eggs, play on
    assert answer[0] == "Round 2: fish by Ann, led 2-4, Ann 20, Bob 22, Cat 36, Dan 36, 13 plays"
    assert any(line.endswith("· Ann leads") for line in answer[-3:]), answer  # the fisherman leads (eggs said last)
    assert " ".join(play.say("b 66").split()) == ("Error: Bob 6-6: Ann leads this hand, not Bob ('allow' lets it "
                                                   "stand as played)")
    assert play.say("a 66") == "Ann 6-6 · ends 6 and 6 · Bob\n"
    warned = " ".join(play.say("quit").split())  # wrapped to the screen
    assert warned == ("A hand is in play (1 play): it is kept in match.toml, and 'scorekeeper play' goes on with "
                      "it; 'quit' again leaves.")
    assert "Saved in match.toml, with the hand in play (1 play)" in " ".join(play.quit().split())

    rounds = load_match(str(tmp_path / "match.toml")).rounds
    assert len(rounds) == 2 and rounds[1].fisher == "Ann" and str(rounds[1].led) == "2-4"
    assert format_plays(rounds[1].plays).endswith("Ann 2-5 on 5, Bob 2-2, Cat knocks, Dan knocks, Ann knocks")


# -- the same session in process: the dispatch between plays, round lines, claims and commands --------------

from scorekeeper.live.session import LiveSession, Screen  # noqa: E402


def session(sk, ruleset: str = "goat", width: int | None = 80) -> LiveSession:
    sk("new", "--rules", ruleset, "Ann", "Bob", "Cat", "Dan")
    return LiveSession.open(str(sk.path), screen=lambda: Screen(width, 24))


def test_plays_round_lines_and_claims_are_told_apart_by_their_shape(sk):
    live = session(sk, "muggins")
    assert live.handle("a +10").text.startswith("Claimed: Ann +10")  # a claim, as before
    assert live.handle("undo").text.startswith("Dropped the claim")
    assert live.handle("a out 3 4 5").text.startswith("Round 1: Ann out")  # a round line, as before
    assert live.hand is None
    assert live.handle("a 66").text == "Ann 6-6 · 6+6 = 12 · Bob"  # plays
    assert live.prompt() == "#2 12 Bob> "
    refused = live.handle("b out 1 2 3")  # a round line inside a hand: refused, the hand kept
    assert not refused.ok and refused.text.startswith("Error: a hand is in play (1 play): type its plays")
    assert not live.handle("b +5").ok and len(live.state.match.pending) == 0  # no claim noted either
    assert live.handle("b 6-3 c").text.startswith("Error: play 3: what did Cat do?")  # the plays' own error
    assert live.handle("tabel").text == "Error: 'tabel' is not a command or a player (did you mean table?)"
    assert format_plays(live.hand.plays) == "Ann 6-6"


def test_explain_shows_the_hand_in_play_before_any_round_and_explain_hand_at_any_time(sk):
    # issue 32 (second reading): 'explain' said no round was recorded while 'scorekeeper explain' showed the hand
    sk("new", "--rules", "all-fives", "Ann", "Bob", "Cat")
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    assert not live.handle("explain hand").ok  # no hand yet
    live.handle("c 30")
    live.handle("06")
    assert not live.handle("c 32").ok  # Bob's turn: refused until the table lets it stand
    live.handle("allow")
    shown = live.handle("explain").text
    assert shown == ("The hand in play under All Fives (3\n   plays, not yet recorded):\n"
                     " 1 Cat 0-3 · 0+3 = 3 · Ann\n 2 Ann 0-6 · 3+6 = 9 · Bob\n 3 Cat 3-2 · 6+2 = 8 · Ann\n"
                     "   breach, let stand: it is Bob's turn,\n      not Cat's\n"
                     "Ends 6 and 2, count 8.\nNext: Ann.")
    assert all(len(row) <= 40 for row in shown.splitlines())
    assert live.handle("explain hand").text == shown
    assert live.handle("explain рука").text == shown  # the option in any of the languages
    assert "no round has been recorded" in " ".join(live.handle("explain 1").text.split())
    assert live.hand is not None and len(live.hand.plays) == 3  # nothing changed


def test_errors_in_a_typed_line_number_its_plays_in_the_hand_and_name_whose_turn_it_is(sk):
    # issue 32 (second reading): with two plays made, the line's plays are plays 3, 4, ... as 'allow' says them
    sk("new", "--rules", "all-fives", "Ann", "Bob", "Cat")
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(None, 24))
    live.handle("c 30")
    live.handle("06")
    assert live.handle("+0").text == "Error: play 3: Bob draws 0: a draw takes at least one tile"
    assert live.handle("a 5").text == "Error: play 3: '5' after Ann is not a tile (6-3), 'knocks' or 'draws N'"
    assert live.handle("b 6-5, 5").text == ("Error: play 4: '5' is neither a tile (6-3) nor a player's name: "
                                            "type the tile ('63'), '-' for a knock, '+' for a draw, or who plays "
                                            "first ('b 63')")
    assert len(live.hand.plays) == 2  # nothing made


def test_commands_keep_working_during_a_hand(sk):
    live = session(sk)
    live.handle("a out 3 4 5")
    live.handle("a 24 b 41")
    assert "1  Ann out" in live.handle("table").text
    assert live.handle("explain").text.startswith("Round 1 under Goat")
    assert "Plays" in live.handle("help").text
    refused = live.handle("redo")
    assert not refused.ok and "a hand is in play: 'redo' waits until its round is recorded" in refused.text
    edited = live.handle("edit 1 b out 3 4 5").text  # earlier rounds stay editable
    assert edited.startswith("Round 1: Bob out")
    # the hand in play is kept, led now after Bob's out: its lead is a breach for the table to decide
    assert edited.endswith("The hand in play is kept.\nPlay 1 (Ann 2-4): Bob leads this hand, not Ann. 'allow' lets "
                           "it stand.")
    assert live.prompt() == "#2 Cat> "
    assert live.handle("undo all").question == "Drop the hand in play? [y/N] "
    assert live.answer("y").text == "Dropped the hand in play (2 plays): Ann 2-4, Bob 1-4."  # to type again
    assert live.hand is None and live.prompt() == "#2> "
    assert live.handle("undo").text.startswith("Dropped round 1")  # outside a hand: today's undo


def test_a_hand_is_not_started_over_claims_nor_once_the_match_is_over(sk):
    live = session(sk, "muggins")
    live.handle("a +10")
    refused = live.handle("a 66")
    assert not refused.ok and "the claims of this hand are noted" in refused.text and live.hand is None


def test_leaving_with_a_hand_in_play_warns_once(sk):
    live = session(sk)
    live.handle("a 11")  # a match's first round opens with 1-1 (goat: lead.first = from-1-1)
    warned = live.handle("quit")
    assert not warned.quit and " ".join(warned.text.split()).startswith("A hand is in play (1 play): it is kept in ")
    assert live.leave().quit  # the second 'quit' (or Ctrl-D) leaves
    assert live.farewell().startswith("Saved in")


def test_a_refused_line_in_a_hand_leaves_the_match_file_untouched(sk):
    live = session(sk)
    for line in ("a 11 b 41", "c 55", "a 12", "undo", "b 41", "c 12 on 1"):
        before = sk.path.read_bytes()
        if not live.handle(line).ok:
            assert sk.path.read_bytes() == before, line
    assert format_plays(live.hand.plays) == "Ann 1-1, Bob 1-4, Cat 1-2 on 1"
    assert load_match(str(sk.path)).hand.plays == tuple(live.hand.plays)  # the accepted ones are kept


@pytest.mark.parametrize("width", [40, 80])
def test_every_answer_of_a_whole_hand_fits_the_screen(sk, width):
    live = session(sk, "all-fives", width)
    for line in ALL_FIVES_HAND.split(", ") + [f"b {BOB_HOLDS}, c 3-5, d 4-6"]:
        reply = live.handle(line)
        assert reply.ok, reply.text
        assert all(len(row) <= width for row in reply.text.splitlines()), reply.text
    assert live.hand is None and len(live.state.match.rounds) == 1


def test_an_impossible_total_at_the_end_of_the_hand_is_a_question(sk):
    live = session(sk, "all-fives")
    for line in ALL_FIVES_HAND.split(", "):
        live.handle(line)
    before = sk.path.read_bytes()
    asked = live.handle("b 45 c 8 d 70")
    assert " ".join(asked.text.split()) == ("Implausible: Dan holds 1 tile, at most 10 pips among the tiles not "
                                            "played: 70 given.")
    assert asked.question == "Record it anyway? [y/N] "
    assert live.answer("n").text == "Not recorded." and live.prompt() == "#1 hands> "
    assert sk.path.read_bytes() == before
    live.handle("b 45 c 8 d 70")
    assert live.answer("y").text.startswith("Round 1: Ann out on 0-5, led 6-6, Bob 45, Cat 8, Dan 70")
    assert live.hand is None and live.prompt() == "#2> "


KNOCKED = ["a 24", "b knocks", "c 41", "d 12 on 1", "a 26", "b 60", "c 02 on 0", "d 23", "a 35 on 3", "b 52 on 5"]
"""A Goat hand to four (rules.md §10.9): Ann leads 2-4 though Bob holds 1-1 (the first round opens with 1-1), and
Bob knocks with 2 and 4 showing, then lays 5-2: the knock is proved made while able at play 10."""
KNOCKED_HANDS = "a 0-0 0-1 0-3 0-4, b 0-5 1-1 1-3 1-5 1-6, c 3-3 3-4 3-6 4-4, d 4-5 4-6 5-5 5-6 6-6"


def test_the_table_lets_a_breach_stand_at_the_play_and_at_the_hands_at_40_columns(tmp_path):
    """Issue 32: each breach said at its play, or at the play that proves it; 'allow' lets it stand, and the hand
    is recorded as it was played, its rulings in the match file."""
    play = Play(tmp_path, "--rules", "goat", "Ann", "Bob", "Cat", "Dan", columns=40)
    refused = " ".join(play.say(KNOCKED[0]).split())
    assert refused == ("Error: Ann 2-4: the first round opens with 1-1, not 2-4: every tile is dealt "
                       "(lead.first = from-1-1) ('allow' lets it stand as played)")
    assert play.prompt == "#1> "  # nothing made yet
    assert play.say("allow") == "Let stand: play 1 (Ann 2-4).\nAnn 2-4 · ends 2 and 4 · Bob\n"
    assert play.prompt == "#1 Bob> "
    for line in KNOCKED[1:-1]:
        play.say(line)
    proved = lines_of(play.say(KNOCKED[-1]))
    assert proved[0] == "Bob 5-2 on 5 · ends 2 and 2 · Cat"
    assert " ".join(" ".join(proved[1:4]).split()).startswith("Play 2 (Bob knocks): Bob could play at that knock: "
                                                              "2-5 fits the ends (2 and 4)")
    assert all(len(line) <= 40 for line in proved)
    assert play.say("c 22").startswith("Cat 2-2 · ends 2 and 2 · fish")  # not let stand yet: the hand goes on
    at_the_end = " ".join(play.say(KNOCKED_HANDS).split())
    assert at_the_end.startswith("Error: play 2 (Bob knocks): Bob can play (") and \
        at_the_end.endswith("; 'allow' lets it stand as played")
    assert play.prompt == "#1 hands> "  # nothing recorded
    recorded = lines_of(play.say("allow"))
    assert recorded[0] == "Let stand: play 2 (Bob knocks)."
    assert recorded[1].startswith("Round 1: fish by Bob")
    assert play.prompt == "over> "
    assert 'allowed = [{ play = 1, breach = "first-lead" }, { play = 2, breach = "knock-while-able" }]' in \
        (tmp_path / "match.toml").read_text(encoding="utf-8")
    explained = lines_of(play.say("explain 1"))
    assert any(line.startswith("  the table let play 1 (Ann 2-4)") for line in explained)
    assert all(len(line) <= 40 for line in explained)
    play.quit()
