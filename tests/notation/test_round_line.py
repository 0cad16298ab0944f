"""A round in one short line (issue 13): every form of the grammar in every rule family gives the facts the
flags give; format_round writes back what parse_round reads; bad lines are refused like bad flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.errors import InputError
from scorekeeper.domain.facts import Match, singles
from scorekeeper.match.usecases import parse_round
from scorekeeper.notation.round_line import format_round, is_claims_only, read_round
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.match.opened import open_match
from scorekeeper.storage.matchfile import load_match

GOAT = ("goat", ("Masha", "Alex", "Olya", "Serg"))
PAIRS = ("goat-pairs", ("--team", "Masha,Olya", "--team", "Alex,Serg"))  # seats Masha, Alex, Olya, Serg
SEA = ("sea-goat", ("Ann", "Bob", "Cid"))
SEA_PAIRS = ("sea-goat-pairs", ("--team", "Ann,Cid", "--team", "Bob,Dan"))
MUGGINS = ("muggins", ("Ann", "Bob", "Cat"))
FIVES_THREES = ("fives-and-threes", ("Ann", "Bob"))
DRAW = ("draw", ("Ann", "Bob", "Cid"))

# (family, line, the same round as flags, the line format_round writes back)
FORMS = [
    (GOAT, "Masha out, Alex 1-2 3-3, Olya 13, Serg 5",
     ["--out", "Masha", "--hand", "Alex=1-2,3-3", "--total", "Olya=13", "--total", "Serg=5"],
     "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"),
    (GOAT, "fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5",
     ["--fish", "--fisher", "Olya", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13",
      "--total", "Serg=5"],
     "fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5"),
    (GOAT, "m out 3 13 5",
     ["--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"],
     "Masha out, Alex 3, Olya 13, Serg 5"),
    (GOAT, "o out 3 13 5",  # after Olya: Serg, then round the table to Masha and Alex
     ["--out", "Olya", "--total", "Serg=3", "--total", "Masha=13", "--total", "Alex=5"],
     "Olya out, Serg 3, Masha 13, Alex 5"),
    (GOAT, "fish 2 3 13 5",
     ["--fish", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5"],
     "fish, Masha 2, Alex 3, Olya 13, Serg 5"),
    (GOAT, "fish by s 2 3 13 5",
     ["--fish", "--fisher", "Serg", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13",
      "--total", "Serg=5"],
     "fish by Serg, Masha 2, Alex 3, Olya 13, Serg 5"),
    (GOAT, "MASHA OUT; alex 1:2 3–3; o 13 s 5",
     ["--out", "Masha", "--hand", "Alex=1-2,3-3", "--total", "Olya=13", "--total", "Serg=5"],
     "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"),
    (GOAT, "s 0-0, m out, 4 6",  # a named hand, the others in seating order after the one out
     ["--out", "Masha", "--hand", "Serg=0-0", "--total", "Alex=4", "--total", "Olya=6"],
     "Masha out, Alex 4, Olya 6, Serg 0-0"),
    (GOAT, "out Alex, Masha=1-2,3-3 Olya=6 Serg=0",
     ["--out", "Alex", "--hand", "Masha=1-2,3-3", "--total", "Olya=6", "--total", "Serg=0"],
     "Alex out, Olya 6, Serg 0, Masha 1-2 3-3"),
    (PAIRS, "Masha out, Alex 1-2 3-3, Olya 13, Serg 5",
     ["--out", "Masha", "--hand", "Alex=1-2,3-3", "--total", "Olya=13", "--total", "Serg=5"],
     "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"),
    (PAIRS, "a out 7 8 9",
     ["--out", "Alex", "--total", "Olya=7", "--total", "Serg=8", "--total", "Masha=9"],
     "Alex out, Olya 7, Serg 8, Masha 9"),
    (PAIRS, "fish, 10 12 14 10",
     ["--fish", "--total", "Masha=10", "--total", "Alex=12", "--total", "Olya=14", "--total", "Serg=10"],
     "fish, Masha 10, Alex 12, Olya 14, Serg 10"),
    (SEA, "Ann out on 6-6, led 1-1, Bob 5-5 1-2, Cid 20",
     ["--out", "Ann", "--last", "6-6", "--led", "1-1", "--hand", "Bob=5-5,1-2", "--total", "Cid=20"],
     "Ann out on 6-6, led 1-1, Bob 5-5 1-2, Cid 20"),
    (SEA, "b out on 2-2 5-5 3 4",  # two doubles laid at once
     ["--out", "Bob", "--last", "2-2,5-5", "--total", "Cid=3", "--total", "Ann=4"],
     "Bob out on 2-2 5-5, Cid 3, Ann 4"),
    (SEA, "led 3-3 c out on 0-0 10 12",
     ["--led", "3-3", "--out", "Cid", "--last", "0-0", "--total", "Ann=10", "--total", "Bob=12"],
     "Cid out on 0-0, led 3-3, Ann 10, Bob 12"),
    (SEA, "fish by b, 20 20 9",
     ["--fish", "--fisher", "Bob", "--total", "Ann=20", "--total", "Bob=20", "--total", "Cid=9"],
     "fish by Bob, Ann 20, Bob 20, Cid 9"),
    (SEA_PAIRS, "Ann out on 1-2, Bob 10, Cid 40, Dan 16",
     ["--out", "Ann", "--last", "1-2", "--total", "Bob=10", "--total", "Cid=40", "--total", "Dan=16"],
     "Ann out on 1-2, Bob 10, Cid 40, Dan 16"),
    (MUGGINS, "Ann out, Bob 3-4, Cat 13, Ann +15 +10, Bob count 20",
     ["--out", "Ann", "--hand", "Bob=3-4", "--total", "Cat=13"],
     "Ann out, Bob 3-4, Cat 13, Ann +15 +10, Bob count 20"),
    (MUGGINS, "a out 7 13, b played 25, c played 10",
     ["--out", "Ann", "--total", "Bob=7", "--total", "Cat=13", "--points", "Bob=25", "--points", "Cat=10"],
     "Ann out, Bob 7, Cat 13, Bob played 25, Cat played 10"),
    (MUGGINS, "fish 3 5 11",
     ["--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cat=11"],
     "fish, Ann 3, Bob 5, Cat 11"),
    (DRAW, "c out, b 3-4 0-0, 8",
     ["--out", "Cid", "--total", "Ann=8", "--hand", "Bob=3-4,0-0"],
     "Cid out, Ann 8, Bob 3-4 0-0"),
    (DRAW, "fish 9 5 11",
     ["--fish", "--total", "Ann=9", "--total", "Bob=5", "--total", "Cid=11"],
     "fish, Ann 9, Bob 5, Cid 11"),
    (FIVES_THREES, "b out 9, a count 15, b + 3",
     ["--out", "Bob", "--total", "Ann=9"],
     "Bob out, Ann 9, Ann count 15, Bob +3"),
]
CLAIMS = {  # the claims of a line, recorded with 'score' before the flags close the hand
    "Ann out, Bob 3-4, Cat 13, Ann +15 +10, Bob count 20": [["Ann", "15"], ["Ann", "10"], ["Bob", "--count", "20"]],
    "b out 9, a count 15, b + 3": [["Ann", "--count", "15"], ["Bob", "3"]],
}


def start(sk, family) -> None:
    rules, seats = family
    sk("new", "--force", "--rules", rules, *seats)


@pytest.mark.parametrize("family, line, flags, written", FORMS, ids=[f"{f[0][0]}: {f[1]}" for f in FORMS])
def test_a_line_records_the_facts_the_flags_record(sk, family, line, flags, written):
    start(sk, family)
    for claim in CLAIMS.get(line, []):
        sk("score", *claim)
    sk("round", *flags)
    by_flags = load_match(str(sk.path)).facts()
    start(sk, family)
    sk("round", line)
    by_line = load_match(str(sk.path)).facts()
    assert by_line == by_flags
    opened = open_match(str(sk.path))
    assert format_round(opened.match.rounds[0], opened.match) == written
    assert parse_round(written, opened.match, opened.ruleset) == opened.match.rounds[0].facts()


def test_a_line_may_be_typed_without_quotes(sk):
    start(sk, GOAT)
    sk("round", "m", "out", "3", "13", "5")
    assert load_match(str(sk.path)).rounds[0].out == "Masha"


def test_edit_takes_the_same_line(sk):
    start(sk, GOAT)
    sk("round", "m out 3 13 5")
    sk("edit", "1", "fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5")
    start_flags = load_match(str(sk.path)).facts()
    start(sk, GOAT)
    sk("round", "m out 3 13 5")
    sk("edit", "1", "--fish", "--fisher", "Olya", "--total", "Masha=2", "--total", "Alex=3", "--total",
       "Olya=13", "--total", "Serg=5")
    assert load_match(str(sk.path)).facts() == start_flags


def test_edit_with_a_line_keeps_the_claims_unless_the_line_gives_some(sk):
    start(sk, MUGGINS)
    sk("round", "Ann out, Bob 3-4, Cat 13, Ann +15 +10")
    sk("edit", "1", "Ann out, Bob 3-4, Cat 12")
    assert [tuple(c) for c in load_match(str(sk.path)).rounds[0].claims] == [("Ann", 15, None), ("Ann", 10, None)]
    sk("edit", "1", "Ann out, Bob 3-4, Cat 12, Bob count 5")
    assert [tuple(c) for c in load_match(str(sk.path)).rounds[0].claims] == [("Bob", 5, 5)]
    sk("edit", "1", "Ann out, Bob 3-4, Cat 12", "--no-points")
    assert load_match(str(sk.path)).rounds[0].claims == ()


def test_pending_claims_are_closed_into_a_line_before_its_own(sk):
    start(sk, MUGGINS)
    sk("score", "Bob", "10")
    sk("round", "Ann out, Bob 3-4, Cat 13, Ann +15")
    assert [tuple(c) for c in load_match(str(sk.path)).rounds[0].claims] == [("Bob", 10, None), ("Ann", 15, None)]


def samples() -> list[Path]:
    import scorekeeper.samples

    return sorted(Path(scorekeeper.samples.__file__).parent.glob("*.toml"))


@pytest.mark.parametrize("sample", samples(), ids=lambda path: path.name)
def test_every_round_of_every_sample_reads_back_from_its_line(sample):
    opened = open_match(str(sample))
    assert opened.match.rounds
    for rnd in opened.match.rounds:
        line = format_round(rnd, opened.match)
        assert parse_round(line, opened.match, opened.ruleset) == rnd.facts(), line


# Names: a unique start in any case, ё as е; ambiguity and typos answered with the candidates.
RUSSIAN = Match("goat", ("Алёна", "Алексей", "Олег", "Юля"), singles(("Алёна", "Алексей", "Олег", "Юля")))
LATIN = Match("goat", ("Masha", "Mark", "Alex", "Al"), singles(("Masha", "Mark", "Alex", "Al")))


@pytest.mark.parametrize("match, typed, player", [
    (LATIN, "Mas", "Masha"), (LATIN, "mas", "Masha"), (LATIN, "MARK", "Mark"), (LATIN, "mar", "Mark"),
    (LATIN, "al", "Al"),      # an exact name wins over a longer one it begins
    (LATIN, "ale", "Alex"),
    (RUSSIAN, "алена", "Алёна"), (RUSSIAN, "Алён", "Алёна"), (RUSSIAN, "алек", "Алексей"),
    (RUSSIAN, "о", "Олег"), (RUSSIAN, "ю", "Юля"),
    (RUSSIAN, "oлег", "Олег"),  # a Latin o typed in a Cyrillic name
])
def test_a_name_by_a_unique_start(match, typed, player):
    rnd = parse_round(f"{typed} out 1 2 3", match)
    assert rnd.out == player


@pytest.mark.parametrize("match, line, message", [
    (LATIN, "m out 1 2 3", "'m' could be Masha or Mark: type more of the name"),
    (LATIN, "a out 1 2 3", "'a' could be Alex or Al"),
    (RUSSIAN, "ал out 1 2 3", "'ал' could be Алёна or Алексей"),
    (RUSSIAN, "але out 1 2 3", "'але' could be Алёна or Алексей"),  # ё is е
    (LATIN, "Mahsa out 1 2 3", "unknown player or word 'Mahsa' (did you mean Masha?)"),
    (LATIN, "Alx out 1 2 3", "did you mean Alex"),
    (LATIN, "fsh 1 2 3 4", "unknown player or word 'fsh' (did you mean fish?)"),
    (LATIN, "Zed out 1 2 3", "unknown player 'Zed' (players: Masha, Mark, Alex, Al)"),
])
def test_an_unknown_or_ambiguous_name_is_refused_with_candidates(match, line, message):
    with pytest.raises(InputError) as refused:
        parse_round(line, match)
    assert message in str(refused.value)


def test_the_flags_take_a_unique_start_too(sk):
    start(sk, GOAT)
    sk("round", "--out", "ma", "--hand", "al=1-2,3-3", "--total", "O=13", "--total", "serg=5")
    rnd = load_match(str(sk.path)).rounds[0]
    assert rnd.out == "Masha" and set(rnd.hands) == {"Alex", "Olya", "Serg"}
    assert "did you mean Masha?" in sk.fails("round", "--out", "Mahsa", "--total", "Alex=1", "--total", "Olya=1",
                                             "--total", "Serg=1", code=2)


def test_names_of_several_words_and_names_that_are_words_of_the_syntax(sk):
    sk("new", "--rules", "goat", "Uncle Vanya", "Out", "Anna Maria", "Anna")
    sk("round", "uncle v out, \"Out\" 4, anna m 5, anna 6")
    opened = open_match(str(sk.path))
    rnd = opened.match.rounds[0]
    assert rnd.out == "Uncle Vanya" and dict((p, h.total) for p, h in rnd.hands.items()) == {
        "Out": 4, "Anna Maria": 5, "Anna": 6}
    line = format_round(rnd, opened.match)
    assert line == 'Uncle Vanya out, "Out" 4, Anna Maria 5, Anna 6'
    assert parse_round(line, opened.match, opened.ruleset) == rnd.facts()


# Every bad line is refused in one line, exit 2, the file unchanged: the same inputs the flags refuse.
BAD = [
    ("m out 3 13", "3 totals needed, in seating order (Alex, Olya, Serg): 2 given"),
    ("m out 3 13 5 7", "3 totals needed, in seating order (Alex, Olya, Serg): 4 given"),
    ("m out, Alex 3, Olya 13, Serg 5, 7", "a total without a name, but every player has a hand: 1 given"),
    ("1-2 m out 3 13 5", "whose tile is '1-2'?"),
    ("m out, Alex 7-7, 13 5", "tile 7-7 is not in a double-six set (Alex's hand)"),
    ("m out, Alex 1-2, Olya 1-2, Serg 5", "tile 1-2 is in two hands: Alex's and Olya's"),
    ("m out, Alex 1-2 1-2, Olya 3, Serg 5", "tile 1-2 is given twice (Alex's hand)"),
    ("m out, Alex 3, Olya 13", "no hand for Serg"),
    ("m out, Alex 3, Alex 4, Olya 13, Serg 5", "Alex is given two totals: give one hand (its tiles) or one"),
    ("m out, Alex 3 1-2, Olya 13, Serg 5", "Alex is given a hand and a total"),
    ("m out, Masha 3, Alex 3, Olya 13, Serg 5", "Masha went out and holds nothing"),
    ("m out, fish, 3 13 5", "either by an out or by a fish, not both"),
    ("m out, a out, 13 5", "two players went out (Masha and Alex)"),
    ("Alex 3, Olya 13, Serg 5", "say how the round ended"),
    ("3 13 5", "say how the round ended"),
    ("m out 3 13 500", "Serg's total 500 is more than a whole double-six set holds (168)"),
    ("m out 3 13 5000000", "'5000000' is too large for a round"),
    ("m out 3 13 -5", "'-5' is not understood in a round"),
    ("m out 3 13 ²", "unknown player '²'"),
    ("m out 3 13 5 @", "'@' is not understood in a round (at character 14)"),
    ("m out on", "'out on' needs the tile"),
    ("fish on 6-6 2 3 4 5", "'on' gives the tile someone went out with"),
    ("m out, led, 3 13 5", "'led' needs the tile that opened the round"),
    ("fish by, 2 3 4 5", "'fish by' needs a player's name"),
    ("m out by 3 13 5", "'by' names the fisherman"),
    ("m out 3 13 5, led 1-2 led 3-4", "'led' is given twice"),
    ("m out 3 13 5, +10", "whose is '+10'?"),
    ("m out 3 13 5, count 10", "whose is 'count'?"),
    ("m out 3 13 5, Alex count", "'count' needs a number"),
    ("m out, Alex 123-4, 13 5", "'123-4' is not a tile"),
    ("m out on 1-2 3-4, 3 13 5", "two last tiles must both be doubles"),  # a line is not flags: the facts
    ("m out on 1-2, Alex 1-2, 13 5", "1-2 was played (the last tile) but is also in Alex's hand"),
    ("m out 3 13 5, Alex +10", "scores no points during play"),
    ("fish Olya, m 2, Alex 3, Olya 13, Serg 5", "nothing follows Olya: give Olya's tiles or pip total (the "
                                                "fisherman: 'fish by Olya')"),
    ("m out, Alex, Olya 13, Serg 5", "nothing follows Alex: give Alex's tiles or pip total"),
    ("m out, Alex 3, Olya 13, Serg", "nothing follows Serg"),
    ("m out, Alex 3, Olya led 1-1, 13 5", "nothing follows Olya"),
    ("m out, Alex 1-2, Olya 13, Serg five", "unknown player 'five'"),
    ("out 3 13 5", "'out' needs the name of who went out: 'Masha out' (or 'out Masha')"),
    ("m out out 3 13 5", "'out' needs the name of who went out"),
    ("m out 3 13 5, " + "x" * 5000 + " 1", "unknown player 'xxxxxxxxxxxxxxxxxxxxxxxx…' (5,000 characters)"),
]


@pytest.mark.parametrize("line, message", BAD, ids=[line[:40] for line, _ in BAD])
def test_a_bad_line_is_refused_in_one_line_and_changes_nothing(sk, line, message):
    start(sk, GOAT)
    sk("round", "m out 3 13 5")
    refused = sk.fails("round", line, code=2)
    assert message in refused
    assert message in sk.fails("edit", "1", line, code=2)


@pytest.mark.parametrize("line, message", [
    ("Ann out 3 4, Ann +13", "Ann +13: Muggins cannot score 13 in one play"),
    ("Ann out 3 4, Ann count 13", "Ann count 13: a count of 13 scores nothing in Muggins"),
    ("Ann out 3 4, Bob played 12", "Bob played 12: Muggins cannot make 12 during play"),  # as typed
    ("Ann out 3 4, Bob played 10 Bob played 5", "Bob is given two in-play totals"),
    ("Ann out 3 4, Bob count 200", "count at most"),
])
def test_a_bad_claim_in_a_line_is_refused_as_score_refuses_it(sk, line, message):
    start(sk, MUGGINS)
    assert message in sk.fails("round", line, code=2)


def test_a_line_and_flags_together_are_refused(sk):
    start(sk, GOAT)
    assert "give the round as a line or with flags, not both (--out" in sk.fails(
        "round", "--out", "Masha", "3 13 5", code=2)


def test_only_claims_in_a_line_do_not_close_the_hand(sk):
    start(sk, MUGGINS)
    assert "say how the round ended" in sk.fails("round", "Ann +10", code=2)
    muggins = Match("muggins", ("Ann", "Bob"), singles(("Ann", "Bob")))
    typed = read_round("a +10 b count 15", muggins)
    assert is_claims_only(typed) and typed.claims == (("Ann", 10, False), ("Bob", 15, True))


# The property: any round the flags can record, written as a line and read back, gives the same facts.
from hypothesis import HealthCheck, assume, given, settings, strategies as st  # noqa: E402

from scorekeeper.match.claims import close_hand  # noqa: E402
from scorekeeper.notation.names import fold  # noqa: E402
from scorekeeper.match.record import build_round, check_round, new_match  # noqa: E402
from scorekeeper.scoring.counts import producible_scores  # noqa: E402
from scorekeeper.domain.tiles import TileSet  # noqa: E402

RULESETS = {name: load_ruleset(name) for name in ("goat", "goat-pairs", "sea-goat", "muggins", "draw")}
NAME = st.text(alphabet="AaBbMmOoSsЁёЕеАаЛлйé -'.1Oo", min_size=1, max_size=9).map(str.strip) | st.sampled_from(
    ["out", "Fish", "By", "led", "On", "count", "played", "Masha", "Mas", "Anna Maria", "Anna", "Алёна", "Uncle V"])


@st.composite
def recorded_rounds(draw):
    name = draw(st.sampled_from(sorted(RULESETS)))
    ruleset = RULESETS[name]
    count = 4 if name == "goat-pairs" else draw(st.integers(ruleset["players.min"], min(4, ruleset["players.max"])))
    players = draw(st.lists(NAME, min_size=count, max_size=count, unique_by=fold))
    try:
        match = new_match(name, ruleset, players)  # names 'new' refuses cannot be seated
    except InputError:
        assume(False)
    tiles = list(draw(st.permutations(TileSet(6).tiles())))
    fish = draw(st.booleans())
    out = None if fish else draw(st.sampled_from(players))
    hands, totals = [], []
    for player in players:
        if player == out:
            continue
        held = [tiles.pop() for _ in range(draw(st.integers(1, 4)))]
        if draw(st.booleans()):
            hands.append((player, tuple(held)))
        else:
            totals.append((player, sum(tile.pips for tile in held)))
    last = () if fish else tuple(tiles.pop() for _ in range(draw(st.integers(0, 1))))
    led = tiles.pop() if draw(st.booleans()) else None
    fisher = draw(st.sampled_from(players)) if fish and draw(st.booleans()) else None
    rnd = build_round(match, out=out, fish=fish, hands=draw(st.permutations(hands)), totals=totals,
                      fisher=fisher, last=last, led=led)
    points = [] if name != "muggins" else draw(st.lists(  # muggins scores a count as itself: some told as counts
        st.tuples(st.sampled_from(players), st.sampled_from(producible_scores(ruleset)), st.booleans()), max_size=4))
    played = [] if name != "muggins" else draw(st.lists(
        st.tuples(st.sampled_from(players), st.sampled_from([5, 10, 25, 40])), max_size=3, unique_by=lambda c: c[0]))
    from scorekeeper.domain.facts import Claim

    match = match._replace(pending=tuple(Claim(player, value, value if counted else None)
                                         for player, value, counted in points))
    rnd = close_hand(match, ruleset, rnd, played)  # as 'score' claims, then 'round --points' closes the hand
    try:
        check_round(match, ruleset, rnd)
    except InputError:
        assume(False)
    return match._replace(pending=()), ruleset, rnd


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(recorded_rounds())
def test_a_round_recorded_with_flags_reads_back_from_its_line(recorded):
    match, ruleset, rnd = recorded
    line = format_round(rnd, match)
    assert parse_round(line, match, ruleset) == rnd, line


@pytest.mark.parametrize("line, short", [
    # a hand of tiles: named all through, never totals in seating order mixed with named hands
    ("Masha out, Alex 1-2 3-3, Olya 13, Serg 5", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"),
    ("fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5", "fish by Olya 2 3 13 5"),
    ("o out 3 13 5", "Olya out 3 13 5"),
])
def test_the_short_form_reads_back_too(line, short):
    match = Match("goat", GOAT[1], singles(GOAT[1]))
    rnd = parse_round(line, match, load_ruleset("goat"))
    assert format_round(rnd, match, short=True) == short
    assert parse_round(short, match, load_ruleset("goat")) == rnd


def test_the_short_form_is_written_only_when_it_reads_back_to_the_same_round(sk):
    """In goat-pairs the finisher's partner has no hand: unnamed totals would be read in seating order as the
    partner's, so the round is written named (it once came back as 'Margarita out 13 25')."""
    sk("new", "--rules", "goat-pairs", "--team", "Margarita,Olga", "--team", "Alexander,Sergei")
    sk("round", "Margarita out, Alexander 13, Sergei 25")
    opened = open_match(str(sk.path))
    rnd = opened.match.rounds[0]
    written = format_round(rnd, opened.match, short=True)
    assert written == "Margarita out, Alexander 13, Sergei 25"
    assert read_round(written, opened.match) == read_round("Margarita out, Alexander 13, Sergei 25", opened.match)
    sk("new", "--force", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "Masha out, Alex 3, Olya 13, Serg 5")
    opened = open_match(str(sk.path))
    assert format_round(opened.match.rounds[0], opened.match, short=True) == "Masha out 3 13 5"


