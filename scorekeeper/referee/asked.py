"""Which facts a round left out could change its score: the last tile of an out (finishing doubles, a bonus for
finishing on a double), the lead (6-6 on the hundred, a bonus for leading a double), and who made a fish (who
leads next, or takes it).

Worked out by trying, not by reading the rules again here: the round is scored after the table as typed, then
with each double that could have been played there; a fact is worth asking when one of them changes what the
round records or decides.  So whatever the ruleset's keys (``finish.*``, ``hundred.*``, ``bonus.*``) make of
a tile, and whether the scores before the round let it matter (a side holding no points cannot lead 6-6 on
the hundred), comes from the scoring code itself.  A tile the facts place elsewhere (a hand given as tiles,
or a total only those tiles make: a Goat total of 0 is 0-0) is not tried.  Pure: (ruleset, match, table,
round).  In a round that decides the match, only what would decide it otherwise is worth asking.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, NamedTuple

from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.domain.tiles import Tile
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.hands import deduce_hands, placed_tiles
from scorekeeper.scoring.table import Table

class Fact(Enum):
    """A fact of a round a line may leave out that a rule may score."""

    LAST = "last"
    """The tile (or two doubles) the player who went out finished with."""
    LED = "led"
    """The tile that opened the round."""
    FISHER = "fisher"
    """The player who made the fish (the fisherman)."""


LAST, LED, FISHER = Fact.LAST, Fact.LED, Fact.FISHER


class Asked(NamedTuple):
    """A fact worth asking, and the tiles that would change the score (each a tile, or two doubles at once), or
    the players (the fisherman)."""

    fact: Fact
    tiles: tuple[tuple[Tile, ...], ...]
    players: tuple[str, ...] = ()


class RoundScore(NamedTuple):
    """What a round's score is made of, without the words: the sides' numbers, the eggs, the round's winner,
    the hundred, whether the match is over and who won or lost it (not why: a finishing double in a round
    that reaches the target anyway changes nothing), and who leads the next round with what."""

    sides: tuple
    eggs: tuple[int, int, int, str | None, int]
    winner: str | None
    hundred: str | None
    owes_hundred: str | None
    over: tuple[bool, str | None, str | None]
    next_lead: tuple[str | None, str | None]


def worth_asking(ruleset: Ruleset, match: Match, table: Table, rnd: Round) -> tuple[Asked, ...]:
    """The facts ``rnd`` (the next round of ``match``, whose table is ``table``) does not give and that could
    change its score, in the order to ask them: ``FISHER`` (who made a fish, with the players whose fish it
    would change), ``LAST`` (an out's last tile), ``LED`` (the lead), each with the tiles that would.  Empty
    when the match is over, or when every tile or player that could have been there scores the same as the
    round typed."""
    if table.over or len(table.rounds) != len(match.rounds):
        return ()
    typed = _scored(ruleset, match, table, rnd)

    def changes(other: Round) -> bool:
        return _changes(typed, _scored(ruleset, match, table, other))

    asked = []
    if rnd.ending is not OUT and rnd.fisher is None:
        fishers = tuple(player for player in match.players if changes(rnd._replace(fisher=player)))
        if fishers:
            asked.append(Asked(FISHER, (), fishers))
    placed = placed_tiles(rnd, deduce_hands(ruleset, match, rnd))
    if rnd.ending is OUT and not rnd.last and not rnd.plain_last:
        lasts = tuple(last for last in _lasts(ruleset, placed) if changes(rnd._replace(last=last)))
        if lasts:
            asked.append(Asked(LAST, lasts))
    if rnd.led is None and not rnd.plain_led:
        leds = tuple((led,) for led in _doubles(ruleset, placed) if changes(rnd._replace(led=led)))
        if leds:
            asked.append(Asked(LED, leds))
    return tuple(asked)


def _changes(typed: RoundScore, other: RoundScore) -> bool:
    """Whether ``other`` scores otherwise than the round as typed: where the typed round decides the match,
    only a different decision counts (nothing else of it is played on)."""
    if typed.over[0]:
        return other.over != typed.over
    return other != typed


def _scored(ruleset: Ruleset, match: Match, table: Table, rnd: Round) -> RoundScore:
    """The round scored after the table (only the new round: the rounds before are the table's own)."""
    after = replay(ruleset, match._replace(rounds=match.rounds + (rnd,), pending=()), table.rounds,
                   kept=len(match.rounds))
    if len(after.rounds) <= len(match.rounds):  # not scored (cannot happen before the match is over)
        return RoundScore((), (0, 0, 0, None, 0), None, None, None, (after.over, after.winner, after.loser),
                      (None, None))
    result = after.rounds[-1]
    return RoundScore(
        sides=tuple(result.sides),
        eggs=(result.eggs, result.eggs_added, result.eggs_paid, result.eggs_paid_to, result.eggs_rotten),
        winner=result.winner,
        hundred=result.hundred,
        # a match that ends here has no next round to owe or lead
        owes_hundred=None if after.over else result.owes_hundred,
        over=(after.over, after.winner, after.loser),
        next_lead=(None, None) if after.over else (after.next_leader, after.next_lead),
    )


def _doubles(ruleset: Ruleset, placed: set[Tile]) -> list[Tile]:
    """The doubles of the set the facts leave free: only a double is a tile a rule scores when led or laid
    last."""
    return [tile for tile in ruleset.tileset.tiles() if tile.is_double and tile not in placed]


def _lasts(ruleset: Ruleset, placed: set[Tile]) -> Iterable[tuple[Tile, ...]]:
    """What an out could have finished with that a rule might score: each free double, and two of them laid
    at once (any two: the rule looks at the two, and at 0-0 or 6-6 among them, tried on their own)."""
    doubles = _doubles(ruleset, placed)
    yield from ((tile,) for tile in doubles)
    middle = [tile for tile in doubles if 0 < tile.low < ruleset.tileset.max_pip]
    if len(middle) >= 2:
        yield tuple(middle[:2])
