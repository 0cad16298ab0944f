"""A change of the rounds (edit, delete, redo) follows no hand it need not (issue 33): how a round after the
change was led is its first play's player unless it is led as a first round, and the round after an edited
or deleted one keeps what its plays scored from its own seal.  Every ruling, seal and table is the one that
following the hands again gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from careless import careless_hand
from conftest import house
from played_hands import played_match
from scorekeeper.domain.facts import Breach, RoundFacts, Ruling
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.match import usecases
from scorekeeper.match.amend import delete_round, edit_round
from scorekeeper.match.checks import LED, breaches_found, lead_breaches
from scorekeeper.match.opened import open_match
from scorekeeper.match.record import new_match
from scorekeeper.match.usecases import round_from_facts
from scorekeeper.notation.names import name_problem
from scorekeeper.notation.play_line import format_plays
from scorekeeper.notation.stored_plays import PlayLine, as_written, lead_player
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring import board
from scorekeeper.scoring.checked import before_link, holds, sealed, sealed_match
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.lead import Opening

FOUR = ("Ann", "Bob", "Cid", "Dan")
SETUPS = [("goat", FOUR), ("muggins", FOUR[:2]), ("all-fives", FOUR[:3]), ("sea-goat", FOUR[:3]),
          ("fives-and-threes", FOUR[:2])]
HAND = ("Ann 2-6, Bob 1-2, Cid 3-6, Dan 1-4, Ann 0-3, Bob 4-4, Cid 0-2, Dan 4-6, Ann 5-6, Bob 2-5 on 5, Cid 2-4 on "
        "0-2, Dan 2-3, Ann knocks, Bob 0-4, Cid 0-5, Dan 3-3, Ann knocks, Bob 3-4, Cid 3-5, Dan 1-3, Ann 1-6, "
        "Bob 6-6, Cid 4-5, Dan 1-5, Ann 0-6, Bob 0-1 on 0")
"""A Goat hand led by Ann, with no breach of its own (tests/match/test_checked_once.py)."""


def _openings(players: tuple[str, ...]) -> list[Opening]:
    """Every way a round may be told to be led: by anyone, by one player, by either of a pair, as a first
    round, as a round led again from 1-1."""
    return [Opening(), *(Opening((player,)) for player in players), Opening(players[:2]), Opening(players[1:3]),
            Opening(None, True), Opening(None, True, True)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1))
def test_how_a_round_was_led_is_what_the_board_finds(setup, seed):
    """``lead_breaches`` (what ``settle_leads`` keeps as rulings) is the board's own: for careless hands, led by
    anyone, under every opening, the breaches of the lead that following the whole hand finds."""
    name, players = setup
    ruleset = load_ruleset(name)
    match = new_match(name, ruleset, players)
    hand = careless_hand(ruleset, players, random.Random(seed))
    out = hand.board.out.player if hand.board.out else None
    facts = RoundFacts(plays=hand.plays, hands=tuple((player, tiles) for player, tiles in hand.held.items()
                                                     if player != out and tiles))
    rnd = round_from_facts(match, ruleset, facts, allow=True)
    for opening in _openings(players):
        full = tuple(finding for finding in breaches_found(match, ruleset, rnd, opening, typed=False)
                     if finding.breach in LED)
        assert lead_breaches(match, ruleset, rnd, opening) == full, opening


def test_a_round_led_by_the_wrong_player_after_an_edit_keeps_it_as_a_ruling_and_drops_it_after_another(sk):
    """Round 2 was led by Ann, who went out in round 1; round 1 edited to Bob's out leaves it led by the wrong
    player, kept as the table's ruling; edited back, the ruling no longer applies and is dropped."""
    sk("new", "--rules", "goat", *FOUR)
    sk("round", "Ann out, Bob 27, Cid 9, Dan 7")
    sk("round", "--plays", HAND, "--hand", "Ann=2-2,0-0", "--hand", "Cid=1-1", "--hand", "Dan=5-5")
    said = sk("edit", "1", "Bob out, Ann 27, Cid 9, Dan 7").stdout
    assert "Round 2, play 1: Bob leads this hand, not Ann; kept as a ruling, as the table played it." in said
    assert 'allowed = [{ play = 1, breach = "leader" }]' in sk.path.read_text(encoding="utf-8")
    opened = open_match(sk.path)
    assert holds(opened.ruleset, opened.match, opened.match.rounds[1], opened.match.rounds[0])
    said = sk("edit", "1", "Ann out, Bob 27, Cid 9, Dan 7").stdout
    assert "kept as a ruling" not in said and "allowed" not in sk.path.read_text(encoding="utf-8")
    assert "Let stand" not in sk("explain", "2").stdout


