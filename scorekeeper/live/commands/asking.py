"""A round checked and about to be recorded: the first fact the line left out that could change its score is
asked ('who made the fish?', 'last tile?', 'led?'; ``referee.asked``), and once none is left the round is
recorded, asked about first when it is the round just recorded again (a line pasted twice) or one no table
could have ended so."""

from __future__ import annotations

from scorekeeper.domain.tiles import format_tiles, parse_tiles
from scorekeeper.errors import InputError, printable, quoted
from scorekeeper.i18n import N_, _
from scorekeeper.notation.names import short_name
from scorekeeper.live.line import Kind, classify
from scorekeeper.live.reply import Reply
from scorekeeper.live.shown import recorded_as
from scorekeeper.match import usecases
from scorekeeper.notation.words import round_word, word_in_use
from scorekeeper.referee.asked import worth_asking

SAME_ROUND_SECONDS = 10.0
"""How soon after a round the same round again is asked about: a line pasted twice, or typed twice by two
people at the table, comes within it; the same round typed on purpose is rarely so quick."""


def ask_or_record(session, checked: usecases.Checked, unknown: frozenset = frozenset()) -> Reply:
    """Ask the first fact the line left out that could change the round's score; once none is left (or none
    could), record the round.  ``unknown``: the facts the scorer said are not known (the fisherman: Enter),
    not asked again."""
    state = session.state
    asked = [each for each in worth_asking(state.ruleset, state.match, state.table, checked.round)
             if each.fact not in unknown]
    return ask(session, checked, asked[0], unknown=unknown) if asked else record(session, checked)


def ask(session, checked: usecases.Checked, asked, again: str = "", unknown: frozenset = frozenset()) -> Reply:
    """Ask for one left-out fact (``asked``: ``referee.asked.Asked``); Enter (or Ctrl-C) is the default, a
    plain tile (for the fisherman: not known).  An answer that cannot be the fact is asked again once with the
    reason (``again``: the reason, when this is that second time); a second such answer takes the default,
    said."""
    fact = asked.fact.value
    passed = unknown | {asked.fact} if fact == "fisher" else unknown  # Enter: not known, asked no more

    def answered(said: str) -> Reply:
        try:
            told = usecases.check(session.state, checked.facts._replace(**_told(fact, said)))
        except InputError as error:
            if fact == "fisher" and _a_line(session, said):  # the next round typed there, or 'quit': not lost
                reply = ask_or_record(session, usecases.check(session.state, checked.facts), passed)
                if not reply.question:
                    taken = _("The fisherman is left unknown ('{edit}' changes it); {typed} is taken as the next "
                              "line.").format(typed=quoted(said.strip()), edit=word_in_use("commands", "edit"))
                    after = session.handle(said)
                    return after._replace(text="\n".join(part for part in (reply.text, session.fitted(taken),
                                                                             after.text) if part))
                session.asking = session.unconfirmed = None  # another question came first: as before, no name
            if not again:
                return ask(session, checked, asked, again=f"{printable(str(error))}.", unknown=unknown)
            reply = ask_or_record(session, usecases.check(session.state, checked.facts._replace(**_told(fact, ""))),
                                  passed)
            taken = _(_NOT_EITHER[fact]).format(said=quoted(said.strip()), edit=word_in_use("commands", "edit"))
            return reply._replace(text=session.fitted(taken) + ("\n" + reply.text if reply.text else ""))
        return ask_or_record(session, told, passed if not said.strip() else unknown)

    session.asking = answered
    if again:
        text = _("{reason} Type the name, or Enter if nobody knows.") if fact == "fisher" else \
            _("{reason} Type the tile, or Enter for a plain one.")
        text = text.format(reason=again)
    else:
        text = ""
    return Reply(text, ok=not again, question=_question(asked, session.state.match.players))


def record(session, checked: usecases.Checked) -> Reply:
    """Record the checked round (asked about when the same round was just recorded, or when no table could
    have ended so)."""
    again = session.just_recorded
    now = session.clock()

    def recorded(confirmed: bool) -> Reply:
        change = usecases.record(session.state, checked, confirmed=confirmed)
        reply = session.changed(change, recorded_as(change.number, change, session.screen().width))
        session.just_recorded = (checked.facts, session.clock())
        return reply

    if again and again[0] == checked.facts and now - again[1] <= SAME_ROUND_SECONDS:
        session.unconfirmed = recorded
        number = len(session.state.match.rounds)
        return Reply(_("Round {number} was this same round, just recorded: a line typed or pasted "
                       "twice?").format(number=number),
                     ok=False, question=_("Record it again as round {number}? [y/N] ").format(number=number + 1))
    return session.confirmable(recorded)


def _a_line(session, said: str) -> bool:
    """Whether an answer to 'who made the fish?' that names nobody is a line of its own: a command ('quit',
    'undo'), or words and numbers (the next round typed without reading the question); one word is a name
    mistyped, asked again."""
    line = classify(said, session.state.match, session.state.ruleset, session.hand)
    return line.kind is Kind.COMMAND or len(said.split()) > 1


_NOT_EITHER = {"last": N_("{said} is not the last tile either: taken as plain ('{edit}' changes it)."),
               "led": N_("{said} is not the lead either: taken as plain ('{edit}' changes it)."),
               "fisher": N_("{said} is not a player either: the fisherman is left unknown ('{edit}' changes it).")}
"""What a second answer that cannot be the fact is told (by ``referee.asked.Fact``'s value)."""
_PLAIN_ANSWERS = ("", "plain", "none", "no", "n", "-")
"""Answers to 'last tile?'/'led?' that mean the default: no tile a rule scores."""


def _question(asked, players) -> str:
    """'last tile? [Enter: no double] ', 'led? [Enter: not 6-6] ': the fact, and what Enter says of it;
    'who made the fish? [a/b/c/d] ': the players it could be, each by the shortest start of the name."""
    if asked.fact.value == "fisher":
        return _("who made the fish? [{keys}] ").format(keys="/".join(short_name(player, players)
                                                                    for player in asked.players))
    last = asked.fact.value == "last"
    if any(len(tiles) > 1 for tiles in asked.tiles):
        return _("last tile? [Enter: no double] ") if last else _("led? [Enter: no double] ")
    tiles = "/".join(format_tiles(tiles) for tiles in asked.tiles)
    return (_("last tile? [Enter: not {tiles}] ") if last else _("led? [Enter: not {tiles}] ")).format(tiles=tiles)


def _told(fact: str, said: str) -> dict:
    """The round facts an answer to 'last tile?' or 'led?' gives: tiles as a round line's 'on'/'led' takes
    them, or the default (Enter, 'plain'): a plain tile.  InputError when it is neither."""
    text = said.strip()
    if fact == "fisher":
        return {"fisher": text} if text else {}
    if text.casefold() in _PLAIN_ANSWERS or round_word(text) == "plain":
        return {"plain_last": True} if fact == "last" else {"plain_led": True}
    tiles = parse_tiles(text)
    if fact == "last":
        return {"last": tiles}
    if len(tiles) != 1:
        raise InputError(_("a round is led with one tile, not {n}").format(n=len(tiles)))
    return {"led": tiles[0]}
