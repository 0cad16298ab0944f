"""The referee follows the play, tile by tile (rules.md §10): each play is checked against the layout, the
hands known and the turn; each legal play gives the open ends, their count, what it scored and whose turn it
is; the end of the hand (an out, a fish and its fisherman) is seen, not typed.

``Board`` takes the plays one at a time (``board.play(play)``: a ``Ruled`` play, or ``IllegalPlay`` with the
reason); ``follow`` rules on a whole sequence and stops at the first illegal play.

The layout is a tree of tiles: each tile keeps the numbers showing at its free sides (ports). A double laid
across shows its number once and counts both halves; a spinner (``play.spinner`` is not none: the first
double, or every double under ``play.spinners = every``) has four sides, taken in the order ``check count
--spinner`` and ``check fish`` use: the two long sides first, then the short ones. The count is the open
ends added, each spinner's halves counted under the ruleset's ``play.spinner`` reading by the same
``scoring.counts.open_count`` that ``check count`` uses.
"""

from __future__ import annotations

from typing import Iterable, Mapping, NamedTuple, Sequence

from scorekeeper.domain.checked import ScoredPlay
from scorekeeper.domain.facts import Claim
from scorekeeper.domain.plays import Action, Play
from scorekeeper.domain.tiles import Tile, format_tiles
from scorekeeper.errors import InputError
from scorekeeper.i18n import _, ngettext
from scorekeeper.notation.names import match_player
from scorekeeper.notation.play_line import parse_plays, said_play
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishermanIs, Muggins, PlayScore, SpinnerReading, Spinners
from scorekeeper.scoring.counts import End, Spinner, count_score, open_count
from scorekeeper.scoring.lead import FirstLeadRule, first_lead_order
from scorekeeper.scoring.notes import Note, NoteKind
from scorekeeper.scoring.plausible import deal_size
from scorekeeper.scoring.said import both


class IllegalPlay(InputError):
    """A play the referee refuses; ``reason`` says why, ``play`` is the play as typed."""

    def __init__(self, play: Play, reason: str) -> None:
        self.play = play
        self.reason = reason
        super().__init__(_("{play}: {reason}").format(play=said_play(play), reason=reason))


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
    note: str = ""
    """What the referee adds: the sealed fish a held double can still be laid on, the fish by knocks."""
    showing: int | None = None
    """The number showing at the end the tile was laid on (None: the lead, a knock or a draw)."""
    idle: bool = False
    """A knock said after the fish was seen: accepted, it changes nothing (players still say it round the
    table after the tile that blocks it)."""


class Followed(NamedTuple):
    """A sequence of plays ruled on: the legal ones, the first illegal one (if any), and the last position."""

    ruled: tuple[Ruled, ...]
    illegal: IllegalPlay | None
    ends: tuple[int, ...]
    count: int
    turn: str | None
    sealed: bool
    blocked: bool
    fisherman: str | None
    out: Out | None

    def to_dict(self) -> dict:
        plays = [_play_dict(ruled.play, ruled.on, ruled.ends, ruled.count, ruled.points) for ruled in self.ruled]
        if self.illegal is not None:
            typed = self.illegal.play
            plays.append({**_play_dict(typed, typed.on, self.ends, self.count, 0), "legal": False,
                          "reason": self.illegal.reason})
        out = None if self.out is None else {"player": self.out.player, "last": [str(t) for t in self.out.last],
                                             "lead": str(self.out.lead)}
        return {"plays": plays, "ends": list(self.ends), "count": self.count, "turn": self.turn,
                "blocked": self.blocked, "sealed": self.sealed, "fisherman": self.fisherman, "out": out}


def _play_dict(play: Play, on, ends, count: int, points: int) -> dict:
    return {"player": play.player, "tile": None if play.tile is None else str(play.tile),
            "on": None if on is None else str(on), "ends": list(ends), "count": count, "points": points,
            "legal": True, "reason": None}


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


_HALVES: dict = {}


def _spinner_halves(reading: SpinnerReading, pips: int, covered: tuple[bool, ...]) -> tuple[int, ...]:
    """What a spinner's own halves add to the count, its sides covered or not: ``open_count``'s reading,
    kept by position (a hand asks for the same few positions at every play)."""
    key = (reading, pips, covered)
    found = _HALVES.get(key)
    if found is None:
        # A covered side stands as an end of 0: its arm is counted at the arm's own open end.
        counted = open_count(reading, (), Spinner(pips, *(End(0) if side else None for side in covered)))
        found = _HALVES[key] = counted.parts[:len(counted.parts) - sum(covered)]
    return found


