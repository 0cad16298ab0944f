"""The facts of a match: who sits where, and what happened in each round.  Never computed scores."""

from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, NamedTuple, Sequence

from scorekeeper.domain.plays import Play
from scorekeeper.domain.tiles import Tile

if TYPE_CHECKING:  # start-up: what a check established is read only from rounds played play by play
    from scorekeeper.domain.checked import Seal

FORMAT_VERSION = 1
PLAIN = "plain"
"""The word for a last tile or a lead no rule scores, the tile itself not told (``out on plain``, ``led plain``;
the match file's ``last``/``led``)."""


class Ending(Enum):
    """How a round ended."""

    OUT = "out"
    """Someone played their last tile ("domino", "went out")."""
    FISH = "fish"
    """The game was blocked: everyone still holds tiles and nobody can play."""


OUT, FISH = Ending.OUT, Ending.FISH
"""The endings as plain names, for code run for every round: on Python 3.11 an Enum member read from its class
(``Ending.OUT``) goes through ``EnumType.__getattr__``, far slower than reading a module's name."""


class Hand(NamedTuple):
    """What one player still held at the end of a round: the tiles, or only their pip total."""

    tiles: tuple[Tile, ...] | None = None
    total: int | None = None

    @property
    def pips(self) -> int:
        return self.total if self.tiles is None else sum(map(sum, self.tiles))  # a tile is (low, high)

    @property
    def has_tiles(self) -> bool:
        return self.tiles is not None


EMPTY_HAND = Hand(tiles=())


class Claim(NamedTuple):
    """Points claimed during play (Muggins family): a player and the points, and the count of the open ends
    that scored them when it was told (``score Ann --count 20``).  A count is the fact: under another
    ruleset it scores what that ruleset makes of it (Muggins 20 is Phone 4); a claim known only as points
    cannot be converted (rules.md §4.3)."""

    player: str
    points: int
    count: int | None = None
    """The count of the open ends, when known; ``points`` is what the match's own ruleset scores for it."""


class Breach(Enum):
    """A rule of play that a hand broke and the table let stand (rules.md §10.9): the referee says it at the play
    (or at the first play or hand that proves it), the table decides, and the decision is kept with the round
    as a ``Ruling``.  The values are what the match file writes."""

    TURN = "turn"
    """A player played out of turn (a tile, a knock or a draw)."""
    LEADER = "leader"
    """The hand was led by another player than the one who had to lead it (``lead.after_out``,
    ``lead.after_fish``)."""
    FIRST_LEAD = "first-lead"
    """The hand was opened with another tile than ``lead.first`` names: the match's first round, or a round led
    again from 1-1 (``lead.again_from_1_1``); said at the lead where the deal tells it, else at the play or the
    hand that shows a tile coming first was dealt."""
    KNOCK_WHILE_ABLE = "knock-while-able"
    """A player knocked holding a tile that fitted: said at the knock where the hand is known, else at the play
    or the hand that proves it."""
    KNOCK_BEFORE_DRAW = "knock-before-draw"
    """A player knocked while the bazaar could still be drawn from."""
    DRAW_WHILE_ABLE = "draw-while-able"
    """A player drew from the bazaar holding a tile that fitted (``bazaar.draw_while_able = false``): said at the
    draw where the hand is known, else at the play or the hand that proves it."""
    BAZAAR_KEPT = "bazaar-kept"
    """A player drew a tile the ruleset keeps in the bazaar (``bazaar.keep``)."""


class Ruling(NamedTuple):
    """A breach the table let stand: the play it concerns (1 is the lead) and what it broke.  A fact of the
    round like the plays themselves: the table's decision, shown by ``explain``."""

    play: int
    breach: Breach


class Round(NamedTuple):
    """The facts of one round, as typed at the table or read from the match file."""

    ending: Ending
    hands: Mapping[str, Hand]
    out: str | None = None
    """The player who went out (OUT rounds)."""
    fisher: str | None = None
    """The player who made the last play of a blocked round, when known."""
    last: tuple[Tile, ...] = ()
    """The tile (or two doubles) the player who went out finished with, when recorded."""
    led: Tile | None = None
    """The tile that opened the round, when recorded."""
    claims: tuple[Claim, ...] = ()
    """Points claimed during play, in order."""
    play_points: tuple[Claim, ...] = ()
    """In-play totals noted at the table instead of single claims (``round --points PLAYER=N``)."""
    plays: Sequence[Play] = ()
    """The hand as it was played, when it was typed play by play (rules.md §10); empty: not recorded.  A tuple,
    or as read from a match file a ``notation.stored_plays.PlayLine``: the line, read into plays when first
    used."""
    line: int | None = None
    """Where the round starts in the match file, when it was read from one (provenance, not a fact)."""
    plain_last: bool = False
    """The scorer said the out was on a plain tile (``out on plain``): no tile or pair of doubles that a rule
    scores, the tile itself not told; ``last`` is then empty."""
    plain_led: bool = False
    """The scorer said the round was led with a plain tile (``led plain``): none that a rule scores (6-6 on
    the hundred, a bonus double), the tile itself not told; ``led`` is then None."""
    rulings: tuple[Ruling, ...] = ()
    """The breaches of the plays the table let stand (``allow``), in the order of the plays."""
    checked: "Seal | None" = None
    """What checking the round established, when it was sealed (not a fact: see ``domain.checked``)."""

    @classmethod
    def of(cls, ending: Ending, hands: Mapping[str, Hand], **facts) -> "Round":
        """A round whose hands cannot be changed afterwards."""
        return cls(ending, MappingProxyType(dict(hands)), **facts)

    def facts(self) -> "Round":
        """The round without its provenance (its line, what checking it established), for comparing facts."""
        return self._replace(line=None, checked=None)

    def hand_of(self, player: str) -> Hand:
        """A player's hand; the player who went out holds nothing."""
        if player == self.out:
            return EMPTY_HAND
        return self.hands[player]


