"""The match file is respected: one writer at a time (a lock beside it), symlinks followed, mode and owner
kept, temporary files of killed writes cleaned up; and its text reads back as the facts written, each round
at its line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest
from fuzz_cases import MUTATIONS
from hypothesis import HealthCheck, example, given, settings, strategies as st

from scorekeeper.domain.facts import Breach, Claim, Ending, Hand, Match, Round, Ruling, singles
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import TileSet
from scorekeeper.errors import MatchFileError
from scorekeeper.storage import atomic, tomlread
from scorekeeper.storage.lock import LockBusy, lock_path, match_lock
from scorekeeper.storage.matchfile import dump_match, load_match, parse_match, round_from_dict
from scorekeeper.storage.roundlines import read_written

ROUND = ["round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"]

HOLD = """
import sys, time
from scorekeeper.storage.lock import match_lock
with match_lock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holder(path, seconds: float) -> subprocess.Popen:
    """Another process holding the match's lock for ``seconds``; returns once it holds it."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_writer_waits_then_refuses_naming_the_holder(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 5)
    try:
        started = time.monotonic()
        with pytest.raises(LockBusy) as refused:
            with match_lock(match, wait=0.3):
                pytest.fail("two writers held the lock at once")
        assert time.monotonic() - started >= 0.3
        message = str(refused.value)
        assert f"pid {holder.pid}" in message and "is being changed by another command" in message
        assert "\n" not in message
    finally:
        holder.kill()
        holder.wait()


def test_a_writer_waiting_gets_the_lock_when_the_holder_finishes(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 0.5)
    started = time.monotonic()
    try:
        with match_lock(match, wait=10) as held:
            assert time.monotonic() - started >= 0.4, "the lock was taken while the other process held it"
            assert f"pid {os.getpid()}" in open(held).read()
    finally:
        holder.wait()
    assert not os.path.exists(lock_path(match)), "the lock file was left beside the match"


def test_a_killed_holder_releases_the_lock(tmp_path):
    match = tmp_path / "match.toml"
    holder = _holder(match, 30)
    holder.kill()
    holder.wait()
    with match_lock(match, wait=1):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_writes_follow_a_symlink_to_its_target(sk):
    real = sk.folder / "season" / "real.toml"
    real.parent.mkdir()
    sk.path.symlink_to(os.path.join("season", "real.toml"))
    sk("new", "Masha", "Alex", "Olya", "Serg", "--force")
    sk(*ROUND)
    assert sk.path.is_symlink(), "the link was replaced by a regular file"
    assert len(load_match(real).rounds) == 1
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.toml"]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444])
def test_writes_keep_the_file_mode(sk, mode):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk.path.chmod(mode)
    sk(*ROUND)
    assert stat.S_IMODE(sk.path.stat().st_mode) == mode
    assert len(load_match(sk.path).rounds) == 1


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_writes_keep_the_file_owner(sk):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    os.chown(sk.path, 12345, 23456)
    sk(*ROUND)
    info = sk.path.stat()
    assert (info.st_uid, info.st_gid) == (12345, 23456)


def test_a_write_removes_temporary_files_of_killed_writes_only(tmp_path):
    target = tmp_path / "match.toml"
    target.write_text("old\n")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".match.toml.{dead.pid}.tmp"
    stale.write_text("half a write")
    running = tmp_path / f".match.toml.{os.getppid()}.tmp"  # a live process's write in progress
    running.write_text("being written")
    other = tmp_path / f".other.toml.{dead.pid}.tmp"
    other.write_text("another file's")
    atomic.write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert not stale.exists()
    assert running.exists() and other.exists()


def test_the_temporary_file_is_written_with_the_final_mode_before_the_rename(tmp_path, monkeypatch):
    target = tmp_path / "match.toml"
    target.write_text("old\n")
    target.chmod(0o600)
    modes = []
    real_replace = os.replace

    def spy(source, destination):
        modes.append(stat.S_IMODE(os.stat(source).st_mode))
        real_replace(source, destination)

    monkeypatch.setattr(atomic.os, "replace", spy)
    atomic.write_atomic(target, "new\n")
    assert modes == [0o600], "the new file was briefly readable by others"
def test_the_command_line_refuses_in_one_line_while_another_writer_holds_the_lock(sk, monkeypatch):
    sk("new", "Masha", "Alex", "Olya", "Serg")
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "0.2")
    holder = _holder(sk.path, 5)
    try:
        line = sk.fails(*ROUND, code=1)
        assert f"pid {holder.pid}" in line and "try again" in line
        sk("table")  # readers never block
    finally:
        holder.kill()
        holder.wait()
    sk(*ROUND)
    assert len(load_match(sk.path).rounds) == 1




def test_a_held_state_is_not_written_over_a_file_another_command_changed(sk):
    from scorekeeper.match import usecases
    from scorekeeper.storage.stamp import MatchChanged

    sk("new", "Masha", "Alex", "Olya", "Serg")
    facts = usecases.RoundFacts(out="Masha", totals=(("Alex", 3), ("Olya", 13), ("Serg", 5)))
    held = usecases.open_match(sk.path)
    held = usecases.record(held, facts).after  # our own writes keep the state current
    held = usecases.record(held, facts).after
    sk(*ROUND)  # another command
    before = sk.path.read_bytes()
    with pytest.raises(MatchChanged, match="changed by another command since it was read"):
        usecases.record(held, facts)
    assert sk.path.read_bytes() == before
    assert len(load_match(sk.path).rounds) == 3
    held = usecases.open_match(sk.path)
    os.utime(sk.path, ns=(1, 1))  # touched, the same text: not a change
    assert len(usecases.record(held, facts).match.rounds) == 4


# The file's text: what the writer makes reads back as the same facts, each round at its line; a file edited
# by hand reads the same whether its round lines are counted by the writer's layout or by the TOML itself.

TILES = TileSet(6).tiles()
PLAIN_NAMES = ["Masha", "Alex", "Olya", "Serg", "Ann", "Bob", "Маша", "O'Brien", "Jo Ann", "a-b_1", "Zoë"]
ODD_NAMES = ['Say "hi"', "back\\slash", "tab\there", "new\nline", "\u2028sep", "#hash", "x, y = 3", "{brace}",
             "0", "-5", "rounds = [", "]", "ë" * 3, "x, hands = { y", "} },", "Masha = 5"]


def _tiles(draw, deck) -> tuple:
    count = draw(st.integers(1, 3))
    return tuple(deck.pop() for _ in range(min(count, len(deck)))) or (TILES[0],)


@st.composite
def plays(draw, players):
    """One play as the play line writes it: any seated player, a tile (maybe laid 'on' an end or a tile), a
    knock or a draw."""
    player = draw(st.sampled_from(players))
    action = draw(st.sampled_from(Action))
    if action is Action.KNOCK:
        return Play(player, action)
    if action is Action.DRAW:
        return Play(player, action, drawn=draw(st.integers(1, 5)))
    return Play(player, action, draw(st.sampled_from(TILES)),
                draw(st.one_of(st.none(), st.integers(0, 6), st.sampled_from(TILES))))


@st.composite
def matches(draw, names=st.sampled_from(PLAIN_NAMES)):
    players = tuple(draw(st.lists(names, min_size=2, max_size=4, unique=True)))
    rounds = []
    for _ in range(draw(st.integers(0, 6))):
        deck = list(TILES)
        draw(st.randoms(use_true_random=False)).shuffle(deck)
        out = draw(st.sampled_from(players + (None,)))
        hands = {}
        for player in players:
            if player != out:
                hands[player] = (Hand(tiles=_tiles(draw, deck)) if draw(st.booleans())
                                 else Hand(total=draw(st.integers(0, 40))))
        facts = {}
        if out is None:
            if draw(st.booleans()):
                facts["fisher"] = draw(st.sampled_from(players))
        else:
            facts["out"] = out
            if draw(st.booleans()):
                facts["last"] = (deck.pop(),)
        if draw(st.booleans()):
            facts["led"] = deck.pop()
        if draw(st.integers(0, 4)) == 0:
            facts["claims"] = tuple(Claim(draw(st.sampled_from(players)), draw(st.integers(0, 30)),
                                          draw(st.one_of(st.none(), st.integers(0, 40))))
                                    for _ in range(draw(st.integers(1, 3))))
        if draw(st.integers(0, 6)) == 0:
            facts["play_points"] = (Claim(draw(st.sampled_from(players)), draw(st.integers(0, 30))),)
        if draw(st.integers(0, 3)) == 0 and not any('"' in player for player in players):
            facts["plays"] = tuple(draw(st.lists(plays(players), min_size=1, max_size=6)))
            numbers = draw(st.lists(st.integers(1, len(facts["plays"])), max_size=2, unique=True))
            facts["rulings"] = tuple(Ruling(number, draw(st.sampled_from(Breach))) for number in sorted(numbers))
        rounds.append(Round.of(ending=Ending.FISH if out is None else Ending.OUT, hands=hands, **facts))
    return Match(ruleset="goat", players=players, sides=singles(players), rounds=tuple(rounds))


def _parsed(text: str, exact_lines: bool = False) -> tuple[str, object]:
    """``parse_match`` of the text: the match, or the error it raised."""
    try:
        return "match", parse_match(text, "m.toml", exact_lines=exact_lines)
    except MatchFileError as error:
        return "error", str(error)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(names=st.sampled_from(PLAIN_NAMES + ODD_NAMES)))
def test_a_written_file_reads_back_with_each_rounds_line(match):
    """Names a player cannot have (a control character) are refused, alike either way the lines are counted."""
    text = dump_match(match)
    kind, read = _parsed(text)
    assert kind == "match" or not set(match.players) <= set(PLAIN_NAMES)
    if kind == "match":
        assert read.facts() == match.facts()
        first = text.split("\n").index("rounds = [") + 2 if match.rounds else 0
        assert [rnd.line for rnd in read.rounds] == list(range(first, first + len(match.rounds)))
    assert (kind, read) == _parsed(text, exact_lines=True)


@pytest.mark.parametrize("plays, problem", [
    ('3', "'plays' must be one line of plays"),
    ('"Masha 6-6, Alex 6-x"', "is not understood in a play"),
    ('"Masha 6-6, Alex"', "what did Alex do?"),
    ('"Masha 6-6, Alex 6-1 on ²"', "'Alex 1-6 on' needs the end's number"),  # was int()'s own message
    ('"Masha 6-6, Alex 6-1 on ٦"', "'٦' is not understood in a play"),  # was read as 6
    ('"Masha 6-6, Alex draws ٣"', "'٣' is not understood in a play"),  # was read as 3
])
def test_a_round_whose_plays_are_broken_is_named_at_its_line(plays, problem):
    text = ('format = 1\nruleset = "muggins"\nplayers = ["Masha", "Alex"]\n\n[[rounds]]\nend = "out"\n'
            f'out = "Masha"\nplays = {plays}\nhands = {{ Alex = 5 }}\n')
    with pytest.raises(MatchFileError) as refused:
        parse_match(text, "m.toml")
    assert str(refused.value).startswith("m.toml:5: round 1: ") and problem in str(refused.value)


@pytest.mark.parametrize("allowed, problem", [
    ('[{ play = 2, breach = "turn" }]', None),
    ('{ play = 2, breach = "turn" }', "'allowed' must be a list"),
    ('[{ play = 2 }]', "'allowed' must be a list"),
    ('[{ play = 3, breach = "turn" }]', "play 3 is not one of the round's 2 plays"),
    ('[{ play = true, breach = "turn" }]', "play True is not one of the round's 2 plays"),
    ('[{ play = 1, breach = "rude" }]', "unknown breach 'rude' (one of turn, leader,"),
    ('[{ play = 2, breach = "turn" }, { play = 1, breach = "leader" }]', "each breach once, in the order"),
    ('[{ play = 2, breach = "turn" }, { play = 2, breach = "turn" }]', "each breach once, in the order"),
])
def test_the_breaches_a_table_allowed_read_back_or_are_named_at_their_line(allowed, problem):
    text = ('format = 1\nruleset = "muggins"\nplayers = ["Masha", "Alex"]\n\n[[rounds]]\nend = "out"\n'
            f'out = "Masha"\nplays = "Masha 6-6, Masha 6-3"\nallowed = {allowed}\nhands = {{ Alex = 5 }}\n')
    if problem is None:
        assert parse_match(text, "m.toml").rounds[0].rulings == (Ruling(2, Breach.TURN),)
        return
    with pytest.raises(MatchFileError) as refused:
        parse_match(text, "m.toml")
    assert str(refused.value).startswith("m.toml:5: round 1: ") and problem in str(refused.value)


def test_breaches_allowed_need_the_plays_they_name():
    text = ('format = 1\nruleset = "goat"\nplayers = ["Masha", "Alex"]\n\n[[rounds]]\nend = "out"\n'
            'out = "Masha"\nallowed = [{ play = 1, breach = "turn" }]\nhands = { Alex = 5 }\n')
    with pytest.raises(MatchFileError, match="^m.toml:5: round 1: 'allowed' names breaches of the plays"):
        parse_match(text, "m.toml")


def test_a_broken_round_of_a_long_match_is_named_at_its_line():
    """A round tomllib reads but the facts refuse, and a line that is not TOML, each named where it is."""
    rnd = Round.of(ending=Ending.OUT, hands={"Alex": Hand(total=5)}, out="Masha")
    match = Match(ruleset="goat", players=("Masha", "Alex"), sides=singles(("Masha", "Alex")),
                  rounds=(rnd,) * 150)
    lines = dump_match(match).split("\n")
    first = lines.index("rounds = [") + 2  # round 1's line (lines[first - 1])
    lines[first + 118] = lines[first + 118].replace("Alex = 5", 'Alex = "3-x"')
    with pytest.raises(MatchFileError) as refused:
        parse_match("\n".join(lines), "m.toml")
    assert str(refused.value).startswith(f"m.toml:{first + 119}: round 120: ")
    for broken_toml in ('"3-x', '"3-4", Alex = 4', '"3-4", "Alex" = 4'):  # a string left open, a hand twice
        lines[first + 118] = lines[first + 118].split("hands = ")[0] + f'hands = {{ Alex = {broken_toml} }} }},'
        with pytest.raises(MatchFileError) as broken:
            parse_match("\n".join(lines), "m.toml")
        assert str(broken.value).startswith(f"m.toml:{first + 119}: not valid TOML"), broken_toml


@pytest.mark.parametrize("problems", [None, []])
@pytest.mark.parametrize("also", ["", 'end = "draw"', "format", "ruleset", '"3-x"'])
def test_a_hand_given_twice_is_broken_toml_whatever_else_is_wrong(problems, also):
    """A line that names a hand twice is not TOML: that is the file's problem, before any a round could have."""
    rnd = Round.of(ending=Ending.OUT, hands={"Alex": Hand(total=5)}, out="Masha")
    lines = dump_match(Match(ruleset="goat", players=("Masha", "Alex"), sides=singles(("Masha", "Alex")),
                             rounds=(rnd,) * 120)).split("\n")
    first = lines.index("rounds = [") + 1  # round 1's index in lines
    lines[first + 49] = lines[first + 49].replace("Alex = 5", "Alex = 5, Alex = 6")
    if also == 'end = "draw"':
        lines[first + 4] = lines[first + 4].replace('end = "out"', also)
    elif also == '"3-x"':
        lines[first + 49] = lines[first + 49].replace("Alex = 5,", 'Alex = "3-x",')
    elif also:
        lines = [line for line in lines if not line.startswith(also)]
    twice = next(number for number, line in enumerate(lines, start=1) if "Alex = 6" in line)
    with pytest.raises(MatchFileError) as refused:
        parse_match("\n".join(lines), "m.toml", problems)
    assert str(refused.value).startswith(f"m.toml:{twice}: not valid TOML"), str(refused.value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.data())
