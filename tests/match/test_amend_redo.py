"""redo puts a change back on the round it was about, wherever later changes moved it, or refuses in one line
and changes nothing; each change goes back once; nothing recorded is ever lost and the rounds keep their order.

Every round here is ``A out, B t, C 1, D 1``: the round is known by t (its tag)."""

from __future__ import annotations

import re

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.match import usecases
from scorekeeper.errors import InputError, StateError
from scorekeeper.domain.facts import Undoing
from scorekeeper.storage.matchfile import load_match

PLAYERS = ("A", "B", "C", "D")


def tags(path) -> list[int]:
    """The rounds in the match file, by tag (B's total)."""
    return [rnd.hands["B"].total for rnd in load_match(path).rounds]


def fresh_table(sk, rounds: list[int]) -> dict:
    """The table of a match that recorded ``rounds`` (tags) and nothing else."""
    from conftest import Table

    folder = sk.folder / f"fresh-{len(list(sk.folder.glob('fresh-*')))}"
    folder.mkdir()
    other = Table(folder)
    other("new", *PLAYERS)
    for tag in rounds:
        other("round", "a", "out", str(tag), "1", "1")
    return other.json()


# Each step: a command, then the rounds (tags) after it, or the refusal's words (exit 1, nothing changed).
SEQUENCES = {
    "the tester's: an edit put back after a delete moved its round": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("edit 2 9", [1, 9, 3]), ("delete 1", [9, 3]),
        ("redo 1", [2, 3]),  # round 2 is round 1 now; round 3 stays
        ("redo 1", [9, 3]),  # the edit put back, asked for again: what it wrote goes back
        ("redo", [1, 9, 3]), ("redo", [1, 2, 3]), ("redo", "nothing to redo")],
    "the same, the delete put back first": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("edit 2 9", [1, 9, 3]), ("delete 1", [9, 3]), ("redo 2", [1, 9, 3]), ("redo 1", [1, 2, 3])],
    "two deletes put back oldest first keep the order": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]), ("round 4", [1, 2, 3, 4]),
        ("delete 2", [1, 3, 4]), ("delete 1", [3, 4]), ("redo 1", [2, 3, 4]), ("redo 2", [1, 2, 3, 4])],
    "two deletes put back newest first": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]), ("round 4", [1, 2, 3, 4]),
        ("delete 2", [1, 3, 4]), ("delete 1", [3, 4]), ("redo", [1, 3, 4]), ("redo", [1, 2, 3, 4])],
    "a delete, then an edit of the round that moved up: each goes back on its own round": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]), ("round 4", [1, 2, 3, 4]),
        ("delete 3", [1, 2, 4]), ("edit 3 9", [1, 2, 9]), ("redo 1", [1, 2, 3, 9]), ("redo 2", [1, 2, 3, 4])],
    "an edit edited again: the newer edit goes back first": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("edit 2 8", [1, 8, 3]), ("edit 2 9", [1, 9, 3]), ("redo 1", "edited again since (change 2)"),
        ("redo", [1, 8, 3]), ("redo", [1, 2, 3]), ("redo", "nothing to redo")],
    "an edited round deleted: the delete goes back first": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("edit 2 9", [1, 9, 3]), ("delete 2", [1, 3]), ("redo 1", "deleted since (change 2)"),
        ("redo 2", [1, 9, 3]), ("redo 1", [1, 2, 3])],
    "an edited round undone: the undo goes back first": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("edit 3 9", [1, 2, 9]), ("undo", [1, 2]), ("redo 1", "undone since (change 2)"),
        ("redo", [1, 2, 9]), ("redo", [1, 2, 3])],
    "an undo a round was recorded after, then an earlier round deleted": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("undo", [1, 2]), ("round 7", [1, 2, 7]), ("delete 1", [2, 7]),
        ("redo 1", "round 2 was recorded again after the undo"),
        ("delete 2", [2]), ("redo 1", [2, 3]), ("redo 2", [1, 2, 3]), ("redo 3", [1, 2, 3, 7])],
    "undo, the round typed again, undone again: redo brings the new one back": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("undo", [1, 2]), ("round 7", [1, 2, 7]), ("undo", [1, 2]), ("redo", [1, 2, 7]),
        ("redo", "round 3 was recorded again after the undo")],
    "two undos come back in order only": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("undo", [1, 2]), ("undo", [1]), ("redo 1", "put back the rounds before it first (change 2)"),
        ("redo", [1, 2]), ("redo", [1, 2, 3])],
    "a delete put back after a round was recorded returns to its place": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]),
        ("delete 2", [1, 3]), ("round 7", [1, 3, 7]), ("redo", [1, 2, 3, 7])],
    "an edit put back after the rounds before it were deleted and one put back": [
        ("round 1", [1]), ("round 2", [1, 2]), ("round 3", [1, 2, 3]), ("round 4", [1, 2, 3, 4]),
        ("edit 4 9", [1, 2, 3, 9]), ("delete 1", [2, 3, 9]), ("delete 2", [2, 9]), ("redo 2", [1, 2, 9]),
        ("redo 1", [1, 2, 4]), ("redo", [1, 2, 3, 4])],
}


