"""A hand as it is played, in one line: ``parse_plays`` reads what the scorer types, ``format_plays`` writes
it back in the same syntax (``parse_plays(format_plays(p), players) == p``).

The plays, separated by commas, semicolons or spaces::

    Ann 6-6, Bob 6-3          a tile laid where it fits (the first play is the lead)
    Cat 3-3 on 3              on the open end showing 3
    Dan 6-1 on 6-6            laid against the tile 6-6
    Bob knocks                passes the turn (also: knock, pass, passes)
    Bob draws 2, Bob 5-0      draws from the bazaar (without a number: one tile); the turn stays
    Bob 6-3 missed            Bob did not call what 6-3 scored: it is lost
    Bob 6-3 muggins Cat       ... and Cat called "muggins" and takes it (``play.muggins = called``)

A player is named as in a round line: any unique start of the name (``a 66``), or the name in double
quotes; a tile is ``6-3``, ``6:3`` or, in a set up to double-nine, ``63``.

In a hand typed at the ``play`` prompt the turn is known, and a play may leave out who plays (``nameless``):
``63`` is a tile laid by the player whose turn it is (``WHOSE_TURN`` stands for them until the hand says who),
``-`` a knock and ``+`` (``+2``) a draw, one key each; ``b -`` and ``b +2`` name the player as ever.
"""

from __future__ import annotations

import re
from typing import Sequence

from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import TILE_DASHES, WRITTEN_TILES, Tile, parse_tile
from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import _, language as language_in_use
from scorekeeper.notation.names import candidates, match_player

KNOCK_WORDS = ("knocks", "knock", "passes", "pass")
DRAW_WORDS = ("draws", "draw")
MISSED, MUGGINS = "missed", "muggins"
KEYWORDS = KNOCK_WORDS + DRAW_WORDS + ("on", MISSED, MUGGINS)
KNOCK_KEY, DRAW_KEY = "-", "+"
"""The one-key forms of a knock and a draw (``+2``: two tiles), where the turn is known."""
WHOSE_TURN = ""
"""The player of a play typed without a name (``nameless``): the one whose turn it is, which the hand says."""
MOST_DRAWN = 999
"""The most tiles a draw in a match file may say (a typed draw: the tiles of the ruleset's set at most)."""
_TOKEN = rf"""
    (?P<tile>[0-9]+[{TILE_DASHES}][0-9]+)(?![0-9{TILE_DASHES}])
  | (?P<number>[0-9]+)(?![0-9])
  | "(?P<quoted>[^"]*)"
  | (?P<word>[^\W\d_][\w'’.-]*)
  | (?P<knock>-)(?=[\s,;]|$)
  | (?P<draw>\+[0-9]*)(?=[\s,;]|$)
  | (?P<space>[\s,;]+)
  | (?P<other>\S[^\s,;]*)
"""
"""What the play line is made of, compiled where a line is first read word by word (``re``'s cache): a line as
the match file stores it is read without it (``_stored``), so a command that only reads a match file never
compiles it."""
_WORD_SIGNS = "_'’.-"
"""What a word of the play line may hold besides letters and digits (``_TOKEN``'s ``word``)."""


class _Word:
    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text


def _words(text: str) -> list[_Word]:
    found = []
    for item in re.finditer(_TOKEN, text, re.VERBOSE):
        kind = item.lastgroup
        if kind == "space":
            continue
        if kind == "other":
            raise InputError(_("{item} is not understood in a play (at character {item2}): write a name, then a "
                               "tile like 6-3, 'knocks' or 'draws N'").format(
                item=quoted(item.group()), item2=item.start() + 1))
        found.append(_Word(kind, item.group(kind)))
    return found


def parse_tile_word(word: str, max_pip: int = 6) -> Tile | None:
    """A tile as a play writes it: ``6-3``, ``6:3``, or two digits ``63`` in a set up to double-nine (None:
    not a tile)."""
    if any(dash in word for dash in TILE_DASHES):
        return parse_tile(word)
    if word.isdigit() and len(word) == 2 and max_pip <= 9:
        return Tile.of(int(word[0]), int(word[1]))
    return None


