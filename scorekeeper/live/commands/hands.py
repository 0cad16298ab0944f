"""What the hands hold once the hand in play is over: the round it ends, recorded with its plays (asked about
when a total typed cannot be what the player holds)."""

from __future__ import annotations

from scorekeeper.errors import Implausible
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import recorded_as
from scorekeeper.match import usecases


def run(session, line) -> Reply:
    hand, state = session.hand, session.state
    facts = hand.facts(line.text, state.match, bool(state.ruleset["count.partner_of_finisher"]))

    def record(confirmed: bool) -> Reply:
        why = "" if confirmed else hand.implausible(facts)
        if why:
            raise Implausible(why)
        change = usecases.record(session.state, facts, confirmed=confirmed)
        session.hand = None
        return session.changed(change, recorded_as(change.number, change, session.screen().width))

    return session.confirmable(record)
