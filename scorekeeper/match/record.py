"""Recording facts: build a round from what was typed, check it against the match and ruleset, append it.

Everything here is pure: a new ``Match`` comes back, and nothing is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from scorekeeper.domain.facts import (
    Claim,
    Ending,
    Hand,
    Match,
    Round,
    Ruling,
    Side,
    Undoing,
    singles,
)
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import FactError, InputError, StateError, quoted
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match.checks import as_rulings, breaches_found, check_round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import Teams
from scorekeeper.scoring.checked import before_link, sealed
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.lead import lead_problem, opening as lead_opening

if TYPE_CHECKING:  # start-up: a type only here
    from scorekeeper.domain.plays import Play


def resolve_player(match: Match, name: str) -> str:
    """The seated player a typed name means (exact, else by a unique start of the name in any case, ё as е),
    or InputError naming the players it could have meant."""
    if name in match.players:
        return name
    from scorekeeper.notation.names import match_player  # start-up: keeps names out where names are exact

    return match_player(match.players, name)


def build_round(match: Match, *, out: str | None = None, fish: bool = False,
                hands: Iterable[tuple[str, tuple[Tile, ...]]] = (), totals: Iterable[tuple[str, int]] = (),
                fisher: str | None = None, last: tuple[Tile, ...] = (), led: Tile | None = None,
                claims: Iterable[Claim] = (), plays: Iterable[Play] = (), plain_last: bool = False,
                plain_led: bool = False, rulings: Iterable[Ruling] = ()) -> Round:
    """Turn typed facts into a Round; names are resolved and each player's hand given once."""
    if out and fish:
        raise FactError(N_("a round ends either by an out or by a fish, not both: give {ending}"))
    if not out and not fish:
        raise FactError(N_("say how the round ended: {ending}"))
    given: dict[str, Hand] = {}
    for kind, pairs in ((N_("{player} is given {two_hands}: give {one_hand}"), [(p, Hand(tiles=t)) for p, t in hands]),
                        (N_("{player} is given {two_totals}: give {one_hand}"),
                         [(p, Hand(total=n)) for p, n in totals])):
        for typed, hand in pairs:
            player = resolve_player(match, typed)
            if player in given:
                both = N_("{player} is given a hand and a total: give {one_hand}")
                raise FactError(both if given[player].has_tiles != hand.has_tiles else kind, player=player)
            given[player] = hand
    return Round.of(ending=Ending.OUT if out else Ending.FISH, hands=given,
                 out=resolve_player(match, out) if out else None,
                 fisher=resolve_player(match, fisher) if fisher else None,
                 last=tuple(last), led=led, claims=tuple(claims), plain_last=plain_last, plain_led=plain_led,
                 plays=tuple(play._replace(player=resolve_player(match, play.player)) for play in plays),
                 rulings=tuple(rulings) if plays else ())


def record_round(match: Match, ruleset: Ruleset, rnd: Round, over: bool, scored=None, allow: bool = False) -> Match:
    """Append a round after checking it (``check_next``)."""
    return appended(match, check_next(match, ruleset, rnd, over, scored, allow))


def check_next(match: Match, ruleset: Ruleset, rnd: Round, over: bool, scored=None, allow: bool = False) -> Round:
    """The round ``match`` takes as its next, or refused: every check of a round (``checks.check_round``) and
    the lead on the hundred.  ``over`` is whether the match was already decided before it, and ``scored``
    the results of the rounds before it when the caller has them (else they are replayed when needed).

    The round's plays are held to the rules of play, led as the rounds before it say (``lead.opening``): each
    breach must be one of its rulings (the table's), else the round is refused naming it
    (``checks.Unallowed``); ``allow``: the table lets every breach found stand, and they become its rulings
    (the round returned holds them).  A round with its plays comes back sealed (``scoring.checked``): a read
    trusts what its check established."""
    if over:
        raise StateError(_("the match is over: no more rounds can be recorded (undo the last round to change "
                           "it, or start a new match)"))
    if rnd.plays and scored is None:
        scored = replay(ruleset, match).rounds
    rnd = with_rulings(match, ruleset, rnd, scored[-1] if scored else None, allow)
    if ruleset["hundred.enabled"]:
        if scored is None:
            scored = replay(ruleset, match).rounds
        problem = lead_problem(ruleset, match, scored[-1] if scored else None, rnd)
        if problem:
            raise InputError(problem)
    if rnd.plays:
        rnd = sealed(ruleset, match, rnd, before_link(match.rounds[-1] if match.rounds else None))
    return rnd


def appended(match: Match, rnd: Round) -> Match:
    """``match`` with ``rnd``, already checked (``check_next``), as its last round: the hand's pending claims
    are closed into it."""
    return match._replace(rounds=match.rounds + (rnd,), pending=(), hand=None)


def undo(match: Match) -> tuple[Match, str]:
    """Drop the last claim in progress, else the last round; returns the new match and what was dropped.

    Nothing is lost: what is dropped goes into the match's history, where ``redo`` finds it,
    and a dropped round's claims go back to the hand in progress (its hand is being played again)."""
    from scorekeeper.match.revisions import round_label, with_change  # start-up: keeps the undo log out of reads

    if match.pending:
        claim = match.pending[-1]
        history = with_change(match, Undoing.UNDO, len(match.rounds) + 1, claim=claim)
        return (match._replace(pending=match.pending[:-1], history=history),
                _("the claim of {points} by {player}").format(points=claim.points, player=claim.player))
    if not match.rounds:
        raise StateError(_("nothing to undo: no round has been recorded"))
    number = len(match.rounds)
    rnd = match.rounds[-1]
    how = round_label(rnd)
    said = _("round {number} ({facts})").format(number=number, facts=how)
    if rnd.claims:
        count = len(rnd.claims)
        said = ngettext("round {number} ({facts}; its {n} claim goes back to the hand)",
                        "round {number} ({facts}; its {n} claims go back to the hand)", count).format(
            number=number, facts=how, n=count)
    history = with_change(match, Undoing.UNDO, number, round=rnd.facts())
    return match._replace(rounds=match.rounds[:-1], pending=rnd.claims, history=history), said


