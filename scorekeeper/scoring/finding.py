"""A rule of play broken, as the referee says it (rules.md §10.9): the board's finding, in a module of its own
so that a change of the rounds that settles how a round was led (``match.checks.lead_breaches``) names a breach
without loading the board, which it need not follow."""

from typing import NamedTuple

from scorekeeper.domain.facts import Breach


class Finding(NamedTuple):
    """A rule of play broken, as the referee says it: the play it concerns (1 is the lead), the breach, why,
    and the play that proved it (``shown``: the same play when it is said at once, a later one when a later
    play proved it, None when the hands held at the end did)."""

    play: int
    breach: Breach
    reason: str
    shown: int | None
