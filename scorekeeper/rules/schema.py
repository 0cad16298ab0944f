"""Every key a ruleset file may set: its type, default, allowed values and a plain-language explanation.

The scoring code reads nothing but these keys, so a house rule is a small file that overrides a few of them.
Defaults here are neutral; the built-in files under ``rulesets/`` set what each game needs.
"""

from __future__ import annotations

from typing import NamedTuple

from enum import Enum


class Count(Enum):
    """Who records a round's points."""

    LOSERS = "losers"
    """Every losing side records its own hand (Goat: a losers' count)."""
    WINNER = "winner"
    """The side that won the round records what the losers hold (Sea Goat, draw, Muggins)."""


class FishPolicy(Enum):
    """Who records what when a round is blocked."""

    EACH = "each"
    """Scored exactly like an out, except that nobody went out."""
    MOST_TAKES_ALL = "most-takes-all"
    """The side with the most points takes the total of all hands; the others' remembered points are wiped."""
    FISHERMAN_PAYS = "fisherman-pays"
    """The player who made the fish takes the total of all hands."""
    LOWER_WINS = "lower-wins"
    """The side with the lowest hand total wins the round and records the others' totals."""


class FishTie(Enum):
    """What a blocked round does when the deciding sides are level."""

    EGGS = "eggs"
    """The whole total is carried forward as eggs."""
    NOBODY = "nobody"
    """Nobody scores."""
    SPLIT = "split"
    """The tied sides share the points (rounded down)."""


class EggsTo(Enum):
    """Who receives the eggs."""

    BIGGEST_LOSER = "biggest-loser"
    """The side with the most points in a later round, once one side has the most on its own."""
    LOSERS = "losers"
    """The side that loses a later round (the side that did not go out; on a fish, the side that records);
    where several sides lose, the biggest of them."""
    NEXT_RECORDER = "next-recorder"
    """The next side that records a round."""


class AtTarget(Enum):
    """What reaching the target means."""

    LOSES = "loses"
    """The side that reaches the target loses the match (the goat)."""
    WINS = "wins"
    """The side that reaches the target wins the match."""


class Teams(Enum):
    SINGLES = "singles"
    """Every player for themselves."""
    PAIRS = "pairs"
    """Two partnerships, partners sitting opposite."""


class LeadAfterOut(Enum):
    FINISHER = "finisher"
    """The player who went out leads the next round."""
    PARTNER = "partner"
    """The partner of the player who went out leads the next round."""


class FirstLead(Enum):
    """Who leads the first round of a match, and with which tile."""

    FROM_ONE_ONE = "from-1-1"
    """The holder of 1-1, else 2-2 ... up to the highest double, then 0-0; with no double out, the heaviest
    tile (5-6, then 4-6, ...)."""
    HIGHEST_DOUBLE = "highest-double"
    """The holder of the highest double (6-6, then 5-5 ...); with no double out, the heaviest tile."""
    LOWEST_DOUBLE = "lowest-double"
    """The holder of the lowest double (0-0, then 1-1 ...); with no double out, the heaviest tile."""


class Key(NamedTuple):
    """One ruleset key."""

    path: str
    kind: type
    default: object
    explain: str
    minimum: int | None = None
    source: str = ""

    @property
    def choices(self) -> tuple[str, ...]:
        if isinstance(self.kind, type) and issubclass(self.kind, Enum):
            return tuple(member.value for member in self.kind)
        return ()


SPECIAL_HANDS = "special_hands"
"""A table, not a scalar key: a hand consisting exactly of the listed tiles counts the given value."""

