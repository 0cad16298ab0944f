"""The referee follows the play, tile by tile (rules.md §10): each play is checked against the layout, the
hands known and the turn; each legal play gives the open ends, their count, what it scored and whose turn it
is; the end of the hand (an out, a fish and its fisherman) is seen, not typed.

``Board`` takes the plays one at a time (``board.play(play)``: a ``Ruled`` play, or ``IllegalPlay`` with the
reason); ``follow`` rules on a whole sequence and stops at the first play that cannot be scored.

The referee advises, the table decides (rules.md §10.9).  A play that cannot be scored (a tile not in the set,
one already on the table or in another hand, a tile with no place on the layout, a player not at the table,
a play after the hand is over) is refused: ``IllegalPlay``.  A play that breaks a rule of play the table may
let stand (``domain.facts.Breach``: out of turn, the wrong leader or first lead, a knock or a draw while able,
a knock before drawing, a draw of a tile the bazaar keeps) is refused as ``PlayBreach`` unless the caller
lets it stand (``board.play(play, allow=True)``): the play is then made as it was played, and its
``Ruled.breaches`` say what it broke.  What only a later fact proves (a draw or a knock while able, shown by
a tile the player lays later or holds at the end; the first lead, shown by a tile that comes first seen
dealt) is a ``Finding`` of the play that proves it, naming the play it concerns (``Finding.play``): the play
that proves it is made (it is not in question), and the table decides on the play it names.  The hands
held at the end prove what is left (``board.held``).

The layout is a tree of tiles: each tile keeps the numbers showing at its free sides (ports). A double laid
across shows its number once and counts both halves; a spinner (``play.spinner`` is not none: the first
double, or every double under ``play.spinners = every``) has four sides, taken in the order ``check count
--spinner`` and ``check fish`` use: the two long sides first, then the short ones. The count is the open
ends added, each spinner's halves counted under the ruleset's ``play.spinner`` reading by the same
``scoring.counts.open_count`` that ``check count`` uses.
"""

from functools import cache
from typing import Collection, Iterable, Mapping, NamedTuple, Sequence

from scorekeeper.domain.checked import ScoredPlay
from scorekeeper.domain.facts import Breach, Claim
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile, format_tiles
from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.notation.ends import said_ends
from scorekeeper.notation.names import match_player
from scorekeeper.notation.play_line import parse_plays, said_play
from scorekeeper.notation.stored_plays import PlayLine
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishermanIs, Muggins, PlayScore, SpinnerReading, Spinners
from scorekeeper.scoring.counts import End, Spinner, count_score, open_count
from scorekeeper.scoring.finding import Finding
from scorekeeper.scoring.lead import FirstLeadRule, Opening, first_lead_order, wrong_leader
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.plausible import deal_size
from scorekeeper.i18n.message import Message


class IllegalPlay(InputError):
    """A play the referee refuses; ``reason`` says why, ``play`` is the play as typed."""

    def __init__(self, play: Play, reason: str) -> None:
        self.play = play
        self.reason = reason
        super().__init__(_("{play}: {reason}").format(play=said_play(play), reason=reason))


class PlayBreach(IllegalPlay):
    """A play that breaks a rule of play the table may let stand (``Board.play(play, allow=True)`` makes it as it
    was played); ``found`` says each rule it breaks.  Nothing is changed until the table lets it stand."""

    def __init__(self, play: Play, found: tuple[Finding, ...], reason: str | None = None) -> None:
        self.found = found
        super().__init__(play, reason or "; ".join(finding.reason for finding in found))


class TwoPlaces(IllegalPlay):
    """A tile that fits places making different layouts, typed without saying which (rules.md §10.1): ``places``
    names each as ``on`` takes it (the number showing there, or the tile there where two ends show it), with
    the number showing (``(on, showing)``)."""

    def __init__(self, play: Play, reason: str, places: tuple[tuple[int | Tile, int], ...]) -> None:
        self.places = places
        super().__init__(play, reason)


class _Suspect:
    """A draw or a knock a later fact may prove was made while the player could play: the ends then, the tiles
    the player drew from then on, and the tiles laid or held since that fitted those ends."""

    __slots__ = ("number", "breach", "player", "showing", "ends", "drawn", "fitting")

    def __init__(self, number: int, breach: Breach, player: str, showing: tuple[tuple[int, ...], tuple[Tile, ...]],
                 drawn: int) -> None:
        self.number = number
        self.breach = breach
        self.player = player
        self.showing = showing
        """The open ends then, as the referee says them (``Board.open_ends``)."""
        self.ends = frozenset(showing[0]).union(tile.low for tile in showing[1])
        self.drawn = drawn
        self.fitting: list[Tile] = []

    def fits(self, tile: Tile) -> bool:
        return tile[0] in self.ends or tile[1] in self.ends


class Out(NamedTuple):
    """A player laid their last tile: the hand is over."""

    player: str
    last: tuple[Tile, ...]
    """The last tile, or the two doubles laid at once (Sea Goat)."""
    lead: Tile


class Ruled(NamedTuple):
    """A legal play and the position after it."""

    play: Play
    on: Tile | None
    """The tile it was laid against (None: the lead, a knock or a draw)."""
    ends: tuple[int, ...]
    """The numbers showing at the open ends (a spinner's free sides each show its number)."""
    count: int
    parts: tuple[int, ...]
    """The numbers the count adds, spinner halves first."""
    points: int
    """What the play scored under ``play.scores`` (0 for a knock, a draw, and in the blocking games)."""
    turn: str | None
    """Who plays next (None: the hand is over)."""
    sealed: bool = False
    blocked: bool = False
    fisherman: str | None = None
    out: Out | None = None
    note: Message | None = None
    """What the referee adds: the sealed fish a held double can still be laid on, the fish by knocks."""
    showing: int | None = None
    """The number showing at the end the tile was laid on (None: the lead, a knock or a draw)."""
    idle: bool = False
    """A knock said after the fish was seen: accepted, it changes nothing (players still say it round the
    table after the tile that blocks it)."""
    breaches: tuple[Finding, ...] = ()
    """The rules of play broken that this play shows: its own breaches, which the table let stand, and those
    of an earlier play that it proves (``Finding.play`` names it)."""
    open_ends: tuple[tuple[int, ...], tuple[Tile, ...]] | None = None
    """The ends as a player reads them (``Board.open_ends``), kept where the play lines show the ends (plays
    do not score) and a spinner is on the table; None: ``ends`` are the arms' alone, or plays score (the
    lines show the count; a spinner game following a hand does not pay for it)."""

    @property
    def said_ends(self) -> str:
        """The ends after the play as a list (``notation.ends.said_ends``), where plays do not score:
        ``3 and the spinner 6-6``."""
        return said_ends(*(self.open_ends or (self.ends, ())))


