"""The count of the open ends (Muggins family, rules.md §4) and what it scores during play.

Two ways to give a position:
- the open ends alone (a number, or a double lying across an end: both halves count), added as given;
- the spinner and the end of each of its arms (long sides first, then short sides; None: not started),
  counted under the ruleset's ``play.spinner`` reading by ``scoring.counts.open_count`` — the same
  function the two readings of rules.md §4 are defined by.
"""

from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, _
from scorekeeper.referee.verdict import Citation, citation
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import SpinnerReading
from scorekeeper.scoring.counts import End, Spinner, explain_score, open_count, score_of
from scorekeeper.domain.tiles import Tile

SIDES = ("east", "west", "north", "south")
"""The spinner's sides in the order arms are given: its two long sides (the line runs through them), then
the two short sides facing its halves."""


_SIDE_ENDS = {"east": N_("east {end}"), "west": N_("west {end}"), "north": N_("north {end}"),
              "south": N_("south {end}")}
"""An arm of the spinner and the end it shows, as a ruling names it."""


class CountRuling(NamedTuple):
    total: int
    score: int
    reasons: tuple[Citation, ...]
    parts: tuple[int, ...] = ()

    @property
    def verdict(self) -> str:
        """The ruling in one sentence."""
        if self.score:
            return _("The ends count {total}: scores {score}.").format(total=self.total, score=self.score)
        return _("The ends count {total}: no score.").format(total=self.total)

    def to_dict(self) -> dict:
        return {"total": self.total, "score": self.score, "parts": list(self.parts),
                "reasons": [item.to_dict() for item in self.reasons]}


def _end(ruleset: Ruleset, end: int | Tile) -> End:
    """One open end, checked against the set: a number, or a double lying across the end."""
    top = ruleset["tiles.max_pip"]
    if isinstance(end, Tile):
        if not end.is_double:
            raise InputError(_("{tile} is not a double: give an end as its number, or a double lying across the "
                               "end (both halves count)").format(tile=end))
        if end not in ruleset.tileset:
            ruleset.tileset.check([end])
        return End(end.low, double=True)
    # A number above the set's top can only be a double across the end, counted by both halves.
    if not (0 <= end <= top or (end % 2 == 0 and end // 2 <= top)):
        raise InputError(_("an end counts 0 to {top} in a {name} set (a double across the end: an even number up "
                           "to {most}), not {end}").format(top=top, name=ruleset.tileset.name, most=2 * top, end=end))
    return End(end // 2, double=True) if end > top else End(end)


def check_count(ruleset: Ruleset, ends: Iterable[int | Tile | None], spinner: Tile | None = None) -> CountRuling:
    """Rule on the count of a position: the open ends added, or the spinner with its arms' ends
    (``ends`` in the order of SIDES, None for a side not started) under ``play.spinner``."""
    ends = list(ends)
    if spinner is None:
        if not ends:
            raise InputError(_("give the open ends: numbers, or a double such as 6-6 lying across an end"))
        if None in ends:
            raise InputError(_("'-' (a side of the spinner not started) needs --spinner TILE"))
    if len(ends) > 4:
        raise InputError(_("{n} open ends: a layout has at most four (two, and two more with a spinner)").format(
            n=len(ends)))
    doubles = [end for end in ends if isinstance(end, Tile)]
    if len(doubles) != len(set(doubles)):
        raise InputError(_("the same double cannot lie at two ends"))
    reading = ruleset["play.spinner"]
    reasons: list[Citation] = []
    if spinner is None:
        checked = [_end(ruleset, end) for end in ends]
        counted = open_count(SpinnerReading.NONE, checked)
        shown = " + ".join(str(part) for part in counted.parts) + (
            f" = {counted.total}" if len(counted.parts) > 1 else "")
        text = _("the open ends count {shown} (a double across an end counts both halves)") \
            if any(end.double for end in checked) else _("the open ends count {shown}")
        text = text.format(shown=shown)
        if reading is not SpinnerReading.NONE and doubles:
            reasons.append(_spinner_hint(ruleset, ends, doubles))
    else:
        if reading is SpinnerReading.NONE:
            raise InputError(_("{ruleset} has no spinner (play.spinner = none): give the open ends alone, without "
                               "--spinner").format(ruleset=ruleset.called))
        if not spinner.is_double:
            raise InputError(_("the spinner is a double, not {tile}").format(tile=spinner))
        if spinner not in ruleset.tileset:
            ruleset.tileset.check([spinner])
        if spinner in doubles:
            raise InputError(_("{tile} is the spinner: it cannot also lie at the end of an arm").format(tile=spinner))
        arms = {side: (None if end is None else _end(ruleset, end)) for side, end in zip(SIDES, ends)}
        counted = open_count(reading, (), Spinner(spinner.low, **arms))
        started = [_(_SIDE_ENDS[side]).format(end=arms[side]) for side in SIDES if arms.get(side) is not None]
        layout = _("the spinner {tile} with arms ending {ends}").format(tile=spinner, ends=", ".join(started)) \
            if started else _("the spinner {tile} alone").format(tile=spinner)
        shown = " + ".join(str(part) for part in counted.parts) or "0"
        if len(counted.parts) > 1:
            shown += f" = {counted.total}"
        reasons.append(citation(ruleset, "play.spinner", _("{layout}: {why}: {shown}").format(
            layout=layout, why=counted.why, shown=shown)))
        text = _("the open ends count {shown}").format(shown=shown)
    total = counted.total
    score = score_of(ruleset, total) if total else 0
    text = _("{counted}; {scored}").format(counted=text, scored=explain_score(ruleset, total)) if total else \
        _("{counted}: no score").format(counted=text)
    reasons.append(citation(ruleset, "play.scores", text))
    return CountRuling(total, score, tuple(reasons), counted.parts)


def _spinner_hint(ruleset: Ruleset, ends: list, doubles: list[Tile]) -> Citation:
    """The simple form counted a double as lying across an end; say how to give it as the spinner, and what
    that position would count under the ruleset's reading."""
    shown = ", ".join(map(str, doubles))
    text = _("{tiles} counted as a double lying across an end (both halves)").format(tiles=shown)
    if len(doubles) == 1:
        named = doubles[0]
        others = [end for end in ends if end != named]
        command = " ".join(["--spinner", str(named), *map(str, others)])
        try:
            other = check_count(ruleset, others, named)
        except InputError:
            other = None
        if other is not None:
            text = _("{counted}; if {tile} is the spinner with the other ends on its arms (long sides first), say so "
                     "with {command}: it then counts {total}").format(counted=text, tile=named, command=command,
                                                                      total=other.total)
    return citation(ruleset, "play.spinner", text)