class Board:
    """One hand being played: the layout, the turn, what each player has played and drawn.

    ``hands``: the hands dealt, where known (each the whole hand: a knock is then checked); ``first``: the
    hand is a match's first round, whose lead ``lead.first`` decides (checked where the deal tells it)."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str],
                 hands: Mapping[str, Iterable[Tile]] | None = None, first: bool = False) -> None:
        self.ruleset = ruleset
        self.hands = dict(hands or {})
        self.players = tuple(players)
        if len(self.players) < 2:
            raise InputError(_("a hand needs at least two players"))
        most = ruleset["players.max"]
        if len(self.players) > most:
            raise InputError(_("{n} players ({players}), but {ruleset} seats at most {most}").format(
                n=len(self.players), players=", ".join(self.players), ruleset=ruleset.name, most=most))
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
                raise InputError(ngettext("{player}'s hand has {n} tiles, but {ruleset} deals {deal} to each of "
                                          "{count} players: give the whole hand",
                                          "{player}'s hand has {n} tiles, but {ruleset} deals {deal} to each of "
                                          "{count} players: give the whole hand", len(tiles)).format(
                    player=player, n=len(tiles), ruleset=self.ruleset.name, deal=self.deal, count=len(self.players)))
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

    # the position

    @property
    def stock(self) -> int:
        """The tiles left in the bazaar."""
        return self.tileset.size - len(self.players) * self.deal - sum(self.drawn.values())

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
            halves.extend(_spinner_halves(reading, node.tile.low, tuple(port is None for port in node.ports)))
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
                side = next(side for side in range(4) if ports[side] is not None)
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

    def play(self, play: Play) -> Ruled:
        """Rule on one play and, when it is legal, make it; IllegalPlay (the board unchanged) otherwise."""
        if play.player not in self.players:
            raise IllegalPlay(play, _("{player} is not at the table ({players})").format(
                player=play.player, players=", ".join(self.players)))
        if self.out is not None or self.blocked:
            if self.out is None and play.action is Action.KNOCK:
                # At a real table the knocks still go round after the tile that blocks it: taken, idle.
                ruled = self._position(play, note=_("the fish is already seen: a knock changes nothing"))._replace(
                    idle=True)
                self.history.append(ruled)
                return ruled
            if self.out:
                raise IllegalPlay(play, _("the hand is over: {player} went out with {tiles}").format(
                    player=self.out.player, tiles=format_tiles(self.out.last)))
            raise IllegalPlay(play, _("the hand is over: it is a fish"))
        if play.action is Action.TILE:
            ruled = self._tile(play)
        elif self.turn is None:
            raise IllegalPlay(play, _("the hand starts with the lead: a tile"))
        elif play.player != self.turn:
            raise IllegalPlay(play, _("it is {turn}'s turn, not {player}'s").format(turn=self.turn, player=play.player))
        elif play.action is Action.DRAW:
            ruled = self._draw(play)
        else:
            ruled = self._knock(play)
        self.history.append(ruled)
        return ruled

    def _next(self, player: str) -> str:
        return self._after[player]

    def _position(self, play: Play, on: Tile | None = None, points: int = 0, note: str = "",
                  showing: int | None = None) -> Ruled:
        total, parts = self.count()
        fisherman = None
        sealed = self.is_sealed()
        blocked = self.blocked
        if blocked or sealed:
            fisherman = self.fisherman()
        out = self.out
        return Ruled(play, on, self.ends(), total, parts, points, None if out is not None or blocked else self.turn,
                     sealed, blocked, fisherman, out, note, showing)

    def fisherman(self) -> str | None:
        """Who made the fish, as ``fish.fisherman`` reads it: the sealer (a double laid after is not the
        last tile), or whoever laid the last tile; None while a last-play fisherman is not yet known."""
        if self.ruleset["fish.fisherman"] is FishermanIs.SEALER:
            return self.sealer or self.last_player
        return self.last_player if self.blocked else None

    def _draw(self, play: Play) -> Ruled:
        keep = self.ruleset["bazaar.keep"]
        may = max(self.stock - keep, 0)
        if play.drawn > may:
            if self.stock == 0:
                why = _("the bazaar is empty")
            elif may == 0:
                why = ngettext("the bazaar's last tile may not be drawn ({ruleset}: bazaar.keep = {keep})",
                               "the bazaar's last {n} tiles may not be drawn ({ruleset}: bazaar.keep = {keep})",
                               self.stock).format(n=self.stock, ruleset=self.ruleset.name, keep=keep)
            elif keep:
                why = ngettext("only {n} tile may be drawn (the bazaar holds {stock}, the last {keep} stay: "
                               "bazaar.keep = {keep})",
                               "only {n} tiles may be drawn (the bazaar holds {stock}, the last {keep} stay: "
                               "bazaar.keep = {keep})", may).format(n=may, stock=self.stock, keep=keep)
            else:
                why = ngettext("only {n} tile may be drawn (the bazaar holds {stock})",
                               "only {n} tiles may be drawn (the bazaar holds {stock})", may).format(
                    n=may, stock=self.stock)
            raise IllegalPlay(play, why)
        self.drawn[play.player] += play.drawn
        if play.player in self.unknown:
            self.unknown[play.player] += play.drawn
        self.doubles_turn = None
        return self._position(play)

    def _knock(self, play: Play) -> Ruled:
        hand = self.known.get(play.player)
        if hand is not None:
            playable = self.can_play(sorted(hand))
            if playable:
                fits = ", ".join(_("{tile} fits the {end}").format(tile=tile, end=self.places(tile)[0].showing)
                                 for tile in playable[:2])
                raise IllegalPlay(play, _("{player} can play ({fits}): a knock only passes a turn the player "
                                          "cannot play").format(player=play.player, fits=fits))
        may = self.stock - self.ruleset["bazaar.keep"]
        if may > 0:
            raise IllegalPlay(play, ngettext("{player} must draw before knocking: {n} bazaar tile may still be drawn",
                                             "{player} must draw before knocking: {n} bazaar tiles may still be "
                                             "drawn", may).format(player=play.player, n=may))
        self.knocks += 1
        self.doubles_turn = None
        self.turn = self._next(play.player)
        note = ""
        if self.knocks >= len(self.players):
            self.blocked = True
            note = _("everyone knocked in turn: nobody can play, a fish")
        return self._position(play, note=note)

    def _tile(self, play: Play) -> Ruled:
        tile, player = play.tile, play.player
        double = tile[0] == tile[1]  # once: a Tile's property costs a call, and a play asks it at each step
        second_double = False
        if self.turn is not None and player != self.turn:
            second_double = (self._two_doubles and double and self.doubles_turn is not None
                             and self.doubles_turn[0] == player)
            if not second_double:
                raise IllegalPlay(play, _("it is {turn}'s turn, not {player}'s").format(turn=self.turn, player=player))
        tileset = self.tileset
        if tile not in tileset:
            raise IllegalPlay(play, _("tile {tile} is not in a {name} set").format(tile=tile, name=tileset.name))
        if tile in self.on_table:
            raise IllegalPlay(play, _("{tile} is already on the table").format(tile=tile))
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
        on = showing = None
        if not self.nodes:
            if self._first is not None:
                self._first_lead(play)
            self._lead(tile)
        else:
            skip = self.doubles_turn[1] if second_double else None
            place = self._where(play, skip)
            on, showing = self.nodes[place.node].tile, place.showing
            self._lay(tile, place)
        # the play is made: the rest is bookkeeping
        if from_draw:
            self.unknown[player] -= 1
        elif hand is not None:
            hand.discard(tile)
        self.on_table.add(tile)
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
        note = ""
        if self.played[player] >= self.deal + self.drawn[player]:
            last = (self.history[-1].play.tile, tile) if second_double else (tile,)
            self.out = Out(player, last, self.lead)
        elif self.is_sealed():
            if not was_sealed:  # a double never seals: it leaves the ends as they were
                self.sealer = player
            note = self._seal()
        return self._position(play, on, points, note, showing)

    def _first_lead(self, play: Play) -> None:
        """The first round's lead, where the deal tells which tile must open it: every tile dealt (no
        bazaar), or the hands known."""
        if len(self.players) * self.deal == self.tileset.size:
            dealt = {tile: self.holder.get(tile) for tile in self.tileset.tiles()}
        else:
            dealt = dict(self.holder)
        problem = _wrong_first_lead(self._first, play.tile, dealt)
        if problem:
            raise IllegalPlay(play, problem)

    def _seal(self) -> str:
        """The layout is sealed: a fish now, or once the doubles at the ends are laid (rules.md §1.5)."""
        doubles = sorted({Tile(value, value) for value in self.ends()} - self.on_table)
        held = [(double, self.holder[double]) for double in doubles if double in self.holder]
        every_hand = len(self.known) == len(self.players)
        drawable = self.stock > self.ruleset["bazaar.keep"]
        if not doubles or (every_hand and not held and not drawable and not any(self.unknown.values())):
            self.blocked = True
            return _("nobody can play: a fish")
        if held:
            shown = both(_("{player} lays {tile}").format(player=holder, tile=double) for double, holder in held)
            return _("sealed: a fish once {lays}").format(lays=shown)
        return Note(_("sealed: a fish unless {tiles} is held").format(tiles=format_tiles(doubles)),
                    NoteKind.SEALED_UNSEEN)

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
            shown = " ".join(map(str, self.ends()))
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
        kinds: dict[tuple, _Place] = {}
        for place in places:
            node = self.nodes[place.node]
            outward = tile.high if tile.low == place.showing else tile.low
            # Two ends alike (the same number, a double or not, leaving the same number) make one layout.
            kind = (place.node if node.spinner else -1, place.showing, node.tile.is_double, outward)
            kinds.setdefault(kind, place)
        if len(kinds) > 1:
            named = [self._named(place) for place in kinds.values()]
            raise IllegalPlay(play, _("{tile} fits {n} places: {places}: say which").format(
                tile=tile, n=len(named), places=_(" or ").join(_("on {place}").format(place=name)
                                                               for name in named)))
        return next(iter(kinds.values()))

    def _named(self, place: _Place) -> str:
        """An open end as ``on`` names it: its number when no other end shows it, else the tile there."""
        if list(self.ends()).count(place.showing) == 1:
            return str(place.showing)
        return str(self.nodes[place.node].tile)


def follow(ruleset: Ruleset, players: Sequence[str], plays: Iterable[Play],
           hands: Mapping[str, Iterable[Tile]] | None = None) -> Followed:
    """Rule on a sequence of plays (the first is the lead), stopping at the first illegal one."""
    board = Board(ruleset, tuple(players), dict(hands or {}))
    illegal = None
    for play in plays:
        try:
            board.play(play)
        except IllegalPlay as refused:
            illegal = refused
            break
    total = board.count()[0]
    fisherman = board.fisherman() if (board.blocked or board.is_sealed()) else None
    return Followed(tuple(board.history), illegal, board.ends(), total, None if board.over else board.turn,
                    board.is_sealed(), board.blocked, fisherman, board.out)


def _wrong_first_lead(rule: FirstLeadRule, lead: Tile, dealt: Mapping[Tile, str | None]) -> str | None:
    """Why ``lead`` cannot open the first round (None: it may), given the tiles known dealt and to whom
    (None: dealt, to someone): a tile that comes before it in ``rule``'s order was dealt."""
    for tile in rule.order:
        if tile == lead:
            return None
        if tile in dealt:
            if dealt[tile] is None:
                return _("the first round opens with {wanted}, not {led}: every tile is dealt ({rule})").format(
                    wanted=tile, led=lead, rule=rule.said)
            return _("{led} cannot open the first round: {player} was dealt {wanted}, which comes first "
                     "({rule})").format(led=lead, player=dealt[tile], wanted=tile, rule=rule.said)
    return None


