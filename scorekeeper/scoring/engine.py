"""Replay a match: fold every round's facts through the ruleset into the table.  Pure: (ruleset, facts).

Each round is scored by ``pipeline.score_round`` (the ordered stages); this module carries the accounts and
the eggs from round to round, decides when the match is over, and says who leads next (``lead``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Sequence

from scorekeeper.domain.facts import Match
from scorekeeper.i18n import N_
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget
from scorekeeper.scoring import race
from scorekeeper.scoring.lead import lead_note, leader_after, next_lead
from scorekeeper.scoring.pipeline import score_round, stages_for
from scorekeeper.scoring.state import Account, Pot
from scorekeeper.scoring.table import Decision, RoundResult, Standing, Table


def replay(ruleset: Ruleset, match: Match, scored: Sequence[RoundResult] = (), kept: int = 0,
           explain: bool = False) -> Table:
    """Compute the table from the facts.  Rounds recorded after the match was decided are not scored.

    ``explain``: record in each round's result the rules applied (its ``steps``, what ``explain`` and the
    exports show); without it they are None.  ``explained`` works them out for one round of a table.

    ``scored``: results this ruleset already gave for the first rounds of the same match (a ``Table.rounds``,
    or the start of one); the fold resumes after them.  Only the leading results whose facts are the
    match's own rounds are reused; from the first that is not, the rounds are scored again.

    ``kept``: how many of the match's first rounds the caller knows to be, object for object, the rounds
    ``scored`` was scored from, because it made ``match`` from the match it scored (a live session that
    appends a round, drops the last or adds a claim).  Those are not walked again, so a session's round
    costs the same on a long match as on a short one; the last of them is still checked (its
    number and its facts, by identity), and every round after it is compared as without ``kept``.
    """
    results = list(scored[:_reusable(match, scored, kept, explain)])
    accounts, pot = _carried(match, results)
    decided = _decided_after(ruleset, match, results, accounts)
    stages = stages_for(ruleset)
    previous = results[-1] if results else None
    target, rounds = race.target_for(ruleset, match), ruleset["end.rounds"]
    for number, rnd in enumerate(match.rounds[len(results):], start=len(results) + 1):
        if decided:
            break
        previous, accounts, pot = score_round(ruleset, match, rnd, number, previous, accounts, pot, stages, explain)
        results.append(previous)
        decided = previous.decision
        if decided is None and (rounds or not target or previous.reached_first or _at_target(accounts, target)):
            decided = decide(ruleset, match, accounts, number, previous.reached_first)
    in_play: dict[str, int] = {}
    if match.pending and not decided:
        accounts, in_play, decided = _in_play(ruleset, match, accounts, len(results))
    hand = None
    if match.hand is not None:
        from scorekeeper.scoring.open_hand import hand_so_far  # start-up: only a match with a hand in play

        hand = hand_so_far(ruleset, match)
        for side, points in hand.points:  # in play, in the totals: the hand decides when it is recorded
            accounts = {**accounts, side: accounts[side]._replace(score=accounts[side].score + points)}
            in_play[side] = in_play.get(side, 0) + points
    winner, loser = (decided.winner, decided.loser) if decided else (None, None)
    leader = leader_after(ruleset, match, results[-1]) if results else None
    lead_tile = None
    note = lead_note(ruleset, match, results, leader)
    special = next_lead(ruleset, match, results, leader, pot.amount) if not decided else None
    if special:
        leader, lead_tile, note = special.leader, special.tile, special.note
    standings = tuple(Standing(side.name, side.players, accounts[side.name].score,
                               accounts[side.name].remembered) for side in match.sides)
    why = decided.why if decided else None
    if decided and not why:
        why = _tie_at_target(ruleset, match, accounts, winner, loser)
    return Table(ruleset=ruleset.name, sides=standings, rounds=tuple(results), eggs=pot.amount,
                 over=decided is not None, winner=winner, loser=loser, next_leader=leader,
                 next_lead=lead_tile, lead_note=note, decided_by=why, in_play=MappingProxyType(in_play),
                 target=target, hand=hand)


def _at_target(accounts: Mapping[str, Account], target: int) -> bool:
    """Whether a side's score has reached ``target`` (asked after every round: a loop, not a generator)."""
    for account in accounts.values():
        if account.score >= target:
            return True
    return False


