"""Plays of a hand typed play by play (``live.hand``): the first starts the hand, each is ruled on by the board
and answered in a line; 'fish' on a sealed layout nobody can open; the knocks said after a fish.

Where the turn is known a play is the tile alone (``63``), ``-`` a knock and ``+`` a draw; what the line
leaves open is asked in one key: where a tile goes when it fits two places that make different layouts (the
end's number, or the other number of the tile there), and who leads when the match names no single leader
(a name's first letters).  Enter drops the play; another line is taken as the next one."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.domain.plays import Play
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import InputError, StateError, quoted
from scorekeeper.i18n import _
from scorekeeper.live.hand import HandInPlay, WhoLeads
from scorekeeper.live.reply import Reply
from scorekeeper.notation.names import candidates, short_name
from scorekeeper.notation.play_line import parse_tile_word
from scorekeeper.notation.words import play_word, word_in_use
from scorekeeper.scoring.board import PlayBreach, TwoPlaces
from scorekeeper.scoring.lead import opening


def run(session, line) -> Reply:
    if line.problem is not None:  # meant as plays: what is wrong with them
        raise line.problem
    return make(session, line.plays)


def make(session, plays: Sequence[Play], allowed: int = -1, hand: HandInPlay | None = None) -> Reply:
    """Make the plays of one line on the hand in play (the first starts it; ``hand``: the one a breach refused
    before it started), the first ``allowed`` + 1 let stand as played; what the line leaves open is asked."""
    hand, state = hand or session.hand, session.state
    if hand is None:
        if state.table.over:
            raise StateError(_("the match is over: '{again}' starts the next one").format(
                again=word_in_use("commands", "again")))
        if state.match.pending:
            raise StateError(_("the claims of this hand are noted: record its round with a round line (or "
                               "'{undo}' them) before typing a hand play by play").format(
                undo=word_in_use("commands", "undo")))
        hand = HandInPlay(state.ruleset, state.match.players, opening=opening(
            state.ruleset, state.match, state.table.rounds[-1] if state.table.rounds else None))
    before = hand.snapshot()
    try:
        answer = hand.answer(hand.play_all(plays, allowed))
    except PlayBreach as breach:
        session.refused = hand  # for 'allow', the next line
        raise InputError(_("{refusal} ('{allow}' lets it stand as played)").format(
            refusal=breach, allow=word_in_use("commands", "allow"))) from None
    except TwoPlaces as asked:
        return _ask_place(session, hand, plays, asked, allowed)
    except WhoLeads as asked:
        return _ask_leader(session, hand, plays, asked, allowed)
    session.keep_hand(hand, before)  # in the match file as it is typed
    return Reply(answer)


def _ask_place(session, hand: HandInPlay, plays: Sequence[Play], asked: TwoPlaces, allowed: int,
               retry: str = "") -> Reply:
    """Where the tile goes: each place by its one key (the end's number; where two ends show it, the other
    number of the tile there), or as 'on' names it.  A tile typed instead, which is no place for it, is asked
    again (``retry``: what is said then): taken as the next line, it would be laid as the same player's, whose
    play is still the one asked about."""
    index, play = asked.index, asked.play
    keys = place_keys(asked.places)
    names = [str(on) for on, _showing in asked.places]
    said = _(" or ").join(names)
    if keys == names:
        question = _("{tile} on {places}? ").format(tile=play.tile, places=said)
    else:
        question = _("{tile} on {places}? [{keys}] ").format(tile=play.tile, places=said, keys="/".join(keys))

    def answered(text: str) -> Reply:
        words = text.split()
        if words and play_word(words[0]) == "on":  # 'on 3' as the play line writes it
            words = words[1:]
        typed = " ".join(words)
        found = tile = None
        if typed in keys:
            found = asked.places[keys.index(typed)][0]
        elif typed:
            try:
                tile = parse_tile_word(typed, hand.ruleset["tiles.max_pip"]) if len(typed) > 1 else None
            except InputError:  # no tile ('в 2-2'): the next line, as any other
                tile = None
            found = next((on for on, _showing in asked.places if on == tile or str(on) == typed), None)
        if found is None and tile is not None:
            retry = (_("{typed} is no place for {tile}: type {places}, or Enter for not played.") if keys == names
                     else _("{typed} is no place for {tile}: type one of the keys, or Enter for not played."))
            return _ask_place(session, hand, plays, asked, allowed, retry=retry.format(
                typed=quoted(typed), tile=play.tile, places=said))
        if found is None:
            return _not_played(session, text, _("{tile} on {places}").format(tile=play.tile, places=said))
        again = list(plays)
        again[index] = play._replace(on=found)
        return make(session, again, allowed, hand)

    session.asking = answered
    return Reply(session.fitted(retry), ok=False, question=question) if retry else Reply(question=question)


def place_keys(places: Sequence[tuple[int | Tile, int]]) -> list[str]:
    """One key for each place a tile fits: the number showing there; where the place is named by its tile
    (two ends show the number), the tile's other number.  Where two places would share a key, each is typed
    as it is named."""
    keys = []
    for on, showing in places:
        if isinstance(on, Tile):
            keys.append(str(on.high if on.low == showing else on.low))
        else:
            keys.append(str(on))
    if len(set(keys)) < len(keys):
        return [str(on) for on, _showing in places]
    return keys


def _ask_leader(session, hand: HandInPlay, plays: Sequence[Play], asked: WhoLeads, allowed: int) -> Reply:
    """Who leads: the players one of whom leads it, each by the shortest start of the name."""
    players = asked.players
    keys = [short_name(player, session.state.match.players) for player in players]
    question = _("who leads? [{keys}] ").format(keys="/".join(keys))

    def answered(text: str) -> Reply:
        typed = text.strip()
        found = candidates(session.state.match.players, typed) if typed else []
        if len(found) != 1:
            return _not_played(session, text, _("who leads"))
        again = list(plays)
        again[asked.index] = again[asked.index]._replace(player=found[0])
        return make(session, again, allowed, hand)

    session.asking = answered
    return Reply(question=question)


def _not_played(session, text: str, asked: str) -> Reply:
    """An answer that is none: Enter drops the play; another line is the next one, the play dropped and said
    so (a scorer not reading types the next play there)."""
    if not text.strip():
        return Reply(_("Not played."), ok=False)
    dropped = _("Not played: {asked}? (the question takes one of its keys); {typed} is taken as the next "
                "line.").format(asked=asked, typed=quoted(text.strip()))
    reply = session.handle(text)
    return reply._replace(text=session.fitted(dropped) + ("\n" + reply.text if reply.text else ""))


def fish(session, line) -> Reply:
    """'fish' typed on a sealed layout that nobody can open: every player knocks in turn."""
    hand = session.hand
    before = hand.snapshot()
    answer = hand.answer(hand.fish())
    session.keep_hand(hand, before)
    return Reply(answer)


def knocks(session, line) -> Reply:
    """Knocks said round the table after the tile that blocks it: taken, they change nothing."""
    hand = session.hand
    before = hand.snapshot()
    answer = hand.answer(hand.play_all(line.plays))
    session.keep_hand(hand, before)
    return Reply(answer)