class OpenHand(NamedTuple):
    """The hand being played, typed play by play and not yet recorded as a round (rules.md §10): its plays so
    far and the breaches the table let stand.  Kept in the match file as it is typed (``hand = { plays = ...
    }``), so that a session that dies or is quit resumes it; recording its round, or dropping it, ends it."""

    plays: tuple[Play, ...]
    rulings: tuple[Ruling, ...] = ()
    line: int | None = None
    """Where the hand is in the match file, when it was read from one (provenance, not a fact)."""

    def facts(self) -> "OpenHand":
        return self._replace(line=None)


class Side(NamedTuple):
    """One player, or a partnership of two sitting opposite."""

    name: str
    players: tuple[str, ...]


class Undoing(Enum):
    """What kind of change took facts out of a match (kept in its history so that it can be taken back)."""

    UNDO = "undo"
    """``undo``: the last claim in progress, or the last round, was dropped."""
    DELETE = "delete"
    """``delete N``: round N was removed."""
    EDIT = "edit"
    """``edit N``: round N's facts were replaced (the old ones are kept)."""


class Revision(NamedTuple):
    """One change that took facts out of the match, with the facts it took: ``redo`` puts them back.

    ``number`` is the round it concerns (for a claim: the hand it was made in, counted like rounds);
    ``round`` the round's facts as they were (taken out, or replaced by an edit), ``claim`` a claim dropped
    from the hand in progress; ``redone``: the change has been taken back (its facts are in the match
    again). The order of the history is the order of the changes.

    ``number`` is the round as it was numbered when the change was made; later changes move the rounds
    (a delete moves the later ones up), so ``redo`` finds the round by ``place``: its place among every
    round recorded, the rounds taken out and not put back counted as still there (a delete or an undo leaves
    a gap, a put-back fills it, a new round takes a new place at the end). A claim's place is the hand's.
    None: a history written before places were kept (``revisions.places`` works them out where it can)."""

    change: Undoing
    number: int
    round: Round | None = None
    claim: Claim | None = None
    redone: bool = False
    line: int | None = None
    """Where the entry is in the match file, when it was read from one (provenance, not a fact)."""
    place: int | None = None
    edited: Round | None = None
    """For an edit put back: the facts the edit had written, which the put-back took out (nothing is lost)."""


class Match(NamedTuple):
    """A match log: seating, sides, the ruleset's name or path, and the rounds played."""

    ruleset: str
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    rounds: tuple[Round, ...] = ()
    pending: tuple[Claim, ...] = ()
    """Claims made in the round in progress (not yet closed by a ``round``)."""
    path: str | None = None
    """The match file this was read from, when it was (provenance, not a fact)."""
    history: tuple[Revision, ...] = ()
    """Changes that took facts out (undo, delete, edit), oldest first, each with the facts it took."""
    lang: str = ""
    """The language the table speaks (``new --lang ru``), which every later command on the match speaks unless
    told otherwise; empty when the match does not say."""
    hand: OpenHand | None = None
    """The hand being typed play by play after the last round, when there is one."""

    def facts(self) -> "Match":
        """The match as played, for comparing facts: without provenance (file path, round lines) and without
        the history of changes taken back (two matches that came to the same rounds are the same match)."""
        return self._replace(path=None, rounds=tuple(rnd.facts() for rnd in self.rounds), history=(),
                             hand=self.hand and self.hand.facts())

    def changes(self) -> tuple["Revision", ...]:
        """The history without provenance, for comparing it."""
        return tuple(entry._replace(line=None, round=entry.round and entry.round.facts(),
                                    edited=entry.edited and entry.edited.facts()) for entry in self.history)

    def side_of(self, player: str) -> Side:
        for side in self.sides:
            if player in side.players:
                return side
        raise KeyError(player)

    @property
    def is_pairs(self) -> bool:
        return any(len(side.players) > 1 for side in self.sides)


def singles(players: tuple[str, ...]) -> tuple[Side, ...]:
    return tuple(Side(player, (player,)) for player in players)


class RoundFacts(NamedTuple):
    """A round's facts as told at the table, before they are checked: player names as typed.

    ``out`` (who went out) or ``fish`` (blocked); for every other player a hand of ``tiles`` or a pip
    ``total``; ``fisher`` (who made the fish), ``last`` (the tile, or two doubles, someone went out with),
    ``led`` (the tile that opened the round); ``play_points``: in-play totals noted instead of single claims;
    ``claims``: points claimed during play told with the round (a round line's ``Ann +15``, ``Bob count 20``),
    in order, as ``(player, points or count, is_count)``; ``plays``: the hand as it was played, when it was
    typed play by play (names resolved by the play line), or the play line itself (``round --plays``), which
    the use case reads against the match's players.
    """

    out: str | None = None
    fish: bool = False
    hands: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()
    fisher: str | None = None
    last: tuple[Tile, ...] = ()
    led: Tile | None = None
    play_points: tuple[tuple[str, int], ...] = ()
    claims: tuple[tuple[str, int, bool], ...] = ()
    plays: tuple[Play, ...] | str = ()
    plain_last: bool = False
    """``out on plain``: the last tile was none a rule scores (``Round.plain_last``)."""
    plain_led: bool = False
    """``led plain``: the lead was none a rule scores (``Round.plain_led``)."""
    rulings: tuple[Ruling, ...] = ()
    """The breaches of the plays the table let stand (``Round.rulings``), as the live session kept them."""
