"""Matches of random legal hands (the benchmarks' player, who lays any tile that fits, else draws, else knocks),
recorded through the library as the CLI records a round typed play by play: for the property tests of rounds
recorded with their plays."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from scorekeeper.domain.facts import Match, RoundFacts
from scorekeeper.match.record import new_match, record_round
from scorekeeper.match.usecases import round_from_facts
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bench_commands import random_hand  # noqa: E402  the benchmarks' random player, legal hands only


def played_match(ruleset_name: str, ruleset: Ruleset, players: tuple[str, ...], rounds: int, seed: int) -> Match:
    """A match of up to ``rounds`` random hands (fewer when it is decided first), each led by the player the
    match says leads it and recorded as ``round --plays`` records it: checked, sealed, its end seen from the
    plays."""
    chance = random.Random(seed)
    match = new_match(ruleset_name, ruleset, players)
    table = replay(ruleset, match)
    for number in range(rounds):
        if table.over:
            break
        plays, held = random_hand(ruleset, chance, first=number == 0, leader=table.next_leader, players=players)
        facts = RoundFacts(plays=plays, hands=tuple((player, tiles) for player, tiles in held.items() if tiles))
        rnd = round_from_facts(match, ruleset, facts)
        match = record_round(match, ruleset, rnd, table.over, table.rounds)
        table = replay(ruleset, match, table.rounds, kept=len(match.rounds) - 1)
    return match
