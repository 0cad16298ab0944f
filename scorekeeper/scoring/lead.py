"""Who leads: the first round's lead, who led a round, who leads next and with what when a rule says
(on the hundred, eggs played from 1-1), the note people see about it, and leads the facts cannot have.

Keys read: ``lead.first``, ``lead.first_fewer``, ``lead.first_tile``, ``lead.again_from_1_1``,
``lead.after_fish``, ``lead.after_out``, ``eggs.lead``, ``hundred.enabled``, ``finish.hundred_needs_points``.
"""

from typing import NamedTuple, Sequence

from scorekeeper.domain.facts import OUT, Match, Round
from scorekeeper.errors import either
from scorekeeper.i18n import N_, _
from scorekeeper.i18n.message import Message
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import FirstLead, FirstLeadFewer, LeadAfterFish, LeadAfterOut
from scorekeeper.scoring.notes import NoteKind
from scorekeeper.scoring.table import RoundResult
from scorekeeper.domain.tiles import Tile, parse_tiles


SIX_SIX = Tile(6, 6)

FIRST_LEAD_NOTES = {
    FirstLead.FROM_ONE_ONE: N_("The holder of 1-1 leads the first round (else 2-2 ... {top}, then 0-0; with no "
                               "double out, the heaviest tile)."),
    FirstLead.HIGHEST_DOUBLE: N_("The holder of the highest double leads the first round ({top}, then {next} ...; "
                                 "with no double out, the heaviest tile)."),
    FirstLead.LOWEST_DOUBLE: N_("The holder of the lowest double leads the first round (0-0, then 1-1 ...; with no "
                                "double out, the lightest tile)."),
    FirstLead.LOT: N_("The first round's leader is chosen by lot and may lead any tile."),
    FirstLead.TILE: N_("The holder of {tile} leads the first round with it."),
}


def first_lead_rule(ruleset: Ruleset, players: int) -> FirstLead:
    """The first-lead rule for a table of ``players`` (``lead.first``; with fewer than four,
    ``lead.first_fewer``)."""
    if players < 4 and ruleset["lead.first_fewer"] is FirstLeadFewer.LOWEST_DOUBLE:
        return FirstLead.LOWEST_DOUBLE
    return ruleset["lead.first"]


def lead_order(ruleset: Ruleset, players: int = 4) -> list[Tile]:
    """Every tile of the set in the order that decides the first lead at a table of ``players``: the
    doubles, then the heaviest tile (lowest-double: the lightest)."""
    top = ruleset["tiles.max_pip"]
    rule = first_lead_rule(ruleset, players)
    if rule is FirstLead.FROM_ONE_ONE:
        doubles = [Tile(n, n) for n in range(1, top + 1)] + [Tile(0, 0)]
    elif rule is FirstLead.HIGHEST_DOUBLE:
        doubles = [Tile(n, n) for n in range(top, -1, -1)]
    else:
        doubles = [Tile(n, n) for n in range(top + 1)]
    singles = [tile for tile in ruleset.tileset.tiles() if not tile.is_double]
    if rule is FirstLead.LOWEST_DOUBLE:
        # The lightest tile: fewest pips; between equal weights, the one with the lower end (0-3 before 1-2).
        return doubles + sorted(singles, key=lambda tile: (tile.pips, tile.low))
    # The heaviest tile: most pips; between equal weights, the one with the higher end (3-6 before 4-5).
    return doubles + sorted(singles, key=lambda tile: (tile.pips, tile.high), reverse=True)


class FirstLeadRule(NamedTuple):
    """What may open a match's first round: the tiles in the order that decides it, and the key that says so
    as the referee names it (``lead.first = from-1-1``)."""

    order: tuple[Tile, ...]
    said: str


def first_lead_order(ruleset: Ruleset, players: int) -> FirstLeadRule | None:
    """The order that decides the first round's lead at a table of ``players`` (None: any tile may lead, by
    lot). Under ``lead.first = tile`` the one tile, when it was dealt."""
    rule = first_lead_rule(ruleset, players)
    if rule is FirstLead.LOT:
        return None
    if rule is FirstLead.TILE:
        return FirstLeadRule(parse_tiles(ruleset["lead.first_tile"])[:1],
                             f"lead.first_tile = {ruleset['lead.first_tile']}")
    key = "lead.first" if rule is ruleset["lead.first"] else "lead.first_fewer"
    return FirstLeadRule(tuple(lead_order(ruleset, players)), f"{key} = {ruleset[key].value}")


