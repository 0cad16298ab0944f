"""Long matches of every built-in ruleset, typed through the CLI as a table would: for the golden-output and
property tests of what people see."""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli.app import cli
from scorekeeper.rules.loader import builtin_names, load_ruleset

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
LONGEST = 30


def new_args(name: str) -> list[str]:
    """Four players; partners Masha+Olya and Alex+Serg where the ruleset is for pairs."""
    if load_ruleset(name)["players.teams"].value == "pairs":
        return ["new", "--rules", name, "--team", "Masha,Olya", "--team", "Alex,Serg"]
    return ["new", "--rules", name, *PLAYERS]


def round_args(rng: random.Random, number: int, most: int = 12) -> list[str]:
    """A round: someone goes out (now and then a fish), the others' totals at most ``most``."""
    if number % 7 == 3:
        return ["round", "--fish", "--fisher", PLAYERS[number % 4],
                *[f"--total={player}={rng.randint(2, most + 2)}" for player in PLAYERS]]
    out = PLAYERS[(number * 3 + rng.randint(0, 3)) % 4]
    totals = [rng.randint(0, most) for player in PLAYERS if player != out]
    # a total of 0 is the lone 0-0 (rules.md §6.2), and the set has one: a second 0 in a round becomes 1
    totals = [1 if total == 0 and 0 in totals[:index] else total for index, total in enumerate(totals)]
    return ["round", "--out", out, *[f"--total={player}={total}"
                                     for player, total in zip([p for p in PLAYERS if p != out], totals)]]


TILES = [f"{low}-{high}" for low in range(7) for high in range(low, 7)]


def tiles_round_args(rng: random.Random, number: int) -> list[str]:
    """A round for a ruleset that counts tiles (count.hand_value = tiles, where a total is refused): the same
    shape, every hand 1 to 3 tiles dealt from one shuffled double-six set."""
    dealt = rng.sample(TILES, len(TILES))
    if number % 7 == 3:
        out, ending = None, ["--fish", "--fisher", PLAYERS[number % 4]]
    else:
        out = PLAYERS[(number * 3 + rng.randint(0, 3)) % 4]
        ending = ["--out", out]
    hands = []
    for player in PLAYERS:
        if player != out:
            count = rng.randint(1, 3)
            hands.append(f"--hand={player}={','.join(dealt[:count])}")
            dealt = dealt[count:]
    return ["round", *ending, *hands]


def invoke(path: Path, args: list[str], env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, ["--match", str(path), *args], env=env, catch_exceptions=False)


def long_match(name: str, path: Path, rounds: int = LONGEST) -> list[str]:
    """Write a match of ``name`` to ``path``: rounds until the match is over or ``rounds`` were played, all
    but the last recorded; returns the last round's arguments (record it to see the after-round output)."""
    rng = random.Random(name)
    ruleset = load_ruleset(name)
    most = 7 if ruleset["players.teams"].value == "pairs" else 12  # small hands: a long match
    if ruleset["opening.threshold"] > 13:  # Sea Goat opens at 25: hands big enough to score now and then
        most = 16 if ruleset["players.teams"].value == "pairs" else 24
    in_tiles = ruleset["count.hand_value"].value == "tiles"
    only_won = bool(ruleset["count.hand_won"])
    assert invoke(path, new_args(name)).exit_code == 0
    last = None
    for number in range(1, rounds + 1):
        args = tiles_round_args(rng, number) if in_tiles else round_args(rng, number, most)
        if only_won and args[1] == "--out":
            args = args[:3]  # count.hand_won: an out needs no hands, and a table that scores so gives none
        result = invoke(path, args)
        if result.exit_code != 0 and last and '"over": true' in invoke(path, ["table", "--format", "json"]).stdout:
            break  # refused, the file untouched: the last round ended the match (asked once, not after each)
        assert result.exit_code == 0, (name, args, result.stdout, result.stderr)
        last = args
    assert invoke(path, ["undo"]).exit_code == 0
    return last


RULESETS = builtin_names()
