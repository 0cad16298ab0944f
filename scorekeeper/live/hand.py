"""The hand in play, typed play by play at the ``play`` prompt (rules.md §10, docs/live.md): the ``Board`` that
rules on each play, the plays so far, and the words the session answers them with.

A line is plays when every word of it reads as plays (a name, then a tile, ``knocks`` or ``draws N``; several
in a line): ``a 66 b 63``.  A round line always holds a word plays never hold (``out``, ``fish``, a claim's
``+5`` or ``count``), so a line that reads both ways cannot happen, and a line that is not whole plays is read
as a round line (or claims) as before.  Once the hand is over (an out, a fish), the next line is what the
hands still hold, as a round line without the ``out``: the round is then recorded with its plays.

Nothing here reads the keyboard, writes a file or prints: the session records and answers.
"""

from __future__ import annotations

import re
from typing import Sequence

from scorekeeper.domain.facts import RoundFacts
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import format_tiles
from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import _, ngettext
from scorekeeper.notation.names import candidates
from scorekeeper.notation.play_line import DRAW_WORDS, KNOCK_WORDS, parse_plays, said_play
from scorekeeper.notation.round_line import read_round, tokens
from scorekeeper.notation.words import ENGLISH, LANGUAGES, play_word, round_word
from scorekeeper.reports.play import play_line
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import Muggins, PlayScore
from scorekeeper.scoring.board import Board, IllegalPlay, Ruled
from scorekeeper.scoring.notes import NoteKind, kind_of

ROUND_WORDS = ("out", "fish", "by", "led", "count", "played")
"""Words only a round line (or a claim) holds: a line with one of them is never plays."""
ENDING_WORDS = ("out", "fish", "by", "led", "on")
"""Words the referee has already seen the answer to once the hand is over."""


def is_round_like(text: str, players: Sequence[str] = ()) -> bool:
    """Whether ``text`` holds a word only a round line or a claim holds (``out``, ``fish``, ``+5``...), in any
    language or keyboard layout (``вышла``, ``щге``; a word that names one of ``players`` is the player)."""
    return "+" in text or any(round_word(word, players) in ROUND_WORDS for word in _words(text))


def _words(text: str) -> list[str]:
    return text.casefold().replace(",", " ").replace(";", " ").split()


def read_plays(text: str, players: Sequence[str], max_pip: int) -> tuple[Play, ...] | None:
    """The plays ``text`` holds when the whole line reads as plays; None when it is something else (a round
    line, claims, a word out of place: the round reader says what is wrong with it)."""
    if is_round_like(text, players):
        return None
    try:
        return parse_plays(text, players, max_pip)
    except InputError:
        return None


def looks_like_plays(text: str, players: Sequence[str] = ()) -> bool:
    """A line meant as plays though it does not read as them (``c knocks d``, ``c стук d``): its own error is
    the plays'."""
    return not is_round_like(text, players) and any(
        word in KNOCK_WORDS + DRAW_WORDS or play_word(word) in ("knocks", "draws", "on") and not
        candidates(players, word) for word in _words(text)[1:])


def line_plays(text: str, players: Sequence[str], max_pip: int,
               hand: HandInPlay | None) -> tuple[Play, ...] | None:
    """The plays of a line typed at the prompt, or None when it is not plays (a round line, claims, one word
    naming no player: a command mistyped).  A line meant as plays but not read as them is refused with the
    plays' own error, and so is a round line or a claim inside a hand (InputError, StateError)."""
    plays = read_plays(text, players, max_pip)
    if plays is not None:
        return plays
    if hand is None and not looks_like_plays(text, players):
        return None
    if re.fullmatch(r"[^\W\d_]+", text) and not candidates(players, text):
        return None
    if hand is not None and is_round_like(text, players):
        plays = len(hand.plays)
        raise StateError(ngettext("a hand is in play ({n} play): type its plays to the end (the hands are asked "
                                  "for then), or '{undo_all}' to drop them",
                                  "a hand is in play ({n} plays): type its plays to the end (the hands are asked "
                                  "for then), or '{undo_all}' to drop them", plays).format(
            n=plays, undo_all=_said_as("commands", "undo") + " " + _said_as("options", "all")))
    parse_plays(text, players, max_pip)  # raises, saying what is wrong with the plays
    return None


def _said_as(table: str, word: str) -> str:
    """A word of the session (``table``: 'commands', 'options', 'plays') as the language in use types it."""
    from scorekeeper.i18n import language  # start-up

    said = getattr(LANGUAGES.get(language(), ENGLISH), table).get(word) or ()
    return said[0] if said else word


def play_words(spoken: Sequence[str]) -> list[str]:
    """The play line's words in the ``spoken`` languages (codes, English first), for Tab to complete."""
    return [word for code in spoken for said in LANGUAGES[code].plays.values() for word in said]


