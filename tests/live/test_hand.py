"""The hand in play (``live.hand``): its plays ruled on by the Board, taken back, answered in lines that fit the
screen, and closed into the facts of a round (which lines are plays: ``test_line.py``)."""

from __future__ import annotations

import pytest

from scorekeeper.domain.facts import Match, singles
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile, parse_tile
from scorekeeper.errors import InputError, StateError
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.hand_end import hand_facts, implausible
from scorekeeper.notation.play_line import format_plays, parse_plays
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.board import IllegalPlay

FOUR = ("Ann", "Bob", "Cat", "Dan")
SEALED = "Ann 2-4, Bob 4-1, Cat 1-2 on 1, Dan 2-6, Ann 6-0, Bob 0-2 on 0, Cat 2-3, Dan 3-5 on 3, Ann 5-2 on 5"
"""rules.md Example 10.6a: a 2 at both ends and every other 2 on the table, sealed by Ann."""
FIVES = ("Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6, Ann 3-4, Bob 4-4, Cat 0-3, Dan 1-4, Ann 2-6, "
         "Bob 2-3 on 3, Cat 1-6 on 6, Dan 1-5, Ann 2-5 on 2, Bob 2-2, Cat 1-1, Dan 5-6, Ann 0-5")


def hand(ruleset: str = "goat", plays: str = "", leader: str | None = None) -> HandInPlay:
    made = HandInPlay(load_ruleset(ruleset), FOUR, leader)
    if plays:
        made.play_all(parse_plays(plays, FOUR))
    return made


def match(ruleset: str = "goat") -> Match:
    return Match(ruleset=ruleset, players=FOUR, sides=singles(FOUR), rounds=())


def test_each_play_is_answered_in_one_line_with_the_count_the_score_and_whose_turn():
    made = hand("all-fives")
    assert made.answer(made.play_all(parse_plays("a 66", FOUR))) == "Ann 6-6 · 6+6 = 12 · Bob"
    assert made.prompt(1) == "#1 12 Bob> "
    answer = made.answer(made.play_all(parse_plays("b draws 8, b knocks, c 06, d 36, a 34, b 44, c 03, d 14, "
                                                   "a 26, b 23 on 3", FOUR)))
    lines = answer.splitlines()
    assert lines[-2:] == ["Bob 3-2 on 3 · 1+2+2 = 5 · +5 · Cat", "Not called? An opponent may say muggins."]
    assert lines[:3] == ["Bob draws 8 · Bob", "Bob knocks · Cat", "Cat 6-0 · 6+6+0 = 12 · Dan"]
    assert all(len(line) <= 40 for line in lines)
    # the muggins note once a hand: the next scoring play is answered in its one line
    assert made.answer(made.play_all(parse_plays("c 16 on 6, d 15", FOUR))).splitlines() == [
        "Cat 6-1 on 6 · 1+2+2+1 = 6 · Dan", "Dan 1-5 · 2+2+1+5 = 10 · +10 · Ann"]


def test_a_blocking_game_answers_with_the_ends_and_whose_turn():
    made = hand("goat")
    assert made.answer(made.play_all(parse_plays("a 24 b 41", FOUR))) == "Ann 2-4 · ends 2 and 4 · Bob\n" \
                                                                          "Bob 4-1 · ends 2 and 1 · Cat"
    assert made.prompt(3) == "#3 Cat> "


def test_a_refused_play_changes_nothing_and_a_line_of_plays_is_all_or_none():
    made = hand("goat", "a 24 b 41")
    with pytest.raises(IllegalPlay, match=r"it is Dan's turn, not Ann's \(and Cat 1-2 on 1, before it in the "
                                          r"line, is not made either\)"):
        made.play_all(parse_plays("c 12 on 1, a 2-2", FOUR))
    with pytest.raises(IllegalPlay, match=r"\(and Cat 1-2 on 1, Dan 2-6, before it in the line, are not made"):
        made.play_all(parse_plays("c 12 on 1, d 2-6, b 6-6", FOUR))
    assert format_plays(made.plays) == "Ann 2-4, Bob 1-4"
    assert made.board.turn == "Cat" and made.board.ends() == (2, 1)
    with pytest.raises(IllegalPlay, match=r"5-5 does not match an open end \(the ends show 2 and 1\)"):
        made.play(Play("Cat", Action.TILE, Tile(5, 5)))


