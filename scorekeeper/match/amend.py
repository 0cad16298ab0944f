"""Fixing the past: replace or delete any recorded round, or put back what a change took out (``redo``).
Everything after it is re-scored by replay.  Where a change goes back: ``revisions``.

Pure like ``record``: a new ``Match`` comes back, checked, and nothing is written.

    match, table, said = redo(match, ruleset)        # the newest change not yet taken back
    match, table, said = redo(match, ruleset, 2)     # change 2 of 'undo --list'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from scorekeeper.domain.facts import Match, Round, Ruling, Undoing
from scorekeeper.errors import InputError, StateError
from scorekeeper.i18n import N_, _
from scorekeeper.match.checks import LED, check_round, in_order, lead_breaches
from scorekeeper.match.opened import lead_problems, match_problems
from scorekeeper.match.record import with_rulings
from scorekeeper.match.revisions import Places, describe, round_label, settled, with_change
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.checked import before_link, holds, sealed, sealed_match, taken_out
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.lead import opening as lead_opening
from scorekeeper.scoring.table import RoundResult, Table

if TYPE_CHECKING:  # start-up: a type only here
    from scorekeeper.scoring.finding import Finding

    Settled = tuple[tuple[int, Finding], ...]
    """Breaches of how a round was led that a change of the rounds before it made (round number, breach): kept
    as the round's rulings (``settle_leads``)."""


def check_number(match: Match, number: int) -> None:
    """InputError unless ``number`` names a recorded round (1 is the first)."""
    if not match.rounds:
        raise InputError(_("there is no round {number}: no round has been recorded yet").format(number=number))
    if not 1 <= number <= len(match.rounds):
        raise InputError(_("there is no round {number}: the match has rounds 1 to {last}").format(
            number=number, last=len(match.rounds)))


def edit_round(match: Match, ruleset: Ruleset, number: int, rnd: Round, keep_in_play: bool = True,
               scored: Sequence[RoundResult] = (), allow: bool = False) -> tuple[Match, Table, Settled]:
    """Replace round ``number`` with ``rnd`` (checked as ``round`` checks it, ``allow`` as it takes it); the new
    match, its table and the leads settled after it (``settle_leads``). The old facts stay in the match's
    history, for ``redo``.

    ``keep_in_play``: the old round's in-play facts (its claims and in-play totals) are kept and ``rnd``'s
    are ignored, since ``round``'s flags do not restate single claims; false: ``rnd``'s in-play facts
    replace them (none given: the round has no points made during play). ``scored``: the results of the
    match as it was, when the caller has them (the rounds before ``number`` are not scored again).
    """
    check_number(match, number)
    old = match.rounds[number - 1]
    if keep_in_play:
        rnd = rnd._replace(claims=old.claims, play_points=old.play_points)
    rnd = rnd._replace(line=old.line)
    if len(scored) < number - 1:
        scored = replay(ruleset, match).rounds
    rnd = with_rulings(match, ruleset, rnd, scored[number - 2] if number > 1 else None, allow)
    rounds = match.rounds[:number - 1] + (rnd,) + match.rounds[number:]
    kept = with_change(match, Undoing.EDIT, number, round=taken_out(ruleset, match, number))  # for 'redo'
    match, table = _rescored(match._replace(rounds=rounds, history=kept), ruleset, scored[:number - 1], "edit",
                             match, number=number)
    return settle_leads(match, ruleset, table, (number + 1,))


def delete_round(match: Match, ruleset: Ruleset, number: int,
                 scored: Sequence[RoundResult] = ()) -> tuple[Match, Table, Settled]:
    """Remove round ``number``; the later rounds move up one.  The new match, its table (``scored``: as for
    edit_round) and the leads settled (``settle_leads``: the round that moves up is led after another round,
    or first). The round's facts stay in the match's history, for ``redo``."""
    check_number(match, number)
    rounds = match.rounds[:number - 1] + match.rounds[number:]
    kept = with_change(match, Undoing.DELETE, number, round=taken_out(ruleset, match, number))
    match, table = _rescored(match._replace(rounds=rounds, history=kept), ruleset, scored[:number - 1], "delete",
                             match, number=number)
    return settle_leads(match, ruleset, table, (number,))


