"""The end of a hand typed play by play (rules.md §10, docs/live.md): once the referee has seen the out or the
fish, what the session says (``ending``), and what the scorer types of the hands still held, read as a round
line without the out (``hand_facts``), with the totals no tile left could make (``implausible``), the
one-tile hands whose two digits could be a tile or a total (``tiles_or_totals``) and the one hand the
referee knows without being told (``with_the_rest``).  The out or
the fish, the last tile, the lead and the fisherman are the referee's; the hands are the table's."""

from __future__ import annotations

from scorekeeper.domain.facts import RoundFacts, Ruling
from scorekeeper.domain.tiles import Tile, format_tiles
from scorekeeper.errors import InputError
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.checks import in_order
from scorekeeper.notation.names import short_name
from scorekeeper.notation.round_line import read_round, tokens
from scorekeeper.notation.words import round_word

ENDING_WORDS = ("out", "fish", "by", "led", "on")
"""Words the referee has already seen the answer to once the hand is over."""


def ending(hand) -> str:
    """The end of the hand as the referee saw it, and what the scorer types next."""
    board = hand.board
    if board.out is not None:
        out = board.out
        return _("{player} went out with {tiles} (led {lead}). What do the other hands hold? Tiles or totals, "
                 "as in a round line: {example}").format(player=out.player, tiles=format_tiles(out.last),
                                                          lead=out.lead, example=_example(hand, out.player))
    fisherman = board.fisherman()
    example = _example(hand, None)
    if fisherman:
        return _("A fish: nobody can play; {fisherman} made it. What does each hand hold? Tiles or totals, as "
                 "in a round line: {example}").format(fisherman=fisherman, example=example)
    return _("A fish: nobody can play. What does each hand hold? Tiles or totals, as in a round line: "
             "{example}").format(example=example)


def _example(hand, out: str | None) -> str:
    """A line of what the hands hold, for ``out``'s hand: a total for a hand of several tiles, the tile as
    the plays type it for a hand of one (``36`` is 3-6 there)."""
    board = hand.board
    totals = iter(("8", "12", "5", "9", "7"))
    shown = (Tile.of(3, 4), Tile.of(2, 5), Tile.of(1, 6), Tile.of(0, 3), Tile.of(4, 5))  # the tiles a line shows
    max_pip = hand.ruleset["tiles.max_pip"]
    tiles = iter(tile for tile in dict.fromkeys(shown + hand.ruleset.tileset.tiles())
                 if tile not in board.on_table and tile.high <= max_pip)  # one still held somewhere
    said = []
    for player in hand.players:
        if player == out:
            continue
        holds = board.holds(player)
        if holds == 1:
            tile = next(tiles)
            held = f"{tile.low}{tile.high}" if max_pip <= 9 else str(tile)
        else:
            held = next(totals)
        said.append(f"{short_name(player, hand.players)} {held}")
    return " ".join(said[:4])


def hand_facts(hand, text: str, match, partner_counts: bool = True, as_plays: bool = True) -> RoundFacts:
    """The round the hand ends, from what the scorer types of the hands (a round line without the out or
    the fish): the out or the fish, the last tile, the lead and the fisherman are the referee's.
    ``as_plays``: a hand's numbers are read as the plays read them where as many follow as the tiles it
    holds (``b 36`` is 3-6 for a one-tile hand); else as a round line reads them (a total)."""
    for word in tokens(text):
        meaning = round_word(word.text, match.players) if word.kind == "word" else None
        if meaning in ENDING_WORDS:
            out = hand.board.out.player if hand.board.out else None
            raise InputError(_("{word}: the referee saw how the hand ended; give only what the hands hold: "
                               "{example}").format(word=repr(word.text), example=_example(hand, out)))
        if word.kind == "plus" or meaning in ("count", "played"):
            raise InputError(_("the referee scores the plays itself: give only what the hands hold, no "
                               "claims"))
    board = hand.board
    out = board.out.player if board.out is not None else None
    asked = [player for player in hand.players if player != out]
    first = next(iter(tokens(text)), None)
    if len(asked) == 1 and first is not None and first.kind == "tile":  # the one hand asked: no name needed
        text = f'"{asked[0]}" {text}'
    if board.out is not None:
        line = f'"{board.out.player}" out, {text}'
    else:
        fisherman = board.fisherman()
        line = f'fish by "{fisherman}", {text}' if fisherman else f"fish, {text}"
    held = {player: board.holds(player) for player in hand.players}
    by = {each.play.tile: each.play.player for each in board.history if each.play.tile is not None}
    facts = read_round(line, match, partner_counts, hand.ruleset["tiles.max_pip"], held if as_plays else None,
                       frozenset(by))
    for player, tiles in facts.hands:
        for tile in tiles:
            if tile in by:
                raise InputError(_("{tile} was played in this hand (by {by}): it is not in {player}'s hand; "
                                   "give the tiles still held").format(tile=tile, by=by[tile], player=player))
    for player, tiles in facts.hands:
        holds = board.holds(player)
        if len(tiles) != holds:
            fields = {"player": player, "n": holds, "dealt": board.deal, "drew": board.drawn[player],
                      "played": board.played[player], "given": len(tiles)}
            if board.drawn[player]:
                raise InputError(ngettext(
                    "{player} holds {n} tile (dealt {dealt}, drew {drew}, played {played}): {given} given; "
                    "give them all, or the total",
                    "{player} holds {n} tiles (dealt {dealt}, drew {drew}, played {played}): {given} given; "
                    "give them all, or the total", holds).format(**fields))
            raise InputError(ngettext(
                "{player} holds {n} tile (dealt {dealt}, played {played}): {given} given; give them all, or "
                "the total",
                "{player} holds {n} tiles (dealt {dealt}, played {played}): {given} given; give them all, or "
                "the total", holds).format(**fields))
    last = board.out.last if board.out is not None else ()
    rulings = in_order(Ruling(finding.play, finding.breach) for finding in hand.rulings)
    return facts._replace(last=tuple(last), led=board.lead, plays=tuple(hand.plays), rulings=rulings)