class Followed(NamedTuple):
    """A sequence of plays ruled on: the plays made (each breach let stand), the first that cannot be scored
    (if any), and the last position; ``breaches``: every rule of play broken, in the order they were said
    (the hands at the end last)."""

    ruled: tuple[Ruled, ...]
    illegal: IllegalPlay | None
    ends: tuple[int, ...]
    count: int
    turn: str | None
    sealed: bool
    blocked: bool
    fisherman: str | None
    out: Out | None
    breaches: tuple[Finding, ...] = ()
    open_ends: tuple[tuple[int, ...], tuple[Tile, ...]] = ((), ())
    """The ends as a player reads them (``Board.open_ends``)."""

    def to_dict(self, allowed: Collection[tuple[int, Breach]] | None = None) -> dict:
        """The plays and where the hand stands; ``allowed``: the breaches the table let stand, as (play,
        breach), for a hand in play (each breach then says whether it is one of them)."""
        plays = [_play_dict(number, ruled.play, ruled.on, ruled.ends, ruled.count, ruled.points, ruled.breaches,
                            allowed) for number, ruled in enumerate(self.ruled, start=1)]
        if self.illegal is not None:
            typed = self.illegal.play
            plays.append({**_play_dict(len(plays) + 1, typed, typed.on, self.ends, self.count, 0, ()),
                          "legal": False, "reason": self.illegal.reason})
        out = None if self.out is None else {"player": self.out.player, "last": [str(t) for t in self.out.last],
                                             "lead": str(self.out.lead)}
        return {"plays": plays, "ends": list(self.ends), "count": self.count, "turn": self.turn,
                "blocked": self.blocked, "sealed": self.sealed, "fisherman": self.fisherman, "out": out}


def _play_dict(number: int, play: Play, on, ends, count: int, points: int, breaches, allowed=None) -> dict:
    own = [finding.reason for finding in breaches if finding.play == number]
    return {"player": play.player, "tile": None if play.tile is None else str(play.tile),
            "on": None if on is None else str(on), "ends": list(ends), "count": count, "points": points,
            "legal": not own, "reason": "; ".join(own) or None,
            "breaches": [_breach_dict(finding, allowed) for finding in breaches]}


def _breach_dict(finding: Finding, allowed=None) -> dict:
    said = {"play": finding.play, "breach": finding.breach.value, "reason": finding.reason}
    if allowed is not None:
        said["allowed"] = (finding.play, finding.breach) in allowed
    return said


class _Node:
    """One tile of the layout: the number showing at each side still free (None: covered); a spinner's
    sides are east, west, north, south."""

    __slots__ = ("tile", "spinner", "ports")

    def __init__(self, tile: Tile, spinner: bool, ports: list[int | None]) -> None:
        self.tile = tile
        self.spinner = spinner
        self.ports = ports


class _Place(NamedTuple):
    node: int
    port: int
    showing: int


@cache
def _spinner_halves(reading: SpinnerReading, pips: int, covered: tuple[bool, ...]) -> tuple[int, ...]:
    """What a spinner's own halves add to the count, its sides covered or not: ``open_count``'s reading,
    kept by position (a hand asks for the same few positions at every play)."""
    # A covered side stands as an end of 0: its arm is counted at the arm's own open end.
    counted = open_count(reading, (), Spinner(pips, *(End(0) if side else None for side in covered)))
    return counted.parts[:len(counted.parts) - sum(covered)]


