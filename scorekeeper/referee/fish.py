"""Is the line blocked?  A ruling from the tiles on the table (a chain, or a spinner with its arms), what is
known of the hands, and the bazaar (rules.md §1: fish)."""

from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.notation.ends import said_ends
from scorekeeper.referee.verdict import Citation, citation
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FishermanIs, PlayScore, SpinnerReading
from scorekeeper.domain.tiles import Tile, format_tiles


class Layout(NamedTuple):
    """The tiles on the table and the numbers showing at the open ends."""

    tiles: tuple[Tile, ...]
    ends: tuple[int, ...]
    spinner: Tile | None = None
    line: tuple[Tile, ...] = ()
    arms: tuple[tuple[Tile, ...], ...] = ()
    """The arms leaving the spinner, each from the spinner outward (without the spinner itself)."""


class PossiblePlay(NamedTuple):
    """A play still possible: who holds the tile, the tile, and the open end(s) it fits."""

    player: str
    tile: Tile
    ends: tuple[int, ...]

    def to_dict(self) -> dict:
        return {"player": self.player, "tile": str(self.tile), "ends": list(self.ends)}


class FishRuling(NamedTuple):
    blocked: bool
    ends: tuple[int, ...]
    settled: bool
    """False when the answer depends on where unseen tiles are (say more with --hand and --bazaar)."""
    reasons: tuple[Citation, ...]
    count: dict | None = None
    """The layout's count and what it scores (rulesets scoring during play), as ``check count`` gives it."""
    plays: tuple[PossiblePlay, ...] = ()
    """The plays still possible with the tiles known to be held."""
    sealed: bool = False
    """Every tile that could reopen the line is on the table: only doubles at the ends can still be played
    (rules.md §1.5: a sealed fish is not yet a fish while its double is held)."""
    blocked_after: bool | None = None
    """Whether the line is a fish once the plays still possible are made (None: not blocked by them)."""
    fisherman: str | None = None
    """Who is the fisherman of a sealed fish, when the ruleset's reading names a known player."""
    last_play: bool = False
    """The ruleset names the player who lays the held double as the fisherman (``fish.fisherman``)."""
    held_doubles: tuple[Tile, ...] = ()
    """The doubles at the ends that some hand still holds, whose holder the facts do not name."""

    @property
    def verdict(self) -> str:
        """The ruling in one sentence."""
        if self.blocked:
            if self.sealed and not self.settled:
                return _("Blocked: a fish, unless a player still holds a double at an end (see below).")
            return _("Blocked: a fish.")
        if self.sealed and self.blocked_after:
            return self._sealed_verdict()
        if self.blocked_after:
            if self.plays:
                shown = ", ".join(f"{play.player} {play.tile}" for play in self.plays)
                return _("Not blocked yet: still to play: {plays}; after that, a fish.").format(plays=shown)
            return _("Not blocked yet: the double still held can be played; after that, a fish.")
        return _("Not blocked.") if self.settled else _("Not blocked, as far as is known.")

    def _sealed_verdict(self) -> str:
        """000:374, 001:152, 004:121: with the double still in a hand "it would still be a fish": sealed, and
        the holder lays the double before nobody can play."""
        if self.plays:
            lays = "; ".join(_("{player} still lays {tile} (it leaves {player}'s hand)").format(
                player=play.player, tile=play.tile) for play in self.plays)
            layers = sorted({play.player for play in self.plays})
        else:
            lays = _("whoever holds {tiles} still lays it (it leaves that hand)").format(
                tiles=format_tiles(self.held_doubles))
            layers = []
        if not self.last_play and layers:
            fisherman = _("the fisherman is the player who sealed it, not {players}").format(
                players=_(" or ").join(layers))
        elif not self.last_play:
            fisherman = _("the fisherman is the player who sealed it")
        elif self.fisherman:
            fisherman = _("the fisherman is {player}, who lays it").format(player=self.fisherman)
        else:
            fisherman = _("the fisherman is whoever lays the last double")
        return _("A fish, sealed: {lays}; {fisherman}.").format(lays=lays, fisherman=fisherman)

    def to_dict(self) -> dict:
        found = {"verdict": self.verdict, "blocked": self.blocked, "ends": list(self.ends), "settled": self.settled,
                 "sealed": self.sealed, "plays": [play.to_dict() for play in self.plays],
                 "blocked_after_plays": self.blocked_after, "fisherman": self.fisherman,
                 "reasons": [item.to_dict() for item in self.reasons]}
        if self.count is not None:
            found["count"] = self.count
        return found


