"""RULES.md sections 1-2 (Goat) through the CLI: the scoring vectors are tests/vectors/goat.toml, replayed by
one parametrized test and checked via the JSON contract."""

from __future__ import annotations

import pytest

from table_steps import family, replay

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


@pytest.mark.parametrize("vector", family("goat"))
def test_goat_vector(sk, vector):
    replay(sk, vector)


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


@pytest.mark.parametrize("ruleset, first", [("goat", "The holder of 1-1 leads the first round"),
                                            ("muggins", "The first round's leader is chosen by lot"),
                                            ("phone", "The holder of 2-3 leads the first round"),
                                            ("draw", "The holder of the highest double leads the first round")])
def test_first_lead_note_follows_the_ruleset(sk, ruleset, first):
    sk("new", "--rules", ruleset, "Ann", "Bob", "Cid", "Dan")  # four: Goat's from-1-1 (004:56)
    assert first in sk.json()["lead_note"]


@pytest.mark.parametrize("base, pips, first", [
    ("goat", 9, "The holder of 1-1 leads the first round (else 2-2 ... 9-9, then 0-0;"),
    ("goat", 12, "(else 2-2 ... 12-12, then 0-0;"),
    ("draw", 9, "The holder of the highest double leads the first round (9-9, then 8-8 ...;"),
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
