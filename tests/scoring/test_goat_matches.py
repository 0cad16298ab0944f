"""Full Goat matches round by round, checked via the JSON contract: begun and ended through the installed
executable (the new match, its first round, the final table, the refusals and the rating), the rounds between
through the command line in process (``sk``, on the same match file): the same commands, without a process each."""

from __future__ import annotations

import json
import subprocess

from conftest import command_environment, installed_command

SINGLES = [
    # (round arguments, expected {side: (score, remembered)}, eggs)
    (["--out", "Masha", "--hand", "Alex=1-2", "--hand", "Olya=6-6 0-1", "--total", "Serg=5"],
     {"Masha": (0, 0), "Alex": (0, 3), "Olya": (13, 0), "Serg": (0, 5)}, 0),  # Olya opens with 13
    (["--out", "Alex", "--total", "Masha=8", "--total", "Olya=6", "--total", "Serg=9"],
     {"Masha": (0, 8), "Alex": (0, 0), "Olya": (19, 0), "Serg": (0, 14)}, 0),  # Alex's +3 wiped by going out
    (["--fish", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=10", "--total", "Serg=4"],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (38, 0), "Serg": (0, 0)}, 0),  # fish for one: Olya takes 19
    (["--fish", "--total", "Masha=12", "--total", "Alex=12", "--total", "Olya=5", "--total", "Serg=6"],
     {"Masha": (0, 0), "Alex": (0, 0), "Olya": (38, 0), "Serg": (0, 0)}, 35),  # tied top: eggs
    (["--out", "Olya", "--total", "Masha=7", "--total", "Alex=20", "--total", "Serg=4"],
     {"Masha": (0, 7), "Alex": (55, 0), "Olya": (38, 0), "Serg": (0, 4)}, 0),  # eggs paid to Alex: 20 + 35
    (["--out", "Serg", "--total", "Masha=30", "--total", "Alex=10", "--hand", "Olya=0-0"],
     {"Masha": (37, 0), "Alex": (65, 0), "Olya": (48, 0), "Serg": (0, 0)}, 0),  # lone 0-0 = 10; 30 + 7 opens
    (["--out", "Masha", "--total", "Alex=25", "--total", "Olya=20", "--total", "Serg=12"],
     {"Masha": (37, 0), "Alex": (90, 0), "Olya": (68, 0), "Serg": (0, 12)}, 0),
    (["--out", "Olya", "--total", "Masha=5", "--total", "Alex=11", "--total", "Serg=2"],
     {"Masha": (42, 0), "Alex": (101, 0), "Olya": (68, 0), "Serg": (0, 14)}, 0),  # Alex reaches 101
]

PAIRS = [
    (["--out", "Masha", "--total", "Alex=4", "--total", "Olya=9", "--total", "Serg=5"],
     {"Masha+Olya": (0, 0), "Alex+Serg": (0, 9)}, 0),  # Olya, the finisher's partner, is not counted
    (["--out", "Alex", "--total", "Masha=6", "--total", "Olya=8", "--total", "Serg=20"],
     {"Masha+Olya": (14, 0), "Alex+Serg": (0, 0)}, 0),
    (["--fish", "--total", "Masha=3", "--total", "Alex=10", "--total", "Olya=4", "--total", "Serg=2"],
     {"Masha+Olya": (14, 0), "Alex+Serg": (19, 0)}, 0),  # the larger side records everything on the line
    (["--fish", "--total", "Masha=5", "--total", "Alex=6", "--total", "Olya=5", "--total", "Serg=4"],
     {"Masha+Olya": (14, 0), "Alex+Serg": (19, 0)}, 20),  # equal sums: eggs
    (["--out", "Olya", "--total", "Masha=9", "--total", "Alex=7", "--total", "Serg=8"],
     {"Masha+Olya": (14, 0), "Alex+Serg": (54, 0)}, 0),  # eggs to the losers of the next round
    (["--out", "Serg", "--total", "Masha=12", "--total", "Olya=13", "--total", "Alex=1"],
     {"Masha+Olya": (39, 0), "Alex+Serg": (54, 0)}, 0),
    (["--out", "Masha", "--total", "Alex=30", "--total", "Serg=20", "--total", "Olya=2"],
     {"Masha+Olya": (39, 0), "Alex+Serg": (104, 0)}, 0),
    (["--out", "Alex", "--total", "Masha=0", "--total", "Olya=0", "--total", "Serg=0"], None, None),  # refused
]


def _standings(table):
    return {side["name"]: (side["score"], side["remembered"]) for side in table["sides"]}


def test_full_goat_match(run_installed, sk):
    run_installed("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    for number, (args, expected, eggs) in enumerate(SINGLES, start=1):
        run = run_installed if number == 1 else sk
        run("round", *args)
        table = json.loads(run("table", "--format", "json").stdout)
        assert (table["rounds"], _standings(table), table["eggs"]) == (number, expected, eggs), f"round {number}"
    assert json.loads(run_installed("table", "--format", "json").stdout) == table  # what was typed, read the same
    assert (table["over"], table["loser"], table["winner"]) == (True, "Alex", None)
    text = run_installed("table").stdout
    assert "Alex is the goat with 101" in text and "35 paid to Alex" in text and "+35 carried" in text
    refused = run_installed("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=1", "--total",
                            "Serg=1", code=1)
    assert refused.stderr.startswith("Error: ") and "match is over" in refused.stderr
    rating = json.loads(run_installed("rating", "--format", "json").stdout)
    assert {p["player"]: p["gain"] for p in rating["players"]} == {"Masha": 6, "Alex": 0, "Olya": 3, "Serg": 10}


def test_full_pairs_match(run_installed, sk):
    run_installed("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    for number, (args, expected, eggs) in enumerate(PAIRS, start=1):
        if expected is None:
            run_installed("round", *args, code=1)
            break
        run = run_installed if number == 1 else sk
        run("round", *args)
        table = json.loads(run("table", "--format", "json").stdout)
        assert (table["rounds"], _standings(table), table["eggs"]) == (number, expected, eggs), f"round {number}"
    assert (table["over"], table["loser"], table["winner"]) == (True, "Alex+Serg", "Masha+Olya")
    assert json.loads(run_installed("table", "--format", "json").stdout) == table


def test_match_file_chosen_by_environment_variable(tmp_path):
    env = {**command_environment(), "SCOREKEEPER_MATCH": str(tmp_path / "friday.toml")}
    run = [*installed_command()]
    subprocess.run(run + ["new", "Ann", "Bob"], cwd=tmp_path, env=env, check=True, capture_output=True)
    assert (tmp_path / "friday.toml").exists() and not (tmp_path / "match.toml").exists()
    done = subprocess.run(run + ["--match", str(tmp_path / "other.toml"), "new", "Cid", "Dee"], cwd=tmp_path,
                          env=env, check=True, capture_output=True, text=True)
    assert "other.toml" in done.stdout


def test_traceback_free_error_from_the_executable(run_installed):
    done = run_installed("table", code=1)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = run_installed("new", "Ann", "Bob")
    done = run_installed("round", "--out", "Ann", "--hand", "Bob=7-8", code=2)
    assert done.stderr == "Error: tile 7-8 is not in a double-six set (Bob's hand)\n"


def test_demo_replays_the_bundled_sample(run_installed, tmp_path):
    done = run_installed("demo")
    assert "Alex is the goat with 101" in done.stdout and "35 paid to Alex" in done.stdout
    table = json.loads(run_installed("demo", "--format", "json").stdout)
    assert (table["rounds"], table["loser"]) == (8, "Alex")
    assert {s["name"]: s["score"] for s in table["sides"]} == {"Masha": 42, "Alex": 101, "Olya": 68, "Serg": 0}
    run_installed("demo", "--save", "mine.toml")
    run_installed("--match", "mine.toml", "undo")
    assert json.loads(run_installed("--match", "mine.toml", "table", "--format", "json").stdout)["over"] is False
    assert "unknown sample" in run_installed("demo", "nosuch", code=2).stderr