class Board:
    """One hand being played: the layout, the turn, what each player has played and drawn.

    ``hands``: the hands dealt, where known (each the whole hand: a knock and a draw are then checked at
    once); ``first``: the hand is led as a match's first round, whose lead tile ``lead.first`` decides
    (checked where the deal tells it, at the lead or at the play that shows it); ``leaders``: the players one
    of whom leads it, where the match says (None: anyone); ``typed``: the plays are being typed, and a double
    that fits two ends alike is asked where it goes (rules.md §10.1); false: a hand recorded before that was
    asked, which lays it on the first of them, as it was recorded; ``again``: ``first`` because the round is led
    again from 1-1 (``lead.again_from_1_1``), as it is said."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str],
                 hands: Mapping[str, Iterable[Tile]] | None = None, first: bool = False,
                 leaders: Iterable[str] | None = None, typed: bool = True, again: bool = False) -> None:
        self.ruleset = ruleset
        self.hands = dict(hands or {})
        self.players = tuple(players)
        if len(self.players) < 2:
            raise InputError(_("a hand needs at least two players"))
        most = ruleset["players.max"]
        if len(self.players) > most:
            raise InputError(_("{n} players ({players}), but {ruleset} seats at most {most}").format(
                n=len(self.players), players=", ".join(self.players), ruleset=ruleset.called, most=most))
        self.deal = deal_size(self.ruleset, len(self.players))[0]
        tileset = self.tileset = self.ruleset.tileset
        self.known: dict[str, set[Tile]] = {}
        held: dict[Tile, str] = {}
        for player, tiles in self.hands.items():
            if player not in self.players:
                raise InputError(_("a hand is given for {player}, who is not at the table ({players})").format(
                    player=player, players=", ".join(self.players)))
            tiles = tuple(tiles)
            tileset.check(tiles, player)
            if len(tiles) != self.deal:
                raise InputError(ngettext("{player}'s hand has {n} tile, but {ruleset} deals {deal} to each of "
                                          "{count} players: give the whole hand",
                                          "{player}'s hand has {n} tiles, but {ruleset} deals {deal} to each of "
                                          "{count} players: give the whole hand", len(tiles)).format(
                    player=player, n=len(tiles), ruleset=self.ruleset.called, deal=self.deal, count=len(self.players)))
            for tile in tiles:
                if tile in held:
                    raise InputError(_("tile {tile} is in two hands: {first}'s and {player}'s").format(
                        tile=tile, first=held[tile], player=player))
                held[tile] = player
            self.known[player] = set(tiles)
        if len(self.players) * self.deal > tileset.size:
            raise InputError(_("{n} players dealt {deal} each need more than the {size} tiles of a {name} set").format(
                n=len(self.players), deal=self.deal, size=tileset.size, name=tileset.name))
        self.holder = held
        self.unknown = {player: 0 for player in self.known}
        """Tiles a player with a known hand drew and has not yet shown."""
        self.played = {player: 0 for player in self.players}
        self.drawn = {player: 0 for player in self.players}
        self.nodes: list[_Node] = []
        self.on_table: set[Tile] = set()
        self.lead: Tile | None = None
        self.turn: str | None = None
        self.knocks = 0
        self.last_player: str | None = None
        self.sealer: str | None = None
        self.doubles_turn: tuple[str, int] | None = None
        """A player who just laid a double as the first tile of the turn (Sea Goat may lay a second) and
        the node it is."""
        self.out: Out | None = None
        self.blocked = False
        self.history: list[Ruled] = []
        self.plain_laid = [0] * (tileset.max_pip + 1)
        """For each number, the tiles on the table that show it and are not doubles (all of them: sealed)."""
        self._counted: tuple[int, tuple[int, ...]] | None = None
        self._open: list[int] = []
        """The nodes with a free side, in layout order: a play looks only at these, never the whole layout
        (a line has two, whatever its length)."""
        self._spinners: list[int] = []
        self._ends: tuple[int, ...] | None = None
        self._sealed: bool | None = None
        self._after = {player: self.players[(index + 1) % len(self.players)]
                       for index, player in enumerate(self.players)}
        # The ruleset's values a play reads, read once a hand rather than once a play.
        self._scores = ruleset["play.scores"] is not PlayScore.NONE
        self._how, self._multiple = ruleset["play.scores"], ruleset["play.multiple"]
        self._reading = ruleset["play.spinner"]
        self._every_spinner = ruleset["play.spinners"] is Spinners.EVERY
        self._two_doubles = ruleset["play.two_doubles"]
        self._first = first_lead_order(ruleset, len(self.players)) if first else None
        self._again = again
        self.leaders = None if leaders is None else tuple(leaders)
        self.laid_by: dict[Tile, tuple[int, str]] = {}
        """Each tile on the table: the play that laid it and its player."""
        self.drew: set[str] = set()
        """The players who have drawn: a tile any other lays was dealt to them."""
        self._suspects: list[_Suspect] = []
        self._watch: frozenset[Tile] = frozenset()
        """The tiles that come before the lead in the first round's order, while none is seen dealt: one seen
        dealt proves the lead wrong."""
        self._needed_draw = not ruleset["bazaar.draw_while_able"]
        self._lead_number = 1
        self._typed = typed

    # the position

    @property
    def stock(self) -> int:
        """The tiles left in the bazaar."""
        return self.tileset.size - len(self.players) * self.deal - sum(self.drawn.values())

    def holds(self, player: str) -> int:
        """How many tiles ``player`` still holds: dealt and drawn, less those played."""
        return self.deal + self.drawn[player] - self.played[player]

    @property
    def over(self) -> bool:
        return self.out is not None or self.blocked

    def ends(self) -> tuple[int, ...]:
        if self._ends is None:
            nodes = self.nodes
            ends = []
            for index in self._open:
                for port in nodes[index].ports:
                    if port is not None:
                        ends.append(port)
            self._ends = tuple(ends)
        return self._ends

    def open_ends(self) -> tuple[tuple[int, ...], tuple[Tile, ...]]:
        """The open ends as a player reads them (``notation.ends.said_ends``): the numbers the arms show (a
        double that does not spin, at each free side), and each spinner with a side still free."""
        arms: list[int] = []
        spinners: list[Tile] = []
        for index in self._open:
            node = self.nodes[index]
            if node.spinner:
                spinners.append(node.tile)
            else:
                arms.extend(port for port in node.ports if port is not None)
        return tuple(arms), tuple(spinners)

    def count(self) -> tuple[int, tuple[int, ...]]:
        """The count of the open ends and the numbers it adds (rules.md §4.2)."""
        if self._counted is None:
            self._counted = self._count()
        return self._counted

    def _count(self) -> tuple[int, tuple[int, ...]]:
        if not self.nodes:
            return 0, ()
        if len(self.nodes) == 1 and not self.nodes[0].spinner:  # a lone tile: both its halves show, once
            tile = self.nodes[0].tile
            parts = (tile.pips,) if tile.is_double else (tile.low, tile.high)
            return sum(parts), parts
        reading = self._reading
        nodes = self.nodes
        halves: list[int] = []
        for index in self._spinners:
            node = nodes[index]
            ports = node.ports  # a spinner's four sides
            halves.extend(_spinner_halves(reading, node.tile.low, (ports[0] is None, ports[1] is None,
                                                                   ports[2] is None, ports[3] is None)))
        ends: list[int] = []
        for index in self._open:
            node = nodes[index]
            if node.spinner:
                continue
            tile = node.tile
            double = tile.low == tile.high  # a double laid across counts both halves
            for port in node.ports:
                if port is not None:
                    ends.append(2 * port if double else port)
        parts = tuple(halves + ends)
        return sum(parts), parts

    def is_sealed(self) -> bool:
        """Every tile that could extend the layout is a double at an end (rules.md §1.5)."""
        if self._sealed is None:
            every = self.tileset.max_pip  # the tiles of a number that are not its double
            laid = self.plain_laid
            sealed = bool(self.nodes)
            for value in self.ends():
                if laid[value] != every:
                    sealed = False
                    break
            self._sealed = sealed
        return self._sealed

    def places(self, tile: Tile, skip: int | None = None) -> list[_Place]:
        """Every open end ``tile`` can be laid on; a spinner offers only its next free side."""
        found = []
        low, high = tile
        nodes = self.nodes
        for index in self._open:
            if index == skip:
                continue
            node = nodes[index]
            ports = node.ports
            if node.spinner:  # its next free side only; every side shows its number
                side = 0 if ports[0] is not None else 1 if ports[1] is not None else \
                    2 if ports[2] is not None else 3
                if ports[side] == low or ports[side] == high:
                    found.append(_Place(index, side, ports[side]))
                continue
            for port, showing in enumerate(ports):
                if showing is not None and (showing == low or showing == high):
                    found.append(_Place(index, port, showing))
        return found

    def can_play(self, tiles: Iterable[Tile]) -> list[Tile]:
        # A tile has a place exactly when one of its numbers shows at an open end (a spinner shows its
        # number at every free side): no need to find the places themselves.
        showing = set(self.ends())
        on_table = self.on_table
        return [tile for tile in tiles if tile not in on_table and (tile.low in showing or tile.high in showing)]

    # the plays

    def play(self, play: Play, allow: bool = False) -> Ruled:
        """Rule on one play and make it: IllegalPlay (the board unchanged) when it cannot be scored; PlayBreach
        (the board unchanged) when it breaks a rule of play, unless ``allow``: the table lets it stand, and it
        is made as it was played (``Ruled.breaches`` say what it broke)."""
        if play.player not in self.players:
            raise IllegalPlay(play, _("{player} is not at the table ({players})").format(
                player=play.player, players=", ".join(self.players)))
        if self.out is not None or self.blocked:
            if self.out is None and play.action is Action.KNOCK:
                # At a real table the knocks still go round after the tile that blocks it: taken, idle.
                ruled = self._position(play, note=Message(N_("the fish is already seen: a knock changes nothing"))
                                       )._replace(idle=True)
                self.history.append(ruled)
                return ruled
            if self.out:
                raise IllegalPlay(play, _("the hand is over: {player} went out with {tiles}").format(
                    player=self.out.player, tiles=format_tiles(self.out.last)))
            raise IllegalPlay(play, _("the hand is over: it is a fish"))
        number = len(self.history) + 1
        if play.action is Action.TILE:
            ruled = self._tile(play, number, allow)
        elif self.turn is None:
            raise IllegalPlay(play, _("the hand starts with the lead: a tile"))
        elif play.action is Action.DRAW:
            ruled = self._draw(play, number, allow)
        else:
            ruled = self._knock(play, number, allow)
        self.history.append(ruled)
        return ruled

    def _out_of_turn(self, play: Play, number: int, allow: bool) -> list[Finding]:
        """The play out of turn, said first (before whatever else is wrong with it) unless the table lets it
        stand."""
        found = Finding(number, Breach.TURN, _("it is {turn}'s turn, not {player}'s").format(
            turn=self.turn, player=play.player), number)
        if not allow:
            raise PlayBreach(play, (found,))
        return [found]

    def _suspect(self, number: int, breach: Breach, player: str, drawn: int) -> None:
        """A draw or a knock that a later fact may prove was made while the player could play."""
        self._suspects.append(_Suspect(number, breach, player, self.open_ends(), drawn))

    def _proved(self, suspect: _Suspect, fitting: Sequence[Tile], shown: int | None) -> Finding:
        """The finding a suspect draw or knock turns into once more tiles that fitted are seen than the
        player drew from then on: one of them was in the hand then."""
        fields = {"player": suspect.player, "tiles": format_tiles(sorted(set(fitting))),
                  "ends": said_ends(*suspect.showing), "drawn": suspect.drawn}
        if suspect.breach is Breach.DRAW_WHILE_ABLE:
            said = _("{player} could play before drawing: {tiles} fit the ends ({ends}) and at most {drawn} of them "
                     "came from the bazaar (bazaar.draw_while_able = false)")
        elif suspect.drawn:
            said = _("{player} could play at that knock: {tiles} fit the ends ({ends}) and at most {drawn} of them "
                     "came from the bazaar after it")
        else:
            said = ngettext("{player} could play at that knock: {tiles} fits the ends ({ends}) and {player} drew "
                            "nothing after it",
                            "{player} could play at that knock: {tiles} fit the ends ({ends}) and {player} drew "
                            "nothing after it", len(set(fitting)))
        return Finding(suspect.number, suspect.breach, said.format(**fields), shown)

    def held(self, hands: Mapping[str, Iterable[Tile]]) -> tuple[Finding, ...]:
        """What the hands held at the end prove of the plays (the board unchanged): a draw or a knock made while
        a tile still held fitted (with those laid since, more than the player drew from then on), and a first
        lead that a tile held by a player who never drew comes before."""
        found = []
        for suspect in self._suspects:
            tiles = hands.get(suspect.player)
            if not tiles:
                continue
            fitting = suspect.fitting + [tile for tile in tiles if suspect.fits(tile)]
            if len(fitting) > suspect.drawn:
                found.append(self._proved(suspect, fitting, None))
        if self._watch:
            for player, tiles in hands.items():
                if player in self.drew:
                    continue
                tiles = set(tiles)
                seen = [tile for tile in self._first.order if tile in self._watch and tile in tiles]
                if seen:
                    found.append(self._lead_shown(player, seen[0], None))
                    break
        return tuple(sorted(found, key=lambda finding: finding.play))

    def _lead_shown(self, player: str, tile: Tile, shown: int | None) -> Finding:
        """The first round's lead proved wrong: ``player`` was dealt ``tile``, which comes before it."""
        return Finding(self._lead_number, Breach.FIRST_LEAD,
                       _wrong_first_lead(self._first, self.lead, {tile: player}, self._again), shown)

    def _next(self, player: str) -> str:
        return self._after[player]

    def _position(self, play: Play, on: Tile | None = None, points: int = 0, note: Message | None = None,
                  showing: int | None = None, breaches: tuple[Finding, ...] = ()) -> Ruled:
        total, parts = self.count()
        fisherman = None
        sealed = self.is_sealed()
        blocked = self.blocked
        if blocked or sealed:
            fisherman = self.fisherman()
        out = self.out
        return Ruled(play, on, self.ends(), total, parts, points, None if out is not None or blocked else self.turn,
                     sealed, blocked, fisherman, out, note, showing, False, breaches,
                     self.open_ends() if self._spinners and not self._scores else None)

    def fisherman(self) -> str | None:
        """Who made the fish, as ``fish.fisherman`` reads it: the sealer (a double laid after is not the
        last tile), or whoever laid the last tile; None while a last-play fisherman is not yet known."""
        if self.ruleset["fish.fisherman"] is FishermanIs.SEALER:
            return self.sealer or self.last_player
        return self.last_player if self.blocked else None

    def _draw(self, play: Play, number: int, allow: bool) -> Ruled:
        player = play.player
        found = self._out_of_turn(play, number, allow) if player != self.turn else []
        keep = self.ruleset["bazaar.keep"]
        stock = self.stock
        if play.drawn > stock:
            raise IllegalPlay(play, _("the bazaar is empty") if not stock else ngettext(
                "the bazaar holds only {n} tile", "the bazaar holds only {n} tiles", stock).format(n=stock))
        may = max(stock - keep, 0)
        if play.drawn > may:
            if may == 0:
                why = ngettext("the bazaar's last tile may not be drawn ({ruleset}: bazaar.keep = {keep})",
                               "the bazaar's last {n} tiles may not be drawn ({ruleset}: bazaar.keep = {keep})",
                               stock).format(n=stock, ruleset=self.ruleset.called, keep=keep)
            else:
                why = ngettext("only {n} tile may be drawn (the bazaar holds {stock}, the last {keep} stay: "
                               "bazaar.keep = {keep})",
                               "only {n} tiles may be drawn (the bazaar holds {stock}, the last {keep} stay: "
                               "bazaar.keep = {keep})", may).format(n=may, stock=stock, keep=keep)
            found.append(Finding(number, Breach.BAZAAR_KEPT, why, number))
        able = self._able(player) if self._needed_draw else None
        if able:
            found.append(Finding(number, Breach.DRAW_WHILE_ABLE, _(
                "{player} can play ({fits}): a player draws only when no tile fits (bazaar.draw_while_able = "
                "false)").format(player=player, fits=able), number))
        if found and not allow:
            raise PlayBreach(play, tuple(found))
        if self._needed_draw and not able and self._unseen(player):
            self._suspect(number, Breach.DRAW_WHILE_ABLE, player, 0)
        for suspect in self._suspects:
            if suspect.player == player:
                suspect.drawn += play.drawn
        self.drawn[player] += play.drawn
        self.drew.add(player)
        if player in self.unknown:
            self.unknown[player] += play.drawn
        self.doubles_turn = None
        self.turn = player  # a draw keeps the turn: out of turn, the player who drew plays next
        return self._position(play, breaches=tuple(found))

    def _able(self, player: str) -> str:
        """The tiles of ``player``'s known hand that fit an open end, said (``3-6 fits the 6``); '' when none
        does or the hand is not known."""
        hand = self.known.get(player)
        if not hand:
            return ""
        playable = self.can_play(sorted(hand))
        return ", ".join(_("{tile} fits the {end}").format(tile=tile, end=self.places(tile)[0].showing)
                         for tile in playable[:2])

    def _unseen(self, player: str) -> bool:
        """Whether ``player`` may hold tiles the referee does not know: the hand is not known, or tiles were
        drawn since."""
        return player not in self.known or self.unknown[player] > 0

    def _knock(self, play: Play, number: int, allow: bool) -> Ruled:
        player = play.player
        found = self._out_of_turn(play, number, allow) if player != self.turn else []
        able = self._able(player)
        if able:
            found.append(Finding(number, Breach.KNOCK_WHILE_ABLE, _(
                "{player} can play ({fits}): a knock only passes a turn the player cannot play").format(
                player=player, fits=able), number))
        may = self.stock - self.ruleset["bazaar.keep"]
        if may > 0:
            found.append(Finding(number, Breach.KNOCK_BEFORE_DRAW, ngettext(
                "{player} must draw before knocking: {n} bazaar tile may still be drawn",
                "{player} must draw before knocking: {n} bazaar tiles may still be drawn", may).format(
                player=player, n=may), number))
        if found and not allow:
            raise PlayBreach(play, tuple(found))
        if not able and self._unseen(player):
            self._suspect(number, Breach.KNOCK_WHILE_ABLE, player, 0)
        self.knocks += 1
        self.doubles_turn = None
        self.turn = self._next(player)
        note = None
        if self.knocks >= len(self.players):
            self.blocked = True
            note = Message(N_("everyone knocked in turn: nobody can play, a fish"))
        return self._position(play, note=note, breaches=tuple(found))

    def _tile(self, play: Play, number: int, allow: bool) -> Ruled:
        tile, player = play.tile, play.player
        double = tile[0] == tile[1]  # once: a Tile's property costs a call, and a play asks it at each step
        second_double = False
        found = []
        if self.turn is not None and player != self.turn:
            second_double = (self._two_doubles and double and self.doubles_turn is not None
                             and self.doubles_turn[0] == player)
            if not second_double:
                found += self._out_of_turn(play, number, allow)
        tileset = self.tileset
        if tile not in tileset:
            raise IllegalPlay(play, _("tile {tile} is not in a {name} set").format(tile=tile, name=tileset.name))
        if tile in self.on_table:
            at, by = self.laid_by[tile]
            raise IllegalPlay(play, _("{tile} is already on the table: {player} laid it at play {number}").format(
                tile=tile, player=by, number=at))
        holder = self.holder.get(tile)
        if holder is not None and holder != player:
            raise IllegalPlay(play, _("{tile} is in {player}'s hand").format(tile=tile, player=holder))
        hand = self.known.get(player)
        from_draw = False
        if hand is not None and tile not in hand:
            if not self.unknown[player]:
                raise IllegalPlay(play, _("{tile} is not in {player}'s hand ({tiles})").format(
                    tile=tile, player=player, tiles=format_tiles(sorted(hand))))
            from_draw = True
        on = showing = place = None
        if not self.nodes:
            wrong = wrong_leader(self.leaders, player)
            if wrong:
                found.append(Finding(number, Breach.LEADER, wrong, number))
            if self._first is not None:
                problem = self._first_lead(tile)
                if problem:
                    found.append(Finding(number, Breach.FIRST_LEAD, problem, number))
        else:
            place = self._where(play, self.doubles_turn[1] if second_double else None)
        if found and not allow:
            raise PlayBreach(play, tuple(found))
        if place is None:
            if self._first is not None and not any(finding.breach is Breach.FIRST_LEAD for finding in found):
                order = self._first.order
                self._watch = frozenset(order[:order.index(tile)] if tile in order else order)
            self._lead_number = number
            self._lead(tile)
        else:
            on, showing = self.nodes[place.node].tile, place.showing
            self._lay(tile, place)
        # the play is made: the rest is bookkeeping
        if from_draw:
            self.unknown[player] -= 1
        elif hand is not None:
            hand.discard(tile)
        self.on_table.add(tile)
        self.laid_by[tile] = (number, player)
        self._counted = self._sealed = None  # plain_laid changes below
        if not double:
            laid = self.plain_laid
            laid[tile[0]] += 1
            laid[tile[1]] += 1
        self.played[player] += 1
        self.knocks = 0
        was_sealed = self.sealer is not None
        self.last_player = player
        first_double = double and not second_double and len(self.nodes) > 1
        self.doubles_turn = (player, len(self.nodes) - 1) if first_double else None
        self.turn = self._next(player)
        total = self.count()[0]
        points = count_score(self._how, self._multiple, total) if self._scores else 0
        note = None
        if self.holds(player) <= 0:
            last = (self.history[-1].play.tile, tile) if second_double else (tile,)
            self.out = Out(player, last, self.lead)
        elif self.is_sealed():
            if not was_sealed:  # a double never seals: it leaves the ends as they were
                self.sealer = player
            note = self._seal()
        if self._suspects or self._watch:
            found += self._shown_by(player, tile, number)
        return self._position(play, on, points, note, showing, tuple(found))

    def _shown_by(self, player: str, tile: Tile, number: int) -> list[Finding]:
        """What the tile ``player`` just laid proves of earlier plays: a draw or a knock of theirs made while
        more tiles fitted than they drew from then on, and a first lead that this tile, dealt, came before."""
        found = []
        for suspect in [suspect for suspect in self._suspects if suspect.player == player and suspect.fits(tile)]:
            suspect.fitting.append(tile)
            if len(suspect.fitting) > suspect.drawn:
                self._suspects.remove(suspect)
                found.append(self._proved(suspect, suspect.fitting, number))
        if tile in self._watch and player not in self.drew:
            self._watch = frozenset()
            found.append(self._lead_shown(player, tile, number))
        return found

    def _first_lead(self, tile: Tile) -> str | None:
        """Why ``tile`` may not open the first round, where the deal tells it already: every tile dealt (no
        bazaar), or the hands known."""
        if len(self.players) * self.deal == self.tileset.size:
            dealt = {tile: self.holder.get(tile) for tile in self.tileset.tiles()}
        else:
            dealt = dict(self.holder)
        return _wrong_first_lead(self._first, tile, dealt, self._again)

    def _seal(self) -> Message:
        """The layout is sealed: a fish now, or once the doubles at the ends are laid (rules.md §1.5)."""
        doubles = sorted({Tile(value, value) for value in self.ends()} - self.on_table)
        held = [(double, self.holder[double]) for double in doubles if double in self.holder]
        every_hand = len(self.known) == len(self.players)
        drawable = self.stock > self.ruleset["bazaar.keep"]
        if not doubles or (every_hand and not held and not drawable and not any(self.unknown.values())):
            self.blocked = True
            return Message(N_("nobody can play: a fish"))
        if held:
            lays = tuple(Message.of(N_("{player} lays {tile}"), player=holder, tile=double) for double, holder in held)
            return Message.of(N_("sealed: a fish once {lays}"), lays=lays)
        return Message.of(N_("sealed: a fish unless {tiles} is held"), NoteKind.SEALED_UNSEEN,
                          tiles=format_tiles(doubles))

    def _lead(self, tile: Tile) -> None:
        self._counted = self._ends = self._sealed = None
        self.lead = tile
        if self._spins(tile):
            self._add(_Node(tile, True, [tile.low] * 4))
        else:
            self._add(_Node(tile, False, [tile.low, tile.high]))

    def _add(self, node: _Node) -> None:
        if node.spinner:
            self._spinners.append(len(self.nodes))
        self._open.append(len(self.nodes))  # the newest node is the last in layout order
        self.nodes.append(node)

    def _spins(self, tile: Tile) -> bool:
        if not tile.is_double or self._reading is SpinnerReading.NONE:
            return False
        return self._every_spinner or not self._spinners

    def _lay(self, tile: Tile, place: _Place) -> None:
        self._counted = self._ends = self._sealed = None
        ports = self.nodes[place.node].ports
        ports[place.port] = None
        if ports.count(None) == len(ports):
            self._open.remove(place.node)
        if self._spins(tile):
            # laid against its west side: east (the other long side) is its next free side
            self._add(_Node(tile, True, [tile.low, None, tile.low, tile.low]))
        else:
            outward = tile.high if tile.low == place.showing else tile.low
            self._add(_Node(tile, False, [outward]))

    def _where(self, play: Play, skip: int | None) -> _Place:
        """Where the tile goes: the one place it fits (``on`` narrows it); refused where it fits none, or
        places that make different layouts."""
        tile = play.tile
        places = self.places(tile, skip)
        if len(places) == 1 and play.on is None:  # the common case: the one place it fits
            return places[0]
        if not places:
            shown = said_ends(*self.open_ends())
            said = _("{tile} does not match an open end (the ends show {ends}) (two doubles at once: one on each "
                     "end)") if skip is not None else _("{tile} does not match an open end (the ends show {ends})")
            raise IllegalPlay(play, said.format(tile=tile, ends=shown))
        if isinstance(play.on, int):
            places = [place for place in places if place.showing == play.on]
            if not places:
                said = _("{tile} cannot go on {on}: no open end shows {on}") if play.on not in self.ends() \
                    else _("{tile} cannot go on {on}: {tile} has no {on}")
                raise IllegalPlay(play, said.format(tile=tile, on=play.on))
        elif isinstance(play.on, Tile):
            against = [place for place in places if self.nodes[place.node].tile == play.on]
            if not against:
                said = _("{tile} cannot be laid against {on}: {on} is not on the table") \
                    if play.on not in self.on_table else \
                    _("{tile} cannot be laid against {on}: {on} has no free side that {tile} matches")
                raise IllegalPlay(play, said.format(tile=tile, on=play.on))
            places = against
        # A double laid on one of two ends alike marks that end: a later tile of its number then fits the double
        # or the other end, which the scorer names by its tile; while such a tile is still to be laid, the two
        # places are two layouts.
        marks = self._typed and tile.low == tile.high and self.plain_laid[tile.low] < self.tileset.max_pip
        kinds: dict[tuple, _Place] = {}
        for place in places:
            node = self.nodes[place.node]
            outward = tile.high if tile.low == place.showing else tile.low
            # Two ends alike (the same number, a double or not, leaving the same number) make one layout.
            kind = (place.node if node.spinner or marks else -1, place.showing, node.tile.is_double, outward)
            kinds.setdefault(kind, place)
        if len(kinds) > 1:
            named = [self._named(place) for place in kinds.values()]
            raise TwoPlaces(play, _("{tile} fits {n} places: {places}: say which").format(
                tile=tile, n=len(named), places=_(" or ").join(_("on {place}").format(place=name)
                                                               for name in named)),
                tuple((self._on(place), place.showing) for place in kinds.values()))
        return next(iter(kinds.values()))

    def _named(self, place: _Place) -> str:
        """An open end as ``on`` names it: its number when no other end shows it, else the tile there."""
        return str(self._on(place))

    def _on(self, place: _Place) -> int | Tile:
        """An open end as a play's ``on`` takes it: its number when no other end shows it, else the tile there."""
        if list(self.ends()).count(place.showing) == 1:
            return place.showing
        return self.nodes[place.node].tile