def test_undo_takes_back_the_last_play_as_if_it_had_never_been_made():
    made = hand("all-fives", FIVES)
    assert made.over and made.board.out.player == "Ann"
    assert made.undo() == Play("Ann", Action.TILE, Tile(0, 5))
    fresh = hand("all-fives", FIVES.rsplit(", ", 1)[0])
    assert (made.board.ends(), made.board.count(), made.board.turn, made.over) == (
        fresh.board.ends(), fresh.board.count(), fresh.board.turn, False)
    assert made.undone(Play("Ann", Action.TILE, Tile(0, 5))) == "Took back Ann 0-5: Ann to play."
    for _ in range(len(made.plays)):
        made.undo()
    with pytest.raises(StateError, match="no play to take back"):
        made.undo()


def test_the_lead_belongs_to_the_player_the_match_names():
    made = hand("goat", leader="Cat")
    with pytest.raises(IllegalPlay, match="Cat leads this hand, not Ann"):
        made.play(Play("Ann", Action.TILE, Tile(6, 6)))
    assert not made.plays
    made.play(Play("Cat", Action.TILE, Tile(6, 6)))
    assert made.board.turn == "Dan"


def test_a_sealed_layout_says_so_and_fish_closes_it_with_everyone_knocking():
    made = hand("goat")
    answer = made.answer(made.play_all(parse_plays(SEALED, FOUR))).splitlines()
    assert answer[-2:] == ["Sealed: a fish unless 2-2 is held.", "Nobody holds it? Type 'fish'."]
    ended = made.answer(made.fish()).splitlines()
    assert ended[:4] == ["Bob knocks · Cat", "Cat knocks · Dan", "Dan knocks · Ann", "Ann knocks · fish"]
    assert ended[4] == ("A fish: nobody can play; Ann made it. What does each hand hold? Tiles or totals, as in a "
                        "round line: a 8 b 12 c 5 d 9")
    assert made.prompt(1) == "#1 hands> "


def test_fish_on_a_layout_that_can_still_be_matched_is_refused():
    made = hand("goat", "a 24 b 41")
    with pytest.raises(InputError, match=r"not a fish: tiles that match the ends \(2 and 1\) are still to play"):
        made.fish()
    assert len(made.plays) == 2


def test_the_out_closes_into_a_round_with_its_last_tile_lead_and_plays():
    made = hand("all-fives", FIVES)
    facts = hand_facts(made, "b 1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4, c 3-5, d 7", match("all-fives"))
    assert facts.out == "Ann" and facts.last == (Tile(0, 5),) and facts.led == Tile(6, 6)
    assert format_plays(facts.plays) == FIVES
    assert facts.hands == (("Bob", tuple(map(parse_tile, "1-3 4-5 5-5 3-3 0-2 2-4 1-2 0-1 0-0 0-4".split()))),
                           ("Cat", (parse_tile("3-5"),)))
    assert facts.totals == (("Dan", 7),)
    assert hand_facts(made, "3 8 7", match("all-fives")).totals == (("Bob", 3), ("Cat", 8), ("Dan", 7))  # after Ann
    # Cat and Dan hold one tile each: two digits are that tile, as the plays read them (issue 32)
    assert hand_facts(made, "3 8 10", match("all-fives")).hands == (("Dan", (Tile(0, 1),)),)


def test_the_fish_closes_into_a_round_with_its_fisherman():
    made = hand("goat", SEALED + ", Bob 2-2")
    assert made.over and made.board.blocked
    facts = hand_facts(made, "10 12 15 20", match())
    assert facts.fish and facts.fisher == "Ann" and facts.led == Tile(2, 4) and not facts.last
    assert facts.totals == (("Ann", 10), ("Bob", 12), ("Cat", 15), ("Dan", 20))


