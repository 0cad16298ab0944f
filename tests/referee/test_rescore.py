"""Re-scoring: table --rules OTHER and compare OTHER, on a recorded Goat match and a house ruleset with
fish for everyone."""

from __future__ import annotations

import json

import pytest

PLAYERS = ("Masha", "Alex", "Olya", "Serg")


@pytest.fixture
def recorded(sk, tmp_path):
    """A Goat match: two outs, then a fish with a clear top, then an out."""
    (tmp_path / "house.toml").write_text('extends = "goat"\nname = "house"\n[fish]\npolicy = "each"\n')
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5")
    sk("round", "--fish", "--fisher", "Serg", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13",
       "--total", "Serg=5")
    sk("round", "--out", "Olya", "--total", "Masha=14", "--total", "Alex=1", "--total", "Serg=2")
    return str(tmp_path / "house.toml")


def test_compare_marks_the_differing_rounds(sk, recorded):
    before = sk.path.read_bytes()
    found = json.loads(sk("compare", recorded, "--format", "json").stdout)
    assert (found["ruleset"], found["other"]) == ("goat", "house")
    assert found["differing_keys"] == [{"key": "fish.policy", "ruleset": "most-takes-all", "other": "each"}]
    # The outs before the fish score alike; the fish and everything after it differ.
    assert found["differing_rounds"] == [3, 4]
    assert [item["differs"] for item in found["rounds"]] == [False, False, True, True]
    fish = found["rounds"][2]
    # goat (fish for one): Olya takes all 23; house (fish for everyone): each records their own hand.
    assert fish["ruleset"]["Olya"] == {"score": 43, "remembered": 0}
    assert fish["ruleset"]["Serg"] == {"score": 0, "remembered": 0}
    assert fish["other"]["Olya"] == {"score": 33, "remembered": 0}
    assert fish["other"]["Serg"] == {"score": 0, "remembered": 14}
    assert found["table"] == sk.json()
    rescored = json.loads(sk("table", "--rules", recorded, "--format", "json").stdout)
    assert found["other_table"] == {key: value for key, value in rescored.items()
                                    if key not in ("not_scored", "rescore_notes", "unconverted_claims")}
    assert any("who made the fish" in fact for fact in found["unused_facts"])
    assert sk.path.read_bytes() == before


def test_compare_text_marks_rounds_and_lists_keys(sk, recorded):
    out = sk("compare", recorded).stdout
    rows = [line for line in out.splitlines() if line[:1].isdigit()]
    assert [row.rstrip().endswith("≠") for row in rows] == [False, False, True, True]
    assert "rounds that differ (≠): 3, 4" in out
    assert "fish.policy: most-takes-all -> each" in out
    assert "43" in rows[2] and "33 *" in rows[2]


def test_table_rules_rescores_without_changing_the_match(sk, recorded):
    before = sk.path.read_bytes()
    own = sk.json()
    other = json.loads(sk("table", "--rules", recorded, "--format", "json").stdout)
    assert other["ruleset"] == "house" and own["ruleset"] == "goat"
    assert [h["scores"] for h in other["history"][:2]] == [h["scores"] for h in own["history"][:2]]
    assert other["history"][2]["recorded"] == {"Masha": 0, "Alex": 0, "Olya": 13, "Serg": 0}
    assert other["not_scored"] == []
    out = sk("table", "--rules", recorded).stdout
    assert out.startswith("house: 4 rounds") and "the match file is unchanged" in out
    assert sk.path.read_bytes() == before
    assert json.loads(sk("table", "--rules", "goat", "--format", "json").stdout)["sides"] == own["sides"]


def test_rounds_after_an_earlier_decision_are_named(sk, tmp_path):
    (tmp_path / "short.toml").write_text('extends = "goat"\nname = "short"\n[end]\ntarget = 20\n')
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=25")
    sk("round", "--out", "Ann", "--total", "Bob=30")
    found = json.loads(sk("table", "--rules", str(tmp_path / "short.toml"), "--format", "json").stdout)
    assert found["rounds"] == 1 and found["over"] and found["loser"] == "Bob" and found["not_scored"] == [2]
    compared = json.loads(sk("compare", str(tmp_path / "short.toml"), "--format", "json").stdout)
    assert compared["rounds"][1]["other"] is None and compared["differing_rounds"] == [2]
    assert "round 2 not scored" in sk("compare", str(tmp_path / "short.toml")).stdout


def test_totals_where_tiles_are_needed_are_named(sk, tmp_path):
    (tmp_path / "sea.toml").write_text('extends = "goat"\nname = "sea"\n[special_hands]\n"0-0" = 25\n'
                                       '"6-6" = 50\n"0-0 6-6" = 75\n')
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=12")
    found = json.loads(sk("compare", str(tmp_path / "sea.toml"), "--format", "json").stdout)
    assert any("only a total of 12" in fact and "6-6" in fact for fact in found["lacking_facts"])
    assert {"key": "special_hands", "ruleset": "0-0 = 10", "other": "0-0 = 25, 6-6 = 50, 0-0 6-6 = 75"} \
        in found["differing_keys"]
    assert "facts sea needs but the match lacks" in sk("compare", str(tmp_path / "sea.toml")).stdout


