"""Issue 32: Jamaican partnership in the session (rules.md §5.6, ``lead.after_fish = winners``).  After a block
the side that won it poses: the session names both partners, takes the first play by either of them as the
lead (no breach; a tile alone asks which of the two), and a lead by the other side is the ``leader`` breach,
refused until the table lets it stand."""

from __future__ import annotations

import random

from played_hands import random_hand
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_play
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage.matchfile import load_match

FOUR = ("Ann", "Bob", "Cat", "Dan")  # Ann+Cat against Bob+Dan


def blocked(tmp_path) -> LiveSession:
    """Rules.md example 5.6d: a block, Ann 9 and Cat 9 against Bob 2 and Dan 20: Bob+Dan win it (Bob's 2)."""
    path = tmp_path / "match.toml"
    usecases.new(path, "jamaican-partnership", FOUR)
    live = LiveSession.open(str(path), screen=lambda: Screen(40, 24))
    recorded = live.handle("fish 9 2 9 20")
    assert recorded.ok and not recorded.question, recorded  # no fisherman asked: the winners pose
    assert " ".join(recorded.text.split()).endswith("Bob or Dan leads next: the side that won the block poses")
    return live


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_table_names_both_partners_of_the_side_that_won_the_block(tmp_path):
    live = blocked(tmp_path)
    assert flat(live.handle("table").text).endswith("Bob or Dan leads next: the side that won the block poses")


def test_a_tile_alone_asks_which_partner_leads_and_either_leads_without_a_breach(tmp_path):
    live = blocked(tmp_path)
    reply = live.handle("66")
    assert reply.question == "who leads? [b/d] "  # the two partners only
    assert live.answer("d").text == "Dan 6-6 · ends 6 and 6 · Ann"
    assert live.prompt() == "#2 Ann> " and live.hand.rulings == []
    (tmp_path / "other").mkdir()
    other = blocked(tmp_path / "other")
    assert other.handle("b 66").text == "Bob 6-6 · ends 6 and 6 · Cat"  # named: no question, no breach
    assert other.hand.rulings == []


def test_a_lead_by_the_other_side_is_the_leader_breach(tmp_path):
    live = blocked(tmp_path)
    refused = live.handle("c 66")
    assert not refused.ok and flat(refused.text) == (
        "Error: Cat 6-6: Bob or Dan leads this hand, not Cat ('allow' lets it stand as played)")
    assert live.prompt() == "#2> "  # nothing played
    assert live.handle("allow").text.split("\n") == ["Let stand: play 1 (Cat 6-6).", "Cat 6-6 · ends 6 and 6 · Dan"]
    assert 'allowed = [{ play = 1, breach = "leader" }]' in (tmp_path / "match.toml").read_text(encoding="utf-8")


def test_a_whole_hand_led_by_either_partner_is_recorded_without_a_ruling(tmp_path):
    for leader in ("Bob", "Dan"):
        folder = tmp_path / leader
        folder.mkdir()
        live = blocked(folder)
        plays, held = random_hand(load_ruleset("jamaican-partnership"), random.Random(7), leader=leader,
                                  players=FOUR)
        for play in plays:
            reply = live.handle(format_play(play))
            assert reply.ok and not reply.question, (format_play(play), reply)
        out = live.hand.board.out.player if live.hand.board.out else None
        hands = ", ".join(f'{player} {" ".join(map(str, tiles))}' for player, tiles in held.items()
                          if player != out and tiles)
        recorded = live.handle(hands)
        assert recorded.ok and recorded.text.startswith("Round 2: "), recorded
        second = load_match(str(folder / "match.toml")).rounds[1]
        assert second.plays[0].player == leader and second.rulings == ()