def first_lead_problem(ruleset: Ruleset, players: Sequence[str], plays: Sequence[Play],
                       held: Mapping[str, tuple[Tile, ...]]) -> str | None:
    """Why a match's first round, recorded with its plays, may not open as it does (``lead.first``): a tile
    that comes first was dealt, as the plays and the hands at the end show it (every tile is dealt with no
    bazaar; a tile a player laid before drawing, or held at the end without drawing, was dealt to them)."""
    rule = first_lead_order(ruleset, len(players))
    lead = next((play.tile for play in plays if play.action is Action.TILE), None)
    if rule is None or lead is None:
        return None
    dealt: dict[Tile, str | None] = {}
    if len(players) * deal_size(ruleset, len(players))[0] == ruleset.tileset.size:
        dealt = dict.fromkeys(ruleset.tileset.tiles())
    drew: set[str] = set()
    for play in plays:
        if play.action is Action.DRAW:
            drew.add(play.player)
        elif play.action is Action.TILE and play.player not in drew:
            dealt[play.tile] = play.player
    for player, tiles in held.items():
        if player not in drew:
            dealt.update(dict.fromkeys(tiles, player))
    return _wrong_first_lead(rule, lead, dealt)


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
    return follow(ruleset, players, plays, given)


def refusal(followed: Followed) -> str:
    """The first illegal play of a recorded hand, said with its number: ``play 4 (Bob 3-3): ...``."""
    return _("play {number} ({play}): {reason}").format(number=len(followed.ruled) + 1,
                                                        play=said_play(followed.illegal.play),
                                                        reason=followed.illegal.reason)


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
"""Hands followed, by ruleset (held, so that its id stays its own), seating, plays and hands at the end: a
round's checks, its derivation and its scoring all follow the same plays, and opening a match then
replaying it follows every hand twice; a hand needs following once."""
_KEPT = 4096