def test_a_hand_edited_file_reads_the_same_with_its_lines_counted_either_way(match, data):
    """Any edit (a character inserted, a line dropped or doubled, keys reordered) gives the same facts, each
    at the same line, or the same problem, whether the round lines are counted by the writer's layout (the
    shortcut ``parse_match`` takes first) or by following the TOML; broken TOML is named at tomllib's line."""
    lines = dump_match(match).split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.sampled_from(["insert", "drop", "double", "swap", "replace"]))
        line = lines[where]
        if kind == "insert":
            at = data.draw(st.integers(0, len(line)))
            lines[where] = line[:at] + data.draw(st.sampled_from(MUTATIONS)) + line[at:]
        elif kind == "drop" and len(lines) > 1:
            del lines[where]
        elif kind == "double":
            lines.insert(where, line)
        elif kind == "swap" and ", " in line:
            parts = line.split(", ")
            first, second = sorted(data.draw(st.lists(st.integers(0, len(parts) - 1), min_size=2, max_size=2)))
            parts[first], parts[second] = parts[second], parts[first]
            lines[where] = ", ".join(parts)
        elif kind == "replace":
            lines[where] = line.replace("= ", "= " + data.draw(st.sampled_from(["-", "0", "+", "1_"])), 1)
    text = "\n".join(lines)
    assert _parsed(text) == _parsed(text, exact_lines=True)
    try:
        tomlread.loads(text)
    except tomlread.TomlError as error:
        assert _parsed(text) == ("error", str(MatchFileError(f"not valid TOML: {error.msg}", "m.toml", error.lineno)))


