"""The checks a round's facts pass before they join a match: ``ROUND_CHECKS``, run in order by ``check_round``.

Each check is a pure function ``(match, ruleset, round) -> None`` that raises ``InputError`` (or its
``FactError``, whose text names the round line's words) for the first thing wrong that it looks at, in the
manner of beancount's validations.  The order is the order of precedence: a round with several problems is
refused for the one the earliest check finds.

The referee advises, the table decides (rules.md §10.9).  A round's plays are refused only where they cannot be
scored; a rule of play they break is the table's to let stand.  A round being recorded (``check_round`` given
its ``Opening``) is accepted when each breach its plays show is one of its rulings (``Round.rulings``), and
refused otherwise (``Unallowed``), naming the play and how to let it stand; a round already in the match keeps
its breaches as rulings to show, never as a lock on the file.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from scorekeeper.domain.facts import FISH, OUT, Breach, Ending, Match, Round, Ruling
from scorekeeper.domain.tiles import Tile, format_tiles
from scorekeeper.errors import FactError, InputError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.notation.stored_plays import lead_player
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishPolicy, HandValue, Muggins
from scorekeeper.scoring.lead import Opening, wrong_leader

RoundCheck = Callable[[Match, Ruleset, Round], None]

_OUTSIDE_THE_SET = {"last": N_("tile {tile} is not in a {tileset} set ({last})"),
                    "led": N_("tile {tile} is not in a {tileset} set ({led})")}
_PLAYED_AND_HELD = {"last": N_("{tile} was played ({last}) but is also in {player}'s hand"),
                    "led": N_("{tile} was played ({led}) but is also in {player}'s hand")}


def players_seated(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Every player the round names (a hand, who went out, who made the fish) sits at the table."""
    named = [*rnd.hands, *(player for player in (rnd.out, rnd.fisher) if player)]
    for player in named:
        if player not in match.players:
            raise InputError(_("unknown player '{player}' (players: {players})").format(
                player=player, players=", ".join(match.players)))


