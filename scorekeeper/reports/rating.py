"""Rating gains after a match (rules.md §2, sources 001/004)."""

from typing import NamedTuple

from scorekeeper.errors import StateError
from scorekeeper.i18n import _
from scorekeeper.domain.facts import Match
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget
from scorekeeper.scoring.table import Table


class Gain(NamedTuple):
    player: str
    side: str
    score: int
    gain: int
    why: str


def round_half_up_tenth(points: int) -> int:
    """round_half_up(points / 10) in whole-number arithmetic (7.5 -> 8, 0.2 -> 0, -0.5 -> 0)."""
    return (points + 5) // 10


def rating(ruleset: Ruleset, match: Match, table: Table, left: str | None = None) -> list[Gain]:
    """Each player's gain: after a finished match, or after a player left (``left``) an unfinished one."""
    base = ruleset["rating.base"]
    if ruleset["end.at_target"] is not AtTarget.LOSES or ruleset["end.rounds"]:
        raise StateError(_("the rating of rules.md §2 is defined for Goat's losers' count; {name} is a race to its "
                           "target, so it has no rating").format(name=ruleset.called))
    if left is None:
        if not table.over:
            raise StateError(_("the match is not over yet: a rating needs a finished match "
                               "(or --left PLAYER when a player left the table)"))
        gains = []
        for side in table.sides:
            for player in side.players:
                if side.name == table.loser:
                    gains.append(Gain(player, side.name, side.score, 0, _("lost the match")))
                    continue
                raw = round_half_up_tenth(base - side.score)
                gains.append(Gain(player, side.name, side.score, max(1, raw), _under(base - side.score, base, raw)))
        return gains
    if table.over:
        raise StateError(_("the match was decided: --left is for a match stopped because a player left "
                           "(use 'scorekeeper rating' without it)"))
    leaver = match.side_of(left)
    gains = []
    for side in table.sides:
        for player in side.players:
            if side.name == leaver.name:
                gains.append(Gain(player, side.name, side.score, 0, _("{name} left the table").format(name=left)))
                continue
            fewer = table.standing(leaver.name).score - side.score
            raw = round_half_up_tenth(fewer)
            gains.append(Gain(player, side.name, side.score, max(1, raw), _fewer(fewer, left, raw)))
    return gains


def _under(under: int, base: int, raw: int) -> str:
    """Why a player of a finished match gains what they gain, in words a player reads (the formula is the
    code's: rules.md §2 has it)."""
    if raw < 1:
        return _("{under} under {base}: a tenth of that, rounded, is {raw}, and the least gain is 1").format(
            under=under, base=base, raw=raw)
    return _("{under} under {base}: a tenth of that, rounded half up, is {raw}").format(under=under, base=base,
                                                                                          raw=raw)


def _fewer(fewer: int, left: str, raw: int) -> str:
    """Why a player gains what they gain when ``left`` left the table."""
    if fewer < 0:
        return _("{more} more than {name}, who left: the least gain is 1").format(more=-fewer, name=left)
    if raw < 1:
        return _("{fewer} fewer than {name}, who left: a tenth of that, rounded, is {raw}, and the least gain is "
                 "1").format(fewer=fewer, name=left, raw=raw)
    return _("{fewer} fewer than {name}, who left: a tenth of that, rounded half up, is {raw}").format(
        fewer=fewer, name=left, raw=raw)