def _run(sk, typed: str, expected):
    words = typed.split()
    if words[0] == "round":
        words = ["round", "a", "out", words[1], "1", "1"]
    elif words[0] == "edit":
        words = ["edit", words[1], "a", "out", words[2], "1", "1"]
    if isinstance(expected, str):
        assert expected in sk.fails(*words, code=1)
    else:
        sk(*words)


@pytest.mark.parametrize("steps", list(SEQUENCES.values()), ids=list(SEQUENCES))
def test_redo_acts_on_the_round_it_was_about(sk, steps):
    sk("new", *PLAYERS)
    rounds: list[int] = []
    for typed, expected in steps:
        _run(sk, typed, expected)
        if not isinstance(expected, str):
            rounds = expected
        assert tags(sk.path) == rounds, typed
        assert sk.json() == fresh_table(sk, rounds), typed


def edited_then_deleted(sk) -> None:
    """Rounds 1, 2, 3; round 2 edited (to 9), then round 1 deleted: the edited round is round 1 now."""
    sk("new", *PLAYERS)
    for tag in (1, 2, 3):
        sk("round", "a", "out", str(tag), "1", "1")
    sk("edit", "2", "a", "out", "9", "1", "1")
    sk("delete", "1")


def test_the_message_names_the_round_where_it_is_now(sk):
    edited_then_deleted(sk)
    said = sk("redo", "1").stdout.splitlines()[0]
    assert said.startswith("Put back round 1 as it was before the edit (A went out; round 2 when it was edited)")