def parse_plays(text: str, players: Sequence[str] | None = None, max_pip: int = 6,
                seen: list[str] | None = None, exact: bool = False, nameless: bool = False, first: int = 1,
                turn: str | None = None) -> tuple[Play, ...]:
    """The plays of ``text``, each name resolved against ``players`` (unique prefixes, as in a round line).

    Without ``players`` the names are taken as typed, and a later name that starts only one name seen before
    (in ``seen``, to which each new name is added) is that player (``Ann 6-6, Bob 6-3, a 3-3``); ``exact``:
    every name is taken as written (as ``format_plays`` writes them, in a match file); ``nameless``: a play
    may leave out who plays (``63``, ``-``, ``+2``, ``knocks``): its player is ``WHOSE_TURN``.  An error names a
    play by its number in the hand (``first``: the number of the line's first play, for a line typed into a
    hand in play) and a first play without a name by ``turn``, the player whose turn it is (when known)."""
    if exact:
        stored = _stored(text)
        if stored is not None:
            return stored
    words = _words(text)
    if not words:
        raise InputError(_("no plays given: write them like 'Ann 6-6, Bob 6-3, Cat knocks'"))
    if seen is None:
        seen = list(players or ())
    plays: list[Play] = []
    at = 0
    while at < len(words):
        number = first + len(plays)
        word = words[at]
        if nameless and _is_nameless(word, players, seen, max_pip):
            player = WHOSE_TURN
        elif word.kind not in ("word", "quoted") or (word.kind == "word" and word.text.casefold() in KEYWORDS):
            if nameless:
                raise InputError(_("play {number}: {word} is neither a tile (6-3) nor a player's name: type the "
                                   "tile ('63'), '-' for a knock, '+' for a draw, or who plays first ('b 63')").format(
                    number=number, word=quoted(word.text)))
            if plays:
                raise InputError(_("play {number}: {word} after {before} is not a player's name: each play starts "
                                   "with who plays ('Bob 6-3', 'Bob knocks')").format(
                    number=number, word=quoted(word.text), before=said_play(plays[-1], seen)))
            raise InputError(_("play {number}: {word} is not a player's name: each play starts with who plays "
                               "('Bob 6-3', 'Bob knocks')").format(number=number, word=quoted(word.text)))
        else:
            player = word.text if exact else _player(word.text, players, seen)
            at += 1
            if at >= len(words):
                raise InputError(_("play {number}: what did {player} do? Give a tile (6-3), 'knocks' or 'draws "
                                   "N'").format(
                    number=number, player=player))
            word = words[at]
        what = _meaning(word.text, players, seen) if word.kind == "word" else ""
        tile = parse_tile_word(word.text, max_pip) if word.kind in ("tile", "number") else None
        at += 1
        if what in KNOCK_WORDS or what == "knocks" or word.kind == "knock":
            plays.append(Play(player, Action.KNOCK))
        elif what in DRAW_WORDS or word.kind == "draw" and player == WHOSE_TURN:
            typed = word.text[1:] if word.kind == "draw" else ""
            if not typed and at < len(words) and words[at].kind == "number" and word.kind != "draw":
                typed = words[at].text  # ASCII digits (_TOKEN)
                at += 1
            drawn = _drawn(typed, exact, max_pip, number, player or (turn if not plays else None))
            plays.append(Play(player, Action.DRAW, drawn=drawn))
        elif tile is not None:
            on = None
            if at < len(words) and words[at].kind == "word" and _meaning(words[at].text, players, seen) == "on":
                at += 1
                on = _on(words[at].text if at < len(words) else None, words[at].kind if at < len(words) else "",
                         player, tile, number, max_pip)
                at += 1
            missed, taker = False, None
            said = _meaning(words[at].text, players, seen) if at < len(words) and words[at].kind == "word" else ""
            if said in (MISSED, MUGGINS):
                missed = True
                if said == MUGGINS:
                    at += 1
                    if at >= len(words) or words[at].kind not in ("word", "quoted"):
                        raise InputError(_("play {number}: '{player} {tile} muggins' needs who called it ('{player} "
                                           "{tile} muggins Cat')").format(number=number, player=player, tile=tile))
                    taker = words[at].text if exact else _player(words[at].text, players, seen)
                at += 1
            plays.append(Play(player, Action.TILE, tile, on, missed=missed, taker=taker))
        else:
            raise InputError(_("play {number}: {word} after {player} is not a tile (6-3), 'knocks' or 'draws "
                               "N'").format(
                number=number, word=quoted(word.text),
                player=player or (turn if not plays else None) or _("the player to play")))
    return tuple(plays)


