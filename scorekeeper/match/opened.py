"""Open a match file with its ruleset and check every fact in it; the steps every command starts with."""

import os
from typing import NamedTuple

from scorekeeper.domain.facts import Match
from scorekeeper.errors import (
    FileProblem,
    InputError,
    MatchFileError,
    RulesetError,
    RulesetNotFound,
    raise_problems,
)
from scorekeeper.i18n import N_, _
from scorekeeper.match.checks import round_checker
from scorekeeper.rules.loader import is_path, load_ruleset
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.checked import HISTORY, before_link, sealed_as, seed
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.lead import SIX_SIX, lead_problem
from scorekeeper.scoring.table import Table
from scorekeeper.storage.matchfile import (
    key_line,
    parse_match,
    read_match_file,
    round_lines,
)
from scorekeeper.storage.stamp import FileStamp


class OpenMatch(NamedTuple):
    path: str
    match: Match
    ruleset: Ruleset
    table: Table
    stamp: FileStamp | None = None
    """The version of the file this state was read from or saved as (None: not known); a writer holding the
    state checks it under the lock (``storage.stamp.check_unchanged``) before writing over the file."""


def open_match(path: str, rules: str | None = None, explain: bool = False, hand: bool = True) -> OpenMatch:
    """Load the match at ``path``, its ruleset (or ``rules`` instead), check every round, replay it (with
    every round's steps when ``explain``: see ``scoring.engine.replay``).  Without ``hand``, a hand in play that
    cannot be followed is no problem (``undo --hand`` drops it: the way out the problem names).

    A broken file raises its one problem (MatchFileError, RulesetError), or MatchFileProblems with all.
    """
    path = os.fspath(path)
    text, stamp = read_match_file(path)
    opened, problems = validate_text(text, path, rules, explain=explain, hand=hand)
    raise_problems(problems)
    assert opened is not None
    return opened._replace(stamp=stamp)


def validate_text(text: str, path: str, rules: str | None = None, load_ruleset_for=None,
                  explain: bool = False, hand: bool = True) -> tuple[OpenMatch | None, list[FileProblem]]:
    """Check a match file's text completely; errors are values: every problem found, each with its line.

    ``load_ruleset_for(match, path, rules)`` may be given to share loaded rulesets across many files.
    """
    problems: list[FileProblem] = []
    try:
        match = parse_match(text, path, problems)
    except MatchFileError as error:  # the file's head is broken: every problem found comes with it
        return None, problems + list(getattr(error, "problems", None) or [error])
    numbers = None
    if problems:  # rounds that could not be read are left out: number the others by where they start
        numbers = {line: number for number, line in enumerate(round_lines(text), start=1)}
    opened, problems = validate_match(match, path, rules, problems, numbers, load_ruleset_for, explain, hand)
    return opened, [_placed(problem, text, path) for problem in problems]


def _placed(problem: FileProblem, text: str, path: str) -> FileProblem:
    """A problem about a key of the match file (its ruleset cannot be used) with the line of that key."""
    if problem.line is None and problem.key and problem.path == path:
        line = key_line(text, problem.key)
        if line is not None:
            return type(problem)(problem.message, problem.path, line, problem.key)
    return problem


def validate_match(match: Match, path: str, rules: str | None = None, problems: list[FileProblem] | None = None,
                   numbers: dict[int, int] | None = None, load_ruleset_for=None,
                   explain: bool = False, hand: bool = True) -> tuple[OpenMatch | None, list[FileProblem]]:
    """Load the match's ruleset, check every round, replay: (the open match, []) or (None, every problem);
    ``hand``: as for ``open_match``."""
    problems = list(problems or [])
    try:
        ruleset = (load_ruleset_for or load_match_ruleset)(match, path, rules)
    except RulesetError as error:
        return None, problems + [error]
    problems += match_problems(match, ruleset, path, numbers, hand=hand)
    if problems:
        problems.sort(key=lambda problem: (problem.line is None, problem.line or 0))  # in file order
        return None, problems
    table = replay(ruleset, match, explain=explain)
    leads = lead_problems(match, ruleset, table, str(path))
    if leads:
        return None, leads
    if len(table.rounds) < len(match.rounds):
        extra = match.rounds[len(table.rounds)]
        return None, [MatchFileError(_("round {number} was recorded after the match was decided in round "
                                       "{decided}").format(number=len(table.rounds) + 1, decided=len(table.rounds)),
                                     path, extra.line)]
    return OpenMatch(path, match, ruleset, table), []