def test_facts_another_ruleset_needs_are_refused_with_the_round(sk, tmp_path):
    (tmp_path / "pays.toml").write_text('extends = "goat"\nname = "pays"\n[fish]\npolicy = "fisherman-pays"\n')
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=4")
    message = sk.fails("compare", str(tmp_path / "pays.toml"), code=1)
    assert "match.toml:" in message and "round 1: pays cannot score it" in message
    assert message.endswith("say who made the fish (the fisher)")  # a fact of the file, not a flag
    assert "round 1" in sk.fails("table", "--rules", str(tmp_path / "pays.toml"), code=1)


def test_seating_another_ruleset_cannot_use(sk):
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    assert "pairs game" in sk.fails("compare", "goat-pairs", code=1)
    assert "unknown ruleset" in sk.fails("table", "--rules", "nope", code=2)  # typed wrong


def test_compare_with_its_own_ruleset_differs_nowhere(sk, recorded):
    found = json.loads(sk("compare", "goat", "--format", "json").stdout)
    assert found["differing_keys"] == [] and found["differing_rounds"] == []
    assert found["table"] == found["other_table"]
    out = sk("compare", "goat").stdout
    assert "rounds that differ (≠): none" in out and "≠" not in out.split("rounds that differ")[0]


def test_eggs_are_compared_too(sk, tmp_path):
    (tmp_path / "house.toml").write_text('extends = "goat"\nname = "house"\n[fish]\npolicy = "each"\n')
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", "--fish", "--total", "Ann=2", "--total", "Bob=14", "--total", "Cid=14")
    found = json.loads(sk("compare", str(tmp_path / "house.toml"), "--format", "json").stdout)
    assert found["rounds"][0]["eggs"] == {"ruleset": 30, "other": 0} and found["differing_rounds"] == [1]
    out = sk("compare", str(tmp_path / "house.toml")).stdout
    assert "eggs" in out and "+30" in out


# Every built-in ruleset by the seatings it allows; the matrix test below checks this list against the
# rulesets themselves, so a new built-in ruleset must be placed here.
EITHER = {"block", "block-003", "draw", "draw-jamaican", "draw-tiles-left", "muggins", "muggins-each-hand",
          "all-fives", "all-fives-pagat", "all-threes", "english", "fives-and-threes", "phone"}
SEATED_IN_PAIRS = EITHER | {"goat-pairs", "goat-pairs-000", "sea-goat-pairs", "block-partnership", "puerto-rican",
                            "jamaican-partnership"}
SEATED_SINGLY = EITHER | {"goat", "sea-goat"}
FOUR = ("Ann", "Bob", "Cid", "Dan")
# An out with every hand as tiles, so that every ruleset can score it (tiles left, special hands, counts).
ONE_ROUND = ("--out", "Ann", "--hand", "Bob=2-4,1-6", "--hand", "Cid=3-3,0-5", "--hand", "Dan=4-4,2-5",
             "--last", "3-5")


@pytest.mark.parametrize("pairs", [False, True], ids=["singly", "in-pairs"])
def test_every_built_in_rescoring_that_the_seating_allows_runs(sk, pairs):
    from scorekeeper.rules.loader import builtin_names

    names = builtin_names()
    allowed = SEATED_IN_PAIRS if pairs else SEATED_SINGLY
    assert allowed <= set(names) and (SEATED_IN_PAIRS | SEATED_SINGLY) == set(names)
    seating = ("--team", "Ann,Cid", "--team", "Bob,Dan") if pairs else FOUR
    own = sorted(allowed)[0]
    sk("new", "--rules", own, *seating)
    sk("round", *ONE_ROUND)
    before = sk.path.read_bytes()
    for name in names:
        if name in allowed:
            rescored = json.loads(sk("table", "--rules", name, "--format", "json").stdout)
            assert rescored["ruleset"] == name and rescored["rounds"] == 1
            compared = json.loads(sk("compare", name, "--format", "json").stdout)
            assert compared["other"] == name and len(compared["rounds"]) == 1
        else:
            assert "this match is seated" in sk.fails("table", "--rules", name, code=1)
            assert "this match is seated" in sk.fails("compare", name, code=1)
    assert sk.path.read_bytes() == before


@pytest.mark.parametrize("own", sorted(SEATED_IN_PAIRS))
def test_a_pairs_match_rescores_under_its_own_ruleset(sk, own):
    """The bug of issue 22: a pairs match under a ruleset with players.teams = "either" (block, draw, the
    races) was refused under its own ruleset, since the check knew only "pairs"."""
    sk("new", "--rules", own, "--team", "Ann,Cid", "--team", "Bob,Dan")
    sk("round", *ONE_ROUND)
    assert json.loads(sk("table", "--rules", own, "--format", "json").stdout)["sides"] == sk.json()["sides"]
    assert json.loads(sk("compare", own, "--format", "json").stdout)["differing_rounds"] == []



