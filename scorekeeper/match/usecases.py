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

import functools
import os
import time
from contextlib import contextmanager
from typing import Iterable, Iterator, NamedTuple

from scorekeeper.domain.facts import Claim, Match, OpenHand, Revision, Round, RoundFacts
from scorekeeper.domain.plays import Play
from scorekeeper.errors import InputError, MatchFileError, StateError, raise_problems
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.opened import (
    OpenMatch,
    open_match,
    ruleset_moved,
    ruleset_reference,
    validate_match,
    validate_text,
)
from scorekeeper.match.checks import refuse_unallowed
from scorekeeper.match.record import (
    appended,
    build_round,
    check_next,
    new_match,
    resolve_player,
    seating_problem,
    undo as undo_facts,
)
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.checked import sealed_match
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.plausible import check_plausible
from scorekeeper.scoring.table import Table
from scorekeeper.storage.lock import match_lock
from scorekeeper.storage.matchfile import (
    dump_match,
    keep_aside,
    key_line,
    read_match_text,
    save_match,
)
from scorekeeper.storage.stamp import MatchChanged, check_unchanged

__all__ = ["Change", "Checked", "RoundFacts", "parse_round", "open_match", "new", "rematch", "import_match",
           "check", "record", "edit", "delete", "undo", "redo", "history", "score", "claim", "write_back",
           "keep_hand", "drop_hand"]


RoundInput = RoundFacts | str
"""A round as the flags give it, or as a round line (``notation.round_line``), read against the match it goes
into."""


def _facts(opened: OpenMatch, given: RoundInput) -> RoundFacts:
    max_pip = opened.ruleset["tiles.max_pip"]
    if isinstance(given, str):
        from scorekeeper.notation.round_line import read_round  # start-up: keeps the line reader out of flags

        return read_round(given, opened.match, opened.ruleset["count.partner_of_finisher"], max_pip)
    if isinstance(given.plays, str):  # a play line (``round --plays``), read against the match's players
        from scorekeeper.notation.play_line import parse_plays  # start-up: keeps the play line out of other rounds

        return given._replace(plays=parse_plays(given.plays, opened.match.players, max_pip))
    return given


def round_from_facts(match: Match, ruleset, facts: RoundFacts, rounds_before: int | None = None,
                     allow: bool = False) -> Round:
    """The round ``facts`` state: names resolved and each hand given once (``record.build_round``), the claims
    told with it checked (counts scored by the ruleset), and the hand's pending claims (``match.pending``)
    and in-play totals closed into it (the hand starts after ``rounds_before`` rounds; None: all of them).
    Not yet checked against the match: ``checks.check_round`` does that.

    Plays given (``facts.plays``) tell the end of the hand: what the facts leave out of it (the out or the
    fish, the last tile, the lead, the fisherman) is taken from the board; plays that stop before the end of
    the hand are refused for the first breach of a rule of play they show, unless ``allow``."""
    if facts.plays and ruleset is not None:
        facts = _seen_ending(match, ruleset, facts, allow)
    rnd = build_round(match, out=facts.out, fish=facts.fish, hands=facts.hands, totals=facts.totals,
                      fisher=facts.fisher, last=facts.last, led=facts.led, plays=facts.plays,
                      plain_last=facts.plain_last, plain_led=facts.plain_led, rulings=facts.rulings)
    if facts.claims or facts.play_points or match.pending:
        from scorekeeper.match.claims import claim_points, close_hand  # start-up: keeps claims out of others

        rnd = close_hand(match, ruleset, rnd._replace(claims=claim_points(ruleset, facts.claims)),
                         facts.play_points, rounds_before)
    return rnd


def _seen_ending(match: Match, ruleset, facts: RoundFacts, allow: bool = False) -> RoundFacts:
    """``facts`` with the end of the hand the plays show filled in where it was not told; what was told is
    left as it is, for ``checks.plays_agree`` to hold against the board."""
    from scorekeeper.scoring.board import follow_hand, refusal  # start-up: keeps the board out of a line without plays

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
        if not allow:  # a play out of turn, say, is the likelier mistake
            refuse_unallowed(plays, followed.breaches, facts.rulings)
        raise InputError(_("the plays stop before the hand is over (it is {player}'s turn): give the rest of "
                           "the plays, or say how the round ended").format(player=followed.turn))
    return facts