def _is_nameless(word: _Word, players: Sequence[str] | None, seen: list[str], max_pip: int) -> bool:
    """Whether a play starts with ``word`` without a name: a tile, the one-key knock or draw, or a knock's or
    a draw's word that names nobody."""
    if word.kind in ("knock", "draw", "tile"):
        return True
    if word.kind == "number":
        return parse_tile_word(word.text, max_pip) is not None
    return word.kind == "word" and _meaning(word.text, players, seen) in KNOCK_WORDS + DRAW_WORDS


def _drawn(typed: str, exact: bool, max_pip: int, number: int, player: str) -> int:
    """How many tiles a draw takes: ``typed`` (ASCII digits; '' for one), within the set's tiles (a match
    file's: ``MOST_DRAWN``)."""
    if not typed:
        return 1
    player = player or _("the player to play")
    most = MOST_DRAWN if exact else (max_pip + 1) * (max_pip + 2) // 2  # a file's, or the set's
    drawn = int(typed) if len(typed.lstrip("0")) <= len(str(most)) else most + 1
    if drawn < 1:
        raise InputError(_("play {number}: {player} draws {drawn}: a draw takes at least one tile").format(
            number=number, player=player, drawn=drawn))
    if drawn > most:
        raise InputError(_("play {number}: {player} draws {drawn}: a draw takes 1 to {most} tiles, the whole set "
                           "at most").format(number=number, player=player, drawn=quoted(typed), most=most))
    return drawn


def _stored(text: str) -> tuple[Play, ...] | None:
    """The plays as ``format_plays`` writes them into a match file, read by splitting (a long match holds a
    play line a round); None where the line is not in that plain form (a quoted name, a typed line), for
    the full reader."""
    if '"' in text:
        return None
    plays = []
    for item in text.split(", "):
        words = item.split(" ")
        if len(words) < 2:
            return None
        player, what = words[0], words[1]
        if not _plain_name(player):
            return None
        if what == "knocks" and len(words) == 2:
            plays.append(Play(player, Action.KNOCK))
            continue
        if what == "draws" and len(words) == 3 and words[2].isascii() and words[2].isdigit() \
                and 0 < int(words[2]) <= MOST_DRAWN:
            plays.append(Play(player, Action.DRAW, drawn=int(words[2])))
            continue
        tile = WRITTEN_TILES.get(what)
        if tile is None:
            return None
        rest = words[2:]
        on = None
        if rest[:1] == ["on"] and len(rest) >= 2:
            on = WRITTEN_TILES.get(rest[1]) or (int(rest[1]) if len(rest[1]) == 1 and rest[1] in "0123456789" else None)
            if on is None:
                return None
            rest = rest[2:]
        if not rest:
            plays.append(Play(player, Action.TILE, tile, on))
        elif rest == [MISSED]:
            plays.append(Play(player, Action.TILE, tile, on, missed=True))
        elif len(rest) == 2 and rest[0] == MUGGINS and _plain_name(rest[1]):
            plays.append(Play(player, Action.TILE, tile, on, missed=True, taker=rest[1]))
        else:
            return None
    return tuple(plays) if plays else None