def chain_ends(line: tuple[Tile, ...], start: int | None = None) -> list[int]:
    """The number each tile shows outward, walking the chain; InputError where neighbours do not match.

    ``start`` is the number the first tile is laid against (an arm leaving a spinner); without it the
    first tile is turned to match the second.
    """
    if not line:
        raise InputError(_("the line is empty"))
    first = line[0]
    if start is None:
        if len(line) == 1:
            return [first.low, first.high]
        nxt = line[1]
        if first.high in nxt:
            start = first.low
        elif first.low in nxt:
            start = first.high
        else:
            raise InputError(_("{first} and {next} are neighbours in the line but do not match").format(
                first=first, next=nxt))
        outward = [start]
    else:
        outward = []
    open_end = start
    for index, tile in enumerate(line):
        if open_end not in tile:
            said = _("{before} and {tile} are neighbours but do not match ({tile} has no {end} to lay against the "
                     "{end} showing)") if index else \
                _("the spinner and {tile} are neighbours but do not match ({tile} has no {end} to lay against the "
                  "{end} showing)")
            raise InputError(said.format(before=line[index - 1] if index else "", tile=tile, end=open_end))
        open_end = tile.high if tile.low == open_end else tile.low
    return outward + [open_end]


def layout(ruleset: Ruleset, line: tuple[Tile, ...], arms: Iterable[tuple[Tile, ...]] = (),
           spinner: Tile | None = None) -> Layout:
    """Check the line (and spinner arms) and find the open ends.

    In a ruleset with a spinner, the spinner is the double the arms start from, or the one named, or the
    line's only double; its sides not yet played on are open ends too.
    """
    # An arm may be written from the spinner itself ("5-5 5-4"): the spinner is already in the line.
    arms = [tuple(arm[1:]) if len(arm) > 1 and arm[0].is_double and arm[0] in line else tuple(arm)
            for arm in arms]
    tiles = list(line) + [tile for arm in arms for tile in arm]
    tileset = ruleset.tileset
    if len(tiles) > tileset.size:
        raise InputError(_("{n} tiles on the table, but a {name} set has only {size}").format(
            n=len(tiles), name=tileset.name, size=tileset.size))
    tileset.check(tiles, where="table")
    ends = chain_ends(line)
    if ruleset["play.spinner"] is SpinnerReading.NONE:
        if arms or spinner:
            raise InputError(_("{ruleset} has no spinner (play.spinner = none): give the line alone, without --arm "
                               "or --spinner").format(ruleset=ruleset.called))
        return Layout(tuple(tiles), (ends[0], ends[-1]), None, line)
    spinner = _spinner(line, arms, spinner)
    if spinner is None:
        return Layout(tuple(tiles), (ends[0], ends[-1]), None, line)
    at = line.index(spinner)
    sides = (at > 0) + (at < len(line) - 1) + len(arms)
    if sides > 4:
        raise InputError(_("the spinner {tile} has four sides, but {n} branches leave it").format(tile=spinner,
                                                                                                 n=sides))
    # The line's ends away from the spinner, the arms' ends, and every side of the spinner still free.
    open_ends = ([ends[0]] if at > 0 else []) + ([ends[-1]] if at < len(line) - 1 else [])
    open_ends += [chain_ends(arm, start=spinner.low)[-1] for arm in arms]
    open_ends += [spinner.low] * (4 - sides)
    return Layout(tuple(tiles), tuple(open_ends), spinner, line, tuple(arms))