@pytest.mark.parametrize("line, message", [
    ("b 6-6, c 3-5, d 10", r"6-6 was played in this hand \(by Ann\): it is not in Bob's hand"),
    ("c 3-5 0-5", r"0-5 was played in this hand \(by Ann\): it is not in Cat's hand"),
    ("Ann out, b 3 c 8 d 10", "'Ann out' .*saw how the hand ended|'out': the referee saw how the hand ended"),
    ("b 3 c 8 d 10 led 6-6", "'led': the referee saw how the hand ended"),
    ("b 3 c 8 d 10, b +5", "the referee scores the plays itself"),
    ("Ann вышла, b 3 c 8 d 10", "'вышла': the referee saw how the hand ended"),  # in any language or layout
    ("b 3 c 8 d 10 заход 6-6", "'заход': the referee saw how the hand ended"),
    ("b 3 c 8 d 10 дув 6-6", "'дув': the referee saw how the hand ended"),
    ("b 3 c 8 d 10, b концы 5", "the referee scores the plays itself"),
    ("b 1-3 4-5, c 3-5, d 10", r"Bob holds 10 tiles \(dealt 5, drew 8, played 3\): 2 given; give them all"),
    ("b 40, c 3-5 1-3, d 10", r"Cat holds 1 tile \(dealt 5, played 4\): 2 given"),
])
def test_the_hands_typed_at_the_end_hold_no_tile_seen_played_and_no_ending(line, message):
    made = hand("all-fives", FIVES)
    with pytest.raises(InputError, match=message):
        hand_facts(made, line, match("all-fives"))
    assert made.over and len(made.plays) == 18


@pytest.mark.parametrize("line, why", [
    ("b 45 c 8 d 70", "Dan holds 1 tile, at most 10 pips among the tiles not played: 70 given"),
    ("b 2 c 8 d 7", "Bob holds 10 tiles, at least 43 pips among the tiles not played: 2 given"),
    ("b 46 c 8 d 9", ""),  # the 63 pips of the tiles not played
    ("b 45 c 8 d 7", "the tiles neither played nor typed hold 63 pips, and the totals given add up to 60"),
])
def test_a_total_the_tiles_not_played_cannot_make_is_said(line, why):
    made = hand("all-fives", FIVES)
    assert implausible(made, hand_facts(made, line, match("all-fives"))) == why


def test_a_breach_waits_for_the_table_allow_makes_the_line_as_played_and_keeps_the_ruling():
    """rules.md §10.9: the session's side of the referee's advice, through the hand's API."""
    from scorekeeper.domain.facts import Breach, Ruling
    from scorekeeper.scoring.board import PlayBreach

    made = hand("goat", leader="Cat")
    with pytest.raises(PlayBreach, match="Cat leads this hand, not Ann"):
        made.play_all(parse_plays("a 24 b 41", FOUR))
    assert not made.plays and made.pending is not None
    answer = made.allow()  # the whole line, as it was played
    assert [format_plays([each.play]) for each in answer] == ["Ann 2-4", "Bob 1-4"] and made.pending is None
    assert [(finding.play, finding.breach) for finding in made.rulings] == [(1, Breach.LEADER)]
    with pytest.raises(StateError, match="no breach of the rules of play waits for the table"):
        made.allow()
    made.undo()
    made.undo()  # back before the lead: the ruling on it goes with it
    assert not made.rulings
    # a breach a later play proves waits in 'unsettled' until the table lets it stand
    later = hand("goat", "c 24, d knocks, a 41, b 26, c 60, d 12 on 1", leader="Cat")
    assert [(finding.play, finding.breach, finding.shown) for finding in later.unsettled] == [
        (2, Breach.KNOCK_WHILE_ABLE, 6)]
    assert later.answer(later.board.history[-1:]).splitlines()[1].startswith(
        "Play 2 (Dan knocks): Dan could play at that knock: 1-2 fits the ends (2 and 4)")
    assert later.allow() == [] and not later.unsettled
    later.play_all(parse_plays("a 02 on 0, b 23, c 35 on 3, d 52 on 5, a 22", FOUR))
    assert later.over
    facts = hand_facts(later, "a 10, b 12, c 15, d 20", match())
    assert facts.rulings == (Ruling(2, Breach.KNOCK_WHILE_ABLE),)


def test_the_hands_at_the_end_prove_a_breach_that_waits_for_the_table():
    from scorekeeper.domain.facts import Breach, RoundFacts

    made = hand("goat", "c 24, d knocks, a 41, b 26", leader="Cat")
    assert not made.unsettled  # Dan has laid nothing since the knock
    held = RoundFacts(hands=(("Dan", tuple(parse_tile(tile) for tile in ("0-0", "1-2", "3-3", "5-5", "6-6", "0-1",
                                                                         "0-3"))),))
    shown = made.held(held)
    assert [(finding.play, finding.breach, finding.shown) for finding in shown] == [(2, Breach.KNOCK_WHILE_ABLE, None)]
    assert made.unsettled == shown
