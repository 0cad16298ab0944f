"""Stage ``fisherman_notes``: 004's fisherman conditions in Sea Goat, too vague to score, shown as notes for
the table to apply.  Key read: ``fish.fisherman_notes``."""

from __future__ import annotations


from scorekeeper.domain.facts import FISH, Match
from scorekeeper.i18n import N_
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.state import RoundState


def fisherman_notes(ruleset: Ruleset, match: Match, state: RoundState) -> RoundState:
    rnd = state.facts
    if rnd.ending is not FISH or not ruleset["fish.fisherman_notes"]:
        return state
    if not rnd.fisher:
        return state.but(notes=state.notes + (Message.of(N_("004 has conditions for the fisherman (who made the "
                                                            "fish); record 'fish by NAME' (--fisher) to see them"),
                                                         NoteKind.NO_FISHER,
                                                         N_("004 has conditions for the fisherman (who made the "
                                                            "fish); record 'fish by NAME' to see them")),))
    side = match.side_of(rnd.fisher).name
    hands = state.side_hands
    winner = state.outcome.winner
    others = [value for name, value in hands.items() if name != side]
    if winner == side and hands[side] < 25 and others and min(others) >= 25:
        note = Message.of(N_("004: {player} made the fish and won holding under 25 against 25 or more: by 004 "
                             "{player} may lead the next round on the hundred (apply by hand; not scored)"),
                          player=rnd.fisher)
    elif winner is not None and winner != side:
        note = Message.of(N_("004: {player} made the fish and lost: by 004 the fisherman may 'write off the fish' "
                             "within three attempts (apply by hand; not scored)"), player=rnd.fisher)
    else:
        return state
    return state.but(notes=state.notes + (note,))
