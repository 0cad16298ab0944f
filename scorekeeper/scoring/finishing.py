"""Stage ``finish``, finishing doubles (Sea Goat): going out on 0-0, on 6-6, or laying two doubles at once.

Keys read: ``finish.zero_zero_wins``, ``finish.two_doubles_wins``, ``finish.six_six`` and ``finish.six_six_min``
(a 6-6 finish wins when a loser holds that much, else the finisher's side leads the next round on the hundred),
``hundred.hand_of`` (in pairs: a losing player's own hand, or the side's).

These are facts of the round (``--last``; ``out on plain``: none of them); when the last tile was not
recorded, or a loser's hand is only a total that might hide a special hand, the table says the rule could not
be applied instead of guessing.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.i18n import N_, _
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import HandOf, SixSix
from scorekeeper.scoring.hands import deduce_hands, placed_tiles
from scorekeeper.scoring.lead import SIX_SIX, next_leader
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.race import by_rule
from scorekeeper.scoring.seats import seats
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Decision, Step
from scorekeeper.domain.tiles import Tile, format_tiles

ZERO_ZERO = Tile(0, 0)


class Finish(NamedTuple):
    """What a round's finishing double decides."""

    decision: Decision | None = None
    """The match is won by the finisher's side."""
    owes_hundred: bool = False
    """The finisher's side must lead the next round with 6-6, on the hundred."""


NO_FINISH = Finish()
"""Nothing decided, nothing owed: what most rounds' last tile decides."""


def finish(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The finishing-double rules, applied to an out round."""
    rnd = state.facts
    if rnd.ending is not OUT:
        return state
    steps: list[Step] = []
    notes: list[Message] = []
    ended = finishing_double(ruleset, match, rnd, state.outcome, state.side_hands, steps, notes,
                             state.player_hands)
    if not steps and not notes:
        return state
    return state.but(decision=state.decision or ended.decision,
                     owes_hundred=next_leader(ruleset, match, rnd) if ended.owes_hundred else None,
                     steps=state.added(steps), notes=state.notes + tuple(notes))


def finishing_double(ruleset: Ruleset, match: Match, rnd: Round, outcome: Outcome, hands: dict[str, int],
                     steps: list[Step], notes: list[Message], player_hands: Mapping[str, int] | None = None) -> Finish:
    """What the round's last tile decides, when one of the finishing-double rules is on."""
    if rnd.ending is not OUT:
        return NO_FINISH
    side = seats(match).side_of[rnd.out]
    if not rnd.last:
        if rnd.plain_last:  # told: none of the finishing doubles
            return NO_FINISH
        notes.append(Message.of(N_("{player}'s last tile was not recorded ('out on TILE' or --last): the "
                                   "finishing-double rules (0-0, 6-6, two doubles at once) could not be applied"),
                                NoteKind.NO_LAST,
                                N_("{player}'s last tile was not recorded ('out on TILE'): the finishing-double "
                                   "rules (0-0, 6-6, two doubles at once) could not be applied"), player=rnd.out))
        return NO_FINISH
    if len(rnd.last) == 2 and ruleset["finish.two_doubles_wins"]:
        why = Message.of(N_("{player} went out laying two doubles at once ({tiles})"), player=rnd.out,
                         tiles=format_tiles(rnd.last))
        steps.append(Step(side, "finish.two_doubles_wins", _(
            "{player} went out laying two doubles at once ({tiles}): {side} wins the match").format(
            player=rnd.out, tiles=format_tiles(rnd.last), side=side)))
        return Finish(by_rule(ruleset, match, side, None, why))
    if ZERO_ZERO in rnd.last and ruleset["finish.zero_zero_wins"]:
        why = Message.of(N_("{player} went out on 0-0 ('bald goat')"), player=rnd.out)
        steps.append(Step(side, "finish.zero_zero_wins", _(
            "{player} went out on 0-0 ('bald goat'): {side} wins the match").format(player=rnd.out, side=side)))
        return Finish(by_rule(ruleset, match, side, None, why))
    rule = ruleset["finish.six_six"]
    if SIX_SIX not in rnd.last or rule is SixSix.NONE:
        return NO_FINISH
    if rule is SixSix.WINS:
        why = Message.of(N_("{player} went out on 6-6"), player=rnd.out)
        steps.append(Step(side, "finish.six_six", _("{player} went out on 6-6: {side} wins the match").format(
            player=rnd.out, side=side)))
        return Finish(by_rule(ruleset, match, side, None, why))
    need = ruleset["finish.six_six_min"]
    losers = {name: hands[name] for name in outcome.losers}
    per_player = ruleset["hundred.hand_of"] is HandOf.PLAYER and player_hands is not None and match.is_pairs
    if per_player:
        # 004:922 'at least one of the losers': a player's own hand, not the side's sum (13 + 13 is not 25).
        losers = {player: player_hands[player] for name in outcome.losers
                  for player in _players_of(match, name) if player in player_hands}
    top = max(losers, key=losers.get) if losers else None
    if top is not None and losers[top] >= need:
        why = Message.of(N_("{player} went out on 6-6 and {loser} holds {held}"), player=rnd.out, loser=top,
                         held=losers[top])
        steps.append(Step(side, "finish.six_six", _(
            "{player} went out on 6-6 and {loser} holds {held} (at least {need}): {side} wins the match").format(
            player=rnd.out, loser=top, held=losers[top], need=need, side=side)))
        return Finish(by_rule(ruleset, match, side, None, why))
    most = losers[top] if top is not None else 0
    text = (_("{player} went out on 6-6, but no losing player holds {need} or more (most: {most}): {side} must "
              "lead the next round with 6-6, on the hundred") if per_player else
            _("{player} went out on 6-6, but no losing side holds {need} or more (most: {most}): {side} must "
              "lead the next round with 6-6, on the hundred"))
    steps.append(Step(side, "finish.six_six", text.format(player=rnd.out, need=need, most=most, side=side)))
    _note_hidden_specials(ruleset, match, rnd, losers, need, notes, per_player)
    return Finish(owes_hundred=True)


def _note_hidden_specials(ruleset: Ruleset, match: Match, rnd: Round, losers: dict[str, int], need: int,
                          notes: list[Message], per_player: bool = False) -> None:
    """A total that could be a special hand might have made the 6-6 finish win: say so, do not guess (a
    total that proves its tiles, rules.md §6.2, was already counted as them; a special hand holding a tile
    the facts place elsewhere is not one it could be).  ``per_player``: ``losers`` are players, not sides."""
    deduced = deduce_hands(ruleset, match, rnd)
    elsewhere = placed_tiles(rnd, deduced)
    for name, value in losers.items():
        for player in (name,) if per_player else _players_of(match, name):
            hand = rnd.hands.get(player)
            if hand is None or hand.has_tiles or player in deduced:
                continue
            for tiles, special in ruleset.special_hands.items():
                if (sum(tile.pips for tile in tiles) == hand.total and value - hand.total + special >= need
                        and elsewhere.isdisjoint(tiles)):
                    notes.append(Message.of(N_("{player}'s hand is only a total ({total}); had it been exactly "
                                               "{tiles} ({special}), the 6-6 finish would have won the match: the "
                                               "6-6 rule could not be applied with certainty"),
                                            player=player, total=hand.total, tiles=format_tiles(tiles),
                                            special=special))
                    return


def _players_of(match: Match, side: str) -> tuple[str, ...]:
    return next(item.players for item in match.sides if item.name == side)