def follow(ruleset: Ruleset, players: Sequence[str], plays: Iterable[Play],
           hands: Mapping[str, Iterable[Tile]] | None = None, held: Mapping[str, Iterable[Tile]] | None = None,
           first: bool = False, leaders: Iterable[str] | None = None, typed: bool = True,
           again: bool = False) -> Followed:
    """Rule on a sequence of plays (the first is the lead), each breach of a rule of play let stand and kept
    (``Followed.breaches``; those the hands ``held`` at the end prove last), stopping at the first play that
    cannot be scored. ``hands``, ``first``, ``leaders``, ``typed``, ``again``: as ``Board`` takes them."""
    board = Board(ruleset, tuple(players), dict(hands or {}), first, leaders, typed, again)
    illegal = None
    for play in plays:
        try:
            board.play(play, allow=True)
        except IllegalPlay as refused:
            illegal = refused
            break
    breaches = tuple(finding for ruled in board.history for finding in ruled.breaches)
    if held and illegal is None:
        breaches += board.held(held)
    total = board.count()[0]
    fisherman = board.fisherman() if (board.blocked or board.is_sealed()) else None
    return Followed(tuple(board.history), illegal, board.ends(), total, None if board.over else board.turn,
                    board.is_sealed(), board.blocked, fisherman, board.out, breaches, board.open_ends())


