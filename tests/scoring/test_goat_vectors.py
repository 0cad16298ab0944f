"""RULES.md sections 1-2 (Goat): every scoring vector, through the CLI, checked via the JSON contract."""

from __future__ import annotations

import shlex

import pytest

from table_steps import run, vector

PLAYERS = ("Masha", "Alex", "Olya", "Serg")


def out(player: str, **hands: str | int) -> list[str]:
    args = ["round", "--out", player]
    for name, value in hands.items():
        args += ["--total" if isinstance(value, int) else "--hand", f"{name}={value}"]
    return args


def fish(*extra: str, **hands: str | int) -> list[str]:
    args = ["round", "--fish", *extra]
    for name, value in hands.items():
        args += ["--total" if isinstance(value, int) else "--hand", f"{name}={value}"]
    return args


# Setups that bring the table to the state a vector starts from.
MASHA_19_OLYA_7_SERG_4 = [out("Alex", Masha=12, Olya=7, Serg=2), out("Alex", Masha=7, Olya="0-1 0-2 1-3", Serg=2)]

# (id, ruleset, rounds, expected {side: (score, remembered)}, expected eggs)
VECTORS = [
    ("out: remembered wiped, Olya opens 13+7=20", "goat",
     [out("Alex", Masha=12, Olya=3, Serg=2), out("Alex", Masha=7, Olya=4, Serg=2),
      out("Masha", Alex="1-2", Olya=13, Serg=5)],
     {"Masha": (0, 0), "Alex": (0, 3), "Olya": (20, 0), "Serg": (0, 9)}, 0),
    ("threshold: 12 is remembered, 13 opens", "goat",
     [out("Alex", Masha=12, Olya=13, Serg="6-6 0-1")],
     {"Masha": (0, 12), "Alex": (0, 0), "Olya": (13, 0), "Serg": (13, 0)}, 0),
    ("remembered points add up across rounds", "goat",
     [out("Alex", Masha=5, Olya=1, Serg=2), out("Olya", Masha=6, Alex=4, Serg=2)],
     {"Masha": (0, 11), "Alex": (0, 4), "Olya": (0, 0), "Serg": (0, 4)}, 0),
    ("after opening every round is recorded as it comes", "goat",
     [out("Alex", Masha=20, Olya=1, Serg=2), out("Alex", Masha=3, Olya=1, Serg=2)],
     {"Masha": (23, 0), "Alex": (0, 0), "Olya": (0, 2), "Serg": (0, 4)}, 0),
    ("lone 0-0 counts 10", "goat",
     [out("Alex", Masha="0-0", Olya="0-1 1-1", Serg=2)],
     {"Masha": (0, 10), "Alex": (0, 0), "Olya": (0, 3), "Serg": (0, 2)}, 0),
    ("0-0 with other tiles counts its pips", "goat",
     [out("Alex", Masha="0-0 2-3", Olya=1, Serg=2)],
     {"Masha": (0, 5), "Alex": (0, 0), "Olya": (0, 1), "Serg": (0, 2)}, 0),
    ("fish for one: Olya takes 23 + remembered 7 = 30, the others' remembered wiped", "goat",
     [out("Serg", Masha=4, Alex=5, Olya=7), fish(Masha=2, Alex=3, Olya=13, Serg=5)],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (30, 0), "Serg": (0, 0)}, 0),
    ("fish for one under the threshold is remembered", "goat",
     [fish(Masha=1, Alex=2, Olya=6, Serg=3)],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (0, 12), "Serg": (0, 0)}, 0),
    ("eggs: Alex 14 and Olya 14 tie, 35 carried", "goat",
     [fish(Masha=2, Alex=14, Olya=14, Serg=5)],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (0, 0), "Serg": (0, 0)}, 35),
    ("eggs paid to the next round's biggest loser, counted toward opening", "goat",
     [fish(Masha=2, Alex=14, Olya=14, Serg=5), out("Masha", Alex=3, Olya=9, Serg=1)],
     {"Masha": (0, 0), "Alex": (0, 3), "Olya": (44, 0), "Serg": (0, 1)}, 0),
    ("eggs paid on a fish for one: the top takes the total and the eggs", "goat",
     [fish(Masha=2, Alex=14, Olya=14, Serg=5), fish(Masha=1, Alex=2, Olya=3, Serg=4)],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (0, 0), "Serg": (45, 0)}, 0),
    ("a second tied fish adds to the carried eggs", "goat",
     [fish(Masha=2, Alex=14, Olya=14, Serg=5), fish(Masha=9, Alex=1, Olya=9, Serg=1)],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (0, 0), "Serg": (0, 0)}, 55),
    ("eggs stay while the next round has no single biggest loser", "goat",
     [fish(Masha=2, Alex=14, Olya=14, Serg=5), out("Masha", Alex=4, Olya=4, Serg=1)],
     {"Masha": (0, 0), "Alex": (0, 4), "Olya": (0, 4), "Serg": (0, 1)}, 35),
    ("pairs: the finisher's partner is not counted; a side opens at 13", "goat-pairs",
     [out("Masha", Alex=7, Olya=20, Serg=5)],
     {"Masha+Olya": (0, 0), "Alex+Serg": (0, 12)}, 0),
    ("pairs: the side's sum opens", "goat-pairs",
     [out("Masha", Alex=8, Olya=20, Serg=5)],
     {"Masha+Olya": (0, 0), "Alex+Serg": (13, 0)}, 0),
    ("pairs fish: the larger side records everything", "goat-pairs",
     [fish(Masha=3, Alex=10, Olya=4, Serg=2)],
     {"Masha+Olya": (0, 0), "Alex+Serg": (19, 0)}, 0),
    ("pairs fish: equal sums are eggs for the losers of the next round", "goat-pairs",
     [fish(Masha=3, Alex=4, Olya=5, Serg=4), out("Alex", Masha=2, Olya=1, Serg=9)],
     {"Masha+Olya": (19, 0), "Alex+Serg": (0, 0)}, 0),
]


