"""A round checked once (issue 33): what its check established is kept with it in the match file (its seal,
and in the points races what each play scored); a read trusts it where the seal holds and checks the round in
full where it does not (a round edited by hand, a changed ruleset file, a file written before seals), with
the same one-line errors naming the line.  Everything in the file is checked when it is read, the undo
history too (issue 34)."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import Table, house, scores
from played_hands import played_match
from scorekeeper.domain.facts import Breach, Ruling
from scorekeeper.match.opened import open_match, validate_text
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.match.amend import delete_round
from scorekeeper.scoring import board
from scorekeeper.scoring.checked import HISTORY, holds, sealed, sealed_as, seed, sealed_match
from scorekeeper.scoring.engine import replay
from scorekeeper.storage.matchfile import dump_match, load_match, parse_match

SMALL = 'extends = "muggins"\nname = "small"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n'
"""Muggins dealing three tiles each: a hand goes out in a few plays (as in tests/vectors/rounds_played.toml)."""
HAND = "Ann 5-5, Bob 5-0, Ann 3-5, Bob 0-2, Ann 3-4 on 3"
"""rules.md §10.3a: 5-5 counts 10 (Ann), 5-0 10 (Bob), 3-5 13, 0-2 15 (Bob), 3-4 on the 3 16; Ann out."""
SEAL = re.compile(r"checked = '[0-9a-f]{8}'")


def _recorded(sk: Table, rules: str = SMALL) -> str:
    path = house(sk, rules)
    sk("new", "--rules", path, "Ann", "Bob")
    sk("round", "--plays", HAND, "--hand", "Bob=6-6")
    return path


def _line_of(text: str, words: str) -> int:
    return next(number for number, row in enumerate(text.split("\n"), start=1) if words in row)


def test_a_round_keeps_its_seal_and_what_each_play_scored(sk):
    _recorded(sk)
    text = sk.path.read_text(encoding="utf-8")
    row = text.split("\n")[_line_of(text, "plays = ")]
    assert SEAL.search(text) and "scored = '1 Ann=10, 2 Bob=10, 4 Bob=15'" in text, row
    assert scores(sk) == {"Ann": 12, "Bob": 25}


def test_a_round_whose_plays_were_edited_by_hand_is_checked_in_full_and_refused_at_its_line(sk):
    """The seal is left as it was: the round no longer matches it, and every command that reads the file
    checks it in full, as before seals, and names its line."""
    _recorded(sk)
    edited = sk.path.read_text(encoding="utf-8").replace("Bob 0-2,", "Zed 0-2,")
    sk.path.write_text(edited, encoding="utf-8")
    line = _line_of(edited, "Zed 0-2")
    for command in (["table"], ["explain", "1"], ["export", "--format", "json"], ["round", "Ann out, Bob 3"],
                    ["undo"], ["check", "play", "Ann 6-6, Bob 6-3"], ["check", "hand", "6-6"]):
        said = sk.fails(*command, code=1)
        assert said.startswith(f"Error: {sk.path}:{line}: round 1: play 4: unknown player 'Zed'"), (command, said)


def test_a_hand_edited_score_is_not_trusted_the_board_scores_the_hand_again(sk):
    _recorded(sk)
    text = sk.path.read_text(encoding="utf-8")
    sk.path.write_text(text.replace("4 Bob=15", "4 Ann=15"), encoding="utf-8")
    assert scores(sk) == {"Ann": 12, "Bob": 25}
    sk("round", "Bob out, Ann 2")  # a write seals the round again, with what the board scored
    assert "4 Bob=15" in sk.path.read_text(encoding="utf-8")


def test_a_round_recorded_under_a_ruleset_file_that_changed_is_checked_again(sk, tmp_path):
    """The seal covers the ruleset's resolved keys: after the house file changes, the hand is scored by the
    board under the new keys (the table is a fresh match's under them), and a hand the new keys refuse is
    named at its line."""
    rules = _recorded(sk)
    threes = SMALL + "[play]\nmultiple = 3\n"
    with open(rules, "w", encoding="utf-8") as handle:
        handle.write(threes)
    fresh = Table(tmp_path / "fresh")
    fresh.folder.mkdir()
    _recorded(fresh, threes)
    assert scores(sk) == scores(fresh) != {"Ann": 12, "Bob": 25}
    with open(rules, "w", encoding="utf-8") as handle:
        handle.write(SMALL + "max_pip = 5\n")  # under [tiles]: Bob's 6-6 is no tile of the set
    said = sk.fails("table", code=1)
    text = sk.path.read_text(encoding="utf-8")
    assert said.startswith(f"Error: {sk.path}:{_line_of(text, 'plays = ')}: round 1: "), said


def test_a_file_written_before_seals_is_checked_in_full_and_sealed_by_the_next_write(sk):
    _recorded(sk)
    text = sk.path.read_text(encoding="utf-8")
    old = re.sub(r", (scored|checked) = '[^']*'", "", text).replace("'", '"')
    sk.path.write_text(old, encoding="utf-8")
    assert not SEAL.search(old) and scores(sk) == {"Ann": 12, "Bob": 25}
    sk("round", "Bob out, Ann 2")
    now = sk.path.read_text(encoding="utf-8")
    assert len(SEAL.findall(now)) == 1 and "plays = 'Ann 5-5" in now  # a round typed as a line has no seal


def test_a_round_a_person_wrote_in_other_words_is_checked_in_full_then_written_in_the_writers(sk):
    """A seal vouches for the round as the writer wrote it: the same facts in the other TOML quotes are checked
    in full, then sealed and written in the writer's words; the other rounds are written as they were."""
    _recorded(sk)
    sk("round", "Bob out, Ann 2")
    before = scores(sk)
    lines = sk.path.read_text(encoding="utf-8").split("\n")
    at = _line_of("\n".join(lines), "plays = ") - 1
    quoted = lines[at].replace("plays = '", 'plays = "').replace("', hands", '", hands')
    sk.path.write_text("\n".join(lines[:at] + [quoted] + lines[at + 1:]), encoding="utf-8")
    assert scores(sk) == before
    sk("round", "Ann out, Bob 4")
    now = sk.path.read_text(encoding="utf-8").split("\n")
    assert now[at] == lines[at] and now[at + 1] == lines[at + 1]


def test_a_round_recorded_with_an_allowed_breach_reads_back_with_its_ruling(sk):
    """The table's decision is a fact of the round: it is read back with the round, trusting its seal, which
    covers it (a ruling edited by hand is checked in full; a breach it no longer lets stand is refused)."""
    _recorded(sk)
    sk("round", "--plays", "Bob 5-5, Ann 5-0, Bob 3-5, Ann 0-2, Bob 3-4 on 3", "--hand", "Ann=6-6", "--allow")
    text = sk.path.read_text(encoding="utf-8")
    assert 'allowed = [{ play = 1, breach = "leader" }]' in text
    opened = open_match(sk.path)
    second = opened.match.rounds[1]
    assert second.rulings == (Ruling(1, Breach.LEADER),)
    assert holds(opened.ruleset, opened.match, second, opened.match.rounds[0])
    edited = text.replace('breach = "leader"', 'breach = "turn"')
    sk.path.write_text(edited, encoding="utf-8")
    read = load_match(sk.path)
    assert read.rounds[1].rulings == (Ruling(1, Breach.TURN),)
    assert not holds(opened.ruleset, read, read.rounds[1], read.rounds[0])
    sk("table")  # a round already recorded shows its breaches: the edited ruling is checked, not refused


RACES = ["muggins", "all-fives", "fives-and-threes", "phone", "all-threes", "english", "goat", "sea-goat", "draw"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RACES), st.integers(2, 4), st.integers(1, 6), st.integers(0, 10 ** 6))
def test_a_replay_from_the_seals_is_the_replay_from_a_full_check(name, seated, rounds, seed):
    """Over random played matches: the match read back trusting every seal (no hand followed again) scores
    exactly as the same facts checked in full, explained round by round too."""
    ruleset = load_ruleset(name)
    seated = max(ruleset["players.min"], min(seated, ruleset["players.max"]))
    players = ("Ann", "Bob", "Cat", "Dan")[:seated]
    match = played_match(name, ruleset, players, rounds, seed)
    text = dump_match(match)
    trusted, problems = validate_text(text, "m.toml")
    assert problems == [] and trusted is not None
    for previous, rnd in zip((None,) + trusted.match.rounds, trusted.match.rounds):
        assert holds(ruleset, trusted.match, rnd, previous)  # every seal held: nothing checked or followed again
    unsealed = dump_match(parse_match(text, "m.toml")._replace(
        rounds=tuple(rnd.facts() for rnd in trusted.match.rounds)))
    assert not re.search(r"checked = ", unsealed)
    full, problems = validate_text(unsealed, "m.toml")
    assert problems == [] and full is not None
    assert _scored(trusted.table) == _scored(full.table)
    assert _scored(replay(ruleset, trusted.match, explain=True)) == _scored(replay(ruleset, full.match, explain=True))
    assert dump_match(sealed_match(ruleset, full.match)) == text  # sealed as when each round was recorded


