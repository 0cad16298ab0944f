"""Issues 32 and 36: the hand in play (typed play by play in ``play``, kept in the match file) seen and changed
by the one-shot commands.  ``table`` (text and JSON), ``explain`` and ``export`` show it; a command that
changes the rounds under it keeps it and re-checks it, or is refused (the file unchanged) where it would lose
it; ``undo`` takes back its last play and ``undo --hand`` drops it.  The hand is written through the library
(``usecases.keep_hand``), as the session writes it after each play."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.domain.facts import Breach, OpenHand, Ruling
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_plays, parse_plays
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage.matchfile import load_match

FOUR = ("Ann", "Bob", "Cat", "Dan")
ALL_FIVES = "Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6, Ann 3-4, Bob 4-4, Cat 0-3, Dan 1-4, Ann 2-6, " \
            "Bob 2-3 on 3"
"""tests/live/test_hand_kept.py's All Fives hand, to Bob's 2-3 on 3 (+5): Cat to play."""


def in_play(sk, plays: str) -> None:
    usecases.keep_hand(str(sk.path), OpenHand(parse_plays(plays, FOUR)))


@pytest.fixture
def race(sk):
    """All Fives, no round yet, a hand of 11 plays in play in which Bob scored 5."""
    sk("new", "--rules", "all-fives", *FOUR)
    in_play(sk, ALL_FIVES)
    return sk


@pytest.fixture
def goat(sk):
    """Goat: Ann went out in round 1 and leads the hand in play, 'Ann 2-4, Bob 4-1' (Cat to play)."""
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "a out 3 4 5")
    in_play(sk, "Ann 2-4, Bob 4-1")
    return sk


def words(text: str) -> str:
    return " ".join(text.split())


# -- seen --------------------------------------------------------------------------------------------------
def test_table_json_has_the_hand_with_its_plays_ends_count_turn_and_points_marked_in_play(race):
    data = race.json()
    assert data["hand"] == {"in_play": True, "plays": ALL_FIVES.split(", "), "ends": [6, 1, 2, 2], "count": 5,
                            "turn": "Cat", "over": False, "points": {"Bob": 5}}
    # a points race adds what a play scores as it is played: in the totals, and said to be in play
    assert [side["score"] for side in data["sides"]] == [0, 5, 0, 0]
    assert data["in_play"] == {"Ann": 0, "Bob": 5, "Cat": 0, "Dan": 0}
    assert not data["over"] and data["rounds"] == 0


def test_a_blocking_game_s_hand_has_no_count_and_no_points(goat):
    hand = goat.json()["hand"]
    assert hand == {"in_play": True, "plays": ["Ann 2-4", "Bob 1-4"], "ends": [2, 1], "count": None,
                    "turn": "Cat", "over": False, "points": {}}
    assert [side["score"] for side in goat.json()["sides"]] == [0, 0, 0, 0]


def test_no_hand_in_play_is_null(sk):
    sk("new", "--rules", "goat", *FOUR)
    assert sk.json()["hand"] is None


def test_table_text_says_the_hand_and_its_points_in_play(race):
    shown = race("table").stdout
    assert "hand in play: 11 plays, Cat to play\nin play this hand: Bob 5 (already in the totals)" in shown
    assert "leader is chosen by lot" not in shown  # the hand says whose turn it is, not who leads the round


def test_explain_with_no_round_yet_explains_the_hand_in_play(race):
    shown = race("explain").stdout
    assert shown.startswith("The hand in play under All Fives (11 plays, not yet recorded):\n 1 Ann 6-6")
    assert "11 Bob 3-2 on 3 · 1+2+2 = 5 · +5 · Cat\nEnds 1, 2, 2 and the spinner 6-6, count 5.\nNext: Cat.\n" \
           "in play this hand: Bob 5 (already in the totals)" in shown
    assert race("explain", "--hand").stdout == shown


def test_explain_hand_json(race):
    data = json.loads(race("explain", "--hand", "--format", "json").stdout)
    assert data["in_play"] is True and data["turn"] == "Cat" and data["points"] == {"Bob": 5}
    assert [play["points"] for play in data["plays"]] == [0] * 10 + [5]


def test_explain_hand_names_a_breach_the_rounds_now_make(goat):
    goat("edit", "1", "b out 3 4 5")
    shown = goat("explain", "--hand").stdout
    assert "breach: Bob leads this hand, not Ann" in shown
    assert goat("explain").stdout.startswith("Round 1 under Goat:")  # the last round, as before


def test_explain_hand_marks_the_breaches_the_table_let_stand(sk):
    # issue 32 (second reading): a breach let stand with 'allow' is not said like one still waiting
    sk("new", "--rules", "all-fives", "Ann", "Bob", "Cat")
    plays = parse_plays("Cat 0-3, Ann 0-6, Cat 3-2", ("Ann", "Bob", "Cat"))
    usecases.keep_hand(str(sk.path), OpenHand(plays, (Ruling(3, Breach.TURN),)))
    shown = sk("explain", "--hand").stdout
    assert " 3 Cat 3-2 · 6+2 = 8 · Ann\n   breach, let stand: it is Bob's turn, not Cat's\n" in shown
    assert "   breach: " not in shown
    data = json.loads(sk("explain", "--hand", "--format", "json").stdout)
    assert data["plays"][2]["breaches"] == [{"play": 3, "breach": "turn", "reason": "it is Bob's turn, not Cat's",
                                             "allowed": True}]
    usecases.keep_hand(str(sk.path), OpenHand(plays))  # the same breach not yet decided
    assert "   breach: it is Bob's turn, not Cat's\n" in sk("explain", "--hand").stdout
    data = json.loads(sk("explain", "--hand", "--format", "json").stdout)
    assert data["plays"][2]["breaches"][0]["allowed"] is False


@pytest.mark.parametrize("lang, round_heading, hand_heading", [
    ("en", "Round 1 under Goat:", "The hand in play under Goat (2 plays, not yet recorded):"),
    ("ru", "Кон 1 по правилам «Козёл»:", "Текущий кон по правилам «Козёл» (2 хода, кон ещё не записан):"),
])
def test_explain_says_the_game_by_its_title_in_both_views(goat, lang, round_heading, hand_heading):
    # issue 32 (second reading): 'explain 1' said 'under goat' (the ruleset's name) and --hand 'under Goat'
    assert goat("--lang", lang, "explain", "1").stdout.startswith(round_heading)
    assert goat("--lang", lang, "explain", "--hand").stdout.startswith(hand_heading)


def test_explain_hand_refusals(sk, goat):
    assert "give one of them" in goat.fails("explain", "1", "--hand", code=2)
    goat("undo", "--hand")
    assert "no hand is in play in" in goat.fails("explain", "--hand", code=1)


def test_exports_keep_the_hand_or_say_it(race):
    exported = json.loads(race("export", "--format", "json").stdout)
    assert exported["hand"] == {"plays": ALL_FIVES}
    assert exported["table"]["hand"]["turn"] == "Cat"
    rows = race("export", "--format", "csv").stdout.splitlines()
    assert rows[2] == "1,Bob,Bob,in-play,,,,,,,5,5,5,0,0,0,0,"  # the last score agrees with the table
    assert "hand in play: 11 plays, Cat to play" in race("export", "--format", "markdown").stdout
    assert "hand = { plays = 'Ann 6-6," in race("export", "--format", "toml").stdout


# -- changed ---------------------------------------------------------------------------------------------------
def test_round_and_score_are_refused_naming_the_hand_and_the_way_out(race):
    for args in (("round", "a out 3 4 5"), ("score", "Ann", "10")):
        said = words(race.fails(*args, code=1))
        assert "a hand is in play in" in said and "finish it there, or drop it with 'scorekeeper undo --hand'; " \
            "nothing was written" in said


def test_a_round_that_goes_on_from_the_hand_s_plays_records_it(sk):
    from played_hands import random_hand

    sk("new", "--rules", "goat", *FOUR)
    ruleset = load_ruleset("goat")
    plays, held = random_hand(ruleset, random.Random(7), first=True, leader=None, players=FOUR)
    usecases.keep_hand(str(sk.path), OpenHand(tuple(plays[:3])))
    hands = [f"--hand={player}={' '.join(map(str, tiles))}" for player, tiles in held.items() if tiles]
    sk.fails("round", "--plays", format_plays(plays[1:]), *hands, code=1)  # not the hand in play's plays
    sk("round", "--plays", format_plays(plays), *hands)
    match = load_match(str(sk.path))
    assert match.hand is None and match.rounds[0].plays == tuple(plays)


def test_undo_takes_back_the_last_play_then_the_hand_is_gone_and_undo_drops_rounds_again(goat):
    said = goat("undo").stdout
    assert said.startswith("Dropped play 2 of the hand in play (Bob 1-4) from ")
    assert "hand in play: 1 play, Bob to play" in said
    assert format_plays(load_match(str(goat.path)).hand.plays) == "Ann 2-4"
    assert goat("undo", "--format", "json").stdout.startswith(
        '{"dropped": "play 1 of the hand in play (Ann 2-4)", "table": {')
    assert load_match(str(goat.path)).hand is None and "hand = " not in goat.path.read_text()
    assert goat("undo").stdout.startswith("Dropped round 1 (Ann went out)")
    assert goat("redo").stdout.startswith("Put back round 1")  # the rounds' history is as it was


def test_a_play_undone_is_typed_again_and_redo_says_so(goat):
    # issue 32 (second reading): 'redo' said nothing had been undone right after 'undo' took back a play
    said = goat("undo").stdout
    assert said.startswith("Dropped play 2 of the hand in play (Bob 1-4) from ")
    assert "\nA play taken back is typed again in 'scorekeeper play', not redone.\n" in said
    refused = words(goat.fails("redo", code=1))
    assert "nothing to redo: a play taken back is typed again in 'scorekeeper play', not redone" in refused
    assert format_plays(load_match(str(goat.path)).hand.plays) == "Ann 2-4"  # nothing changed


def test_undo_hand_drops_the_whole_hand_and_says_its_plays(race):
    said = words(race("undo", "--hand").stdout)
    assert said.startswith(f"Dropped the hand in play (11 plays) from {race.path}: {ALL_FIVES}.")
    assert load_match(str(race.path)).hand is None
    assert [side["score"] for side in race.json()["sides"]] == [0, 0, 0, 0]
    assert "no hand is in play in" in race.fails("undo", "--hand", code=1)


def test_undo_hand_drops_a_hand_typed_into_the_file_that_no_longer_replays(sk):
    # issue 32 (second reading): every error about such a hand names 'undo --hand' as the way out
    sk("new", "--rules", "goat", *FOUR)
    with sk.path.open("a", encoding="utf-8") as file:
        file.write("hand = { plays = 'Bob 6-6, Cat 1-2' }\n")
    assert "does not match an open end" in sk.fails("table", code=1)
    said = words(sk("undo", "--hand").stdout)
    assert said.startswith(f"Dropped the hand in play (2 plays) from {sk.path}: Bob 6-6, Cat 1-2.")
    assert load_match(str(sk.path)).hand is None and "hand = " not in sk.path.read_text()
    assert sk.json()["hand"] is None


def test_undo_hand_json_and_conflicting_flags(race):
    data = json.loads(race("undo", "--hand", "--format", "json").stdout)
    assert data["dropped_hand"] == ALL_FIVES and data["table"]["hand"] is None
    in_play(race, "Ann 6-6")
    assert "give one of them" in race.fails("undo", "--hand", "--list", code=2)


def test_edit_of_a_round_under_the_hand_keeps_it_and_says_the_breach_it_now_shows(goat):
    before = load_match(str(goat.path)).hand
    said = words(goat("edit", "1", "b out 3 4 5").stdout)
    assert f"The hand in play (2 plays) is kept: 'scorekeeper --match {goat.path} play' goes on with it." in said
    assert "Play 1 of the hand in play (Ann 2-4): Bob leads this hand, not Ann; 'allow' in 'scorekeeper play' " \
           "lets it stand." in said
    assert load_match(str(goat.path)).hand.facts() == before.facts()


def test_delete_and_redo_keep_the_hand(goat):
    said = words(goat("delete", "1").stdout)
    assert "The hand in play (2 plays) is kept" in said and "Play 1 of the hand in play (Ann 2-4):" in said
    assert load_match(str(goat.path)).hand is not None
    said = words(goat("redo").stdout)
    assert "The hand in play (2 plays) is kept" in said and "Play 1 of the hand in play" not in said
    assert len(load_match(str(goat.path)).rounds) == 1 and load_match(str(goat.path)).hand is not None


def test_an_edit_that_changes_nothing_of_the_lead_says_only_that_the_hand_is_kept(goat):
    said = words(goat("edit", "1", "a out 3 4 6").stdout)
    assert "The hand in play (2 plays) is kept" in said and "Play 1 of the hand" not in said


@pytest.mark.parametrize("args", [("new", "--force", "Ann", "Bob"), ("new", "--again", "--force")])
def test_new_force_keeps_the_old_file_with_its_hand_and_says_so(goat, args):
    said = words(goat(*args).stdout)
    kept = next(path for path in goat.folder.glob("match.*.toml"))
    assert f"The match that was there is kept as {kept}, with its hand in play." in said
    assert format_plays(load_match(str(kept)).hand.plays) == "Ann 2-4, Bob 1-4"
    assert load_match(str(goat.path)).hand is None


def test_import_force_keeps_the_old_file_with_its_hand_and_imports_the_new_one_s(goat, tmp_path):
    exported = tmp_path / "other.json"
    exported.write_text(goat("export", "--format", "json").stdout)
    goat("undo", "--hand")
    in_play(goat, "Ann 2-5")
    said = words(goat("import", "--force", str(exported)).stdout)
    kept = next(path for path in goat.folder.glob("match.*.toml"))
    assert f"The match that was there is kept as {kept}, with its hand in play." in said
    assert format_plays(load_match(str(kept)).hand.plays) == "Ann 2-5"
    assert format_plays(load_match(str(goat.path)).hand.plays) == "Ann 2-4, Bob 1-4"
    assert "hand in play: 2 plays, Cat to play" in said


def test_a_kept_match_without_a_hand_is_said_as_before(sk):
    sk("new", "--rules", "goat", *FOUR)
    said = words(sk("new", "--force", *FOUR).stdout)
    assert "The match that was there is kept as" in said and "with its hand in play" not in said


def test_a_session_open_meanwhile_goes_on_from_the_play_a_one_shot_undo_left(sk):
    from scorekeeper.live.session import LiveSession, Screen

    sk("new", "--rules", "all-fives", *FOUR)
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    for play in ("a 66", "+8", "-", "06"):
        assert live.handle(play).ok
    sk("undo")  # Cat 0-6 taken back from another terminal
    assert live.handle("table").ok and len(live.hand.plays) == 3  # read again: the file's hand
    assert live.handle("60").ok  # Cat plays again, on the board the file now holds
    assert format_plays(load_match(str(sk.path)).hand.plays) == "Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6"
    sk("undo", "--hand")
    assert live.handle("table").ok and live.hand is None


def test_a_change_that_decides_the_match_under_the_hand_is_refused_until_it_is_dropped(sk):
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "a out 3 4 60")
    sk("round", "a out 3 4 5")
    in_play(sk, "Ann 2-4, Bob 4-1")
    said = words(sk.fails("edit", "2", "a out 3 4 50", code=1))
    assert said == (f"Error: after this change the match is decided, but a hand is in play in {sk.path} (2 plays, "
                    f"typed in 'scorekeeper play'): drop it first with 'scorekeeper undo --hand'; nothing was "
                    f"written")
    sk("undo", "--hand")
    assert "Dan is the goat" in sk("edit", "2", "a out 3 4 50").stdout