class NextLead(NamedTuple):
    """Who leads the next round and with what, when a rule says, and the note people see about it."""

    leader: str | None
    tile: str | None
    note: Message


def next_leader(ruleset: Ruleset, match: Match, last: Round) -> str | None:
    """Who leads after ``last``: the player who went out (or their partner, ``lead.after_out``), or the one
    who made the fish (None when that was not recorded)."""
    if last.ending is OUT:
        if ruleset["lead.after_out"] is LeadAfterOut.PARTNER:
            side = match.side_of(last.out)
            partners = [player for player in side.players if player != last.out]
            if partners:
                return partners[0]
        return last.out
    if ruleset["lead.after_fish"] is not LeadAfterFish.FISHERMAN:
        return None
    return last.fisher


class Opening(NamedTuple):
    """How the match says a round is to be led (rules.md §1.4): the players one of whom leads it (None: the facts
    do not name one, or anyone may), and whether its lead tile is the first round's (``lead.first``: the match's
    first round, and a round led again from 1-1)."""

    leaders: tuple[str, ...] | None = None
    first: bool = False
    again: bool = False
    """``first`` because the round is led again from 1-1 (``lead.again_from_1_1``)."""


def opening(ruleset: Ruleset, match: Match, previous: RoundResult | None) -> Opening:
    """How the round after ``previous`` (None: the match's first round) is to be led, as the facts and the
    scores before it say: by who went out (or their partner), by the fisherman, or by either partner of the
    side that won a fish (``lead.after_fish = winners``); as the first round after a round nothing was written
    in (``lead.again_from_1_1``); by anyone holding a tile the eggs are led from (``eggs.lead``)."""
    if previous is None:
        return Opening(None, True)
    if previous.eggs and ruleset["eggs.lead"]:
        return Opening()
    if nothing_written(ruleset, previous):
        return Opening(None, True, True)
    leaders = round_leaders(ruleset, match, previous)
    return Opening(leaders)


def wrong_leader(leaders: Sequence[str] | None, player: str) -> str | None:
    """Why ``player`` may not lead a hand that one of ``leaders`` leads (``Opening.leaders``; None: anyone may),
    as the referee says it; None when they may."""
    if leaders is None or player in leaders:
        return None
    return _("{leader} leads this hand, not {player}").format(leader=either(leaders), player=player)


def round_leaders(ruleset: Ruleset, match: Match, previous: RoundResult) -> tuple[str, ...] | None:
    """The players one of whom leads after ``previous`` by ``lead.after_out`` or ``lead.after_fish`` (None: the
    facts do not say)."""
    facts = previous.facts
    if facts.ending is not OUT and ruleset["lead.after_fish"] is LeadAfterFish.WINNERS:
        if previous.winner is None:
            return None
        return next(side.players for side in match.sides if side.name == previous.winner)
    leader = next_leader(ruleset, match, facts)
    return None if leader is None else (leader,)


def leader_after(ruleset: Ruleset, match: Match, previous: RoundResult) -> str | None:
    """The one player who leads after ``previous`` (None: the facts do not name one alone): as ``next_leader``,
    and after a fish under ``lead.after_fish = winners`` the winner of it when its side is one player (Phone)."""
    leaders = round_leaders(ruleset, match, previous)
    return leaders[0] if leaders and len(leaders) == 1 else None


def nothing_written(ruleset: Ruleset, result: RoundResult) -> bool:
    """Whether ``lead.again_from_1_1`` gives the lead after ``result`` back to the holder of 1-1: nobody wrote
    anything in it, and it was not a tied fish (eggs have their own lead)."""
    if not ruleset["lead.again_from_1_1"] or result.eggs_added:
        return False
    return not any(side.recorded for side in result.sides)


def round_leader(ruleset: Ruleset, match: Match, previous: RoundResult) -> str | None:
    """Who led the round after ``previous``, as far as the facts say (eggs led from a tile, or 1-1 again
    after a round nothing was written in: its holder, whom the facts do not name)."""
    if previous.eggs and ruleset["eggs.lead"]:
        return None
    if nothing_written(ruleset, previous):
        return None
    return leader_after(ruleset, match, previous)


def egg_leads(ruleset: Ruleset) -> tuple[Tile, ...]:
    """The tiles that may lead while eggs are carried (``eggs.lead``; the loader checked them)."""
    return parse_tiles(ruleset["eggs.lead"])