def _wrong_first_lead(rule: FirstLeadRule, lead: Tile, dealt: Mapping[Tile, str | None],
                      again: bool = False) -> str | None:
    """Why ``lead`` cannot open the first round (None: it may), given the tiles known dealt and to whom
    (None: dealt, to someone): a tile that comes before it in ``rule``'s order was dealt.  ``again``: a round
    led again from 1-1 (``lead.again_from_1_1``), led as the first round is."""
    for tile in rule.order:
        if tile == lead:
            return None
        if tile in dealt:
            if again and dealt[tile] is None:
                said = _("a round led again from 1-1 opens with {wanted}, not {led}: every tile is dealt "
                         "({rule}; lead.again_from_1_1)")
            elif again:
                said = _("{led} cannot open a round led again from 1-1: {player} was dealt {wanted}, which comes "
                         "first ({rule}; lead.again_from_1_1)")
            elif dealt[tile] is None:
                said = _("the first round opens with {wanted}, not {led}: every tile is dealt ({rule})")
            else:
                said = _("{led} cannot open the first round: {player} was dealt {wanted}, which comes first "
                         "({rule})")
            return said.format(led=lead, player=dealt[tile], wanted=tile, rule=rule.said)
    return None


def check_play(ruleset: Ruleset, text: str, hands: Iterable[tuple[str, tuple[Tile, ...]]] = (),
               players: Sequence[str] | None = None) -> Followed:
    """``check play``: the plays typed in ``text`` ruled on. The players are ``players`` (a match's, in
    seating order), else the names in the order they first play, then any given only a hand."""
    given: dict[str, tuple[Tile, ...]] = {}
    names: list[str] = []
    for typed, tiles in hands:
        player = match_player(players, typed) if players else typed
        if player in given:
            raise InputError(_("{player} is given two hands").format(player=player))
        given[player] = tiles
        names.append(player)
    max_pip = ruleset["tiles.max_pip"]
    if players:
        plays = parse_plays(text, players, max_pip)
    else:
        plays = parse_plays(text, None, max_pip, seen=list(names))
        # the seating is the order of the first plays round the table
        players = list(dict.fromkeys([play.player for play in plays] + names))
    if len(players) < 2:
        raise InputError(_("the plays name one player ({player}): a hand needs at least two (give each player's "
                           "first play, or --hand for each)").format(player=players[0]))
    tileset = ruleset.tileset
    for number, play in enumerate(plays, start=1):  # a tile no box holds is mistyped, not a breach to rule on
        if play.tile is not None and play.tile not in tileset:
            reason = _("tile {tile} is not in a {name} set").format(tile=play.tile, name=tileset.name)
            raise InputError(_("play {number} ({play}): {reason}").format(number=number, play=said_play(play),
                                                                         reason=reason))
    return follow(ruleset, players, plays, given)


