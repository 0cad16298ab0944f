"""Who leads the next round and with what, when a rule says (on the hundred, eggs played from 1-1)."""

from typing import NamedTuple

from scorekeeper.facts import Match
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.table import RoundResult


class NextLead(NamedTuple):
    leader: str | None
    tile: str | None
    note: str


def next_lead(ruleset: Ruleset, match: Match, results: list[RoundResult], leader: str | None,
              pot: int) -> NextLead | None:
    """The next lead a rule imposes or allows, or None when nothing special applies."""
    if not results:
        return None
    last = results[-1]
    eggs = f"eggs: +{pot}"
    if last.owes_hundred:
        side = match.side_of(last.owes_hundred).name
        note = (f"{last.owes_hundred} leads 6-6, on the hundred" if last.side(side).score > 0 else
                f"{last.owes_hundred} leads 6-6 (not on the hundred: {side} holds no points)")
        return NextLead(last.owes_hundred, "6-6", note + (f"; {eggs} still carried" if pot else ""))
    tile = ruleset["eggs.lead"]
    if pot and tile:
        return NextLead(None, tile, f"{eggs}, lead {tile} (whoever holds {tile} leads)")
    if ruleset["hundred.enabled"] and leader:
        side = match.side_of(leader).name
        if last.side(side).score > 0:
            return NextLead(leader, None, f"{leader} leads next; {side} holds points, so a 6-6 lead goes "
                                          "on the hundred")
    return None