def lead_note(ruleset: Ruleset, match: Match, results: Sequence[RoundResult], leader: str | None) -> Message:
    """The plain note on the next lead when no rule imposes one."""
    if not results:
        top = ruleset["tiles.max_pip"]
        note = FIRST_LEAD_NOTES[first_lead_rule(ruleset, len(match.players))]
        return Message.of(note, tile=ruleset["lead.first_tile"], top=f"{top}-{top}", next=f"{top - 1}-{top - 1}")
    if leader:
        return Message.of(N_("{player} leads next"), NoteKind.LEADS_NEXT, player=leader)
    if results[-1].facts.ending is not OUT and ruleset["lead.after_fish"] is LeadAfterFish.LOT:
        return Message(N_("after a blocked hand the next leader is chosen by lot"))
    if results[-1].facts.ending is not OUT and ruleset["lead.after_fish"] is LeadAfterFish.WINNERS:
        winner = results[-1].winner
        if winner is None:
            return Message(N_("nobody won the block: the players decide who leads next"))
        players = next(side.players for side in match.sides if side.name == winner)
        return Message.of(N_("{players} leads next: the side that won the block poses"), players=either(players))
    # the fisherman leads (lead.after_fish = fisherman), but the fish was recorded without who made it
    return Message(N_("the fisherman was not recorded: the players decide who leads next"))


def next_lead(ruleset: Ruleset, match: Match, results: Sequence[RoundResult], leader: str | None,
              pot: int) -> NextLead | None:
    """The next lead a rule imposes or allows, or None when nothing special applies."""
    if not results:
        return None
    last = results[-1]
    if last.owes_hundred:
        side = match.side_of(last.owes_hundred).name
        on = last.side(side).score > 0 or not ruleset["finish.hundred_needs_points"]
        note = Message.of(N_("{player} leads 6-6, on the hundred") if on else
                          N_("{player} leads 6-6 (not on the hundred: {side} holds no points)"),
                          player=last.owes_hundred, side=side)
        return NextLead(last.owes_hundred, "6-6", _carried(note, pot))
    if pot and ruleset["eggs.lead"]:
        tiles = egg_leads(ruleset)
        if len(tiles) == 1:
            return NextLead(None, str(tiles[0]), Message.of(N_("eggs: +{eggs}, lead {tile} (whoever holds {tile} "
                                                               "leads)"), eggs=pot, tile=tiles[0]))
        # next_lead names the first of them, the one the sources name first (1-1).
        return NextLead(None, str(tiles[0]), Message.of(N_("eggs: +{eggs}, lead {tiles} (whoever holds one of them "
                                                           "leads)"), eggs=pot, tiles=either(tiles)))
    if nothing_written(ruleset, last):
        return NextLead(None, "1-1", _carried(Message.of(N_("nothing was written in round {number}: whoever holds "
                                                            "1-1 leads again"), number=last.number), pot))
    if ruleset["hundred.enabled"] and leader:
        side = match.side_of(leader).name
        if last.side(side).score > 0:
            return NextLead(leader, None, Message.of(N_("{player} leads next; {side} holds points, so a 6-6 lead "
                                                        "goes on the hundred"), player=leader, side=side))
    return None


def _carried(note: Message, pot: int) -> Message:
    """A note on the next lead, saying the eggs still carried, if any."""
    return Message.of(N_("{note}; eggs: +{eggs} still carried"), note=note, eggs=pot) if pot else note


def lead_problem(ruleset: Ruleset, match: Match, previous: RoundResult | None, rnd: Round) -> str | None:
    """Why a 6-6 lead recorded in ``rnd`` cannot be on the hundred (``previous``: the result of the round
    before it, None for the first round)."""
    if not ruleset["hundred.enabled"] or rnd.led != SIX_SIX:
        return None
    if rnd.plays:  # a lead seen in the plays is not a claim: the scores make it on the hundred, or ordinary
        return None
    if previous is not None and previous.owes_hundred:
        return None
    scores = ({item.side: item.score for item in previous.sides} if previous is not None
              else {side.name: 0 for side in match.sides})
    leader = round_leader(ruleset, match, previous) if previous is not None else None
    if leader is not None:
        side = match.side_of(leader).name
        if scores[side] > 0:
            return None
        return _("{player} cannot lead 6-6 on the hundred: {side} holds no points (only a side that holds points "
                 "may go on the hundred; if 6-6 was an ordinary lead, leave out 'led 6-6' (--led 6-6))").format(
            player=leader, side=side)
    if any(scores.values()):
        return None
    return _("6-6 cannot be led on the hundred: no side holds points yet (only a side that holds points may go on "
             "the hundred; if 6-6 was an ordinary lead, leave out 'led 6-6' (--led 6-6))")
