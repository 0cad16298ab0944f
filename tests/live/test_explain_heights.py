"""Issue 32, heights: 'explain N' of a hand typed play by play was 38 lines at 40x24 in the session (the typed
line scrolled away) and 47 one-shot.  In the session, where one play a line does not fit the screen, the plays
are folded several to a line (each line named by its first play's number), and what is still taller than the
screen goes through the session's pager; 'explain N all' keeps one play a line.  One-shot, the explanation
pages on a terminal and is printed whole to a pipe."""

from __future__ import annotations

import random

import pytest

from played_hands import random_hand
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_play, format_plays
from scorekeeper.rules.loader import load_ruleset

ROOM = 22
"""Rows an answer may take on a 24-line screen: the typed line above it and the next prompt stay in view."""
FOUR = ("Masha", "Alex", "Olya", "Serg")


def played(tmp_path, rules: str, players, seed: int, width: int) -> tuple[LiveSession, int]:
    """A session at ``width`` x 24 in which one whole hand was typed play by play; the number of its plays."""
    usecases.new(tmp_path / "match.toml", rules, players)
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(width, 24))
    plays, held = random_hand(load_ruleset(rules), random.Random(seed), first=True, players=players)
    for play in plays:
        assert live.handle(format_play(play)).ok
    out = live.hand.board.out.player if live.hand.board.out else None
    assert live.handle(", ".join(f'{player} {" ".join(map(str, tiles))}' for player, tiles in held.items()
                                 if player != out and tiles)).ok
    assert live.hand is None
    return live, len(plays)


def hand_part(text: str) -> list[str]:
    lines = text.split("\n")
    start = lines.index("The hand, play by play:") + 1
    return lines[start:lines.index("", start)]


@pytest.mark.parametrize("rules, players, seed", [("goat", FOUR, 1), ("all-fives", FOUR[:3], 3),
                                                  ("muggins", FOUR[:2], 5)])
@pytest.mark.parametrize("width", [40, 80])
def test_explain_of_a_played_hand_folds_its_plays_and_pages_what_is_still_too_tall(tmp_path, rules, players,
                                                                                    seed, width):
    live, plays = played(tmp_path, rules, players, seed, width)
    reply = live.handle("explain 1")
    lines = reply.text.split("\n")
    assert all(len(line) <= width for line in lines)
    assert reply.page == (len(lines) > ROOM)  # the session's pager only where it does not fit
    hand = hand_part(reply.text)
    folded = [line for line in hand if line[:4].strip().isdigit()]
    assert len(folded) < plays  # several plays to a line
    numbers = [int(line.split()[0]) for line in folded]
    assert numbers[0] == 1 and numbers == sorted(numbers)
    assert sum(line.count(" · ") + 1 for line in folded) == plays  # every play, once
    every = live.handle("explain 1 all")  # every line, one play a line, through the pager
    assert every.page and len([line for line in hand_part(every.text) if line[:4].strip().isdigit()]) == plays


def test_the_folded_plays_keep_the_points_each_scored(tmp_path):
    live, _plays = played(tmp_path, "all-fives", FOUR[:3], 3, 40)
    hand = hand_part(live.handle("explain 1").text)
    assert "   7 Olya 2-2 · Masha 4-4 · Alex 1-3 +15" in hand  # play 9 scored 15 (the count 4+8+3)


def test_a_short_hand_that_fits_is_shown_one_play_a_line_and_not_paged(tmp_path):
    rules = tmp_path / "small-draw.toml"
    rules.write_text('extends = "draw"\nname = "small-draw"\n[tiles]\ndeal = 3\ndeal_more_players = 3\n',
                     encoding="utf-8")
    usecases.new(tmp_path / "match.toml", str(rules), ("Ann", "Bob"))
    usecases.record(tmp_path / "match.toml", "plays Ann 6-6, Bob 6-3, Ann 3-3, Bob 3-1, Ann 1-2; Bob 4-5")
    live = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(80, 24))
    reply = live.handle("explain 1")
    assert not reply.page and len(reply.text.split("\n")) <= ROOM
    assert hand_part(reply.text)[:2] == ["   1 Ann 6-6 · ends 6 and 6 · Bob", "   2 Bob 6-3 · ends 6 and 3 · Ann"]
    narrow = LiveSession.open(str(tmp_path / "match.toml"), screen=lambda: Screen(40, 24))
    reply = narrow.handle("explain 1")  # at 40 columns its wrapped lines do not fit: folded, and then it fits
    assert not reply.page and len(reply.text.split("\n")) <= ROOM
    # each tile as it lies, as the unfolded view and the live answers show it (Bob 6-3, not 3-6)
    assert hand_part(reply.text)[:2] == ["   1 Ann 6-6 · Bob 6-3 · Ann 3-3", "   4 Bob 3-1 · Ann 1-2"]


def test_the_one_shot_explain_of_a_played_hand_is_printed_whole_to_a_pipe(tmp_path, sk):
    plays, held = random_hand(load_ruleset("goat"), random.Random(1), first=True, players=FOUR)
    sk("new", "--rules", "goat", *FOUR)
    out = next(player for player, tiles in held.items() if not tiles)
    hands = ", ".join(f'{player} {" ".join(map(str, tiles))}' for player, tiles in held.items() if player != out)
    sk("round", f"plays {format_plays(plays)}; {hands}")
    shown = sk("explain", "1").output
    assert len([line for line in hand_part(shown) if line[:4].strip().isdigit()]) == len(plays)  # unfolded


@pytest.mark.slow
def test_the_one_shot_explain_of_a_played_hand_pages_on_a_terminal(tmp_path):
    from pty_session import one_shot_on_terminal

    plays, held = random_hand(load_ruleset("goat"), random.Random(1), first=True, players=FOUR)
    usecases.new(tmp_path / "match.toml", "goat", FOUR)
    out = next(player for player, tiles in held.items() if not tiles)
    hands = ", ".join(f'{player} {" ".join(map(str, tiles))}' for player, tiles in held.items() if player != out)
    usecases.record(tmp_path / "match.toml", f"plays {format_plays(plays)}; {hands}")
    for columns in (40, 80):
        shown = one_shot_on_terminal(tmp_path, columns, "explain", "1")
        assert len(shown) > ROOM and all(line.startswith("paged:") for line in shown)