def parse_round(text: str, match: Match, ruleset=None) -> Round:
    """The round a line describes, built as ``record`` builds the flags' facts: the hand's pending
    claims, the line's claims (checked against ``ruleset``, counts scored by it) and its in-play totals are
    closed into it.  The round is not yet checked against the match (``checks.check_round`` does that)."""
    from scorekeeper.notation.round_line import is_claims_only, read_round  # start-up: as in _facts

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
    settled: tuple = ()
    """Breaches of how a round was led that the change made (a round moved up to first, or now led after
    another round), kept as that round's rulings: (round number, ``scoring.finding.Finding``)."""

    @property
    def match(self) -> Match:
        return self.after.match

    @property
    def unchanged(self) -> bool:
        """Nothing changed (an edit to the facts the round holds): nothing was written."""
        return self.after is self.before

    @property
    def table(self) -> Table:
        return self.after.table

    def unchanged_said(self) -> str:
        """What an edit that changed nothing says (``unchanged``), in ``edit`` and in 'play' alike."""
        return _("Round {number} already holds these facts: nothing was changed.").format(number=self.number)

    @property
    def path(self) -> str:
        return self.after.path


MatchSource = str | os.PathLike | OpenMatch
"""Where a use case finds the match: its file, or the open match a caller already holds."""


READS = 20
"""How often a use case reads a match file that other commands keep changing under it before it gives up:
each read that comes too late means that another command's change landed meanwhile."""


class _ReadAgain(Exception):
    """The match file changed between a use case's read and its write: nothing was written; read it again."""


def _read_again(use_case):
    """Run ``use_case`` again, from a new read of the file, when another command changed the match between its
    read and its write (``_changing``), up to ``READS`` times."""
    @functools.wraps(use_case)
    def changing(source, *args, **kwargs):
        for _attempt in range(READS):
            try:
                return use_case(source, *args, **kwargs)
            except _ReadAgain:
                continue
        path = source.path if isinstance(source, OpenMatch) else os.fspath(source)
        raise StateError(_("other commands kept changing {path} while this one read it ({reads} times): nothing "
                           "was written; try again").format(path=path, reads=READS))
    return changing


@contextmanager
def _changing(source: MatchSource, hand: bool = True) -> Iterator[OpenMatch]:
    """The match a use case changes: the state a caller holds, or the match opened and checked from its file.
    Neither is read nor checked under the lock: ``_saved`` takes it for the write alone, once it is sure the
    file is still the version that was read (``storage.stamp``), so that a long match's replay never makes
    another writer wait. When another command changed the file meanwhile, a state the caller holds is refused
    (MatchChanged) and a match opened here is read again (``_read_again`` runs the use case once more).
    ``hand``: as for ``open_match``."""
    if isinstance(source, OpenMatch):
        yield source
        return
    try:
        yield open_match(os.fspath(source), hand=hand)
    except MatchChanged:
        raise _ReadAgain from None


@contextmanager
def _writing(opened: OpenMatch) -> Iterator[None]:
    """The match's write lock, held while the change is written, once the file is known to be the version
    ``opened`` was read from (MatchChanged otherwise)."""
    with match_lock(opened.path):
        check_unchanged(opened.path, opened.stamp)
        yield


def _saved(opened: OpenMatch, match: Match, table: Table) -> OpenMatch:
    if match.hand is not None and table.over:  # an edit, a delete or a redo that decides the match under it
        plays = len(match.hand.plays)
        raise StateError(ngettext(
            "after this change the match is decided, but a hand is in play in {path} ({n} play, typed in "
            "'scorekeeper play'): drop it first with 'scorekeeper undo --hand'; nothing was written",
            "after this change the match is decided, but a hand is in play in {path} ({n} plays, typed in "
            "'scorekeeper play'): drop it first with 'scorekeeper undo --hand'; nothing was written",
            plays).format(path=opened.path, n=plays))
    match, table = _sealed(opened.ruleset, match, table, opened.match)
    text = dump_match(match)  # worked out before the lock (a long match's lines): under it, only the write
    with _writing(opened):
        return _written(opened, match, table, text)


def _written(opened: OpenMatch, match: Match, table: Table, text: str) -> OpenMatch:
    """Write ``match`` (its ``text``) to the file ``opened`` came from; the caller holds the lock."""
    stamp = save_match(match, opened.path, text)
    return OpenMatch(opened.path, match._replace(path=opened.path), opened.ruleset, table, stamp)


