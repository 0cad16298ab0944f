"""explain: the steps the table was computed with, for an out, a fish for one and an eggs payout; and a
hypothesis test that explain's numbers are the table's for every round of a long generated match."""

from __future__ import annotations

import json
import os
import tempfile

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.cli.app import cli
from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.match.record import new_match, record_round
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.storage.matchfile import save_match

PLAYERS = ("Masha", "Alex", "Olya", "Serg")


def explain(sk, *args: str) -> dict:
    return json.loads(sk("explain", *args, "--format", "json").stdout)


def steps_of(found: dict, side: str | None = None) -> list[tuple[str, str]]:
    return [(step["key"], step["text"]) for step in found["steps"] if side is None or step["side"] == side]


def sides(found: dict) -> dict:
    return {item["name"]: item for item in found["sides"]}


def test_out_vector(sk):
    """RULES.md 2 (out): Masha +19, Olya +7, Serg +4; Masha goes out; Alex 3, Olya 13, Serg 5."""
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=3", "--total", "Serg=2")
    sk("round", "--out", "Alex", "--total", "Masha=7", "--total", "Olya=4", "--total", "Serg=2")
    sk("round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5")
    found = explain(sk)
    assert found["round"] == 3 and found["ending"] == "out" and found["out"] == "Masha"
    assert "Masha went out" in found["facts"]
    assert steps_of(found, "Masha") == [("opening.wipe_on_out", "Masha: remembered +19 wiped (Masha went out)")]
    assert steps_of(found, "Olya") == [("opening.threshold",
                                        "Olya: 13 this round >= 13, opens: 13 + remembered 7 = 20")]
    assert steps_of(found, "Alex") == [("opening.remember", "Alex: 3 this round < 13, not open: "
                                                            "remembered 0 + 3 = +3")]
    assert steps_of(found, "Serg") == [("opening.remember", "Serg: 5 this round < 13, not open: "
                                                            "remembered 4 + 5 = +9")]
    by_key = {step["key"]: step for step in found["steps"]}
    assert by_key["opening.threshold"]["value"] == "13"
    assert by_key["opening.threshold"]["source"].startswith("rules.md §2")
    after = sides(found)
    assert [(after[p]["score"], after[p]["remembered"]) for p in PLAYERS] == [(0, 0), (0, 3), (20, 0), (0, 9)]
    assert (after["Masha"]["before"], after["Masha"]["wiped"]) == ({"score": 0, "remembered": 19}, 19)
    assert explain(sk, "3") == found  # ROUND given, same as the default (the last)
    text = sk("explain").stdout
    assert "[opening.threshold = 13] Olya: 13 this round >= 13, opens: 13 + remembered 7 = 20" in text
    assert "Olya: before 0 +7" in text and "=> Olya: 20   (hand 13; records 20: 0 + 20 = 20)" in text


def test_fish_for_one_vector(sk):
    """RULES.md 2 (fish for one): Masha 2, Alex 3, Olya 13 (+7), Serg 5: Olya records 23 + 7 = 30."""
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Alex", "--total", "Masha=3", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=3", "--total", "Olya=13", "--total", "Serg=5")
    found = explain(sk)
    assert found["ending"] == "fish"
    assert ("fish.policy", "fish for one: Olya has the most (13) and takes the total of all hands, 23") \
        in steps_of(found, "Olya")
    assert ("opening.threshold", "Olya: 23 this round >= 13, opens: 23 + remembered 7 = 30") \
        in steps_of(found, "Olya")
    assert steps_of(found, "Masha") == [("fish.policy", "Masha: remembered +3 wiped (fish for one)")]
    assert steps_of(found, "Serg") == [("fish.policy", "Serg: remembered +4 wiped (fish for one)")]
    after = sides(found)
    assert after["Olya"]["score"] == 30 and after["Olya"]["points"] == 23
    assert [after[p]["remembered"] for p in PLAYERS] == [0, 0, 0, 0]


