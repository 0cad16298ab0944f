"""Recording facts: build a round from what was typed, check it against the match and ruleset, append it.

Everything here is pure: a new ``Match`` comes back, and nothing is written.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from scorekeeper.errors import FactError, InputError, StateError
from scorekeeper.domain.facts import FISH, OUT, Claim, Ending, Hand, Match, Round, Side, singles
from scorekeeper.domain.memo import once_per
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishPolicy, HandValue, Teams
from scorekeeper.domain.tiles import Tile, TileSet


def resolve_player(match: Match, name: str) -> str:
    """The seated player a typed name means (exact, else by a unique start of the name in any case, ё as е),
    or InputError naming the players it could have meant."""
    if name in match.players:
        return name
    from scorekeeper.notation.names import match_player

    return match_player(match.players, name)


def build_round(match: Match, *, out: str | None = None, fish: bool = False,
                hands: Iterable[tuple[str, tuple[Tile, ...]]] = (), totals: Iterable[tuple[str, int]] = (),
                fisher: str | None = None, last: tuple[Tile, ...] = (), led: Tile | None = None,
                claims: Iterable[Claim] = ()) -> Round:
    """Turn typed facts into a Round; names are resolved and each player's hand given once."""
    if out and fish:
        raise FactError("a round ends either by an out or by a fish, not both: give {ending}")
    if not out and not fish:
        raise FactError("say how the round ended: {ending}")
    given: dict[str, Hand] = {}
    for kind, pairs in (("{two_hands}", [(p, Hand(tiles=t)) for p, t in hands]),
                        ("{two_totals}", [(p, Hand(total=n)) for p, n in totals])):
        for typed, hand in pairs:
            player = resolve_player(match, typed)
            if player in given:
                both = "a hand and a total" if given[player].has_tiles != hand.has_tiles else kind
                raise FactError(f"{{player}} is given {both}: give {{one_hand}}", player=player)
            given[player] = hand
    return Round.of(ending=Ending.OUT if out else Ending.FISH, hands=given,
                 out=resolve_player(match, out) if out else None,
                 fisher=resolve_player(match, fisher) if fisher else None,
                 last=tuple(last), led=led, claims=tuple(claims))