def _scored(table):
    """A table with its rounds' facts alone (one read trusting the seals, the other not yet sealed)."""
    return table._replace(rounds=tuple(result._replace(facts=result.facts.facts()) for result in table.rounds))


def test_plays_kept_in_the_undo_history_are_checked_when_the_file_is_read(sk):
    """Issue 34, finding 2: a history entry's plays edited by hand are named at the entry's line by every
    command that reads the file; none carries the entry forward."""
    _recorded(sk)
    sk("undo")
    text = sk.path.read_text(encoding="utf-8").replace("Ann 5-5, Bob 0-5", "Zed 5-5, Bob 0-5")
    sk.path.write_text(text, encoding="utf-8")
    line = _line_of(text, "Zed 5-5")
    for command in (["table"], ["export", "--format", "json"], ["round", "Ann out, Bob 3"], ["undo"],
                    ["redo"], ["undo", "--list"], ["check", "play", "Ann 6-6, Bob 6-3"]):
        said = sk.fails(*command, code=1)
        assert said.startswith(f"Error: {sk.path}:{line}: history: history entry 1: play 1: unknown player 'Zed'"), \
            (command, said)


def test_an_export_whose_history_plays_were_edited_is_refused_at_its_line(sk, tmp_path):
    _recorded(sk)
    sk("undo")
    exported = sk("export", "--format", "json").stdout.replace("Ann 5-5, Bob 0-5", "Zed 5-5, Bob 0-5")
    source = tmp_path / "export.json"
    source.write_text(exported, encoding="utf-8")
    other = Table(tmp_path / "other")
    other.folder.mkdir()
    said = other.fails("import", str(source), code=1)
    line = _line_of(exported, "Zed 5-5")
    assert said.startswith(f"Error: {source}:{line}: history: history entry 1: play 1: unknown player 'Zed'"), said
    assert json.loads(exported)["history"][0]["change"] == "undo"