def _short(player: str, players: Sequence[str]) -> str:
    """The shortest start of ``player``'s name that names nobody else (as the round line reads names)."""
    for length in range(1, len(player)):
        start = player[:length].casefold()
        if not any(other != player and other.casefold().startswith(start) for other in players):
            return start
    return player


class HandInPlay:
    """One hand being typed: the plays made, the Board after them, and who must lead (when the match says);
    ``first``: the match's first round, whose lead ``lead.first`` decides."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str], leader: str | None = None,
                 first: bool = False) -> None:
        self.ruleset = ruleset
        self.players = tuple(players)
        self.leader = leader
        """Who leads this hand, where the match says so (the one who went out or made the fish)."""
        self.first = first
        self.board = Board(ruleset, self.players, first=first)
        self.plays: list[Play] = []

    @property
    def over(self) -> bool:
        return self.board.over

    @property
    def scores(self) -> bool:
        return self.ruleset["play.scores"] is not PlayScore.NONE

    def play(self, play: Play) -> Ruled:
        """Rule on one play and make it (IllegalPlay, nothing changed, when it is refused)."""
        if not self.plays and self.leader and play.player != self.leader and play.action is Action.TILE:
            raise IllegalPlay(play, _("{leader} leads this hand, not {player}").format(leader=self.leader,
                                                                                      player=play.player))
        ruled = self.board.play(play)
        self.plays.append(play)
        return ruled

    def play_all(self, plays: Sequence[Play]) -> list[Ruled]:
        """Several plays of one line, all or none: a refused play leaves the hand as it was before the line."""
        before = len(self.plays)
        ruled = []
        try:
            for play in plays:
                ruled.append(self.play(play))
        except IllegalPlay as refused:
            if len(self.plays) == before:
                raise
            self._rebuild(self.plays[:before])
            made = ", ".join(said_play(play, self.players) for play in plays[:len(ruled)])
            raise IllegalPlay(refused.play, ngettext(
                "{reason} (and {made}, before it in the line, is not made either)",
                "{reason} (and {made}, before it in the line, are not made either)", len(ruled)).format(
                reason=refused.reason, made=made)) from None
        return ruled

    def undo(self) -> Play:
        """Take back the last play: the Board is built again from the plays before it."""
        if not self.plays:
            raise StateError(_("no play to take back"))
        last = self.plays[-1]
        self._rebuild(self.plays[:-1])
        return last

    def _rebuild(self, plays: Sequence[Play]) -> None:
        self.board = Board(self.ruleset, self.players, first=self.first)
        self.plays = []
        for play in plays:
            self.board.play(play)  # each was legal on this very board before
            self.plays.append(play)

    def fish(self) -> list[Ruled]:
        """``fish`` typed on a sealed layout that nobody can open: every player knocks in turn."""
        board = self.board
        if not board.is_sealed():
            shown = " ".join(map(str, board.ends()))
            raise InputError(_("not a fish: tiles that match the ends ({ends}) are still to play; type the plays "
                               "(or the knocks) as they come").format(ends=shown))
        first = board.turn
        knocks, player = [], first
        for _seat in self.players:
            knocks.append(Play(player, Action.KNOCK))
            player = self.players[(self.players.index(player) + 1) % len(self.players)]
        return self.play_all(knocks)

    # -- what the session says ------------------------------------------------------------------------------
    def prompt(self, number: int) -> str:
        """The prompt while the hand is in play: the round, the count (where plays score) and whose turn; once
        it is over, that the hands are asked for."""
        if self.over:
            return _("#{number} hands> ").format(number=number)
        if self.scores:
            return f"#{number} {self.board.count()[0]} {self.board.turn}> "
        return f"#{number} {self.board.turn}> "

    def answer(self, ruled: Sequence[Ruled]) -> str:
        """One line a play (``Bob 6-3 · 6+6+3 = 15 · +15 · Cat``); the referee's note (a sealed layout) on a
        line of its own; the first scoring play of a hand where a missed score may be called says how; the
        end of the hand said, and what to type next."""
        lines = []
        idle = False
        for each in ruled:
            lines.append(play_line(each, self.scores, self.players))
            if each.idle and not idle:  # said once a line, however many knock after the fish
                idle = True
                lines.append(each.note[0].upper() + each.note[1:] + ".")
            if each.note and not each.out and not each.blocked:
                lines.append(each.note[0].upper() + each.note[1:] + ".")
                if kind_of(each.note) is NoteKind.SEALED_UNSEEN:  # the hands are not known: the table says
                    lines.append(_("Nobody holds it? Type '{fish}'.").format(fish=_said_as("round", "fish")))
            if each.points and self._muggins_first(each):
                lines.append(_("Not called? An opponent may say {muggins}.").format(
                    muggins=_said_as("plays", "muggins")))
        if self.over:
            lines.append(self.ending())
        return "\n".join(lines)

    def idle_knocks(self, text: str) -> list[Ruled] | None:
        """The knocks of a line typed once the fish is seen (players say them round the table after the tile
        that blocks it): accepted, they change nothing; None for a line that is not knocks only."""
        if self.board.out is not None or not self.board.blocked:
            return None
        plays = read_plays(text, self.players, self.ruleset["tiles.max_pip"])
        if not plays or any(play.action is not Action.KNOCK for play in plays):
            return None
        return self.play_all(plays)

    def _muggins_first(self, ruled: Ruled) -> bool:
        if self.ruleset["play.muggins"] is not Muggins.CALLED:
            return False
        scoring = [each for each in self.board.history if each.points]
        return bool(scoring) and scoring[0] is ruled

    def ending(self) -> str:
        """The end of the hand as the referee saw it, and what the scorer types next."""
        board = self.board
        if board.out is not None:
            out = board.out
            return _("{player} went out with {tiles} (led {lead}). What do the other hands hold? Tiles or totals, "
                     "as in a round line: {example}").format(player=out.player, tiles=format_tiles(out.last),
                                                              lead=out.lead, example=self._example(out.player))
        fisherman = board.fisherman()
        example = self._example(None)
        if fisherman:
            return _("A fish: nobody can play; {fisherman} made it. What does each hand hold? Tiles or totals, as "
                     "in a round line: {example}").format(fisherman=fisherman, example=example)
        return _("A fish: nobody can play. What does each hand hold? Tiles or totals, as in a round line: "
                 "{example}").format(example=example)

    def _example(self, out: str | None) -> str:
        others = [player for player in self.players if player != out]
        return " ".join(f"{_short(player, self.players)} {value}"
                        for player, value in zip(others, ("8", "3-4", "12", "5")))

    def undone(self, play: Play) -> str:
        """What ``undo`` says it took back, and where the hand stands."""
        said = said_play(play, self.players)
        if not self.plays:
            return _("Took back {play}: no play left, the hand is not started.").format(play=said)
        turn = self.board.turn
        if turn:
            return _("Took back {play}: {player} to play.").format(play=said, player=turn)
        return _("Took back {play}.").format(play=said)

    # -- the end of the hand --------------------------------------------------------------------------------
    def facts(self, text: str, match, partner_counts: bool = True) -> RoundFacts:
        """The round the hand ends, from what the scorer types of the hands (a round line without the out or
        the fish): the out or the fish, the last tile, the lead and the fisherman are the referee's."""
        for word in tokens(text):
            meaning = round_word(word.text, match.players) if word.kind == "word" else None
            if meaning in ENDING_WORDS:
                raise InputError(_("{word}: the referee saw how the hand ended; give only what the hands hold: "
                                   "{example}").format(word=repr(word.text), example=self._example(
                                       self.board.out.player if self.board.out else None)))
            if word.kind == "plus" or meaning in ("count", "played"):
                raise InputError(_("the referee scores the plays itself: give only what the hands hold, no "
                                   "claims"))
        board = self.board
        if board.out is not None:
            line = f'"{board.out.player}" out, {text}'
        else:
            fisherman = board.fisherman()
            line = f'fish by "{fisherman}", {text}' if fisherman else f"fish, {text}"
        facts = read_round(line, match, partner_counts)
        by = {each.play.tile: each.play.player for each in board.history if each.play.tile is not None}
        for player, tiles in facts.hands:
            for tile in tiles:
                if tile in by:
                    raise InputError(_("{tile} was played in this hand (by {by}): it is not in {player}'s hand; "
                                       "give the tiles still held").format(tile=tile, by=by[tile], player=player))
        for player, tiles in facts.hands:
            holds = board.deal + board.drawn[player] - board.played[player]
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
        return facts._replace(last=tuple(last), led=board.lead, plays=tuple(self.plays))

    def implausible(self, facts: RoundFacts) -> str:
        """Why a total typed at the end of the hand cannot be what the player holds ('' when it can): more
        pips than their count of the heaviest tiles not seen played nor typed in a hand, or fewer than the
        lightest. The scorer may still confirm it (a tile misread at the table is the usual cause)."""
        board = self.board
        typed = {tile for _player, tiles in facts.hands for tile in tiles}
        free = sorted(tile.pips for tile in self.ruleset.tileset.tiles()
                      if tile not in board.on_table and tile not in typed)
        for player, total in facts.totals:
            holds = board.deal + board.drawn[player] - board.played[player]
            least, most = sum(free[:holds]), sum(free[len(free) - holds:]) if holds else 0
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

        return ""
