"""Why a round came out as it did: the facts, then every rule the scoring fold applied (its ``steps``),
with each key's value and source, and every side's numbers before and after.  The numbers are the table's;
the steps come from the same code, the round scored again from the state the table holds before it
(``scoring.engine.explained``): a table is replayed without them."""

from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import N_, _, ngettext, translated
from scorekeeper.i18n.message import Message
from scorekeeper.domain.facts import Ending, Match
from scorekeeper.referee.verdict import key_source, key_value
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import KEYS_BY_PATH, SPECIAL_HANDS, HandValue, PlayScore
from scorekeeper.scoring.engine import explained
from scorekeeper.scoring.hands import deduce_hands, hand_value
from scorekeeper.scoring.table import RoundResult, Table
from scorekeeper.domain.tiles import format_tiles

if TYPE_CHECKING:
    from scorekeeper.scoring.board import Followed


class ExplainedStep(NamedTuple):
    side: str | None
    key: str
    value: str
    text: str
    source: str


class SideNumbers(NamedTuple):
    side: str
    players: tuple[str, ...]
    before_score: int
    before_remembered: int
    hand: int
    points: int
    recorded: int
    wiped: int
    dropped: int
    score: int
    remembered: int
    hand_given: bool = True
    """False when none of the side's hands was recorded (``count.hand_won`` lets an out leave them out)."""


class Explanation(NamedTuple):
    number: int
    ruleset: str
    result: RoundResult
    facts: tuple[Message, ...]
    hands: dict
    steps: tuple[ExplainedStep, ...]
    sides: tuple[SideNumbers, ...]
    eggs_before: int
    hand: "Followed | None" = None
    """The hand followed play by play under the ruleset, when the round was recorded with its plays."""
    scores: bool = False
    """Whether the ruleset scores during play (``play.scores``): the plays' counts and points are shown."""
    allowed: tuple = ()
    """The breaches of the plays the table let stand (``referee.allowed.Allowed``), in the order of the plays."""
    title: str = ""
    """What people call the game, in English (``Ruleset.title``): said in the language in use when shown
    (``called``); ``ruleset`` is the name a program keys on."""

    @property
    def called(self) -> str:
        return translated(self.title or self.ruleset)

    def to_dict(self) -> dict:
        rnd = self.result.facts
        return {
            "round": self.number,
            "ruleset": self.ruleset,
            "ending": rnd.ending.value,
            "out": rnd.out,
            "fisher": rnd.fisher,
            "last": [str(tile) for tile in rnd.last],
            "led": str(rnd.led) if rnd.led else None,
            "winner": self.result.winner,
            "facts": [fact.said() for fact in self.facts],
            "hands": self.hands,
            "steps": [step._asdict() for step in self.steps],
            "sides": [{"name": item.side, "players": list(item.players),
                       "before": {"score": item.before_score, "remembered": item.before_remembered},
                       "hand": item.hand, "points": item.points, "recorded": item.recorded,
                       "wiped": item.wiped, "dropped": item.dropped,
                       "score": item.score, "remembered": item.remembered} for item in self.sides],
            "eggs": {"before": self.eggs_before, "added": self.result.eggs_added, "paid": self.result.eggs_paid,
                     "paid_to": self.result.eggs_paid_to, "rotten": self.result.eggs_rotten,
                     "after": self.result.eggs},
            "notes": [note.said() for note in self.result.notes],
            "plays": None if self.hand is None else self.hand.to_dict()["plays"],
            "allowed": [item.to_dict() for item in self.allowed],
        }


