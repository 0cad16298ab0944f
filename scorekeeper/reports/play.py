"""Text for people: a hand followed play by play (``check play``), one short line a play."""

from __future__ import annotations

from typing import Collection, Sequence

from scorekeeper.domain.facts import Breach
from scorekeeper.domain.plays import Action
from scorekeeper.domain.tiles import format_tiles
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.notation.ends import said_ends
from scorekeeper.notation.play_line import said_play
from scorekeeper.reports.fit import wrap_lines
from scorekeeper.scoring.board import Followed, Ruled


def play_line(ruled: Ruled, scores: bool, players: Sequence[str] = ()) -> str:
    """One play answered: ``Bob 6-3 · 12+3 = 15 · +15 · Cat`` (the count and points where the ruleset
    scores during play, else the ends); the play in the words of the language in use (``said_play``)."""
    parts = [laid_play(ruled, players)]
    if ruled.play.action is Action.TILE:
        if scores:
            added = "+".join(map(str, ruled.parts))
            parts.append(f"{added} = {ruled.count}" if len(ruled.parts) > 1 else str(ruled.count))
            if ruled.points:
                parts.append(f"+{ruled.points}")
        else:
            parts.append(_("ends {ends}").format(ends=ruled.said_ends))
    if ruled.out is not None:
        parts.append(pgettext("a play's outcome: the player went out", "out"))
    elif ruled.blocked:
        parts.append(_("fish"))
    elif ruled.turn is not None:
        parts.append(ruled.turn)
    return " · ".join(parts)


def laid_play(ruled: Ruled, players: Sequence[str] = ()) -> str:
    """The play in the words of the language in use (``said_play``), its tile as it lies: the half laid
    against the end first (``Ann 6-5``, typed ``Ann 5-6``)."""
    said = said_play(ruled.play, players)
    if ruled.showing is None:
        return said
    tile = ruled.play.tile
    outer = tile.high if tile.low == ruled.showing else tile.low
    return said.replace(str(tile), f"{ruled.showing}-{outer}", 1)


def render_followed(followed: Followed, ruleset_name: str, scores: bool, width: int | None = None,
                    muggins: bool = False) -> str:
    """Every legal play, the first illegal one with its reason, and how the hand stands; with ``muggins``
    (``play.muggins = called``) a hand in which a play scored says that a score not called may be taken."""
    lines = [_("{name}: {verdict}").format(name=ruleset_name, verdict=_verdict(followed)), ""]
    lines += play_lines(followed, scores)
    lines.append("")
    lines.extend(standing_lines(followed, scores))
    if muggins and any(ruled.points for ruled in followed.ruled):
        lines.append(_("Muggins: a score its player does not call may be taken by an opponent "
                       "(play.muggins = called)."))
    if width is not None:
        lines = wrap_lines(lines, width, indent="   ")
    return "\n".join(lines)


def play_lines(followed: Followed, scores: bool, breaches: bool = True,
               allowed: Collection[tuple[int, Breach]] = ()) -> list[str]:
    """Each play on a line of its own, numbered, the referee's notes under it, and (``breaches``) each rule of
    play it broke or proved broken, those the table let stand (``allowed``: (play, breach)) said so; the
    first play that cannot be scored with its reason."""
    lines = []
    for number, ruled in enumerate(followed.ruled, start=1):
        lines.append(f"{number:>2} {play_line(ruled, scores)}")
        if ruled.note and not ruled.out:
            lines.append(f"   {ruled.note.said()}")
        for finding in ruled.breaches if breaches else ():
            said_reason = finding.reason if finding.play == number else \
                _("shows play {number}: {reason}").format(number=finding.play, reason=finding.reason)
            said = _("breach, let stand: {reason}") if (finding.play, finding.breach) in allowed else \
                _("breach: {reason}")
            lines.append("   " + said.format(reason=said_reason))
    if followed.illegal is not None:
        lines.append(_("{number} {play}: refused").format(number=f"{len(followed.ruled) + 1:>2}",
                                                            play=said_play(followed.illegal.play)))
        lines.append(f"   {followed.illegal.reason}")
    return lines


def hand_text(followed: Followed, scores: bool) -> list[str]:
    """A recorded hand play by play (``explain N``, which says the breaches let stand with the facts), then how
    it ended."""
    return play_lines(followed, scores, breaches=False) + standing_lines(followed, scores)


def folded_hand_text(followed: Followed, scores: bool, width: int | None) -> list[str]:
    """A recorded hand folded several plays to a line (``explain N`` where one play a line does not fit the
    screen): each line starts with the number of its first play, the plays apart by a dot, a play that scored
    with its points (``9 Bob 1-3 +15 · Cat 2-5``); then how it ended, in one line."""
    lines: list[str] = []
    line = ""
    for number, ruled in enumerate(followed.ruled, start=1):
        said = laid_play(ruled)
        if scores and ruled.points:
            said += f" +{ruled.points}"
        if line and (width is None or len(line) + 3 + len(said) <= width):
            line += f" · {said}"
            continue
        if line:
            lines.append(line)
        line = f"{number:>2} {said}"
    if line:
        lines.append(line)
    standing = " ".join(standing_lines(followed, scores))  # one line, wrapped where the screen is narrow
    return lines + ([standing] if standing else [])


def _verdict(followed: Followed) -> str:
    plays = len(followed.ruled) + (followed.illegal is not None)
    if followed.illegal is not None:
        return _("play {n} is illegal.").format(n=plays)
    broken = len({(finding.play, finding.breach) for finding in followed.breaches})
    if broken:
        return _("{plays}, {breaches}.").format(
            plays=ngettext("{n} play", "{n} plays", plays).format(n=plays),
            breaches=ngettext("{n} breach of the rules of play (the table may let it stand)",
                              "{n} breaches of the rules of play (the table may let them stand)",
                              broken).format(n=broken))
    return ngettext("{n} play, all legal.", "{n} plays, all legal.", plays).format(n=plays)


def standing_lines(followed: Followed, scores: bool) -> list[str]:
    """Where a hand followed play by play stands: its ends (and their count), and how it ended or who is next."""
    lines = []
    if followed.ends:
        shown = said_ends(*followed.open_ends)
        lines.append((_("Ends {ends}, count {count}.") if scores else _("Ends {ends}.")).format(
            ends=shown, count=followed.count))
    out = followed.out
    if out is not None:
        lines.append(_("Out: {name} with {tiles} (led {lead}).").format(name=out.player, tiles=format_tiles(out.last),
                                                                        lead=out.lead))
    elif followed.blocked:
        lines.append(_("A fish. Fisherman: {name}.").format(name=followed.fisherman) if followed.fisherman
                     else _("A fish."))
    else:
        if followed.sealed:
            lines.append(_("Sealed: only a double can still go."))
            if followed.fisherman:
                lines.append(_("Fisherman: {name}.").format(name=followed.fisherman))
        if followed.turn is not None:
            lines.append(_("Next: {name}.").format(name=followed.turn))
    return lines
