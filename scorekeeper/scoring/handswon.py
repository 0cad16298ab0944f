"""Stage ``take_hand_won``: only the hand won scores (rules.md §5.4, Jamaican dominoes), on with ``count.hand_won``.

Key read: ``count.hand_won``, the points the side that wins a hand scores; nobody else scores, whatever the hands
hold.  The winner of an out is the side of the player who went out (the hands need not be given); the winner
of a fish is the side the ruleset's own fish rule makes the winner (``endhand.count``: the fewest pips; else
``fish.policy``), found by that rule's code.  A fish with no winner (a tie for the fewest) scores nothing:
``fish.tie`` is not used, there are no pips to carry or share.  The stage takes the place of ``outcome.take``
and ``endhand.settle_hand``.
"""

from __future__ import annotations

from scorekeeper.domain.facts import OUT, Match
from scorekeeper.i18n import _, ngettext
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.i18n.message import both
from scorekeeper.scoring.state import Outcome, RoundState
from scorekeeper.scoring.table import Step


def take_hand_won(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    worth = ruleset["count.hand_won"]
    rnd = state.facts
    names = [side.name for side in match.sides]
    hands = state.side_hands
    line_total = sum(hands.values())
    if rnd.ending is OUT:
        winner: str | None = match.side_of(rnd.out).name
        if winner == rnd.out:
            text = ngettext("{player} went out and wins the hand, {n} point, whatever the hands hold",
                            "{player} went out and wins the hand, {n} points, whatever the hands hold",
                            worth).format(player=rnd.out, n=worth)
        else:
            text = ngettext("{player} went out: {side} wins the hand, {n} point, whatever the hands hold",
                            "{player} went out: {side} wins the hand, {n} points, whatever the hands hold",
                            worth).format(player=rnd.out, side=winner, n=worth)
    else:
        winner = _fish_winner(ruleset, match, state)
        fewest = min(hands.values())
        level = [name for name in names if hands[name] == fewest]
        if winner is not None:
            if level == [winner]:
                text = ngettext("fish: {side} wins the hand by the fish rule (it holds {held}, the fewest) and "
                                "scores {n} point",
                                "fish: {side} wins the hand by the fish rule (it holds {held}, the fewest) and "
                                "scores {n} points", worth)
            else:
                text = ngettext("fish: {side} wins the hand by the fish rule (it holds {held}) and scores {n} point",
                                "fish: {side} wins the hand by the fish rule (it holds {held}) and scores {n} points",
                                worth)
            text = text.format(side=winner, held=hands[winner], n=worth)
        elif len(level) > 1:
            text = _("fish: {sides} tie for the fewest ({fewest}): no side wins the hand, nobody scores").format(
                sides=both(level), fewest=fewest)
        else:
            text = _("fish: the fish rule names no winner of the hand: nobody scores")
    step = Step(winner, "count.hand_won", text)
    points = {name: worth if name == winner else 0 for name in names}
    losers = tuple(name for name in names if name != winner) if winner else ()
    outcome = Outcome(points, winner=winner, losers=losers, line_total=line_total)
    return state.but(outcome=outcome, points=points, steps=state.added((step,)))


def _fish_winner(ruleset: Ruleset, match: Match, state: RoundState) -> str | None:
    """The side the ruleset's fish rule makes the winner of a blocked round (its steps are not kept: the points
    it gives are not what this ruleset scores)."""
    if ruleset["endhand.count"]:
        from scorekeeper.scoring.endhand import settle  # start-up: keeps the end-of-hand count out of the others

        return settle(ruleset, match, state.facts, dict(state.side_hands), dict(state.player_hands), None).winner
    from scorekeeper.scoring.outcome import allocate  # start-up: keeps outs and fish out of the end-of-hand count

    return allocate(ruleset, match, state.facts, dict(state.side_hands), None).winner