def test_where_the_partner_does_not_count_the_short_form_skips_the_partner(sk):
    """Issue 21, 6: the totals that count, in seating order, read with ``partner_counts`` false (goat-pairs:
    the finisher's partner's hand is not counted); with it, every hand's total is needed."""
    sk("new", "--rules", "goat-pairs", "--team", "Margarita,Olga", "--team", "Alexander,Sergei")
    sk("round", "Margarita out 13 25")  # the one-shot command reads it as the session does
    opened = open_match(str(sk.path))
    rnd = opened.match.rounds[0]
    assert {player: hand.total for player, hand in rnd.hands.items()} == {"Alexander": 13, "Sergei": 25}
    assert read_round("Margarita out 13 25", opened.match, partner_counts=False) == read_round(
        "Margarita out, Alexander 13, Sergei 25", opened.match)
    with pytest.raises(InputError, match=r"3 totals needed, in seating order \(Alexander, Olga, Sergei\)"):
        read_round("Margarita out 13 25", opened.match)


def test_a_name_with_a_run_of_spaces_is_typed_with_one(sk):
    sk("new", "Anna  Lee", "Bob")
    sk("round", "anna lee out 5")
    assert sk.json()["history"][0]["winner"] == "Anna  Lee"


def test_on_plain_and_led_plain_say_the_tiles_scored_nothing_and_read_back(sk):
    """A Sea Goat scorer's answer to 'last tile?' and 'led?' (Enter: a tile no rule scores) as the line writes
    it: kept in the match file as last/led = "plain", written back as the line, and no table note."""
    sk("new", "--rules", "sea-goat", "Ann", "Bob", "Cid")
    sk("round", "a out on plain, led plain, 10 20")
    opened = open_match(str(sk.path))
    rnd = opened.match.rounds[0]
    assert (rnd.last, rnd.led, rnd.plain_last, rnd.plain_led) == ((), None, True, True)
    written = format_round(rnd, opened.match)
    assert written == "Ann out on plain, led plain, Bob 10, Cid 20"
    assert parse_round(written, opened.match, opened.ruleset) == rnd.facts()
    text = sk.path.read_text()
    assert 'last = "plain"' in text and 'led = "plain"' in text
    assert sk.json()["notes"] == []