def _spinner(line: tuple[Tile, ...], arms: list[tuple[Tile, ...]], named: Tile | None) -> Tile | None:
    doubles = [tile for tile in line if tile.is_double]
    if named is not None:
        if named not in line or not named.is_double:
            raise InputError(_("the spinner {tile} must be a double of the line").format(tile=named))
        doubles = [named]
    if not arms:
        if len(doubles) > 1:
            raise InputError(_("the line holds several doubles ({tiles}): say which is the spinner with --spinner "
                               "TILE").format(tiles=format_tiles(doubles)))
        return doubles[0] if doubles else None
    if not doubles:
        raise InputError(_("an --arm leaves the spinner, but the line has no double"))
    for double in doubles:
        if all(arm and double.low in arm[0] for arm in arms):
            return double
    raise InputError(_("every --arm must start from the spinner ({tiles}), laid against it").format(
        tiles=format_tiles(doubles)))


def check_fish(ruleset: Ruleset, line: tuple[Tile, ...], hands: Iterable[tuple[str, tuple[Tile, ...]]] = (),
               bazaar: int | None = None, arms: Iterable[tuple[Tile, ...]] = (),
               spinner: Tile | None = None) -> FishRuling:
    """Rule on whether the game is blocked; InputError for a position that cannot happen."""
    table = layout(ruleset, tuple(line), arms, spinner)
    on_table = set(table.tiles)
    held: dict[Tile, str] = {}
    given: set[str] = set()
    for player, tiles in hands:
        if player in given:
            raise InputError(_("{player} is given two hands").format(player=player))
        given.add(player)
        ruleset.tileset.check(tiles, player)
        for tile in tiles:
            if tile in on_table:
                raise InputError(_("tile {tile} is on the table and in {player}'s hand").format(tile=tile,
                                                                                                 player=player))
            if tile in held:
                raise InputError(_("tile {tile} is in two hands: {first}'s and {player}'s").format(
                    tile=tile, first=held[tile], player=player))
            held[tile] = player
    unseen = [tile for tile in ruleset.tileset.tiles() if tile not in on_table and tile not in held]
    if bazaar is not None and bazaar > len(unseen):
        raise InputError(_("the bazaar cannot hold {bazaar} tiles: only {n} are not on the table or in the hands "
                           "given").format(bazaar=bazaar, n=len(unseen)))
    hands_complete = bazaar is not None and bazaar == len(unseen)
    if bazaar is None and not unseen:
        bazaar, hands_complete = 0, True
    keep = ruleset["bazaar.keep"]
    values = sorted(set(table.ends))
    shown = _ends_text(table)
    reasons: list[Citation] = []

    def where(tile: Tile) -> str:
        """Where a tile is, in a few words: "6-6 is in Ann's hand"."""
        if tile in on_table:
            said = _("{tile} is on the table")
        elif tile in held:
            said = _("{tile} is in {player}'s hand")
        else:
            said = _("{tile} is in the bazaar") if hands_complete else _("{tile} is not on the table")
        return said.format(tile=tile, player=held.get(tile))

    # Doubles never change the number at an end, so only a non-double can reopen the line.
    live = [tile for tile in ruleset.tileset.tiles()
            if not tile.is_double and tile not in on_table and (tile.low in values or tile.high in values)]
    # Every play still possible: a held tile that fits an open end (a double too: it changes no end, but it
    # is a play, and it takes its pips off its holder's hand).
    plays = tuple(PossiblePlay(held[tile], tile, tuple(v for v in values if v in tile))
                  for tile in ruleset.tileset.tiles() if tile in held and (tile.low in values or tile.high in values))
    if not live:
        return _sealed(ruleset, table, values, shown, plays, where, held, on_table, hands_complete, bazaar)
    playable = [tile for tile in live if tile in held]
    if playable:
        for tile in playable:
            ends_of = ", ".join(str(v) for v in values if v in tile)
            reasons.append(citation(ruleset, "tiles.max_pip",
                                  _("{ends}; {player} holds {tile} and can play it on the {on}: not a fish (a tile "
                                    "of the {name} set that fits an end is still off the table)").format(
                                      ends=shown, player=held[tile], tile=tile, on=ends_of,
                                      name=ruleset.tileset.name)))
        return _ruling(ruleset, table, False, True, reasons, plays)
    missing = format_tiles(live)
    if bazaar is not None:  # each count in its own words: '3 tiles', 'its last 2 tiles may not be drawn'
        fields = {"ends": shown, "missing": missing,
                  "held": ngettext("{n} tile", "{n} tiles", bazaar).format(n=bazaar),
                  "kept": ngettext("its last tile may not be drawn", "its last {n} tiles may not be drawn",
                                   keep).format(n=keep)}
    if bazaar is not None and bazaar > keep:
        said = ngettext("{ends}; {missing} is not on the table, and the bazaar holds {held} ({kept}): a player who "
                        "cannot play draws, so it is not a fish",
                        "{ends}; {missing} are not on the table, and the bazaar holds {held} ({kept}): a player who "
                        "cannot play draws, so it is not a fish", len(live)) if keep else \
            ngettext("{ends}; {missing} is not on the table, and the bazaar holds {held}: a player who cannot play "
                     "draws, so it is not a fish",
                     "{ends}; {missing} are not on the table, and the bazaar holds {held}: a player who cannot play "
                     "draws, so it is not a fish", len(live))
        reasons.append(citation(ruleset, "bazaar.keep", said.format(**fields)))
        return _ruling(ruleset, table, False, True, reasons, plays)
    if hands_complete:
        if plays:
            reasons.append(citation(ruleset, "bazaar.keep", ngettext(
                "{ends}; {missing} would fit, but is in the bazaar, which holds {held}: {kept}, so only doubles "
                "can still be played",
                "{ends}; {missing} would fit, but are in the bazaar, which holds {held}: {kept}, so only doubles "
                "can still be played", len(live)).format(**fields)))
            reasons.extend(_double_reasons(ruleset, plays))
            return _ruling(ruleset, table, False, True, reasons, plays, blocked_after=True,
                           fisherman=_fisherman(ruleset, plays))
        reasons.append(citation(ruleset, "bazaar.keep", ngettext(
            "{ends}; {missing} would fit, but is in the bazaar, which holds {held}: {kept}, and no hand can "
            "play: a fish",
            "{ends}; {missing} would fit, but are in the bazaar, which holds {held}: {kept}, and no hand can "
            "play: a fish", len(live)).format(**fields)))
        return _ruling(ruleset, table, True, True, reasons)
    if bazaar == 0:
        reasons.append(citation(ruleset, "bazaar.keep", _("{ends}; the bazaar is empty, so whoever holds {missing} "
                                                        "can play: not a fish").format(ends=shown, missing=missing)))
        return _ruling(ruleset, table, False, True, reasons, plays)
    reasons.append(citation(ruleset, "bazaar.keep", ngettext(
        "{ends}; {missing} is neither on the table nor in a hand given: unless stuck in the bazaar, someone can "
        "play, so not a fish as far as is known (give every --hand and --bazaar N to settle it)",
        "{ends}; {missing} are neither on the table nor in a hand given: unless stuck in the bazaar, someone can "
        "play, so not a fish as far as is known (give every --hand and --bazaar N to settle it)", len(live)).format(
            ends=shown, missing=missing)))
    return _ruling(ruleset, table, False, False, reasons, plays)