def test_the_round_after_a_change_is_sealed_from_its_own_seal(sk, monkeypatch):
    """In a points race, the round after an edited or a deleted one is sealed again after its new round before
    with what its plays scored as its seal keeps them: no hand is followed (Ann, who went out, still leads it),
    and the seal is the one a full check gives."""
    path = house(sk, 'extends = "muggins"\nname = "small"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n')
    sk("new", "--rules", path, "Ann", "Bob")
    for _ in range(3):
        sk("round", "--plays", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 3-4 on 3", "--hand", "Bob=6-6")
    opened = open_match(sk.path)
    followed = []
    follow = board.follow_hand
    monkeypatch.setattr(board, "follow_hand", lambda *args, **named: followed.append(args) or follow(*args, **named))
    line = round_from_facts(opened.match, opened.ruleset, RoundFacts(out="Ann", totals=(("Bob", 12),)))
    for change in (lambda: edit_round(opened.match, opened.ruleset, 2, line, scored=opened.table.rounds),
                   lambda: delete_round(opened.match, opened.ruleset, 2, opened.table.rounds)):
        followed.clear()
        match, table, _settled = change()
        moved = match.rounds[-1]
        before = match.rounds[-2]
        assert followed == [] and holds(opened.ruleset, match, moved, before)
        assert moved == sealed(opened.ruleset, match, moved._replace(checked=None), before_link(before)) and followed
        assert moved.checked.scores and table == replay(opened.ruleset, match)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), number=st.integers(1, 4))
def test_a_delete_seals_the_rounds_as_following_every_hand_does(seed, number):
    """Deleting any round of a random Muggins match played play by play: every round left is written sealed as
    a full check seals it after the round now before it."""
    ruleset = load_ruleset("muggins")
    match = played_match("muggins", ruleset, FOUR, 5, seed)
    number = min(number, len(match.rounds))
    changed, table, _settled = delete_round(match, ruleset, number, replay(ruleset, match).rounds)
    assert table == replay(ruleset, changed)
    changed = sealed_match(ruleset, changed)  # as it is written: a round whose rulings a delete settled, too
    for index, rnd in enumerate(changed.rounds):
        before = before_link(changed.rounds[index - 1] if index else None)
        assert rnd == sealed(ruleset, changed, rnd._replace(checked=None), before)


def test_a_round_whose_lead_an_edit_settles_is_written_sealed_without_following_a_hand(sk, monkeypatch):
    """Round 2 edited to Bob's out leaves round 3 led by Ann against the rules: the breach becomes its ruling, and
    round 3 (its rulings changed) and the rounds after it are written sealed from their own seals: no hand is
    followed, and each seal is the one a full check gives."""
    path = house(sk, 'extends = "muggins"\nname = "small"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n')
    sk("new", "--rules", path, "Ann", "Bob")
    for _ in range(4):
        sk("round", "--plays", "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 3-4 on 3", "--hand", "Bob=6-6")
    followed = []
    follow = board.follow_hand
    monkeypatch.setattr(board, "follow_hand", lambda *args, **named: followed.append(args) or follow(*args, **named))
    change = usecases.edit(sk.path, 2, "Bob out, Ann 12")
    assert [(number, finding.play, finding.breach) for number, finding in change.settled] == [(3, 1, Breach.LEADER)]
    assert followed == []
    opened = open_match(sk.path)
    for index, rnd in enumerate(opened.match.rounds):
        before = opened.match.rounds[index - 1] if index else None
        assert not rnd.plays or rnd == sealed(opened.ruleset, opened.match, rnd._replace(checked=None),
                                              before_link(before))
    assert opened.match.rounds[2].rulings == (Ruling(1, Breach.LEADER),) and followed


