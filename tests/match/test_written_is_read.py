"""Issue 34: a file scorekeeper wrote is never one it refuses.  For random matches and random sequences of every
command that changes a match file (a round typed as a line, a hand typed play by play with its breaches let
stand or not, edit, delete, undo, redo, import, again), every command that succeeds leaves a file that ``table``
reads (``open_match``, every fact checked), and every command refused leaves the file as it was.

The hands are careless (``tests/careless.py``): out of turn, knocks and draws while able, first leads the rules
do not give; rounds move under them (``delete 1`` makes a played round the first, rules.md §10.9)."""

from __future__ import annotations

import os
import random
import shutil
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from careless import careless_hand
from scorekeeper.errors import ScorekeeperError
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_plays
from scorekeeper.rules.loader import load_ruleset

SETUPS = [("goat", ("Ann", "Bob", "Cat", "Dan")), ("goat", ("Ann", "Bob", "Cat")),
          ("goat-pairs", ("Ann", "Bob", "Cat", "Dan")), ("jamaican-partnership", ("Ann", "Bob", "Cat", "Dan")),
          ("sea-goat", ("Ann", "Bob", "Cat")), ("muggins", ("Ann", "Bob")), ("draw", ("Ann", "Bob", "Cat"))]
COMMANDS = ("round", "round", "plays", "plays", "plays", "plays", "edit", "edit plays", "delete", "delete 1", "delete 1",
            "undo", "redo", "redo", "import", "again")
"""Each command a match file changes by, those that add rounds more often (a delete needs rounds to take)."""

EXAMPLES = 30
"""Matches a CI run tries, each with up to 14 commands; ``REFEREE_LONG=N`` runs N (the report's longer run)."""


def _round_line(rng: random.Random, players) -> str:
    if rng.random() < 0.3:
        return "fish, " + ", ".join(f'"{player}" {rng.randrange(1, 40)}' for player in players)
    out = rng.choice(players)
    return f'"{out}" out, ' + ", ".join(f'"{player}" {rng.randrange(0, 40)}' for player in players if player != out)


def _plays_line(rng: random.Random, name: str, players) -> str:
    hand = careless_hand(load_ruleset(name), players, rng)
    out = hand.board.out.player if hand.board.out else None
    held = ", ".join(f'"{player}" {" ".join(map(str, tiles))}' for player, tiles in hand.held.items()
                     if player != out and tiles)
    return f"plays {format_plays(hand.plays)}; {held}"


def _command(command: str, path: str, rng: random.Random, name: str, players, folder: str):
    rounds = len(usecases.open_match(path).match.rounds)
    allow = rng.random() < 0.7
    if command == "round":
        return usecases.record(path, _round_line(rng, players), confirmed=True)
    if command == "plays":
        return usecases.record(path, _plays_line(rng, name, players), confirmed=True, allow=allow)
    if command in ("edit", "edit plays"):
        number = rng.randrange(1, rounds + 1) if rounds and rng.random() < 0.9 else rounds + 1
        line = _round_line(rng, players) if command == "edit" else _plays_line(rng, name, players)
        return usecases.edit(path, number, line, confirmed=True, allow=allow)
    if command in ("delete", "delete 1"):
        return usecases.delete(path, 1 if command == "delete 1" else rng.randrange(1, rounds + 2))
    if command == "again":
        return usecases.rematch(path, force=rng.random() < 0.1)
    if command == "undo":
        return usecases.undo(path)
    if command == "redo":
        return usecases.redo(path)
    if command == "import":
        export = os.path.join(folder, "export.toml")
        shutil.copyfile(path, export)
        return usecases.import_match(path, export, force=True)
    raise AssertionError(command)


@settings(max_examples=int(os.environ.get("REFEREE_LONG", EXAMPLES)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1),
       commands=st.lists(st.sampled_from(COMMANDS), min_size=1, max_size=14))
def test_every_file_a_command_writes_is_one_table_reads(setup, seed, commands):
    name, players = setup
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.toml")
        usecases.new(path, name, players)
        for command in commands:
            before = open(path, "rb").read()
            try:
                _command(command, path, rng, name, players, folder)
            except ScorekeeperError:
                assert open(path, "rb").read() == before, f"{command} was refused and changed the file"
                continue
            usecases.open_match(path)  # what table reads: raises on a file it refuses