def follow_hand(ruleset: Ruleset, players: Sequence[str], plays: Sequence[Play],
                held: Mapping[str, tuple[Tile, ...]] | None = None) -> Followed:
    """``follow`` for a recorded hand: the hands dealt worked out from those ``held`` at the end
    (``dealt_hands``), where they can be."""
    key = (id(ruleset), tuple(players), tuple(plays), tuple(sorted((held or {}).items())))
    found = _FOLLOWED.get(key)
    if found is not None and found[0] is ruleset:
        return found[1]
    hands = dealt_hands(ruleset, players, plays, held) if held else {}
    try:
        followed = follow(ruleset, players, plays, hands)
    except InputError:  # hands that cannot have been dealt together: followed without them
        followed = follow(ruleset, players, plays)
    if len(_FOLLOWED) >= _KEPT:
        _FOLLOWED.clear()
    _FOLLOWED[key] = (ruleset, followed)
    return followed


def needless_draw(followed: Followed, held: Mapping[str, tuple[Tile, ...]]) -> str | None:
    """The first draw a player made while holding a tile that fits, where the plays prove it: of the tiles
    the player laid afterwards or held at the end, more fit the ends as they were than the player drew from
    then on, so one of them was in the hand before the draw (a draw is one turn's; the turn is the same)."""
    ruled = followed.ruled
    for index, item in enumerate(ruled):
        play = item.play
        if play.action is not Action.DRAW:
            continue
        ends = set(item.ends)
        later = ruled[index:]
        drawn = sum(other.play.drawn for other in later if other.play.player == play.player)
        kept = [other.play.tile for other in later
                if other.play.player == play.player and other.play.action is Action.TILE]
        kept += list(held.get(play.player, ()))
        fitting = sorted({tile for tile in kept if tile.low in ends or tile.high in ends})
        if len(fitting) > drawn:
            return _("play {number} ({play}): {player} could play before drawing: {tiles} fit the ends ({ends}) "
                     "and at most {drawn} of them came from the bazaar (bazaar.draw_while_able = false)").format(
                number=index + 1, play=said_play(play), player=play.player, tiles=format_tiles(fitting),
                ends=" ".join(map(str, item.ends)), drawn=drawn)
    return None


def held_doubles(followed: Followed, held: Mapping[str, tuple[Tile, ...]]) -> list[tuple[str, Tile]]:
    """The doubles still held that a sealed layout can take (rules.md §1.5): the hand is not over."""
    ends = set(followed.ends)
    return [(player, tile) for player, tiles in held.items() for tile in tiles
            if tile.is_double and tile.low in ends]


class Scored(NamedTuple):
    """What one play scored, and who takes it: the player, the opponent who called muggins, or nobody (a
    missed score, lost)."""

    number: int
    """The play's place in the hand (1: the lead)."""
    ruled: Ruled
    taker: str | None


def play_scores(ruleset: Ruleset, followed: Followed) -> tuple[Scored, ...]:
    """Every play that scored under ``play.scores``, in order, and who takes its points (``play.muggins``)."""
    called = ruleset["play.muggins"] is Muggins.CALLED
    found = []
    for number, ruled in enumerate(followed.ruled, start=1):
        if not ruled.points:
            continue
        play = ruled.play
        taker = play.player if not play.missed else play.taker if called else None
        found.append(Scored(number, ruled, taker))
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
