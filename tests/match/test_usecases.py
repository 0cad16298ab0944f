"""The use cases as a library: each takes a match file (or a match already open), saves, and returns the change.

The CLI tests drive the same functions through flags; these show what a live session relies on: a use case
given the state it holds returns the next state, equal to what reading the saved file gives.
"""

from __future__ import annotations

import pytest

from scorekeeper.match import usecases
from scorekeeper.errors import InputError, StateError
from scorekeeper.domain.facts import Claim
from scorekeeper.match.opened import open_match
from scorekeeper.domain.tiles import parse_tiles
from scorekeeper.match.usecases import RoundFacts

OUT = RoundFacts(out="Masha", hands=(("Alex", parse_tiles("1-2,3-3")),), totals=(("Olya", 13), ("Serg", 5)))
FISH = RoundFacts(fish=True, totals=(("Masha", 2), ("Alex", 3), ("Olya", 13), ("Serg", 5)))


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "match.toml"
    usecases.new(path, "goat", ("Masha", "Alex", "Olya", "Serg"))
    return path


def same_state(change: usecases.Change) -> None:
    """The state a use case returns is what opening the file it saved gives (but where rounds start in it)."""
    reopened = open_match(change.path)
    assert reopened.match.facts() == change.match.facts()
    assert reopened.table.to_dict() == change.table.to_dict()


def test_new_saves_the_seated_match(tmp_path):
    change = usecases.new(tmp_path / "m.toml", "goat-pairs", teams=("Masha,Olya", "Alex,Serg"))
    assert change.before is None
    assert [side.name for side in change.match.sides] == ["Masha+Olya", "Alex+Serg"]
    assert change.table.rounds == ()
    same_state(change)
    with pytest.raises(StateError, match="already holds a match"):
        usecases.new(tmp_path / "m.toml", "goat", ("Ann", "Bob"))


def test_record_from_a_path_and_from_the_state_in_hand(path):
    first = usecases.record(path, OUT)
    assert first.number == 1 and len(first.before.match.rounds) == 0
    assert [side.score for side in first.table.sides] == [0, 0, 13, 0]  # 13 opens; 9 and 5 are remembered
    same_state(first)
    second = usecases.record(first.after, FISH)  # nothing read again: the session's way
    assert second.number == 2 and second.before is first.after
    same_state(second)


def test_a_refused_change_leaves_the_file_as_it_was(path):
    usecases.record(path, OUT)
    before = path.read_bytes()
    with pytest.raises(InputError, match="unknown player 'Zoe'"):
        usecases.record(path, RoundFacts(out="Zoe"))
    with pytest.raises(InputError, match="there is no round 4"):
        usecases.edit(path, 4, FISH)
    with pytest.raises(InputError, match="not both"):
        usecases.edit(path, 1, RoundFacts(fish=True, play_points=(("Masha", 5),)), clear_points=True)
    assert path.read_bytes() == before


def test_edit_delete_and_undo_say_what_changed(path):
    recorded = usecases.record(usecases.record(path, OUT).after, OUT)
    edited = usecases.edit(recorded.after, 1, FISH)
    assert edited.number == 1 and edited.before.table == recorded.table
    assert edited.match.rounds[0].facts() != recorded.match.rounds[0].facts()
    same_state(edited)
    deleted = usecases.delete(path, 2)
    assert deleted.number == 2 and len(deleted.match.rounds) == 1
    same_state(deleted)
    undone = usecases.undo(deleted.after)
    assert undone.dropped == "round 1 (fish)" and undone.match.rounds == ()
    same_state(undone)
    with pytest.raises(StateError, match="nothing to undo"):
        usecases.undo(path)


def test_score_adds_a_claim_and_undo_drops_it(tmp_path):
    path = tmp_path / "m.toml"
    usecases.new(path, "fives-and-threes", ("Ann", "Bob"))
    counted = usecases.score(path, "ann", count=15)  # 15 is a multiple of 5 and of 3: 3 + 5
    assert counted.claim == Claim("Ann", 8, 15)  # the count is kept: it converts under another ruleset
    claimed = usecases.score(counted.after, "Bob", points=2)
    assert claimed.match.pending == (Claim("Ann", 8, 15), Claim("Bob", 2))
    same_state(claimed)
    assert usecases.undo(claimed.after).dropped == "the claim of 2 by Bob"
    with pytest.raises(InputError, match="one of them"):
        usecases.score(path, "Ann")


def test_check_builds_and_checks_a_round_and_record_takes_it_as_checked(path, monkeypatch):
    opened = open_match(str(path))
    before = path.read_bytes()
    checked = usecases.check(opened, OUT)
    assert checked.opened is opened and checked.round.out == "Masha" and path.read_bytes() == before
    with pytest.raises(InputError, match="3 totals needed"):
        usecases.check(path, "m out 3 13")  # a round line in the match file, refused as 'record' refuses it
    built = []
    real = usecases.round_from_facts
    monkeypatch.setattr(usecases, "round_from_facts", lambda *args, **kw: built.append(1) or real(*args, **kw))
    change = usecases.record(opened, checked)  # the state it was checked against: not built nor checked again
    assert built == [] and change.number == 1 and change.match.rounds[0] == checked.round
    same_state(change)
    again = usecases.record(path, usecases.check(change.after, FISH))  # another state (read from the file):
    assert built == [1, 1] and again.number == 2  # ... built and checked again there
    over = usecases.record(again.after, RoundFacts(out="Alex", totals=(("Olya", 90), ("Serg", 5), ("Masha", 1))),
                           confirmed=True)
    assert over.table.over
    with pytest.raises(StateError, match="the match is over"):
        usecases.check(over.after, FISH)


def test_claims_told_in_a_line_are_added_all_or_none_in_one_write(tmp_path):
    path = tmp_path / "m.toml"
    usecases.new(path, "muggins", ("Ann", "Bob"))
    before = path.read_bytes()
    with pytest.raises(InputError, match="Bob \\+7: "):  # the second claim, named as it was told
        usecases.claim(path, (("Ann", 10, False), ("Bob", 7, False)))
    assert path.read_bytes() == before
    change = usecases.claim(path, (("Ann", 10, False), ("Bob", 15, True)))
    assert change.match.pending == (Claim("Ann", 10), Claim("Bob", 15, 15))
    assert change.claim == Claim("Bob", 15, 15)
    same_state(change)
