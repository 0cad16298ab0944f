"""Text for people: the running table, round by round."""

import os
import re
from typing import NamedTuple

from scorekeeper.reports.columns import simple_table, standing_text, width as text_width
from scorekeeper.reports.fit import abbreviations, widest, wrap, wrap_lines

from scorekeeper.domain.facts import Ending, Round
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget, EggsTo
from scorekeeper.i18n.message import Message
from scorekeeper.notation.numerals import spans
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.table import RoundResult, SideRound, Table


SHOWN_ROUNDS = 20
"""Rounds shown by default: a long match's table stays readable (and fast) on a phone terminal."""

ALL_ROUNDS = "'table --all'"
"""How a one-shot command asks for every round (the session's word is 'table all')."""


AFTER_ROUND_ROWS = 5
"""Newest rounds shown after a round is recorded (fewer when the screen is short)."""


class _Style(NamedTuple):
    """One way to lay the table out; ``render_table`` takes the first that fits the width."""

    label: str  # "long" (every fact: --wide), "short" (who went out, marks), "tiny" (who went out)
    cell: str  # "full" (13 → 13), "compact" (13→13), "score" (the standing only)
    eggs: str  # "full" (35 paid to Alex) or "short" (−35 Al)
    names: int | None  # the columns a name may take (None: whole names)
    gap: int  # spaces between columns


_WIDE = _Style("long", "full", "full", None, 2)
_STYLES = (
    [_Style("short", "full", "full", None, 2), _Style("short", "full", "short", None, 2),
     _Style("short", "compact", "short", None, 2), _Style("short", "compact", "short", None, 1)]
    + [_Style("short", "compact", "short", size, 1) for size in (8, 6, 5)]
    + [_Style("tiny", "compact", "tiny", size, 1) for size in (6, 5, 4, 3)]
    + [_Style("tiny", "score", "tiny", size, 1) for size in (6, 5, 4, 3, 2)]
)


def render_table(table: Table, ruleset: Ruleset, rounds: int | None = SHOWN_ROUNDS, width: int | None = None,
                 wide: bool = False, about: str = "", key: bool = False, show_all: str = ALL_ROUNDS,
                 brief_notes: bool = False, explain: str = "explain") -> str:
    """The people's table: the title, the latest ``rounds`` rounds (None: all) and the totals, then the notes
    (each kind once) and what comes next.

    ``width`` is the screen's width in columns (None: no limit); the first layout that fits is taken, down
    to abbreviated names and the standing alone in each cell, and the title and footer are wrapped to it.
    ``wide`` gives the full layout whatever the width: every round's facts in its label.  ``about`` is added to
    the title (what the match is); ``key`` adds how to read the cells (for someone seeing a table first).
    ``show_all`` is how the rounds left out are asked for where the table is shown; ``brief_notes``: the
    notes in one line naming their rounds (``explain``, the command as typed where the table is shown, says
    them).
    """
    shown = table.rounds if rounds is None else table.rounds[max(0, len(table.rounds) - rounds):]
    hidden = len(table.rounds) - len(shown)
    grid = _fitted_grid(table, shown, None if wide else width, wide)
    title = f"{table_title(table, ruleset)} {about}".rstrip()
    lines = wrap(title, None if wide else width, indent="  ") + [""] + grid
    footer = [_hidden_line(hidden, None if wide else width, show_all)] if hidden else []
    footer += note_lines(shown) if not brief_notes else _brief_notes(shown, explain)
    lines += wrap_lines(footer + [""] + _status(table, ruleset), None if wide else width)
    if key:
        lines += [""] + wrap(cell_key(grid, ruleset), None if wide else width)
    return "\n".join(lines)


