"""The match's lock is held for the write alone (issue 34, item 6): a command reads, checks and replays the
match without it, so that a long match never makes another writer wait (a 2 MB file held it for 31 s, and
the others gave up after 3); under the lock it checks that the file is still the version it read, and when
another command changed it meanwhile, it reads it again and makes its change on what is there now."""

from __future__ import annotations

import pytest

from scorekeeper.errors import StateError
from scorekeeper.match import opened as opening, usecases
from scorekeeper.match.opened import open_match
from scorekeeper.match.usecases import RoundFacts
from scorekeeper.storage.stamp import MatchChanged

PLAYERS = ("Masha", "Alex", "Olya", "Serg")


def _round(out: str, total: int) -> RoundFacts:
    return RoundFacts(out=out, totals=tuple((player, total) for player in PLAYERS if player != out))


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "match.toml"
    usecases.new(path, "goat", PLAYERS)
    for number in range(3):
        usecases.record(path, _round(PLAYERS[number], number + 1))
    return path


class Interloper:
    """Another command that writes (``round``, out Serg) while the command under test replays the match it
    read, ``times`` times; with a wait of 0 it would give up at once if the lock were held meanwhile."""

    def __init__(self, path, monkeypatch, times: int = 1) -> None:
        self.path, self.times, self.written, self.reads = path, times, 0, 0
        self.real = opening.replay
        self.inside = False
        monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "0")
        monkeypatch.setattr(opening, "replay", self.replay)

    def replay(self, ruleset, match, *args, **kwargs):
        if not self.inside:
            self.reads += 1
            if self.written < self.times:
                self.inside = True
                try:
                    usecases.record(self.path, _round("Serg", 1))
                finally:
                    self.inside = False
                self.written += 1
        return self.real(ruleset, match, *args, **kwargs)


def _outs(path) -> list[str]:
    return [rnd.out for rnd in open_match(path).match.rounds]


CHANGES = {
    "round": (lambda path: usecases.record(path, _round("Alex", 9)), ["Masha", "Alex", "Olya", "Serg", "Alex"]),
    "edit": (lambda path: usecases.edit(path, 1, _round("Olya", 9)), ["Olya", "Alex", "Olya", "Serg"]),
    "delete": (lambda path: usecases.delete(path, 1), ["Alex", "Olya", "Serg"]),
    "undo": (lambda path: usecases.undo(path), ["Masha", "Alex", "Olya"]),  # the round that is last now
}


@pytest.mark.parametrize("name", CHANGES)
def test_another_writer_gets_in_while_a_command_replays_and_neither_change_is_lost(path, monkeypatch, name):
    change, expected = CHANGES[name]
    interloper = Interloper(path, monkeypatch)
    change(path)
    assert (interloper.written, interloper.reads) == (1, 2)  # it read the file again after the other's write
    assert _outs(path) == expected


def test_redo_puts_back_a_deleted_round_into_the_match_as_it_is_now(path, monkeypatch):
    usecases.delete(path, 1)
    Interloper(path, monkeypatch)
    usecases.redo(path)
    assert _outs(path) == ["Masha", "Alex", "Olya", "Serg"]


def test_a_rematch_keeps_the_match_as_it_is_now(path, monkeypatch):
    Interloper(path, monkeypatch)
    change = usecases.rematch(path, force=True)
    assert _outs(path) == [] and [rnd.out for rnd in open_match(change.kept).match.rounds] == \
        ["Masha", "Alex", "Olya", "Serg"]


def test_a_command_gives_up_when_others_keep_changing_the_file(path, monkeypatch):
    interloper = Interloper(path, monkeypatch, times=usecases.READS)
    with pytest.raises(StateError, match=rf"other commands kept changing .* \({usecases.READS} times\): nothing "
                                         "was written; try again"):
        usecases.record(path, _round("Alex", 9))
    assert interloper.reads == usecases.READS
    assert _outs(path) == ["Masha", "Alex", "Olya"] + ["Serg"] * usecases.READS


def test_a_state_a_session_holds_is_still_refused_when_the_file_changed(path, monkeypatch):
    held = open_match(path)
    usecases.record(path, _round("Serg", 4))  # another command
    before = path.read_bytes()
    with pytest.raises(MatchChanged):
        usecases.record(held, _round("Alex", 9))
    assert path.read_bytes() == before