def with_rulings(match: Match, ruleset: Ruleset, rnd: Round, previous, allow: bool = False) -> Round:
    """``rnd`` checked as a round being recorded after ``previous`` (a ``RoundResult``, None: first): its facts
    (``check_round``), and its plays' breaches held against its rulings; with ``allow`` every breach found
    becomes one of them (the table lets them stand).  The round comes back with its rulings."""
    opening = lead_opening(ruleset, match, previous)
    if allow and rnd.plays:
        check_round(match, ruleset, rnd)  # a play that cannot be scored is refused before anything is allowed
        rnd = rnd._replace(rulings=as_rulings(breaches_found(match, ruleset, rnd, opening)))
    check_round(match, ruleset, rnd, opening=opening)
    return rnd


NAME_LIMIT = 30
"""The longest name a new match seats: every table, echo and standings line names each player, and a
40-column screen shows a few of them side by side."""


def seating_problem(players: Iterable[str], team_names: Iterable[str] = ()) -> str | None:
    """Why these players (and team names) cannot sit at one table, or None: a name that is empty, padded,
    holds a control character or a separator, is longer than ``NAME_LIMIT``, or two names that fold alike
    (``names.fold``)."""
    from scorekeeper.notation.names import alike_problem, name_problem  # start-up: names only for a new table

    players = list(players)
    for player in players:
        problem = name_problem(player) or _too_long(player, N_("a player's name"))
        if problem:
            return problem
    for name in team_names:
        problem = name_problem(name, N_("a team's name"), "=,\"") or _too_long(name, N_("a team's name"))  # A+B
        if problem:
            return problem
    return alike_problem(players)


def _too_long(name: str, what: str) -> str | None:
    if len(name) <= NAME_LIMIT:
        return None
    return _("{name} cannot be {what}: a name at the table has at most {limit} characters").format(
        name=quoted(name, 40), what=_(what), limit=NAME_LIMIT)


def new_match(ruleset_spec: str, ruleset: Ruleset, players: Iterable[str] = (),
              teams: Iterable[tuple[str, ...]] = (), team_names: Iterable[str] = ()) -> Match:
    """Seat the players (or teams, partners opposite) and check them against the ruleset."""
    from scorekeeper.notation.names import fold  # start-up: names only for a new table

    teams = [tuple(name.strip() for name in team) for team in teams]  # typed names: padding is dropped
    players = [player.strip() for player in players]
    names = [name.strip() for name in team_names]
    if teams:
        if players:
            raise InputError(_("give either players or --team, not both"))
        if len(teams) != 2 or any(len(team) != 2 for team in teams):
            raise InputError(_("a pairs game needs two --team options of two players each (--team A,B --team "
                               "C,D)"))
        players = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]  # partners opposite
        if len(names) > 2:
            raise InputError(_("at most two --name options, one per team"))
        names += ["+".join(team) for team in teams[len(names):]]
        if fold(names[0]) == fold(names[1]):
            if names[0] == names[1]:
                raise InputError(_("both teams are called '{name}': give each --name a different name").format(
                    name=names[0]))
            raise InputError(_("both teams are called '{name}' ('{other}'): give each --name a different name")
                             .format(name=names[0], other=names[1]))
        for name, team in zip(names, teams):
            others = {fold(player) for player in players if player not in team}
            if fold(name) in others:
                raise InputError(_("the team {team} cannot be called '{name}': that is a player of the other "
                                   "team").format(team="+".join(team), name=name))
        sides = tuple(Side(name, team) for name, team in zip(names, teams))
    else:
        if names:
            raise InputError(_("--name names a --team"))
        if ruleset["players.teams"] is Teams.PAIRS:
            if len(players) != 4:
                raise InputError(_("{ruleset} is a pairs game: give --team A,B --team C,D (or four players, "
                                   "partners opposite: A C B D)").format(ruleset=ruleset.called))
            sides = (Side(f"{players[0]}+{players[2]}", (players[0], players[2])),
                     Side(f"{players[1]}+{players[3]}", (players[1], players[3])))
        else:
            sides = singles(tuple(players))
    problem = seating_problem(players, [side.name for side in sides if side.players != (side.name,)])
    if problem:
        raise InputError(problem)
    if teams and ruleset["players.teams"] not in (Teams.PAIRS, Teams.EITHER):
        raise InputError(_("{ruleset} is not a pairs game: --team needs a pairs ruleset (like goat-pairs)").format(
            ruleset=ruleset.called))
    low, high = ruleset["players.min"], ruleset["players.max"]
    if not low <= len(players) <= high:
        if high != low:
            raise InputError(ngettext("{ruleset} is played by {low} to {n} players, not {count}",
                                      "{ruleset} is played by {low} to {n} players, not {count}", high).format(
                ruleset=ruleset.called, low=low, n=high, count=len(players)))
        raise InputError(ngettext("{ruleset} is played by {n} players, not {count}",
                                  "{ruleset} is played by {n} players, not {count}", low).format(
            ruleset=ruleset.called, n=low, count=len(players)))
    return Match(ruleset=ruleset_spec, players=tuple(players), sides=sides)