def test_a_round_whose_round_before_is_deleted_is_sealed_again(sk):
    """Issue 34, finding 1's reproducer: round 2, not led as ``lead.first`` requires of a first round, becomes
    the first round; its breach becomes one of its rulings, and it is sealed again as the first round, so that
    the next command reads it, trusting the new seal."""
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan")
    sk("round", "Ann out, Bob 27, Cid 9, Dan 7")
    sk("round", "--plays", "Ann 2-6, Bob 1-2, Cid 3-6, Dan 1-4, Ann 0-3, Bob 4-4, Cid 0-2, Dan 4-6, Ann 5-6, "
       "Bob 2-5 on 5, Cid 2-4 on 0-2, Dan 2-3, Ann knocks, Bob 0-4, Cid 0-5, Dan 3-3, Ann knocks, Bob 3-4, "
       "Cid 3-5, Dan 1-3, Ann 1-6, Bob 6-6, Cid 4-5, Dan 1-5, Ann 0-6, Bob 0-1 on 0", "--hand", "Ann=2-2,0-0",
       "--hand", "Cid=1-1", "--hand", "Dan=5-5", "--allow")
    before = SEAL.search(sk.path.read_text(encoding="utf-8")).group()
    sk("delete", "1")
    text = sk.path.read_text(encoding="utf-8")
    assert 'breach = "first-lead"' in text and SEAL.search(text).group() != before
    opened = open_match(sk.path)
    assert holds(opened.ruleset, opened.match, opened.match.rounds[0], None)
    sk("table")


def test_a_match_opened_twice_is_the_same_match(sk):
    """Opening trusts the seals the first open wrote: the same facts, the same table."""
    _recorded(sk)
    sk("round", "Bob out, Ann 2")
    first = open_match(sk.path)
    again = open_match(sk.path)
    assert first.match.facts() == again.match.facts() and first.table == again.table
    assert load_match(sk.path).rounds[0].plays == first.match.rounds[0].plays


def test_a_round_taken_out_keeps_its_check_in_the_history_without_following_its_hand_again(sk, monkeypatch):
    """``delete`` (and ``edit``) keep the round they take out in the undo history, sealed there as a full check
    would seal it, from its own seal: the hand is not followed again to check or to score it."""
    _recorded(sk)
    sk("round", "Bob out, Ann 2")
    opened = open_match(sk.path)
    followed = []
    follow = board.follow_hand
    monkeypatch.setattr(board, "follow_hand", lambda *args, **named: followed.append(args) or follow(*args, **named))
    match, table, _settled = delete_round(opened.match, opened.ruleset, 1, opened.table.rounds)
    kept = match.history[-1].round
    assert followed == [] and sealed_as(seed(opened.ruleset, match), kept, HISTORY)
    assert kept == sealed(opened.ruleset, opened.match, opened.match.rounds[0].facts(), HISTORY)
    assert table == replay(opened.ruleset, match)


def test_a_round_whose_seal_does_not_hold_is_checked_in_full_when_taken_out(sk):
    """A round whose seal does not hold (here a seal spoilt by hand) is checked in full when it is read; taken
    out by ``edit``, it is kept in the history with the seal and the scores a full check gives."""
    _recorded(sk)
    sk("round", "Bob out, Ann 2")
    text = sk.path.read_text(encoding="utf-8")
    sk.path.write_text(text.replace(SEAL.search(text).group(), "checked = '00000000'"), encoding="utf-8")
    before = open_match(sk.path)
    assert not holds(before.ruleset, before.match, before.match.rounds[0], None)
    sk("edit", "1", "--out", "Ann", "--hand", "Bob=6-6")
    after = open_match(sk.path)
    kept, full = after.match.history[-1].round, sealed(before.ruleset, before.match, before.match.rounds[0].facts(),
                                                        HISTORY)
    assert kept._replace(line=None) == full and full.checked.scores
    assert "scored = '1 Ann=10, 2 Bob=10, 4 Bob=15'" in sk.path.read_text(encoding="utf-8")
