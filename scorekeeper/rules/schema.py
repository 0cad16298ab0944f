"""Every key a ruleset file may set: its type, default, allowed values and a plain-language explanation.

The scoring code reads nothing but these keys, so a house rule is a small file that overrides a few of them.
Defaults here are neutral; the built-in files under ``rulesets/`` set what each game needs.
"""

from enum import Enum
from typing import NamedTuple

from scorekeeper.i18n import N_, _


def written(value):
    """A ruleset value as its file writes it: a choice as its value, any other value as it is."""
    return value.value if isinstance(value, Enum) else value


def plain(value: object) -> str:
    """A key's value as it is written in a ruleset file."""
    value = written(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Count(Enum):
    """Who records a round's points."""

    LOSERS = "losers"
    """Every losing side records its own hand (Goat: a losers' count)."""
    WINNER = "winner"
    """The side that won the round records what the losers hold (Sea Goat, draw, Muggins)."""


class HandValue(Enum):
    """What a hand left at the end of a round counts."""

    PIPS = "pips"
    """Its pips (special hands and count.six_six_anywhere apply)."""
    TILES = "tiles"
    """Its tiles: 1 a tile, 2 a double (001's series by tiles left)."""


class FishPolicy(Enum):
    """Who records what when a round is blocked."""

    EACH = "each"
    """Scored exactly like an out, except that nobody went out."""
    MOST_TAKES_ALL = "most-takes-all"
    """The side with the most points takes the total of all hands; the others' remembered points are wiped."""
    FISHERMAN_PAYS = "fisherman-pays"
    """The player who made the fish takes all the other players' points (004)."""
    LOWER_WINS = "lower-wins"
    """The side with the lowest hand total wins the round and records the others' totals."""


class FishermanIs(Enum):
    """Who is the fisherman when a sealed fish is closed by laying the held double."""

    SEALER = "sealer"
    """The player who sealed the fish (laid the last tile that could reopen it); a double laid afterwards is
    not the last tile (004, Sea Goat)."""
    LAST_PLAY = "last-play"
    """The player who made the last play, the double included."""


class FishTie(Enum):
    """What a blocked round does when the deciding sides are level."""

    EGGS = "eggs"
    """The whole total is carried forward as eggs."""
    NOBODY = "nobody"
    """Nobody scores."""
    SPLIT = "split"
    """The tied sides share the points (rounded down)."""


class FishTieThree(Enum):
    """What a blocked round does when, of three sides, two are level for the deciding hand."""

    SAME = "same"
    """As ``fish.tie``."""
    EGGS = "eggs"
    """The whole total is carried forward as eggs."""
    NOBODY = "nobody"
    """Nobody scores."""
    SPLIT = "split"
    """The two tied sides share the points, rounded down; a remainder is not scored (the step says so)."""


class EggsTo(Enum):
    """Who receives the eggs."""

    BIGGEST_LOSER = "biggest-loser"
    """The side with the most points in a later round, once one side has the most on its own."""
    LOSERS = "losers"
    """The side that loses a later round (the side that did not go out; on a fish, the side that records);
    where several sides lose, the biggest of them."""
    NEXT_RECORDER = "next-recorder"
    """The next side that records a round."""
    WINNERS = "winners"
    """The side that wins a later round (went out; on a fish, the one side that did not take it): 002:17
    'goes to the side that wins the next round', read literally."""


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
    EITHER = "either"
    """Every player for themselves, or two partnerships when the match is started with --team."""


class LeadAfterFish(Enum):
    FISHERMAN = "fisherman"
    """The player who made the fish leads the next round."""
    LOT = "lot"
    """The next leader is chosen by lot (pagat's All Fives: after a blocked hand)."""
    WINNERS = "winners"
    """The side that won the fish leads: in pairs either partner poses (Jamaican partnership); a side of one
    player, that player (Phone: the last winner leads)."""


class LeadAfterOut(Enum):
    FINISHER = "finisher"
    """The player who went out leads the next round."""
    PARTNER = "partner"
    """The partner of the player who went out leads the next round."""


class WriteOff(Enum):
    """What happens to the other sides' points when a side records (Sea Goat: only one side holds points)."""

    NONE = "none"
    """Every side keeps its points."""
    OTHERS = "others"
    """The other sides' points are written off to 0 (004: the previous side's points are annulled)."""
    ALL = "all"
    """Everyone's points go to 0, the new record's too (000: "all players have 0 points")."""


class SixSix(Enum):
    """What going out with 6-6 as the last tile does."""

    NONE = "none"
    """Nothing special."""
    WINS = "wins"
    """The side wins the match."""
    WINS_OR_HUNDRED = "wins-or-hundred"
    """The side wins the match when a losing side holds enough; otherwise it leads the next round with 6-6,
    on the hundred."""


class HundredLost(Enum):
    """What losing a round played on the hundred costs."""

    WRITE_OFF = "write-off"
    """The side's points are written off to 0."""
    SVOYAK = "svoyak"
    """Written off; and a side caught holding at least ``hundred.caught_min`` loses the match."""


class HandOf(Enum):
    """In pairs, whose hand a rule about what a losing side holds looks at."""

    PLAYER = "player"
    """One player's own hand (004:922 'at least one of the losers'; 004:285 'if he lost with more than 24')."""
    SIDE = "side"
    """Both partners' hands added."""


class CaughtBy(Enum):
    """What a side that loses its round on the hundred is measured by, under svoyak."""

    HAND = "hand"
    """What it holds in hand (004: 'more than 24 points left in hand')."""
    DIFFERENCE = "difference"
    """What it holds less what the round's winner holds (000: 'loses with a difference of more than 25')."""


class PlayScore(Enum):
    """What a count of the open ends scores during play (rules.md §4.2)."""

    NONE = "none"
    """Nothing is scored during play (claims are refused)."""
    TOTAL = "total"
    """A count that is a multiple of play.multiple scores the count (Muggins, All Fives, All Threes)."""
    QUOTIENT = "quotient"
    """A count that is a multiple of play.multiple scores count / multiple (Phone: 15 -> 3)."""
    FIVES_AND_THREES = "fives-and-threes"
    """A multiple of 5 scores count/5, a multiple of 3 scores count/3, both add (15 -> 5 + 3 = 8)."""


class SpinnerReading(Enum):
    """How the spinner (the first double, open on four sides) counts."""

    NONE = "none"
    """No spinner: every double is ordinary and the line has two ends."""
    OPEN_HALVES = "open-halves"
    """004: each half of the spinner counts while the short end it faces is still open."""
    PLAYED_ARMS = "played-arms"
    """000 / pagat: both halves count until tiles lie against both long sides; then only started arms."""


class Spinners(Enum):
    """Which doubles are spinners, in a ruleset with one (``play.spinner`` is not none)."""

    FIRST = "first"
    """The first double played; later doubles are laid across (rules.md §4.1)."""
    EVERY = "every"
    """Every double: each is open on four sides."""


class Muggins(Enum):
    """Whether a score the player misses may be called by an opponent."""

    NONE = "none"
    """A missed score is lost."""
    CALLED = "called"
    """An opponent who calls "muggins" takes the missed points (rules.md §4.3)."""


class Rounding(Enum):
    """How the end-of-hand count is rounded to endhand.round_to."""

    NONE = "none"
    """Not rounded."""
    NEAREST = "nearest"
    """To the nearest multiple; a remainder of more than half rounds up (for 5: 3 and 4 up, 1 and 2 down)."""
    UP = "up"
    """Up to the next multiple."""
    DOWN = "down"
    """Down to the multiple below."""


class RoundWhat(Enum):
    """What the end-of-hand rounding applies to."""

    TOTAL = "total"
    """The opponents' pips added together (minus the winner's on a fish), rounded once."""
    EACH_HAND = "each-hand"
    """Each losing hand rounded on its own (two hands of 3 give 5 + 5), then added."""


class SeveralReach(Enum):
    """What happens when more than one side stands at or over the target when the match is decided."""

    HIGHEST = "highest"
    """The highest score wins (level scores: the earlier seat)."""
    DRAW = "draw"
    """The match is drawn: over, with no winner, when two or more sides are at or over the target (004, Phone:
    both 225 or more, 225 against 226 too)."""


class RoundsWinner(Enum):
    """Who wins a match of a fixed number of rounds (end.rounds)."""

    HIGHEST = "highest"
    """The side with the highest total."""
    LOWEST = "lowest"
    """The side with the lowest total (003's block game)."""


class FirstLead(Enum):
    """Who leads the first round of a match, and with which tile."""

    FROM_ONE_ONE = "from-1-1"
    """The holder of 1-1, else 2-2 ... up to the highest double, then 0-0; with no double out, the heaviest
    tile (5-6, then 4-6, ...)."""
    HIGHEST_DOUBLE = "highest-double"
    """The holder of the highest double (6-6, then 5-5 ...); with no double out, the heaviest tile."""
    LOWEST_DOUBLE = "lowest-double"
    """The holder of the lowest double (0-0, then 1-1 ...); with no double out, the lightest tile (0-1,
    then 0-2 ...; 000, 004)."""
    LOT = "lot"
    """The first leader is chosen by lot and may lead any tile (000: Muggins / Pyaterochka)."""
    TILE = "tile"
    """The holder of the tile lead.first_tile leads the first round with it (004: Phone, 2-3)."""


class FirstLeadFewer(Enum):
    """Who leads the first round when fewer than four play."""

    SAME = "same"
    """As ``lead.first``, whatever the number of players."""
    LOWEST_DOUBLE = "lowest-double"
    """The holder of the smallest double (0-0, then 1-1 ...; with no double out, the lightest tile): 004:56
    'if four play, 1-1 starts; otherwise whoever has the smallest double'."""


class Key(NamedTuple):
    """One ruleset key."""

    path: str
    kind: type
    default: object
    meaning: str
    """What the key means, in English (``explain`` says it in the language in use)."""
    minimum: int | None = None
    source: str = ""
    """Where the rule comes from, in English: the rule book's section, then a note ("rules.md §3.2 (...)");
    shown through ``_()`` in the language in use, whose translation keeps the section and the article numbers."""

    @property
    def explain(self) -> str:
        """What the key means, as ``rules show`` says it: in the language in use."""
        return _(self.meaning)

    @property
    def choices(self) -> tuple[str, ...]:
        if isinstance(self.kind, type) and issubclass(self.kind, Enum):
            return tuple(member.value for member in self.kind)
        return ()


SPECIAL_HANDS = "special_hands"
"""A table, not a scalar key: a hand consisting exactly of the listed tiles counts the given value."""
SPECIAL_HANDS_SOURCE = N_("rules.md §1.2 (special hands: Goat 000/001/004; Sea Goat; classic draw 004)")

KEYS: tuple[Key, ...] = (
    Key("players.min", int, 2, N_("fewest players at the table"), minimum=2, source=N_('rules.md §8')),
    Key("players.max", int, 4, N_("most players at the table"), minimum=2, source=N_('rules.md §8')),
    Key("players.teams", Teams, Teams.SINGLES,
        N_("singles: every player for themselves; pairs: two partnerships, partners opposite; either: singles, "
           "or pairs when the match is started with --team"),
        source=N_('rules.md §2.8 (pairs: 000, 002, 004)')),
    Key("tiles.max_pip", int, 6,
        N_("the set: 6 for double-six (28 tiles), 9 for double-nine, 12 for double-twelve"),
        minimum=1, source=N_('rules.md §1.1')),
    Key("tiles.deal", int, 7, N_("tiles dealt to each player"), minimum=1, source=N_('rules.md §1.3')),
    Key("tiles.deal_more_players", int, 0,
        N_("tiles dealt to each player when more than two play (0: tiles.deal); a hand holding more is refused"),
        minimum=0, source=N_('rules.md §1.3 (draw games: 7 to two players, 5 to three or four)')),
    Key("count.who", Count, Count.LOSERS,
        N_("losers: every losing side records its own hand; winner: the round's winner records the losers' hands"),
        source=N_('rules.md §2.1, §3.1, §4.4, §5.1')),
    Key("count.partner_of_finisher", bool, True,
        N_("in pairs, whether the hand of the partner of the player who went out is counted"),
        source=N_("rules.md §2.8 (000's pairs Goat: not counted)")),
    Key("count.six_six_anywhere", int, 0,
        N_("6-6 counts this many wherever it is held, alone or with other tiles (0: its pips, 12)"), minimum=0,
        source=N_("rules.md §5.1 (004, classic draw: '6-6 is worth 50 points ... whether two, three or four "
                  "play')")),
    Key("count.blocker_multiplier", int, 1,
        N_("in a blocked round, the player who made the last play (--fisher) has their points multiplied by "
           "this unless they hold the fewest points (1: no such rule)"), minimum=1,
        source=N_("rules.md §5.3 (003's block game: 4)")),
    Key("count.hand_value", HandValue, HandValue.PIPS,
        N_("what a hand left at the end of a round counts: pips; or tiles, 1 a tile and 2 a double (a hand must "
           "then be given as tiles: a total is refused unless it proves them)"),
        source=N_("rules.md §5.5 (001: a series counted by the tiles left, 1 a tile, 2 a double)")),
    Key("count.hand_won", int, 0,
        N_("the side that wins a hand (went out; on a fish, the side the fish rule makes the winner) scores this "
           "many points and nobody else scores, whatever the hands hold; an out then needs no hands, a tied fish "
           "scores nothing (0: the hands are counted)"), minimum=0,
        source=N_("rules.md §5.4 (004, Jamaican dominoes: a hand won is 1 point, first to 6; 001: the most hands "
                  "won)")),
    Key("opening.threshold", int, 0,
        N_("a side holding no points records a round only when it is worth at least this much (0: any round)"),
        minimum=0, source=N_('rules.md §2.2, §3.2 (Goat 13; 004: 25; 000: 30)')),
    Key("opening.remember", bool, False,
        N_("points below the threshold are remembered (+N) and added when the side opens"),
        source=N_('rules.md §2.2')),
    Key("opening.wipe_on_out", bool, False,
        N_("going out wipes the side's remembered points"), source=N_('rules.md §2.3')),
    Key("opening.strict", bool, False,
        N_("true: opening needs MORE than the threshold; false: the threshold itself is enough"),
        source=N_("rules.md §3.2 (sources disagree: 000 'more than 25', 004 'not less than 25'; built-in: "
                  "false)")),
    Key("opening.write_off", WriteOff, WriteOff.NONE,
        N_("none: every side keeps its points; others: when a side records, every other side's points are "
           "written off to 0 (only one side holds points); all: everyone goes to 0, the new record too"),
        source=N_("rules.md §3.3 (sources disagree: 004 'the previous team's points are annulled' = others; 000 "
                  "'all players have 0 points' = all; built-in Sea Goat: others)")),
    Key("fish.policy", FishPolicy, FishPolicy.EACH,
        N_("each: scored like an out; most-takes-all: the biggest hand takes every hand's points; "
           "fisherman-pays: the player who made the fish takes the other players' points (004); lower-wins: the "
           "lowest hand wins the round"),
        source=N_('rules.md §2.4 (fish for everyone / fish for one; 004: fisherman pays), §3.7, §5.1')),
    Key("fish.fisherman", FishermanIs, FishermanIs.SEALER,
        N_("who is the fisherman when a sealed fish (all tiles that could reopen the line played, the double still "
           "held) is closed by laying that double: sealer: whoever sealed it; last-play: whoever lays the double"),
        source=N_("rules.md §1.5 (004, Sea Goat: 'a double is not counted as the last tile')")),
    Key("fish.lowest_of", HandOf, HandOf.SIDE,
        N_("endhand.count, on a fish: side: the side with the fewest pips in all wins; player: the side of the "
           "player holding the fewest pips wins (a partnership game read hand by hand)"),
        source=N_("rules.md §5.6 (Jamaican partnership dominoes: the lowest single hand wins a blocked hand)")),
    Key("fish.tie", FishTie, FishTie.EGGS,
        N_("when the deciding sides of a fish are level: eggs (carry the total forward), nobody scores, or split"),
        source=N_('rules.md §2.5 (eggs), §4.5 (a tie on a fish)')),
    Key("fish.tie_three", FishTieThree, FishTieThree.SAME,
        N_("three sides, two of them level for the deciding hand of a fish: same (as fish.tie), eggs, nobody, or "
           "split (the two share the points rounded down; a remainder, e.g. 3 split in two, 1 each, is not "
           "scored and the step says so)"),
        source=N_("rules.md §4.5 (a tie for fewest on a fish: nothing with two or four players, split with "
                  "three)")),
    Key("fish.fisherman_notes", bool, False,
        N_("show 004's fisherman conditions (a winning fisherman under 25 may go on the hundred; a losing one "
           "may 'write off the fish' in three attempts) as notes to apply by hand; they are too vague to score"),
        source=N_('rules.md §3.8 (004)')),
    Key("eggs.to", EggsTo, EggsTo.BIGGEST_LOSER,
        N_("who receives the eggs: biggest-loser of a later round, the losers of the next round, the next side to "
           "record, or the winners of the next round"),
        source=N_("rules.md §2.5 (001: biggest loser; 000 pairs, 004: losers; 002:17 'the side that wins the next "
                  "round': winners), §3.7")),
    Key("eggs.toward_opening", bool, False,
        N_("eggs.to = next-recorder: the eggs count toward the opening minimum of the side that wins the round "
           "(a winner worth 10 that takes 40 eggs records 50; one that cannot open even with them leaves them "
           "carried); false: only a side that opens on its own receives them (eggs for a round's loser always "
           "count toward it)"),
        source=N_("rules.md §3.7 (Sea Goat: the eggs go to the next round's winner on top of its record)")),
    Key("eggs.rot_after", int, 0,
        N_("rounds after which unclaimed eggs are rotten and dropped (0: they never rot)"), minimum=0,
        source=N_("rules.md §3.7 (Sea Goat: 3; 004 'not played out in three attempts'; 000 says a draw instead)")),
    Key("eggs.lead", str, "",
        N_("the tile, or tiles, that may lead the next round while eggs are carried, like \"1-1\" or "
           "\"1-1 2-2 3-3\" (empty: no rule)"),
        source=N_("rules.md §3.7 (004:925: eggs are played from the doubles 1-1 to 3-3)")),
    Key("finish.zero_zero_wins", bool, False,
        N_("going out with 0-0 as the last tile wins the whole match ('bald goat')"),
        source=N_('rules.md §3.5 (000, 004)')),
    Key("finish.two_doubles_wins", bool, False,
        N_("going out by laying two doubles at once (one on each end) wins the whole match"),
        source=N_('rules.md §3.5 (000)')),
    Key("finish.six_six", SixSix, SixSix.NONE,
        N_("going out with 6-6: none: nothing special; wins: wins the match; wins-or-hundred: wins when a losing "
           "side holds at least finish.six_six_min, otherwise that side leads the next round with 6-6 on the "
           "hundred"),
        source=N_("rules.md §3.5 (sources disagree: 004's first text and 000's second: always wins; 004's later "
                  "texts and 000's first: only when a loser holds enough; built-in: wins-or-hundred)")),
    Key("finish.six_six_min", int, 25,
        N_("a 6-6 finish wins the match when a losing player (hundred.hand_of = side: a losing side) holds at "
           "least "
           "this"),
        minimum=0,
        source=N_("rules.md §3.5 (sources disagree: 004 'more than 24' = 25; 000 'more than 25' = 26)")),
    Key("finish.hundred_needs_points", bool, False,
        N_("the round a 6-6 finish owes on the hundred is played on the hundred only when the finisher's side "
           "holds "
           "points (false: always, whether or not it holds any)"),
        source=N_("rules.md §3.5 (004:289, 004:922: the next round 'на сто' is obligatory)")),
    Key("hundred.hand_of", HandOf, HandOf.PLAYER,
        N_("in pairs, whose hand finish.six_six_min and hundred.caught_min look at: player (one player's own hand: "
           "a losing player's for the 6-6 finish, the hundred's leader's for svoyak) or side (both partners' "
           "hands added)"),
        source=N_("rules.md §3.5 (004:922 'at least one of the losers'; 004:285 'if he lost with more than 24')")),
    Key("hundred.enabled", bool, False,
        N_("a side that holds points may lead a round with 6-6 'on the hundred': winning that round wins the "
           "match"),
        source=N_('rules.md §3.6 (000, 004)')),
    Key("hundred.lost", HundredLost, HundredLost.WRITE_OFF,
        N_("a side that loses its round on the hundred: write-off: its points are written off to 0; svoyak: the "
           "same, but caught holding at least hundred.caught_min it loses the match"),
        source=N_("rules.md §3.6 (sources disagree: 000 'points deducted' = write-off; 004 'svoyak, loses the "
                  "whole game' = svoyak; built-in: write-off)")),
    Key("hundred.caught_min", int, 25,
        N_("svoyak: a side that loses its hundred holding at least this many in hand loses the match"),
        minimum=0, source=N_("rules.md §3.6 (004: 'more than 24' = 25; 000: 'more than 25' = 26)")),
    Key("hundred.caught_by", CaughtBy, CaughtBy.HAND,
        N_("svoyak: hand: the side is caught by what it holds; difference: by what it holds less what the round's "
           "winner holds"),
        source=N_("rules.md §3.6 (004:285 the hand; 000:240 'with a difference of more than 25 points')")),
    Key("bonus.lead_six_six", int, 0,
        N_("points added to every losing side when the round was led with 6-6 (0: no bonus)"), minimum=0,
        source=N_("rules.md §2.9 (000's pairs Goat: 50)")),
    Key("bonus.lead_zero_zero", int, 0,
        N_("points added to every losing side when the round was led with 0-0 (0: no bonus)"), minimum=0,
        source=N_("rules.md §2.9 (000's pairs Goat: 25)")),
    Key("bonus.finish_six_six", int, 0,
        N_("points added to every losing side when the player who went out finished with 6-6 (0: no bonus)"),
        minimum=0, source=N_("rules.md §2.9 (000's pairs Goat: 50)")),
    Key("bonus.finish_zero_zero", int, 0,
        N_("points added to every losing side when the player who went out finished with 0-0 (0: no bonus)"),
        minimum=0, source=N_("rules.md §2.9 (000's pairs Goat: 25)")),
    Key("play.scores", PlayScore, PlayScore.NONE,
        N_("what a count of the open ends scores during play: none (claims refused); total (a multiple of "
           "play.multiple scores the count); quotient (it scores count / multiple); fives-and-threes (a multiple "
           "of 5 scores count/5, of 3 count/3, both add)"), source=N_('rules.md §4.2')),
    Key("play.multiple", int, 5, N_("the multiple a count must be to score (5: All Fives, 3: All Threes)"),
        minimum=2, source=N_('rules.md §4.2')),
    Key("play.spinner", SpinnerReading, SpinnerReading.NONE,
        N_("the first double is a spinner open on four sides: none (no spinner); open-halves (004: each "
           "half counts while the end it faces is open); played-arms (000/pagat: both halves count until both "
           "long sides are covered, then only started arms)"),
        source=N_("rules.md §4.1 (the sources disagree: 004 open-halves, 000 played-arms)")),
    Key("play.spinners", Spinners, Spinners.FIRST,
        N_("which doubles are spinners when play.spinner is not none: first (the first double played; later "
           "doubles are laid across) or every (each double is open on four sides)"),
        source=N_("rules.md §10.2 (000, 004: the first double; 'every double' is a house rule)")),
    Key("play.two_doubles", bool, False,
        N_("a player may lay two doubles in one turn, one on each end"),
        source=N_("rules.md §3.5, §10.1 (Sea Goat)")),
    Key("play.muggins", Muggins, Muggins.NONE,
        N_("a score the player misses: none (it is lost) or called (an opponent who calls 'muggins' takes it)"),
        source=N_("rules.md §4.3, §10.4 (000: Muggins)")),
    Key("endhand.count", bool, False,
        N_("the round's winner scores the end-of-hand count (the opponents' pips, rounded and divided as below) "
           "instead of the count.who / fish.policy rules; on a fish the side with the fewest pips wins"),
        source=N_('rules.md §4.4, §5.1')),
    Key("endhand.rounding", Rounding, Rounding.NONE,
        N_("rounding of the end-of-hand count to endhand.round_to: none; nearest (remainder 3 or 4 up, 1 or 2 "
           "down, for 5); up; down"), source=N_('rules.md §4.4 (Muggins: nearest; Phone: up, 000 and 004 agree)')),
    Key("endhand.round_to", int, 5, N_("the multiple the end-of-hand count is rounded to"), minimum=1,
        source=N_('rules.md §4.4')),
    Key("endhand.round_what", RoundWhat, RoundWhat.TOTAL,
        N_("total: round the opponents' pips added together; each-hand: round each losing hand on its own (and "
           "the winner's own pips, on a fish with endhand.fish_subtract)"),
        source=N_('rules.md §4.4 (a published Muggins reading rounds each hand)')),
    Key("endhand.divisor", int, 1, N_("the rounded end-of-hand count is divided by this (rounded down)"),
        minimum=1, source=N_('rules.md §4.4 (Muggins / Pyaterochka: 5; All Fives: 1)')),
    Key("endhand.fish_subtract", bool, False,
        N_("on a fish the winner's own pips are subtracted from the opponents' before rounding"),
        source=N_('rules.md §4.4, §5.1')),
    Key("endhand.loser_writes_off", bool, False,
        N_("every side left holding tiles when the hand is won has its own pips written off its score: rounded "
           "down to endhand.round_to and divided by endhand.divisor (a score may go below 0)"),
        source=N_("rules.md §4.6 (004, Phone: 'the player left with dominoes writes off his remaining points, "
                  "rounded down'; a variant)")),
    Key("endhand.own_side", bool, False,
        N_("the winning side also scores its own side's pips: the partner's hand on an out, its own hands on a "
           "fish (every hand left on the table; false: the opponents' only)"),
        source=N_("rules.md §5.6 (the dominoes package's Puerto Rican game: the partner's hand is scored too)")),
    Key("endhand.out_pips", bool, True,
        N_("the player who goes out scores the opponents' pips (false: only endhand.out_bonus)"),
        source=N_('rules.md §4.7 (English dominoes: going out earns 10)')),
    Key("endhand.out_bonus", int, 0, N_("points for going out, on top of any count"), minimum=0,
        source=N_('rules.md §4.7 (English dominoes: 10)')),
    Key("end.target", int, 101, N_("the score that ends the match (0: no target, see end.rounds)"), minimum=0,
        source=N_('rules.md §2.6, §3.4, §4.8, §5.1')),
    Key("end.target_more_players", int, 0,
        N_("the target when more than two players sit at the table (0: end.target)"), minimum=0,
        source=N_('rules.md §4.8 (All Fives: 250 for two, 200 for more)')),
    Key("end.exact", bool, False,
        N_("the target must be reached exactly: points that would take a side past it are not scored (a claim or "
           "an in-play total that would is refused when typed; an end-of-hand count that would is shown as not "
           "scored)"),
        source=N_('rules.md §4.8 (a common house rule)')),
    Key("end.at_once", bool, False,
        N_("a side that reaches the target by points claimed during play wins at once (later claims and the "
           "end-of-hand count are not scored); false: the match is decided when the hand ends"),
        source=N_('rules.md §4.8')),
    Key("end.several_reach", SeveralReach, SeveralReach.HIGHEST,
        N_("when more than one side is at or over the target as the match is decided: highest wins, or draw "
           "(Phone: both at 225 or more, 225 against 226 too, is a draw)"),
        source=N_("rules.md §4.6 (004, Phone: 'both 225 or more' is a draw)")),
    Key("end.rounds", int, 0, N_("the match is a fixed number of rounds (0: played to the target)"), minimum=0,
        source=N_("rules.md §5.3 (003's block game: 7)")),
    Key("end.rounds_winner", RoundsWinner, RoundsWinner.HIGHEST,
        N_("after end.rounds rounds: the highest or the lowest total wins"),
        source=N_('rules.md §5.3 (003: lowest)')),
    Key("end.at_target", AtTarget, AtTarget.LOSES,
        N_("loses: the side that reaches the target loses (the goat); wins: it wins the match"),
        source=N_('rules.md §2.6 (Goat), §3.4, §4.8 (races)')),
    Key("end.name_other", bool, True,
        N_("with two sides, name the other side too once the match is decided (false: only the side that decided "
           "it; Sea Goat names the winner and leaves the loser empty)"), source=N_('rules.md §3.4')),
    Key("lead.after_out", LeadAfterOut, LeadAfterOut.FINISHER,
        N_("who leads the round after an out: the player who went out, or that player's partner"),
        source=N_("rules.md §1.4 (000's pairs Goat: the finisher, as 004's Ukrainian text of it reads; 'the "
                  "partner' is a misreading of the machine translation)")),
    Key("lead.after_fish", LeadAfterFish, LeadAfterFish.FISHERMAN,
        N_("who leads the round after a fish: the fisherman, a leader chosen by lot, or winners (the side "
           "that won the fish; in pairs either partner)"),
        source=N_("rules.md §4.6 (Phone, 004:341: the winner of the last round leads), §4.9 (pagat's All Fives: "
                  "after a blocked hand the lead is by lot), §5.6 (Jamaican partnership: the winners pose)")),
    Key("lead.first", FirstLead, FirstLead.FROM_ONE_ONE,
        N_("who leads the first round: from-1-1 (1-1 ... 6-6, then 0-0, then the heaviest tile), "
           "highest-double (draw games; else the heaviest tile), lowest-double (other tables; else the lightest "
           "tile), lot (chosen by lot, any tile may be led), or tile (the holder of lead.first_tile)"),
        source=N_('rules.md §1.4 (Goat: 001/004; draw games; other tables: 000, 004; Muggins: 000; Phone: 004)')),
    Key("lead.first_fewer", FirstLeadFewer, FirstLeadFewer.SAME,
        N_("who leads the first round when fewer than four play: same (lead.first) or lowest-double (the "
           "smallest double, 0-0 first; with no double, the lightest tile)"),
        source=N_("rules.md §1.4 (004:56, also 004:263, 004:610, 000:227, 000:483: four players, 1-1 starts; "
                  "fewer, the smallest double)")),
    Key("lead.again_from_1_1", bool, False,
        N_("after a round in which nothing was written down (a round under the opening threshold; a tied fish "
           "is eggs, not this), the holder of 1-1 leads the next round again (false: the finisher or the "
           "fisherman leads, as after any round)"),
        source=N_("rules.md §1.4 (002:15: 'the owner of the 1-1 double starts the next round again')")),
    Key("lead.first_tile", str, "",
        N_("lead.first = tile: the tile whose holder leads the first round, like \"2-3\""),
        source=N_('rules.md §1.4 (004, Phone: the player dealt 2-3 leads the first round)')),
    Key("bazaar.keep", int, 0,
        N_("tiles that must stay in the bazaar: nobody may draw them, so a bazaar this small cannot unblock a "
           "game (Goat: 1, the last tile)"), minimum=0,
        source=N_('rules.md §1.6 (Goat forbids drawing the last bazaar tile; one game leaves two)')),
    Key("bazaar.draw_while_able", bool, False,
        N_("a player may draw from the bazaar while holding a tile that fits (false: a player draws only when no "
           "tile fits, and the referee refuses a draw the plays show was not needed)"),
        source=N_("rules.md §1.6, §10.5 (000:362, 001:15, 003:7: a player who has no tile that fits draws)")),
    Key("misdeal.doubles", int, 5, N_("a hand with this many doubles or more is redealt (0: never)"), minimum=0,
        source=N_('rules.md §1.3 (001/004; 000: five doubles)')),
    Key("misdeal.suit", int, 6, N_("a hand with this many tiles of one suit or more is redealt (0: never)"),
        minimum=0, source=N_('rules.md §1.3 (001/004; 000 names none)')),
    Key("rating.base", int, 100,
        N_("after a finished match every player but the loser gains a tenth of what their score is under this, "
           "rounded half up, at least 1"), source=N_('rules.md §2.7 (001/004)')),
)

KEYS_BY_PATH: dict[str, Key] = {key.path: key for key in KEYS}
SECTIONS: frozenset[str] = frozenset(key.path.split(".")[0] for key in KEYS)
META_KEYS = {
    "name": "the ruleset's name",
    "title": "what people call the game, as the table's heading names it",
    "description": "what game this is, in a sentence",
    "extends": "the built-in ruleset (or file) this one starts from",
}