def settle_leads(match: Match, ruleset: Ruleset, table: Table,
                 numbers: Sequence[int]) -> tuple[Match, Table, Settled]:
    """The rounds ``numbers`` led again as the rounds now before them say (rules.md §10.9): a round that moved
    (a delete, a redo) or whose previous round changed (an edit) was led as the table then stood, and how it
    was led is a fact.  A breach of the lead it shows now becomes one of its rulings (a file scorekeeper wrote
    is never one it refuses); a ruling on its lead that no longer applies is dropped.  The match, its table
    (the same scores: rulings do not score) and the breaches that became rulings."""
    rounds, results, news = list(match.rounds), list(table.rounds), []
    for number in sorted(set(numbers)):
        if not 1 <= number <= len(results) or not rounds[number - 1].plays:
            continue
        rnd = rounds[number - 1]
        opening = lead_opening(ruleset, match, results[number - 2] if number > 1 else None)
        try:
            led = lead_breaches(match, ruleset, rnd, opening)
        except InputError:  # a hand that cannot be followed any more has no lead to settle
            continue
        rulings = in_order([ruling for ruling in rnd.rulings if ruling.breach not in LED] +
                           [Ruling(finding.play, finding.breach) for finding in led])
        if rulings == rnd.rulings:
            continue
        news += [(number, finding) for finding in led if Ruling(finding.play, finding.breach) not in rnd.rulings]
        rounds[number - 1] = rnd = _ruled(ruleset, match, rnd, rulings, rounds[number - 2] if number > 1 else None)
        results[number - 1] = results[number - 1]._replace(facts=rnd)
    if rounds == list(match.rounds):
        return match, table, ()
    return match._replace(rounds=tuple(rounds)), table._replace(rounds=tuple(results)), tuple(news)


def _ruled(ruleset: Ruleset, match: Match, rnd: Round, rulings: tuple[Ruling, ...], previous: Round | None) -> Round:
    """``rnd`` with its lead's rulings settled, sealed again after ``previous`` with what its plays scored as its
    seal keeps them, where it holds (rulings score nothing); else unsealed, checked and sealed when written."""
    settled = rnd._replace(rulings=rulings, checked=None)
    if rnd.checked is None or not holds(ruleset, match, rnd, previous):
        return settled
    return sealed(ruleset, match, settled, before_link(previous), rnd.checked.scores)


_DECIDED_BEFORE = {
    "edit": N_("with round {number} changed, the match would be decided in round {decided}, but rounds {after} "
               "to {last} come after it: delete those rounds first"),
    "delete": N_("without round {number}, the match would be decided in round {decided}, but rounds {after} to "
                 "{last} come after it: delete those rounds first"),
    "redo": N_("with {label} put back, the match would be decided in round {decided}, but rounds {after} to "
               "{last} come after it: delete those rounds first")}
_LEAD_BROKEN = {"edit": N_("with round {number} changed, {problem}: change or delete that round first"),
                "delete": N_("without round {number}, {problem}: change or delete that round first"),
                "redo": N_("with {label} put back, {problem}: change or delete that round first")}
"""What a change refused by the rounds after it says, by the change (``_rescored``)."""


def _rescored(match: Match, ruleset: Ruleset, before: Sequence[RoundResult], change: str, old: Match,
              **said: object) -> tuple[Match, Table]:
    """Check again the rounds the change made (``old``, the match it was made to, was checked whole: its
    rounds here as they were are not checked again), then replay (after the unchanged rounds ``before``);
    refuse a change that would leave a round its checks refuse, or rounds recorded after the match was
    decided.  ``change`` (edit, delete, redo), ``old`` (the match before it) and ``said`` (its round's
    ``number`` or ``label``) say which change it was: a round is named by its number before the change."""
    numbers = {rnd.line: number for number, rnd in enumerate(old.rounds, start=1) if rnd.line is not None}
    problems = match_problems(match, ruleset, "", numbers, known=old)
    if problems:
        raise StateError(_(_LEAD_BROKEN[change]).format(problem=problems[0].message, **said))
    match = sealed_match(ruleset, match, known=old)
    table = replay(ruleset, match, before)
    if len(table.rounds) < len(match.rounds):
        decided = len(table.rounds)
        raise StateError(_(_DECIDED_BEFORE[change]).format(decided=decided, after=decided + 1,
                                                           last=len(match.rounds), **said))
    leads = lead_problems(match, ruleset, table, "")
    if leads:  # a later 6-6 lead on the hundred may need points the change takes away
        raise StateError(_(_LEAD_BROKEN[change]).format(problem=leads[0].message, **said))
    return match, table