@pytest.mark.parametrize("ruleset, rounds, expected, eggs", [v[1:] for v in VECTORS], ids=[v[0] for v in VECTORS])
def test_goat_vector(sk, ruleset, rounds, expected, eggs):
    if ruleset == "goat-pairs":
        sk("new", "--rules", ruleset, "--team", "Masha,Olya", "--team", "Alex,Serg")
    else:
        sk("new", "--rules", ruleset, *PLAYERS)
    for args in rounds:
        sk(*args)
    table = sk.json()
    assert {side["name"]: (side["score"], side["remembered"]) for side in table["sides"]} == expected
    assert table["eggs"] == eggs
    assert table["rounds"] == len(rounds)
    assert table["over"] is False and table["winner"] is None and table["loser"] is None


def test_json_contract_shape(sk):
    sk("new", "--rules", "goat", *PLAYERS)
    sk(*out("Masha", Alex="1-2,3-3", Olya="6-6 0-1", Serg=5))
    table = sk.json()
    assert table["ruleset"] == "goat"
    assert table["rounds"] == 1
    assert [side["name"] for side in table["sides"]] == list(PLAYERS)
    assert table["sides"][1] == {"name": "Alex", "players": ["Alex"], "score": 0, "remembered": 9}
    assert table["sides"][2] == {"name": "Olya", "players": ["Olya"], "score": 13, "remembered": 0}
    assert (table["eggs"], table["over"], table["winner"], table["loser"]) == (0, False, None, None)