def _sealed(ruleset, match: Match, table: Table, known: Match | None = None) -> tuple[Match, Table]:
    """``match`` as it is written: every round checked when it was opened or changed, sealed where its seal
    does not hold (``scoring.checked``; ``known``: the match it was changed from, as ``sealed_match`` takes
    it); and ``table`` scored from those very rounds, so that the next change resumes from it (``replay``'s
    ``kept``)."""
    sealed = sealed_match(ruleset, match, known)
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
    ruleset, match = _new_match(path, rules, players, teams, team_names, lang)
    _refuse_existing(path, force, restart=True)  # after what was typed is checked: a typo is said first
    return _put_in_place(path, match, ruleset, replay(ruleset, match), force, "start over")


def check_new(path: str | os.PathLike[str], rules: str = "goat", players: tuple[str, ...] = (),
              teams: tuple[str, ...] = (), team_names: tuple[str, ...] = ()) -> None:
    """What ``new`` checks of what was typed (the ruleset, the players, the teams), refused as it refuses it;
    nothing is written: a command that will refuse the match already at ``path`` says a typo first."""
    _new_match(os.fspath(path), rules, players, teams, team_names)


def _new_match(path: str, rules: str, players: tuple[str, ...], teams: tuple[str, ...],
               team_names: tuple[str, ...], lang: str = "") -> tuple[Ruleset, Match]:
    ruleset = load_ruleset(rules)
    split = [tuple(name.strip() for name in team.split(",")) for team in teams]
    return ruleset, new_match(ruleset_reference(rules, path), ruleset, players, split, team_names)._replace(lang=lang)


def import_match(path: str | os.PathLike[str], source: str | os.PathLike[str], force: bool = False) -> Change:
    """Make the match at ``path`` the one the export ``source`` holds (a JSON export or a TOML match log),
    its facts checked as a match file's, every problem raised with its line. An existing match is refused
    unless ``force``, and then kept aside as ``new`` keeps it (``kept``)."""
    from scorekeeper.storage.exchange import is_json, parse_export  # start-up: keeps the reader of exports out

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
    match = match._replace(ruleset=ruleset_moved(match.ruleset, source, path))  # a file: named from the new place
    return _put_in_place(path, match, opened.ruleset, opened.table, force, "replace it",
                         "" if is_json(text) else text)  # a TOML log's comments are the match's


def _check_names(match: Match, text: str, file: str) -> None:
    """Names are checked as 'new' checks typed ones: an export edited by hand may hold a padded name, a
    control character, or two names that match alike."""
    problem = seating_problem(match.players, [side.name for side in match.sides if side.players != (side.name,)])
    if problem:
        raise MatchFileError(problem, file, key_line(text, "players"), "players")


def _put_in_place(path: str, match: Match, ruleset, table: Table, force: bool, remedy: str,
                  comments_of: str = "") -> Change:
    """Write ``match`` as the match at ``path`` (``new``, ``import_match``: the comments of ``comments_of``),
    under the lock: refused when one is there unless ``force``, and then the one there is kept aside under a
    dated name first (``kept``): nothing of a match is ever lost by a command that replaces it."""
    match, table = _sealed(ruleset, match, table)
    text = dump_match(match)  # worked out before the lock: under it, only the write
    with match_lock(path):
        _refuse_existing(path, force, remedy)  # again: another command may have started one meanwhile
        return _replace_held(path, match, ruleset, table, text=text, comments_of=comments_of)


def _replace_held(path: str, match: Match, ruleset, table: Table, before: OpenMatch | None = None,
                  text: str | None = None, comments_of: str = "") -> Change:
    """Keep the match at ``path`` (if any) aside under a dated name, then write ``match`` (its ``text``, when
    worked out already) there, with the comments of ``comments_of`` (the export it comes from), never those of
    the match kept aside; the caller holds the lock."""
    kept = keep_aside(path, _now()) if os.path.exists(path) else None
    stamp = save_match(match, path, text, comments_of)
    return Change(before, OpenMatch(path, match._replace(path=path), ruleset, table, stamp), kept=kept)


@_read_again
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
        table = replay(opened.ruleset, match)
        with _writing(opened):
            return _replace_held(path, match, opened.ruleset, table, before=opened)


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


class Checked(NamedTuple):
    """A round built from its facts and checked as the next round of a match, not yet recorded: what
    ``check`` gives and ``record`` takes (a live session asks about a fact the line left out between the
    two, and records the round it checked, which is not built nor checked again)."""

    opened: OpenMatch
    """The match it was checked against: ``record`` on another state builds and checks it again."""
    facts: RoundFacts
    round: Round
    allow: bool = False
    """The table let every breach of a rule of play found stand (the round holds them as its rulings)."""