def cell_key(grid: list[str], ruleset: Ruleset) -> str:
    """How to read the cells of ``grid`` (only the marks it holds, written as it writes them), in one sentence
    for someone who sees a table for the first time."""
    text = "\n".join(grid)
    arrow = " → " if " → " in text else "→"
    heading = bool(grid) and grid[0].split()[1:2] == [tiny_heading()]
    went_out = _("{name} out").partition("{name}")[2]
    fished = _("fish by {name}").partition("{name}")[0]
    said = [] if heading or (went_out and went_out in text) or (fished and fished in text) \
        else [_("a row names who went out")]
    said.append(_("13{arrow}13 points{arrow}score").format(arrow=arrow))
    if f"{arrow}+" in text:
        threshold = ruleset["opening.threshold"]
        said.append(_("+3 held below {threshold}, not open yet").format(threshold=threshold) if threshold
                    else _("+3 held"))
    if _(WIPED).partition("{points}")[2] in text:
        said.append(_("(−3 wiped) held points lost"))
    elif "(−" in text:
        said.append(_("(−3) held points lost"))
    if _(NOT_RECORDED).partition("{points}")[2] in text or re.search(r"\(\d+\)", text):
        said.append(_("(13) points that did not count") if arrow == "→" else _("13 not recorded: did not count"))
    if grid and grid[0].rstrip().endswith(_("eggs")):
        said.append(_("eggs: a tied fish's points, + laid, − paid"))
    said.append(_("· nothing"))
    return _("How to read it: {marks}.").format(marks="; ".join(said))


