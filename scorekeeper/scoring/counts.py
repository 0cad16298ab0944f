"""Counts during play (rules.md §4): what the open ends add up to, what a count scores, which claims exist.

Pure functions over given open ends, so a referee ruling (``check count``) and the claim check share them:
- ``open_count``: the count of a line's open ends, or of a spinner layout under either reading;
- ``count_score``: what a count scores under ``play.scores`` / ``play.multiple``;
- ``producible_scores`` / ``check_claim`` / ``check_play_total``: which claims a ruleset can produce.
"""

from typing import Iterable, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import PlayScore, SpinnerReading


MAX_PLAY_TOTAL = 10_000
"""No hand of dominoes makes more points during play than this; larger totals are typing mistakes."""


class End(NamedTuple):
    """One open end: the pips showing, and whether a double lies there (a double counts both halves)."""

    pips: int
    double: bool = False

    @property
    def value(self) -> int:
        return 2 * self.pips if self.double else self.pips

    def __str__(self) -> str:
        return f"{self.pips}-{self.pips}" if self.double else str(self.pips)


class Spinner(NamedTuple):
    """The spinner double and the open end of each arm started on it (None: nothing played on that side).

    east and west are its long sides (the line runs through them); north and south face its two halves.
    """

    pips: int
    east: End | None = None
    west: End | None = None
    north: End | None = None
    south: End | None = None

    @property
    def arms(self) -> tuple[End, ...]:
        return tuple(end for end in (self.east, self.west, self.north, self.south) if end is not None)


class OpenCount(NamedTuple):
    """The count of a line's open ends, the numbers added up to it, and the reading that gave it."""

    total: int
    parts: tuple[int, ...]
    """The numbers added, in order: what a referee shows (5+5+3+2)."""
    why: str


def open_count(reading: SpinnerReading, ends: Iterable[End] = (), spinner: Spinner | None = None) -> OpenCount:
    """The count of the open ends.  Without a spinner (or with ``reading`` none) it is the ends added
    (a double at an end counts both halves).  With a spinner, the two readings of rules.md §4:

    - open-halves (004): each half of the spinner counts while the short end it faces (north, south) is
      still open; every started arm counts its end.
    - played-arms (000, pagat's All Fives): both halves count until tiles lie against both long sides
      (east and west); after that only the arms that have been started count.
    """
    ends = tuple(ends)
    if spinner is None or reading is SpinnerReading.NONE:
        every = ends + (spinner.arms if spinner else ())
        parts = tuple(end.value for end in every)
        return OpenCount(sum(parts), parts, _("the open ends added"))
    arms = tuple(end.value for end in spinner.arms) + tuple(end.value for end in ends)
    if reading is SpinnerReading.OPEN_HALVES:
        halves = tuple(spinner.pips for side in (spinner.north, spinner.south) if side is None)
        parts = halves + arms
        why = ngettext("the spinner {tile} counts {n} open half; each started arm counts its end",
                       "the spinner {tile} counts {n} open halves; each started arm counts its end",
                       len(halves)).format(tile=f"{spinner.pips}-{spinner.pips}", n=len(halves))
        return OpenCount(sum(parts), parts, why)
    if spinner.east is None or spinner.west is None:
        parts = (spinner.pips, spinner.pips) + arms
        why = _("a long side of the spinner {tile} is still open: both halves count, plus each started arm").format(
            tile=f"{spinner.pips}-{spinner.pips}")
    else:
        parts = arms
        why = _("both long sides of the spinner are covered: only the started arms count")
    return OpenCount(sum(parts), parts, why)


def count_score(how: PlayScore, multiple: int, total: int) -> int:
    """What a count of ``total`` scores (0: nothing)."""
    if total <= 0 or how is PlayScore.NONE:
        return 0
    if how is PlayScore.TOTAL:
        return total if total % multiple == 0 else 0
    if how is PlayScore.QUOTIENT:
        return total // multiple if total % multiple == 0 else 0
    return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)


def score_of(ruleset: Ruleset, total: int) -> int:
    return count_score(ruleset["play.scores"], ruleset["play.multiple"], total)


