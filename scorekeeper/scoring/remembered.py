"""Stage ``wipe_remembered``: remembered (+N) points a round wipes before anything is recorded.

Keys read: ``opening.wipe_on_out`` (going out wipes the finisher's remembered points), and through the
outcome ``fish.policy`` (fish for one: every side but the one that takes the fish loses its remembered points).
"""

from __future__ import annotations


from scorekeeper.domain.facts import OUT, Match
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.seats import seats
from scorekeeper.scoring.state import Account, RoundState
from scorekeeper.scoring.table import Step


def wipe_remembered(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    rnd = state.facts
    losers = state.outcome.wipe_remembered
    finisher = None
    if rnd.ending is OUT and ruleset["opening.wipe_on_out"]:
        finisher = seats(match).side_of[rnd.out]
        if not state.accounts[finisher].remembered and not losers:
            return state  # nothing remembered to wipe
    elif not losers:
        return state
    accounts = dict(state.accounts)
    wiped = dict(state.wiped)
    steps: list[Step] = []
    if finisher is not None:
        accounts[finisher], lost = wipe(finisher, accounts[finisher], "opening.wipe_on_out",
                                        _("{player} went out").format(player=rnd.out), steps)
        wiped[finisher] += lost
    for name in losers:
        accounts[name], lost = wipe(name, accounts[name], "fish.policy", _("fish for one"), steps)
        wiped[name] += lost
    if not steps:
        return state
    return state.but(accounts=accounts, wiped=wiped, steps=state.added(steps))


def wipe(side: str, account: Account, key: str, why: str, steps: list[Step]) -> tuple[Account, int]:
    """Wipe a side's remembered points; returns the new account and what was lost."""
    if not account.remembered:
        return account, 0
    steps.append(Step(side, key, _("{side}: remembered +{points} wiped ({why})").format(
        side=side, points=account.remembered, why=why)))
    return Account(account.score, 0), account.remembered
