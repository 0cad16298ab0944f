"""Replay a match: fold every round's facts through the ruleset into the table.  Pure: (ruleset, facts)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Sequence

from scorekeeper.facts import Ending, Match, Round
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import AtTarget, FirstLead, LeadAfterOut, SixSix, WriteOff
from scorekeeper.scoring import eggs, race
from scorekeeper.scoring.lead import next_lead
from scorekeeper.scoring.hands import hand_value
from scorekeeper.scoring.opening import Account, record, wipe
from scorekeeper.scoring.outcome import allocate
from scorekeeper.scoring.table import RoundResult, SideRound, Standing, Step, Table


def replay(ruleset: Ruleset, match: Match, scored: Sequence[RoundResult] = ()) -> Table:
    """Compute the table from the facts.  Rounds recorded after the match was decided are not scored.

    ``scored``: results this ruleset already gave for the first rounds of the same match (a ``Table.rounds``,
    or the start of one); they are taken as they are and the fold resumes after them.
    """
    results = list(scored)
    accounts, pot, decided = _state_after(ruleset, match, results)
    for number, rnd in enumerate(match.rounds[len(results):], start=len(results) + 1):
        if decided:
            break
        result, accounts, pot = score_round(ruleset, match, accounts, pot, rnd, number,
                                            previous=results[-1] if results else None)
        results.append(result)
        decided = (result.decision[:2] if result.decision
                   else decide(ruleset, match, accounts, number, result.reached_first))
    in_play: dict[str, int] = {}
    if match.pending and not decided:
        accounts, in_play, decided = _in_play(ruleset, match, accounts, len(results))
    winner, loser = decided or (None, None)
    leader = next_leader(ruleset, match, match.rounds[len(results) - 1]) if results else None
    lead_tile = None
    note = _lead_note(ruleset, results, leader)
    special = next_lead(ruleset, match, results, leader, pot.amount) if not decided else None
    if special:
        leader, lead_tile, note = special
    standings = tuple(Standing(side.name, side.players, accounts[side.name].score,
                               accounts[side.name].remembered) for side in match.sides)
    why = results[-1].decision.why if decided and results and results[-1].decision else ""
    if decided and not why:
        why = _tie_at_target(ruleset, match, accounts, winner, loser)
    return Table(ruleset=ruleset.name, sides=standings, rounds=tuple(results), eggs=pot.amount,
                 over=decided is not None, winner=winner, loser=loser, next_leader=leader,
                 next_lead=lead_tile, lead_note=note, decided_by=why, in_play=MappingProxyType(in_play),
                 target=race.target_for(ruleset, match))


def _state_after(ruleset: Ruleset, match: Match, results: list[RoundResult]):
    """What the fold carries past the last of ``results``: each side's account, the eggs pot, the decision."""
    if not results:
        return {side.name: Account() for side in match.sides}, eggs.Pot(), None
    last = results[-1]
    accounts = {item.side: Account(item.score, item.remembered) for item in last.sides}
    decided = (last.decision[:2] if last.decision
               else decide(ruleset, match, accounts, len(results), last.reached_first))
    return accounts, eggs.Pot(last.eggs, last.eggs_age), decided


def _in_play(ruleset: Ruleset, match: Match, accounts: dict[str, Account], played: int):
    """The claims of the hand in progress, scored at once; the match may end on them (end.at_once)."""
    scores = {name: account.score for name, account in accounts.items()}
    running = race.play(ruleset, match, scores, match.pending, None, [], [])
    accounts = {name: Account(account.score + running.points[name], account.remembered)
                for name, account in accounts.items()}
    decided = None
    if running.first:
        decided = decide(ruleset, match, accounts, played, running.first)
    return accounts, running.points, decided


