"""RULES.md §2-§5 as small reference models, written from the rule text alone, against the replay (hypothesis).

Each model is the rule book's arithmetic for rounds given as pip totals (a total of 0 being the lone 0-0,
rules.md §6.2), with none of the code's stages: Goat's threshold, remembered points, fish for one and eggs
(for one and in pairs, and the readings §2 names); Sea Goat's opening minimum, one side holding points, eggs
toward the opening that rot after three rounds, the finishing doubles and the hundred; Muggins' end-of-hand
count; draw, block and 003's blocker.  A random match must give the same table round by round.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.domain.facts import Ending, Hand, Match, Round, Side, singles
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.domain.tiles import Tile

PAIRS = (Side("Ann+Cid", ("Ann", "Cid")), Side("Bob+Dan", ("Bob", "Dan")))


@st.composite
def totals_rounds(draw, players: tuple[str, ...], top: int, ties: bool = True):
    """A round given as totals: an out or a fish, at most one lone 0-0 (a total of 0), often a tie."""
    out = draw(st.sampled_from(players)) if draw(st.booleans()) else None
    holders = [player for player in players if player != out]
    values = [draw(st.integers(1, top)) for _ in holders]
    if ties and len(values) > 1 and draw(st.booleans()):
        values[1] = values[0]  # a tie at the top, or at the bottom, is the case the rules single out
    if draw(st.integers(0, 5)) == 0:
        values[draw(st.integers(0, len(values) - 1))] = 0
    hands = {player: Hand(total=value) for player, value in zip(holders, values)}
    if out is None:
        return Round(Ending.FISH, hands, fisher=draw(st.sampled_from(players)))
    return Round(Ending.OUT, hands, out=out)


def seated(ruleset_name: str, players: tuple[str, ...], pairs: bool, rounds: list[Round]) -> Match:
    return Match(ruleset_name, players, PAIRS if pairs else singles(players), tuple(rounds))


def drawn_match(data, seating: str, singles_name: str, pairs_name: str, rounds, most: int = 20):
    """A random match of ``seating`` ("2", "3", "4" players, or "pairs") under its ruleset; ``rounds``: the
    strategy of a round for the players."""
    pairs = seating == "pairs"
    players = ("Ann", "Bob", "Cid", "Dan")[: 4 if pairs else int(seating)]
    ruleset = load_ruleset(pairs_name if pairs else singles_name)
    match = seated(ruleset.name, players, pairs, data.draw(st.lists(rounds(players), max_size=most)))
    return ruleset, match


def side_values(match: Match, rnd: Round, lone_zero: int, partner_counts: bool) -> dict[str, int]:
    """Each side's hand value: its players' pips, a total of 0 being the lone 0-0 (``lone_zero``)."""
    values = {}
    for side in match.sides:
        if rnd.out in side.players and not partner_counts:
            values[side.name] = 0
            continue
        values[side.name] = sum(lone_zero if rnd.hands[p].total == 0 else rnd.hands[p].total
                                for p in side.players if p != rnd.out)
    return values


def unique(values: dict[str, int], pick) -> str | None:
    best = pick(values.values())
    found = [name for name, value in values.items() if value == best]
    return found[0] if len(found) == 1 else None


def as_table(replayed) -> list[tuple[dict, dict, int]]:
    return [({i.side: i.score for i in r.sides}, {i.side: i.remembered for i in r.sides}, r.eggs)
            for r in replayed.rounds]


# --- Goat (rules.md §2): losers count, 13 to open with remembered points, fish for one, eggs, 101 --------

def goat_model(ruleset, match: Match, policy: str = "most-takes-all", eggs_to: str = "",
               threshold: int = 13, strict: bool = False, target: int = 101) -> list[tuple[dict, dict, int]]:
    names = [side.name for side in match.sides]
    score, remembered, eggs, rows = dict.fromkeys(names, 0), dict.fromkeys(names, 0), 0, []
    pairs = match.is_pairs
    eggs_to = eggs_to or ("losers" if pairs else "biggest-loser")
    for rnd in match.rounds:
        values = side_values(match, rnd, 10, partner_counts=not pairs)
        points = dict.fromkeys(names, 0)
        tied = 0
        if rnd.ending is Ending.OUT:
            finisher = match.side_of(rnd.out).name
            remembered[finisher] = 0  # going out wipes the remembered points
            points = {name: (0 if name == finisher else values[name]) for name in names}
            losers = [name for name in names if name != finisher]
        elif policy == "each":  # fish for everyone: as an out, with nobody out
            points, losers = dict(values), list(names)
        elif policy == "fisherman-pays":  # the fisherman takes the others' points
            payer = match.side_of(rnd.fisher).name
            points[payer] = sum(values.values()) - values[payer]
            losers = [payer]
        else:
            top = unique(values, max)
            if top is None:  # eggs: the whole line is carried, nothing else happens
                tied = sum(values.values())
                losers = []
            else:
                points[top] = sum(values.values())
                for name in names:
                    if name != top:
                        remembered[name] = 0  # fish for one: every other side's memory is wiped
                losers = [top]
        if eggs and not tied:
            # pairs: the losers of the next round; singles: the one with the most in that round
            taker = unique({n: points[n] for n in losers}, max) if eggs_to == "losers" else \
                unique({n: v for n, v in points.items() if v > 0}, max)
            if taker is not None:
                points[taker] += eggs
                eggs = 0
        eggs += tied
        for name, value in points.items():
            if not value:
                continue
            if score[name] > 0:
                score[name] += value
            elif value > threshold or (value == threshold and not strict):
                score[name] += value + remembered[name]
                remembered[name] = 0
            else:
                remembered[name] += value
        rows.append((dict(score), dict(remembered), eggs))
        if max(score.values()) >= target:
            break
    return rows


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["2", "3", "4", "pairs"]))
def test_goat_follows_the_rule_text(data, seating):
    ruleset, match = drawn_match(data, seating, "goat", "goat-pairs", lambda players: totals_rounds(players, 20))
    assert as_table(replay(ruleset, match)) == goat_model(ruleset, match)


HOUSES = {
    "fish for everyone": ('[fish]\npolicy = "each"\n', {"policy": "each"}),
    "fisherman pays": ('[fish]\npolicy = "fisherman-pays"\n', {"policy": "fisherman-pays"}),
    "eggs to the losers (004)": ('[eggs]\nto = "losers"\n', {"eggs_to": "losers"}),
    "more than 30 (000)": ('[opening]\nthreshold = 30\nstrict = true\n', {"threshold": 30, "strict": True}),
    "from 25 to 125 (004)": ('[opening]\nthreshold = 25\n[end]\ntarget = 125\n', {"threshold": 25, "target": 125}),
}


@pytest.mark.parametrize("house", sorted(HOUSES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_goat_readings_follow_the_rule_text(tmp_path_factory, house, data):
    """The readings RULES.md §2 names, as house rulesets over goat, against the same model."""
    keys, reading = HOUSES[house]
    path = tmp_path_factory.mktemp("house") / "house.toml"
    path.write_text(f'extends = "goat"\nname = "house"\n{keys}', encoding="utf-8")
    ruleset = load_ruleset(str(path))
    players = ("Ann", "Bob", "Cid", "Dan")[: data.draw(st.integers(2, 4))]
    match = seated("house", players, False, data.draw(st.lists(totals_rounds(players, 20), max_size=20)))
    assert as_table(replay(ruleset, match)) == goat_model(ruleset, match, **reading)


# --- Sea Goat (rules.md §3): winners count to 125, 25 to open, one side holds points, eggs, doubles, hundred --

ZERO, SIX = Tile(0, 0), Tile(6, 6)
LASTS = {"plain": (), "0-0": (ZERO,), "6-6": (SIX,), "two doubles": (Tile(2, 2), Tile(5, 5))}


@st.composite
def sea_rounds(draw, players: tuple[str, ...]):
    """A round as totals with its lead (6-6 or a plain tile) and, for an out, its last tile(s)."""
    rnd = draw(totals_rounds(players, 30))
    led = SIX if draw(st.booleans()) else None
    if rnd.ending is Ending.OUT:
        last = draw(st.sampled_from(sorted(LASTS)))
        if last == "0-0":  # 0-0 laid last is in nobody's hand: no total of 0 (rules.md §6.2)
            rnd = rnd._replace(hands={p: Hand(total=h.total or 1) for p, h in rnd.hands.items()})
        return rnd._replace(last=LASTS[last], plain_last=last == "plain", led=led, plain_led=led is None)
    return rnd._replace(led=led, plain_led=led is None)


def sea_goat_model(match: Match) -> tuple[list[tuple[dict, dict, int]], str | None]:
    """Sea Goat as §3 says it (the lead and the last tile as far as they are told): the table after each
    round, and the side that won the match, if any."""
    names = [side.name for side in match.sides]
    score, eggs, age, rows, owed, leader = dict.fromkeys(names, 0), 0, 0, [], None, None
    for rnd in match.rounds:
        values = side_values(match, rnd, 25, partner_counts=False)
        hands = {p: 25 if h.total == 0 else h.total for p, h in rnd.hands.items()}
        before = dict(score)
        winner, tied = None, 0
        if rnd.ending is Ending.OUT:
            winner = match.side_of(rnd.out).name
        else:
            winner = unique(values, min)
            if winner is None:
                tied = sum(values.values())
        recorded = False
        if winner is not None:
            offered = sum(value for name, value in values.items() if name != winner) + eggs
            if score[winner] > 0 or offered >= 25:
                score[winner] += offered
                eggs, age, recorded = 0, 0, True
                for name in names:
                    if name != winner:
                        score[name] = 0
        # on the hundred: owed after a 6-6 finish, or 6-6 led by a side holding points (its leader known)
        hundred = owed
        if hundred is None and rnd.led == SIX and leader is not None and before[leader] > 0:
            hundred = leader
        decided = None
        if hundred is not None and winner is not None:
            if winner == hundred:
                decided = hundred
            else:
                score[hundred] = 0
        owed = None
        if rnd.ending is Ending.OUT and decided is None:
            if len(rnd.last) == 2 or ZERO in rnd.last:
                decided = winner
            elif SIX in rnd.last:
                losers = [p for p in rnd.hands if match.side_of(p).name != winner] if match.is_pairs else \
                    [name for name in names if name != winner]
                held = hands if match.is_pairs else values
                if any(held[name] >= 25 for name in losers):
                    decided = winner
                else:
                    owed = winner
        if eggs and not recorded:
            age += 1
            if age >= 3:
                eggs, age = 0, 0
        eggs += tied
        rows.append((dict(score), dict.fromkeys(names, 0), eggs))
        if decided is None and max(score.values()) >= 125:
            decided = max(score, key=score.get)
        if decided is not None:
            return rows, decided
        # who leads next: the finisher or the fisherman; nobody the facts name while eggs are carried
        leader = None if eggs else (match.side_of(rnd.out).name if rnd.ending is Ending.OUT
                                    else match.side_of(rnd.fisher).name)
    return rows, None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["2", "3", "4", "pairs"]))
def test_sea_goat_follows_the_rule_text(data, seating):
    ruleset, match = drawn_match(data, seating, "sea-goat", "sea-goat-pairs",
                                 lambda players: totals_rounds(players, 30))
    table = replay(ruleset, match)
    rows, won = sea_goat_model(match)
    assert as_table(table) == rows and table.winner == won


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["2", "3", "pairs"]))
def test_sea_goat_doubles_and_hundred_follow_the_rule_text(data, seating):
    ruleset, match = drawn_match(data, seating, "sea-goat", "sea-goat-pairs", sea_rounds, most=15)
    table = replay(ruleset, match)
    rows, won = sea_goat_model(match)
    assert as_table(table) == rows and table.winner == won


# --- Muggins (rules.md §4): the end-of-hand count, rounded to the nearest 5 and divided by 5, to 100 --------

def nearest_five(value: int) -> int:
    return value - value % 5 + (5 if value % 5 >= 3 else 0)


def muggins_model(ruleset, match: Match) -> list[tuple[dict, dict, int]]:
    names = [side.name for side in match.sides]
    score, rows = dict.fromkeys(names, 0), []
    for rnd in match.rounds:
        values = side_values(match, rnd, 0, partner_counts=True)
        if rnd.ending is Ending.OUT:
            winner = match.side_of(rnd.out).name
            score[winner] += nearest_five(sum(v for n, v in values.items() if n != winner)) // 5
        else:
            fewest = min(values.values())
            level = [name for name in names if values[name] == fewest]
            count = nearest_five(max(sum(v for n, v in values.items() if n not in level) - fewest, 0)) // 5
            if len(level) == 1:
                score[level[0]] += count
            elif len(names) == 3 and len(level) == 2:  # three players, two tied: they split, rounded down
                for name in level:
                    score[name] += count // 2
        rows.append((dict(score), dict.fromkeys(names, 0), 0))
        if max(score.values()) >= 100:
            break
    return rows


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["2", "3", "4", "pairs"]))
def test_muggins_end_of_hand_follows_the_rule_text(data, seating):
    ruleset, match = drawn_match(data, seating, "muggins", "muggins", lambda players: totals_rounds(players, 40), 25)
    assert as_table(replay(ruleset, match)) == muggins_model(ruleset, match)


# --- Draw and block (rules.md §5): the winner writes the losers' pips; 003's blocker counted four times ------

def draw_model(match: Match, lone_zero: int) -> list[tuple[dict, dict, int]]:
    names = [side.name for side in match.sides]
    score, rows = dict.fromkeys(names, 0), []
    for rnd in match.rounds:
        values = side_values(match, rnd, lone_zero, partner_counts=True)
        winner = match.side_of(rnd.out).name if rnd.ending is Ending.OUT else unique(values, min)
        if winner is not None:  # a fish tied for the fewest scores nothing
            own = values[winner] if rnd.ending is Ending.FISH else 0
            score[winner] += sum(v for n, v in values.items() if n != winner) - own
        rows.append((dict(score), dict.fromkeys(names, 0), 0))
        if max(score.values()) >= 100:
            break
    return rows


def block_003_model(match: Match) -> list[tuple[dict, dict, int]]:
    names = [side.name for side in match.sides]
    score, rows = dict.fromkeys(names, 0), []
    for rnd in match.rounds[:7]:
        values = side_values(match, rnd, 0, partner_counts=True)
        if rnd.ending is Ending.FISH and values[rnd.fisher] > min(values.values()):
            values[rnd.fisher] *= 4  # the blocker who does not hold the fewest (level with it is the fewest)
        for name in names:
            score[name] += values[name]
        rows.append((dict(score), dict.fromkeys(names, 0), 0))
    return rows


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["draw", "block", "block-003"]), st.sampled_from(["2", "3", "4"]))
def test_draw_and_block_follow_the_rule_text(data, name, seating):
    ruleset, match = drawn_match(data, seating, name, name, lambda players: totals_rounds(players, 30), 12)
    model = block_003_model(match) if name == "block-003" else draw_model(match, 25 if name == "draw" else 0)
    assert as_table(replay(ruleset, match)) == model
