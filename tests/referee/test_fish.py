"""check fish: is the line blocked?  RULES.md 1's vector, the bazaar, spinner layouts, impossible positions."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.referee.fish import check_fish
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.domain.tiles import Tile, parse_tiles

from conftest import house

# RULES.md 1 vector: 1-2, 2-6, 0-2, 2-3 on the table, the chain ending in 2-4 at one end and 5-2 at the other.
VECTOR = "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"
WITH_DOUBLE = "2-4 4-1 1-2 2-2 2-6 6-0 0-2 2-3 3-5 5-2"


def fish(sk, *args: str, rules: str = "goat") -> dict:
    return json.loads(sk("check", "fish", "--rules", rules, "--format", "json", *args).stdout)


def spinner_rules(tmp_path) -> str:
    path = tmp_path / "spin.toml"
    path.write_text('extends = "goat"\nname = "spin"\n[play]\nspinner = "open-halves"\nscores = "total"\nmultiple = 5\n'
                    '[bazaar]\nkeep = 0\n', encoding="utf-8")
    return str(path)


def unseen_besides(line: str, *held: str) -> list[str]:
    taken = set(parse_tiles(line))
    for hand in held:
        taken |= set(parse_tiles(hand))
    return [str(tile) for tile in load_ruleset("goat").tileset.tiles() if tile not in taken]


@pytest.mark.parametrize("where", ["played", "bazaar", "unknown"])
def test_section_1_vector_is_a_fish_when_the_double_is_not_held(sk, where):
    """RULES.md 1 (corrected): with 2-2 played or in the bazaar it is a fish; where 2-2 is unseen it is a fish
    unless someone still holds 2-2, so the ruling is not settled."""
    if where == "played":
        ruling = fish(sk, "--line", WITH_DOUBLE)
        place = "2-2 is on the table"
    elif where == "bazaar":
        # Every hand is known, so the unseen tiles (2-2 among them) are the bazaar.
        rest = [tile for tile in unseen_besides(VECTOR) if tile != "2-2"]
        ann, bob, bazaar = rest[:7], rest[7:14], rest[14:]
        ruling = fish(sk, "--line", VECTOR, "--hand", "Ann=" + ",".join(ann), "--hand", "Bob=" + ",".join(bob),
                      "--bazaar", str(len(bazaar) + 1))
        place = "2-2 is in the bazaar"
    else:
        ruling = fish(sk, "--line", VECTOR)
        place = "2-2 is not on the table"
    assert ruling["blocked"] is True and ruling["settled"] is (where != "unknown")
    assert ruling["sealed"] is True and ruling["plays"] == []
    assert ruling["ends"] == [2, 2]
    text = ruling["reasons"][0]["text"]
    assert "both ends show 2 and all six non-double 2s are on the table" in text
    assert place in text and "cannot reopen it" in text
    assert ruling["reasons"][0]["key"] == "tiles.max_pip"
    if where == "unknown":
        assert "if a player holds 2-2, that player can still play it" in text


@pytest.mark.parametrize("fisherman, named", [("sealer", None), ("last-play", "Ann")])
def test_a_sealed_fish_with_its_double_held_is_not_yet_a_fish(sk, fisherman, named):
    """Issue 12.1 / RULES.md 1 (corrected): 2-2 in Ann's hand: not yet blocked; Ann's one play is 2-2, after
    which it is a fish.  fish.fisherman: 004 names whoever sealed it (sealer), the other reading Ann."""
    rules = house(sk, f'extends = "goat"\nname = "fisher"\n[fish]\nfisherman = "{fisherman}"\n')
    ruling = fish(sk, "--line", VECTOR, "--hand", "Ann=2-2,5-6,0-0", "--hand", "Bob=1-1,4-6", rules=rules)
    assert ruling["blocked"] is False and ruling["settled"] is True and ruling["sealed"] is True
    assert ruling["plays"] == [{"player": "Ann", "tile": "2-2", "ends": [2]}]
    assert ruling["blocked_after_plays"] is True
    assert ruling["fisherman"] == named
    texts = [item["text"] for item in ruling["reasons"]]
    assert "Ann holds 2-2 and can still play it" in texts[0] and "takes 4 pips off Ann's hand" in texts[0]
    cited = next(item for item in ruling["reasons"] if item["key"] == "fish.fisherman")
    assert cited["value"] == fisherman
    assert ("not whoever then lays 2-2" in cited["text"]) is (fisherman == "sealer")
    out = sk("check", "fish", "--rules", rules, "--line", VECTOR, "--hand", "Ann=2-2").stdout
    # 000:374, 001:152, 004:121: with the double still in a hand "it would still be a fish"
    fisherman_is = {"sealer": "the player who sealed it, not Ann", "last-play": "Ann, who lays it"}[fisherman]
    assert out.splitlines()[0] == (f"A fish, sealed: Ann still lays 2-2 (it leaves Ann's hand); the fisherman is "
                                   f"{fisherman_is}.")


def test_goat_names_the_sealer_as_fisherman(sk):
    ruling = fish(sk, "--line", VECTOR, "--hand", "Ann=2-2")
    assert ruling["fisherman"] is None
    assert [item["value"] for item in ruling["reasons"] if item["key"] == "fish.fisherman"] == ["sealer"]


def test_an_empty_bazaar_puts_the_unseen_double_in_a_hand(sk):
    ruling = fish(sk, "--line", VECTOR, "--bazaar", "0")
    assert ruling["blocked"] is False and ruling["settled"] is True and ruling["blocked_after_plays"] is True
    assert ruling["plays"] == []  # someone holds 2-2, but who is not known
    assert "2-2 is in a hand: its holder can still play it" in ruling["reasons"][-1]["text"]


def test_plays_still_possible_are_listed(sk):
    ruling = fish(sk, "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5", "--hand", "Ann=2-5,6-6,5-5", "--hand", "Bob=2-2")
    assert ruling["blocked"] is False and ruling["blocked_after_plays"] is None
    assert ruling["plays"] == [{"player": "Bob", "tile": "2-2", "ends": [2]},
                               {"player": "Ann", "tile": "2-5", "ends": [2, 5]},
                               {"player": "Ann", "tile": "5-5", "ends": [5]}]


def test_vector_text_output(sk):
    out = sk("check", "fish", "--rules", "goat", "--line", VECTOR, "--hand", "Ann=1-1", "--bazaar", "0").stdout
    assert out.splitlines()[0] == ("A fish, sealed: whoever holds 2-2 still lays it (it leaves that hand); the "
                                   "fisherman is the player who sealed it.")
    out = sk("check", "fish", "--rules", "goat", "--line", WITH_DOUBLE).stdout
    assert out.splitlines()[0] == "Blocked: a fish."
    assert "2-2 is on the table and cannot reopen it" in out and "[tiles.max_pip = 6" in out


def test_line_written_either_way_round(sk):
    assert fish(sk, "--line", "4-2 1-4 2-1 6-2 0-6 2-0 3-2 5-3 2-5")["blocked"] is True


def test_a_playable_tile_in_a_hand(sk):
    ruling = fish(sk, "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5", "--hand", "Ann=2-5,6-6")
    assert ruling["blocked"] is False and ruling["settled"] is True and ruling["ends"] == [2, 5]
    assert "Ann holds 2-5 and can play it" in ruling["reasons"][0]["text"]


def test_unknown_hands_do_not_settle_it(sk):
    ruling = fish(sk, "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5")
    assert ruling["blocked"] is False and ruling["settled"] is False
    assert "Not blocked, as far as is known." in sk("check", "fish", "--rules", "goat", "--line", "2-4 4-1").stdout


def test_a_drawable_bazaar_unblocks(sk):
    ruling = fish(sk, "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5", "--bazaar", "3")
    assert ruling["blocked"] is False and ruling["settled"] is True
    assert ruling["reasons"][0]["key"] == "bazaar.keep"


# Ends 2 and 5, and every tile that could be played on either is on the table except 2-5.
ONE_LIVE = "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-0 0-4 4-5 5-1 1-3 3-6 6-5"


@pytest.mark.parametrize("bazaar, keep, blocked", [(1, None, True), (2, None, False), (1, 0, False)])
def test_last_bazaar_tile_cannot_be_drawn(sk, tmp_path, bazaar, keep, blocked):
    """Goat forbids drawing the last bazaar tile (bazaar.keep = 1): 2-5 alone there cannot unblock."""
    rest = [tile for tile in unseen_besides(ONE_LIVE) if tile != "2-5"]
    stock = ["2-5"] + rest[:bazaar - 1]
    held = rest[bazaar - 1:]
    rules = "goat"
    if keep is not None:
        rules = str(tmp_path / "keep.toml")
        (tmp_path / "keep.toml").write_text(f'extends = "goat"\nname = "keep"\n[bazaar]\nkeep = {keep}\n')
    ruling = fish(sk, "--line", ONE_LIVE, "--hand", "Ann=" + ",".join(held[:6]),
                  "--hand", "Bob=" + ",".join(held[6:]), "--bazaar", str(len(stock)), rules=rules)
    assert ruling["ends"] == [2, 5] and ruling["settled"] is True
    # 2-2 and 5-5 are held: they can still be played, and then it is a fish (RULES.md 1 as corrected)
    assert ruling["blocked"] is False
    assert (ruling["blocked_after_plays"] is True) is blocked
    assert ruling["reasons"][0]["key"] == "bazaar.keep"
    assert "2-5" in ruling["reasons"][0]["text"]


def test_spinner_layout_blocked(sk, tmp_path):
    # 5-5 is the spinner: the line runs through it, one arm leaves it, its fourth side is free (a 5).
    ruling = fish(sk, "--line", "5-1 1-6 6-5 5-5 5-4 4-2 2-5", "--arm", "5-0 0-3 3-5",
                  rules=spinner_rules(tmp_path))
    assert ruling["ends"] == [5, 5, 5, 5]
    assert ruling["blocked"] is True
    assert any(reason["key"] == "play.spinner" and "5-5 is the spinner" in reason["text"]
               for reason in ruling["reasons"])


@pytest.mark.parametrize("line, arms, ends", [
    ("5-5", [], [5, 5, 5, 5]),
    ("5-5", ["5-0", "5-3", "5-4", "5-6"], [0, 3, 4, 6]),
    ("5-5", ["5-0 0-1"], [1, 5, 5, 5]),
    ("5-5 5-2", ["5-0", "5-3", "5-4"], [0, 2, 3, 4]),
    ("5-5 5-2", ["5-0"], [0, 2, 5, 5]),
    ("1-5 5-5 5-2", ["5-0", "5-3"], [0, 1, 2, 3]),
])
def test_spinner_open_ends(sk, tmp_path, line, arms, ends):
    args = ["--line", line] + [item for arm in arms for item in ("--arm", arm)]
    assert sorted(fish(sk, *args, rules=spinner_rules(tmp_path))["ends"]) == ends


def test_spinner_arm_opens_an_end(sk, tmp_path):
    rules = spinner_rules(tmp_path)
    ruling = fish(sk, "--line", "3-5 5-5 5-0", "--arm", "5-4", "--hand", "Ann=4-6", rules=rules)
    assert sorted(ruling["ends"]) == [0, 3, 4, 5]
    assert ruling["blocked"] is False and "Ann holds 4-6" in ruling["reasons"][0]["text"]
    written_from_the_spinner = fish(sk, "--line", "3-5 5-5 5-0", "--arm", "5-5 5-4", "--hand", "Ann=4-6",
                                    rules=rules)
    assert written_from_the_spinner == ruling
    # Without the arm, 4-6 fits no end; the spinner's free sides show 5.
    ruling = fish(sk, "--line", "3-5 5-5 5-0", "--hand", "Ann=4-6", rules=rules)
    assert sorted(ruling["ends"]) == [0, 3, 5, 5]
    assert ruling["settled"] is False


@pytest.mark.parametrize("args, problem", [
    (["--line", "2-4 3-5"], "do not match"),
    (["--line", "2-4 4-1 1-2 2-4"], "given twice"),
    (["--line", " ".join(["0-0"] * 29)], "only 28"),
    (["--line", "2-7"], "not in a double-six set"),
    (["--line", VECTOR, "--hand", "Ann=1-2"], "on the table and in Ann's hand"),
    (["--line", VECTOR, "--hand", "Ann=1-1", "--hand", "Bob=1-1"], "in two hands"),
    (["--line", VECTOR, "--bazaar", "20"], "cannot hold 20"),
    (["--line", "3-5 5-5 5-0", "--arm", "5-4"], "no spinner"),
    (["--line", "x"], "not a tile"),
    (["--line", VECTOR, "--bazaar", "-1"], "-1"),
])
def test_impossible_positions_are_refused(sk, args, problem):
    assert problem in sk.fails("check", "fish", "--rules", "goat", *args, code=2)


@pytest.mark.parametrize("args, problem", [
    (["--line", "3-5 5-5 5-0", "--arm", "4-6"], "must start from the spinner"),
    (["--line", "3-5 5-5 5-0", "--arm", "5-4", "--arm", "5-6", "--arm", "5-1"], "four sides"),
    (["--line", "3-5 5-5 5-0 0-0"], "several doubles"),
    (["--line", "3-5 5-0", "--arm", "5-4"], "no double"),
])
def test_impossible_spinner_layouts_are_refused(sk, tmp_path, args, problem):
    assert problem in sk.fails("check", "fish", "--rules", spinner_rules(tmp_path), *args, code=2)


def test_library_ruling():
    ruling = check_fish(load_ruleset("goat"), parse_tiles(VECTOR), [("Ann", (Tile(2, 2),))])
    assert not ruling.blocked and ruling.blocked_after and ruling.ends == (2, 2)
    assert [(play.player, play.tile) for play in ruling.plays] == [("Ann", Tile(2, 2))]


@settings(max_examples=60, deadline=None)
@given(rng=st.randoms(use_true_random=False), plays=st.integers(min_value=0, max_value=27))
def test_fish_ruling_on_played_out_lines(rng, plays):
    """Lay a random legal chain, share the rest between two known hands, empty bazaar: the line is blocked
    exactly when no hand holds a tile for an end (a double too: RULES.md 1 as corrected), whichever way round
    the line is written; the plays listed are exactly those tiles."""
    goat = load_ruleset("goat")
    stock = list(goat.tileset.tiles())
    rng.shuffle(stock)
    first = stock.pop()
    line, left, right = [first], first.low, first.high
    for _ in range(plays):
        pick = next((tile for tile in stock if left in tile or right in tile), None)
        if pick is None:
            break
        stock.remove(pick)
        if right in pick:
            line.append(pick)
            right = pick.high if pick.low == right else pick.low
        else:
            line.insert(0, pick)
            left = pick.high if pick.low == left else pick.low
    hands = [("Ann", tuple(stock[::2])), ("Bob", tuple(stock[1::2]))]
    ruling = check_fish(goat, tuple(line), hands, bazaar=0)
    playable = [tile for tile in stock if left in tile or right in tile]
    assert ruling.settled and ruling.blocked is (not playable)
    assert sorted(play.tile for play in ruling.plays) == sorted(playable)
    if len(line) > 1:
        assert ruling.ends == (left, right)
    backwards = check_fish(goat, tuple(reversed(line)), hands, bazaar=0)
    assert backwards.blocked is ruling.blocked and sorted(backwards.ends) == sorted(ruling.ends)


def test_check_fish_lists_the_ends_naming_a_spinner_with_a_side_free(sk):
    """The spinner's free sides show its number; the ruling lists the arms' ends, then the spinner as its tile."""
    said = " ".join(sk("check", "fish", "--rules", "muggins", "--line", "5-5 5-1", "--arm", "5-3").stdout.split())
    assert "the ends show 1, 3 and the spinner 5-5;" in said and "5, 5" not in said
    said = " ".join(sk("check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-4").stdout.split())
    assert "the ends show 2 and 4;" in said


@pytest.mark.parametrize("language, spinner, line", [
    ("ru", "открыты: 1, 3 и спиннер 5-5;", "открыты: 2 и 4;"),
    ("uk", "відкриті: 1, 3 і спінер 5-5;", "відкриті: 2 і 4;"),
])
def test_check_fish_says_what_is_open_as_a_scorer_does(sk, language, spinner, line):
    """In Russian and Ukrainian the ends are said as what is open ('открыты: 2, 3 и спиннер 5-5'), as the board
    says them when it refuses a tile, not 'на концах 2, 3 и спиннер 5-5'."""
    said = " ".join(sk("--lang", language, "check", "fish", "--rules", "muggins", "--line", "5-5 5-1", "--arm",
                       "5-3").stdout.split())
    assert spinner in said
    said = " ".join(sk("--lang", language, "check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-4").stdout.split())
    assert line in said


@pytest.mark.parametrize("language, bazaar, keep, said", [
    ("en", 1, 1, "2-5 would fit, but is in the bazaar, which holds 1 tile: its last tile may not be drawn, so only "
                 "doubles can still be played"),
    ("en", 2, 1, "2-5 is not on the table, and the bazaar holds 2 tiles (its last tile may not be drawn): a player "
                 "who cannot play draws, so it is not a fish"),
    ("en", 1, 0, "2-5 is not on the table, and the bazaar holds 1 tile: a player who cannot play draws"),
    ("en", 3, 2, "the bazaar holds 3 tiles (its last 2 tiles may not be drawn)"),
    ("ru", 1, 1, "2-5 подошла бы, но она на базаре, где 1 кость: последнюю 1 кость брать нельзя, так что ходить "
                 "можно только дублями"),
    ("ru", 3, 2, "а на базаре 3 кости (последние 2 кости брать нельзя)"),
    ("uk", 5, 2, "а на базарі 5 кісток (останні 2 кістки брати не можна)"),
])
def test_the_bazaar_s_tiles_are_counted_in_whole_words(sk, tmp_path, language, bazaar, keep, said):
    """'the bazaar holds 2 tile(s), of which 1 must stay' (and in Russian '1 должны остаться'): each count in
    its own plural form."""
    rest = [tile for tile in unseen_besides(ONE_LIVE) if tile != "2-5"]
    stock = ["2-5"] + rest[:bazaar - 1]
    held = rest[bazaar - 1:]
    rules = tmp_path / "keep.toml"
    rules.write_text(f'extends = "goat"\nname = "keep"\n[bazaar]\nkeep = {keep}\n')
    shown = sk("--lang", language, "check", "fish", "--rules", str(rules), "--line", ONE_LIVE, "--hand",
               "Ann=" + ",".join(held[:6]), "--hand", "Bob=" + ",".join(held[6:]), "--bazaar", str(len(stock))).stdout
    assert said in " ".join(shown.split()), shown