# The round lines read without tomllib (storage/roundlines.py): what the writer writes reads as tomllib reads
# it; a line in any other shape sends the whole file to tomllib, which reads it or names its error at its line.

def _tomllib(text: str):
    try:
        return tomlread.loads(text)
    except tomlread.TomlError:
        return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(names=st.sampled_from(PLAIN_NAMES + ODD_NAMES)))
@example(Match("goat", ("O'Brien", "Jo Ann"), singles(("O'Brien", "Jo Ann")), (round_from_dict(
    {"end": "out", "out": "O'Brien", "plays": """O'Brien 0-0, "Jo Ann" 0-0""", "hands": {"Jo Ann": 0}}),)))
def test_the_writers_round_lines_read_as_tomllib_reads_them(match):
    text = dump_match(match)
    read = read_written(text)
    assert read is None or read == tomlread.loads(text)
    if set(match.players) <= set(PLAIN_NAMES) and match.rounds and "\\" not in text:
        # nothing to unescape: read without tomllib (a plain name can still be escaped: O'Brien beside
        # "Jo Ann" in a play line makes it a basic string, "O'Brien 0-0, \\"Jo Ann\\" 0-0")
        assert read == tomlread.loads(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.data())
def test_a_hand_edited_round_line_reads_as_tomllib_reads_it_or_goes_to_tomllib(match, data):
    lines = dump_match(match).split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(lines) - 1))
        at = data.draw(st.integers(0, len(lines[where])))
        lines[where] = lines[where][:at] + data.draw(st.sampled_from(MUTATIONS)) + lines[where][at:]
    text = "\n".join(lines)
    read = read_written(text)
    assert read is None or read == _tomllib(text)