NAMES = st.text(alphabet=st.sampled_from("AnБoé 7-'"), min_size=1, max_size=8).map(str.strip).filter(
    lambda name: name and name_problem(name) is None) | st.sampled_from(["knocks", "draws", "on", "Ann", "Олег"])


@settings(max_examples=200, deadline=None)
@given(leader=NAMES, other=NAMES, knock=st.booleans())
def test_the_lead_player_of_a_stored_line_is_the_one_reading_it_gives(leader, other, knock):
    """``lead_player`` reads no stored line: its first word is the leader wherever no name is quoted, for any
    names a match may seat (one plain word, else quoted by ``format_plays``)."""
    plays = (Play(leader, Action.TILE, Tile(5, 5)), Play(other, Action.KNOCK) if knock else
             Play(other, Action.TILE, Tile(0, 5), 5))
    stored = PlayLine(format_plays(plays))
    assert lead_player(stored) == leader == stored.plays[0].player
    assert lead_player(plays) == leader


BLOCK_HAND = ("Ann 6-6, Bob 6-5, Ann 5-5, Bob 5-4, Ann 4-4, Bob 4-3, Ann 3-3, Bob 3-2, Ann 2-2, Bob 2-1, Ann 1-1, "
              "Bob 1-0, Ann 0-0")


@pytest.mark.parametrize("edited", [" Ann 6-6, Bob 5-6", "Ann 6-6,Bob 5-6", "Ann  6-6, Bob 5-6", "Ann 6-6; Bob 5-6"])
def test_a_line_edited_by_hand_out_of_the_written_shape_is_read_for_its_lead(sk, edited):
    """A stored line edited by hand into a shape the writer does not write (still one the reader reads) is kept
    as it is, sealed, by the next write; a later change that settles its lead reads who led from the line, not
    from its first word, and finds no breach where there is none."""
    sk("new", "--rules", "block", "Ann", "Bob")
    for _ in range(3):
        sk("round", "--plays", BLOCK_HAND, "--out", "Ann", "--hand", "Bob=6-4")
    text = sk.path.read_text(encoding="utf-8")
    last = text.rindex("plays = 'Ann 6-6, Bob 5-6")
    sk.path.write_text(text[:last] + "plays = '" + edited + text[last + len("plays = 'Ann 6-6, Bob 5-6"):],
                       encoding="utf-8")
    sk("round", "Ann out, Bob 5")  # a write: round 3 sealed with its line as edited
    assert edited in sk.path.read_text(encoding="utf-8")
    said = sk("delete", "2").stdout
    assert "kept as a ruling" not in said and "allowed" not in sk.path.read_text(encoding="utf-8")
    assert lead_player(PlayLine(edited + ", Ann 5-5")) == "Ann"


@pytest.mark.parametrize("line, written", [("Ann 5-5, Bob 4-5", True), ("Ann 5-5,Bob 4-5", False),
                                           (" Ann 5-5, Bob 4-5", False), ('"A, B" 5-5, Bob 4-5', False),
                                           ("Ann 5-5, Bob 4-5 ", False), ("Ann 5-5;  Bob 4-5", False)])
def test_a_stored_line_is_cut_into_plays_only_in_the_written_shape(line, written):
    stored = PlayLine(line)
    assert as_written(line) is written
    assert (stored.stored(1) is not None) is written
    assert stored[1] == PlayLine(line).plays[1]  # read alone or whole, the same play
