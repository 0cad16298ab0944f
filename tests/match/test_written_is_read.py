"""Issue 34: a file scorekeeper wrote is never one it refuses.  For random matches and random sequences of every
command that changes a match file (a round typed as a line, a hand typed play by play with its breaches let
stand or not, edit, delete, undo, redo, import, again, a claim, and the hand in play: plays typed in the
``play`` session one by one, breaches let stand with ``allow`` or not, then ``quit`` with the hand kept in the
file, which a later session goes on with or drops), every command that succeeds leaves a file that ``table``
reads (``open_match``, every fact checked), and every command refused (a session's line refused) leaves the
file as it was.

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
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_play, format_plays
from scorekeeper.reports.export import export_match
from scorekeeper.rules.loader import load_ruleset

SETUPS = [("goat", ("Ann", "Bob", "Cat", "Dan")), ("goat", ("Ann", "Bob", "Cat")),
          ("goat-pairs", ("Ann", "Bob", "Cat", "Dan")), ("jamaican-partnership", ("Ann", "Bob", "Cat", "Dan")),
          ("sea-goat", ("Ann", "Bob", "Cat")), ("muggins", ("Ann", "Bob")), ("draw", ("Ann", "Bob", "Cat")),
          ("all-fives", ("Ann", "Bob", "Cat")), ("muggins", ("Ann", "Bob", "Cat", "Dan")), ("block", ("Ann", "Bob")),
          ("fives-and-threes", ("Ann", "Bob")), ("all-threes", ("Ann", "Bob", "Cat")), ("english", ("Ann", "Bob")),
          ("phone", ("Ann", "Bob", "Cat")), ("puerto-rican", ("Ann", "Bob", "Cat", "Dan")),
          ("sea-goat-pairs", ("Ann", "Bob", "Cat", "Dan")), ("draw-jamaican", ("Ann", "Bob", "Cat", "Dan")),
          ("block-partnership", ("Ann", "Bob", "Cat", "Dan")), ("muggins-each-hand", ("Ann", "Bob", "Cat")),
          ("goat-pairs-000", ("Ann", "Bob", "Cat", "Dan")), ("draw-tiles-left", ("Ann", "Bob")),
          ("all-fives-pagat", ("Ann", "Bob")), ("block-003", ("Ann", "Bob", "Cat"))]
COMMANDS = ("round", "round", "plays", "plays", "plays", "plays", "edit", "edit plays", "delete", "delete 1", "delete 1",
            "undo", "redo", "redo", "import", "again", "score", "session", "session", "session")
"""Each command a match file changes by, those that add rounds more often (a delete needs rounds to take)."""

EXAMPLES = 30
"""Matches a CI run tries, each with up to 14 commands; ``REFEREE_LONG=N`` runs N (the report's longer run)."""


def _round_line(rng: random.Random, players) -> str:
    if rng.random() < 0.3:
        return "fish, " + ", ".join(f'"{player}" {rng.randrange(1, 40)}' for player in players)
    out = rng.choice(players)
    return f'"{out}" out, ' + ", ".join(f'"{player}" {rng.randrange(0, 40)}' for player in players if player != out)


def _held(hand) -> str:
    out = hand.board.out.player if hand.board.out else None
    return ", ".join(f'"{player}" {" ".join(map(str, tiles))}' for player, tiles in hand.held.items()
                     if player != out and tiles)


def _plays_line(rng: random.Random, name: str, players) -> str:
    hand = careless_hand(load_ruleset(name), players, rng)
    return f"plays {format_plays(hand.plays)}; {_held(hand)}"


class Typing:
    """The hand the ``session`` command types play by play, across sessions (None: none begun)."""

    hand = None


def _session(path: str, rng: random.Random, name: str, players, typing: Typing) -> None:
    """A ``play`` session: the hand in play the file keeps goes on where it is a beginning of the hand being
    typed (else it is dropped with 'undo all', or left), or a new careless hand starts; its plays are typed
    (all of them half the time, else a random number), now and then a change between them ('delete 1',
    'undo': the last play, 'redo'), a breach let stand with 'allow' most of the time (else the session stops
    there), the hands at the end typed when every play is; then 'quit' (twice: the first says a hand is in
    play).  Each line refused leaves the file as it was."""
    live = LiveSession(usecases.open_match(path), lambda: Screen(None, None))

    def typed(line: str):
        before = open(path, "rb").read()
        reply = live.answer(line) if live.asking or live.unconfirmed else live.handle(line)
        if not reply.ok and not reply.question:
            assert open(path, "rb").read() == before, f"the session's line {line!r} was refused and changed the file"
        return reply

    kept = tuple(live.hand.plays) if live.hand is not None else ()
    plan = typing.hand
    if kept and (plan is None or plan.plays[:len(kept)] != kept):
        if rng.random() < 0.3:  # a hand this test cannot go on with: left in play
            _typed_all(typed, "quit", "quit")
            return
        _typed_all(typed, "undo all", "y")
        kept = tuple(live.hand.plays) if live.hand is not None else ()
    if not kept or plan is None:
        plan = typing.hand = careless_hand(load_ruleset(name), players, rng)
        kept = ()
    if live.state.table.over:
        return
    stop = len(plan.plays) if rng.random() < 0.5 else rng.randint(len(kept), len(plan.plays))
    for index in range(len(kept), stop):
        if rng.random() < 0.03:  # a change of the rounds (or of the hand: 'undo' takes back its last play)
            typed(rng.choice(["delete 1", "undo", "redo", "delete 2"]))
            if live.hand is None or tuple(live.hand.plays) != plan.plays[:len(live.hand.plays)]:
                break
            if len(live.hand.plays) < index:
                break  # (the next session goes on from the play taken back)
        reply = typed(format_play(plan.plays[index]))
        if reply.question:  # (where a tile goes, who fished: asked of a line the hand cannot tell)
            typed("")
            break
        if live.refused is not None or live.hand is not None and live.hand.unsettled:
            if rng.random() < 0.2 or not typed("allow").ok:
                break
    else:
        if stop == len(plan.plays) and live.hand is not None:
            reply = typed(_held(plan))
            if not reply.ok and rng.random() < 0.8:
                typed("allow")
            if live.hand is None:
                typing.hand = None
    _typed_all(typed, "quit", "quit")


def _typed_all(typed, *lines: str) -> None:
    for line in lines:
        typed(line)


def _command(command: str, path: str, rng: random.Random, name: str, players, folder: str, typing: Typing):
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
    if command == "score":
        return usecases.score(path, rng.choice(players), rng.choice([5, 10, 15, 7]))
    if command == "session":
        return _session(path, rng, name, players, typing)
    if command == "import":  # the match file itself, or its JSON or TOML export, as 'export -o' writes them
        kind = rng.choice(["file", "json", "toml"])
        export = os.path.join(folder, f"export.{'toml' if kind == 'file' else kind}")
        if kind == "file":
            shutil.copyfile(path, export)
        else:
            opened = usecases.open_match(path, explain=True)
            with open(export, "w", encoding="utf-8") as handle:
                handle.write(export_match(kind, opened.match, opened.ruleset, opened.table))
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
        typing = Typing()
        for command in commands:
            before = open(path, "rb").read()
            try:
                _command(command, path, rng, name, players, folder, typing)
            except ScorekeeperError:
                assert open(path, "rb").read() == before, f"{command} was refused and changed the file"
                continue
            usecases.open_match(path)  # what table reads: raises on a file it refuses