KEYS: tuple[Key, ...] = (
    Key("players.min", int, 2, "fewest players at the table", minimum=2),
    Key("players.max", int, 4, "most players at the table", minimum=2),
    Key("players.teams", Teams, Teams.SINGLES,
        "singles: every player for themselves; pairs: two partnerships, partners opposite",
        source="RULES.md 2 (pairs: 000/002/004)"),
    Key("tiles.max_pip", int, 6, "the set: 6 for double-six (28 tiles), 9 for double-nine, 12 for double-twelve",
        minimum=1, source="RULES.md 1"),
    Key("tiles.deal", int, 7, "tiles dealt to each player", minimum=1, source="RULES.md 1"),
    Key("count.who", Count, Count.LOSERS,
        "losers: every losing side records its own hand; winner: the round's winner records the losers' hands",
        source="RULES.md 2-5"),
    Key("count.partner_of_finisher", bool, True,
        "in pairs, whether the hand of the partner of the player who went out is counted",
        source="RULES.md 2 (000's pairs Goat: not counted)"),
    Key("opening.threshold", int, 0,
        "a side holding no points records a round only when it is worth at least this much (0: any round)",
        minimum=0, source="RULES.md 2 (Goat 13; 004: 25; 000: 30)"),
    Key("opening.remember", bool, False,
        "points below the threshold are remembered (+N) and added when the side opens",
        source="RULES.md 2"),
    Key("opening.wipe_on_out", bool, False,
        "going out wipes the side's remembered points", source="RULES.md 2"),
    Key("fish.policy", FishPolicy, FishPolicy.EACH,
        "each: scored like an out; most-takes-all: the biggest hand takes every hand's points; "
        "fisherman-pays: the player who made the fish takes them; lower-wins: the lowest hand wins the round",
        source="RULES.md 2 (fish for everyone / fish for one; 004: fisherman pays); 3; 5"),
    Key("fish.tie", FishTie, FishTie.EGGS,
        "when the deciding sides of a fish are level: eggs (carry the total forward), nobody scores, or split",
        source="RULES.md 2 (eggs), 4 (tie on a fish)"),
    Key("eggs.to", EggsTo, EggsTo.BIGGEST_LOSER,
        "who receives the eggs: biggest-loser of a later round, the losers of the next round, "
        "or the next side to record", source="RULES.md 2 (001: biggest loser; 000 pairs, 004: losers), 3"),
    Key("eggs.rot_after", int, 0,
        "rounds after which unclaimed eggs are rotten and dropped (0: they never rot)", minimum=0,
        source="RULES.md 3 (Sea Goat: 3)"),
    Key("end.target", int, 101, "the score that ends the match", minimum=1, source="RULES.md 2-5"),
    Key("end.at_target", AtTarget, AtTarget.LOSES,
        "loses: the side that reaches the target loses (the goat); wins: it wins the match",
        source="RULES.md 2 (Goat), 3-5 (races)"),
    Key("lead.after_out", LeadAfterOut, LeadAfterOut.FINISHER,
        "who leads the round after an out: the player who went out, or that player's partner",
        source="RULES.md 1 (000's pairs Goat: the partner)"),
    Key("lead.first", FirstLead, FirstLead.FROM_ONE_ONE,
        "who leads the first round: from-1-1 (1-1 ... 6-6, then 0-0, then the heaviest tile), "
        "highest-double (draw games), or lowest-double (other tables)",
        source="RULES.md 1 (first lead: Goat 001/004; draw games; other tables)"),
    Key("bazaar.keep", int, 0,
        "tiles that must stay in the bazaar: nobody may draw them, so a bazaar this small cannot unblock a "
        "game (Goat: 1, the last tile)", minimum=0,
        source="RULES.md 1 (fish: Goat forbids drawing the last bazaar tile; one game leaves two)"),
    Key("play.spinner", bool, False,
        "the first double played is a spinner: tiles may be played on all four of its sides",
        source="RULES.md 4 (Muggins family)"),
    Key("play.count_multiple", int, 0,
        "after each play, when the open ends add up to a multiple of this, the player scores the total "
        "(0: the ends' count scores nothing)", minimum=0, source="RULES.md 4 (Muggins / All Fives: 5)"),
    Key("misdeal.doubles", int, 5, "a hand with this many doubles or more is redealt (0: never)", minimum=0,
        source="RULES.md 1 (001/004)"),
    Key("misdeal.suit", int, 6, "a hand with this many tiles of one suit or more is redealt (0: never)",
        minimum=0, source="RULES.md 1 (001/004)"),
    Key("rating.base", int, 100,
        "after a finished match every player but the loser gains round_half_up((base - score) / 10), "
        "at least 1", source="RULES.md 2 (001/004)"),
)

KEYS_BY_PATH: dict[str, Key] = {key.path: key for key in KEYS}
SECTIONS: frozenset[str] = frozenset(key.path.split(".")[0] for key in KEYS)
META_KEYS = {
    "name": "the ruleset's name",
    "description": "what game this is, in a sentence",
    "extends": "the built-in ruleset (or file) this one starts from",
}