@pytest.mark.parametrize("line, message", [
    ("a out on plain 6-6, 10 20", "whose tile is '6-6'?"),
    ("a out on 6-6 on plain, 10 20", "'on' is given twice"),
    ("a out, led plain led 1-1, 10 20", "'led' is given twice"),
    ("fish by a, led plain, on plain, 1 2 3", "'on' gives the tile someone went out with"),
])
def test_plain_is_refused_where_a_tile_would_be(sk, line, message):
    sk("new", "--rules", "sea-goat", "Ann", "Bob", "Cid")
    assert message in sk.fails("round", line, code=2)


@pytest.mark.parametrize("name, typed, quoted", [
    ("Jo\\Ann", "fish, Jo\\Ann 4, Bob 6", 'fish, "Jo\\Ann" 4, Bob 6'),
    ("Ли 😀", "fish, Ли 😀 4, Bob 6", 'fish, "Ли 😀" 4, Bob 6'),
])
def test_a_name_only_quotes_let_a_line_hold_is_refused_with_the_quotes_to_type(sk, name, typed, quoted):
    """`new` takes any printable name; a round line reads one with a backslash or an emoji only in quotes, and
    its refusal says so, with the quotes to type, rather than list the words a line is made of."""
    sk("new", "--rules", "muggins", name, "Bob")
    refused = sk.fails("round", typed, code=2)
    assert refused.endswith(f'is typed in quotes: "{name}"') and "write players' names" not in refused
    sk("round", quoted)
    assert sk.json()["history"][0]["winner"] == name  # the lower hand of the fish, read by its name