def fitted_table(table: Table, ruleset: Ruleset, width: int | None, height: int | None,
                 show_all: str = ALL_ROUNDS, explain: str = "explain") -> str:
    """The table with as many of the latest rounds as fit ``height`` lines together with its title, header,
    totals, notes and what comes next (None: every round); the line about the rounds left out says how to see
    them all.  A 24-line screen must keep the names of the header and the prompt in view.  Cells in the
    compact marks of a narrow screen come with how to read them, as they are on the screen."""
    key = _compact(render_table(table, ruleset, min(len(table.rounds), height or SHOWN_ROUNDS), width))
    if height is None:
        return render_table(table, ruleset, None, width, show_all=show_all, key=key)
    for brief in (False, True):  # the notes in a line when in full they would leave room for few rounds
        count = min(len(table.rounds), height)
        while True:
            text = render_table(table, ruleset, count, width, show_all=show_all, brief_notes=brief, key=key,
                                explain=explain)
            if count == 0 or text.count("\n") < height:
                break
            count -= 1
        if brief or count >= min(len(table.rounds), height // 2):
            return text
    return text


def _compact(text: str) -> bool:
    """Whether a table's cells are in the compact marks (``13→13``, ``(13)``, ``(−8)``) that only a legend
    explains; the wider layouts spell them out (``13 → 13``, ``13 not recorded``, ``(−8 wiped)``)."""
    return "→" in text and " → " not in text


def _hidden_line(hidden: int, width: int | None, show_all: str = ALL_ROUNDS) -> str:
    """The footer's line about the rounds left out (the grid has no row for them: the title counts them)."""
    line = ngettext("(round 1 not shown: {show_all} shows every round)",
                    "(rounds 1-{hidden} not shown: {show_all} shows every round)", hidden)
    line = line.format(hidden=hidden, show_all=show_all)
    if width is None or text_width(line) <= width:
        return line
    return ngettext("(round 1 not shown: {show_all})", "(rounds 1-{hidden} not shown: {show_all})",
                    hidden).format(hidden=hidden, show_all=show_all)


def after_round(table: Table, ruleset: Ruleset, path: str, width: int | None = 80, height: int | None = 24,
                headline: str | None = None, focus: int | None = None, ended: bool = False,
                standing: bool = False, explain: str = "explain") -> str:
    """What a person sees after recording a round (``round``, and each round of ``play``).

    One line saying what was recorded and in which match file (or ``headline``), then the newest rows under
    the header with the totals, the new round's notes, and what comes next: at most ``height - 2`` lines (the
    typed command and the next prompt share the screen), each at most ``width`` columns. ``focus``: a round
    changed in place (an edit) whose row is shown first when it is not among the newest.  ``ended``: this
    change ended the match, said as a banner (the plain last line is easily read past).  ``standing``: the
    standings line (``standings``) before what comes next, naming who leads in it.
    """
    last = table.rounds[-1] if table.rounds else None
    if headline is None:
        headline = _recorded_line(last, path, width) if last else _("No rounds yet in {path}.").format(path=path)
        if last and last.facts.rulings:
            from scorekeeper.referee.allowed import let_stand  # start-up: only a round with rulings

            headline += "\n" + let_stand(last.facts)
    notes = _new_notes_counted(table, explain)
    status = _status(table, ruleset)
    if ended and table.over:
        status[-1:] = over_banner(table, ruleset, width)
    if standing:
        if _only_who_leads(table):
            status.pop()  # the lead note, said in the standings line
        status = standings(table, width) + status
    budget = None if height is None else max(1, height - 2)
    fixed_lines = wrap_lines([*headline.split("\n"), ""], width)  # a headline may come in lines already
    tail = wrap_lines(status, width)
    blocks = [wrap_lines([note], width) for note, _count in notes]  # each note whole, or not at all
    counts = [count for _note, count in notes]
    note_text = [line for block in blocks for line in block]
    dropped = 0
    count = min(AFTER_ROUND_ROWS, len(table.rounds))
    count = _rows_with_room(count, budget, len(fixed_lines) + (1 + len(note_text) if note_text else 0) + 1
                            + len(tail))
    while True:
        shown = table.rounds[len(table.rounds) - count:]  # the headline names the round: no row for earlier ones
        if focus is not None and 0 < focus <= len(table.rounds) - count:  # the edited round, then the newest
            shown = (table.rounds[focus - 1], *shown[1:])
        grid = _fitted_grid(table, shown, width, False)
        body = [*grid, *([""] + note_text if note_text else []), "", *tail]
        total = len(fixed_lines) + len(body)
        if budget is None or total <= budget:
            break
        if count > 1:
            count -= 1
            continue
        if blocks:  # still too tall: whole notes give way, the last first, to one line pointing to 'explain'
            # (never a note cut mid-sentence; once only the pointer is left, it is as short as they get)
            blocks.pop()
            dropped += counts.pop()
            pointer = (ngettext("({n} more note: see '{explain} {round}')",
                                "({n} more notes: see '{explain} {round}')", dropped) if blocks
                       else ngettext("({n} note: see '{explain} {round}')", "({n} notes: see '{explain} {round}')",
                                     dropped)).format(n=dropped, round=last.number, explain=explain)
            note_text = [line for block in blocks for line in block] + wrap_lines([pointer], width)
            continue
        break
    return "\n".join(fixed_lines + body)


def _rows_with_room(count: int, budget: int | None, other: int) -> int:
    """Of the newest ``count`` rows, the most that may fit a block of ``budget`` lines beside ``other`` lines
    (at least one): no grid is shorter than its rows and the totals, so more rows than that cannot fit, and
    ``after_round`` need not draw them (every layout tried at each count was most of a session's answer)."""
    if budget is None or count <= 1:
        return count
    return max(1, min(count, budget - other - 1))


def _new_notes(table: Table) -> list[str]:
    """The last round's notes: in full when of a kind not seen in an earlier round, else counted in one line
    (a note about a fact the table never records must not fill the screen after every round)."""
    return [line for line, _count in _new_notes_counted(table)]


def _new_notes_counted(table: Table, explain: str = "explain") -> list[tuple[str, int]]:
    """``_new_notes``, each line with how many notes it stands for (the line of notes as before: several);
    ``explain``: the command that shows them all, as the person types it."""
    if not table.rounds or not table.rounds[-1].notes:
        return []
    last = table.rounds[-1]
    said = {note_kind(note) for result in table.rounds[:-1] for note in result.notes}
    fresh = [(_("note: {note}").format(note=note.said()), 1) for note in last.notes if note_kind(note) not in said]
    again = len(last.notes) - len(fresh)
    if again:
        fresh.append((ngettext("({n} note as before: see '{explain} {round}')",
                               "({n} notes as before: see '{explain} {round}')", again).format(
                                   n=again, round=last.number, explain=explain), again))
    return fresh


def _recorded_line(last: RoundResult, path: str, width: int | None) -> str:
    """One line: what was recorded, and where; the label shortens before the line would wrap."""
    for where in dict.fromkeys((path, os.path.basename(path))):
        for label in (_round_label(last), _short_label(last, {})):
            for said in (_("Round {round} recorded in {where}: {label}."),
                         _("Round {round} recorded: {label} ({where})."),
                         _("Round {round}: {label}, recorded in {where}."),
                         _("Round {round}: {label}, in {where}.")):
                line = said.format(round=last.number, where=where, label=label)
                if width is None or text_width(line) <= width:
                    return line
    return _("Round {round} recorded in {where}.").format(round=last.number, where=os.path.basename(path))


def _fitted_grid(table: Table, shown: tuple[RoundResult, ...], width: int | None, wide: bool) -> list[str]:
    """The rows of ``shown`` and the totals in the first layout that fits ``width``.  Rounds left out get no
    row of their own (a line of a 24-line screen): the title or the headline says how many there are."""
    styles = [_WIDE] if wide else _STYLES
    grid = ""
    for style in styles:
        grid = _grid(table, shown, style)
        if width is None or widest(grid) <= width:
            marked = style.label == "tiny" and any(result.decision or result.hundred for result in shown)
            return grid.split("\n") + (wrap(_(TINY_MARK_LEGEND), width) if marked else [])
    return _list_layout(table, shown, width)


TINY_MARK_LEGEND = N_("!: on the hundred, or decided the match")
"""The legend of the one mark the narrowest layout puts after a name (the wider ones say it in words)."""


def _grid(table: Table, shown: tuple[RoundResult, ...], style: _Style) -> str:
    names = [side.name for side in table.sides]
    short = abbreviations(names, style.names)
    players = [player for side in table.sides for player in side.players]
    said = {**abbreviations(players, style.names), **short}  # a player's name in a label, a side's above

    def label(result: RoundResult) -> str:
        return _round_label(result) if style.label == "long" else \
            _short_label(result, said, tiny=style.label == "tiny")

    cell = {"full": side_cell, "compact": lambda item: side_cell(item, compact=True), "score": _score_cell}[style.cell]
    eggs = eggs_cell if style.eggs == "full" else (lambda result: _short_eggs(result, short, style.eggs == "tiny"))
    rows = [[result.number, label(result)] + [cell(result.side(name)) for name in names] + [eggs(result)]
            for result in shown]
    totals = ["", _("total") if style.label != "tiny" else ""] + \
        [standing_text(side.score, side.remembered) for side in table.sides] + [f"+{table.eggs}" if table.eggs else ""]
    rows.append(totals)
    # tiny labels are the name of who went out (or "fish"): the header says so, in no more room than a name
    headers = ["#", _("round") if style.label != "tiny" else tiny_heading()] + [short[name] for name in names] \
        + [_("eggs")]
    if not any(result.eggs_added or result.eggs_paid or result.eggs_rotten for result in shown) \
            and not table.eggs:
        headers.pop()
        rows = [row[:-1] for row in rows]
    return simple_table(headers, rows, ("right", "left") + ("right",) * (len(headers) - 2), style.gap)


def _list_layout(table: Table, shown: tuple[RoundResult, ...], width: int | None) -> list[str]:
    """The last resort for a very narrow screen: one round a line (wrapped), sides named in each."""
    short = abbreviations([side.name for side in table.sides], 4)
    said = {**abbreviations([player for side in table.sides for player in side.players], 4), **short}
    lines = []
    for result in shown:
        cells = ", ".join(f"{short[item.side]} {side_cell(item, compact=True)}" for item in result.sides)
        lines += wrap(cells, width, indent="   ", first=f"{result.number} {_short_label(result, said)}: ")
    lines += wrap(", ".join(f"{short[side.name]} {standing_text(side.score, side.remembered)}"
                            for side in table.sides), width, indent="   ", first=_("total: "))
    return lines


def describe_round(rnd: Round) -> str:
    if rnd.ending is Ending.OUT:
        text = _("{name} out on {tiles}").format(name=rnd.out, tiles=" ".join(str(tile) for tile in rnd.last)) \
            if rnd.last else _("{name} out").format(name=rnd.out)
    else:
        text = _("fish by {name}").format(name=rnd.fisher) if rnd.fisher else _("fish")
    played = rnd.claims + rnd.play_points
    if played:
        text = _("{round}; in play {points}").format(
            round=text, points=", ".join(f"{claim.player} {claim.points}" for claim in played))
    return text


def _round_label(result: RoundResult) -> str:
    """The round's facts, and the rules that made it special (a lead, the hundred, a decided match)."""
    text = describe_round(result.facts)
    if result.facts.led:
        text = _("led {tile}, {round}").format(tile=result.facts.led, round=text)
    if result.hundred:
        text = _("{round}; {name} on the hundred").format(round=text, name=result.hundred)
    if result.decision:
        text = _("{round}; match decided").format(round=text)
    elif result.owes_hundred:
        text = _("{round}; {name} owes 6-6").format(round=text, name=result.owes_hundred)
    return text


def _short_label(result: RoundResult, short: dict[str, str], tiny: bool = False) -> str:
    """Who went out (or the fish), and a word for a round that did something rare; details are in 'explain'.

    ``tiny`` (the narrowest screens): the name alone, ``!`` for a round that decided the match or was played
    on the hundred."""
    rnd = result.facts
    if rnd.ending is Ending.OUT:
        name = short.get(rnd.out, rnd.out)
        base = name if tiny else _("{name} out").format(name=name)
    elif tiny:
        base = _("fish")
    else:
        base = _("fish by {name}").format(name=short.get(rnd.fisher, rnd.fisher)) if rnd.fisher else _("fish")
    if tiny:
        return base + ("!" if result.decision or result.hundred else "")
    marks = []
    if result.hundred:
        marks.append(_("on 100"))
    if result.decision:
        marks.append(_("decides"))
    elif result.owes_hundred:
        marks.append(_("owes 6-6"))
    return _("{label} ({marks})").format(label=base, marks=", ".join(marks)) if marks else base


def table_title(table: Table, ruleset: Ruleset) -> str:
    """The table's heading: the ruleset, the rounds played and how the match ends."""
    played = len(table.rounds)
    target = ruleset["end.target"] if table.target is None else table.target
    if not target:
        said = ngettext("{name}: {n} round of {rounds}; the lowest total wins",
                        "{name}: {n} rounds of {rounds}; the lowest total wins", played) \
            if ruleset["end.rounds_winner"].value == "lowest" else \
            ngettext("{name}: {n} round of {rounds}; the highest total wins",
                     "{name}: {n} rounds of {rounds}; the highest total wins", played)
        return said.format(name=ruleset.called, n=played, rounds=ruleset["end.rounds"])
    said = ngettext("{name}: {n} round; first to {target} loses", "{name}: {n} rounds; first to {target} loses",
                    played) if ruleset["end.at_target"] is AtTarget.LOSES else \
        ngettext("{name}: {n} round; first to {target} wins", "{name}: {n} rounds; first to {target} wins", played)
    return said.format(name=ruleset.called, n=played, target=target)


NOT_RECORDED = N_("{points} not recorded")
WIPED = N_("(−{points} wiped)")


def tiny_heading() -> str:
    """The heading of the narrowest layout's round column: it names who went out (or says fish)."""
    return pgettext("the narrowest table's heading over who went out", "out")


_CELL_WORDS = {False: (" → ", NOT_RECORDED, " " + WIPED), True: ("→", "({points})", "(−{points})")}
"""How a side's cell writes the arrow, points not recorded and points wiped: spelled out, or ``compact``."""


def side_cell(item: SideRound, compact: bool = False) -> str:
    """A side's round: points taken -> running score, or -> +remembered while not open; ``compact``: without
    spaces (13→13, 3→+3, (13) for points not recorded, (−8) for points wiped)."""
    arrow, dropped, wiped = _CELL_WORDS[compact]
    if item.recorded:
        text = f"{item.recorded}{arrow}{item.score}"
    elif item.points and item.remembered:
        text = f"{item.points}{arrow}+{item.remembered}"
    elif item.points and item.dropped:
        text = (dropped if compact else _(dropped)).format(points=item.points)
    else:
        text = "·"
    if item.wiped:
        text += (wiped if compact else " " + _(WIPED)).format(points=item.wiped)
    return text


def _score_cell(item: SideRound) -> str:
    """The standing after the round when it moved, else ·."""
    if item.recorded or item.wiped or (item.points and item.remembered):
        if item.score and item.remembered:
            return f"{item.score} +{item.remembered}"
        return f"+{item.remembered}" if item.remembered else str(item.score)
    return "·"


def eggs_cell(result: RoundResult) -> str:
    """What happened to the eggs in a round: paid, rotten, carried (empty when nothing)."""
    parts = []
    if result.eggs_paid:
        parts.append(_("{points} paid to {name}").format(points=result.eggs_paid, name=result.eggs_paid_to))
    if result.eggs_rotten:
        parts.append(_("{points} rotten").format(points=result.eggs_rotten))
    if result.eggs_added:
        parts.append(_("+{points} carried (pot {pot})").format(points=result.eggs_added, pot=result.eggs)
                     if result.eggs != result.eggs_added else _("+{points} carried").format(points=result.eggs_added))
    elif result.eggs and not result.eggs_paid:
        parts.append(_("+{points} carried").format(points=result.eggs))
    return "; ".join(parts)


def _short_eggs(result: RoundResult, short: dict[str, str], tiny: bool = False) -> str:
    """+35 laid, 35 still carried, −35 Al paid to Al (tiny: −35), −30 rot."""
    parts = []
    if result.eggs_paid:
        parts.append(f"−{result.eggs_paid}" if tiny else
                     f"−{result.eggs_paid} {short.get(result.eggs_paid_to or '', result.eggs_paid_to)}")
    if result.eggs_rotten:
        parts.append(_("−{points} rot").format(points=result.eggs_rotten))
    if result.eggs_added:
        parts.append(f"+{result.eggs_added}")
    elif result.eggs and not result.eggs_paid:
        parts.append(str(result.eggs))
    return " ".join(parts)


def table_footer(table: Table, ruleset: Ruleset, shown: tuple[RoundResult, ...]) -> list[str]:
    """The lines under the table: the notes (each kind once), then the match's status."""
    return note_lines(shown) + [""] + _status(table, ruleset)


# A note about a fact that was not recorded reads the same in every round but for the player's name; the
# table says each kind once, with its rounds ("rounds 1, 2, 5: no last tile given"), and the full sentence
# is shown when the round is recorded and by 'explain'.
_NOTE_KINDS = {
    NoteKind.NO_LAST: (N_("no last tile given ('out on TILE' or --last): the rules that need it were not applied"),
                       N_("no last tile given ('out on TILE'): the rules that need it were not applied")),
    NoteKind.NO_LEAD: (N_("no lead given ('led TILE' or --led): the lead bonus was not applied"),
                       N_("no lead given ('led TILE'): the lead bonus was not applied")),
    NoteKind.NO_LEAD_ON_HUNDRED: (
        N_("no lead given ('led TILE' or --led) by a side holding points: the hundred was not considered"),
        N_("no lead given ('led TILE') by a side holding points: the hundred was not considered")),
    NoteKind.HAND_TOTAL: (N_("only a total given for a hand, not its tiles: the special-hand rule was not applied"),
                          None),
    NoteKind.NO_FISHER: (N_("no fisher given ('fish by NAME' or --fisher): 004's fisherman conditions not shown"),
                         N_("no fisher given ('fish by NAME'): 004's fisherman conditions not shown")),
    NoteKind.LEADER_UNKNOWN: (N_("who led 6-6 is not known: the hundred was not applied"), None),
    NoteKind.NOT_FOLLOWED: (N_("{ruleset} cannot follow the plays: the points claimed with the round are scored "
                               "instead"), None),
}
"""The footer's words for a kind of note, and its words where the note names no flag (a session's notes name
none: the round line's words alone); None: the same words."""


def note_kind(note: Message) -> Message:
    """The note as the table's footer says it: the words of its kind, where it is of a known kind (each kind
    said once), else the note itself."""
    said = _NOTE_KINDS.get(note.kind)
    if said is None:
        return note
    flagged, plain = said
    words = flagged if plain is None or note.names_flag else plain
    # the fields its words name (a ruleset's title), not the ones that tell its rounds apart (why)
    return Message(words, tuple((name, value) for name, value in note.fields if "{" + name + "}" in words))


def note_lines(shown: tuple[RoundResult, ...], word: bool = True) -> list[str]:
    """Each kind of note once, with the rounds it concerns; ``word``: each line begins with 'note:' (not where
    a heading says what they are)."""
    rounds_of: dict[Message, list[int]] = {}
    for result in shown:
        for note in result.notes:
            numbers = rounds_of.setdefault(note_kind(note), [])
            if result.number not in numbers:
                numbers.append(result.number)
    if not rounds_of:
        return []
    return [""] + [(ngettext("note: round {rounds}: {note}", "note: rounds {rounds}: {note}", len(numbers)) if word
                    else ngettext("round {rounds}: {note}", "rounds {rounds}: {note}", len(numbers)))
                   .format(rounds=spans(numbers), note=kind.said()) for kind, numbers in rounds_of.items()]


def _brief_notes(shown: tuple[RoundResult, ...], explain: str) -> list[str]:
    """The notes of ``shown`` in one line, naming their rounds: a short screen keeps its rows for rounds."""
    numbers = [result.number for result in shown if result.notes]
    if not numbers:
        return []
    if len(numbers) == 1:
        return ["", _("a note for round {round}: '{explain} {round}' says it").format(round=numbers[0],
                                                                                       explain=explain)]
    return ["", _("notes for rounds {rounds}: '{explain} N' says them").format(rounds=spans(numbers),
                                                                                explain=explain)]


def _status(table: Table, ruleset: Ruleset) -> list[str]:
    """Points in play, eggs carried, and who leads next or how the match ended."""
    lines = []
    if table.hand is not None:
        lines.append(hand_line(table.hand))
    if any(table.in_play.values()):
        lines.append(_("in play this hand: {points} (already in the totals)").format(
            points=", ".join(f"{name} {points}" for name, points in table.in_play.items() if points)))
    if table.eggs:
        carried = EGGS_GO_TO[ruleset["eggs.to"]]
        lines.append(_(carried).format(points=table.eggs))
    if table.over:
        lines.append(over_line(table, ruleset))
    elif table.hand is None:  # a hand in play says whose turn it is instead
        lines.append(table.lead_note.said() if table.lead_note else "")
    return lines


def hand_line(hand) -> str:
    """The hand in play (``scoring.open_hand.HandSoFar``) in one line: its plays, and whose turn it is or that its
    hands are to be given."""
    if hand.over:
        return ngettext("hand in play: {n} play, over: its hands are to be given",
                        "hand in play: {n} plays, over: its hands are to be given", len(hand.plays)).format(
            n=len(hand.plays))
    return ngettext("hand in play: {n} play, {player} to play", "hand in play: {n} plays, {player} to play",
                    len(hand.plays)).format(n=len(hand.plays), player=hand.turn)


EGGS_GO_TO = {
    EggsTo.BIGGEST_LOSER: N_("eggs: +{points} carried (they go to the side with the most points in a later round)"),
    EggsTo.LOSERS: N_("eggs: +{points} carried (they go to the side that loses a later round)"),
    EggsTo.NEXT_RECORDER: N_("eggs: +{points} carried (they go to the next side that records a round)"),
    EggsTo.WINNERS: N_("eggs: +{points} carried (they go to the side that wins a later round)"),
}
"""The carried eggs and who they go to, in the table's words (by ``eggs.to``; the key's value is the code's
word)."""


def over_line(table: Table, ruleset: Ruleset) -> str:
    """How the match ended, in one line ('' while it goes on)."""
    if not table.over:
        return ""
    return _("Match over: {ending}.").format(ending=ending(table, ruleset))


def ending(table: Table, ruleset: Ruleset, why: bool = True) -> str:
    """How a finished match ended, as a clause (``Ann wins with 125 points``), with what decided it (unless
    ``why`` is false): the number says what it is (a side's points in a race, the points it holds in Goat's
    family, where they count against it: a bare "Serg wins with 0" read as a score of nothing winning)."""
    held = ruleset["end.at_target"] is AtTarget.LOSES
    if table.loser and held:
        said = ngettext("{name} is the goat with {n} point", "{name} is the goat with {n} points",
                        table.standing(table.loser).score).format(name=table.loser,
                                                                  n=table.standing(table.loser).score)
    elif table.winner:
        score = table.standing(table.winner).score
        said = (ngettext("{name} wins, holding {n} point", "{name} wins, holding {n} points", score) if held
                else ngettext("{name} wins with {n} point", "{name} wins with {n} points", score)
                ).format(name=table.winner, n=score)
    elif table.loser:
        why = table.decided_by.said() if table.decided_by else _("reached the target")
        return _("{name} loses ({why})").format(name=table.loser, why=why)
    else:
        return _("a draw")
    if table.decided_by and why:
        return _("{ending} ({why})").format(ending=said, why=table.decided_by.said())
    return said


STANDINGS_MARK = " · "
"""Between the players of the standings line (the spaces alone would run names and scores together)."""


def standings(table: Table, width: int | None = None) -> list[str]:
    """The match as it stands, in one compact line (``Masha 34 · Alex 12 · Olya 88 · Serg 41 · Olya leads``),
    broken between players where it does not fit ``width``: each side's total (and what it keeps
    remembered, as the table writes it), then who leads next when the facts say."""
    parts = [f"{side.name} {side.score}" + (f" +{side.remembered}" if side.remembered else "")
             for side in table.sides]
    if _only_who_leads(table):
        # a longer lead note (the hundred, eggs) has a line of its own
        parts.append(_("{name} leads").format(name=table.next_leader))
    return joined_between(parts, width)


def _only_who_leads(table: Table) -> bool:
    """Whether the table's lead note says no more than who leads next."""
    return (not table.over and bool(table.next_leader) and table.lead_note is not None
            and table.lead_note.kind is NoteKind.LEADS_NEXT)


def joined_between(parts: list[str], width: int | None, first: str = "", indent: str = "") -> list[str]:
    """``parts`` joined by the middle dot in lines of ``width`` columns, broken between parts (a part too
    wide alone is broken between words); the first line starts with ``first``, the others with ``indent``."""
    rows: list[list[str]] = [[]]
    for part in parts:
        start = first if len(rows) == 1 else indent
        if rows[-1] and width is not None and text_width(start + STANDINGS_MARK.join([*rows[-1], part])) > width:
            rows.append([])
        rows[-1].append(part)
    return [piece for number, row in enumerate(rows)
            for piece in wrap(STANDINGS_MARK.join(row), width, indent=indent, first=first if not number else indent)]


def banner(text: str) -> str:
    """A line that must not be missed among the rows of an answer (the match ended, or goes on again)."""
    return f"*** {text} ***"


def banner_lines(text: str, width: int | None) -> list[str]:
    """``banner(text)`` in lines of at most ``width`` columns, its words wrapped under the opening mark and
    the closing mark kept with the last word (never alone on a line of its own)."""
    whole = banner(text)
    if width is None or text_width(whole) <= width:
        return [whole]
    closing = " ***"
    lines = wrap(f"*** {text}", max(1, width - len(closing)), indent="    ")
    lines[-1] += closing
    return lines


def over_banner(table: Table, ruleset: Ruleset, width: int | None = None) -> list[str]:
    """The match's end as a banner that fits ``width``: on one line where it fits; else the banner without
    what decided it, which follows on a line of its own; else the banner's words wrapped."""
    whole = banner(over_line(table, ruleset))
    if width is None or text_width(whole) <= width:
        return [whole]
    short = _("Match over: {ending}.").format(ending=ending(table, ruleset, why=False))
    lines = banner_lines(short, width)
    if table.decided_by:
        lines += wrap(_("({why})").format(why=table.decided_by.said()), width, indent="  ")
    return lines
