"""On the hundred (Sea Goat): a side that holds points leads 6-6 and plays the round for the whole match.

A round is on the hundred when the side holding points leads it with 6-6 (``hundred.enabled``), or when a
6-6 finish that did not win the match obliges the finisher to lead the next round with 6-6
(``finish.six_six = "wins-or-hundred"``).  Winning that round wins the match; losing it costs the side its
points (``hundred.lost``).
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.facts import Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import HundredLost
from scorekeeper.scoring.opening import Account
from scorekeeper.scoring.outcome import Outcome
from scorekeeper.scoring.table import Decision, RoundResult, Step
from scorekeeper.tiles import Tile

SIX_SIX = Tile(6, 6)


def side_on_hundred(ruleset: Ruleset, match: Match, rnd: Round, leader: str | None, scores: dict[str, int],
                    owed: str | None, steps: list[Step], notes: list[str]) -> str | None:
    """The side that plays this round on the hundred, if any; ``scores`` are the scores before the round."""
    if owed:
        side = match.side_of(owed).name
        if scores[side] <= 0:  # RULES.md 3: only a side that holds points plays on the hundred
            steps.append(Step(side, "hundred.enabled", f"{owed} leads 6-6 after going out on 6-6, but {side} holds "
                                                       "no points: the round is not on the hundred"))
            return None
        steps.append(Step(side, "finish.six_six", f"{side} plays this round on the hundred: {owed} went out on "
                                                  "6-6 in the last round and had to lead 6-6"))
        if rnd.led and rnd.led != SIX_SIX:
            notes.append(f"{owed} owed a 6-6 lead on the hundred, but {rnd.led} is recorded as the lead; the "
                         "round is scored on the hundred all the same")
        return side
    if not ruleset["hundred.enabled"] or rnd.led != SIX_SIX:
        return None
    if leader is None:
        if any(scores.values()):
            notes.append("6-6 was led, but who led is not known (the last round's --fisher was not recorded): "
                         "the on-the-hundred rule could not be applied")
        return None
    side = match.side_of(leader).name
    if scores[side] <= 0:
        return None  # refused when typed (lead_problem); not a hundred
    steps.append(Step(side, "hundred.enabled", f"{leader} led 6-6 with {side} holding {scores[side]}: {side} "
                                               "plays this round on the hundred (winning it wins the match)"))
    return side


def settle(ruleset: Ruleset, match: Match, side: str, outcome: Outcome, hands: dict[str, int],
           accounts: dict[str, Account], steps: list[Step]) -> tuple[Decision | None, int]:
    """Win or lose the hundred; returns the decision (if the match is decided) and the points written off."""
    if outcome.winner == side:
        steps.append(Step(side, "hundred.enabled", f"{side} won its round on the hundred: {side} wins the match"))
        return decision(ruleset, match, side, None, f"{side} won its round on the hundred"), 0
    if outcome.winner is None:
        steps.append(Step(side, "hundred.enabled", "nobody won this round: the hundred is neither won nor lost"))
        return None, 0
    if ruleset["hundred.lost"] is HundredLost.SVOYAK and hands[side] >= ruleset["hundred.caught_min"]:
        steps.append(Step(side, "hundred.lost", f"{side} lost its round on the hundred holding {hands[side]} "
                                                f"(at least {ruleset['hundred.caught_min']}): 'svoyak', "
                                                f"{side} loses the match"))
        return decision(ruleset, match, None, side, f"{side} lost its round on the hundred holding "
                                                    f"{hands[side]} (svoyak)"), 0
    score = accounts[side].score
    if not score:
        steps.append(Step(side, "hundred.lost", f"{side} lost its round on the hundred, holding no points to "
                                                "lose"))
        return None, 0
    accounts[side] = Account(0, accounts[side].remembered)
    steps.append(Step(side, "hundred.lost", f"{side} lost its round on the hundred: its {score} points are "
                                            "written off to 0"))
    return None, score


def decision(ruleset: Ruleset, match: Match, winner: str | None, loser: str | None, why: str) -> Decision:
    """A decision naming the other of two sides too, when the ruleset names both."""
    others = [side.name for side in match.sides if side.name not in (winner, loser)]
    if len(match.sides) == 2:
        if winner is None:
            winner = others[0]  # the side that did not lose must be named: it won
        elif ruleset["end.name_other"]:
            loser = others[0]
    return Decision(winner, loser, why)


def lead_problem(ruleset: Ruleset, match: Match, before: Sequence[RoundResult], rnd: Round) -> str | None:
    """Why a 6-6 lead recorded in ``rnd`` cannot be on the hundred (``before``: the rounds scored before it)."""
    if not ruleset["hundred.enabled"] or rnd.led != SIX_SIX:
        return None
    if before and before[-1].owes_hundred:
        return None
    scores = ({item.side: item.score for item in before[-1].sides} if before
              else {side.name: 0 for side in match.sides})
    if before:
        from scorekeeper.scoring.engine import round_leader  # the engine imports this module

        leader = round_leader(ruleset, match, before[-1], match.rounds[len(before) - 1])
    else:
        leader = None
    hint = ("only a side that holds points may go on the hundred; if 6-6 was an ordinary lead, "
            "leave out --led 6-6")
    if leader is not None:
        side = match.side_of(leader).name
        if scores[side] > 0:
            return None
        return f"{leader} cannot lead 6-6 on the hundred: {side} holds no points ({hint})"
    if any(scores.values()):
        return None
    return f"6-6 cannot be led on the hundred: no side holds points yet ({hint})"
