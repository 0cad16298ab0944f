"""Issue 34, finding 2, and the hand in play of issue 32: the plays kept in the undo history and the hand in play
are part of the match file, checked when it is read.  Changed by hand into facts that cannot be scored (an
unknown player, a tile twice, a tile out of the set, a broken play line), they refuse the file in every command
that reads it, the session included, with one line naming the file and the line, exit 1, the file untouched;
a changed seal only has the entry checked in full.  ``benchmarks/fuzz_input.py --kinds history`` does the same
at random."""

from __future__ import annotations

import re

import pytest

from scorekeeper.live.session import LiveSession, Screen

PLAYS = ("Ann 2-6, Bob 1-2, Cid 3-6, Dan 1-4, Ann 0-3, Bob 4-4, Cid 0-2, Dan 4-6, Ann 5-6, Bob 2-5 on 5, Cid 2-4 on "
         "0-2, Dan 2-3, Ann knocks, Bob 0-4, Cid 0-5, Dan 3-3, Ann knocks, Bob 3-4, Cid 3-5, Dan 1-3, Ann 1-6, "
         "Bob 6-6, Cid 4-5, Dan 1-5, Ann 0-6, Bob 0-1 on 0")
"""Issue 34's played Goat round, kept in the history by an undo."""

IN_PLAY = ("Ann 1-1", "Bob 1-2", "Cid 2-3")
"""The hand in play a session leaves in the file."""

READERS = [["table"], ["undo"], ["undo", "--list"], ["redo"], ["delete", "1"],
           ["edit", "1", "Ann out, Bob 1, Cid 2, Dan 3"], ["round", "Ann out, Bob 1, Cid 2, Dan 3"],
           ["export", "--format", "json"], ["explain", "1"], ["check", "play", "Ann 6-6"], ["play"]]
"""Commands that read the match file (``play`` with nothing typed)."""

CHANGES = [
    ("history", "Ann 2-6, Bob 1-2", "Zed 2-6, Bob 1-2",
     "history: history entry 1: play 1: unknown player 'Zed' (players: Ann, Bob, Cid, Dan)"),
    ("history", "Bob 1-2, Cid 3-6", "Bob 2-6, Cid 3-6",
     "history: history entry 1: play 2 (Bob 2-6): 2-6 is already on the table: Ann laid it at play 1"),
    ("history", "Bob 1-2, Cid 3-6", "Bob 1-9, Cid 3-6",
     "history: history entry 1: play 2 (Bob 1-9): tile 1-9 is not in a double-six set"),
    ("history", "Bob 1-2, Cid 3-6", "Bob 1=2, Cid 3-6",
     "history: history entry 1: '=2' is not understood in a play (at character 15)"),
    ("hand", "Ann 1-1, Bob", "Zed 1-1, Bob",
     "the hand in play: unknown player 'Zed' (the players are Ann, Bob, Cid, Dan)"),
    ("hand", "Cid 2-3", "Cid 1-1",
     "the hand in play: play 3 (Cid 1-1): 1-1 is already on the table: Ann laid it at play 1"),
    ("hand", "Cid 2-3", "Cid 2-7", "the hand in play: play 3 (Cid 2-7): tile 2-7 is not in a double-six set"),
    ("hand", "Cid 2-3", "Cid 2-", "the hand in play: play 3: "),
]


@pytest.fixture
def played(sk):
    """A Goat match with a played round in its undo history and a hand in play: the file as scorekeeper wrote it."""
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan")
    sk("round", "Ann out, Bob 27, Cid 9, Dan 7")
    sk("round", "--plays", PLAYS, "--hand", "Ann=2-2,0-0", "--hand", "Cid=1-1", "--hand", "Dan=5-5")
    sk("undo")
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(None, None))
    for line in IN_PLAY:
        assert live.handle(line).ok, line
    return sk


def _line_of(text: str, words: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), start=1) if words in line)


@pytest.mark.parametrize("where, old, new, said", CHANGES, ids=[f"{where}: {new}" for where, _, new, _ in CHANGES])
def test_plays_changed_into_facts_that_cannot_be_scored_refuse_the_file_at_their_line(played, where, old, new, said):
    text = played.path.read_text(encoding="utf-8")
    line = _line_of(text, "hand = " if where == "hand" else "change = ")
    played.path.write_text(text.replace(old, new, 1), encoding="utf-8")
    for command in READERS:
        refused = played.fails(*command, code=1)
        assert refused.startswith(f"Error: {played.path}:{line}: {said}"), (command, refused)


def test_a_changed_seal_has_the_entry_checked_in_full_and_the_file_read_as_before(played):
    text = played.path.read_text(encoding="utf-8")
    entry = text.split("\n")[_line_of(text, "change = ") - 1]
    seal = re.search(r"checked = '([0-9a-f]{8})'", entry).group(1)
    other = f"{int(seal, 16) ^ 0x5a5a:08x}"
    changed = text.replace(entry, entry.replace(seal, other))
    table = played("table").stdout
    played("redo")
    redone = played.path.read_text(encoding="utf-8")
    played.path.write_text(changed, encoding="utf-8")
    assert played("table").stdout == table
    assert played("undo", "--list").stdout.count("(put back)") == 0
    played("redo")
    assert played.path.read_text(encoding="utf-8") == redone  # the round put back sealed again, as it was