def test_a_fact_first_recorded_in_a_later_round_is_named_unused_only_where_the_table_is_the_same(sk, tmp_path):
    """The last tile, first given in round 2: Sea Goat's two finishing doubles use it (the table without it
    differs), a copy of Goat does not (the same table); the rounds before it are taken as they were scored."""
    (tmp_path / "plain.toml").write_text('extends = "goat"\nname = "plain"\n')
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--out", "Masha", "--last", "5-5 6-6", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5")
    sk("round", "--out", "Olya", "--last", "0-1", "--total", "Masha=14", "--total", "Alex=1", "--total", "Serg=2")
    assert json.loads(sk("compare", "sea-goat", "--format", "json").stdout)["unused_facts"] == []
    unused = json.loads(sk("compare", str(tmp_path / "plain.toml"), "--format", "json").stdout)["unused_facts"]
    assert unused == ["the tile the player went out with ('out on TILE' or --last), recorded in rounds 2, 3: plain "
                      "does not use it for the score here (the table is the same without it)"]


def test_plays_another_ruleset_cannot_follow_make_one_note_naming_their_rounds(sk):
    """A Muggins match played play by play against its spinner, re-scored under Fives and Threes (no spinner):
    the table's footer says once which rounds it cannot follow, where it said every round's reason on lines of
    their own (20 notes of three lines on a 20-round match: the table went off a phone's screen); each round's
    reason is still in its explanation and in the JSON."""
    from played_hands import played_match

    from scorekeeper.rules.loader import load_ruleset
    from scorekeeper.scoring.checked import sealed_match
    from scorekeeper.storage.matchfile import save_match

    ruleset = load_ruleset("muggins")
    match = played_match("muggins", ruleset, PLAYERS, 8, seed=4)
    save_match(sealed_match(ruleset, match), str(sk.path))
    rescored = json.loads(sk("table", "--rules", "fives-and-threes", "--format", "json").stdout)
    refused = [entry["round"] for entry in rescored["history"]
               if any("Fives and Threes cannot follow the plays (play " in note for note in entry["notes"])]
    assert len(refused) >= 2  # the seed's hands lay tiles on the spinner's sides: Fives and Threes refuses them
    out = sk("table", "--rules", "fives-and-threes", "--all").stdout
    said = [line for line in out.splitlines() if "cannot follow the plays" in line]
    assert len(said) == 1 and "(play" not in out
    named, _, words = said[0].removeprefix("note: rounds ").partition(": ")
    assert words == "Fives and Threes cannot follow the plays: the points claimed with the round are scored instead"
    spans = [part.split("-") for part in named.split(", ")]
    assert [n for span in spans for n in range(int(span[0]), int(span[-1]) + 1)] == refused
    explained = sk("explain", str(refused[0]), "--rules", "fives-and-threes").stdout
    assert "Fives and Threes cannot follow the plays (play " in " ".join(explained.split())
    compared = sk("compare", "fives-and-threes").stdout
    assert sum("cannot follow the plays" in line for line in compared.splitlines()) == 1


def test_the_rounds_of_an_unused_fact_listed_in_spans(sk):
    """The facts another ruleset does not use name their rounds as the table's notes do: 1-3, not 1, 2, 3."""
    sk("new", "--rules", "goat", *PLAYERS)
    for out in ("Alex", "Masha", "Olya", "Serg"):
        others = [player for player in PLAYERS if player != out]
        sk("round", "--out", out, "--last", "2-3", *[flag for player in others for flag in ("--total", f"{player}=3")])
    found = json.loads(sk("compare", "goat", "--format", "json").stdout)["unused_facts"]
    assert any("recorded in rounds 1-4:" in fact for fact in found), found


def test_table_rules_all_shows_every_round_as_table_all_does(sk, tmp_path):
    """``--all`` is every round under the other ruleset too, not the last 20 that a plain table shows."""
    (tmp_path / "house.toml").write_text('extends = "muggins"\nname = "house"\n')
    sk("new", "--rules", "muggins", "Ann", "Bob")
    for _ in range(23):  # an out against one pip: nothing scored, the match goes on
        sk("round", "--out", "Ann", "--total", "Bob=1")

    def numbers(*args):
        firsts = [(line.split() or [""])[0] for line in sk("table", *args).stdout.splitlines()]
        return [first for first in firsts if first.isdigit()]  # a round's row begins with its number

    assert numbers("--all") == [str(number) for number in range(1, 24)]
    assert numbers("--rules", str(tmp_path / "house.toml"), "--all") == numbers("--all")
    assert numbers("--rules", str(tmp_path / "house.toml")) == numbers() == [str(n) for n in range(4, 24)]
