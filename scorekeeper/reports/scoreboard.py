"""The scoreboard players read from across the table (``scorekeeper serve``): what ``table`` shows, as words
in the language in use, laid out for a page rather than a terminal.

``scoreboard(opened)`` gives a ``Scoreboard``: each side's standing as a card (its score, what it holds
remembered, whether it is ahead, whether it leads next or owes 6-6), the eggs carried, the hand in play, the
last round said in words as the live session says it, what comes next or the banner of a finished match, and
the latest rounds as the table's rows.  It holds only text and numbers: the page (``scorekeeper.web``) turns
it into HTML and escapes it there.
"""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.i18n import _, language, ngettext
from scorekeeper.notation.round_line import format_round
from scorekeeper.reports.columns import standing_text
from scorekeeper.reports.fit import abbreviations
from scorekeeper.reports.render import (
    EGGS_GO_TO,
    SHOWN_ROUNDS,
    _round_label,
    _short_eggs,
    _short_label,
    eggs_cell,
    note_lines,
    over_line,
    side_cell,
    table_title,
    tiny_heading,
)
from scorekeeper.rules.schema import AtTarget, RoundsWinner


SHORT_NAMES = 5
"""The columns a name takes in a phone's table of rounds (the cards above it say every name whole)."""


class SideCard(NamedTuple):
    """One side as the scoreboard shows it, in large figures."""

    name: str
    players: tuple[str, ...]
    """The partners of a pair (empty for a player alone)."""
    score: int
    remembered: int
    """Points held below the opening threshold (``+N``), not in the score yet."""
    ahead: bool
    """In front: the one side with the best score (see ``ahead``)."""
    marks: tuple[str, ...]
    """Short words under the score: ahead, leads next, owes 6-6."""


class HandShown(NamedTuple):
    """The hand in play, as far as the match file knows it: the points claimed during it (``score``, a count
    scored in Muggins and the like, or what its plays scored), and where a hand is typed play by play in
    ``play`` (kept in the match file as it is typed), its plays, the open ends, their count and whose turn."""

    points: tuple[tuple[str, int], ...] = ()
    """Each side's points claimed so far this hand (already in the scores)."""
    plays: int = 0
    ends: str = ""
    """The open ends as a list (``notation.ends.said_ends``): ``5, 3 and the spinner 6-6`` ('' before the lead)."""
    count: int | None = None
    turn: str | None = None
    last: tuple[str, ...] = ()
    """The last plays (``SHOWN_PLAYS`` at most, the newest last), in the words of the language in use."""
    over: bool = False
    """The plays are over (an out or a fish): the hands are to be given."""


SHOWN_PLAYS = 4
"""The plays of the hand in play the scoreboard shows: enough to follow the last turn round a table of four."""


class RoundRow(NamedTuple):
    """A row of the rounds' table, each text in two forms: for a wide screen, and in the compact marks and
    short names of a phone's (``13→13``, ``(−3)``, the name of who went out)."""

    number: str
    label: str
    cells: tuple[str, ...]
    eggs: str
    short_label: str
    short_cells: tuple[str, ...]
    short_eggs: str


class LastRound(NamedTuple):
    said: str
    """The round in words, as the live session reads it back: ``Round 3: Masha out, Alex 1-2 3-3, ...``."""
    label: str
    """What made it special, as the table's label says it (``...; Olya on the hundred; match decided``): ''
    for a round that did nothing rare."""
    moved: tuple[str, ...]
    """What it did to each side: ``Alex 9 → +9``."""
    notes: tuple[str, ...]


class Scoreboard(NamedTuple):
    language: str
    title: str
    sides: tuple[SideCard, ...]
    banner: str
    """How the match ended ('' while it goes on)."""
    next: str
    """Who leads next and with what, while the match goes on."""
    eggs: str
    hand: HandShown | None
    last: LastRound | None
    headers: tuple[str, ...]
    short_headers: tuple[str, ...]
    """The headers of a phone's table: the names shortened, the round column over who went out."""
    rows: tuple[RoundRow, ...]
    """The latest rounds, then the totals (its number empty)."""
    hidden: str
    """The line about the rounds not shown ('' when every round is)."""
    notes: tuple[str, ...]


def scoreboard(opened, rounds: int = SHOWN_ROUNDS) -> Scoreboard:
    """The scoreboard of an open match (``match.opened.OpenMatch``): its ``rounds`` latest rounds in rows."""
    table, ruleset, match = opened.table, opened.ruleset, opened.match
    shown = table.rounds[max(0, len(table.rounds) - rounds):]
    hidden = len(table.rounds) - len(shown)
    front = ahead(table, ruleset) if not table.over else set()
    headers, short_headers, rows = _rounds(table, shown)
    return Scoreboard(
        language=language(),
        title=table_title(table, ruleset),
        sides=tuple(_card(table, side, side.name in front) for side in table.sides),
        banner=over_line(table, ruleset),
        next="" if table.over or table.lead_note is None or table.hand is not None else table.lead_note.said(),
        eggs=_eggs(table, ruleset),
        hand=_hand(table, match.players),
        last=_last_round(table, match),
        headers=headers,
        short_headers=short_headers,
        rows=rows,
        hidden=ngettext("round 1 not shown", "rounds 1-{hidden} not shown", hidden).format(hidden=hidden)
        if hidden else "",
        notes=tuple(line for line in note_lines(shown, word=False) if line),
    )


