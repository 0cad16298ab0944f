"""Plausibility: hands no player could have held at the end of a round (issue 11).

A round's facts can be possible in the set and still impossible at the table: in 4-player Goat every tile is
dealt (7 each, the bazaar empty), so no hand holds more than 7 tiles, and the 7 heaviest tiles hold 69 pips:
a total of 80 is a typing slip. Such a round is refused with the reason unless the scorer confirms it (the
command line's ``--confirm``, a yes/no in ``play``); ``implausible`` gives the reason, so that both can ask.

The bounds are generous on purpose (a refusal here is only for what cannot be): each player is dealt the
ruleset's deal (``tiles.deal``, ``tiles.deal_more_players``) and may have drawn every bazaar tile but the ones
that must stay (``bazaar.keep``); the player who went out played at least a dealt hand's worth of tiles.
Pure: nothing is read or written.
"""

from __future__ import annotations

from itertools import accumulate

from scorekeeper.errors import Implausible
from scorekeeper.i18n import _, ngettext
from scorekeeper.domain.facts import Ending, Match, Round
from scorekeeper.domain.plays import Action
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.domain.tiles import Tile

ZERO = Tile(0, 0)


def check_plausible(match: Match, ruleset: Ruleset, rnd: Round) -> None:
    """Raise Implausible (an InputError) with the reason when no table could have ended ``rnd`` this way."""
    reason = implausible(match, ruleset, rnd)
    if reason:
        raise Implausible(reason)


def deal_size(ruleset: Ruleset, players: int) -> tuple[int, str]:
    """Tiles dealt to each of ``players`` players, and the key that says so (rules.md §1: the draw games
    deal 7 to two players, 5 to three or four)."""
    more = ruleset["tiles.deal_more_players"]
    if more and players > 2:
        return more, "tiles.deal_more_players"
    return ruleset["tiles.deal"], "tiles.deal"


def hand_room(ruleset: Ruleset, players: int) -> int:
    """The most tiles one of ``players`` hands can hold at the end of a round: a dealt hand and every bazaar
    tile that may be drawn."""
    dealt = deal_size(ruleset, players)[0]
    bazaar = max(0, ruleset.tileset.size - players * dealt)
    return dealt + max(0, bazaar - ruleset["bazaar.keep"])


def implausible(match: Match, ruleset: Ruleset, rnd: Round) -> str | None:
    """Why no table could have ended ``rnd`` this way (one sentence), or None when it could have.  The round's
    facts are already checked (``match.checks.check_round``): every tile in the set, none twice."""
    tileset = ruleset.tileset
    players = len(match.players)
    dealt, key = deal_size(ruleset, players)
    bazaar = max(0, tileset.size - players * dealt)
    drawn = max(0, bazaar - ruleset["bazaar.keep"])
    most = dealt + drawn  # tiles one hand can hold at the end of a round
    # why, in the fewest words (a refusal must fit a phone's screen): the keys say where the numbers come from
    keys = key + (", bazaar.keep" if bazaar and ruleset["bazaar.keep"] else "")
    heaviest = [0] + list(accumulate(sorted((tile.pips for tile in tileset.tiles()), reverse=True)))
    for player, hand in rnd.hands.items():
        fields = {"player": player, "most": most, "dealt": dealt, "drawn": drawn, "keys": keys}
        if hand.tiles is not None and len(hand.tiles) > most:
            said = _("{player} holds {n} tiles: a hand holds at most {most} ({dealt} dealt + {drawn} drawn; "
                     "{keys})") if bazaar else _("{player} holds {n} tiles: a hand holds at most {most} ({keys})")
            return said.format(n=len(hand.tiles), **fields)
        if hand.tiles is None and hand.total > heaviest[min(most, tileset.size)]:
            said = _("{player}'s total {total}: a hand holds at most {pips} pips ({most} tiles = {dealt} dealt + "
                     "{drawn} drawn; {keys})") if bazaar else \
                _("{player}'s total {total}: a hand holds at most {pips} pips ({most} tiles; {keys})")
            return said.format(total=hand.total, pips=heaviest[min(most, tileset.size)], **fields)
    return _nothing_held(rnd) or _together(rnd, tileset, dealt, most) or _after_the_plays(rnd, tileset, dealt)