def _choose(match: Match, number: int | None) -> int:
    history = match.history
    if number is None:
        waiting = [index for index, entry in enumerate(history) if not entry.redone]
        if not waiting:
            edits = [str(index + 1) for index, entry in enumerate(history)
                     if entry.change is Undoing.EDIT and entry.edited is not None]
            if match.hand is not None:  # 'undo' took back a play, which is not kept to be put back
                raise StateError(_("nothing to redo: a play taken back is typed again in 'scorekeeper play', not "
                                   "redone ('undo --list' shows the changes of rounds and claims)"))
            if not history:
                raise StateError(_("nothing to redo: nothing has been undone, deleted or edited"))
            if edits:
                raise StateError(_("nothing to redo: every change taken back is back ('undo --list' shows them; "
                                   "'redo {edit}' puts back what edit {edit} wrote)").format(edit=edits[-1]))
            raise StateError(_("nothing to redo: every change taken back is back ('undo --list' shows them)"))
        return waiting[-1]
    if not history:
        raise InputError(_("there is no change {number}: nothing has been undone, deleted or edited").format(
            number=number))
    if not 1 <= number <= len(history):
        raise InputError(_("there is no change {number}: 'undo --list' shows changes 1 to {last}").format(
            number=number, last=len(history)))
    entry = history[number - 1]
    if entry.redone and not (entry.change is Undoing.EDIT and entry.edited is not None):
        raise StateError(_("change {number} ({change}) was already put back").format(number=number,
                                                                                     change=describe(entry)))
    return number - 1  # an edit put back: asked for again by its number, what the edit wrote goes back


def redo(match: Match, ruleset: Ruleset, number: int | None = None,
         scored: Sequence[RoundResult] = ()) -> tuple[Match, Table, str, Settled]:
    """Put back what change ``number`` of the history took out (None: the newest not yet put back); the new
    match, its table, what was put back, in words, and the leads settled (``settle_leads``: the round put back
    and the one after it). ``scored``: the results of the match as it is, when the caller has them. Refused
    (StateError) where the facts can no longer go back as they were, or where they would go can no longer be
    told (``revisions``' docstring)."""
    index = _choose(match, number)
    entry = match.history[index]
    line = Places(match)
    place = line.places[index]
    if place is None:
        raise StateError(_("change {number} ({change}) was kept by an older scorekeeper, and the rounds have "
                           "moved since in a way its history does not tell: where it goes can no longer be told "
                           "(its facts stay in the history)").format(number=index + 1, change=describe(entry)))
    if line.clash:
        raise StateError(_(_CLASH).format(number=index + 1))
    later = _later_change(match, line, index, place)
    history = list(settled(match.history, line.places))
    history[index] = entry._replace(redone=True, place=place)
    count = len(match.rounds)
    if entry.claim is not None:
        if place != line.end + 1:
            raise StateError(_("the claim of {points} by {player} was made in hand {number}, which a round has "
                               "closed since: it cannot go back (edit that round with --points instead)").format(
                points=entry.claim.points, player=entry.claim.player, number=entry.number))
        undone = next((later for later in range(index + 1, len(history)) if match.history[later].round is not None
                       and match.history[later].change is Undoing.UNDO and not match.history[later].redone), None)
        if undone is not None:
            raise StateError(_("the claim of {points} by {player} was made in a hand that is no longer in "
                               "progress: round {number} was undone since and its hand is played again (put back "
                               "change {change} first)").format(points=entry.claim.points,
                                                                 player=entry.claim.player,
                                                                 number=match.history[undone].number,
                                                                 change=undone + 1))
        from scorekeeper.match.claims import add_claim  # start-up: keeps the claims and counts out of edit, delete

        over = replay(ruleset, match, scored).over
        restored = add_claim(match, ruleset, entry.claim.player, entry.claim.points, over, entry.claim.count)
        restored = restored._replace(history=tuple(history))
        return restored, replay(ruleset, restored, scored), _("the claim of {points} by {player}").format(
            points=entry.claim.points, player=entry.claim.player), ()
    rnd = entry.round
    at = line.number_at(place)
    then = _(_WHEN[entry.change]).format(number=entry.number) if at != entry.number else ""
    label = _("round {number} ({facts})").format(number=at, facts=round_label(rnd))
    if entry.change is Undoing.EDIT:
        again = entry.redone  # an edit put back, asked for again: what the edit wrote goes back
        facts = entry.edited if again else rnd
        if later is not None:
            raise StateError(_(_FACTS_STAND_IN_THE_WAY[again]).format(number=entry.number,
                                                                      why=_since(match, line, later)))
        if place in line.gaps or at > count:
            raise StateError(_(_FACTS_GONE[again]).format(number=entry.number))
        replaced = match.rounds[at - 1]
        # putting the edit back keeps what it wrote beside it; taking that back leaves the edit to put back
        history[index] = entry._replace(redone=False, edited=None) if again else \
            history[index]._replace(edited=replaced.facts())
        rounds = match.rounds[:at - 1] + (facts._replace(line=replaced.line),) + match.rounds[at:]
        restored = match._replace(rounds=rounds, history=tuple(history))
        said = _(_EDIT_PUT_BACK[again, bool(then)]).format(number=at, facts=round_label(facts), then=then)
    else:
        if line.gaps.get(place) != index:
            raise StateError(_(_CLASH).format(number=index + 1))
        pending = match.pending
        if entry.change is Undoing.UNDO:
            if at <= count:
                raise StateError(_("round {number} ({facts}) cannot be put back: round {at} was recorded again "
                                   "after the undo (delete it first)").format(number=entry.number,
                                                                               facts=round_label(rnd), at=at))
            # a newer undo took out a round played before this one: that round goes back first (an older
            # undo before it is one a round was recorded after, in its place)
            before = next((other for other in sorted(line.gaps.values()) if other > index
                           and line.places[other] < place and match.history[other].change is Undoing.UNDO), None)
            if before is not None:
                raise StateError(_("round {number} ({facts}) cannot be put back yet: round {undone} was undone "
                                   "after it; put back the rounds before it first (change {change})").format(
                    number=entry.number, facts=round_label(rnd), undone=match.history[before].number,
                    change=before + 1))
            if rnd.claims:
                if pending[:len(rnd.claims)] != rnd.claims:
                    raise StateError(_("{label} cannot be put back: the claims of its hand are no longer the hand "
                                       "in progress's").format(label=label))
                pending = pending[len(rnd.claims):]  # undo gave them back to the hand: they return to the round
        rounds = match.rounds[:at - 1] + (rnd,) + match.rounds[at - 1:]
        restored = match._replace(rounds=rounds, pending=pending, history=tuple(history))
        said = (_("round {number} ({facts}; {then})") if then else _("round {number} ({facts})")).format(
            number=at, facts=round_label(rnd), then=then)
    check_round(restored, ruleset, rnd)
    restored, table = _rescored(restored, ruleset, scored[:at - 1], "redo", match, label=label)
    restored, table, leads = settle_leads(restored, ruleset, table, (at, at + 1))
    return restored, table, said, leads