def _rounds(table, shown) -> tuple[tuple[str, ...], tuple[str, ...], tuple[RoundRow, ...]]:
    """The headers of the rounds' table (wide, and a phone's), and its rows: ``shown``, then the totals.  The
    eggs' column only where the rounds shown or the pot have eggs, as the table does."""
    eggs_shown = bool(table.eggs) or any(result.eggs_added or result.eggs_paid or result.eggs_rotten
                                         for result in shown)
    names = [side.name for side in table.sides]
    short = abbreviations(names, SHORT_NAMES)
    said = {**abbreviations([player for side in table.sides for player in side.players], SHORT_NAMES), **short}
    rows = [RoundRow(str(result.number), _short_label(result, {}), tuple(side_cell(result.side(name)) for name in names),
                     eggs_cell(result) if eggs_shown else "", _short_label(result, said, tiny=True),
                     tuple(side_cell(result.side(name), compact=True) for name in names),
                     _short_eggs(result, short, tiny=True) if eggs_shown else "") for result in shown]
    totals = tuple(standing_text(side.score, side.remembered) for side in table.sides)
    pot = f"+{table.eggs}" if table.eggs and eggs_shown else ""
    rows.append(RoundRow("", _("total"), totals, pot, "", totals, pot))
    eggs = (_("eggs"),) if eggs_shown else ()
    return (("#", _("round"), *names, *eggs), ("#", tiny_heading(), *(short[name] for name in names), *eggs),
            tuple(rows))


def _card(table, side, in_front: bool) -> SideCard:
    """A side's card: its standing, and the words under it (ahead, leads next, owes 6-6 on the hundred)."""
    marks = [_("ahead")] if in_front else []
    if not table.over and table.next_leader and table.next_leader in side.players:
        marks.append(_("leads next") if len(side.players) == 1 else
                     _("{name} leads next").format(name=table.next_leader))
    owes = table.rounds[-1].owes_hundred if table.rounds else None
    if not table.over and owes and owes in side.players:
        marks.append(_("owes 6-6: on the hundred") if len(side.players) == 1 else
                     _("{name} owes 6-6: on the hundred").format(name=owes))
    return SideCard(side.name, side.players if len(side.players) > 1 else (), side.score, side.remembered,
                    in_front, tuple(marks))


def ahead(table, ruleset) -> set[str]:
    """The side in front (the fewest points where reaching the target loses, or where a fixed number of rounds
    goes to the lowest total; else the most): one side, or none while two or more share the best score or no
    round is played."""
    if not table.rounds or len(table.sides) < 2:
        return set()
    target = ruleset["end.target"] if table.target is None else table.target
    if target:
        lowest = ruleset["end.at_target"] is AtTarget.LOSES
    else:
        lowest = ruleset["end.rounds_winner"] is RoundsWinner.LOWEST
    scores = [side.score for side in table.sides]
    best = min(scores) if lowest else max(scores)
    leaders = [side.name for side in table.sides if side.score == best]
    return set(leaders) if len(leaders) == 1 else set()


def _eggs(table, ruleset) -> str:
    """The eggs carried, and who they go to, as the table says it ('' when none)."""
    if not table.eggs:
        return ""
    carried = EGGS_GO_TO[ruleset["eggs.to"]]
    return _(carried).format(points=table.eggs)


def _hand(table, players) -> HandShown | None:
    """The hand in play: the points claimed or scored so far, and where it is typed play by play, its plays, the
    ends, the count (where plays score: the races) and whose turn."""
    points = tuple((name, points) for name, points in table.in_play.items() if points)
    played = table.hand
    if table.over or not (points or played):
        return None
    if played is None:
        return HandShown(points=points)
    from scorekeeper.notation.ends import said_ends  # start-up: only a hand typed play by play
    from scorekeeper.notation.play_line import said_play  # start-up: as said_ends

    ends = said_ends(*played.open_ends) if played.ends else ""
    return HandShown(points=points, plays=len(played.plays), ends=ends, count=played.count, turn=played.turn,
                     last=tuple(said_play(play, players) for play in played.plays[-SHOWN_PLAYS:]), over=played.over)


def _last_round(table, match) -> LastRound | None:
    """The last round as the live session reads it back, what it did to each side, and its notes."""
    if not table.rounds:
        return None
    result = table.rounds[-1]
    rnd = result.facts
    said = format_round(rnd._replace(plays=()), match, language=language())
    if rnd.plays:
        said += ", " + ngettext("{n} play", "{n} plays", len(rnd.plays)).format(n=len(rnd.plays))
    rare = result.hundred or result.decision or result.owes_hundred
    return LastRound(_("Round {number}: ").format(number=result.number) + said, _round_label(result) if rare else "",
                     tuple(f"{item.side} {side_cell(item)}" for item in result.sides
                           if item.recorded or item.points or item.wiped),
                     tuple(note.said() for note in result.notes))