def check_round(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Raise InputError naming the first thing wrong with a round's facts."""
    round_checker(match, ruleset)(rnd)


def round_checker(match: Match, ruleset: Ruleset) -> Callable[[Round], None]:
    """``check_round`` for the rounds of one match under one ruleset, what it needs of them worked out once:
    every command checks every round of the match."""
    tileset, pips, most, fisherman_pays, blocker_multiplied, in_tiles = _limits(ruleset)
    players = match.players
    seated = frozenset(players)
    seats = len(players)
    pips_of = pips.__getitem__

    def check(rnd: Round) -> None:
        # The round's fields taken at once (each attribute of a NamedTuple is a lookup of its own).  Where a
        # check walks players or tiles, it first asks at C speed (set operations) whether anything is wrong,
        # and only then walks them to say what.
        ending, hands, out, fisher, last, led, claims, play_points, _ = rnd
        if not seated.issuperset(hands):
            unknown = next(player for player in hands if player not in seated)
            raise InputError(f"unknown player '{unknown}' (players: {', '.join(players)})")
        if (out and out not in seated) or (fisher and fisher not in seated):
            unknown = out if out and out not in seated else fisher
            raise InputError(f"unknown player '{unknown}' (players: {', '.join(players)})")
        if ending is OUT:
            if not out:
                raise InputError("an out round needs the player who went out")
            if out in hands:
                raise InputError(f"{out} went out and holds nothing: give no hand or total for {out}")
            if fisher:
                raise FactError("{fisher} is for a blocked round ({fish}), not an out")
        else:
            if out:
                raise InputError("a blocked round has nobody who went out")
            if last:
                raise FactError("{last} is the tile someone went out with: a blocked round has none")
            if fisherman_pays and not fisher:
                raise FactError("this ruleset makes the fisherman pay: say who made the fish ({fisher})")
        if len(hands) + bool(out) < seats:
            missing = [player for player in players if player != out and player not in hands]
            uncounted = not_counted(match, ruleset, rnd)
            missing = [player for player in missing if player not in uncounted]
            if missing:
                besides = f" and {uncounted[0]} (not counted: partner of {out})" if uncounted else ""
                who = "every player" if out is None else "every player except the one who went out"
                raise FactError("no hand for {missing}: {who}{besides} needs {hand} or {total}",
                                missing=", ".join(missing), who=who, besides=besides)
        held = 0
        shown: list[Tile] = []
        for player, (tiles, total) in hands.items():
            if tiles is None:
                if not 0 <= total <= most:
                    _tile_problem(rnd, tileset, player)  # a tile problem in an earlier hand comes first
                    raise InputError(f"{player}'s total is negative ({total})" if total < 0 else
                                     f"{player}'s total {total} is more than a whole {tileset.name} set holds "
                                     f"({most})")
                held += total
            elif tiles:
                shown += tiles
            else:
                _tile_problem(rnd, tileset, player)
                raise InputError(f"{player} holds no tiles: only the player who went out has an empty hand "
                                 "(in a blocked round everyone still holds tiles)")
        distinct: set[Tile] | tuple = ()
        if shown:
            distinct = set(shown)
            try:
                held += sum(map(pips_of, shown))
            except KeyError:  # a tile not in the set
                _tile_problem(rnd, tileset)
            if len(distinct) < len(shown):
                _tile_problem(rnd, tileset)
        if last or led:
            if led or len(last) > 1 or last[0] in distinct or last[0] not in pips:
                _check_played_tiles(rnd, tileset, {tile: player for player, hand in hands.items()
                                                   for tile in hand.tiles or ()})
            held += sum(map(pips_of, last))  # in the set: a tile that is not was refused just above
        if held > most:
            raise InputError(f"the hands add up to {held} pips, more than a whole {tileset.name} set holds "
                             f"({most})")
        for claim in claims + play_points:
            if claim.player not in seated:
                raise InputError(f"unknown player '{claim.player}' in a claim")
            if claim.points < 0:
                raise InputError(f"a claim cannot be negative ({claim.player} {claim.points})")
            if claim.count is not None and claim.count < 0:
                raise InputError(f"a count cannot be negative ({claim.player} count {claim.count})")
        if in_tiles:
            _check_tiles_known(match, ruleset, rnd)
        if blocker_multiplied and ending is FISH and not fisher:
            raise FactError("this ruleset multiplies the points of the player who made the last play: say who "
                            "made the fish ({fisher})")

    return check


def _tile_problem(rnd: Round, tileset: TileSet, before: str | None = None) -> None:
    """Raise InputError for the first tile, in the hands' order (up to the hand of ``before``), outside the set
    or held twice."""
    seen: dict[Tile, str] = {}
    for player, hand in rnd.hands.items():
        if player == before:
            return
        for tile in hand.tiles or ():
            if tile not in tileset or tile in seen:
                tileset.check(hand.tiles, f" ({player}'s hand)")  # the hand's own problem first
                raise InputError(f"tile {tile} is in two hands: {seen[tile]}'s and {player}'s")
            seen[tile] = player


class _Limits(NamedTuple):
    """What checking a round needs of its ruleset, worked out once per ruleset (every round is checked)."""

    tileset: TileSet
    pips: dict[Tile, int]
    """Every tile of the set (what ``TileSet.__contains__`` accepts) and its pips."""
    most: int
    fisherman_pays: bool
    blocker_multiplied: bool
    in_tiles: bool
    """``count.hand_value = tiles``: a hand given as a total must prove its tiles."""


_LIMITS: dict = {}


def _limits(ruleset: Ruleset) -> _Limits:
    return once_per(_LIMITS, ruleset, _work_out_limits, ruleset)


def _work_out_limits(ruleset: Ruleset) -> _Limits:
    tileset = ruleset.tileset
    return _Limits(tileset, {tile: tile.pips for tile in tileset.tiles()}, tileset.pips,
                   ruleset["fish.policy"] is FishPolicy.FISHERMAN_PAYS, ruleset["count.blocker_multiplier"] > 1,
                   ruleset["count.hand_value"] is HandValue.TILES)


def _check_tiles_known(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """``count.hand_value = tiles`` (rules.md §5.5): a hand counts 1 a tile and 2 a double, which a pip total
    does not tell, unless it proves the tiles (a total of 0 is the lone 0-0, rules.md §6.2).  Refuse the first
    other total, naming its player."""
    totals = [player for player, hand in rnd.hands.items() if hand.tiles is None]
    if not totals:
        return
    from scorekeeper.scoring.hands import deduce_hands

    proved = deduce_hands(ruleset, match, rnd)
    for player in totals:
        if player not in proved:
            raise FactError(f"{{player}}'s hand is only a total ({rnd.hands[player].total}): {ruleset.name} counts "
                            "the tiles left, 1 a tile and 2 a double (count.hand_value = tiles), which a total does "
                            "not tell: give {player}'s tiles as {hand}", player=player)


def not_counted(match: Match, ruleset: Ruleset, rnd: Round) -> tuple[str, ...]:
    """Players whose hand the ruleset does not count this round, so it need not be given: in pairs, the
    partner of the player who went out when ``count.partner_of_finisher`` is false (rules.md §2.8); every
    player, on an out, when only the hand won scores (``count.hand_won``, rules.md §5.4)."""
    if rnd.ending is not Ending.OUT or not rnd.out:
        return ()
    if ruleset["count.hand_won"]:
        return tuple(player for player in match.players if player != rnd.out)
    if ruleset["count.partner_of_finisher"]:
        return ()
    try:
        side = match.side_of(rnd.out)
    except KeyError:
        return ()
    return tuple(player for player in side.players if player != rnd.out)


def _check_played_tiles(rnd: Round, tileset, held: dict[Tile, str]) -> None:
    if len(rnd.last) > 2:
        raise FactError("{last} is one tile, or the two doubles laid at once")
    if len(rnd.last) == 2 and not all(tile.is_double for tile in rnd.last):
        raise FactError("{two_last} must both be doubles (laid one on each end), not {one} and {two}",
                        one=rnd.last[0], two=rnd.last[1])
    if len(rnd.last) == 2 and rnd.last[0] == rnd.last[1]:
        raise FactError("{tile} is given twice as {last}", tile=rnd.last[0])
    if rnd.led and rnd.led in rnd.last:
        raise FactError("{tile} cannot be both {led} (the tile that opened the round) and {last}: a tile is "
                        "played once", tile=rnd.led)
    played = [("last", tile) for tile in rnd.last] + ([("led", rnd.led)] if rnd.led else [])
    for fact, tile in played:
        if tile not in tileset:
            raise FactError(f"tile {{tile}} is not in a {{tileset}} set ({{{fact}}})", tile=tile, tileset=tileset.name)
        if tile in held:
            raise FactError(f"{{tile}} was played ({{{fact}}}) but is also in {{player}}'s hand", tile=tile,
                            player=held[tile])


def record_round(match: Match, ruleset: Ruleset, rnd: Round, over: bool, scored=None) -> Match:
    """Append a checked round; ``over`` is whether the match was already decided before it, and ``scored``
    the results of the rounds before it when the caller has them (else they are replayed when needed)."""
    if over:
        raise StateError("the match is over: no more rounds can be recorded (undo the last round to change it, "
                         "or start a new match)")
    check_round(match, ruleset, rnd)
    if ruleset["hundred.enabled"]:
        from scorekeeper.scoring.lead import lead_problem

        if scored is None:
            from scorekeeper.scoring.engine import replay

            scored = replay(ruleset, match).rounds
        problem = lead_problem(ruleset, match, scored[-1] if scored else None, rnd)
        if problem:
            raise InputError(problem)
    return match._replace(rounds=match.rounds + (rnd,), pending=())


def undo(match: Match) -> tuple[Match, str]:
    """Drop the last claim in progress, else the last round; returns the new match and what was dropped.

    Nothing is lost: what is dropped goes into the match's history, where ``redo`` finds it,
    and a dropped round's claims go back to the hand in progress (its hand is being played again)."""
    from scorekeeper.domain.facts import Undoing
    from scorekeeper.match.revisions import with_change

    if match.pending:
        claim = match.pending[-1]
        history = with_change(match, Undoing.UNDO, len(match.rounds) + 1, claim=claim)
        return (match._replace(pending=match.pending[:-1], history=history),
                f"the claim of {claim.points} by {claim.player}")
    if not match.rounds:
        raise StateError("nothing to undo: no round has been recorded")
    number = len(match.rounds)
    rnd = match.rounds[-1]
    how = f"{rnd.out} went out" if rnd.ending is Ending.OUT else "fish"
    said = f"round {number} ({how})"
    if rnd.claims:
        count = len(rnd.claims)
        said = f"round {number} ({how}; its {count} claim{'s go' if count != 1 else ' goes'} back to the hand)"
    history = with_change(match, Undoing.UNDO, number, round=rnd.facts())
    return match._replace(rounds=match.rounds[:-1], pending=rnd.claims, history=history), said


def seating_problem(players: Iterable[str], team_names: Iterable[str] = ()) -> str | None:
    """Why these players (and team names) cannot sit at one table, or None: a name that is empty, padded,
    holds a control character or a separator, or two names that fold alike (``names.fold``)."""
    from scorekeeper.notation.names import alike_problem, name_problem

    players = list(players)
    for player in players:
        problem = name_problem(player)
        if problem:
            return problem
    for name in team_names:
        problem = name_problem(name, "a team's name", "=,\"")  # a team is named A+B by default
        if problem:
            return problem
    return alike_problem(players)


def new_match(ruleset_spec: str, ruleset: Ruleset, players: Iterable[str] = (),
              teams: Iterable[tuple[str, ...]] = (), team_names: Iterable[str] = ()) -> Match:
    """Seat the players (or teams, partners opposite) and check them against the ruleset."""
    from scorekeeper.notation.names import fold

    teams = [tuple(name.strip() for name in team) for team in teams]  # typed names: padding is dropped
    players = [player.strip() for player in players]
    names = [name.strip() for name in team_names]
    if teams:
        if players:
            raise InputError("give either players or --team, not both")
        if len(teams) != 2 or any(len(team) != 2 for team in teams):
            raise InputError("a pairs game needs two --team options of two players each (--team A,B --team C,D)")
        players = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]  # partners opposite
        if len(names) > 2:
            raise InputError("at most two --name options, one per team")
        names += ["+".join(team) for team in teams[len(names):]]
        if fold(names[0]) == fold(names[1]):
            raise InputError(f"both teams are called '{names[0]}'" + (f" ('{names[1]}')" if names[0] != names[1]
                                                                      else "") + ": give each --name a different name")
        for name, team in zip(names, teams):
            others = {fold(player) for player in players if player not in team}
            if fold(name) in others:
                raise InputError(f"the team {'+'.join(team)} cannot be called '{name}': that is a player of "
                                 "the other team")
        sides = tuple(Side(name, team) for name, team in zip(names, teams))
    else:
        if names:
            raise InputError("--name names a --team")
        if ruleset["players.teams"] is Teams.PAIRS:
            if len(players) != 4:
                raise InputError(f"{ruleset.name} is a pairs game: give --team A,B --team C,D "
                                 "(or four players, partners opposite: A C B D)")
            sides = (Side(f"{players[0]}+{players[2]}", (players[0], players[2])),
                     Side(f"{players[1]}+{players[3]}", (players[1], players[3])))
        else:
            sides = singles(tuple(players))
    problem = seating_problem(players, [side.name for side in sides if side.players != (side.name,)])
    if problem:
        raise InputError(problem)
    if teams and ruleset["players.teams"] not in (Teams.PAIRS, Teams.EITHER):
        raise InputError(f"{ruleset.name} is not a pairs game: --team needs a pairs ruleset (like goat-pairs)")
    low, high = ruleset["players.min"], ruleset["players.max"]
    if not low <= len(players) <= high:
        raise InputError(f"{ruleset.name} is played by {low}" + (f" to {high}" if high != low else "")
                         + f" players, not {len(players)}")
    return Match(ruleset=ruleset_spec, players=tuple(players), sides=sides)