def check(source: MatchSource, facts: RoundInput, allow: bool = False) -> Checked:
    """The round ``facts`` (or a round line) would record next in the match, built and checked as ``record``
    checks it (InputError, StateError; ``checks.Unallowed`` for a breach of a rule of play not let stand, or
    with ``allow`` the breaches found kept as its rulings); nothing is written.  Whether no table could have
    ended it so (Implausible) is ``record``'s to ask, since the scorer may confirm it."""
    opened = source if isinstance(source, OpenMatch) else open_match(os.fspath(source))
    facts = _facts(opened, facts)
    _ends_the_hand(opened, facts)
    rnd = round_from_facts(opened.match, opened.ruleset, facts, allow=allow)
    rnd = check_next(opened.match, opened.ruleset, rnd, opened.table.over, opened.table.rounds, allow)
    return Checked(opened, facts, rnd, allow)


def in_play(opened: OpenMatch) -> StateError:
    """The refusal of a change a hand in play forbids: it would be lost (it is finished, undone or dropped in
    'play', explicitly)."""
    plays = len(opened.match.hand.plays)
    return StateError(ngettext("a hand is in play in {path} ({n} play, typed in 'scorekeeper play'): finish it "
                               "there, or drop it with 'scorekeeper undo --hand'; nothing was written",
                               "a hand is in play in {path} ({n} plays, typed in 'scorekeeper play'): finish it "
                               "there, or drop it with 'scorekeeper undo --hand'; nothing was written",
                               plays).format(path=opened.path, n=plays))


def _ends_the_hand(opened: OpenMatch, facts: RoundFacts) -> None:
    """A round recorded while a hand is in play is that hand's: its plays start with the plays kept (else the
    hand would be lost, and the round is refused)."""
    hand = opened.match.hand
    if hand is None:
        return
    plays = tuple(facts.plays) if not isinstance(facts.plays, str) else ()
    if plays[:len(hand.plays)] != hand.plays:
        raise in_play(opened)


@_read_again
def keep_hand(source: MatchSource, hand: OpenHand | None) -> Change:
    """Keep the hand in play, as far as it is typed, in the match (None: drop it): a session writes it after each
    play, so that a session that dies or is quit resumes it.  Its plays are checked as the file's are when it
    is read (a play that cannot be scored is refused); its breaches are the table's to decide."""
    from scorekeeper.match.opened import hand_problem  # start-up: only a hand typed play by play

    with _changing(source) as opened:
        if opened.table.over and hand is not None:
            raise StateError(_("the match is over: a hand cannot be played in it"))
        match = opened.match._replace(hand=hand)
        if hand is not None:
            problem = hand_problem(match, opened.ruleset)
            if problem:
                raise InputError(problem)
        # the rounds are unchanged (the same objects): only the hand in play is followed
        table = replay(opened.ruleset, match, opened.table.rounds, kept=len(match.rounds))
        return Change(opened, _saved(opened, match, table))


@_read_again
def record(source: MatchSource, facts: RoundInput | Checked, confirmed: bool = False, allow: bool = False) -> Change:
    """Record the next round from ``facts`` (or a round line, or the round ``check`` gave for the state the
    caller holds: it is not built nor checked again); the hand's claims (from ``score``) and
    ``facts.play_points`` are closed into it. Only the new round is scored. A round no table could have
    ended that way is refused (Implausible, with the reason) unless ``confirmed``. A rule of play the plays
    break is refused (``checks.Unallowed``) unless it is one of the round's rulings (``facts.rulings``), or
    ``allow``: the table lets every breach found stand, kept with the round (its ``rulings``)."""
    with _changing(source) as opened:
        if isinstance(facts, Checked):
            allow = allow or facts.allow
        checked = facts if isinstance(facts, Checked) and facts.opened is opened and facts.allow == allow else \
            check(opened, facts.facts if isinstance(facts, Checked) else facts, allow)
        rnd = checked.round
        if not confirmed:
            check_plausible(opened.match, opened.ruleset, rnd)
        match = appended(opened.match, rnd)
        # only the new round is scored: the rounds before it are the very ones the table was scored from
        table = replay(opened.ruleset, match, opened.table.rounds, kept=len(opened.match.rounds))
        return Change(opened, _saved(opened, match, table), number=len(match.rounds))