def explained(ruleset: Ruleset, match: Match, results: Sequence[RoundResult], number: int) -> RoundResult:
    """Round ``number`` of a table (``results``, its rounds) scored again from the state the table holds
    before it, recording the rules applied: the same result, with its ``steps``."""
    before = results[:number - 1]
    accounts, pot = _carried(match, before)
    return score_round(ruleset, match, results[number - 1].facts, number, before[-1] if before else None,
                       accounts, pot, explain=True)[0]


def _reusable(match: Match, scored: Sequence[RoundResult], kept: int = 0, explain: bool = False) -> int:
    """How many of ``scored`` belong to ``match``: each the result of the round in its place, with the same
    facts (where in the file the round was read from does not matter).  The first ``kept`` are vouched for by
    the caller (see ``replay``): only the last of them is checked, then the walk goes on from there.  When the
    steps are asked for (``explain``), results without them are scored again."""
    if explain:
        scored = scored[:next((index for index, result in enumerate(scored) if result.steps is None), len(scored))]
    rounds = match.rounds
    count = 0
    if 0 < kept <= min(len(scored), len(rounds)):
        last = scored[kept - 1]
        if last.number == kept and last.facts is rounds[kept - 1]:
            count = kept
    for result in scored[count:len(rounds)]:
        rnd = rounds[count]
        if result.number != count + 1 or (result.facts is not rnd and result.facts.facts() != rnd.facts()):
            break
        count += 1
    return count


def _carried(match: Match, results: Sequence[RoundResult]) -> tuple[dict[str, Account], Pot]:
    """What the fold carries past the last of ``results``: each side's account and the eggs pot."""
    if not results:
        return {side.name: Account() for side in match.sides}, Pot()
    last = results[-1]
    return {item.side: Account(item.score, item.remembered) for item in last.sides}, Pot(last.eggs, last.eggs_age)


def _decided_after(ruleset: Ruleset, match: Match, results: Sequence[RoundResult],
                   accounts: Mapping[str, Account]) -> Decision | None:
    """Whether the match was decided by the last of ``results``."""
    if not results:
        return None
    last = results[-1]
    return last.decision or decide(ruleset, match, accounts, len(results), last.reached_first)


def _in_play(ruleset: Ruleset, match: Match, accounts: Mapping[str, Account], played: int):
    """The claims of the hand in progress, scored at once; the match may end on them (end.at_once)."""
    scores = {name: account.score for name, account in accounts.items()}
    running = race.play(ruleset, match, scores, match.pending, None, [], [])
    accounts = {name: Account(account.score + running.points[name], account.remembered)
                for name, account in accounts.items()}
    decided = None
    if running.first:
        decided = decide(ruleset, match, accounts, played, running.first)
    return accounts, running.points, decided


def decide(ruleset: Ruleset, match: Match, accounts: Mapping[str, Account], played: int = 0,
           first: str | None = None) -> Decision | None:
    """The decision once the scores decide the match; None while it goes on."""
    return race.decide(ruleset, match, {name: account.score for name, account in accounts.items()}, played,
                       first)


def _tie_at_target(ruleset: Ruleset, match: Match, accounts: Mapping[str, Account], winner: str | None,
                   loser: str | None) -> Message | None:
    """Say how a tie at the target was settled: the rules are silent, so the earlier seat is taken."""
    chosen = loser if ruleset["end.at_target"] is AtTarget.LOSES else winner
    if chosen is None:
        return None
    top = accounts[chosen].score
    level = [side.name for side in match.sides if accounts[side.name].score == top]
    if len(level) < 2:
        return None
    text = N_("{sides} reached {score} together; the rules do not say who is the goat, so the earlier seat, "
              "{chosen}, is taken") if ruleset["end.at_target"] is AtTarget.LOSES else \
        N_("{sides} reached {score} together; the rules do not say who is the winner, so the earlier seat, "
           "{chosen}, is taken")
    return Message.of(text, sides=tuple(level), score=top, chosen=chosen)
