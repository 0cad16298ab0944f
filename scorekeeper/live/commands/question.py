"""Questions that change nothing (issue 32): '? 56' whether a tile may be played by the player to play, where,
and what it would score; '?' alone, 'ends' and 'held' where the hand stands: the open ends and their count,
whose turn, how many tiles each player holds and what is known of the bazaar.  The match file, the undo
history, the prompt and a breach waiting for 'allow' stay as they were: each answer is worked out on a copy
of the board."""

from __future__ import annotations

import copy

from scorekeeper.domain.plays import Action, Play
from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import _, ngettext
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.reply import Reply
from scorekeeper.notation.ends import said_ends
from scorekeeper.notation.play_line import parse_tile_word
from scorekeeper.notation.words import word_in_use
from scorekeeper.scoring.board import IllegalPlay, Ruled, TwoPlaces
from scorekeeper.scoring.lead import opening


def run(session, line) -> Reply:
    """'?' alone: where the hand stands; '? TILE': that tile."""
    if not line.rest:
        return Reply("\n".join(_ends(session) + _tiles(session)))
    return Reply(tile_question(session, line.rest))


def ends(session, line) -> Reply:
    _nothing_after(line)
    return Reply("\n".join(_ends(session)))


def held(session, line) -> Reply:
    _nothing_after(line)
    return Reply("\n".join(_tiles(session)))


def _nothing_after(line) -> None:
    nothing_after(line.command, line.rest, _("it changes nothing: '?' and '? 56' ask about the hand too"))


def _hand(session) -> HandInPlay:
    """The hand in play, or the hand about to start (nothing played), as the match says it is led."""
    if session.hand is not None:
        return session.hand
    state = session.state
    return HandInPlay(state.ruleset, state.match.players, opening=opening(
        state.ruleset, state.match, state.table.rounds[-1] if state.table.rounds else None))


def _ends(session) -> list[str]:
    """The open ends, their count where plays score, and whose turn it is (or who leads, or how it ended)."""
    if session.hand is None:
        if session.state.table.over:
            return [_("The match is over: no hand is in play.")]
        lead = session.state.table.lead_note.said()
        if not session.state.table.rounds:  # the first round's lead is said as a sentence of its own
            return [_("No hand in play yet. {lead}").format(lead=lead)]
        return [_("No hand in play yet: {lead}.").format(lead=lead)]
    hand = session.hand
    board = hand.board
    shown = said_ends(*board.open_ends())
    said = _("Ends {ends}, count {count}").format(ends=shown, count=board.count()[0]) if hand.scores else \
        _("Ends {ends}").format(ends=shown)
    if board.out is not None:
        return [_("{ends}; {player} went out.").format(ends=said, player=board.out.player)]
    if board.blocked:
        return [_("{ends}; a fish.").format(ends=said)]
    return [_("{ends}; {player} to play.").format(ends=said, player=board.turn)]


def _tiles(session) -> list[str]:
    """How many tiles each player holds (dealt, drawn and played), and the bazaar: its tiles, and how many may
    still be drawn (``bazaar.keep``)."""
    hand = _hand(session)
    board = hand.board
    held = []
    for player in hand.players:
        holds = board.holds(player)
        held.append(_("{player} {n} (drew {drew})").format(player=player, n=holds, drew=board.drawn[player])
                    if board.drawn[player] else f"{player} {holds}")
    lines = [_("Tiles held: {held}.").format(held=", ".join(held))]
    stock, keep = board.stock, hand.ruleset["bazaar.keep"]
    if board.tileset.size == board.deal * len(hand.players):
        lines.append(_("No bazaar: every tile is dealt."))
    elif not stock:
        lines.append(_("The bazaar is empty."))
    elif keep:
        may = max(stock - keep, 0)
        lines.append(ngettext("Bazaar: {n} tile, {may} may be drawn (left in the bazaar: {keep}).",
                              "Bazaar: {n} tiles, {may} may be drawn (left in the bazaar: {keep}).", stock).format(
            n=stock, may=may, keep=keep))
    else:
        lines.append(ngettext("Bazaar: {n} tile.", "Bazaar: {n} tiles.", stock).format(n=stock))
    return lines


def tile_question(session, text: str) -> str:
    """Whether the tile ``text`` may be played by the player to play (or lead the hand), where, and what it
    would score there."""
    hand = _hand(session)
    board = hand.board
    words = text.split()
    tile = parse_tile_word(words[0], hand.ruleset["tiles.max_pip"]) if len(words) == 1 else None
    if tile is None:
        raise InputError(_("'?' takes one tile: ? 56 (or ? 5-6), not {text}").format(text=quoted(text)))
    if tile not in board.tileset:
        raise InputError(_("tile {tile} is not in a {name} set").format(tile=tile, name=board.tileset.name))
    if session.state.table.over and session.hand is None:
        return _("The match is over: no hand is in play.")
    if board.over:
        return _("The hand is over: what the hands hold is asked.")
    if tile in board.on_table:
        number, player = board.laid_by[tile]
        return _("{tile} is on the table (laid by {player}, play {number}).").format(tile=tile, player=player,
                                                                                    number=number)
    player = board.turn or (hand.opening.leaders or hand.players)[0]
    play = Play(player, Action.TILE, tile)
    try:
        tried = [(None, _tried(hand, play))]
    except TwoPlaces as places:
        tried = [(on, _tried(hand, play._replace(on=on))) for on, _showing in places.places]
    except IllegalPlay as refused:
        return _("{player} cannot lay {tile}: {reason}.").format(player=player, tile=tile, reason=refused.reason)
    what = [_what(hand, ruled) for _on, ruled in tried]
    if len(tried) == 1:
        said = _("{player} may lay {tile}: {what}.") if board.nodes else _("{player} may lead {tile}: {what}.")
        said = said.format(player=player, tile=tile, what=what[0])
    else:
        places = _(" or ").join(_("on {end} ({what})").format(end=on, what=each) for (on, _ruled), each in
                                zip(tried, what))
        said = _("{player} may lay {tile} {places}.").format(player=player, tile=tile, places=places)
    breaches = [finding.reason for _on, ruled in tried[:1] for finding in ruled.breaches]
    if breaches:
        said += " " + _("But: {reasons} ('{allow}' would let it stand).").format(
            reasons="; ".join(breaches), allow=word_in_use("commands", "allow"))
    return said


def _tried(hand: HandInPlay, play: Play) -> Ruled:
    """The play made on a copy of the hand's board (the ruleset shared, not copied), every breach let stand."""
    board = copy.deepcopy(hand.board, {id(hand.ruleset): hand.ruleset})
    return board.play(play, allow=True)


def _what(hand: HandInPlay, ruled: Ruled) -> str:
    """What a play would leave: the count and its points where plays score, else the ends."""
    if not hand.scores:
        return _("ends then {ends}").format(ends=ruled.said_ends)
    if ruled.points:
        return _("count {count}, +{points}").format(count=ruled.count, points=ruled.points)
    return _("count {count}").format(count=ruled.count)