def test_eggs_payout(sk):
    """RULES.md 2 (eggs): Alex 14 and Olya 14 tie, 35 carried; the next round's biggest loser takes them."""
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--fish", "--total", "Masha=2", "--total", "Alex=14", "--total", "Olya=14", "--total", "Serg=5")
    tied = explain(sk)
    assert steps_of(tied) == [("fish.tie", "Alex and Olya tie for the most (14): the whole 35 is carried "
                                           "forward as eggs")]
    assert tied["eggs"] == {"before": 0, "added": 35, "paid": 0, "paid_to": None, "rotten": 0, "after": 35}
    sk("round", "--out", "Masha", "--total", "Alex=3", "--total", "Olya=4", "--total", "Serg=9")
    found = explain(sk)
    assert ("eggs.to", "eggs: Serg receives the carried 35 (biggest-loser)") in steps_of(found, "Serg")
    assert ("opening.threshold", "Serg: 44 (9 + eggs 35) this round >= 13, opens with 44") in steps_of(found, "Serg")
    assert found["eggs"]["paid"] == 35 and found["eggs"]["paid_to"] == "Serg" and found["eggs"]["before"] == 35
    assert sides(found)["Serg"]["score"] == 44
    assert "eggs carried into the round: 35" in sk("explain").stdout


