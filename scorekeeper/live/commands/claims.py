"""Claims during play typed alone ('Ann +15 Bob count 20'): added to the hand in progress, all or none (the hand
goes on); the claim that reaches the target ends the match, said as a round's would be."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.live.reply import Reply
from scorekeeper.match import usecases
from scorekeeper.reports.fit import wrap
from scorekeeper.reports.render import over_banner, standings


def run(session, line) -> Reply:
    change = usecases.claim(session.state, line.facts.claims)
    session.just_recorded = None  # the hand goes on: a round after it ends another hand
    session.state = state = change.after
    told = state.match.pending[len(change.before.match.pending):]
    said = ", ".join(f"{claim.player} +{claim.points}" for claim in told)
    in_play = ", ".join(f"{name} {points}" for name, points in state.table.in_play.items() if points)
    text = _("Claimed: {claims} (in play this hand: {in_play}).").format(claims=said, in_play=in_play)
    width = session.screen().width
    lines = wrap(text, width, indent="  ") + standings(state.table, width)
    if state.table.over:
        lines += over_banner(state.table, state.ruleset, width)
    return Reply("\n".join(lines))
