"""004's fisherman conditions in Sea Goat: too vague to score, so shown as notes for the table to apply."""

from __future__ import annotations

from scorekeeper.facts import Ending, Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.outcome import Outcome


def fisherman_notes(ruleset: Ruleset, match: Match, rnd: Round, outcome: Outcome, hands: dict[str, int],
                    notes: list[str]) -> None:
    if rnd.ending is not Ending.FISH or not ruleset["fish.fisherman_notes"]:
        return
    if not rnd.fisher:
        notes.append("004 has conditions for the fisherman (who made the fish); record --fisher to see them")
        return
    side = match.side_of(rnd.fisher).name
    others = [value for name, value in hands.items() if name != side]
    if outcome.winner == side and hands[side] < 25 and others and min(others) >= 25:
        notes.append(f"004: {rnd.fisher} made the fish and won holding under 25 against 25 or more: by 004 "
                     f"{rnd.fisher} may lead the next round on the hundred (apply by hand; not scored)")
    elif outcome.winner is not None and outcome.winner != side:
        notes.append(f"004: {rnd.fisher} made the fish and lost: by 004 the fisherman may 'write off the fish' "
                     "within three attempts (apply by hand; not scored)")