@_read_again
def edit(source: MatchSource, number: int, facts: RoundInput, clear_points: bool = False,
         confirmed: bool = False, allow: bool = False) -> Change:
    """Replace round ``number``'s facts with ``facts`` (or a round line; checked as ``record`` checks them,
    ``allow`` as it takes it); the rounds after it are re-scored. Facts the round holds already change nothing:
    the Change's ``after`` is its ``before`` (``unchanged``), and nothing is written. The points made during play:
    ``facts.play_points`` and ``facts.claims`` replace all of the round's (its claims and in-play totals),
    ``clear_points`` clears them, and with neither the old ones are kept."""
    from scorekeeper.match.amend import check_number, edit_round  # start-up: keeps amend out of other commands

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
        rnd = round_from_facts(opened.match._replace(pending=()), opened.ruleset, facts, rounds_before=number - 1,
                               allow=allow)
        keep = not (clear_points or in_play)
        match, table, settled = edit_round(opened.match, opened.ruleset, number, rnd, keep_in_play=keep,
                                           scored=opened.table.rounds, allow=allow)
        if match.rounds == opened.match.rounds and match.pending == opened.match.pending:
            return Change(opened, opened, number=number)  # the facts it holds: nothing written, nothing to redo
        if not confirmed:
            check_plausible(opened.match, opened.ruleset, rnd)
        return Change(opened, _saved(opened, match, table), number=number, settled=settled)


def _with_hands_of(rnd: Round, facts: RoundFacts) -> RoundFacts:
    """New plays for a recorded round (``edit N --plays``): the hands held at the end are kept, and the end of
    the hand is seen again from the new plays."""
    hands = tuple((player, hand.tiles) for player, hand in rnd.hands.items() if hand.tiles is not None)
    totals = tuple((player, hand.total) for player, hand in rnd.hands.items() if hand.tiles is None)
    return facts._replace(hands=hands, totals=totals)


@_read_again
def delete(source: MatchSource, number: int) -> Change:
    """Delete round ``number``; the later rounds move up one and are re-scored."""
    from scorekeeper.match.amend import delete_round  # start-up: keeps amend out of other commands

    with _changing(source) as opened:
        match, table, settled = delete_round(opened.match, opened.ruleset, number, opened.table.rounds)
        return Change(opened, _saved(opened, match, table), number=number, settled=settled)


@_read_again
def undo(source: MatchSource) -> Change:
    """Take back the last play of the hand in play, when there is one (as ``undo`` does in ``play``; a play
    taken back is typed again, it is not kept for ``redo``); else drop the last claim of the hand in progress,
    else the last round (its claims go back to the hand in progress); ``dropped`` says which. What a claim or
    a round dropped is kept in the match's history, for ``redo``."""
    with _changing(source) as opened:
        if opened.match.hand is not None:
            return _play_taken_back(opened)
        match, dropped = undo_facts(opened.match)
        table = replay(opened.ruleset, match, opened.table.rounds[:len(match.rounds)], kept=len(match.rounds))
        return Change(opened, _saved(opened, match, table), dropped=dropped)


def _play_taken_back(opened: OpenMatch) -> Change:
    """``undo`` with a hand in play: its last play (and the table's ruling on it, if any) taken back; a hand
    left with no play is no hand in play."""
    from scorekeeper.notation.play_line import said_play  # start-up: only a hand typed play by play

    hand = opened.match.hand
    number = len(hand.plays)
    kept = hand._replace(plays=hand.plays[:-1], rulings=tuple(ruling for ruling in hand.rulings
                                                              if ruling.play < number))
    match = opened.match._replace(hand=kept if kept.plays else None)
    table = replay(opened.ruleset, match, opened.table.rounds, kept=len(match.rounds))
    dropped = _("play {number} of the hand in play ({play})").format(
        number=number, play=said_play(hand.plays[-1], opened.match.players))
    return Change(opened, _saved(opened, match, table), dropped=dropped)