def same_count_rule(first: Ruleset, second: Ruleset) -> bool:
    """Whether two rulesets turn every count into the same points (so points convert as they are)."""
    return (first["play.scores"], first["play.multiple"]) == (second["play.scores"], second["play.multiple"])


def explain_score(ruleset: Ruleset, total: int) -> str:
    """One line: why a count scores what it does."""
    how, multiple = ruleset["play.scores"], ruleset["play.multiple"]
    points = count_score(how, multiple, total)
    if how is PlayScore.NONE:
        return _("{ruleset} scores nothing during play (play.scores = none)").format(ruleset=ruleset.called)
    if how is PlayScore.FIVES_AND_THREES:
        found = [f"{total}/{m} = {total // m}" for m in (5, 3) if total > 0 and total % m == 0]
        if not found:
            return _("{total} is neither a multiple of 5 nor of 3: no score").format(total=total)
        return " + ".join(found) + (f" = {points}" if len(found) > 1 else "")
    if not points:
        return _("{total} is not a multiple of {multiple}: no score").format(total=total, multiple=multiple)
    if how is PlayScore.TOTAL:
        return _("{total} is a multiple of {multiple}: scores {total}").format(total=total, multiple=multiple)
    return _("{total} is a multiple of {multiple}: scores {total}/{multiple} = {points}").format(
        total=total, multiple=multiple, points=points)


def max_count(max_pip: int, reading: SpinnerReading) -> int:
    """The largest count a layout of this set can show (each double is in the set once)."""
    return max(possible_counts(max_pip, reading))


def possible_counts(max_pip: int, reading: SpinnerReading) -> frozenset[int]:
    """Every count the open ends of a layout of this set can show.

    Each open arm ends in a plain half (0 to ``max_pip``) or in a double laid across (both halves; each double
    is in the set once); without a spinner there are two ends.  With one, by ``play.spinner``: 004's spinner
    counts each half whose short end is still open (two to four arms around it); 000's counts both halves while
    at most one arm has been started, then only the arms count."""
    every = range(max_pip + 1)
    if reading is SpinnerReading.NONE:
        found = _arm_sums(max_pip, every, 2)
    else:
        found = 0
        for spin in every:
            others = [k for k in every if k != spin]
            shapes = ([(free * spin, 4 - free) for free in range(3)] if reading is SpinnerReading.OPEN_HALVES
                      else [(2 * spin, 1), (0, 4)])
            for spinner, arms in shapes:
                found |= _arm_sums(max_pip, others, arms) << spinner
    return frozenset(total for total in range(found.bit_length()) if found >> total & 1)


def _arm_sums(max_pip: int, doubles, arms: int) -> int:
    """The sums ``arms`` open ends can show, as a bit set: some end in distinct ``doubles`` (2k each), the
    rest in plain halves (any of 0 to ``max_pip``, so any sum up to their number times ``max_pip``)."""
    by_doubles = [1] + [0] * arms  # by_doubles[d]: the sums of d distinct doubles, as a bit set
    for k in doubles:
        for used in range(arms, 0, -1):
            by_doubles[used] |= by_doubles[used - 1] << (2 * k)
    found = 0
    for used, sums in enumerate(by_doubles):
        plain = (1 << ((arms - used) * max_pip + 1)) - 1  # every plain sum from 0 up
        while sums:
            low = sums & -sums
            found |= plain << (low.bit_length() - 1)
            sums ^= low
    return found


def producible_scores(ruleset: Ruleset) -> tuple[int, ...]:
    """Every score one count can make under this ruleset, in order."""
    counts = possible_counts(ruleset["tiles.max_pip"], ruleset["play.spinner"])
    return tuple(sorted({score_of(ruleset, total) for total in counts} - {0}))


def _ends(ruleset: Ruleset, total: int) -> str:
    """A count below the largest that cannot be shown, and why: how many ends the layout has."""
    top = ruleset["tiles.max_pip"]
    if ruleset["play.spinner"] is SpinnerReading.NONE:
        return _("the open ends of a double-{top} layout cannot count {total} (no spinner: two ends, a plain half "
                 "or a double laid across at each; an odd count has a plain end, at most {top})").format(
            top=top, total=total)
    return _("the open ends of a double-{top} layout cannot count {total} (the ends of the arms and the spinner, "
             "each double once)").format(top=top, total=total)