def _plain_name(word: str) -> bool:
    """Whether ``word`` is a name the play line reads as one word (``_TOKEN``'s ``word``: a letter, then
    letters, digits and ``_'’.-``), no keyword; said with ``str``'s tests, which are the ones ``re`` reads
    ``\\w`` and ``\\d`` by, so that a stored line and a name written back need no pattern compiled."""
    first = word[:1]
    if not first.isalnum() or first.isdecimal():
        return False
    if not word.isalnum():  # a sign among the letters, or something else
        signs = _WORD_SIGNS
        for char in word:
            if not (char.isalnum() or char in signs):
                return False
    return word.casefold() not in KEYWORDS


def _meaning(typed: str, players: Sequence[str] | None, seen: list[str]) -> str:
    """What a word of the play line means: an English word as ever; a Russian or Ukrainian one, or an English
    word on the wrong keyboard layout, its English meaning ('стук' is 'knocks'), unless it names a player
    (the whole name or a unique start: names come first, as in the round line)."""
    english = typed.casefold()
    if english in KEYWORDS:
        return english
    from scorekeeper.notation.words import play_word  # start-up: keeps the word tables out of a stored line

    meaning = play_word(typed)
    if meaning is None or candidates(list(players) if players is not None else seen, typed):
        return english
    return meaning


def _player(typed: str, players: Sequence[str] | None, seen: list[str]) -> str:
    if players is not None:
        return match_player(players, typed, KEYWORDS)
    found = candidates(seen, typed)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        return match_player(seen, typed)  # refuses, naming who it could be
    seen.append(typed)
    return typed


def _on(text: str | None, kind: str, player: str, tile: Tile, number: int, max_pip: int) -> int | Tile:
    """Where ``on`` lays a tile: the number showing at an open end, or the tile it is laid against."""
    if text is None or kind not in ("tile", "number"):
        if text:
            raise InputError(_("play {number}: '{player} {tile} on' needs the end's number (on 6) or the tile it "
                               "is laid against (on 6-6), not {text}").format(
                number=number, player=player, tile=tile, text=quoted(text)))
        raise InputError(_("play {number}: '{player} {tile} on' needs the end's number (on 6) or the tile it is "
                           "laid against (on 6-6)").format(number=number, player=player, tile=tile))
    if kind == "number" and (len(text) == 1 or (max_pip >= 10 and len(text) <= 2 and int(text) <= max_pip)):
        return int(text)
    against = parse_tile_word(text, max_pip)
    if against is None:
        raise InputError(_("play {number}: 'on {text}' is neither an end's number (0 to {max_pip}) nor a tile like "
                           "6-6").format(number=number, text=quoted(text), max_pip=max_pip))
    return against


def format_play(play: Play, language: str = "en", players: Sequence[str] = ()) -> str:
    """One play as it is typed (``Cat 3-3 on 3``); ``language``: in its words (``Кот стучит``), for a person
    to read, each word the English one where it would name a player (of ``players``, or of the play)."""
    seated = (*players, play.player, *((play.taker,) if play.taker else ()))

    def said(word: str) -> str:
        if language == "en":
            return word
        from scorekeeper.notation.words import echo_word  # start-up: keeps the word tables out of English

        return echo_word("plays", word, language, seated)

    name = format_name(play.player)
    if play.action is Action.KNOCK:
        return f"{name} {said('knocks')}"
    if play.action is Action.DRAW:
        return f"{name} {said('draws')} {play.drawn}"
    where = "" if play.on is None else f" {said('on')} {play.on}"
    if play.taker is not None:
        where += f" {said(MUGGINS)} {format_name(play.taker)}"
    elif play.missed:
        where += f" {said(MISSED)}"
    return f"{name} {play.tile}{where}"


def said_play(play: Play, players: Sequence[str] = ()) -> str:
    """One play as a message shows it: in the words of the language in use (``format_play``)."""
    return format_play(play, language_in_use(), players)


def format_plays(plays: Sequence[Play], language: str = "en", players: Sequence[str] = ()) -> str:
    """The plays in one line, as ``parse_plays`` reads them (``language``, ``players``: as for
    ``format_play``)."""
    return ", ".join(format_play(play, language, players) for play in plays)


def format_name(player: str) -> str:
    """A name as a play line writes it: in double quotes when it is not one plain word or is a keyword."""
    return player if _plain_name(player) else f'"{player}"'