def _sealed(ruleset: Ruleset, table: Layout, values: list[int], shown: str, plays: tuple[PossiblePlay, ...], where,
            held: dict[Tile, str], on_table: set[Tile], hands_complete: bool, bazaar: int | None) -> FishRuling:
    """Every non-double that could reopen the line is on the table (rules.md §1.5): a fish, unless a double
    at an end is still held; then its holder still has that play, and only after it is nobody able to play."""
    count = _number_word(ruleset["tiles.max_pip"])
    reasons: list[Citation] = []
    unseen_doubles = []
    for value in values:
        double = Tile(value, value)
        if double in held:
            continue
        if double not in on_table and not hands_complete:
            unseen_doubles.append(double)
        reasons.append(citation(ruleset, "tiles.max_pip",
                              _("{ends} and all {count} non-double {value}s are on the table; {where} and cannot "
                                "reopen it (a double leaves the end at {value})").format(
                                  ends=shown, count=count, value=value, where=where(double))))
    if plays:
        reasons.extend(_double_reasons(ruleset, plays, shown, count))
        return _ruling(ruleset, table, False, True, reasons, plays, sealed=True, blocked_after=True,
                       fisherman=_fisherman(ruleset, plays))
    if unseen_doubles and bazaar == 0:
        # Not on the table, not in the bazaar: some hand holds it, and can still play it.
        shown_doubles = format_tiles(unseen_doubles)
        reasons.append(citation(ruleset, "fish.fisherman",
                              _("the bazaar is empty, so {tiles} is in a hand: its holder can still play it, and "
                                "only then is it a fish; {fisherman}").format(
                                  tiles=shown_doubles, fisherman=_fisherman_text(ruleset, None))))
        return _ruling(ruleset, table, False, True, reasons, sealed=True, blocked_after=True,
                       held_doubles=tuple(unseen_doubles))
    if unseen_doubles:
        shown_doubles = format_tiles(unseen_doubles)
        reasons[-1] = reasons[-1]._replace(
            text=_("{said}; if a player holds {tiles}, that player can still play it, and only then is it a fish "
                   "(give every --hand and --bazaar N to settle it)").format(said=reasons[-1].text,
                                                                            tiles=shown_doubles))
        return _ruling(ruleset, table, True, False, reasons, sealed=True)
    return _ruling(ruleset, table, True, True, reasons, sealed=True)