PAIR_KEYS = ["end", "out", "Bob", "a-b", "_x", "9", '"Cid"', "'q'", "a.b", ""]
PAIR_VALUES = ['"out"', "'lit'", '"a\\"b"', "'a\\b'", '"\\u0041"', '"\t"', "'\t'", '"\x7f"', '"\xa0"', '"é"', '""',
               "''", "0", "-0", "00", "012", "-12", "+3", "1_0", "12.5", "1e3", "0x10", "9" * 30, "-" + "9" * 30,
               "9" * 5000, "true", "[]", "[1, 2]", "{ x = 1 }", "{}"]
"""The pieces of a key = value pair that storage.roundlines reads in one pattern (a bare key, a string in
either quotes, an integer as str writes it) or must leave to tomllib: leading zeros, -0, signs, floats,
escapes, characters TOML refuses or a long integer it cannot read."""


def _same_as_tomllib(line: str) -> None:
    text = f"format = 1\nrounds = [\n{line}\n]\n"
    try:
        expected = tomlread.loads(text)
    except (tomlread.TomlError, ValueError):  # ValueError: an integer too long for int()
        expected = None
    read = read_written(text)
    assert read is None or read == expected


@pytest.mark.parametrize("value", PAIR_VALUES, ids=lambda value: repr(value)[:12])
@pytest.mark.parametrize("line", ["    {{ end = {} }},", '    {{ end = "out", hands = {{ Bob = {}, Cid = 1 }} }},',
                                  "    {{ end = 'fish', hands = {{ Bob = 1, Cid = {} }} }},"],
                         ids=["round", "hand", "last-hand"])
