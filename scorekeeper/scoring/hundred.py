"""Stage ``play_on_hundred`` (Sea Goat): a side that holds points leads 6-6 and plays the round for the match.

A round is on the hundred when the side holding points leads it with 6-6 (``hundred.enabled``), or when a
6-6 finish that did not win the match obliges the finisher to lead the next round with 6-6
(``finish.six_six = "wins-or-hundred"``; with ``finish.hundred_needs_points`` only when the side holds
points).  Winning that round wins the match; losing it costs the side its points (``hundred.lost``;
``hundred.caught_min``, ``hundred.caught_by`` and ``hundred.hand_of`` for svoyak).  Who led the round comes
from ``lead``.
"""

from __future__ import annotations


from typing import Mapping

from scorekeeper.domain.facts import Match, Round
from scorekeeper.i18n import N_, _
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import CaughtBy, HandOf, HundredLost
from scorekeeper.scoring.lead import SIX_SIX, round_leader
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.race import by_rule
from scorekeeper.scoring.seats import seats
from scorekeeper.scoring.state import Account, Outcome, RoundState
from scorekeeper.scoring.table import Decision, Step


def play_on_hundred(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """Find the side on the hundred, if any, and settle its round: the match won, or its points lost."""
    previous = state.previous
    owed = previous.owes_hundred if previous is not None else None
    if not owed and not ruleset["hundred.enabled"]:
        return state
    led = state.facts.led
    if not owed and (led != SIX_SIX and led is not None or state.facts.plain_led):
        return state  # an ordinary lead was recorded: not on the hundred, and nothing to say about it
    leader = round_leader(ruleset, match, previous) if previous is not None else None
    if not owed and led is None:  # not on the hundred, but the lead the facts do not give may need a note
        if _six_six_placed(state.facts):
            return state  # 6-6 was held or laid last: whatever was led, it was not 6-6
        unsaid = _lead_not_recorded(match, leader, state.accounts)
        return state.but(notes=state.notes + tuple(unsaid)) if unsaid else state
    scores = {name: account.score for name, account in state.accounts.items()}
    steps: list[Step] = []
    notes: list[Message] = []
    side = side_on_hundred(ruleset, match, state.facts, leader, scores, owed, steps, notes)
    if not side:
        if not steps and not notes:
            return state
        return state.but(steps=state.added(steps), notes=state.notes + tuple(notes))
    accounts = dict(state.accounts)
    player = state.previous.owes_hundred if owed else leader
    decision, lost = settle(ruleset, match, side, state.outcome, state.side_hands, accounts, steps,
                            _caught_hand(ruleset, match, side, player, state))
    wiped = dict(state.wiped)
    wiped[side] += lost
    return state.but(hundred=side, decision=decision, accounts=accounts, wiped=wiped,
                     steps=state.added(steps), notes=state.notes + tuple(notes))


def _six_six_placed(rnd: Round) -> bool:
    """Whether the facts put 6-6 elsewhere than the lead: laid last, or in a hand given as tiles."""
    return SIX_SIX in rnd.last or any(SIX_SIX in (hand.tiles or ()) for hand in rnd.hands.values())


def _lead_not_recorded(match: Match, leader: str | None, accounts: Mapping[str, Account]) -> list[Message]:
    """A round recorded without its lead, when the side that led it held points: it could have led 6-6 on the
    hundred, which the facts do not say (rules.md §3.9: said, not guessed)."""
    if leader is not None:
        side = seats(match).side_of[leader]
        score = accounts[side].score
        if score <= 0:
            return []
        return [Message.of(N_("no lead was recorded ('led TILE' or --led): {player} led with {side} holding "
                              "{score}, so it could have been 6-6 on the hundred; the round is scored as an "
                              "ordinary lead (record 'led 6-6' with 'edit' if it was)"), NoteKind.NO_LEAD_ON_HUNDRED,
                           N_("no lead was recorded ('led TILE'): {player} led with {side} holding {score}, so it "
                              "could have been 6-6 on the hundred; the round is scored as an ordinary lead (record "
                              "'led 6-6' with 'edit' if it was)"), player=leader, side=side, score=score)]
    holding = [name for name, account in accounts.items() if account.score > 0]
    if not holding:
        return []
    return [Message.of(N_("no lead was recorded ('led TILE' or --led), and who led is not known, while {sides} "
                          "held points: it could have been 6-6 on the hundred; the round is scored as an ordinary "
                          "lead"), NoteKind.NO_LEAD_ON_HUNDRED,
                       N_("no lead was recorded ('led TILE'), and who led is not known, while {sides} held points: "
                          "it could have been 6-6 on the hundred; the round is scored as an ordinary lead"),
                       sides=", ".join(holding))]


def side_on_hundred(ruleset: Ruleset, match: Match, rnd: Round, leader: str | None, scores: dict[str, int],
                    owed: str | None, steps: list[Step], notes: list[Message]) -> str | None:
    """The side that plays this round on the hundred, if any; ``scores`` are the scores before the round."""
    if owed:
        side = match.side_of(owed).name
        if scores[side] <= 0 and ruleset["finish.hundred_needs_points"]:
            steps.append(Step(side, "hundred.enabled", _(
                "{player} leads 6-6 after going out on 6-6, but {side} holds no points: the round is not on the "
                "hundred").format(player=owed, side=side)))
            return None
        steps.append(Step(side, "finish.six_six", _(
            "{side} plays this round on the hundred: {player} went out on 6-6 in the last round and had to lead "
            "6-6").format(side=side, player=owed)))
        if rnd.led and rnd.led != SIX_SIX:
            notes.append(Message.of(N_("{player} owed a 6-6 lead on the hundred, but {tile} is recorded as the "
                                       "lead; the round is scored on the hundred all the same"),
                                    player=owed, tile=rnd.led))
        return side
    if not ruleset["hundred.enabled"] or rnd.led != SIX_SIX:
        return None
    if leader is None:
        if any(scores.values()):
            notes.append(Message.of(N_("6-6 was led, but who led is not known (the last round's fisherman, 'fish "
                                       "by NAME' or --fisher, was not recorded): the on-the-hundred rule could "
                                       "not be applied"), NoteKind.LEADER_UNKNOWN,
                                   N_("6-6 was led, but who led is not known (the last round's fisherman, 'fish "
                                      "by NAME', was not recorded): the on-the-hundred rule could not be applied")))
        return None
    side = match.side_of(leader).name
    if scores[side] <= 0:
        return None  # refused when typed (lead_problem); not a hundred
    steps.append(Step(side, "hundred.enabled", _(
        "{player} led 6-6 with {side} holding {score}: {side} plays this round on the hundred (winning it wins "
        "the match)").format(player=leader, side=side, score=scores[side])))
    return side


def _caught_hand(ruleset: Ruleset, match: Match, side: str, player: str | None,
                 state: RoundState) -> tuple[str, int]:
    """What svoyak measures the side on the hundred by, and whose it is: its hand (in pairs, the hundred's
    leader's own, ``hundred.hand_of``), less the round winner's hand when ``hundred.caught_by`` is the
    difference."""
    whose, held = side, state.side_hands[side]
    if ruleset["hundred.hand_of"] is HandOf.PLAYER and match.is_pairs and player in state.player_hands:
        whose, held = player, state.player_hands[player]
    winner = state.outcome.winner
    if ruleset["hundred.caught_by"] is CaughtBy.DIFFERENCE and winner is not None:
        return whose, held - state.side_hands.get(winner, 0)
    return whose, held


def settle(ruleset: Ruleset, match: Match, side: str, outcome: Outcome, hands: dict[str, int],
           accounts: dict[str, Account], steps: list[Step],
           caught: tuple[str, int] | None = None) -> tuple[Decision | None, int]:
    """Win or lose the hundred; returns the decision (if the match is decided) and the points written off.
    ``caught``: whose hand svoyak looks at, and what it counts (by default the side's hand)."""
    if outcome.winner == side:
        steps.append(Step(side, "hundred.enabled", _("{side} won the round on the hundred: {side} wins the "
                                                     "match").format(side=side)))
        return by_rule(ruleset, match, side, None, Message.of(N_("{side} won the round on the hundred"),
                                                              side=side)), 0
    if outcome.winner is None:
        steps.append(Step(side, "hundred.enabled", _("nobody won this round: the hundred is neither won nor lost")))
        return None, 0
    whose, held = caught if caught is not None else (side, hands[side])
    if ruleset["hundred.lost"] is HundredLost.SVOYAK and held >= ruleset["hundred.caught_min"]:
        caught_by = ruleset["hundred.caught_by"]
        steps.append(Step(side, "hundred.lost", _svoyak_text(side, whose, caught_by).format(
            side=side, player=whose, held=held, least=ruleset["hundred.caught_min"])))
        return by_rule(ruleset, match, None, side, Message.of(_svoyak_reason(side, whose, caught_by), side=side,
                                                              player=whose, held=held)), 0
    score = accounts[side].score
    if not score:
        steps.append(Step(side, "hundred.lost", _("{side} lost the round on the hundred, holding no points to "
                                                  "lose").format(side=side)))
        return None, 0
    accounts[side] = Account(0, accounts[side].remembered)
    steps.append(Step(side, "hundred.lost", _("{side} lost the round on the hundred: its {score} points are "
                                              "written off to 0").format(side=side, score=score)))
    return None, score


def _svoyak_text(side: str, whose: str, caught_by: CaughtBy) -> str:
    """The svoyak step, one whole sentence for each way it is measured (fields: side, player, held, least)."""
    if caught_by is CaughtBy.DIFFERENCE:
        if whose == side:
            return _("{side} lost the round on the hundred holding {held} more than the winner (at least "
                     "{least}): 'svoyak', {side} loses the match")
        return _("{side} lost the round on the hundred, {player} holding {held} more than the winner (at least "
                 "{least}): 'svoyak', {side} loses the match")
    if whose == side:
        return _("{side} lost the round on the hundred holding {held} (at least {least}): 'svoyak', {side} "
                 "loses the match")
    return _("{side} lost the round on the hundred, {player} holding {held} (at least {least}): 'svoyak', "
             "{side} loses the match")


def _svoyak_reason(side: str, whose: str, caught_by: CaughtBy) -> str:
    """Why svoyak decided the match, as the table says it (fields: side, player, held)."""
    if caught_by is CaughtBy.DIFFERENCE:
        if whose == side:
            return N_("{side} lost the round on the hundred holding {held} more than the winner (svoyak)")
        return N_("{side} lost the round on the hundred, {player} holding {held} more than the winner (svoyak)")
    if whose == side:
        return N_("{side} lost the round on the hundred holding {held} (svoyak)")
    return N_("{side} lost the round on the hundred, {player} holding {held} (svoyak)")
