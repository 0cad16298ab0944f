"""The use cases: each command that changes a match is one function here, and the CLI only maps its flags to
facts, calls one of them and renders the result.

Every use case takes the match as a path (it is opened and checked whole, as every command does) or as an
``OpenMatch`` a caller already holds (a live session: nothing is read or replayed again), checks the facts,
writes the new match atomically, and returns a ``Change``: the state before, the state after (already
saved), and what changed. A refused change raises (``InputError``: what was typed; ``StateError``: the
match's state forbids it) before anything is written, so the file is left byte-for-byte as it was.

    change = record("match.toml", RoundFacts(out="Masha", totals=(("Alex", 5),)))
    change.number, change.table              # round 1, the new table
    change = undo(change.after)              # a session keeps going from the state it holds
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from typing import Iterator, NamedTuple

from scorekeeper.domain.facts import Claim, Match, Revision, Round, RoundFacts
from scorekeeper.errors import InputError, MatchFileError, StateError, raise_problems
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.opened import (
    OpenMatch,
    open_match,
    ruleset_reference,
    validate_match,
    validate_text,
)
from scorekeeper.match.record import (
    build_round,
    new_match,
    record_round,
    seating_problem,
)
from scorekeeper.rules.loader import is_path, load_ruleset
from scorekeeper.scoring.checked import sealed_match
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.plausible import check_plausible
from scorekeeper.scoring.table import Table
from scorekeeper.storage.lock import match_lock
from scorekeeper.storage.matchfile import (
    keep_aside,
    key_line,
    read_match_text,
    save_match,
)
from scorekeeper.storage.stamp import MatchChanged, check_unchanged

__all__ = ["Change", "RoundFacts", "parse_round", "open_match", "new", "rematch", "import_match", "record", "edit",
           "delete", "undo", "redo", "history", "score", "write_back"]


RoundInput = RoundFacts | str
"""A round as the flags give it, or as a round line (``notation.round_line``), read against the match it goes
into."""


def _facts(opened: OpenMatch, given: RoundInput) -> RoundFacts:
    max_pip = opened.ruleset["tiles.max_pip"]
    if isinstance(given, str):
        from scorekeeper.notation.round_line import read_round  # start-up: only a typed line needs it

        return read_round(given, opened.match, opened.ruleset["count.partner_of_finisher"], max_pip)
    if isinstance(given.plays, str):  # a play line (``round --plays``), read against the match's players
        from scorekeeper.notation.play_line import parse_plays  # start-up: only a hand typed play by play

        return given._replace(plays=parse_plays(given.plays, opened.match.players, max_pip))
    return given


def round_from_facts(match: Match, ruleset, facts: RoundFacts, rounds_before: int | None = None) -> Round:
    """The round ``facts`` state: names resolved and each hand given once (``record.build_round``), the claims
    told with it checked (counts scored by the ruleset), and the hand's pending claims (``match.pending``)
    and in-play totals closed into it (the hand starts after ``rounds_before`` rounds; None: all of them).
    Not yet checked against the match: ``checks.check_round`` does that.

    Plays given (``facts.plays``) tell the end of the hand: what the facts leave out of it (the out or the
    fish, the last tile, the lead, the fisherman) is taken from the board."""
    if facts.plays and ruleset is not None:
        facts = _seen_ending(match, ruleset, facts)
    rnd = build_round(match, out=facts.out, fish=facts.fish, hands=facts.hands, totals=facts.totals,
                      fisher=facts.fisher, last=facts.last, led=facts.led, plays=facts.plays,
                      plain_last=facts.plain_last, plain_led=facts.plain_led)
    if facts.claims or facts.play_points or match.pending:
        from scorekeeper.match.claims import (  # start-up: only the points races
            claim_points,
            close_hand,
        )  # start-up

        rnd = close_hand(match, ruleset, rnd._replace(claims=claim_points(ruleset, facts.claims)),
                         facts.play_points, rounds_before)
    return rnd


def _seen_ending(match: Match, ruleset, facts: RoundFacts) -> RoundFacts:
    """``facts`` with the end of the hand the plays show filled in where it was not told; what was told is
    left as it is, for ``checks.plays_agree`` to hold against the board."""
    from scorekeeper.domain.plays import Play  # start-up: only a round typed play by play
    from scorekeeper.match.record import resolve_player  # start-up
    from scorekeeper.scoring.board import follow_hand, refusal  # start-up

    plays = tuple(Play(resolve_player(match, play.player), *play[1:]) for play in facts.plays)
    held = {resolve_player(match, player): tiles for player, tiles in facts.hands}
    if facts.out:
        held[resolve_player(match, facts.out)] = ()
    followed = follow_hand(ruleset, match.players, plays, held)
    if followed.illegal is not None:
        raise InputError(refusal(followed))
    seen = followed.out
    lead = followed.ruled[0].play.tile if followed.ruled else None
    if seen is not None:
        if facts.fish or (facts.out and resolve_player(match, facts.out) != seen.player):
            return facts  # told otherwise: checks.plays_agree says how
        return facts._replace(out=seen.player, last=facts.last or seen.last, led=facts.led or lead)
    if followed.blocked or followed.sealed:
        if facts.out:
            return facts
        return facts._replace(fish=True, fisher=facts.fisher or followed.fisherman, led=facts.led or lead)
    if not facts.out and not facts.fish:
        raise InputError(_("the plays stop before the hand is over (it is {player}'s turn): give the rest of "
                           "the plays, or say how the round ended").format(player=followed.turn))
    return facts


def parse_round(text: str, match: Match, ruleset=None) -> Round:
    """The round a line describes, built as ``record`` builds the flags' facts: the hand's pending
    claims, the line's claims (checked against ``ruleset``, counts scored by it) and its in-play totals are
    closed into it.  The round is not yet checked against the match (``checks.check_round`` does that)."""
    from scorekeeper.notation.round_line import (  # start-up: as in _facts
        is_claims_only,
        read_round,
    )  # start-up

    facts = read_round(text, match, ruleset is None or ruleset["count.partner_of_finisher"],
                       6 if ruleset is None else ruleset["tiles.max_pip"])
    if is_claims_only(facts):
        raise InputError(_("only points claimed during play: say how the round ended too ('Ann out, ...' or "
                           "'fish, ...'), or record the claims with 'score'"))
    return round_from_facts(match, ruleset, facts)


class Change(NamedTuple):
    """What a use case did. ``after`` is the new state, already saved; ``before`` the state it changed (None
    for a new match). ``number`` is the round recorded, edited or deleted (1 is the first); ``claim`` the
    claim added; ``dropped`` says in words what undo dropped ("round 3 (Ann went out)")."""

    before: OpenMatch | None
    after: OpenMatch
    number: int | None = None
    claim: Claim | None = None
    dropped: str | None = None
    restored: str | None = None
    """What ``redo`` put back, in words ("round 3 (Ann went out)")."""
    kept: str | None = None
    """Where ``new`` or ``import_match`` (with ``force``) kept the match it replaced."""

    @property
    def match(self) -> Match:
        return self.after.match

    @property
    def table(self) -> Table:
        return self.after.table

    @property
    def path(self) -> str:
        return self.after.path


MatchSource = str | os.PathLike | OpenMatch
"""Where a use case finds the match: its file, or the open match a caller already holds."""


@contextmanager
def _changing(source: MatchSource) -> Iterator[OpenMatch]:
    """The match a use case changes, with the match's write lock held until the change is saved: opened and
    checked from its file, or the state a caller holds (refused with MatchChanged when another command
    changed the file since that state was read).  The one place where a use case reads the match before
    writing it: the lock covers read, check and write, so two commands at once both land in the file."""
    path = source.path if isinstance(source, OpenMatch) else os.fspath(source)
    with match_lock(path):
        if isinstance(source, OpenMatch):
            check_unchanged(path, source.stamp)
            yield source
        else:
            yield open_match(path)


def _saved(opened: OpenMatch, match: Match, table: Table) -> OpenMatch:
    match, table = _sealed(opened.ruleset, match, table)
    stamp = save_match(match, opened.path)
    return OpenMatch(opened.path, match._replace(path=opened.path), opened.ruleset, table, stamp)


def _sealed(ruleset, match: Match, table: Table) -> tuple[Match, Table]:
    """``match`` as it is written: every round checked when it was opened or changed, sealed where its seal
    does not hold (``scoring.checked``); and ``table`` scored from those very rounds, so that the next change
    resumes from it (``replay``'s ``kept``)."""
    sealed = sealed_match(ruleset, match)
    if sealed is match:
        return match, table
    results = tuple(result if result.facts is rnd else result._replace(facts=rnd)
                    for result, rnd in zip(table.rounds, sealed.rounds))
    return sealed, table._replace(rounds=results + table.rounds[len(results):])


def new(path: str | os.PathLike[str], rules: str = "goat", players: tuple[str, ...] = (),
        teams: tuple[str, ...] = (), team_names: tuple[str, ...] = (), force: bool = False,
        lang: str = "") -> Change:
    """Start a match at ``path``: ``players`` in seating order, or two ``teams`` (each "A,B") for pairs, under
    the ruleset ``rules`` (a built-in name or a file). An existing match is kept unless ``force``."""
    path = os.fspath(path)
    _refuse_existing(path, force, restart=True)
    ruleset = load_ruleset(rules)
    split = [tuple(name.strip() for name in team.split(",")) for team in teams]
    match = new_match(ruleset_reference(rules, path), ruleset, players, split, team_names)._replace(lang=lang)
    return _put_in_place(path, match, ruleset, replay(ruleset, match), force, "start over")


def import_match(path: str | os.PathLike[str], source: str | os.PathLike[str], force: bool = False) -> Change:
    """Make the match at ``path`` the one the export ``source`` holds (a JSON export or a TOML match log),
    its facts checked as a match file's, every problem raised with its line. An existing match is refused
    unless ``force``, and then kept aside as ``new`` keeps it (``kept``)."""
    from scorekeeper.storage.exchange import is_json, parse_export  # start-up: json, which import alone needs

    path, source = os.fspath(path), os.fspath(source)
    if os.path.realpath(source) == os.path.realpath(path):
        raise StateError(_("{path} is already the match file").format(path=source))
    _refuse_existing(path, force)
    text = read_match_text(source)
    match, problems = parse_export(text, source)
    if is_json(text):
        opened, problems = validate_match(match, source, problems=problems)
    else:  # a TOML match log: checked exactly as a match file, problems with their lines
        opened, problems = validate_text(text, source)
    raise_problems(problems)
    match = opened.match
    _check_names(match, text, source)
    if is_path(match.ruleset):  # a ruleset file named relative to the export: name it from the new place
        where = os.path.join(os.path.dirname(os.path.abspath(source)), os.path.expanduser(match.ruleset))
        match = match._replace(ruleset=ruleset_reference(where, path))
    return _put_in_place(path, match, opened.ruleset, opened.table, force, "replace it")


def _check_names(match: Match, text: str, file: str) -> None:
    """Names are checked as 'new' checks typed ones: an export edited by hand may hold a padded name, a
    control character, or two names that match alike."""
    problem = seating_problem(match.players, [side.name for side in match.sides if side.players != (side.name,)])
    if problem:
        raise MatchFileError(problem, file, key_line(text, "players"), "players")


def _put_in_place(path: str, match: Match, ruleset, table: Table, force: bool, remedy: str) -> Change:
    """Write ``match`` as the match at ``path`` (``new``, ``import_match``), under the lock: refused when one
    is there unless ``force``, and then the one there is kept aside under a dated name first (``kept``):
    nothing of a match is ever lost by a command that replaces it."""
    with match_lock(path):
        _refuse_existing(path, force, remedy)  # again: another command may have started one meanwhile
        return _replace_held(path, match, ruleset, table)


def _replace_held(path: str, match: Match, ruleset, table: Table, before: OpenMatch | None = None) -> Change:
    """Keep the match at ``path`` (if any) aside under a dated name, then write ``match`` there; the caller
    holds the lock."""
    kept = keep_aside(path, _now()) if os.path.exists(path) else None
    match, table = _sealed(ruleset, match, table)
    stamp = save_match(match, path)
    return Change(before, OpenMatch(path, match._replace(path=path), ruleset, table, stamp), kept=kept)


def rematch(source: MatchSource, force: bool = False) -> Change:
    """Start the next match at the finished match's file: the same seating, sides and ruleset, no rounds; the
    finished one is kept beside it under a dated name (``kept``), as ``new`` with ``force`` keeps it. Refused
    (StateError) when there is no match there, or when it is not over (unless ``force``)."""
    path = source.path if isinstance(source, OpenMatch) else os.fspath(source)
    if not isinstance(source, OpenMatch) and not os.path.lexists(path):
        raise StateError(_("there is no match in {path} to play again: start one with 'scorekeeper new PLAYERS'")
                         .format(path=path))
    with _changing(source) as opened:
        if not opened.table.over and not force:
            rounds = len(opened.match.rounds)
            raise StateError(ngettext("the match in {path} is not over ({n} round so far): --force starts the next "
                                      "one anyway, this one kept aside",
                                      "the match in {path} is not over ({n} rounds so far): --force starts the next "
                                      "one anyway, this one kept aside", rounds).format(path=path, n=rounds))
        finished = opened.match
        match = Match(ruleset=finished.ruleset, players=finished.players, sides=finished.sides, lang=finished.lang)
        return _replace_held(path, match, opened.ruleset, replay(opened.ruleset, match), before=opened)


def _now() -> str:
    """The local time, as the name of a match kept aside gives it."""
    return time.strftime("%Y-%m-%d %H:%M:%S")


def _refuse_existing(path: str, force: bool, restart: bool = False) -> None:
    """Refuse to write a match over a file already there, unless ``force``; ``restart``: a new match starts
    over (else a match is imported in its place)."""
    if not os.path.exists(path):  # nothing there, or a link to nowhere: nothing to keep
        return
    if not os.path.isfile(path):
        raise StateError(_("{path} cannot be a match file: it is not a regular file; nothing was written").format(
            path=path))
    if not force:
        raise StateError((_("{path} already holds a match: use --force to start over, or --match PATH for another "
                            "file") if restart else
                          _("{path} already holds a match: use --force to replace it, or --match PATH for another "
                            "file")).format(path=path))


def record(source: MatchSource, facts: RoundInput, confirmed: bool = False) -> Change:
    """Record the next round from ``facts`` (or a round line); the hand's claims (from ``score``) and
    ``facts.play_points`` are closed into it. Only the new round is scored. A round no table could have
    ended that way is refused (Implausible, with the reason) unless ``confirmed``."""
    with _changing(source) as opened:
        rnd = round_from_facts(opened.match, opened.ruleset, _facts(opened, facts))
        match = record_round(opened.match, opened.ruleset, rnd, opened.table.over, opened.table.rounds)
        if not confirmed:
            check_plausible(opened.match, opened.ruleset, rnd)
        # only the new round is scored: the rounds before it are the very ones the table was scored from
        table = replay(opened.ruleset, match, opened.table.rounds, kept=len(opened.match.rounds))
        return Change(opened, _saved(opened, match, table), number=len(match.rounds))


def edit(source: MatchSource, number: int, facts: RoundInput, clear_points: bool = False,
         confirmed: bool = False) -> Change:
    """Replace round ``number``'s facts with ``facts`` (or a round line; checked as ``record`` checks them);
    the rounds after it are re-scored. The points made during play: ``facts.play_points`` and
    ``facts.claims`` replace all of the round's (its claims and in-play totals), ``clear_points`` clears them,
    and with neither the old ones are kept."""
    from scorekeeper.match.amend import check_number, edit_round  # start-up

    if clear_points and not isinstance(facts, str) and (facts.play_points or facts.claims):
        raise InputError(_("give --points (replace the points made during play) or --no-points (clear them), "
                           "not both"))
    with _changing(source) as opened:
        check_number(opened.match, number)
        facts = _facts(opened, facts)
        if facts.plays and not (facts.out or facts.fish or facts.hands or facts.totals):
            facts = _with_hands_of(opened.match.rounds[number - 1], facts)
        in_play = bool(facts.play_points or facts.claims)
        if clear_points and in_play:
            raise InputError(_("give the points made during play or --no-points (clear them), not both"))
        rnd = round_from_facts(opened.match._replace(pending=()), opened.ruleset, facts, rounds_before=number - 1)
        keep = not (clear_points or in_play)
        match, table = edit_round(opened.match, opened.ruleset, number, rnd, keep_in_play=keep,
                                  scored=opened.table.rounds)
        if not confirmed:
            check_plausible(opened.match, opened.ruleset, rnd)
        return Change(opened, _saved(opened, match, table), number=number)


def _with_hands_of(rnd: Round, facts: RoundFacts) -> RoundFacts:
    """New plays for a recorded round (``edit N --plays``): the hands held at the end are kept, and the end of
    the hand is seen again from the new plays."""
    hands = tuple((player, hand.tiles) for player, hand in rnd.hands.items() if hand.tiles is not None)
    totals = tuple((player, hand.total) for player, hand in rnd.hands.items() if hand.tiles is None)
    return facts._replace(hands=hands, totals=totals)


def delete(source: MatchSource, number: int) -> Change:
    """Delete round ``number``; the later rounds move up one and are re-scored."""
    from scorekeeper.match.amend import delete_round  # start-up

    with _changing(source) as opened:
        match, table = delete_round(opened.match, opened.ruleset, number, opened.table.rounds)
        return Change(opened, _saved(opened, match, table), number=number)


def undo(source: MatchSource) -> Change:
    """Drop the last claim of the hand in progress, else the last round (its claims go back to the hand in
    progress); ``dropped`` says which. What is dropped is kept in the match's history, for ``redo``."""
    from scorekeeper.match.record import undo as undo_facts  # start-up

    with _changing(source) as opened:
        match, dropped = undo_facts(opened.match)
        table = replay(opened.ruleset, match, opened.table.rounds[:len(match.rounds)], kept=len(match.rounds))
        return Change(opened, _saved(opened, match, table), dropped=dropped)


def redo(source: MatchSource, number: int | None = None) -> Change:
    """Put back what an undo, delete or edit took out: change ``number`` of the match's history (as
    ``history`` lists them, 1 the oldest), or the newest not yet put back; ``restored`` says what."""
    from scorekeeper.match.amend import redo as redo_facts  # start-up

    with _changing(source) as opened:
        match, table, restored = redo_facts(opened.match, opened.ruleset, number, opened.table.rounds)
        return Change(opened, _saved(opened, match, table), restored=restored)


def write_back(opened: OpenMatch, over: bool = False) -> Change:
    """Write the match a caller holds (a live session) to its file again, after another program removed the
    file; refused (MatchChanged) when a file is there: another command wrote one meanwhile, never written over.
    With ``over``, a file still as the caller read it is written again (after a write failed: a full disk)."""
    with match_lock(opened.path):
        if over and os.path.exists(opened.path):
            check_unchanged(opened.path, opened.stamp)
        elif os.path.exists(opened.path):
            raise MatchChanged(_("{path} is there again: nothing was written").format(path=opened.path))
        return Change(opened, _saved(opened, opened.match, opened.table))


def history(source: str | os.PathLike[str] | OpenMatch) -> tuple[tuple[int, Revision, str], ...]:
    """The changes that took facts out of the match, newest first: (number, the change, it in words)."""
    from scorekeeper.match.revisions import describe  # start-up

    opened = source if isinstance(source, OpenMatch) else open_match(os.fspath(source))
    return tuple((number, entry, describe(entry))
                 for number, entry in reversed(list(enumerate(opened.match.history, start=1))))


def score(source: MatchSource, player: str, points: int | None = None, count: int | None = None) -> Change:
    """Add a claim made during play to the hand in progress: ``points`` claimed by ``player`` (a name as
    typed), or the ``count`` of the open ends, which the ruleset turns into points. A claim the ruleset
    cannot produce is refused."""
    if (points is None) == (count is None):
        raise InputError(_("give the points claimed (score Ann 10) or the count of the open ends (score Ann "
                           "--count 15), one of them"))
    from scorekeeper.match.claims import add_claim  # start-up: only the points races

    with _changing(source) as opened:
        match = add_claim(opened.match, opened.ruleset, player, points, opened.table.over, count)
        # the rounds are unchanged (the same objects): only the claims are scored
        table = replay(opened.ruleset, match, opened.table.rounds, kept=len(match.rounds))
        return Change(opened, _saved(opened, match, table), claim=match.pending[-1])