def test_explain_names_special_hands_and_totals(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--hand", "Bob=0-0")
    found = explain(sk)
    assert ("special_hands", "Bob holds exactly 0-0: counts 10") in steps_of(found, "Bob")
    assert found["hands"]["Bob"] == {"tiles": "0-0", "total": 0, "value": 10}
    sk("round", "--out", "Ann", "--total", "Bob=5")
    assert explain(sk)["hands"]["Bob"] == {"tiles": None, "total": 5, "value": 5}
    # a total of 0 proves the hand (rules.md §6.2): no note that the rule could not be applied
    sk("round", "--out", "Ann", "--total", "Bob=0")
    found = explain(sk)
    assert found["hands"]["Bob"]["deduced"] == "0-0" and found["hands"]["Bob"]["value"] == 10
    assert ("special_hands", "Bob holds exactly 0-0: counts 10") in steps_of(found, "Bob")
    assert not any("only a total of 0" in note for note in found["notes"])


def test_explain_refusals(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    assert "no round has been recorded" in sk.fails("explain", code=1)
    sk("round", "--out", "Ann", "--total", "Bob=5")
    assert "there is no round 2" in sk.fails("explain", "2", code=2)
    assert sk.fails("explain", "0", code=2)


# Small hands and more outs than fish keep a Goat match going for twenty rounds or more.
hands = st.integers(min_value=0, max_value=9)
rounds = st.lists(st.tuples(st.sampled_from([False, False, True]), st.integers(0, 3),
                            st.tuples(hands, hands, hands, hands)), min_size=25, max_size=60)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plays=rounds)
def test_explain_numbers_are_the_tables_for_every_round(plays):
    ruleset = load_ruleset("goat")
    match = new_match("goat", ruleset, PLAYERS)
    for fish, out, totals in plays:
        if replay(ruleset, match).over:
            break
        given = {player: Hand(total=total) for player, total in zip(PLAYERS, totals)}
        if fish:
            rnd = Round(Ending.FISH, given)
        else:
            given.pop(PLAYERS[out])
            rnd = Round(Ending.OUT, given, out=PLAYERS[out])
        match = record_round(match, ruleset, rnd, False)
    assert len(match.rounds) >= 5
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.toml")
        save_match(match, path)
        table = json.loads(runner.invoke(cli, ["--match", path, "table", "--format", "json"]).stdout)
        previous = {player: {"score": 0, "remembered": 0} for player in PLAYERS}
        for entry in table["history"]:
            result = runner.invoke(cli, ["--match", path, "explain", str(entry["round"]), "--format", "json"])
            assert result.exit_code == 0, result.output
            found = json.loads(result.stdout)
            assert found["eggs"]["after"] == entry["eggs"]
            for item in found["sides"]:
                name = item["name"]
                assert item["score"] == entry["scores"][name]
                assert item["remembered"] == entry["remembered"][name]
                assert item["recorded"] == entry["recorded"][name]
                assert item["before"] == previous[name]
                assert item["before"]["score"] + item["recorded"] == item["score"]
                if item["recorded"]:  # the arithmetic of the step that recorded it ends in the new numbers
                    texts = [text for key, text in steps_of(found, name) if key == "opening.threshold"]
                    assert texts and (texts[-1].endswith(f"= {item['score']}")
                                      or texts[-1].endswith(f"opens with {item['score']}")
                                      or texts[-1].endswith(f"= {item['recorded']}"))
                previous[name] = {"score": item["score"], "remembered": item["remembered"]}
        last = table["sides"]
        assert [(side["score"], side["remembered"]) for side in last] == \
            [(previous[p]["score"], previous[p]["remembered"]) for p in PLAYERS]


def test_pairs_steps_are_shown_under_the_side(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Ann,Cid", "--team", "Bob,Dan")
    sk("round", "--out", "Ann", "--hand", "Cid=1-1", "--hand", "Bob=0-0", "--total", "Dan=4")
    found = explain(sk)
    assert ("count.partner_of_finisher", "Cid's hand is not counted: partner of Ann, who went out") \
        in steps_of(found, "Ann+Cid")
    assert ("special_hands", "Bob holds exactly 0-0: counts 10") in steps_of(found, "Bob")
    assert sides(found)["Bob+Dan"]["score"] == 14
    text = sk("explain").stdout
    block = text.split("Bob+Dan: before 0")[1]
    assert "Bob holds exactly 0-0: counts 10" in block and "=> Bob+Dan: 14" in block


def test_explain_under_another_ruleset(sk, tmp_path):
    (tmp_path / "house.toml").write_text('extends = "goat"\n[fish]\npolicy = "each"\n')
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", "--fish", "--total", "Ann=2", "--total", "Bob=14", "--total", "Cid=5")
    found = explain(sk, "--rules", str(tmp_path / "house.toml"))
    assert found["ruleset"] == "house"
    assert ("fish.policy", "fish for everyone: every side counts its own hand") in steps_of(found)
    assert [item["score"] for item in found["sides"]] == [0, 14, 0]
    assert [item["score"] for item in explain(sk)["sides"]] == [0, 21, 0]


def test_sea_goat_write_off(sk):
    """RULES.md 3: when another side records, every other side's points are written off."""
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Bob", "--total", "Ann=30", "--last", "1-2")
    sk("round", "--out", "Ann", "--total", "Bob=27", "--last", "1-3")
    found = explain(sk)
    keys = [key for key, _ in steps_of(found)]
    assert "opening.write_off" in keys
    assert any("27" in text for key, text in steps_of(found, "Ann") if key == "opening.threshold")
    assert sides(found)["Ann"]["score"] == 27 and sides(found)["Bob"]["score"] == 0
    assert sk.json()["history"][-1]["wiped"] == {"Ann": 0, "Bob": 30}


def test_muggins_end_of_hand(sk):
    """RULES.md 4, vector: winner holds 3, opponents 5, 11, 13 -> 26 -> 25 -> 5 points."""
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cid", "Dee")
    sk("round", "--fish", "--total", "Ann=3", "--total", "Bob=5", "--total", "Cid=11", "--total", "Dee=13")
    found = explain(sk)
    (key, text), = [step for step in steps_of(found, "Ann") if step[0].startswith("endhand")]
    assert key == "endhand.count"
    assert "5 + 11 + 13 - 3 = 26" in text and "25" in text and "/ 5 = 5" in text
    assert sides(found)["Ann"]["score"] == 5 == sk.side("Ann")["score"]