def score_round(ruleset: Ruleset, match: Match, accounts: dict[str, Account], pot: eggs.Pot, rnd: Round,
                number: int, previous: RoundResult | None = None) -> tuple[RoundResult, dict[str, Account], eggs.Pot]:
    steps: list[Step] = []
    notes: list[str] = []
    player_hands: dict[str, int] = {}
    side_hands = _side_hands(ruleset, match, rnd, steps, notes, player_hands)
    # The optional rules' modules are imported only when the ruleset switches them on: a command pays for
    # the rules of its own game only.
    if ruleset["endhand.count"]:
        from scorekeeper.scoring.endhand import settle

        outcome = settle(ruleset, match, rnd, side_hands, player_hands, steps)
    else:
        outcome = allocate(ruleset, match, rnd, side_hands, steps)
    if ruleset["count.blocker_multiplier"] != 1:
        from scorekeeper.scoring.endhand import multiply_blocker

        outcome = multiply_blocker(ruleset, match, rnd, outcome, steps)
    if _bonuses_on(ruleset):
        from scorekeeper.scoring.double_bonus import add_bonuses

        outcome = add_bonuses(ruleset, rnd, outcome, steps, notes)
    points = dict(outcome.points)
    wiped = {name: 0 for name in points}
    accounts = dict(accounts)
    owed = previous.owes_hundred if previous else None
    on_hundred = None
    decision = None
    if ruleset["hundred.enabled"] or owed:
        from scorekeeper.scoring import hundred

        leader = round_leader(ruleset, match, previous, match.rounds[number - 2]) if number > 1 and previous else None
        on_hundred = hundred.side_on_hundred(ruleset, match, rnd, leader,
                                             {name: account.score for name, account in accounts.items()},
                                             owed, steps, notes)
        if on_hundred:
            decision, lost = hundred.settle(ruleset, match, on_hundred, outcome, side_hands, accounts, steps)
            wiped[on_hundred] += lost

    paid_to = None
    paid = 0
    if eggs.pays_before_opening(ruleset):
        paid_to = eggs.recipient(ruleset, pot, outcome)
        if paid_to:
            paid = pot.amount
            points[paid_to] += paid
            pot = eggs.pay(ruleset, pot, paid_to, steps)

    if rnd.ending is Ending.OUT and ruleset["opening.wipe_on_out"]:
        finisher = match.side_of(rnd.out).name
        accounts[finisher], wiped[finisher] = wipe(finisher, accounts[finisher], "opening.wipe_on_out",
                                                   f"{rnd.out} went out", steps)
    for name in outcome.wipe_remembered:
        accounts[name], lost = wipe(name, accounts[name], "fish.policy", "fish for one", steps)
        wiped[name] += lost

    hand = race.play(ruleset, match, {name: account.score for name, account in accounts.items()},
                     rnd.claims + rnd.play_points, points, steps, notes)
    points = hand.points
    recorded: dict[str, int] = {}
    dropped: dict[str, int] = {}
    for side in match.sides:
        entry = record(ruleset, side.name, accounts[side.name], points[side.name], steps,
                       eggs=paid if side.name == paid_to else 0)
        accounts[side.name] = entry.account
        recorded[side.name] = entry.recorded
        dropped[side.name] = entry.dropped
    written_off = dict.fromkeys(accounts, 0)
    if ruleset["opening.write_off"] is not WriteOff.NONE:
        from scorekeeper.scoring.writeoff import write_off

        written_off = write_off(ruleset, accounts, recorded, steps)
        for name, lost in written_off.items():
            wiped[name] += lost

    if not eggs.pays_before_opening(ruleset):
        # a record written off at once (write_off = "all") has not really recorded: the eggs wait
        kept = {name: value if not written_off[name] else 0 for name, value in recorded.items()}
        paid_to = eggs.recipient(ruleset, pot, outcome, kept)
        if paid_to:
            paid = pot.amount
            points[paid_to] += paid
            recorded[paid_to] += paid
            account = accounts[paid_to]
            accounts[paid_to] = Account(account.score + paid, account.remembered)
            pot = eggs.pay(ruleset, pot, paid_to, steps)

    owes_hundred = False
    if rnd.ending is Ending.OUT and _finishing_on(ruleset):
        from scorekeeper.scoring.finishing import finish

        ended = finish(ruleset, match, rnd, outcome, side_hands, steps, notes)
        decision = decision or ended.decision
        owes_hundred = ended.owes_hundred
    if rnd.ending is Ending.FISH and ruleset["fish.fisherman_notes"]:
        from scorekeeper.scoring.fisherman import fisherman_notes

        fisherman_notes(ruleset, match, rnd, outcome, side_hands, notes)
    pot, rotten = eggs.carry(ruleset, pot, outcome, paid_to is not None, steps)
    sides = tuple(SideRound(side=name, hand=side_hands[name], points=points[name], recorded=recorded[name],
                            score=accounts[name].score, remembered=accounts[name].remembered,
                            wiped=wiped[name], dropped=dropped[name]) for name in points)
    result = RoundResult(number=number, facts=rnd, sides=sides, eggs=pot.amount, eggs_age=pot.age,
                         eggs_added=outcome.tied_total, eggs_paid=paid, eggs_paid_to=paid_to,
                         eggs_rotten=rotten, winner=outcome.winner, steps=tuple(steps), notes=tuple(notes),
                         decision=decision, hundred=on_hundred,
                         owes_hundred=next_leader(ruleset, match, rnd) if owes_hundred else None,
                         reached_first=hand.first)
    return result, accounts, pot


