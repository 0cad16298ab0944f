"""Text for people: the running table, round by round."""

from __future__ import annotations

from scorekeeper.reports.columns import simple_table

from scorekeeper.facts import Ending, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget
from scorekeeper.scoring.table import RoundResult, SideRound, Table


SHOWN_ROUNDS = 20
"""Rounds shown by default: a long match's table stays readable (and fast) on a phone terminal."""


def render_table(table: Table, ruleset: Ruleset, rounds: int | None = SHOWN_ROUNDS) -> str:
    """The people's table; ``rounds`` is how many of the latest rounds to show (None: all)."""
    names = [side.name for side in table.sides]
    shown = table.rounds if rounds is None else table.rounds[max(0, len(table.rounds) - rounds):]
    rows = [[result.number, _round_label(result)] + [side_cell(result.side(name)) for name in names]
            + [eggs_cell(result)] for result in shown]
    hidden = len(table.rounds) - len(shown)
    if hidden:
        rows.insert(0, ["", f"… {hidden} earlier"] + [""] * (len(names) + 1))
    totals = ["", "total"] + [standing_text(side.score, side.remembered) for side in table.sides] + \
             [f"+{table.eggs}" if table.eggs else ""]
    rows.append(totals)
    headers = ["#", "round"] + names + ["eggs"]
    if not any(result.eggs_added or result.eggs_paid or result.eggs_rotten for result in shown) \
            and not table.eggs:
        headers.pop()
        rows = [row[:-1] for row in rows]
    lines = [table_title(table, ruleset), "",
             simple_table(headers, rows, ("right", "left") + ("right",) * (len(headers) - 2))]
    if hidden:
        lines.append(f"({hidden} earlier round{'s' if hidden != 1 else ''} not shown: 'table --all' shows every "
                     "round)")
    lines += table_footer(table, ruleset, shown)
    return "\n".join(lines)


def describe_round(rnd: Round) -> str:
    if rnd.ending is Ending.OUT:
        text = f"{rnd.out} out"
        if rnd.last:
            text += f" on {' '.join(str(tile) for tile in rnd.last)}"
    else:
        text = f"fish by {rnd.fisher}" if rnd.fisher else "fish"
    played = rnd.claims + rnd.play_points
    if played:
        text += "; in play " + ", ".join(f"{claim.player} {claim.points}" for claim in played)
    return text


def _round_label(result: RoundResult) -> str:
    """The round's facts, and the rules that made it special (a lead, the hundred, a decided match)."""
    text = describe_round(result.facts)
    if result.facts.led:
        text = f"led {result.facts.led}, {text}"
    if result.hundred:
        text += f"; {result.hundred} on the hundred"
    if result.decision:
        text += "; match decided"
    elif result.owes_hundred:
        text += f"; {result.owes_hundred} owes 6-6"
    return text


def table_title(table: Table, ruleset: Ruleset) -> str:
    """The table's heading: the ruleset, the rounds played and how the match ends."""
    reach = "loses" if ruleset["end.at_target"] is AtTarget.LOSES else "wins"
    played = f"{len(table.rounds)} round{'s' if len(table.rounds) != 1 else ''}"
    target = ruleset["end.target"] if table.target is None else table.target
    if not target:
        best = ruleset["end.rounds_winner"].value
        return f"{ruleset.name}: {played} of {ruleset['end.rounds']}; the {best} total wins"
    return f"{ruleset.name}: {played}; first to {target} {reach}"


def side_cell(item: SideRound) -> str:
    """A side's round: points taken -> running score, or -> +remembered while not open."""
    if item.recorded:
        text = f"{item.recorded} → {item.score}"
    elif item.points and item.remembered:
        text = f"{item.points} → +{item.remembered}"
    elif item.points and item.dropped:
        text = f"{item.points} not recorded"
    else:
        text = "·"
    if item.wiped:
        text += f" (−{item.wiped} wiped)"
    return text


def standing_text(score: int, remembered: int) -> str:
    """A side's standing: its score, and the +remembered points it holds below the opening threshold."""
    return f"{score} +{remembered}" if remembered else str(score)


def eggs_cell(result: RoundResult) -> str:
    """What happened to the eggs in a round: paid, rotten, carried (empty when nothing)."""
    parts = []
    if result.eggs_paid:
        parts.append(f"{result.eggs_paid} paid to {result.eggs_paid_to}")
    if result.eggs_rotten:
        parts.append(f"{result.eggs_rotten} rotten")
    if result.eggs_added:
        parts.append(f"+{result.eggs_added} carried" + (f" (pot {result.eggs})" if result.eggs != result.eggs_added
                                                         else ""))
    elif result.eggs and not result.eggs_paid:
        parts.append(f"+{result.eggs} carried")
    return "; ".join(parts)


def table_footer(table: Table, ruleset: Ruleset, shown: tuple[RoundResult, ...]) -> list[str]:
    """The lines under the table: the notes of the ``shown`` rounds (each once), points in play, eggs carried,
    and how the match ended or who leads next."""
    lines = []
    rounds_of: dict[str, list[int]] = {}  # the same note in many rounds is said once
    for result in shown:
        for note in result.notes:
            rounds_of.setdefault(note, []).append(result.number)
    if rounds_of:
        lines += [""] + [f"note: round{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}: {note}"
                         for note, numbers in rounds_of.items()]
    lines.append("")
    if any(table.in_play.values()):
        lines.append("in play this hand: " + ", ".join(f"{name} {points}" for name, points in table.in_play.items()
                                                       if points) + " (already in the totals)")
    if table.eggs:
        lines.append(f"eggs: +{table.eggs} carried ({ruleset['eggs.to'].value})")
    if table.over:
        if table.loser and ruleset["end.at_target"] is AtTarget.LOSES:
            lines.append(f"Match over: {table.loser} is the goat with {table.standing(table.loser).score}"
                         + (f" ({table.decided_by})." if table.decided_by else "."))
        elif table.winner:
            lines.append(f"Match over: {table.winner} wins with {table.standing(table.winner).score}"
                         + (f" ({table.decided_by})." if table.decided_by else "."))
        elif table.loser:
            lines.append(f"Match over: {table.loser} loses ({table.decided_by or 'reached the target'}).")
        else:
            lines.append("Match over: a draw.")
    else:
        lines.append(f"next: {table.lead_note}")
    return lines
