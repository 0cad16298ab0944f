"""What the hands hold once the hand in play is over: the round it ends, recorded with its plays (asked about
when a total typed cannot be what the player holds, and whether two digits that could be a one-tile hand's tile
or its total, ``b 12``, are the total)."""

from __future__ import annotations

from scorekeeper.domain.facts import RoundFacts
from scorekeeper.errors import FACT_WORDS, Implausible, InputError, quoted
from scorekeeper.i18n import _, ngettext
from scorekeeper.live.hand_end import as_totals, hand_facts, implausible, tiles_or_totals, with_the_rest
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import recorded_as
from scorekeeper.match import usecases
from scorekeeper.match.checks import Unallowed
from scorekeeper.notation.words import answer_word, word_in_use


def run(session, line) -> Reply:
    return record_hand(session, session.hand, line.text, ask=True)


def record_hand(session, hand, text: str, ask: bool = False) -> Reply:
    """The hands typed at the end of a hand typed play by play: its round recorded with the breaches the table
    let stand; one the hands prove (or one not yet let stand) waits for 'allow', which records it.  ``ask``:
    a one-tile hand's two digits read as its tile where its total could be meant too (``b 12``: 1-2, or 12
    pips) are said, and asked about first (else read as ``hand.hands_totals`` says, as answered before)."""
    state = session.state
    partner_counts = bool(state.ruleset["count.partner_of_finisher"])
    facts = hand_facts(hand, text, state.match, partner_counts)
    read = tiles_or_totals(hand, text, state.match, partner_counts, facts)
    hand.hands_text = text
    if ask:
        hand.hands_totals = False

    def answered_as(typed: RoundFacts) -> RoundFacts:
        """The hands as the scorer answered about them."""
        return as_totals(typed, read) if hand.hands_totals else typed

    def facts_now() -> RoundFacts:  # with the one left out that the referee knows
        return with_the_rest(hand, answered_as(hand_facts(hand, text, session.state.match, partner_counts)))

    def record(confirmed: bool) -> Reply:
        why = "" if confirmed else implausible(hand, answered_as(facts))  # a total typed, not one worked out
        if why:
            raise Implausible(why)
        try:
            change = usecases.record(session.state, facts_now(), confirmed=confirmed)
        except Unallowed as breach:
            hand.unsettled = list(breach.found)
            raise InputError(breach.told({**{fact: _(words) for fact, words in FACT_WORDS.items()},
                                          "allow": _("'{allow}' lets it stand as played").format(
                                              allow=word_in_use("commands", "allow"))})) from None
        session.hand = None
        return session.changed(change, recorded_as(change.number, change, session.screen().width))

    if not (ask and read):
        return session.confirmable(record)
    said = " ".join(_("{player} {typed} is read as the tile {tile}.").format(player=player, typed=number, tile=tile)
                    for player, number, tile in read)
    question = ngettext("A total of {totals} instead? [y/N] ", "Totals of {totals} instead? [y/N] ",
                        len(read)).format(totals=", ".join(str(number) for _player, number, _tile in read))

    def answered(typed: str) -> Reply:
        word = answer_word(typed)
        if word is None and typed.strip():  # not an answer: the next line, the hands not recorded
            dropped = _("Not recorded: {asked} (the question takes y or n); {typed} is taken as the next "
                        "line.").format(asked=quoted(text), typed=quoted(typed.strip()))
            reply = session.handle(typed)
            return reply._replace(text=session.fitted(dropped) + ("\n" + reply.text if reply.text else ""))
        hand.hands_totals = word == "yes"
        return session.confirmable(record)

    session.asking = answered
    return Reply(said, question=question)
