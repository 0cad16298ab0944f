"""What the hands hold once the hand in play is over: the round it ends, recorded with its plays (asked about
when a total typed cannot be what the player holds)."""

from __future__ import annotations

from scorekeeper.errors import FACT_WORDS, Implausible, InputError
from scorekeeper.i18n import _
from scorekeeper.live.hand_end import hand_facts, implausible
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import recorded_as
from scorekeeper.match import usecases
from scorekeeper.match.checks import Unallowed
from scorekeeper.notation.words import word_in_use


def run(session, line) -> Reply:
    return record_hand(session, session.hand, line.text)


def record_hand(session, hand, text: str) -> Reply:
    """The hands typed at the end of a hand typed play by play: its round recorded with the breaches the table
    let stand; one the hands prove (or one not yet let stand) waits for 'allow', which records it."""
    state = session.state
    partner_counts = bool(state.ruleset["count.partner_of_finisher"])
    facts = hand_facts(hand, text, state.match, partner_counts)
    hand.hands_text = text

    def record(confirmed: bool) -> Reply:
        why = "" if confirmed else implausible(hand, facts)
        if why:
            raise Implausible(why)
        try:
            change = usecases.record(session.state, hand_facts(hand, text, session.state.match, partner_counts),
                                     confirmed=confirmed)
        except Unallowed as breach:
            hand.unsettled = list(breach.found)
            raise InputError(breach.told({**{fact: _(words) for fact, words in FACT_WORDS.items()},
                                          "allow": _("'{allow}' lets it stand as played").format(
                                              allow=word_in_use("commands", "allow"))})) from None
        session.hand = None
        return session.changed(change, recorded_as(change.number, change, session.screen().width))

    return session.confirmable(record)