def _double_reasons(ruleset: Ruleset, plays: tuple[PossiblePlay, ...], shown: str = "",
                    count: str = "") -> list[Citation]:
    """Why each held double still to be played keeps the line open, and who will be the fisherman (``shown``
    and ``count``: the ends and the non-doubles of a sealed line)."""
    found = []
    for play in plays:
        pips = play.tile.pips
        said = ngettext("{ends} and all {count} non-double {value}s are on the table, so the fish is sealed, but "
                        "{player} holds {tile} and can still play it on the {value} (it leaves the end at {value} and "
                        "takes {pips} pip off {player}'s hand): not a fish yet; after that play it is one",
                        "{ends} and all {count} non-double {value}s are on the table, so the fish is sealed, but "
                        "{player} holds {tile} and can still play it on the {value} (it leaves the end at {value} and "
                        "takes {pips} pips off {player}'s hand): not a fish yet; after that play it is one", pips) \
            if shown and play.tile.is_double else \
            ngettext("{player} holds {tile} and can still play it on the {value} (it leaves the end at {value} and "
                     "takes {pips} pip off {player}'s hand): not a fish yet; after that play it is one",
                     "{player} holds {tile} and can still play it on the {value} (it leaves the end at {value} and "
                     "takes {pips} pips off {player}'s hand): not a fish yet; after that play it is one", pips)
        found.append(citation(ruleset, "tiles.max_pip", said.format(
            ends=shown, count=count, value=play.tile.low, player=play.player, tile=play.tile, pips=play.tile.pips)))
    found.append(citation(ruleset, "fish.fisherman", _fisherman_text(ruleset, plays)))
    return found


def _fisherman(ruleset: Ruleset, plays: tuple[PossiblePlay, ...]) -> str | None:
    """The fisherman, when the ruleset's reading names a known player: the one who lays the last double."""
    players = {play.player for play in plays}
    if ruleset["fish.fisherman"] is FishermanIs.LAST_PLAY and len(players) == 1:
        return players.pop()
    return None


def _fisherman_text(ruleset: Ruleset, plays: tuple[PossiblePlay, ...] | None) -> str:
    doubles = format_tiles([play.tile for play in plays]) if plays else ""
    if ruleset["fish.fisherman"] is FishermanIs.SEALER:
        said = _("the fisherman is the player who sealed the fish (laid the last tile that could reopen it), not "
                 "whoever then lays {tiles}: a double is not the last tile of a fish") if plays else \
            _("the fisherman is the player who sealed the fish (laid the last tile that could reopen it), not "
              "whoever then lays the double: a double is not the last tile of a fish")
        return said.format(tiles=doubles)
    named = _fisherman(ruleset, plays) if plays else None
    if named:
        said = _("the fisherman is {player}: the player who lays {tiles}, the last play, not the one who sealed it")
    elif plays:
        said = _("the fisherman is whoever lays it: the player who lays {tiles}, the last play, not the one who "
                 "sealed it")
    else:
        said = _("the fisherman is whoever lays it: the player who lays the double, the last play, not the one who "
                 "sealed it")
    return said.format(player=named, tiles=doubles)


