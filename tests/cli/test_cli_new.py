"""``new``: what was typed checked first; ``--again``: the next match with the same players, sides and ruleset, once
the match is over."""

from __future__ import annotations

import pytest

from scorekeeper.storage.matchfile import load_match

PAIRS = ("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg", "--name", "Reds",
         "--name", "Blues")


def finished_pairs(sk) -> bytes:
    sk(*PAIRS)
    sk("round", "Masha out, Alex 30, Serg 30")
    sk("round", "Masha out, Alex 30, Serg 30")
    assert sk.json()["over"]
    return sk.path.read_bytes()


def test_again_starts_the_next_match_with_the_same_sides_and_keeps_the_finished_one(sk):
    finished = finished_pairs(sk)
    said = sk("new", "--again").stdout.splitlines()
    kept = sorted(sk.folder.glob("match.*.toml"))
    assert len(kept) == 1 and kept[0].read_bytes() == finished
    assert said == [f"New Pairs Goat match in {sk.path}: Reds, Blues.",
                    f"The finished match is kept as {kept[0]}.",
                    "The holder of 1-1 leads the first round (else 2-2 ... 6-6, then 0-0; with no double out, the "
                    "heaviest tile)."]
    old, new = load_match(str(kept[0])), load_match(str(sk.path))
    assert (new.ruleset, new.players, new.sides) == (old.ruleset, old.players, old.sides)
    assert len(old.rounds) == 2 and new.rounds == () and new.history == ()
    assert not sk.json()["over"]


def test_again_keeps_a_ruleset_file_named_from_the_match(sk):
    (sk.folder / "house.toml").write_text('extends = "goat"\n[end]\ntarget = 20\n')
    sk("new", "--rules", str(sk.folder / "house.toml"), "Ann", "Bob")
    sk("round", "Ann out, Bob 25")
    sk("new", "--again")
    assert load_match(str(sk.path)).ruleset == "house.toml"
    assert sk("table").stdout.count("house") >= 1


def test_again_is_refused_without_a_match(sk):
    refused = sk.fails("new", "--again", code=1)
    assert refused == f"Error: there is no match in {sk.path} to play again: start one with " \
                      "'scorekeeper new PLAYERS'"


def test_again_is_refused_before_the_match_is_over_and_force_means_it(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "Ann out, Bob 20")
    refused = sk.fails("new", "--again", code=1)
    assert refused == f"Error: the match in {sk.path} is not over (1 round so far): --force starts the next " \
                      "one anyway, this one kept aside"
    assert list(sk.folder.glob("match.*.toml")) == []
    said = sk("new", "--again", "--force").stdout
    assert "The match that was there is kept as" in said
    assert load_match(str(sk.path)).rounds == ()
    assert len(load_match(str(next(sk.folder.glob("match.*.toml")))).rounds) == 1


def test_again_takes_no_players_nor_ruleset(sk):
    finished_pairs(sk)
    for extra in (["Ann", "Bob"], ["--rules", "goat"], ["--team", "A,B", "--team", "C,D"]):
        refused = sk.fails("new", "--again", *extra, code=2)
        assert "--again keeps the match's players, sides and ruleset" in refused


def test_a_name_too_long_for_the_table_is_refused_in_one_line(sk):
    """A 100,000-character name was seated: every table and standings line then carried it."""
    message = sk.fails("new", "--rules", "goat", "Ann", "B" * 100_000, code=2)
    assert "cannot be a player's name: a name at the table has at most 30 characters" in message
    assert len(message) < 200 and not sk.path.exists()
    message = sk.fails("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg",
                       "--name", "N" * 31, code=2)
    assert "cannot be a team's name: a name at the table has at most 30 characters" in message
    sk("new", "--rules", "goat", "Ann", "B" * 30)
    assert load_match(str(sk.path)).players == ("Ann", "B" * 30)


@pytest.mark.parametrize("typed, says", [
    (["--rules", "nosuch", "Ann", "Bob"], "unknown ruleset 'nosuch'"),
    (["--team", "Ann,Bob", "Cid"], "not both"),
    (["Ann", "Ann"], "Ann"),
])
def test_what_was_typed_is_checked_before_the_match_already_there(sk, typed, says):
    """A typo in 'new' over an existing match is said first (exit 2): 'already holds a match' (exit 1) would
    send the scorer to --force, only to meet the typo after."""
    sk("new", "Masha", "Alex")
    for command in ("new", "play"):
        said = sk.fails(command, *typed, code=2)
        assert says in said and "already holds a match" not in said, (command, said)
