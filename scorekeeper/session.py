"""Open a match file with its ruleset and check every fact in it; the steps every command starts with."""

from __future__ import annotations

from typing import NamedTuple

import os

from scorekeeper.errors import InputError, MatchFileError, RulesetError
from scorekeeper.facts import Match
from scorekeeper.record import check_round
from scorekeeper.rules.loader import is_path, load_ruleset
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.table import Table
from scorekeeper.storage.matchfile import load_match


class OpenMatch(NamedTuple):
    path: str
    match: Match
    ruleset: Ruleset
    table: Table


def open_match(path: str, rules: str | None = None) -> OpenMatch:
    """Load the match at ``path``, its ruleset (or ``rules`` instead), check every round, replay it."""
    path = os.fspath(path)
    match = load_match(path)
    ruleset = load_match_ruleset(match, path, rules)
    check_match(match, ruleset, str(path))
    table = replay(ruleset, match)
    check_leads(match, ruleset, table, str(path))
    if len(table.rounds) < len(match.rounds):
        extra = match.rounds[len(table.rounds)]
        raise MatchFileError(f"round {len(table.rounds) + 1} was recorded after the match was decided in "
                             f"round {len(table.rounds)}", str(path), extra.line)
    return OpenMatch(path, match, ruleset, table)


def load_match_ruleset(match: Match, path: str, rules: str | None = None) -> Ruleset:
    spec = rules or match.ruleset
    base = os.getcwd() if rules else os.path.dirname(os.path.abspath(path))
    try:
        return load_ruleset(spec, base)
    except RulesetError as error:
        if rules:
            raise
        raise RulesetError(f"the match's ruleset '{match.ruleset}' cannot be used: {error}", str(path),
                           key="ruleset") from None


def check_match(match: Match, ruleset: Ruleset, label: str) -> None:
    """Check every recorded round against the seating and the ruleset; errors name the round's line."""
    for number, rnd in enumerate(match.rounds, start=1):
        try:
            check_round(match, ruleset, rnd)
        except InputError as error:
            raise MatchFileError(f"round {number}: {error}", label, rnd.line) from None
    for claim in match.pending:
        if claim.player not in match.players:
            raise MatchFileError(f"pending claim by unknown player '{claim.player}'", label, key="pending")
        if claim.points < 0:
            raise MatchFileError(f"pending claim by {claim.player} is negative ({claim.points})", label,
                                 key="pending")


def check_leads(match: Match, ruleset: Ruleset, table: Table, label: str) -> None:
    """Leads that depend on the score before the round (6-6 on the hundred needs a side holding points)."""
    if not ruleset["hundred.enabled"]:
        return
    from scorekeeper.scoring.hundred import lead_problem

    for index, result in enumerate(table.rounds):
        problem = lead_problem(ruleset, match, table.rounds[:index], result.facts)
        if problem:
            raise MatchFileError(f"round {index + 1}: {problem}", label, result.facts.line)


def ruleset_reference(spec: str, match_path: str) -> str:
    """How a match file names its ruleset: a built-in name, or a path relative to the match file."""
    if not is_path(spec):
        return spec
    target = os.path.realpath(os.path.expanduser(spec))
    try:
        return os.path.relpath(target, os.path.dirname(os.path.realpath(match_path)))
    except ValueError:  # another drive on Windows
        return str(target)