def refusal(followed: Followed) -> str:
    """The first play of a recorded hand that cannot be scored, said with its number: ``play 4 (Bob 3-3):
    ...``."""
    return _("play {number} ({play}): {reason}").format(number=len(followed.ruled) + 1,
                                                        play=said_play(followed.illegal.play),
                                                        reason=followed.illegal.reason)


def said_breach(followed: Followed, finding: Finding) -> str:
    """A breach of a recorded hand, said with the play it concerns: ``play 7 (Bob draws 1): ...``."""
    return _("play {number} ({play}): {reason}").format(number=finding.play,
                                                        play=said_play(followed.ruled[finding.play - 1].play),
                                                        reason=finding.reason)


def dealt_hands(ruleset: Ruleset, players: Sequence[str], plays: Sequence[Play],
                held: Mapping[str, tuple[Tile, ...]]) -> dict[str, tuple[Tile, ...]]:
    """The hands dealt, where the end of the hand tells them: a player who drew nothing was dealt the tiles
    they laid and the tiles ``held`` at the end (the player who went out: none), when that makes a whole
    deal. Such hands let the referee check every knock afterwards."""
    deal = deal_size(ruleset, len(players))[0]
    drew = {play.player for play in plays if play.action is Action.DRAW}
    laid: dict[str, list[Tile]] = {}
    for play in plays:
        if play.action is Action.TILE:
            laid.setdefault(play.player, []).append(play.tile)
    dealt = {}
    for player, tiles in held.items():
        hand = tuple(laid.get(player, ())) + tuple(tiles)
        if player not in drew and len(hand) == deal and len(set(hand)) == deal:
            dealt[player] = hand
    return dealt


