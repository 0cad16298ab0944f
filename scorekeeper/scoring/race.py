"""Stage ``play_hand``, the points race (rules.md §4, §5): points claimed during play, the target, and when the
match is decided.

Within a hand the points come in order: each claim as it was made, then the end-of-hand count.  Keys:
``end.target`` (``end.target_more_players`` with more than two players), ``end.exact`` (points that would
pass the target are not scored), ``end.at_once`` (reaching the target during play wins at once),
``end.several_reach`` (several sides over the target: highest wins or a draw), ``end.rounds`` /
``end.rounds_winner`` (a fixed number of rounds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, NamedTuple

from scorekeeper.domain.facts import Claim, Match
from scorekeeper.i18n import N_, _, language
from scorekeeper.i18n.message import Message
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.notation.stored_plays import PlayLine
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget, PlayScore, RoundsWinner, SeveralReach
from scorekeeper.scoring.checked import scores_of
from scorekeeper.scoring.seats import seats
from scorekeeper.scoring.state import RoundState
from scorekeeper.scoring.table import Decision, Step

if TYPE_CHECKING:  # start-up: a type only here
    from scorekeeper.domain.checked import ScoredPlay


DRAW = Decision(None, None)


def target_for(ruleset: Ruleset, match: Match) -> int:
    """The target for this table (0: none)."""
    more = ruleset["end.target_more_players"]
    if more and len(match.players) > 2:
        return more
    return ruleset["end.target"]


class Race(NamedTuple):
    """One hand of a points race, scored event by event."""

    points: dict[str, int]
    """Each side's points from the hand (claims, then the end-of-hand count), as scored."""
    claimed: dict[str, int]
    """Of those, the points claimed during play."""
    first: str | None = None
    """The side that reached the target first during this hand, when ``end.at_once`` stops the hand."""