def test_a_value_in_a_round_line_reads_as_tomllib_reads_it_or_goes_to_tomllib(line, value):
    _same_as_tomllib(line.format(value))


@pytest.mark.parametrize("key", PAIR_KEYS)
@pytest.mark.parametrize("line", ["    {{ {} = 1 }},", '    {{ end = "out", hands = {{ {} = "1-2", Cid = 1 }} }},'],
                         ids=["round", "hand"])
def test_a_key_in_a_round_line_reads_as_tomllib_reads_it_or_goes_to_tomllib(line, key):
    _same_as_tomllib(line.format(key))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PAIR_KEYS), st.sampled_from([" = "] * 4 + ["=", " =  "]),
                          st.sampled_from(PAIR_VALUES), st.sampled_from([", "] * 4 + [",", " ,"])),
                min_size=1, max_size=4),
       st.sampled_from([""] * 4 + [" # a comment", "\r"]))
def test_a_round_line_of_any_pairs_reads_as_tomllib_reads_it_or_goes_to_tomllib(pairs, after):
    body = "".join(key + equals + value + (comma if index < len(pairs) - 1 else "")
                   for index, (key, equals, value, comma) in enumerate(pairs))
    _same_as_tomllib(f"    {{ {body} }},{after}")


ROUND_LINE = '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13 } },'