def _ruling(ruleset: Ruleset, table: Layout, blocked: bool, settled: bool, reasons: list[Citation],
            plays: tuple[PossiblePlay, ...] = (), **sealed) -> FishRuling:
    """The ruling, with the spinner named and, in a ruleset scoring during play, the layout's count."""
    if table.spinner:
        reasons.append(citation(ruleset, "play.spinner", _("{tile} is the spinner: tiles may be played on all four "
                                                         "of its sides").format(tile=table.spinner)))
    counted = _layout_count(ruleset, table)
    count = None
    if counted is not None:
        reasons.extend(counted.reasons)
        count = {"total": counted.total, "score": counted.score, "parts": list(counted.parts)}
    return FishRuling(blocked, table.ends, settled, tuple(reasons), count, plays,
                      last_play=ruleset["fish.fisherman"] is FishermanIs.LAST_PLAY, **sealed)


def _layout_count(ruleset: Ruleset, table: Layout):
    """The layout's count ruling (``check count``), in a ruleset that scores during play; else None."""
    if ruleset["play.scores"] is PlayScore.NONE:
        return None
    from scorekeeper.referee.count import check_count  # start-up: keeps the count ruling out of blocking games

    if table.spinner is None:
        line = table.line
        if len(line) == 1:  # a lone tile: both its halves show
            ends = [line[0]] if line[0].is_double else [line[0].low, line[0].high]
        else:
            ends = [_end_of(line[0], table.ends[0]), _end_of(line[-1], table.ends[-1])]
        return check_count(ruleset, ends)
    # The line through the spinner covers its long sides; arms take the free long sides, then the short ones.
    at = table.line.index(table.spinner)
    line_ends = chain_ends(table.line)
    sides: list = [None, None, None, None]
    if at < len(table.line) - 1:
        sides[0] = _end_of(table.line[-1], line_ends[-1])
    if at > 0:
        sides[1] = _end_of(table.line[0], line_ends[0])
    for arm in table.arms:
        free = sides.index(None)
        sides[free] = _end_of(arm[-1], chain_ends(arm, start=table.spinner.low)[-1])
    while sides and sides[-1] is None:
        sides.pop()
    return check_count(ruleset, sides, table.spinner)


def _end_of(tile: Tile, showing: int) -> int | Tile:
    """An open end as check count takes it: a double lying there counts both halves."""
    return tile if tile.is_double else showing


def _ends_text(table: Layout) -> str:
    """The open ends as a list, a spinner with a side still free named as its tile (``notation.ends``)."""
    ends = table.ends
    values = sorted(set(ends))
    if len(values) == 1:
        said = _("both ends show {value}") if len(ends) == 2 else _("all ends show {value}")
        return said.format(value=values[0])
    arms, spinners = ends, ()
    if table.spinner is not None:  # the spinner's free sides come last (_layout)
        at = table.line.index(table.spinner)
        sides = (at > 0) + (at < len(table.line) - 1) + len(table.arms)
        if sides < 4:
            arms, spinners = ends[:sides], (table.spinner,)
    return _("the ends show {values}").format(values=said_ends(arms, spinners))


def _number_word(count: int) -> str:
    if count == 1:  # a double-one set, too rare to mark: a msgid "one" would answer ngettext("one", ...)
        return "one"
    return _(_NUMBER_WORDS[count - 2]) if 1 < count <= len(_NUMBER_WORDS) + 1 else str(count)


_NUMBER_WORDS = (N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                 N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))
"""How many non-doubles of a number a set holds, in words: as many as the set's top number."""