def test_a_claim_goes_back_only_to_the_hand_it_was_made_in(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    sk("round", "--out", "Bob", "--total", "Ann=10")
    sk("score", "Ann", "10")
    sk("undo")  # the claim, made in hand 3
    sk("round", "--out", "Ann", "--total", "Bob=5")  # hand 3 closed without it
    sk("delete", "1")  # the match has 2 rounds again: hand 3 is in progress by its number, not the same hand
    assert "a round has closed since" in sk.fails("redo", "1", code=1)
    assert load_match(sk.path).pending == ()


def test_a_history_written_before_places_were_kept_is_placed_from_its_numbers(sk):
    edited_then_deleted(sk)
    text = sk.path.read_text()
    sk.path.write_text(text.replace("place = 2, ", "").replace("place = 1, ", ""))
    assert all(entry.place is None for entry in load_match(sk.path).history)
    sk("redo", "1")
    assert tags(sk.path) == [2, 3]


def test_an_old_historys_places_are_written_by_the_next_change_and_stay(sk):
    """Worked out from an old history, a place depends on what is put back later; the first change made after
    writes them, so a redo of one old entry cannot move another, nor the new entry counted with it."""
    sk("new", *PLAYERS)
    for tag in range(1, 8):
        sk("round", "a", "out", str(tag), "1", "1")
    sk("delete", "2")
    sk("delete", "3")  # round 4
    sk.path.write_text(re.sub(r" place = \d+,", "", sk.path.read_text()))
    assert all(entry.place is None for entry in load_match(sk.path).history)
    sk("delete", "3")  # round 5
    assert [entry.place for entry in load_match(sk.path).history] == [2, 4, 5]
    for change, after in (("1", [1, 2, 3, 6, 7]), ("3", [1, 2, 3, 5, 6, 7]), ("2", [1, 2, 3, 4, 5, 6, 7])):
        sk("redo", change)
        assert tags(sk.path) == after, change


def test_an_old_history_whose_places_cannot_be_told_is_refused(sk):
    sk("new", *PLAYERS)
    for tag in (1, 2, 3):
        sk("round", "a", "out", str(tag), "1", "1")
    old = sk.path.read_text() + (
        "history = [\n"  # round 1 deleted and put back, round 2 edited: before or after the put-back?
        '    { change = "delete", round = 1, redone = true, facts = { end = "out", out = "A", '
        "hands = { B = 1, C = 1, D = 1 } } },\n"
        '    { change = "edit", round = 2, facts = { end = "out", out = "A", hands = { B = 5, C = 1, D = 1 } } },\n'
        "]\n")
    sk.path.write_text(old)
    assert "was kept by an older scorekeeper" in sk.fails("redo", code=1)


# The property: any sequence of round, undo, delete, edit and redo (each refused or not) never loses a round's
# facts, keeps the rounds in the order they were first recorded, and a redo changes only the round it was about.

STEP = st.one_of(
    st.just(("round",)),
    st.just(("undo",)),
    st.tuples(st.just("delete"), st.integers(1, 4)),
    st.tuples(st.just("edit"), st.integers(1, 4)),
    st.tuples(st.just("redo"), st.none() | st.integers(1, 4)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEP, min_size=1, max_size=14))
@example(steps=[("round",), ("round",), ("round",), ("edit", 2), ("delete", 1), ("redo", 1)])  # the tester's
@example(steps=[("round",), ("round",), ("undo",), ("edit", 1), ("redo", None), ("redo", 2)])  # put back again
@example(steps=[("round",), ("round",), ("round",), ("round",), ("delete", 2), ("delete", 1), ("redo", 1)])
def test_no_sequence_loses_a_round_or_its_order(steps):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.toml"
        usecases.new(path, players=PLAYERS)
        lineage: dict[int, int] = {}  # a tag -> the tag the round was first recorded with
        tag = 0

        def facts(t: int) -> usecases.RoundFacts:
            return usecases.RoundFacts(out="A", totals=(("B", t), ("C", 1), ("D", 1)))

        for step in steps:
            before = load_match(path)
            tag += 1
            try:
                if step[0] == "round":
                    usecases.record(path, facts(tag), confirmed=True)
                    lineage[tag] = tag
                elif step[0] == "undo":
                    usecases.undo(path)
                elif step[0] == "delete":
                    usecases.delete(path, step[1])
                elif step[0] == "edit":
                    usecases.edit(path, step[1], facts(tag), confirmed=True)
                    lineage[tag] = lineage[before.rounds[step[1] - 1].hands["B"].total]
                else:
                    usecases.redo(path, step[1])
            except (InputError, StateError):
                assert load_match(path) == before, f"a refused {step} changed the match"
                continue
            match = load_match(path)
            present = [rnd.hands["B"].total for rnd in match.rounds]
            kept = {entry.round.hands["B"].total for entry in match.history if entry.round is not None}
            kept |= {entry.edited.hands["B"].total for entry in match.history if getattr(entry, "edited", None)}
            assert set(lineage) <= set(present) | kept, f"a round was lost after {step}"
            order = [lineage[t] for t in present]
            assert order == sorted(set(order)), f"the rounds are out of order after {step}: {present}"
            if step[0] == "redo":
                changed = match.history[(step[1] or 0) - 1] if step[1] else next(
                    entry for old, entry in zip(before.history, match.history) if entry.redone and not old.redone)
                was = [rnd.hands["B"].total for rnd in before.rounds]
                back = changed.round.hands["B"].total
                asked = before.history[step[1] - 1] if step[1] else None
                if asked is not None and asked.redone:  # an edit put back, asked for again: what it wrote
                    back = asked.edited.hands["B"].total
                if changed.change is Undoing.EDIT:  # one round changed: the edited one, to the other facts
                    assert [lineage[t] for t in was] == order
                    moved = [(old, new) for old, new in zip(was, present) if old != new]
                    assert len(moved) == 1 and moved[0][1] == back and lineage[moved[0][0]] == lineage[back]
                else:  # the round came back, nothing else changed
                    assert sorted(was + [back]) == sorted(present) and back not in was