def match_ruleset(path: str) -> tuple[Match, Ruleset]:
    """The match at ``path`` and its ruleset, for a ruling made inside a match (its players, its rules): the
    file checked whole, as ``open_match`` checks it, since everything in a file is checked when it is read."""
    opened = open_match(path)
    return opened.match, opened.ruleset


def load_match_ruleset(match: Match, path: str, rules: str | None = None) -> Ruleset:
    spec = rules or match.ruleset
    base = os.getcwd() if rules else os.path.dirname(os.path.abspath(path))
    try:
        return load_ruleset(spec, base)
    except RulesetError as error:
        if rules:
            raise
        # a name that is no ruleset says so itself ("unknown ruleset 'x' (built-in: ...)"); a broken file is named
        message = error.message if isinstance(error, RulesetNotFound) else \
            _("the match's ruleset '{ruleset}' cannot be used: {error}").format(ruleset=match.ruleset, error=error)
        raise RulesetError(message, str(path), key="ruleset") from None


_IN_ROUND = N_("round {number}: {problem}")
_IN_HISTORY = N_("history entry {number}: {error}")


def match_problems(match: Match, ruleset: Ruleset, label: str, numbers: dict[int, int] | None = None,
                   known: Match | None = None, hand: bool = True) -> list[MatchFileError]:
    """Every problem in the recorded rounds, the rounds kept in the undo history and the pending claims, each
    naming its line (``numbers``: the rounds' numbers by their lines, where some could not be read).  A round
    played play by play whose seal holds is not checked again (``scoring.checked``); every other round is
    checked in full, and sealed when the match is next written (``scoring.checked.sealed_match``).

    ``known``: a match with the same seating, checked whole under this ruleset (the match a change was made
    to): a round or a kept round that is the very object there passed its checks there, and a recorded
    round's checks read nothing of the match but its seating, so it is not checked again (a change of one
    round of a long match typed as lines checked every round twice).  ``hand``: as for ``open_match``."""
    problems: list[MatchFileError] = []
    check_round = round_checker(match, ruleset)
    passed = _rounds_of(known) if known is not None else set()
    kept = [rnd for entry in match.history for rnd in (entry.round, entry.edited) if rnd is not None]
    sealed_here = any(rnd.checked is not None for rnd in match.rounds) or any(rnd.checked is not None for rnd in kept)
    seed_value = seed(ruleset, match) if sealed_here else 0
    for index, rnd in enumerate(match.rounds):
        if id(rnd) in passed or rnd.checked is not None and sealed_as(seed_value, rnd, before_link(
                match.rounds[index - 1] if index else None)):
            continue
        try:
            check_round(rnd)
            problem = next(filter(None, (_count_problem(ruleset, claim) for claim in rnd.claims)), None)
        except InputError as error:
            problem = error
        if problem:
            number = (numbers or {}).get(rnd.line, index + 1)
            problems.append(MatchFileError(_(_IN_ROUND).format(number=number, problem=problem), label, rnd.line))
    for number, entry in enumerate(match.history, start=1):
        for rnd in (entry.round, entry.edited):
            if rnd is None or id(rnd) in passed or rnd.checked is not None and sealed_as(seed_value, rnd, HISTORY):
                continue
            try:
                check_round(rnd)
            except InputError as error:
                problems.append(MatchFileError(_(_IN_HISTORY).format(number=number, error=error), label,
                                               entry.line, "history"))
                break
    if hand and match.hand is not None:
        problem = hand_problem(match, ruleset)
        if problem:
            problems.append(MatchFileError(_("the hand in play: {problem}").format(problem=problem), label,
                                           match.hand.line))
    return problems + _pending_problems(match, ruleset, label)


def _rounds_of(match: Match) -> set[int]:
    """The identities of the match's rounds and kept rounds (``match_problems``' ``known``, which the caller
    holds while they are compared)."""
    return {id(rnd) for rnd in match.rounds} | {id(rnd) for entry in match.history
                                                  for rnd in (entry.round, entry.edited) if rnd is not None}