def _after_the_plays(rnd: Round, tileset, dealt: int) -> str | None:
    """With the plays given, each hand holds what it was dealt and drew less what it laid, out of the tiles
    not seen on the table nor in another hand."""
    if not rnd.plays:
        return None
    laid = {player: 0 for player in rnd.hands}
    drew = dict(laid)
    seen = {play.tile for play in rnd.plays if play.tile is not None}
    for play in rnd.plays:
        if play.player in laid:
            laid[play.player] += play.action is Action.TILE
            drew[play.player] += play.drawn
    seen |= {tile for hand in rnd.hands.values() for tile in hand.tiles or ()}
    pips = sorted(tile.pips for tile in tileset.tiles() if tile not in seen)
    for player, hand in rnd.hands.items():
        holds = dealt + drew[player] - laid[player]
        how = _("{player} was dealt {dealt}, drew {drew} and laid {laid}: {holds} left").format(
            player=player, dealt=dealt, drew=drew[player], laid=laid[player], holds=holds)
        if hand.tiles is not None:
            if len(hand.tiles) != holds:
                return ngettext("{player} holds {n} tile, but {how}", "{player} holds {n} tiles, but {how}",
                                len(hand.tiles)).format(player=player, n=len(hand.tiles), how=how)
            continue
        if holds <= 0 or holds > len(pips):
            continue
        most, least = sum(pips[-holds:]), sum(pips[:holds])
        if not least <= hand.total <= most:
            return _("{player}'s total {total}: {how}, which hold {least} to {most} pips among the tiles not seen")\
                .format(player=player, total=hand.total, how=how, least=least, most=most)
    return None


def _nothing_held(rnd: Round) -> str | None:
    """A total of 0: a player who did not go out holds at least one tile and only 0-0 has no pips, so the
    hand is 0-0 (rules.md §6.2), which is in one place only."""
    zeros = [player for player, hand in rnd.hands.items() if hand.tiles is None and hand.total == 0]
    if not zeros:
        return None
    if len(zeros) > 1:
        names = _("{items} and {last}").format(items=", ".join(zeros[:-1]), last=zeros[-1])
        return _("{players} each have a total of 0: only a lone 0-0 has no pips, and there is one (§6.2)").format(
            players=names)
    holder = next((player for player, hand in rnd.hands.items() if hand.tiles and ZERO in hand.tiles), None)
    if holder:
        said = _("{player}'s total of 0 is the lone 0-0 (§6.2), but 0-0 is in {holder}'s hand")
    elif rnd.led == ZERO:
        said = _("{player}'s total of 0 is the lone 0-0 (§6.2), but 0-0 is the tile led")
    elif ZERO in rnd.last:
        said = _("{player}'s total of 0 is the lone 0-0 (§6.2), but 0-0 is the last tile laid")
    else:
        return None
    return said.format(player=zeros[0], holder=holder)


def _together(rnd: Round, tileset, dealt: int, most: int) -> str | None:
    """The hands given as totals, together: they are held in the tiles no one else is known to hold, each
    in at most ``most`` tiles, so the j largest totals fit in the heaviest j * most of those tiles."""
    totals = sorted(((hand.total, player) for player, hand in rnd.hands.items() if hand.tiles is None),
                    key=lambda item: -item[0])
    if len(totals) < 2:
        return None
    known: set[Tile] = {tile for hand in rnd.hands.values() if hand.tiles for tile in hand.tiles}
    played = set(rnd.last) | ({rnd.led} if rnd.led else set())
    known |= played
    laid = max(dealt if rnd.ending is Ending.OUT else 1, len(played))  # who went out laid a hand at least
    room = tileset.size - laid - sum(len(hand.tiles) for hand in rnd.hands.values() if hand.tiles)
    free = [0] + list(accumulate(sorted((tile.pips for tile in tileset.tiles() if tile not in known),
                                        reverse=True)))
    together = 0
    for count, (total, name) in enumerate(totals, start=1):
        together += total
        tiles = max(0, min(count * most, room, len(free) - 1))
        if together > free[tiles]:
            if count == 1:
                return _("{player}'s total {total}: the hand holds at most {pips} pips (the {tiles} heaviest tiles "
                         "left)").format(player=totals[0][1], total=together, pips=free[tiles], tiles=tiles)
            added = " + ".join(f"{player} {total}" for total, player in totals[:count])
            return _("{added} = {together}: {count} hands hold at most {pips} pips (the {tiles} tiles left)").format(
                added=added, together=together, count=count, pips=free[tiles], tiles=tiles)
    return None