def play_hand(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    """The round's claims (``play.scores``), then its end-of-hand points, in order, against the target.  A
    round given play by play scores its plays as this ruleset counts the board (rules.md §10.3), not the
    claims typed with it."""
    rnd = state.facts
    claims = rnd.claims + rnd.play_points
    notes: list[Message] = []
    scored = None
    if rnd.plays and ruleset["play.scores"] is not PlayScore.NONE:
        previous = state.previous.facts if state.previous is not None else None
        scored = scores_of(ruleset, match, rnd, previous)  # as checking the round found them, where that holds
        if scored is None:
            scored = _board_scores(ruleset, match, rnd, notes)
    if not claims and not scored and not ruleset["end.exact"] and not ruleset["end.at_once"]:
        return state.but(notes=state.notes + tuple(notes)) if notes else state
    explain = state.steps is not None
    steps: list[Step] | None = [] if explain else None  # no texts for a replay without them
    scores = {name: account.score for name, account in state.accounts.items()}
    hand = play(ruleset, match, scores, claims, state.points, steps, notes, scored, rnd.plays if explain else None)
    state.points, state.reached_first = hand.points, hand.first  # set, not ``but``: every round of every replay
    if steps:
        state.steps = state.added(steps)
    if notes:
        state.notes += tuple(notes)
    return state


def _board_scores(ruleset: Ruleset, match: Match, rnd, notes: list[Message]) -> tuple[ScoredPlay, ...] | None:
    """What the plays scored under this ruleset, play by play; None (the claims typed are scored instead,
    with a note) when this ruleset's layout cannot follow them."""
    from scorekeeper.scoring.board import follow_hand, refusal, scored_plays  # start-up: only rounds typed play by play

    held = {player: hand.tiles for player, hand in rnd.hands.items() if hand.tiles is not None}
    if rnd.out:
        held[rnd.out] = ()
    followed = follow_hand(ruleset, match.players, rnd.plays, held)
    if followed.illegal is not None:
        notes.append(Message.of(N_("{ruleset} cannot follow the plays ({why}): the points claimed with the round "
                                   "are scored instead"), NoteKind.NOT_FOLLOWED, ruleset=ruleset.called,
                                why=refusal(followed)))
        return None
    return scored_plays(ruleset, followed)


def _claim_events(ruleset: Ruleset, match: Match, claims: tuple[Claim, ...], steps: list[Step] | None) -> list[tuple]:
    events = []
    for claim in claims:
        side = match.side_of(claim.player).name
        other = side != claim.player
        if claim.count is None:
            text = (_("{player} claims {points} during play for {side}") if other else
                    _("{player} claims {points} during play"))
            events.append((side, claim.points, "play.scores",
                           text.format(player=claim.player, points=claim.points, side=side)))
            continue
        # a claim told as a count scores what this ruleset makes of the count (rules.md §4.3)
        from scorekeeper.scoring.counts import explain_score, score_of  # start-up: keeps counts out of points claimed

        value = score_of(ruleset, claim.count)
        if not value:
            if steps is None:
                continue
            steps.append(Step(side, "play.scores", _(
                "{player}'s count of {count} scores nothing under {ruleset}: {why}").format(
                player=claim.player, count=claim.count, ruleset=ruleset.called,
                why=explain_score(ruleset, claim.count))))
            continue
        text = (_("{player} claims {points} during play (count {count}) for {side}") if other else
                _("{player} claims {points} during play (count {count})"))
        events.append((side, value, "play.scores",
                       text.format(player=claim.player, points=value, count=claim.count, side=side)))
    return events


def _play_events(side_of: Mapping[str, str], scored: tuple[ScoredPlay, ...], steps: list[Step] | None,
                 plays=None) -> list[tuple]:
    """The events of the plays that scored (``side_of``: each player's side); with the hand's ``plays``, what
    each one did in words (the steps ``explain`` shows), which a table alone does not need: it then never
    reads the plays."""
    if plays is None:
        return [(side_of[item.taker], item.points, "play.scores", "") for item in scored if item.taker is not None]
    events = []
    for item in scored:
        player, said = _said(plays, item.number - 1)
        side = side_of[player if item.taker is None else item.taker]
        fields = {"number": item.number, "play": said, "count": item.count, "points": item.points,
                  "player": player, "taker": item.taker, "side": side}
        if item.taker is None:
            steps.append(Step(side, "play.muggins", _(
                "play {number}, {play}: the ends count {count}, {points} missed by {player} and lost").format_map(
                fields)))
            continue
        other = side != item.taker
        if item.taker != player:
            text = (_("play {number}, {play}: the ends count {count}, {points} missed by {player}: {taker} calls "
                      "muggins and takes it for {side}") if other else
                    _("play {number}, {play}: the ends count {count}, {points} missed by {player}: {taker} calls "
                      "muggins and takes it"))
            events.append((side, item.points, "play.muggins", text.format_map(fields)))
        else:
            text = (_("play {number}, {play}: the ends count {count}, {player} scores {points} for {side}")
                    if other else _("play {number}, {play}: the ends count {count}, {player} scores {points}"))
            events.append((side, item.points, "play.scores", text.format_map(fields)))
    return events


_SAID: dict = {}
"""What ``_said`` worked out, by language and play: the play as its line stores it, or the play itself."""
SAID_MOST = 4096
"""The most plays ``_SAID`` keeps; past that it starts again (a long match says a few hundred)."""


def _said(plays, index: int) -> tuple[str, str]:
    """Who made play ``index`` (from 0) of ``plays``, and the play in the words of the language in use, its
    outcome left out (the step says it): each play worded once a language, since a long match says the same
    few hundred plays again and again, and reading and wording each scoring play of every hand was most of
    what the steps cost (the JSON export of a long match typed play by play)."""
    stored = plays.stored(index) if isinstance(plays, PlayLine) else None  # read alone, as plays[index] reads it
    key = (language(), plays[index] if stored is None else stored)
    known = _SAID.get(key)
    if known is None:
        from scorekeeper.notation.play_line import said_play  # start-up: as in _board_scores

        play = plays[index]
        if len(_SAID) >= SAID_MOST:
            _SAID.clear()
        known = _SAID[key] = (play.player, said_play(play._replace(missed=False, taker=None)))
    return known


def play(ruleset: Ruleset, match: Match, scores: dict[str, int], claims: Iterable[Claim],
         end_points: dict[str, int] | None, steps: list[Step] | None, notes: list[Message],
         scored: tuple[ScoredPlay, ...] | None = None, plays=None) -> Race:
    """Score one hand's events in order: the claims (or, ``scored``, what the plays scored on the board),
    then ``end_points`` (None: the hand is still in play).  ``steps``: where to say what was applied, None to
    say nothing; ``plays``: the hand's plays, to say what each scoring play did (with ``steps``)."""
    target = target_for(ruleset, match)
    seating = seats(match)
    running = dict(scores)
    points = dict.fromkeys(seating.names, 0)
    claimed = dict(points)
    claims = tuple(claims)
    if claims and ruleset["play.scores"] is PlayScore.NONE:
        notes.append(Message.of(N_("{ruleset} scores nothing during play: the claims ({claims}) are not counted"),
                                ruleset=ruleset.called, claims=", ".join(f"{c.player} {c.points}" for c in claims)))
        claims = ()
    at_once = ruleset["end.at_once"] and target > 0 and ruleset["end.at_target"] is AtTarget.WINS
    if scored is not None:
        events = _play_events(seating.side_of, scored, steps, plays)
    else:
        events = _claim_events(ruleset, match, claims, steps)
    events += [(name, value, None, "") for name, value in (end_points or {}).items() if value]
    exact = ruleset["end.exact"] and target
    for side, value, key, said in events:
        if exact and running[side] + value > target:
            if steps is None:
                continue
            steps.append(Step(side, "end.exact", _(
                "{side}: {points} not scored: {score} + {points} would pass the target {target}, which must be "
                "reached exactly").format(side=side, points=value, score=running[side], target=target)))
            continue
        running[side] += value
        points[side] += value
        if key is not None:
            claimed[side] += value
            if steps is not None:
                steps.append(Step(side, key, said))
        if at_once and running[side] >= target:
            if steps is None:
                return Race(points, claimed, side)
            steps.append(Step(side, "end.at_once", _(
                "{side} reaches {score} of {target} and wins at once; nothing after it in this hand is "
                "scored").format(side=side, score=running[side], target=target)))
            return Race(points, claimed, side)
    return Race(points, claimed)


def decide(ruleset: Ruleset, match: Match, scores: dict[str, int], played: int,
           first: str | None = None) -> Decision | None:
    """The decision once the scores decide the match (a draw names nobody); None while it goes on."""
    target = target_for(ruleset, match)
    rounds = ruleset["end.rounds"]
    if (not target or max(scores.values()) < target) and not (rounds and played >= rounds):
        return None  # the common case, cheaply: nobody at the target, the rounds not all played
    names = [side.name for side in match.sides]
    reached = [name for name in names if target and scores[name] >= target]
    if reached:
        if first in reached:
            top = first
        elif ruleset["end.several_reach"] is SeveralReach.DRAW and _drawn(reached, scores, target):
            return DRAW
        else:
            top = max(reached, key=lambda name: scores[name])  # ties: the earlier seat
        others = [name for name in names if name != top]
        # end.name_other false: only the side that reached the target is named (Sea Goat: the winner)
        other = others[0] if len(others) == 1 and ruleset["end.name_other"] else None
        return Decision(other, top) if ruleset["end.at_target"] is AtTarget.LOSES else Decision(top, other)
    if rounds and played >= rounds:
        pick = min if ruleset["end.rounds_winner"] is RoundsWinner.LOWEST else max
        best = pick(scores.values())
        found = [name for name in names if scores[name] == best]
        if len(found) > 1:
            return DRAW
        others = [name for name in names if name != found[0]]
        return Decision(found[0], others[0] if len(others) == 1 else None)
    return None


def by_rule(ruleset: Ruleset, match: Match, winner: str | None, loser: str | None, why: Message) -> Decision:
    """A rule of the round decides the match whatever the scores; with two sides the other one is named too
    (the side that did not lose won; the loser only when ``end.name_other``)."""
    others = [side.name for side in match.sides if side.name not in (winner, loser)]
    if len(match.sides) == 2:
        if winner is None:
            winner = others[0]
        elif ruleset["end.name_other"]:
            loser = others[0]
    return Decision(winner, loser, why)


def _drawn(reached: list[str], scores: dict[str, int], target: int) -> bool:
    """``end.several_reach = "draw"``: two or more sides at or over the target (004, Phone: "both 225 or
    more" is a draw: 225 against 226 too)."""
    return len(reached) > 1