def test_pairs_seating_and_side_names(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    table = sk.json()
    assert [(s["name"], s["players"]) for s in table["sides"]] == [("Masha+Olya", ["Masha", "Olya"]),
                                                                  ("Alex+Serg", ["Alex", "Serg"])]
    text = sk.path.read_text()
    assert 'players = ["Masha", "Alex", "Olya", "Serg"]' in text  # partners opposite


def test_named_pairs(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg", "--name", "Reds",
       "--name", "Blues")
    sk(*fish(Masha=3, Alex=10, Olya=4, Serg=2))
    assert {s["name"]: s["score"] for s in sk.json()["sides"]} == {"Reds": 0, "Blues": 19}


@pytest.mark.parametrize("policy, expected", [
    ("each", {"Masha": (0, 3), "Alex": (0, 4), "Olya": (20, 0), "Serg": (0, 5)}),
    ("fisherman-pays", {"Masha": (0, 1), "Alex": (21, 0), "Olya": (0, 7), "Serg": (0, 0)}),  # 2 + 13 + 5, +1
    ("most-takes-all", {"Masha": (0, 0), "Alex": (0, 0), "Olya": (30, 0), "Serg": (0, 0)}),
])
def test_fish_policies_from_a_house_ruleset(sk, tmp_path, policy, expected):
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "goat"\nname = "house"\n[fish]\npolicy = "{policy}"\n')
    sk("new", "--rules", str(house), *PLAYERS)
    sk(*out("Serg", Masha=1, Alex=1, Olya=7))
    sk(*fish("--fisher", "Alex", Masha=2, Alex=3, Olya=13, Serg=5))
    table = sk.json()
    assert table["ruleset"] == "house"
    assert {side["name"]: (side["score"], side["remembered"]) for side in table["sides"]} == expected


def shell(args: list[str]) -> str:
    """A command of ``out``/``fish`` as one string, for a ``table_steps`` row."""
    return shlex.join(args)


END_AND_NOTES = [
    vector("Goat at 101 ends the match: the goat loses", "new --rules goat Masha Alex",
           *[(shell(out("Masha", Alex=30)), {"over": False})] * 3,
           (shell(out("Masha", Alex=11)),
            {"sides.1.score": 101, "over": True, "loser": "Alex", "winner": "Masha", "shows": ["Alex is the goat"]})),
    vector("remembered points do not count toward 101", "new --rules goat Masha Alex Olya",
           (shell(out("Alex", Masha=95, Olya=12)), {}),
           *[(shell(out("Alex", Masha=1, Olya=12)), {})] * 4,
           (shell(out("Alex", Masha=1, Olya=12)),
            {"sides.2": {"name": "Olya", "players": ["Olya"], "score": 0, "remembered": 72}, "sides.0.score": 100,
             "over": False}),
           (shell(out("Alex", Masha=1, Olya=1)), {"over": True, "loser": "Masha", "winner": None})),
    vector("a total where a special-hand rule needs tiles is named", "new --rules sea-goat Masha Alex",
           (shell(out("Masha", Alex=12)) + " --last 1-2",
            {"says": ["Alex: only a total of 12 was given", "could not be applied"],
             "notes": [{"round": 1, "note": "Alex: only a total of 12 was given, so the special-hand rule (6-6 or 0-0 6-6) could "
                                            "not be applied to that hand (record the tiles with --hand to apply it)"}]})),
    vector("a Goat total of 0 is the lone 0-0, so the rule applies: no note", "new --rules goat Masha Alex",
           (shell(out("Masha", Alex=0)),
            {"sides.1.remembered": 10, "notes": [], "says": ["Masha out"]})),
]


@pytest.mark.parametrize("start, steps, house", END_AND_NOTES)
def test_goat_end_and_notes(sk, start, steps, house):
    run(sk, start, steps, house)


def test_rating_when_a_player_left(sk):
    """RULES.md 2: the leaver has 32; score 30 -> 0.2 -> 0 -> 1; score 13 -> 1.9 -> 2; the leaver gains nothing."""
    import json
    sk("new", "--rules", "goat", *PLAYERS)
    sk(*out("Olya", Masha=30, Alex=13, Serg=32))
    assert {s["name"]: s["score"] for s in sk.json()["sides"]} == {"Masha": 30, "Alex": 13, "Olya": 0, "Serg": 32}
    rating = json.loads(sk("rating", "--left", "serg", "--format", "json").stdout)
    assert rating["left"] == "Serg"
    assert {p["player"]: p["gain"] for p in rating["players"]} == {"Masha": 1, "Alex": 2, "Olya": 3, "Serg": 0}


def test_rating_after_a_finished_match(sk):
    """RULES.md 2: score 25 -> (100 - 25) / 10 = 7.5 -> 8; the goat gains nothing; at least 1."""
    import json
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya")
    sk(*out("Masha", Alex=25, Olya=50))
    sk(*out("Alex", Masha=1, Olya=51))  # Alex went out: his remembered points wiped, his 25 stays
    assert sk.json()["loser"] == "Olya"
    rating = json.loads(sk("rating", "--format", "json").stdout)
    assert {p["player"]: p["gain"] for p in rating["players"]} == {"Masha": 10, "Alex": 8, "Olya": 0}
    assert rating["loser"] == "Olya"


def test_rating_refuses_an_unfinished_match(sk):
    sk("new", "--rules", "goat", "Masha", "Alex")
    assert "not over" in sk.fails("rating", code=1)


def test_undo_drops_the_last_round_and_says_which(sk):
    sk("new", "--rules", "goat", *PLAYERS)
    sk(*out("Masha", Alex=3, Olya=13, Serg=5))
    sk(*fish(Masha=2, Alex=14, Olya=14, Serg=5))
    result = sk("undo")
    assert "round 2 (fish)" in result.stdout
    table = sk.json()
    assert table["rounds"] == 1 and table["eggs"] == 0
    assert "round 1 (Masha went out)" in sk("undo").stdout
    assert "nothing to undo" in sk.fails("undo", code=1)


def test_a_long_match_shows_the_latest_rounds_unless_all(sk, tmp_path):
    house = tmp_path / "house.toml"  # Goat where a lone 1-1 is special, so a total of 2 is noted every round
    house.write_text('extends = "goat"\nname = "house"\n[special_hands]\n"1-1" = 20\n')
    sk("new", "--rules", str(house), *PLAYERS)
    for _ in range(25):
        sk(*out("Masha", Alex=1, Olya=2, Serg=3))
    text = sk("table").stdout
    assert "(rounds 1-5 not shown: 'table --all' shows every round)" in text
    numbers = [int(line.split()[0]) for line in text.splitlines() if line.strip().endswith("·") or "Masha out" in line]
    assert numbers == list(range(6, 26))
    assert "0 +25" in text  # the totals still count every round
    assert "note: rounds 6-25:" in text  # a note repeated round after round is said once, its rounds as a span
    every = sk("table", "--all").stdout
    assert "not shown" not in every
    assert [int(line.split()[0]) for line in every.splitlines() if "Masha out" in line] == list(range(1, 26))


def test_rating_is_refused_for_a_race(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--hand", "Bob=0-0", "--last", "1-2")
    assert sk.json()["over"] is False
    assert "losers' count" in sk.fails("rating", "--left", "Bob", code=1)


@pytest.mark.parametrize("ruleset, first", [("goat", "the holder of 1-1 leads"),
                                            ("muggins", "the leader is chosen by lot"),
                                            ("phone", "the holder of 2-3 leads"),
                                            ("draw", "the holder of the highest double leads")])
def test_first_lead_note_follows_the_ruleset(sk, ruleset, first):
    sk("new", "--rules", ruleset, "Ann", "Bob", "Cid", "Dan")  # four: Goat's from-1-1 (004:56)
    assert first in sk.json()["lead_note"]


@pytest.mark.parametrize("base, pips, first", [
    ("goat", 9, "the holder of 1-1 leads (else 2-2 ... 9-9, then 0-0;"),
    ("goat", 12, "(else 2-2 ... 12-12, then 0-0;"),
    ("draw", 9, "the holder of the highest double leads (9-9, then 8-8 ...;"),
    ("draw", 6, "(6-6, then 5-5 ...;"),
])
def test_first_lead_note_names_the_sets_doubles(sk, tmp_path, base, pips, first):
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "{base}"\n[tiles]\nmax_pip = {pips}\n')
    said = sk("new", "--rules", str(house), "Ann", "Bob", "Cid", "Dan").stdout
    assert first in " ".join(said.split()) and first in sk.json()["lead_note"]


def test_the_table_lines_up_wide_and_cyrillic_names(sk):
    from scorekeeper.reports.columns import simple_table, width

    assert width("Маша") == 4 and width("王芳") == 4 and width("→") == 1
    text = simple_table(["#", "name", "score"], [[1, "王芳", "13 → 13"], [2, "Маша", "5"]],
                        ("right", "left", "right"))
    assert text.splitlines() == ["#  name    score",
                                 "-  ----  -------",
                                 "1  王芳  13 → 13",
                                 "2  Маша        5"]