@pytest.mark.parametrize("edited", [
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13 } }, # checked by Ann',
    '    { end = "out",  out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13 } },',
    '    {end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13 } },',
    '    { end = "out", out = \'Ann\', hands = { \'Bob\' = "1-2 3-3", Cid = 13 } },',
    '    { end = "out", out = "An\\u006e", hands = { Bob = "1-2 3-3", Cid = 13 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2\t3-3", Cid = 13 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = +13 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 1_3 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13.0 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", "Cid" = 13 } },',
    '    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 13, } },',
])
def test_a_round_line_in_another_shape_is_read_by_tomllib(edited):
    text = f'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob", "Cid"]\nrounds = [\n{ROUND_LINE}\n{edited}\n]\n'
    if '"Cid" = 13' in edited:  # a key in double quotes is the writer's own shape for a name that needs them
        assert read_written(text) == tomlread.loads(text)
        return
    assert read_written(text) is None
    assert _parsed(text) == _parsed(text, exact_lines=True)


@pytest.mark.parametrize("edited, message", [
    ('    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = 013 } },', "Unclosed inline table"),
    ('    { end = "out", out = "Ann", out = "Bob", hands = { Bob = "1-2 3-3", Cid = 13 } },', "Duplicate inline table key"),
    ('    { end = "out", out = "Ann", hands = { Bob = "1-2 3-3", Cid = -0 } },', None),
])
def test_a_broken_round_line_is_named_by_tomllib_at_its_line(edited, message):
    text = f'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob", "Cid"]\nrounds = [\n{ROUND_LINE}\n{edited}\n]\n'
    assert read_written(text) is None
    try:
        tomlread.loads(text)
    except tomlread.TomlError as error:
        assert message and message in error.msg and error.lineno == 6
        assert _parsed(text) == ("error", str(MatchFileError(f"not valid TOML: {error.msg}", "m.toml", 6)))
    else:
        assert message is None  # -0 is TOML's 0: read by tomllib, not by the shortcut
        assert _parsed(text)[0] == "match"


@pytest.mark.parametrize("indent", ["  ", "\t", ""])
def test_a_rounds_block_inside_an_indented_table_is_read_as_tomllib_reads_it(indent):
    # TOML lets a table header be indented: the `rounds = [` line after it belongs to that table, and the
    # file's own rounds are the empty list before it; a side holding rounds is refused, naming the key.
    text = (f'format = 1\nruleset = "goat"\nplayers = ["Ann", "Bob"]\nrounds = []\n{indent}[[sides]]\n'
            f'{indent}name = "A"\n{indent}players = ["Ann"]\nrounds = [\n'
            '    { end = "out", out = "Ann", hands = { Bob = 13 } },\n]\n'
            f'{indent}[[sides]]\n{indent}name = "B"\n{indent}players = ["Bob"]\n')
    assert tomlread.loads(text)["rounds"] == []
    assert read_written(text) is None
    with pytest.raises(MatchFileError, match="^<match>:8: sides: unknown key rounds in side A "):
        parse_match(text)
