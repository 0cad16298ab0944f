"""Nothing ever deletes the facts of a match: new --force keeps the old match aside, undo/delete/edit keep
what they take out in the match file's history and redo puts it back, undo gives a hand's claims back, and
comments a person wrote survive every write."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.domain.facts import Claim, Undoing
from scorekeeper.storage.matchfile import dump_match, load_match, parse_match

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
ROUNDS = [
    ["--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"],
    ["--out", "Alex", "--total", "Masha=20", "--total", "Olya=1", "--total", "Serg=9"],
    ["--fish", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"],
]


def _played(sk):
    sk("new", *PLAYERS)
    for facts in ROUNDS:
        sk("round", *facts)
    return sk.path.read_bytes()


def _facts(sk):
    return load_match(sk.path).facts()


def test_new_force_keeps_the_old_match_aside_and_says_where(sk):
    before = _played(sk)
    result = sk("new", "--force", "Ann", "Bob")
    kept = re.search(r"kept as (\S+\.toml)\.", result.stdout).group(1)
    assert kept.startswith(str(sk.folder / "match.")) and kept != str(sk.path)
    with open(kept, "rb") as handle:
        assert handle.read() == before
    assert load_match(sk.path).players == ("Ann", "Bob")
    again = sk("new", "--force", "Cid", "Dan")  # the same minute: another name, nothing overwritten
    second = re.search(r"kept as (\S+\.toml)\.", again.stdout).group(1)
    assert second != kept and load_match(second).players == ("Ann", "Bob")
    assert len(list(sk.folder.glob("match.*.toml"))) == 2


def test_new_without_force_refuses_and_keeps_nothing_extra(sk):
    _played(sk)
    sk.fails("new", "Ann", "Bob", code=1)
    assert sorted(p.name for p in sk.folder.iterdir()) == ["match.toml"]


def test_redo_after_undo_puts_the_round_back_in_a_later_command(sk):
    _played(sk)
    before = _facts(sk)
    table = sk.json()
    assert "Dropped round 3 (fish)" in sk("undo").stdout
    assert len(load_match(sk.path).rounds) == 2
    assert "Put back round 3 (fish)" in sk("redo").stdout
    assert _facts(sk) == before
    assert sk.json() == table
    assert "nothing to redo" in sk.fails("redo", code=1)


def test_redo_after_delete_puts_the_round_back_in_its_place(sk):
    _played(sk)
    before = _facts(sk)
    table = sk.json()
    sk("delete", "2")
    assert [r.out for r in load_match(sk.path).rounds] == ["Masha", None]
    sk("redo")
    assert _facts(sk) == before and sk.json() == table


def test_redo_takes_back_an_edit_once_and_keeps_the_edited_facts(sk):
    _played(sk)
    before = _facts(sk)
    sk("edit", "1", "--out", "Olya", "--total", "Masha=4", "--total", "Alex=3", "--total", "Serg=5")
    edited = _facts(sk)
    assert edited != before
    sk("redo")
    assert _facts(sk) == before
    refused = sk.fails("redo", code=1)  # no flipping back and forth: the newest is put back once
    assert "nothing to redo" in refused and "'redo 1' puts back what edit 1 wrote" in refused
    (entry,) = load_match(sk.path).history  # the put-back recorded no new change, and lost nothing
    assert entry.redone and entry.edited.facts() == edited.rounds[0]
    sk("redo", "1")  # asked for by its number: the put-back taken back, the edit's facts again
    assert _facts(sk) == edited
    (entry,) = load_match(sk.path).history
    assert not entry.redone and entry.edited is None
    sk("redo")
    assert _facts(sk) == before


def test_undo_list_numbers_every_change_and_redo_n_takes_back_any(sk):
    _played(sk)
    sk("delete", "1")
    sk("undo")
    listed = sk("undo", "--list").stdout
    assert re.search(r"^\s+2\s.*undo of round 2 \(fish\)", listed, re.M)
    assert re.search(r"^\s+1\s.*delete of round 1 \(Masha went out\)", listed, re.M)
    data = json.loads(sk("undo", "--list", "--format", "json").stdout)
    assert [(c["number"], c["change"], c["round"], c["redone"]) for c in data["changes"]] == [
        (2, "undo", 2, False), (1, "delete", 1, False)]
    sk("redo", "1")  # the delete, though the undo came later
    assert [r.out for r in load_match(sk.path).rounds] == ["Masha", "Alex"]
    assert "already put back" in sk.fails("redo", "1", code=1)
    assert "there is no change 7" in sk.fails("redo", "7", code=2)
    assert "(put back)" in sk("undo", "--list").stdout


def test_redo_of_an_undo_is_refused_once_the_round_was_recorded_again(sk):
    _played(sk)
    sk("undo")
    sk("round", *ROUNDS[0])
    assert "round 3 was recorded again after the undo" in sk.fails("redo", code=1)


def test_undo_gives_a_rounds_claims_back_to_the_hand_in_progress(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    for player, points in [("Ann", 10), ("Bob", 5), ("Ann", 15), ("Bob", 10)]:
        sk("score", player, str(points))
    sk("round", "--out", "Ann", "--total", "Bob=12")
    claims = load_match(sk.path).rounds[0].claims
    assert len(claims) == 4
    sk("score", "Bob", "5")  # the next hand
    assert "the claim of 5 by Bob" in sk("undo").stdout
    dropped = sk("undo").stdout
    assert "Dropped round 1 (Ann went out; its 4 claims go back to the hand)" in dropped
    match = load_match(sk.path)
    assert match.rounds == () and match.pending == claims
    assert {side["name"]: side["score"] for side in sk.json()["sides"]} == {"Ann": 25, "Bob": 15}
    sk("redo")  # the round again, with its claims closed into it
    match = load_match(sk.path)
    assert match.rounds[0].claims == claims and match.pending == ()
    sk("redo")
    assert load_match(sk.path).pending == (Claim("Bob", 5),)


def test_the_history_is_readable_toml_and_old_files_still_load(sk):
    _played(sk)
    old_style = sk.path.read_text()
    assert "history" not in old_style and load_match(sk.path).history == ()
    sk("delete", "2")
    text = sk.path.read_text()
    assert re.search(r'^    \{ change = "delete", round = 2, place = 2, facts = \{ end = "out", '
                     r'out = "Alex", hands = \{ Masha = 20, Olya = 1, Serg = 9 \} \} \},$', text, re.M), text
    match = load_match(sk.path)
    assert [entry.change for entry in match.history] == [Undoing.DELETE]
    again = parse_match(dump_match(match))
    assert again.facts() == match.facts() and again.changes() == match.changes()


def test_a_broken_history_entry_names_its_line(sk):
    _played(sk)
    sk("undo")
    text = sk.path.read_text().replace('change = "undo"', 'change = "oops"')
    sk.path.write_text(text)
    line = next(number for number, row in enumerate(text.split("\n"), start=1) if '"oops"' in row)
    assert f"match.toml:{line}: history: history entry 1: 'change' must be one of" in sk.fails("table", code=1)


def test_comments_a_person_wrote_survive_every_write(sk):
    _played(sk)
    lines = sk.path.read_text().split("\n")
    first = next(i for i, row in enumerate(lines) if row.startswith("    {"))
    lines.insert(first + 1, "    # Alex disputed this one")
    lines[first + 2] += "  # checked by Dan"
    lines.insert(next(i for i, row in enumerate(lines) if row.startswith("players")), "# club night, table 2")
    lines.append("# end of the evening")
    sk.path.write_text("\n".join(lines))
    sk("round", *ROUNDS[0])
    sk("edit", "2", "--out", "Olya", "--total", "Masha=4", "--total", "Alex=3", "--total", "Serg=5")
    sk("undo")
    sk("delete", "1")
    text = sk.path.read_text()
    for comment in ("# Alex disputed this one", "# checked by Dan", "# club night, table 2",
                    "# end of the evening"):
        assert text.count(comment) == 1, (comment, text)
    rows = text.split("\n")
    disputed = rows.index("    # Alex disputed this one")
    assert rows[disputed + 1].startswith('    { end = "out", out = "Olya"') and "# checked by Dan" in rows[disputed + 1]
    assert rows[rows.index("# club night, table 2") + 1].startswith("players = ")
    assert len(load_match(sk.path).rounds) == 2


def _commented(sk) -> bytes:
    """A played match with a comment above a round, one after a round, and one at the end of the file."""
    _played(sk)
    lines = sk.path.read_text().split("\n")
    first = next(i for i, row in enumerate(lines) if row.startswith("    {"))
    lines.insert(first, "    # Alex disputed this one")
    lines[first + 1] += "  # checked by Dan"
    lines.append("# end of the evening")
    sk.path.write_text("\n".join(lines))
    return sk.path.read_bytes()


@pytest.mark.parametrize("replace", [("new", "--force", "Ann", "Bob"), ("new", "--again", "--force"),
                                     ("import", "--force", "other.toml")])
def test_a_match_that_replaces_another_takes_none_of_its_comments(sk, replace):
    """The comments belong to the match they were written in, which is kept aside whole: the new match in its
    place starts without them (they used to be carried into it, above lines they were never about)."""
    other = sk.folder / "other.toml"
    sk("--match", str(other), "new", "Cid", "Dan")
    before = _commented(sk)
    result = sk(*[str(other) if word == "other.toml" else word for word in replace])
    kept = re.search(r"kept as (\S+\.toml)\.", result.stdout).group(1)
    with open(kept, "rb") as handle:
        assert handle.read() == before
    assert "#" not in sk.path.read_text().replace(dump_match(load_match(sk.path)), "")
    assert "disputed" not in sk.path.read_text() and "evening" not in sk.path.read_text()


@pytest.mark.parametrize("line, code, comment", [
    ('players = ["A#1", "B"]  # two', 'players = ["A#1", "B"]', "# two"),
    ("x = 'it''s # not'  # yes", "x = 'it''s # not'", "# yes"),
    ('x = "a \\" # b"', 'x = "a \\" # b"', ""),
])
def test_a_comment_is_a_hash_outside_strings(line, code, comment):
    from scorekeeper.storage.comments import split_comment

    assert split_comment(line) == (code, comment)


def test_rounds_undone_one_after_another_come_back_in_order(sk):
    _played(sk)
    before = _facts(sk)
    sk("undo")
    sk("undo")
    assert ("round 3 (fish) cannot be put back yet: round 2 was undone after it; put back the rounds before it "
            "first (change 2)") in sk.fails("redo", "1", code=1)
    sk("redo")
    sk("redo")
    assert _facts(sk) == before


def test_import_force_keeps_the_match_it_replaces_as_new_force_does(sk, tmp_path):
    """Issue 25, item 1: every command that replaces a match keeps the old one beside it (one helper)."""
    from scorekeeper.match import usecases

    before = _played(sk)
    other = tmp_path / "elsewhere" / "other.toml"
    other.parent.mkdir()
    usecases.new(other, players=("Cid", "Dan"))
    change = usecases.import_match(sk.path, other, force=True)
    assert change.kept and change.kept.startswith(str(sk.folder / "match.")) and change.kept.endswith(".toml")
    with open(change.kept, "rb") as handle:
        assert handle.read() == before
    assert load_match(sk.path).players == ("Cid", "Dan")
    again = usecases.new(sk.path, players=("Eve", "Fay"), force=True)  # the same minute: another name
    assert again.kept not in (None, change.kept) and load_match(again.kept).players == ("Cid", "Dan")
    assert len(list(sk.folder.glob("match.*.toml"))) == 2


def test_a_command_that_replaces_a_match_refuses_what_is_not_a_file(sk):
    from scorekeeper.errors import StateError
    from scorekeeper.match import usecases

    import os

    os.mkfifo(sk.path)
    with pytest.raises(StateError, match="it is not a regular file; nothing was written"):
        usecases.new(sk.path, players=("Ann", "Bob"), force=True)
    assert sorted(p.name for p in sk.folder.iterdir()) == ["match.toml"] and not sk.path.is_file()