def _listed(values: tuple[int, ...]) -> str:
    if len(values) <= 12:
        return ", ".join(map(str, values))
    return ", ".join(map(str, values[:8])) + f", ... {values[-1]}"


def _rule(ruleset: Ruleset) -> str:
    how, multiple = ruleset["play.scores"], ruleset["play.multiple"]
    if how is PlayScore.TOTAL:
        return _("a count scores itself when it is a multiple of {multiple}").format(multiple=multiple)
    if how is PlayScore.QUOTIENT:
        return _("a count that is a multiple of {multiple} scores count/{multiple}").format(multiple=multiple)
    return _("a multiple of 5 scores count/5 and a multiple of 3 count/3")


_NO_POINTS = N_("{ruleset} scores no points during play (play.scores = none)")


def check_claim(ruleset: Ruleset, points: int) -> None:
    """Refuse a single claim the ruleset cannot produce, with the reason."""
    if points < 0:
        raise InputError(_("a claim cannot be negative ({points})").format(points=points))
    if ruleset["play.scores"] is PlayScore.NONE:
        raise InputError(_("{ruleset} scores no points during play (play.scores = none): nothing can be claimed")
                         .format(ruleset=ruleset.called))
    if points == 0:
        raise InputError(_("a claim of 0 scores nothing"))
    possible = producible_scores(ruleset)
    if points not in possible:
        top = max_count(ruleset["tiles.max_pip"], ruleset["play.spinner"])
        raise InputError(_("{ruleset} cannot score {points} in one play: {rule}, and the open ends of a "
                           "double-{pip} layout count at most {top} (possible: {possible})").format(
            ruleset=ruleset.called, points=points, rule=_rule(ruleset), pip=ruleset["tiles.max_pip"], top=top,
            possible=_listed(possible)))


def check_play_total(ruleset: Ruleset, points: int) -> None:
    """Refuse an in-play total (``round --points``) that no sequence of claims can add up to."""
    if points < 0:
        raise InputError(_("in-play points cannot be negative ({points})").format(points=points))
    if points == 0:
        return
    if points > MAX_PLAY_TOTAL:
        raise InputError(_("{points} in-play points in one hand is more than any hand can make").format(
            points=points))
    if ruleset["play.scores"] is PlayScore.NONE:
        raise InputError(_(_NO_POINTS).format(ruleset=ruleset.called))
    possible = producible_scores(ruleset)
    reachable = bytearray(points + 1)
    reachable[0] = 1
    for amount in range(1, points + 1):
        reachable[amount] = any(reachable[amount - step] for step in possible if step <= amount)
    if not reachable[points]:
        raise InputError(_("{ruleset} cannot make {points} during play: {rule} (one play scores one of "
                           "{possible})").format(ruleset=ruleset.called, points=points, rule=_rule(ruleset),
                                                 possible=_listed(possible)))


def score_for_count(ruleset: Ruleset, total: int) -> int:
    """What a count the referee is told (``score PLAYER --count N``) scores; refuses a count that scores
    nothing or that no layout of the set can show."""
    if total < 0:
        raise InputError(_("a count cannot be negative ({total})").format(total=total))
    if ruleset["play.scores"] is PlayScore.NONE:
        raise InputError(_(_NO_POINTS).format(ruleset=ruleset.called))
    counts = possible_counts(ruleset["tiles.max_pip"], ruleset["play.spinner"])
    if total not in counts:
        top = max(counts)
        if total > top:
            raise InputError(_("the open ends of a double-{pip} layout count at most {top}, not {total}").format(
                pip=ruleset["tiles.max_pip"], top=top, total=total))
        raise InputError(_ends(ruleset, total))
    points = score_of(ruleset, total)
    if not points:
        raise InputError(_("a count of {total} scores nothing in {ruleset}: {why}").format(
            total=total, ruleset=ruleset.called, why=explain_score(ruleset, total)))
    return points
