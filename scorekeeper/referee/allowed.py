"""The breaches a table let stand (``Round.rulings``, rules.md §10.9), as the referee says them: each with the
play it concerns and why it broke a rule, the round followed again as the rounds before it say it was to be
led; a ruling whose breach the plays no longer show (the rounds before it changed) is said by its kind."""

from typing import NamedTuple

from scorekeeper.domain.facts import Breach, Match, Round, Ruling
from scorekeeper.i18n import N_, _
from scorekeeper.match.checks import in_order
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.lead import opening
from scorekeeper.scoring.table import RoundResult

BREACH_WORDS = {
    Breach.TURN: N_("played out of turn"),
    Breach.LEADER: N_("led by the wrong player"),
    Breach.FIRST_LEAD: N_("not opened with the tile the lead rule names"),
    Breach.KNOCK_WHILE_ABLE: N_("knocked while able to play"),
    Breach.KNOCK_BEFORE_DRAW: N_("knocked before drawing"),
    Breach.DRAW_WHILE_ABLE: N_("drew while able to play"),
    Breach.BAZAAR_KEPT: N_("drew a tile the bazaar keeps"),
}
"""Each breach in a few words (the match file writes its value, ``Breach.value``)."""


class Allowed(NamedTuple):
    """A breach the table let stand: the play it concerns (1 is the lead), that play as typed, the breach, and
    why it broke a rule (the referee's words, or the breach's own where the plays no longer show it)."""

    play: int
    said: str
    breach: Breach
    reason: str

    def to_dict(self) -> dict:
        return {"play": self.play, "breach": self.breach.value, "reason": self.reason}


def allowed(ruleset: Ruleset, match: Match, rnd: Round, previous: RoundResult | None) -> tuple[Allowed, ...]:
    """The breaches of ``rnd``'s plays, each let stand (its rulings, and any breach the plays show that a file
    changed by hand left without one: a breach recorded is a ruling to show), in the order of the plays;
    ``previous``: the round before it (None: the first)."""
    if not rnd.plays:
        return ()
    from scorekeeper.notation.play_line import said_play  # start-up: only a round recorded play by play
    from scorekeeper.scoring.board import follow_hand  # start-up: likewise


    held = {player: hand.tiles for player, hand in rnd.hands.items() if hand.tiles is not None}
    if rnd.out:
        held[rnd.out] = ()
    followed = follow_hand(ruleset, match.players, rnd.plays, held, opening(ruleset, match, previous))
    reasons: dict = {}
    for finding in followed.breaches:
        reasons.setdefault((finding.play, finding.breach), finding.reason)
    for ruling in rnd.rulings:
        reasons.setdefault((ruling.play, ruling.breach), _(BREACH_WORDS[ruling.breach]))
    return tuple(Allowed(ruling.play, said_play(rnd.plays[ruling.play - 1]), ruling.breach,
                         reasons[ruling.play, ruling.breach])
                 for ruling in in_order(Ruling(play, breach) for play, breach in reasons))


def let_stand(rnd: Round) -> str:
    """One line naming the breaches the table let stand in ``rnd`` ('' when none): what a command that
    recorded or changed it says."""
    if not rnd.rulings:
        return ""
    from scorekeeper.notation.play_line import said_play  # start-up: as in allowed

    each = [_("play {number} ({play}) {breach}").format(number=ruling.play, play=said_play(rnd.plays[ruling.play - 1]),
                                                        breach=_(BREACH_WORDS[ruling.breach]))
            for ruling in rnd.rulings]
    return _("Let stand by the table: {rulings}.").format(rulings="; ".join(each))


def settled_lines(settled) -> list[str]:
    """What a change of the rounds (delete, edit, redo) says of a round it left led against the rules
    (``Change.settled``): the breach, kept as the table's ruling, since the round was played so."""
    return [_("Round {round}, play {play}: {reason}; kept as a ruling, as the table played it.").format(
        round=number, play=finding.play, reason=finding.reason) for number, finding in settled]


def settled_dicts(settled) -> list[dict]:
    """``Change.settled`` for programs."""
    return [{"round": number, "play": finding.play, "breach": finding.breach.value, "reason": finding.reason}
            for number, finding in settled]