def _pending_problems(match: Match, ruleset: Ruleset, label: str) -> list[MatchFileError]:
    """The pending claims' problems: an unknown player, a negative claim, a count the ruleset scores otherwise."""
    problems = []
    for claim in match.pending:
        problem = _count_problem(ruleset, claim, pending=True)
        if problem:
            problems.append(MatchFileError(problem, label, key="pending"))
        elif claim.player not in match.players:
            problems.append(MatchFileError(_("pending claim by unknown player '{player}'").format(
                player=claim.player), label, key="pending"))
        elif claim.points < 0:
            problems.append(MatchFileError(_("pending claim by {player} is negative ({points})").format(
                player=claim.player, points=claim.points), label, key="pending"))
    return problems


def hand_problem(match: Match, ruleset: Ruleset) -> str | None:
    """Why the hand in play cannot be followed (None when it can): a player not at the table, a play that cannot
    be scored (named with its number).  A breach of a rule of play is no problem: the table decides it when the
    hand is played on or recorded."""
    from scorekeeper.scoring.board import follow, refusal  # start-up: only a match with a hand in play

    for play in match.hand.plays:
        for player in (play.player, play.taker):
            if player is not None and player not in match.players:
                return _("unknown player '{player}' (the players are {players})").format(
                    player=player, players=", ".join(match.players))
    try:
        followed = follow(ruleset, match.players, match.hand.plays)
    except InputError as error:  # a table the ruleset cannot seat
        return str(error)
    return refusal(followed) if followed.illegal is not None else None


def _count_problem(ruleset: Ruleset, claim, pending: bool = False) -> str | None:
    """A claim kept as a count whose points are not what the match's ruleset scores for that count
    (``pending``: a claim of the hand in progress)."""
    if claim.count is None or claim.count < 0:
        return None
    from scorekeeper.scoring.counts import score_of  # start-up: keeps the counts out of a match without claims

    scored = score_of(ruleset, claim.count)
    if scored != claim.points:
        said = _("pending claim {player}={points} count {count}: {ruleset} scores a count of {count} as {scored}, "
                 "not {points}") if pending else \
            _("claim {player}={points} count {count}: {ruleset} scores a count of {count} as {scored}, not {points}")
        return said.format(player=claim.player, points=claim.points, count=claim.count, ruleset=ruleset.called,
                           scored=scored)
    return None


def lead_problems(match: Match, ruleset: Ruleset, table: Table, label: str) -> list[MatchFileError]:
    """Leads that depend on the score before the round (6-6 on the hundred needs a side holding points)."""
    if not ruleset["hundred.enabled"]:
        return []
    problems = []
    rounds = table.rounds
    for index, result in enumerate(rounds):
        if result.facts.led != SIX_SIX:  # only a 6-6 lead can be one
            continue
        problem = lead_problem(ruleset, match, rounds[index - 1] if index else None, result.facts)
        if problem:
            problems.append(MatchFileError(_(_IN_ROUND).format(number=index + 1, problem=problem), label,
                                           result.facts.line))
    return problems


def ruleset_reference(spec: str, match_path: str) -> str:
    """How a match file names its ruleset: a built-in name, or a path relative to the match file as the user
    names it (``load_match_ruleset`` reads it from there). Neither path is resolved through its symlinks: a
    match reached through a link (``match.toml -> real/match.toml``) finds its ruleset from the link's folder,
    and the file records the ruleset file ``new`` found, not where a link to it leads."""
    if not is_path(spec):
        return spec
    target = os.path.abspath(os.path.expanduser(spec))
    try:
        return os.path.relpath(target, os.path.dirname(os.path.abspath(match_path)))
    except ValueError:  # another drive on Windows
        return str(target)


def ruleset_moved(spec: str, named_in: str, to: str) -> str:
    """How a file at ``to`` names the ruleset that the file ``named_in`` (a match file, an export) names
    ``spec``: a built-in name as it is, a path relative to the file that names it (``ruleset_reference``).
    An export names its ruleset file from where it is written, and import reads it from there."""
    folder = os.path.dirname(os.path.abspath(named_in))
    if not is_path(spec) or folder == os.path.dirname(os.path.abspath(to)):
        return spec
    return ruleset_reference(os.path.join(folder, os.path.expanduser(spec)), to)
