"""Issue 12.10, rules.md §4.3: claims kept as counts where known.  ``score Ann --count 20`` keeps the count of
the open ends in the match file, so re-scoring under another ruleset (``table --rules``, ``compare``)
converts it with that ruleset's own rule (Muggins 20 -> Phone 4); a claim known only as points cannot be
converted and is named, and ``compare`` no longer calls such a round the same."""

from __future__ import annotations

import json

import pytest

from scorekeeper.domain.facts import Claim
from scorekeeper.live.session import LiveSession
from scorekeeper.storage.exchange import parse_export
from scorekeeper.storage.matchfile import dump_match, load_match, parse_match


def scores(table: dict) -> dict:
    return {side["name"]: side["score"] for side in table["sides"]}


def test_a_count_is_kept_and_points_stay_points(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    told = json.loads(sk("score", "Ann", "--count", "20", "--format", "json").stdout)
    assert told["claim"] == {"player": "Ann", "points": 20, "count": 20}
    told = json.loads(sk("score", "Bob", "15", "--format", "json").stdout)
    assert told["claim"] == {"player": "Bob", "points": 15, "count": None}
    assert 'pending = ["Ann=20 count 20", "Bob=15"]' in sk.path.read_text()
    sk("round", "--out", "Ann", "--total", "Bob=10")
    assert 'claims = ["Ann=20 count 20", "Bob=15"]' in sk.path.read_text()
    rnd = load_match(str(sk.path)).rounds[0]
    assert [tuple(claim) for claim in rnd.claims] == [("Ann", 20, 20), ("Bob", 15, None)]
    assert scores(sk.json()) == {"Ann": 22, "Bob": 15}  # muggins: 20 + (10 -> 10 / 5 = 2)


def test_a_count_converts_under_phone(sk):
    """Muggins count 20 scores 20; Phone scores count / 5 = 4 (rules.md §4.2)."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    phone = sk.json("--rules", "phone")
    assert scores(phone) == {"Ann": 4 + 2, "Bob": 0}  # 4 for the count, 10 -> 10 / 5 = 2 at the end
    assert phone["unconverted_claims"] == [] and phone["rescore_notes"] == []
    # and back: a Phone match's count 20 is Muggins 20
    sk.path.unlink()
    sk("new", "--rules", "phone", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    assert scores(sk.json()) == {"Ann": 4, "Bob": 0}
    assert 'pending = ["Ann=4 count 20"]' in sk.path.read_text()
    assert scores(sk.json("--rules", "muggins")) == {"Ann": 20, "Bob": 0}


def test_a_count_that_scores_nothing_under_the_other_ruleset(sk):
    """All Threes scores multiples of 3: Muggins' count 20 scores nothing there (15 does)."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "15")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    without = scores(sk.json("--rules", "all-threes"))["Ann"]
    sk.path.unlink()
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    sk("score", "Ann", "--count", "15")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    assert scores(sk.json())["Ann"] == 20 + 15 + 2
    assert scores(sk.json("--rules", "all-threes"))["Ann"] == without  # the count of 20 adds nothing


def test_a_claim_known_only_as_points_is_named_as_not_convertible(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Bob", "15")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    sk("score", "Ann", "10")  # the hand in progress
    phone = sk.json("--rules", "phone")
    assert phone["unconverted_claims"] == [
        {"round": 1, "player": "Bob", "points": 15, "kind": "claim"},
        {"round": None, "player": "Ann", "points": 10, "kind": "claim"}]
    note = phone["rescore_notes"][0]
    assert note.startswith("Bob 15 (round 1), Ann 10 (the hand in progress): known only as points")
    assert "not converted to Phone (play.scores total of 5 -> quotient of 5)" in note
    text = sk("table", "--rules", "phone").stdout
    assert "note: Bob 15 (round 1), Ann 10 (the hand in progress): known only as points" in " ".join(text.split())
    # a ruleset that turns counts into points the same way converts points as they are: nothing to say
    same = sk.json("--rules", "all-fives")
    assert same["unconverted_claims"] == [] and same["rescore_notes"] == []


def test_in_play_totals_are_named_too(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=10", "--points", "Ann=25")
    assert sk.json("--rules", "phone")["unconverted_claims"] == [
        {"round": 1, "player": "Ann", "points": 25, "kind": "in-play total"}]


def test_compare_marks_rounds_with_claims(sk):
    """Round 1: points only, and the end-of-hand count is the same in both (10 -> 2): the numbers agree, but
    only because the claim could not be converted.  Round 2: a count, converted (20 -> 4): it differs."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Bob", "15")
    sk("round", "--out", "Bob", "--total", "Ann=10")
    sk("score", "Ann", "--count", "20")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    found = json.loads(sk("compare", "phone", "--format", "json").stdout)
    one, two = found["rounds"]
    assert (one["differs"], one["identical"], one["unconverted"]) == (False, False, True)
    assert (two["differs"], two["identical"], two["unconverted"]) == (True, False, False)
    assert (two["ruleset"]["Ann"]["score"], two["other"]["Ann"]["score"]) == (22, 6)
    assert found["unconverted_rounds"] == [1] and found["differing_rounds"] == [2]
    assert found["unconverted_claims"] == [{"round": 1, "player": "Bob", "points": 15, "kind": "claim"}]
    text = sk("compare", "phone", "--wide").stdout
    rows = [line.split() for line in text.splitlines() if line[:1].isdigit()]
    assert rows[0][-1] == "?" and rows[1][-1] == "≠"
    assert "rounds not known to be the same (?): 1" in text


def test_the_round_line_keeps_the_count(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "Ann out, Bob 10, Ann count 20, Bob +5")
    rnd = load_match(str(sk.path)).rounds[0]
    assert [tuple(claim) for claim in rnd.claims] == [("Ann", 20, 20), ("Bob", 5, None)]
    assert scores(sk.json("--rules", "phone"))["Ann"] == 4 + 2
    explained = json.loads(sk("explain", "--format", "json").stdout)
    assert "Ann claimed a count of 20 during play" in explained["facts"]
    assert any(step["text"] == "Ann claims 20 during play (count 20)" for step in explained["steps"])


def test_the_match_file_round_trip_and_old_files(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    sk("score", "Bob", "--count", "15")
    sk("score", "Ann", "5")
    sk("undo")  # the history keeps the claim taken out, with its count where it had one
    sk("undo")
    text = sk.path.read_text()
    match = parse_match(text, str(sk.path))
    assert dump_match(match) == text and parse_match(dump_match(match), "x").facts() == match.facts()
    assert 'claim = "Bob=15 count 15"' in text and 'claim = "Ann=5"' in text
    sk("score", "Bob", "--count", "10")
    exported = sk("export", "--format", "json").stdout  # and through a JSON export and back
    back, problems = parse_export(exported, "<export>")
    assert problems == [] and back.facts() == load_match(str(sk.path)).facts()
    assert back.pending == (Claim("Bob", 10, 10),)
    # a file written before counts were kept: the claims are points
    old = ('format = 1\nruleset = "muggins"\nplayers = ["Ann", "Bob"]\npending = ["Bob=10"]\n'
           'rounds = [\n    { end = "out", out = "Ann", claims = ["Ann=20"], hands = { Bob = 10 } },\n]\n')
    sk.path.write_text(old)
    assert scores(sk.json()) == {"Ann": 22, "Bob": 10}
    assert [claim.count for claim in load_match(str(sk.path)).rounds[0].claims] == [None]


@pytest.mark.parametrize("claims, says", [
    ('["Ann=15 count 20"]', "Muggins scores a count of 20 as 20, not 15"),
    ('["Ann=20 count twenty"]', "not a whole number"),
])
def test_a_broken_count_in_the_file_is_named(sk, claims, says):
    sk.path.write_text('format = 1\nruleset = "muggins"\nplayers = ["Ann", "Bob"]\n'
                       f'rounds = [\n    {{ end = "out", out = "Ann", claims = {claims}, hands = {{ Bob = 10 }} }},\n]\n')
    line = sk.fails("table", code=1)
    assert says in line and f"{sk.path}:5" in line


def test_undo_and_redo_keep_the_count(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    sk("undo")
    assert load_match(str(sk.path)).pending == ()
    sk("redo")
    assert [tuple(claim) for claim in load_match(str(sk.path)).pending] == [("Ann", 20, 20)]
    sk("round", "--out", "Ann", "--total", "Bob=10")
    sk("undo")  # the round's claims go back to the hand in progress, counts and all
    assert [tuple(claim) for claim in load_match(str(sk.path)).pending] == [("Ann", 20, 20)]
    sk("redo")
    assert [tuple(claim) for claim in load_match(str(sk.path)).rounds[0].claims] == [("Ann", 20, 20)]
    assert scores(sk.json("--rules", "phone"))["Ann"] == 6


def test_the_live_session_keeps_the_count(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    session = LiveSession.open(str(sk.path))
    assert session.handle("Ann count 20, Bob +15").text.startswith("Claimed: Ann +20, Bob +15")
    assert [tuple(claim) for claim in load_match(str(sk.path)).pending] == [("Ann", 20, 20), ("Bob", 15, None)]
    assert session.handle("undo").ok
    assert [tuple(claim) for claim in load_match(str(sk.path)).pending] == [("Ann", 20, 20)]
    assert session.handle("Ann out, Bob 10").ok
    assert scores(sk.json("--rules", "phone")) == {"Ann": 6, "Bob": 0}


def test_a_count_the_matchs_own_ruleset_refuses_is_a_file_error_for_table_rules_too(sk):
    """A hand-edited count claim that the match's own ruleset scores differently: 'table' refuses the file,
    and so does 'table --rules' (it once re-scored the broken file under the other ruleset, exit 0)."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("score", "Ann", "--count", "20")
    sk("round", "--out", "Ann", "--total", "Bob=10")
    text = sk.path.read_text(encoding="utf-8")
    assert '"Ann=20 count 20"' in text
    sk.path.write_text(text.replace('"Ann=20 count 20"', '"Ann=5 count 20"'), encoding="utf-8")
    for args in (("table",), ("table", "--rules", "phone"), ("table", "--rules", "muggins")):
        message = sk(*args, code=1).stderr
        assert "count 20" in message and "match.toml:" in message, (args, message)


def test_a_claim_is_told_the_same_way_alone_with_a_round_or_at_the_prompt(sk, tmp_path):
    """One conversion (``claims.told_claim``): ``score``, a round line's claims and the prompt's claims all
    turn a count into points, and refuse a claim, alike."""
    from scorekeeper.errors import InputError
    from scorekeeper.match.claims import claim_points, told_claim
    from scorekeeper.rules.loader import load_ruleset

    ruleset = load_ruleset("fives-and-threes")
    assert told_claim(ruleset, "Ann", count=15) == Claim("Ann", 8, 15)  # 15 is a multiple of 5 and of 3
    assert claim_points(ruleset, [("Ann", 15, True), ("Bob", 2, False)]) == (Claim("Ann", 8, 15), Claim("Bob", 2))
    with pytest.raises(InputError, match="^Bob count 7: a count of 7 scores nothing"):
        claim_points(ruleset, [("Ann", 15, True), ("Bob", 7, True)])
    with pytest.raises(InputError, match="^a count of 7 scores nothing"):
        told_claim(ruleset, "Bob", count=7)
    sk("new", "--rules", "fives-and-threes", "Ann", "Bob")
    said = json.loads(sk("score", "Ann", "--count", "15", "--format", "json").stdout)["claim"]
    assert said == {"player": "Ann", "points": 8, "count": 15}
    session = LiveSession.open(str(sk.path))
    assert session.handle("Bob count 15").text.startswith("Claimed: Bob +8")
    assert session.handle("Bob count 7").text.startswith("Error: Bob count 7: a count of 7 scores nothing")
    assert load_match(str(sk.path)).pending == (Claim("Ann", 8, 15), Claim("Bob", 8, 15))


def test_compare_names_the_rounds_not_known_to_be_the_same_in_spans(sk):
    """Three rounds in a row whose claims are known only as points: listed as the table's notes list rounds."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    for _ in range(3):
        sk("score", "Bob", "15")
        sk("round", "--out", "Bob", "--total", "Ann=10")
    assert json.loads(sk("compare", "phone", "--format", "json").stdout)["unconverted_rounds"] == [1, 2, 3]
    text = " ".join(sk("compare", "phone").stdout.split())
    assert "rounds not known to be the same (?): 1-3: their claims" in text