def explain_round(match: Match, ruleset: Ruleset, table: Table, number: int | None = None) -> Explanation:
    """Explain round ``number`` (1-based; default the last scored round) of a replayed table."""
    if not table.rounds:
        raise StateError(_("nothing to explain: no round has been recorded"))
    if number is None:
        number = len(table.rounds)
    if not 1 <= number <= len(table.rounds):
        raise InputError(ngettext("there is no round {number}: the match has {n} scored round",
                                  "there is no round {number}: the match has {n} scored rounds",
                                  len(table.rounds)).format(number=number, n=len(table.rounds)))
    result = table.rounds[number - 1]
    if result.steps is None:
        result = explained(ruleset, match, table.rounds, number)
    previous = table.rounds[number - 2] if number > 1 else None
    rnd = result.facts
    facts: list[Message] = []
    hands: dict = {}
    if rnd.ending is Ending.OUT:
        facts.append(Message.of(N_("{player} went out on {tiles}"), player=rnd.out, tiles=format_tiles(rnd.last))
                     if rnd.last else Message.of(N_("{player} went out"), player=rnd.out))
    else:
        facts.append(Message.of(N_("the round was blocked (fish); {player} made the fish"), player=rnd.fisher)
                     if rnd.fisher else Message(N_("the round was blocked (fish)")))
    if rnd.led:
        facts.append(Message.of(N_("the round was led with {tile}"), tile=rnd.led))
    in_tiles = ruleset["count.hand_value"] is HandValue.TILES
    plain = not ruleset.special_hands and not ruleset["count.six_six_anywhere"] and not in_tiles
    deduced = {} if plain else deduce_hands(ruleset, match, rnd)  # as the table scored them (rules.md §6.2)
    for player in match.players:
        if player == rnd.out:
            continue
        if player not in rnd.hands:  # not asked for: a hand the ruleset does not count
            facts.append(Message.of(N_("{player}'s hand was not recorded (not needed: only the hand won scores, "
                                       "count.hand_won)"), player=player) if ruleset["count.hand_won"] else
                         Message.of(N_("{player}'s hand was not recorded (not counted: partner of {finisher})"),
                                    player=player, finisher=rnd.out))
            continue
        hand = rnd.hand_of(player)
        found = deduced.get(player)
        value = hand_value(ruleset, player, found.hand if found else hand, [], [])
        if found:
            # the reason in full is the step's (rules applied): here, the fact in few words
            text = Message.of(N_("{player} held a total of {total}: only {tiles} makes it (rules.md §6.2), counted "
                                 "as {value}"), player=player, total=hand.total, tiles=format_tiles(found.tiles),
                              value=value)
        elif hand.has_tiles:
            pips = " + ".join(str(tile.pips) for tile in hand.tiles)
            added = f"{pips} = {hand.pips}" if len(hand.tiles) > 1 else str(hand.pips)
            said = N_("{player} held {tiles}: {pips}, counted as {value}") if value != hand.pips else \
                N_("{player} held {tiles}: {pips}")
            text = Message.of(said, player=player, tiles=format_tiles(hand.tiles), pips=added, value=value)
        else:
            text = Message.of(N_("{player} held a total of {total}"), player=player, total=hand.total)
        facts.append(text)
        hands[player] = {"tiles": format_tiles(hand.tiles) if hand.has_tiles else None,
                         "total": hand.pips, "value": value}
        if found:
            hands[player]["deduced"] = format_tiles(found.tiles)
            hands[player]["why"] = found.why.said()
    for claim in rnd.claims:
        facts.append(Message.of(N_("{player} claimed {points} during play"), player=claim.player, points=claim.points)
                     if claim.count is None else
                     Message.of(N_("{player} claimed a count of {count} during play"), player=claim.player,
                                count=claim.count))
    for noted in rnd.play_points:
        facts.append(Message.of(N_("{player} made {points} during play (an in-play total, round --points)"), None,
                                N_("{player} made {points} during play (an in-play total: 'NAME played N')"),
                                player=noted.player, points=noted.points))
    steps = tuple(ExplainedStep(step.side, step.key, _value(ruleset, step.key), step.text,
                                key_source(ruleset, step.key) if _known(step.key) else "")
                  for step in result.steps)
    sides = []
    for side in match.sides:
        now = result.side(side.name)
        before = previous.side(side.name) if previous else None
        sides.append(SideNumbers(side.name, side.players, before.score if before else 0,
                                 before.remembered if before else 0, now.hand, now.points, now.recorded,
                                 now.wiped, now.dropped, now.score, now.remembered,
                                 any(player in rnd.hands or player == rnd.out for player in side.players)))
    hand = None
    let_stand = ()
    if rnd.plays:
        from scorekeeper.referee.allowed import allowed  # start-up: only a round recorded play by play
        from scorekeeper.scoring.board import follow_hand  # start-up: likewise

        held = {player: hand.tiles for player, hand in rnd.hands.items() if hand.tiles is not None}
        if rnd.out:
            held[rnd.out] = ()
        hand = follow_hand(ruleset, match.players, rnd.plays, held)
        let_stand = allowed(ruleset, match, rnd, previous)
        facts += [Message.of(N_("the table let play {number} ({play}) stand: {reason}"), number=item.play,
                             play=item.said, reason=item.reason) for item in let_stand]
    return Explanation(number, ruleset.name, result, tuple(facts), hands, steps, tuple(sides),
                       previous.eggs if previous else 0, hand, ruleset["play.scores"] is not PlayScore.NONE,
                       let_stand, ruleset.title or ruleset.name)


def _known(key: str) -> bool:
    return key == SPECIAL_HANDS or key in KEYS_BY_PATH


def _value(ruleset: Ruleset, key: str) -> str:
    return key_value(ruleset, key) if _known(key) else ""