_FOLLOWED: dict = {}
"""Hands followed, by ruleset (held, so that its id stays its own), seating, plays (a line as the match file
stores it: its text, which the same plays always have, so that a hand found here is neither read nor hashed
play by play), hands at the end and how the hand was led: a round's checks, its derivation and its scoring all
follow the same plays, and opening a match then replaying it follows every hand twice; a hand needs following
once."""
_KEPT = 4096


def follow_hand(ruleset: Ruleset, players: Sequence[str], plays: Sequence[Play],
                held: Mapping[str, tuple[Tile, ...]] | None = None, opening: Opening | None = None,
                typed: bool = False) -> Followed:
    """``follow`` for a round's hand: the hands dealt worked out from those ``held`` at the end
    (``dealt_hands``), where they can be, and what the hands at the end prove. ``opening``: how the match says
    the hand was to be led (``scoring.lead.opening``; None: its lead is not checked); ``typed``: a hand being
    recorded (``Board``'s ``typed``), else as the match recorded it."""
    line = plays.text if type(plays) is PlayLine else tuple(plays)  # a stored line: its text, not read
    key = (id(ruleset), tuple(players), line, tuple(sorted((held or {}).items())), opening, typed)
    found = _FOLLOWED.get(key)
    if found is not None and found[0] is ruleset:
        return found[1]
    hands = dealt_hands(ruleset, players, plays, held) if held else {}
    opening = opening or Opening()
    try:
        followed = follow(ruleset, players, plays, hands, held, opening.first, opening.leaders, typed, opening.again)
    except InputError:  # hands that cannot have been dealt together: followed without them
        followed = follow(ruleset, players, plays, None, held, opening.first, opening.leaders, typed, opening.again)
    if len(_FOLLOWED) >= _KEPT:
        _FOLLOWED.clear()
    _FOLLOWED[key] = (ruleset, followed)
    return followed


