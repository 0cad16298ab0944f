"""Fix any round: ``edit N`` and ``delete N`` re-score everything after the round by replay (issue 6)."""

from __future__ import annotations

import json

import pytest


def opened_in(sk, side: str) -> int | None:
    """The round in which a side first recorded points (opened its account), from the table JSON."""
    for entry in sk.json()["history"]:
        if entry["recorded"][side]:
            return entry["round"]
    return None


@pytest.fixture
def remembered_match(sk):
    """Goat, four players: nobody opens in round 1; Masha opens in round 2 with 14 + 12 remembered."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--out", "Alex", "--total", "Masha=14", "--total", "Olya=1", "--total", "Serg=1")
    sk("round", "--out", "Serg", "--total", "Masha=5", "--total", "Alex=3", "--total", "Olya=6")
    return sk


def test_correction_changes_who_opened(remembered_match):
    sk = remembered_match
    assert opened_in(sk, "Masha") == 2 and opened_in(sk, "Olya") is None
    assert (sk.side("Masha")["score"], sk.side("Olya")["remembered"]) == (14 + 12 + 5, 7 + 1 + 6)
    # Round 1 was written down wrong: Olya held 13 (she opens there), Masha only 2.
    sk("edit", "1", "--out", "Alex", "--total", "Masha=2", "--total", "Olya=13", "--total", "Serg=4")
    assert opened_in(sk, "Olya") == 1 and opened_in(sk, "Masha") == 2
    olya, masha = sk.side("Olya"), sk.side("Masha")
    assert (olya["score"], olya["remembered"]) == (13 + 1 + 6, 0)
    assert (masha["score"], masha["remembered"]) == (14 + 2 + 5, 0)
    # And once more: Masha held 11 in round 2, so she never opens; her points stay remembered.
    sk("edit", "2", "--out", "Alex", "--total", "Masha=11", "--total", "Olya=1", "--total", "Serg=1")
    assert opened_in(sk, "Masha") is None
    assert (sk.side("Masha")["score"], sk.side("Masha")["remembered"]) == (0, 2 + 11 + 5)
    assert sk.side("Serg")["remembered"] == 0  # Serg went out in round 3: wiped, as before


@pytest.fixture
def goat_match(sk):
    """Three players; Masha reaches 110 in round 3 and is the goat, Alex has 90."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya")
    for masha, alex in ((40, 30), (40, 30), (30, 30)):
        sk("round", "--out", "Olya", "--total", f"Masha={masha}", "--total", f"Alex={alex}")
    table = sk.json()
    assert table["over"] and table["loser"] == "Masha"
    return sk


def test_correction_changes_who_is_the_goat(goat_match):
    sk = goat_match
    result = sk("edit", "1", "--out", "Olya", "--total", "Masha=20", "--total", "Alex=50")
    table = sk.json()
    assert table["over"] and table["loser"] == "Alex"
    assert [(side["name"], side["score"]) for side in table["sides"]] == [("Masha", 90), ("Alex", 110), ("Olya", 0)]
    before, after = result.stdout.split("After:")
    assert "Masha is the goat with 110" in before and "Alex is the goat with 110" in after


UNCHANGED = "Round 1 already holds these facts: nothing was changed."


def test_an_edit_to_the_facts_the_round_holds_writes_nothing(remembered_match):
    """Typed again as it stands (a line, or flags): nothing changes, so nothing is written and no edit is kept
    for 'redo'; the table is not shown twice."""
    sk = remembered_match
    before = sk.path.read_bytes()
    assert sk("edit", "1", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total",
              "Serg=4").stdout.strip() == UNCHANGED
    assert sk("edit", "1", "Alex out, Masha 12, Olya 7, Serg 4").stdout.strip() == UNCHANGED
    assert sk.path.read_bytes() == before
    assert "Nothing has been taken back" in sk("undo", "--list").stdout
    data = json.loads(sk("edit", "1", "Alex out, Masha 12, Olya 7, Serg 4", "--format", "json").stdout)
    assert data["edited"] == 1 and data["before"] == data["after"] and sk.path.read_bytes() == before
    assert sk("edit", "1", "Alex out, Masha 12, Olya 7, Serg 5").stdout.startswith("Round 1 replaced.")


def test_an_unchanged_edit_fits_a_40_column_screen(remembered_match):
    from scorekeeper.cli.app import cli

    result = remembered_match.runner.invoke(cli, ["--match", str(remembered_match.path), "edit", "1",
                                                  "Alex out, Masha 12, Olya 7, Serg 4"], env={"COLUMNS": "40"})
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and max(map(len, lines)) <= 40 and " ".join(result.stdout.split()) == UNCHANGED


def test_an_unchanged_edit_in_play_says_so_and_writes_nothing(remembered_match):
    from scorekeeper.live.session import LiveSession, Screen

    sk = remembered_match
    before = sk.path.read_bytes()
    session = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    reply = session.handle("edit 1 a out 7 4 12")
    assert reply.ok and " ".join(reply.text.split()) == UNCHANGED  # wrapped to the 40 columns
    assert session.handle("save").ok and sk.path.read_bytes() == before


REOPENED = "*** Match reopened: it goes on. ***"


@pytest.mark.parametrize("change", [("undo",), ("delete", "3"), ("edit", "3", "--out", "Olya", "--total", "Masha=5",
                                                                   "--total", "Alex=5")])
def test_a_change_that_takes_the_end_away_says_the_match_goes_on(goat_match, change):
    """As 'play' says it: a one-shot change whose table no longer ends the match says so under it."""
    said = goat_match(*change).stdout.rstrip("\n").splitlines()
    assert not goat_match.json()["over"] and said[-1] == REOPENED, said