_CLASH = N_("the places in the match file's history do not fit its rounds (was it edited by hand?): change "
            "{number} cannot be put back safely")
_WHEN = {Undoing.DELETE: N_("round {number} when it was deleted"),
         Undoing.UNDO: N_("round {number} when it was undone"), Undoing.EDIT: N_("round {number} when it was edited")}
"""Where a round put back stood when the change took it out, when it goes back elsewhere."""
_FACTS_STAND_IN_THE_WAY = {True: N_("round {number}'s facts as the edit wrote them cannot go back: {why}"),
                           False: N_("round {number}'s facts before the edit cannot go back: {why}")}
_FACTS_GONE = {True: N_("round {number} is no longer in the match: its facts as the edit wrote them cannot go back"),
               False: N_("round {number} is no longer in the match: its facts before the edit cannot go back")}
_EDIT_PUT_BACK = {(True, False): N_("round {number} as the edit wrote it ({facts})"),
                  (True, True): N_("round {number} as the edit wrote it ({facts}; {then})"),
                  (False, False): N_("round {number} as it was before the edit ({facts})"),
                  (False, True): N_("round {number} as it was before the edit ({facts}; {then})")}
"""An edit put back, in words: what it wrote (asked for again) or what it replaced, and where it stood."""
_SINCE = {Undoing.DELETE: N_("the round was deleted since (change {number}): put that back first"),
          Undoing.UNDO: N_("the round was undone since (change {number}): put that back first"),
          Undoing.EDIT: N_("the round was edited again since (change {number}): put that back first")}


def _later_change(match: Match, line: Places, index: int, place: int) -> int | None:
    """The newest change after ``index``, about the same round and not put back (None: there is none)."""
    for later in range(len(match.history) - 1, index, -1):
        entry = match.history[later]
        if entry.round is not None and not entry.redone and line.places[later] == place:
            return later
    return None


def _since(match: Match, line: Places, later: int) -> str:
    """Why a change after it stands in the way, in words."""
    return _(_SINCE[match.history[later].change]).format(number=later + 1)