@_read_again
def drop_hand(source: MatchSource) -> Change:
    """Drop the hand in play, every play of it (``undo --hand``; 'undo all' in ``play``); ``dropped`` gives its
    plays as a play line, so that the hand can be typed again.  Refused (StateError) when no hand is in play.
    A hand that no longer replays (typed into the file by hand) is dropped too: every error about it names
    this as the way out."""
    from scorekeeper.notation.play_line import format_plays  # start-up: only a hand typed play by play

    with _changing(source, hand=False) as opened:
        hand = opened.match.hand
        if hand is None:
            raise StateError(_("no hand is in play in {path}: nothing was written").format(path=opened.path))
        match = opened.match._replace(hand=None)
        table = replay(opened.ruleset, match, opened.table.rounds, kept=len(match.rounds))
        return Change(opened, _saved(opened, match, table), dropped=format_plays(hand.plays))


@_read_again
def redo(source: MatchSource, number: int | None = None) -> Change:
    """Put back what an undo, delete or edit took out: change ``number`` of the match's history (as
    ``history`` lists them, 1 the oldest), or the newest not yet put back; ``restored`` says what."""
    from scorekeeper.match.amend import redo as redo_facts  # start-up: keeps amend out of other commands

    with _changing(source) as opened:
        match, table, restored, settled = redo_facts(opened.match, opened.ruleset, number, opened.table.rounds)
        return Change(opened, _saved(opened, match, table), restored=restored, settled=settled)


def write_back(opened: OpenMatch, over: bool = False) -> Change:
    """Write the match a caller holds (a live session) to its file again, after another program removed the
    file; refused (MatchChanged) when a file is there: another command wrote one meanwhile, never written over.
    With ``over``, a file still as the caller read it is written again (after a write failed: a full disk)."""
    text = dump_match(opened.match)
    with match_lock(opened.path):
        if over and os.path.exists(opened.path):
            check_unchanged(opened.path, opened.stamp)
        elif os.path.exists(opened.path):
            raise MatchChanged(_("{path} is there again: nothing was written").format(path=opened.path))
        return Change(opened, _written(opened, opened.match, opened.table, text))


def history(source: str | os.PathLike[str] | OpenMatch) -> tuple[tuple[int, Revision, str], ...]:
    """The changes that took facts out of the match, newest first: (number, the change, it in words)."""
    from scorekeeper.match.revisions import describe  # start-up: keeps the undo log's words out of changes

    opened = source if isinstance(source, OpenMatch) else open_match(os.fspath(source))
    return tuple((number, entry, describe(entry))
                 for number, entry in reversed(list(enumerate(opened.match.history, start=1))))


@_read_again
def score(source: MatchSource, player: str, points: int | None = None, count: int | None = None) -> Change:
    """Add a claim made during play to the hand in progress: ``points`` claimed by ``player`` (a name as
    typed), or the ``count`` of the open ends, which the ruleset turns into points. A claim the ruleset
    cannot produce is refused."""
    if (points is None) == (count is None):
        raise InputError(_("give the points claimed (score Ann 10) or the count of the open ends (score Ann "
                           "--count 15), one of them"))
    with _changing(source) as opened:
        if opened.match.hand is not None:
            raise in_play(opened)
        return _claimed(opened, ((player, points, count),))


@_read_again
def claim(source: MatchSource, told: Iterable[tuple[str, int, bool]]) -> Change:
    """Add the claims a round line tells without its round (``RoundFacts.claims``: ``(player, points or
    count, is_count)``, as ``play`` takes 'Ann +15 Bob count 20') to the hand in progress: all or none, in
    one write, each checked on the hand as it is after the ones before it (one may end the match)."""
    from scorekeeper.match.claims import claim_points  # start-up: keeps claims out of other commands

    with _changing(source) as opened:
        if opened.match.hand is not None:
            raise in_play(opened)
        claims = claim_points(opened.ruleset, told)  # a refusal names the claim as it was told
        # a count is kept as the count (it converts under another ruleset), the points as points
        return _claimed(opened, tuple((each.player, None if each.count is not None else each.points, each.count)
                                      for each in claims))


def _claimed(opened: OpenMatch, claims: tuple[tuple[str, int | None, int | None], ...]) -> Change:
    """Add ``claims`` (player, points, count) to the hand in progress of the match a use case holds under
    its lock, all or none, and save once."""
    from scorekeeper.match.claims import add_claim  # start-up: keeps claims out of other commands

    match, table = opened.match, opened.table
    for player, points, count in claims:
        match = add_claim(match, opened.ruleset, player, points, table.over, count)
        # the rounds are unchanged (the same objects): only the claims are scored
        table = replay(opened.ruleset, match, table.rounds, kept=len(match.rounds))
    return Change(opened, _saved(opened, match, table), claim=match.pending[-1])