def test_a_change_that_leaves_the_end_or_the_match_going_says_nothing_of_it(goat_match):
    assert REOPENED not in goat_match("edit", "3", "--out", "Olya", "--total", "Masha=40", "--total", "Alex=5").stdout
    goat_match("undo")
    assert REOPENED not in goat_match("undo").stdout
    goat_match("redo")
    assert REOPENED not in goat_match("redo").stdout  # the end comes back: the table says 'Match over'
    assert goat_match.json()["over"]


def test_edit_shows_the_table_before_and_after_as_json(goat_match):
    sk = goat_match
    shown = json.loads(sk("edit", "3", "--out", "Olya", "--total", "Masha=10", "--total", "Alex=10",
                          "--format", "json").stdout)
    assert shown["edited"] == 3
    assert shown["before"]["loser"] == "Masha" and not shown["after"]["over"]
    assert shown["after"] == sk.json()
    assert shown["after"]["history"][2]["scores"] == {"Masha": 90, "Alex": 70, "Olya": 0}


def test_delete_rescores_the_rounds_after(goat_match):
    sk = goat_match
    result = sk("delete", "1")
    assert "Round 1 deleted." in result.stdout and "Before:" in result.stdout and "After:" in result.stdout
    table = sk.json()
    assert table["rounds"] == 2 and not table["over"]
    assert [side["score"] for side in table["sides"]] == [70, 60, 0]
    shown = json.loads(sk("delete", "2", "--format", "json").stdout)
    assert shown["deleted"] == 2 and shown["before"]["rounds"] == 2 and shown["after"]["rounds"] == 1
    assert sk.json()["history"][0]["recorded"] == {"Masha": 40, "Alex": 30, "Olya": 0}


def test_edit_can_change_how_the_round_ended(remembered_match):
    sk = remembered_match
    sk("edit", "3", "--fish", "--total", "Masha=5", "--total", "Alex=3", "--total", "Olya=6", "--total", "Serg=2")
    entry = sk.json()["history"][2]
    assert entry["ending"] == "fish"
    # fish for one: Olya held the most and takes the whole 16, opening with her remembered 8
    assert entry["recorded"]["Olya"] == 16 + 8


@pytest.mark.parametrize("args, code, message", [
    (["edit", "2", "--out", "Nobody", "--total", "Masha=1", "--total", "Olya=1", "--total", "Serg=1"], 2,
     "unknown player 'Nobody'"),
    (["edit", "2", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=1"], 2, "no hand for Serg"),
    (["edit", "2", "--out", "Alex", "--hand", "Masha=1-2", "--hand", "Olya=1-2,3-3", "--total", "Serg=1"], 2,
     "tile 1-2 is in two hands"),
    (["edit", "2", "--out", "Alex", "--fish", "--total", "Masha=1"], 2, "either by an out or by a fish"),
    (["edit", "4", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=1", "--total", "Serg=1"], 2,
     "there is no round 4: the match has rounds 1 to 3"),
    (["edit", "0", "--fish"], 2, "0"),
    (["edit", "x"], 2, "'x' is not a whole number"),
    (["delete", "9"], 2, "there is no round 9"),
    (["edit", "2", "--out", "Alex", "--hand", "Masha=7-7", "--total", "Olya=1", "--total", "Serg=1"], 2,
     "7-7"),
])
def test_rejected_edit_leaves_the_file_untouched(remembered_match, args, code, message):
    line = remembered_match.fails(*args, code=code)
    assert message in line


def test_an_edit_that_decides_the_match_before_later_rounds_is_refused(goat_match):
    sk = goat_match
    line = sk.fails("edit", "1", "--out", "Olya", "--total", "Masha=80", "--total", "Alex=1", code=1)
    assert "decided in round 2" in line and "rounds 3 to 3" in line


def test_edit_and_delete_on_an_empty_match(sk):
    sk("new", "--rules", "goat", "Masha", "Alex")
    assert "no round has been recorded" in sk.fails("delete", "1", code=2)
    assert "no round has been recorded" in sk.fails("edit", "1", "--out", "Alex", "--total", "Masha=3", code=2)


def test_edit_accepts_exactly_the_flags_of_round(sk):
    """Both commands share one set of round options: the same names, in the same order (edit adds --no-points)."""
    from scorekeeper.cli.app import cli

    sk("new", "--rules", "goat", "Masha", "Alex")
    names = {}
    for command in ("round", "edit"):
        ctx = cli.make_context("scorekeeper", [command, "--help"], resilient_parsing=True)
        found = cli.get_command(ctx, command)
        names[command] = [option.name for option in found.params if option.name not in ("number", "no_points")]
    assert names["round"] == names["edit"]


@pytest.mark.parametrize("change, message", [
    (("delete", "1"), "without round 1, round 1: 6-6 cannot be led on the hundred"),
    (("edit", "1", "--out", "Ann", "--total", "Bob=3"),
     "with round 1 changed, round 2: Ann cannot lead 6-6 on the hundred"),
])
def test_a_change_that_takes_away_the_points_a_later_hundred_needs_is_refused(sk, change, message):
    """Sea Goat: a 6-6 lead on the hundred needs a side holding points; edit and delete keep the file loadable."""
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=30")
    sk("round", "--led", "6-6", "--out", "Ann", "--total", "Bob=10")
    line = sk.fails(*change, code=1)
    assert message in line and "change or delete that round first" in line
    assert sk.json()["rounds"] == 2
    sk("edit", "1", "--out", "Ann", "--total", "Bob=40")  # still holding points: the hundred stands
    assert sk.json()["winner"] == "Ann"
