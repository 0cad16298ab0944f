"""The hand in play, typed play by play at the ``play`` prompt (rules.md §10, docs/live.md): the ``Board`` that
rules on each play, the plays so far, and the words the session answers them with.

Which lines are plays is ``live.line``'s to say.  Once the hand is over (an out, a fish), the next line is what
the hands still hold, as a round line without the ``out`` (``live.hand_end``): the round is then recorded with
its plays.

Nothing here reads the keyboard, writes a file or prints: the session records and answers.
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.domain.facts import OpenHand, RoundFacts, Ruling
from scorekeeper.domain.plays import Action, Play
from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import _, ngettext
from scorekeeper.live import hand_end
from scorekeeper.notation.ends import said_ends
from scorekeeper.notation.names import short_name
from scorekeeper.notation.play_line import WHOSE_TURN, said_play
from scorekeeper.notation.words import word_in_use
from scorekeeper.reports.play import play_line
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import Muggins, PlayScore
from scorekeeper.match.checks import in_order
from scorekeeper.scoring.board import Board, Finding, IllegalPlay, PlayBreach, Ruled, TwoPlaces
from scorekeeper.scoring.lead import Opening
from scorekeeper.scoring.notes import NoteKind


def waiting(command: str) -> StateError:
    """The refusal of a session command that waits until the round of the hand in play is recorded ('redo',
    'again'; the English word)."""
    return StateError(_("a hand is in play: '{command}' waits until its round is recorded").format(
        command=word_in_use("commands", command)))


class WhoLeads(InputError):
    """A play typed without a name to lead a hand whose leader the match does not name (the first round's
    holder of 1-1, a lead by lot, either partner of the side that won a block): ``players``, one of whom
    leads, is asked; ``index``: the play in its line."""

    def __init__(self, players: Sequence[str], index: int) -> None:
        self.players = tuple(players)
        self.index = index
        super().__init__(_("who leads? Type the name before the tile ({example})").format(
            example=f"{short_name(players[0], players)} 66"))


class HandInPlay:
    """One hand being typed: the plays made, the Board after them, and how the match says it is led
    (``opening``, ``scoring.lead.opening``; or ``leader``, who leads it, and ``first``, a lead ``lead.first``
    decides).

    The referee advises, the table decides (rules.md §10.9): a play that breaks a rule of play is refused
    (``PlayBreach``, nothing made) until the table lets it stand (``allow``: the play made as it was played);
    a breach a later play proves is said with that play (``answer``) and waits in ``unsettled`` for the table
    (``allow``, or ``undo`` back to it).  The breaches let stand go with the round as its rulings."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str], leader: str | None = None,
                 first: bool = False, opening: Opening | None = None) -> None:
        self.ruleset = ruleset
        self.players = tuple(players)
        if opening is None:
            opening = Opening((leader,) if leader else None, first)
        self.opening = opening
        self.board = self._board()
        self.plays: list[Play] = []
        self.rulings: list[Finding] = []
        """The breaches the table let stand, each with the play it concerns and the play that showed it."""
        self.unsettled: list[Finding] = []
        """Breaches said and not yet let stand: those a later play (or the hands at the end) proved."""
        self.pending: tuple[tuple[Play, ...], int] | None = None
        """The line of plays refused for a breach, and which of its plays broke the rule: ``allow`` makes it."""
        self.hands_text = ""
        """What the hands hold, as typed once the hand is over (the session records it again after ``allow``)."""
        self.hands_totals = False
        """Whether the one-tile hands whose two digits could be a tile or a total (``12``) are totals, as the
        scorer answered (``live.hand_end.tiles_or_totals``)."""

    @classmethod
    def resume(cls, ruleset: Ruleset, players: Sequence[str], opening: Opening, kept: OpenHand) -> "HandInPlay":
        """The hand kept in the match file (``Match.hand``), followed again as the match says it is led: the
        breaches it kept let stand are its rulings; any other its plays show (its lead, where the rounds before
        it changed) waits for the table, said when the hand is taken up (``resumed``)."""
        hand = cls(ruleset, players, opening=opening)
        hand._rebuild(kept.plays)
        allowed = set(kept.rulings)
        for ruled in hand.board.history:
            for finding in ruled.breaches:
                (hand.rulings if Ruling(finding.play, finding.breach) in allowed else hand.unsettled).append(finding)
        return hand

    def kept(self) -> OpenHand | None:
        """The hand as the match file keeps it (None: not started)."""
        if not self.plays:
            return None
        return OpenHand(tuple(self.plays), in_order(Ruling(finding.play, finding.breach) for finding in self.rulings))

    def snapshot(self) -> tuple:
        """What ``restore`` puts back: the plays and the breaches, as they are now."""
        return list(self.plays), list(self.rulings), list(self.unsettled), self.pending, self.hands_text

    def restore(self, snapshot: tuple) -> None:
        """The hand as it was at ``snapshot`` (a change that could not be written is taken back)."""
        plays, rulings, unsettled, self.pending, self.hands_text = snapshot
        self._rebuild(plays)
        self.rulings, self.unsettled = list(rulings), list(unsettled)

    def _board(self) -> Board:
        return Board(self.ruleset, self.players, first=self.opening.first, leaders=self.opening.leaders,
                     again=self.opening.again)

    @property
    def over(self) -> bool:
        return self.board.over

    @property
    def fish_seen(self) -> bool:
        """The hand ended in a fish (the knocks still said round the table after it change nothing)."""
        return self.board.blocked and self.board.out is None

    @property
    def scores(self) -> bool:
        return self.ruleset["play.scores"] is not PlayScore.NONE

    def play(self, play: Play, allow: bool = False) -> Ruled:
        """Rule on one play and make it (IllegalPlay, nothing changed, when it is refused); ``allow``: a breach
        of a rule of play is let stand, and kept as a ruling."""
        number = len(self.plays) + 1
        ruled = self.board.play(play, allow)
        self.plays.append(play)
        for finding in ruled.breaches:
            (self.rulings if finding.play == number else self.unsettled).append(finding)
        return ruled

    def play_all(self, plays: Sequence[Play], allowed: int = -1) -> list[Ruled]:
        """Several plays of one line, all or none: a refused play leaves the hand as it was before the line
        (a breach of a rule of play is kept in ``pending`` for ``allow``); the plays up to index ``allowed`` of
        the line are let stand.  A play without a name (``WHOSE_TURN``) is the turn's player's; a lead
        without one where the match names no single leader is asked (``WhoLeads``), and so is the place of a
        tile that fits two (``TwoPlaces``, its ``index`` in the line): the hand is left as it was."""
        before, kept = len(self.plays), (list(self.rulings), list(self.unsettled))
        ruled = []
        plays = list(plays)
        try:
            for index, play in enumerate(plays):
                if play.player == WHOSE_TURN:
                    plays[index] = play = play._replace(player=self._whose(index))
                ruled.append(self.play(play, index <= allowed))
        except (IllegalPlay, WhoLeads) as refused:
            self.pending = (tuple(plays), len(ruled)) if isinstance(refused, PlayBreach) else None
            if isinstance(refused, (TwoPlaces, WhoLeads)):
                refused.index = len(ruled)  # asked: the line is typed again with the answer
            if len(self.plays) == before:
                raise
            self._rebuild(self.plays[:before])
            self.rulings, self.unsettled = kept
            if isinstance(refused, (TwoPlaces, WhoLeads)):
                raise
            made = ", ".join(said_play(play, self.players) for play in plays[:len(ruled)])
            reason = ngettext("{reason} (and {made}, before it in the line, is not made either)",
                              "{reason} (and {made}, before it in the line, are not made either)",
                              len(ruled)).format(reason=refused.reason, made=made)
            if isinstance(refused, PlayBreach):
                raise PlayBreach(refused.play, refused.found, reason) from None
            raise IllegalPlay(refused.play, reason) from None
        self.pending = None
        return ruled

    def _whose(self, index: int) -> str:
        """Who plays a play typed without a name: the player whose turn it is; at the lead, the one player the
        match names to lead it, else asked (``WhoLeads``)."""
        board = self.board
        if board.turn is not None:
            return board.turn
        leaders = self.opening.leaders
        if leaders is not None and len(leaders) == 1:
            return leaders[0]
        raise WhoLeads(leaders or self.players, index)

    def allow(self) -> list[Ruled]:
        """The table lets the breach said stand: the line refused for it is made as it was played (the plays
        made come back), or the breaches a later play or the hands proved are kept as rulings (nothing comes
        back); StateError when no breach waits for the table."""
        if self.pending is not None:
            plays, index = self.pending
            return self.play_all(plays, allowed=index)
        if not self.unsettled:
            raise StateError(_("no breach of the rules of play waits for the table: '{allow}' lets stand the "
                               "one just said").format(allow=word_in_use("commands", "allow")))
        self.rulings += self.unsettled
        self.unsettled = []
        return []

    def undo(self) -> Play:
        """Take back the last play: the Board is built again from the plays before it, and a breach that play
        concerned or proved is no longer said."""
        if not self.plays:
            raise StateError(_("no play to take back"))
        last = self.plays[-1]
        self._rebuild(self.plays[:-1])
        number = len(self.plays)
        self.rulings = [finding for finding in self.rulings if finding.play <= number and
                        finding.shown is not None and finding.shown <= number]
        self.unsettled = [finding for finding in self.unsettled if finding.shown is not None and
                          finding.shown <= number]
        self.pending = None
        self.hands_text = ""
        self.hands_totals = False
        return last

    def _rebuild(self, plays: Sequence[Play]) -> None:
        self.board = self._board()
        self.plays = []
        for play in plays:
            self.board.play(play, allow=True)  # each was made on this very board before, as the table let it
            self.plays.append(play)

    def held(self, facts: RoundFacts) -> list[Finding]:
        """The breaches the hands typed at the end prove (``Board.held``) and the table has not let stand: they
        wait in ``unsettled``."""
        hands = {player: tiles for player, tiles in facts.hands}
        if self.board.out is not None:
            hands[self.board.out.player] = ()
        settled = {(finding.play, finding.breach) for finding in self.rulings}
        shown = [finding for finding in self.board.held(hands) if (finding.play, finding.breach) not in settled]
        self.unsettled = [finding for finding in self.unsettled if finding.shown is not None] + shown
        return shown

    def fish(self) -> list[Ruled]:
        """``fish`` typed on a sealed layout that nobody can open: every player knocks in turn."""
        board = self.board
        if not board.is_sealed():
            shown = said_ends(*board.open_ends())
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
        first = len(self.board.history) - len(ruled) + 1  # the answer is for the newest plays
        for number, each in enumerate(ruled, start=first):
            lines.append(play_line(each, self.scores, self.players))
            for finding in each.breaches:
                if finding.play != number:  # an earlier play's breach, proved by this one: the table decides
                    lines.append(self.breach_said(finding))
            note = each.note.said() if each.note else ""
            if each.idle and not idle:  # said once a line, however many knock after the fish
                idle = True
                lines.append(note[0].upper() + note[1:] + ".")
            if note and not each.out and not each.blocked:
                lines.append(note[0].upper() + note[1:] + ".")
                if each.note.kind is NoteKind.SEALED_UNSEEN:  # the hands are not known: the table says
                    lines.append(_("Nobody holds it? Type '{fish}'.").format(fish=word_in_use("round", "fish")))
            if each.points and self._muggins_first(each):
                lines.append(_("Not called? An opponent may say {muggins}.").format(
                    muggins=word_in_use("plays", "muggins")))
        if self.over:
            lines.append(hand_end.ending(self))
        return "\n".join(lines)

    def resumed(self) -> str:
        """What a session says of the hand it takes up from the match file: the plays kept, whose turn it is (or
        how it ended, and what to type), and each breach waiting for the table."""
        plays = len(self.plays)
        if self.over:
            lines = [ngettext("The hand in play is taken up ({n} play kept).",
                              "The hand in play is taken up ({n} plays kept).", plays).format(n=plays),
                     hand_end.ending(self)]
        else:
            lines = [ngettext("The hand in play is taken up ({n} play kept): {player} to play.",
                              "The hand in play is taken up ({n} plays kept): {player} to play.", plays).format(
                n=plays, player=self.board.turn)]
        lines += [self.breach_said(finding) for finding in self.unsettled]
        return "\n".join(lines)

    def breach_said(self, finding: Finding) -> str:
        """A breach of an earlier play, proved later, and what the table may do about it."""
        return _("Play {number} ({play}): {reason}. '{allow}' lets it stand.").format(
            number=finding.play, play=said_play(self.plays[finding.play - 1], self.players), reason=finding.reason,
            allow=word_in_use("commands", "allow"))

    def _muggins_first(self, ruled: Ruled) -> bool:
        if self.ruleset["play.muggins"] is not Muggins.CALLED:
            return False
        scoring = [each for each in self.board.history if each.points]
        return bool(scoring) and scoring[0] is ruled

    def undone(self, play: Play) -> str:
        """What ``undo`` says it took back, and where the hand stands."""
        said = said_play(play, self.players)
        if not self.plays:
            return _("Took back {play}: no play left, the hand is not started.").format(play=said)
        turn = self.board.turn
        if turn:
            return _("Took back {play}: {player} to play.").format(play=said, player=turn)
        return _("Took back {play}.").format(play=said)
