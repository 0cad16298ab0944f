"""Stage ``write_off``, only one side holds points (Sea Goat): when a side records, the other sides' points are
written off (``opening.write_off``: others; all: the new record too, 000's reading)."""

from __future__ import annotations


from typing import Mapping

from scorekeeper.domain.facts import Match
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import WriteOff
from scorekeeper.i18n.message import both
from scorekeeper.scoring.state import Account, RoundState
from scorekeeper.scoring.table import Step


def write_off(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    if not _writes_off(state.accounts, state.recorded):
        return state  # most rounds: nobody recorded, or the side that did is the only one holding points
    accounts = dict(state.accounts)
    steps: list[Step] = []
    lost = written_off(ruleset, accounts, state.recorded, steps)
    if not steps:  # nobody's points were written off (each write-off is a step): the state stays as it is
        return state
    wiped = {name: value + lost[name] for name, value in state.wiped.items()}
    return state.but(accounts=accounts, wiped=wiped, written_off=lost, steps=state.added(steps))


def _writes_off(accounts: Mapping[str, Account], recorded: Mapping[str, int]) -> bool:
    """Whether a side recorded this round while another holds points."""
    recorder = holder = False
    for name, account in accounts.items():
        if recorded[name] > 0:
            recorder = True
        elif account.score > 0:
            holder = True
    return recorder and holder


def written_off(ruleset: Ruleset, accounts: dict[str, Account], recorded: dict[str, int],
                steps: list[Step]) -> dict[str, int]:
    """Write off the points of every side but the one that recorded; returns what each side lost.

    ``accounts`` (already holding this round's records) is updated in place.
    """
    rule = ruleset["opening.write_off"]
    lost = {name: 0 for name in accounts}
    if rule is WriteOff.NONE:
        return lost
    recorders = [name for name, value in recorded.items() if value > 0]
    holders = [name for name in accounts if name not in recorders and accounts[name].score > 0]
    if not recorders or not holders:
        return lost
    who = both(recorders)
    for name in holders:
        lost[name] = accounts[name].score
        accounts[name] = Account(0, accounts[name].remembered)
        steps.append(Step(name, "opening.write_off", _("{side}: {lost} points written off to 0: {recorders} "
                                                       "recorded, and only one side holds points").format(
                                                         side=name, lost=lost[name], recorders=who)))
    if rule is WriteOff.ALL:
        for name in recorders:
            lost[name] = accounts[name].score
            accounts[name] = Account(0, accounts[name].remembered)
            steps.append(Step(name, "opening.write_off", _("{side}: its new record of {record} is written off "
                                                           "too: everyone goes back to 0 (000's reading)").format(
                                                             side=name, record=recorded[name])))
    return lost