def held_doubles(followed: Followed, held: Mapping[str, tuple[Tile, ...]]) -> list[tuple[str, Tile]]:
    """The doubles still held that a sealed layout can take (rules.md §1.5): the hand is not over."""
    ends = set(followed.ends)
    return [(player, tile) for player, tiles in held.items() for tile in tiles
            if tile.is_double and tile.low in ends]


class ScoringPlay(NamedTuple):
    """What one play scored, and who takes it: the player, the opponent who called muggins, or nobody (a
    missed score, lost)."""

    number: int
    """The play's place in the hand (1: the lead)."""
    ruled: Ruled
    taker: str | None


def play_scores(ruleset: Ruleset, followed: Followed) -> tuple[ScoringPlay, ...]:
    """Every play that scored under ``play.scores``, in order, and who takes its points (``play.muggins``)."""
    called = ruleset["play.muggins"] is Muggins.CALLED
    found = []
    for number, ruled in enumerate(followed.ruled, start=1):
        if not ruled.points:
            continue
        play = ruled.play
        taker = play.player if not play.missed else play.taker if called else None
        found.append(ScoringPlay(number, ruled, taker))
    return tuple(found)


def scored_plays(ruleset: Ruleset, followed: Followed) -> tuple[ScoredPlay, ...]:
    """``play_scores`` as a round keeps them (``domain.checked.ScoredPlay``): each scoring play's number, who
    takes it, its points and its count."""
    return tuple(ScoredPlay(scored.number, scored.taker, scored.ruled.points, scored.ruled.count)
                 for scored in play_scores(ruleset, followed))


def play_claims(ruleset: Ruleset, followed: Followed) -> tuple[Claim, ...]:
    """The plays' points as claims (the count each was scored from kept): what the board gave each player."""
    return tuple(Claim(scored.taker, scored.ruled.points, scored.ruled.count)
                 for scored in play_scores(ruleset, followed) if scored.taker is not None)