def ending_told(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """An out names who went out, with no hand for them and no fisher; a fish names nobody out and no last
    tile, and its fisher when the fisherman pays."""
    if rnd.ending is OUT:
        if not rnd.out:
            raise InputError(_("an out round needs the player who went out"))
        if rnd.out in rnd.hands:
            raise InputError(_("{player} went out and holds nothing: give no hand or total for {player}").format(
                player=rnd.out))
        if rnd.fisher:
            raise FactError(N_("{fisher} is for a blocked round ({fish}), not an out"))
        return
    if rnd.out:
        raise InputError(_("a blocked round has nobody who went out"))
    if rnd.last or rnd.plain_last:
        raise FactError(N_("{last} is the tile someone went out with: a blocked round has none"))
    if ruleset["fish.policy"] is FishPolicy.FISHERMAN_PAYS and not rnd.fisher:
        raise FactError(N_("this ruleset makes the fisherman pay: say who made the fish ({fisher})"))


def every_hand_given(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Every player but the one who went out holds a hand or a total, unless the ruleset does not count it."""
    missing = [player for player in match.players if player != rnd.out and player not in rnd.hands]
    if not missing:
        return
    uncounted = not_counted(match, ruleset, rnd)
    missing = [player for player in missing if player not in uncounted]
    if missing:
        if uncounted:
            raise FactError(N_("no hand for {missing}: every player except the one who went out and {partner} (not "
                               "counted: partner of {finisher}) needs {hand} or {total}"),
                            missing=", ".join(missing), partner=uncounted[0], finisher=rnd.out)
        if rnd.out is None:
            raise FactError(N_("no hand for {missing}: every player needs {hand} or {total}"),
                            missing=", ".join(missing))
        raise FactError(N_("no hand for {missing}: every player except the one who went out needs {hand} or "
                           "{total}"), missing=", ".join(missing))


def hands_fit_the_set(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Each hand in turn: its tiles in the set and in no earlier hand, or a total that a set can hold; only
    the player who went out holds nothing."""
    tileset = ruleset.tileset
    seen: dict[Tile, str] = {}
    for player, hand in rnd.hands.items():
        if hand.tiles is None:
            if hand.total < 0:
                raise InputError(_("{player}'s total is negative ({total})").format(player=player, total=hand.total))
            if hand.total > tileset.pips:
                raise InputError(_("{player}'s total {total} is more than a whole {name} set holds ({pips})").format(
                    player=player, total=hand.total, name=tileset.name, pips=tileset.pips))
            continue
        if not hand.tiles:
            raise InputError(_("{player} holds no tiles: only the player who went out has an empty hand (in a "
                               "blocked round everyone still holds tiles)").format(player=player))
        for tile in hand.tiles:
            if tile not in tileset or tile in seen:
                tileset.check(hand.tiles, player)  # the hand's own problem first
                raise InputError(_("tile {tile} is in two hands: {first}'s and {player}'s").format(
                    tile=tile, first=seen[tile], player=player))
            seen[tile] = player


def played_tiles_fit(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """The last tile (or the two doubles laid at once) and the lead: tiles of the set, none of them held."""
    last, led = rnd.last, rnd.led
    if not last and not led:
        return
    if len(last) > 2:
        raise FactError(N_("{last} is one tile, or the two doubles laid at once"))
    if len(last) == 2 and not all(tile.is_double for tile in last):
        raise FactError(N_("{two_last} must both be doubles (laid one on each end), not {one} and {two}"),
                        one=last[0], two=last[1])
    if len(last) == 2 and last[0] == last[1]:
        raise FactError(N_("{tile} is given twice as {last}"), tile=last[0])
    if led and led in last:
        raise FactError(N_("{tile} cannot be both {led} (the tile that opened the round) and {last}: a tile is "
                           "played once"), tile=led)
    held = {tile: player for player, hand in rnd.hands.items() for tile in hand.tiles or ()}
    for fact, tile in [("last", tile) for tile in last] + ([("led", led)] if led else []):
        if tile not in ruleset.tileset:
            raise FactError(_OUTSIDE_THE_SET[fact], tile=tile, tileset=ruleset.tileset.name)
        if tile in held:
            raise FactError(_PLAYED_AND_HELD[fact], tile=tile, player=held[tile])


def pips_fit_the_set(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """The hands and the last tile together hold no more pips than a whole set."""
    held = sum([hand.pips for hand in rnd.hands.values()]) + sum(map(sum, rnd.last))  # a tile is (low, high)
    tileset = ruleset.tileset
    if held > tileset.pips:
        raise InputError(ngettext("the hands add up to {n} pips, more than a whole {name} set holds ({pips})",
                                  "the hands add up to {n} pips, more than a whole {name} set holds ({pips})",
                                  held).format(n=held, name=tileset.name, pips=tileset.pips))


def claims_sound(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Each claim by a seated player, of points and a count that are not negative."""
    for claim in rnd.claims + rnd.play_points:
        if claim.player not in match.players:
            raise InputError(_("unknown player '{player}' in a claim").format(player=claim.player))
        if claim.points < 0:
            raise InputError(_("a claim cannot be negative ({player} {points})").format(player=claim.player,
                                                                                        points=claim.points))
        if claim.count is not None and claim.count < 0:
            raise InputError(_("a count cannot be negative ({player} count {count})").format(player=claim.player,
                                                                                             count=claim.count))


def tiles_known(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """``count.hand_value = tiles`` (rules.md §5.5): a hand counts 1 a tile and 2 a double, which a pip total
    does not tell, unless it proves the tiles (a total of 0 is the lone 0-0, rules.md §6.2).  Refuse the first
    other total, naming its player."""
    if ruleset["count.hand_value"] is not HandValue.TILES:
        return
    totals = [player for player, hand in rnd.hands.items() if hand.tiles is None]
    if not totals:
        return
    from scorekeeper.scoring.hands import deduce_hands  # start-up: keeps hands out of --help and of a missing file

    proved = deduce_hands(ruleset, match, rnd)
    for player in totals:
        if player not in proved:
            raise FactError(N_("{player}'s hand is only a total ({held}): {ruleset} counts the tiles left, 1 a tile "
                               "and 2 a double (count.hand_value = tiles), which a total does not tell: give "
                               "{player}'s tiles as {hand}"), player=player, held=rnd.hands[player].total,
                            ruleset=ruleset.called)


def blocker_named(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """A ruleset that multiplies the blocker's points needs to know who made the fish."""
    if ruleset["count.blocker_multiplier"] > 1 and rnd.ending is FISH and not rnd.fisher:
        raise FactError(N_("this ruleset multiplies the points of the player who made the last play: say who "
                           "made the fish ({fisher})"))


def _held(rnd: Round) -> dict[str, tuple[Tile, ...]]:
    """The tiles each player held at the end, where the round tells them (who went out: none)."""
    held = {player: hand.tiles for player, hand in rnd.hands.items() if hand.tiles is not None}
    if rnd.out:
        held[rnd.out] = ()
    return held


def _followed(match: Match, ruleset: Ruleset, rnd: Round, opening: Opening | None = None, typed: bool = False):
    from scorekeeper.scoring.board import follow_hand  # start-up: keeps the board out of a match without plays

    return follow_hand(ruleset, match.players, rnd.plays, _held(rnd), opening, typed)


def plays_seated(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Every player the plays name (who played, who called muggins) sits at the table."""
    for number, play in enumerate(rnd.plays, start=1):
        for player in (play.player, play.taker):
            if player is not None and player not in match.players:
                raise InputError(_("play {number}: unknown player '{player}' (players: {players})").format(
                    number=number, player=player, players=", ".join(match.players)))


def played_tiles_not_held(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """A tile the plays laid on the table is in no hand at the end."""
    if not rnd.plays:
        return
    laid = {play.tile: (number, play.player) for number, play in enumerate(rnd.plays, start=1) if play.tile}
    for player, hand in rnd.hands.items():
        for tile in hand.tiles or ():
            if tile in laid:
                number, by = laid[tile]
                raise InputError(_("{tile} is in {player}'s hand at the end, but {by} played it (play {number})")
                                 .format(tile=tile, player=player, by=by, number=number))


def plays_legal(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """The plays can be scored: each tile in the set, laid once, held by nobody else, with a place on the layout
    (rules.md §10.1). The first that cannot is refused with its number.  A rule of play broken is not refused
    here (``check_allowed``)."""
    if not rnd.plays:
        return
    followed = _followed(match, ruleset, rnd)
    if followed.illegal is not None:
        from scorekeeper.scoring.board import refusal  # start-up: keeps the board out of a match without plays

        raise InputError(refusal(followed))


def plays_agree(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """The round ends as the board saw it: an out by the player who laid their last tile, with that tile and
    the lead; a fish when nobody can play (or the layout is sealed with no double left to lay), with its
    fisherman."""
    if not rnd.plays:
        return
    followed = _followed(match, ruleset, rnd)
    seen = followed.out
    if seen is not None:
        if rnd.ending is not OUT or rnd.out != seen.player:
            raise FactError(N_("the plays end with an out: {player} laid their last tile ({tile}), so give "
                               "{player} as {out}"), player=seen.player, tile=format_tiles(seen.last))
        if rnd.last and rnd.last != seen.last:
            raise FactError(N_("{last} is {typed}, but {player} went out with {tile} in the plays"),
                            typed=format_tiles(rnd.last), player=seen.player, tile=format_tiles(seen.last))
    elif followed.blocked or followed.sealed:
        if rnd.ending is not FISH:
            raise FactError(N_("the plays end in a fish: nobody can play, so the round is {fish}"))
        doubles = _held_doubles(followed, rnd)
        if not followed.blocked and doubles:
            player, tile = doubles[0]
            raise InputError(_("the hand is not over: the layout is sealed, but {player} holds {tile}, which can "
                               "still be laid").format(player=player, tile=tile))
        if rnd.fisher and followed.fisherman and rnd.fisher != followed.fisherman:
            raise FactError(N_("{fisher} is {typed}, but the plays make {player} the fisherman (fish.fisherman = "
                               "{setting})"), typed=rnd.fisher, player=followed.fisherman,
                            setting=ruleset["fish.fisherman"].value)
    else:
        raise InputError(_("the plays stop before the hand is over (it is {player}'s turn): give the rest of "
                           "the plays, or the round without them").format(player=followed.turn))
    lead = followed.ruled[0].play.tile if followed.ruled else None
    if rnd.led and lead and rnd.led != lead:
        raise FactError(N_("{led} is {typed}, but the plays open with {tile}"), typed=rnd.led, tile=lead)


def _held_doubles(followed, rnd: Round):
    from scorekeeper.scoring.board import held_doubles  # start-up: keeps the board out of a match without plays

    return held_doubles(followed, _held(rnd))


def muggins_called(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """A score marked missed is one the play made; a muggins is called by an opponent, where the ruleset
    lets one call it (``play.muggins = called``)."""
    marked = [(number, play) for number, play in enumerate(rnd.plays, start=1) if play.missed]
    if not marked:
        return
    from scorekeeper.notation.play_line import said_play  # start-up: keeps the play line out, as the board

    points = {index + 1: ruled.points for index, ruled in enumerate(_followed(match, ruleset, rnd).ruled)}
    for number, play in marked:
        said = said_play(play)
        if not points.get(number):
            raise InputError(_("play {number} ({said}) scored nothing under {ruleset}: there is no score to miss")
                             .format(number=number, said=said, ruleset=ruleset.called))
        if play.taker is None:
            continue
        if ruleset["play.muggins"] is not Muggins.CALLED:
            raise InputError(_("play {number} ({said}): {ruleset} does not let an opponent take a missed score "
                               "(play.muggins = none): write it as missed").format(number=number, said=said,
                                                                                    ruleset=ruleset.called))
        if play.taker == play.player:
            raise InputError(_("play {number} ({said}): muggins is called by an opponent, not by the player who "
                               "missed the score").format(number=number, said=said))
        if match.side_of(play.taker) == match.side_of(play.player):
            raise InputError(_("play {number} ({said}): muggins is called by an opponent, and {taker} plays with "
                               "{player}").format(number=number, said=said, taker=play.taker, player=play.player))


def claims_agree(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Where the plays are given the points are the board's: a claim told with them must be what the board
    gave that player."""
    if not rnd.plays or not (rnd.claims or rnd.play_points):
        return
    if rnd.play_points:
        raise InputError(_("the plays are given: their points are counted from the board, so give no in-play "
                           "totals"))
    from scorekeeper.scoring.board import play_claims  # start-up: keeps the board out of a match without plays

    board: dict[str, int] = {}
    for claim in play_claims(ruleset, _followed(match, ruleset, rnd)):
        board[claim.player] = board.get(claim.player, 0) + claim.points
    claimed: dict[str, int] = {}
    for claim in rnd.claims:
        claimed[claim.player] = claimed.get(claim.player, 0) + claim.points
    for player in claimed:
        if claimed[player] != board.get(player, 0):
            raise InputError(_("{player} claims {claimed} during play, but the plays give {player} {given}: the "
                               "points are the board's").format(player=player, claimed=claimed[player],
                                                                given=board.get(player, 0)))


ROUND_CHECKS: tuple[RoundCheck, ...] = (
    players_seated,
    plays_seated,
    ending_told,
    every_hand_given,
    hands_fit_the_set,
    played_tiles_fit,
    played_tiles_not_held,
    plays_legal,
    plays_agree,
    muggins_called,
    pips_fit_the_set,
    claims_sound,
    claims_agree,
    tiles_known,
    blocker_named,
)


PLAY_CHECKS = frozenset({plays_legal, plays_agree, muggins_called, claims_agree})
"""The checks that hold a hand's plays to the match's own ruleset: a ruleset that re-scores the match
(``rescore``, ``compare``) follows the plays its own way (a layout or a deal of its own), and says so in
a note where it cannot, rather than refusing facts that were sound where they were played."""


class Unallowed(FactError):
    """A round being recorded whose plays break a rule of play the table has not let stand (rules.md §10.9):
    the first such breach, named with its play; ``found`` holds every one (``Finding``), ``{allow}`` says how
    to let them stand (``'allow'``, ``--allow``)."""

    def __init__(self, template: str, found: tuple, **values: object) -> None:
        self.found = found
        super().__init__(template, **values)


def breaches_found(match: Match, ruleset: Ruleset, rnd: Round, opening: Opening, typed: bool = True) -> tuple:
    """Every rule of play ``rnd``'s plays break (``scoring.finding.Finding``, in the order they are said), the
    round led as ``opening`` says; a play that cannot be scored is refused (InputError).  ``typed``: the round
    is being recorded (a double that fits two ends alike is asked where it goes); false: as it was recorded."""
    if not rnd.plays:
        return ()
    followed = _followed(match, ruleset, rnd, opening, typed)
    if followed.illegal is not None:
        from scorekeeper.scoring.board import refusal  # start-up: keeps the board out of a match without plays

        raise InputError(refusal(followed))
    return followed.breaches


LED = frozenset({Breach.LEADER, Breach.FIRST_LEAD})
"""The breaches that depend on the rounds before (who had to lead, whether the lead is the first round's)."""


def lead_breaches(match: Match, ruleset: Ruleset, rnd: Round, opening: Opening) -> tuple:
    """The breaches of how ``rnd``, a round of the match whose plays were checked, was led as ``opening`` says
    (``LED``).  Only the first round's lead tile needs the hand followed (a later tile or a hand held at the
    end may prove it wrong); any other round's lead is its first play's player (``lead_player``: the stored
    line is not read), which one of ``leaders`` leads or not (``scoring.lead.wrong_leader``, as the board says
    it)."""
    if not rnd.plays:
        return ()
    if opening.first:
        return tuple(finding for finding in breaches_found(match, ruleset, rnd, opening, typed=False)
                     if finding.breach in LED)
    reason = wrong_leader(opening.leaders, lead_player(rnd.plays))
    if reason is None:
        return ()
    from scorekeeper.scoring.finding import Finding  # start-up: only a round led by the wrong player

    return (Finding(1, Breach.LEADER, reason, 1),)  # the lead is play 1: a hand starts with it


def as_rulings(found: tuple) -> tuple[Ruling, ...]:
    """Breaches found as the rulings that let them stand."""
    return in_order(Ruling(finding.play, finding.breach) for finding in found)


def in_order(rulings) -> tuple[Ruling, ...]:
    """Rulings each once, in the order of the plays (and of ``Breach`` within a play), as the match file
    keeps them."""
    return tuple(sorted(set(rulings), key=lambda ruling: (ruling.play, _BREACHES.index(ruling.breach))))


_BREACHES = list(Breach)


def check_allowed(match: Match, ruleset: Ruleset, rnd: Round, opening: Opening) -> None:
    """Each breach of a rule of play in ``rnd``'s plays, the round led as ``opening`` says, is one of the
    round's rulings; the first that is not is refused (``Unallowed``), naming its play."""
    refuse_unallowed(rnd.plays, breaches_found(match, ruleset, rnd, opening), rnd.rulings)


def refuse_unallowed(plays, found: tuple, rulings: tuple[Ruling, ...] = ()) -> None:
    """Refuse (``Unallowed``) the first breach ``found`` in ``plays`` that is not one of ``rulings``."""
    allowed = set(rulings)
    left = tuple(finding for finding in found if Ruling(finding.play, finding.breach) not in allowed)
    if not left:
        return
    from scorekeeper.notation.play_line import said_play  # start-up: keeps the play line out, as the board

    first = left[0]
    more = len(as_rulings(left)) - 1
    template = N_("play {number} ({play}): {reason}; {allow}") if not more else \
        N_("play {number} ({play}): {reason} (and {more} more); {allow}")
    raise Unallowed(template, left, number=first.play, play=said_play(plays[first.play - 1]),
                    reason=first.reason, more=more)


RULESET_FREE = frozenset({players_seated, plays_seated, played_tiles_not_held, claims_sound})
"""The checks that read no ruleset key: a round that passed them under the match's own ruleset passes them under
any other."""


def check_round(match: Match, ruleset: Ruleset, rnd: Round, rescoring: bool = False,
                opening: Opening | None = None) -> None:
    """Raise InputError naming the first thing wrong with a round's facts (``ROUND_CHECKS``, in order).
    ``rescoring``: a round of a match checked under its own ruleset, scored under ``ruleset``: without
    ``PLAY_CHECKS`` and without the checks that read no ruleset key (``RULESET_FREE``).  ``opening``: the round
    is being recorded, led as the match says (``scoring.lead.opening``), and its plays' breaches must be its
    rulings (``check_allowed``); None: a round already recorded, whose breaches are rulings to show."""
    for check in ROUND_CHECKS:
        if not rescoring or (check not in PLAY_CHECKS and check not in RULESET_FREE):
            check(match, ruleset, rnd)
        if check is plays_legal and not rescoring and opening is not None:  # a breach is said before what follows
            check_allowed(match, ruleset, rnd, opening)


def round_checker(match: Match, ruleset: Ruleset, rescoring: bool = False) -> Callable[[Round], None]:
    """``check_round`` for the rounds of one match under one ruleset."""
    return partial(check_round, match, ruleset, rescoring=rescoring)


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