def _bonuses_on(ruleset: Ruleset) -> bool:
    """Whether a bonus for leading or finishing with 6-6 or 0-0 is on."""
    return bool(ruleset["bonus.lead_six_six"] or ruleset["bonus.lead_zero_zero"] or ruleset["bonus.finish_six_six"]
                or ruleset["bonus.finish_zero_zero"])


def _finishing_on(ruleset: Ruleset) -> bool:
    """Whether a finishing-double rule is on (finishing.finish is called only then)."""
    return bool(ruleset["finish.zero_zero_wins"] or ruleset["finish.two_doubles_wins"]
                or ruleset["finish.six_six"] is not SixSix.NONE)


def _side_hands(ruleset: Ruleset, match: Match, rnd: Round, steps: list[Step], notes: list[str],
                players: dict[str, int] | None = None) -> dict:
    """Each side's counted hand value (the finisher holds nothing; their partner may not count);
    ``players`` receives each counted player's own value."""
    values = {}
    for side in match.sides:
        total = 0
        for player in side.players:
            if player == rnd.out:
                continue
            if rnd.ending is Ending.OUT and rnd.out in side.players and not ruleset["count.partner_of_finisher"]:
                steps.append(Step(side.name, "count.partner_of_finisher",
                                  f"{player}'s hand is not counted: partner of {rnd.out}, who went out"))
                continue
            value = hand_value(ruleset, player, rnd.hand_of(player), steps, notes)
            total += value
            if players is not None:
                players[player] = value
        values[side.name] = total
    return values


def decide(ruleset: Ruleset, match: Match, accounts: dict[str, Account], played: int = 0,
           first: str | None = None) -> tuple[str | None, str | None] | None:
    """(winner, loser) once the match is decided ((None, None): a draw); None while it goes on."""
    return race.decide(ruleset, match, {name: account.score for name, account in accounts.items()}, played,
                       first)


def _tie_at_target(ruleset: Ruleset, match: Match, accounts: dict[str, Account], winner: str | None,
                   loser: str | None) -> str:
    """Say how a tie at the target was settled: the rules are silent, so the earlier seat is taken."""
    chosen = loser if ruleset["end.at_target"] is AtTarget.LOSES else winner
    if chosen is None:
        return ""
    top = accounts[chosen].score
    level = [side.name for side in match.sides if accounts[side.name].score == top]
    if len(level) < 2:
        return ""
    role = "the goat" if ruleset["end.at_target"] is AtTarget.LOSES else "the winner"
    return (f"{' and '.join(level)} reached {top} together; the rules do not say who is {role}, so the "
            f"earlier seat, {chosen}, is taken")


def round_leader(ruleset: Ruleset, match: Match, previous: RoundResult, previous_round: Round) -> str | None:
    """Who led the round after ``previous``, as far as the facts say (eggs led from a tile: its holder)."""
    if previous.eggs and ruleset["eggs.lead"]:
        return None
    return next_leader(ruleset, match, previous_round)


def next_leader(ruleset: Ruleset, match: Match, last: Round) -> str | None:
    if last.ending is Ending.OUT:
        if ruleset["lead.after_out"] is LeadAfterOut.PARTNER:
            side = match.side_of(last.out)
            partners = [player for player in side.players if player != last.out]
            if partners:
                return partners[0]
        return last.out
    return last.fisher


FIRST_LEAD_NOTES = {
    FirstLead.FROM_ONE_ONE: "first round: the holder of 1-1 leads (else 2-2 ... 6-6, then 0-0; with no double "
                            "out, the heaviest tile)",
    FirstLead.HIGHEST_DOUBLE: "first round: the holder of the highest double leads (6-6, then 5-5 ...; with no "
                              "double out, the heaviest tile)",
    FirstLead.LOWEST_DOUBLE: "first round: the holder of the lowest double leads (0-0, then 1-1 ...; with no "
                             "double out, the lightest tile)",
    FirstLead.LOT: "first round: the leader is chosen by lot and may lead any tile",
    FirstLead.TILE: "first round: the holder of {tile} leads with it",
}


def _lead_note(ruleset: Ruleset, results: list[RoundResult], leader: str | None) -> str:
    if not results:
        return FIRST_LEAD_NOTES[ruleset["lead.first"]].format(tile=ruleset["lead.first_tile"])
    if leader:
        return f"{leader} leads next"
    return "the player who made the fish leads next"