def tiles_or_totals(hand, text: str, match, partner_counts: bool,
                    facts: RoundFacts) -> tuple[tuple[str, int, Tile], ...]:
    """The one-tile hands whose two digits were read as a tile, as the plays read them (``b 12`` is 1-2), where
    a total of that many pips could be held too (6-6, for 12, not played nor typed in another hand): each as
    (the player, the number typed, the tile read).  A number typed with a leading 0 (``05``) is the tile."""
    try:
        as_line = dict(hand_facts(hand, text, match, partner_counts, as_plays=False).totals)
    except InputError:
        return ()
    typed = {tile for _player, tiles in facts.hands for tile in tiles}
    board = hand.board
    free = {tile.pips for tile in hand.ruleset.tileset.tiles() if tile not in board.on_table and tile not in typed}
    return tuple((player, as_line[player], tiles[0]) for player, tiles in facts.hands
                 if len(tiles) == 1 and as_line.get(player, 0) >= 10 and as_line[player] in free)


def as_totals(facts: RoundFacts, read: tuple[tuple[str, int, Tile], ...]) -> RoundFacts:
    """``facts`` with the hands of ``read`` (``tiles_or_totals``) given as the totals typed."""
    players = {player for player, _number, _tile in read}
    return facts._replace(hands=tuple(hand for hand in facts.hands if hand[0] not in players),
                          totals=facts.totals + tuple((player, number) for player, number, _tile in read))


def _told(facts: RoundFacts) -> set[str]:
    """The players whose hand ``facts`` give, as tiles or as a total."""
    return {player for player, _tiles in facts.hands} | {player for player, _total in facts.totals}


def _left(hand, facts: RoundFacts) -> tuple[Tile, ...]:
    """The tiles neither played in the hand nor typed in a hand of ``facts``: those still held somewhere (or in
    a bazaar)."""
    typed = {tile for _player, tiles in facts.hands for tile in tiles}
    return tuple(tile for tile in hand.ruleset.tileset.tiles() if tile not in hand.board.on_table and tile not in typed)


def _bounds(pips: list[int], holds: int) -> tuple[int, int]:
    """The fewest and the most pips ``holds`` tiles of those with ``pips`` (sorted) can make."""
    return sum(pips[:holds]), sum(pips[len(pips) - holds:])


def with_the_rest(hand, facts: RoundFacts) -> RoundFacts:
    """``facts`` with the one hand the scorer left out, where the referee knows it: no tile is left in a
    bazaar (four players of Goat: every tile dealt), so the tiles neither played nor typed in another hand are
    that player's; a total where another hand was given as a total (the pips of those tiles less the totals
    given). ``facts`` as they are when more than one hand is left out; refused (InputError) where the totals
    given leave a total that player's count of those tiles could not make: one of them is mistyped, and no
    total is made up from it."""
    board = hand.board
    if board.stock:
        return facts
    given = _told(facts)
    missing = [player for player in hand.players if player not in given and board.holds(player)]
    if len(missing) != 1:
        return facts
    player = missing[0]
    rest = _left(hand, facts)
    holds = board.holds(player)
    if not facts.totals:
        return facts._replace(hands=(*facts.hands, (player, rest))) if len(rest) == holds else facts
    total = sum(tile.pips for tile in rest) - sum(total for _player, total in facts.totals)
    least, most = _bounds(sorted(tile.pips for tile in rest), holds)
    if not least <= total <= most:
        raise InputError(ngettext(
            "the totals given leave {player} {total} pips, not what {n} tile not played can make ({least} to "
            "{most}): check them, or give {player}'s hand too",
            "the totals given leave {player} {total} pips, not what {n} tiles not played can make ({least} to "
            "{most}): check them, or give {player}'s hand too", holds).format(
            player=player, total=total, n=holds, least=least, most=most))
    return facts._replace(totals=(*facts.totals, (player, total)))


def implausible(hand, facts: RoundFacts) -> str:
    """Why a total typed at the end of the hand cannot be what the player holds ('' when it can): more
    pips than their count of the heaviest tiles not seen played nor typed in a hand, or fewer than the
    lightest; or, where every tile was dealt and every hand is told, totals that do not add up to the pips of
    the tiles left. The scorer may still confirm it (a tile misread at the table is the usual cause)."""
    board = hand.board
    free = sorted(tile.pips for tile in _left(hand, facts))
    for player, total in facts.totals:
        holds = board.holds(player)
        least, most = _bounds(free, holds)
        fields = {"player": player, "n": holds, "most": most, "least": least, "total": total}
        if total > most:
            return ngettext("{player} holds {n} tile, at most {most} pips among the tiles not played: {total} "
                            "given",
                            "{player} holds {n} tiles, at most {most} pips among the tiles not played: {total} "
                            "given", holds).format(**fields)
        if total < least:
            return ngettext("{player} holds {n} tile, at least {least} pips among the tiles not played: "
                            "{total} given",
                            "{player} holds {n} tiles, at least {least} pips among the tiles not played: "
                            "{total} given", holds).format(**fields)
    given = _told(facts)
    if facts.totals and not board.stock and all(player in given for player in hand.players if board.holds(player)):
        # every tile dealt, every hand told: the totals are the pips of the tiles neither played nor typed
        added = sum(total for _player, total in facts.totals)
        if added != sum(free):
            return _("the tiles neither played nor typed hold {pips} pips, and the totals given add up to "
                     "{added}").format(pips=sum(free), added=added)
    return ""
