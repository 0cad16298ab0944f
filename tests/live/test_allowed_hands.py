"""Issue 32, Must 3: a hand the table let stand, breach by breach, in the ``play`` session (``allow``) scores as
the same facts typed as a round line with ``--allow``: the same rulings kept, the same round, the same table.
Careless hands (``tests/careless.py``): players who now and then play out of turn, knock or draw while able,
or knock before drawing, and a first lead the rules do not give."""

from __future__ import annotations

import os
import random
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from careless import careless_hand
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases
from scorekeeper.notation.play_line import format_play, format_plays
from scorekeeper.rules.loader import load_ruleset

SETUPS = [("goat", ("Ann", "Bob", "Cat", "Dan")), ("goat", ("Ann", "Bob", "Cat")), ("draw", ("Ann", "Bob")),
          ("muggins", ("Ann", "Bob", "Cat")), ("all-fives", ("Ann", "Bob")), ("sea-goat", ("Ann", "Bob", "Cat"))]

EXAMPLES = 25
"""Examples a CI run tries (each a whole hand typed at the prompt, then the same round one-shot);
``REFEREE_LONG=N`` runs N."""


def _held_line(held: dict, out: str | None) -> str:
    return ", ".join(f'"{player}" {" ".join(map(str, tiles))}' for player, tiles in held.items()
                     if player != out and tiles)


@settings(max_examples=int(os.environ.get("REFEREE_LONG", EXAMPLES)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2 ** 32 - 1))
def test_a_hand_let_stand_at_the_table_scores_as_the_round_line_with_allow(setup, seed):
    name, players = setup
    ruleset = load_ruleset(name)
    hand = careless_hand(ruleset, players, random.Random(seed))
    out = hand.board.out.player if hand.board.out else None
    held = _held_line(hand.held, out)
    with tempfile.TemporaryDirectory() as folder:
        at_table, one_shot = os.path.join(folder, "table.toml"), os.path.join(folder, "line.toml")
        usecases.new(at_table, name, players)
        usecases.new(one_shot, name, players)
        live = LiveSession(usecases.open_match(at_table), lambda: Screen(None, None))
        for play in hand.plays:
            live.handle(format_play(play))
            if live.refused is not None or (live.hand is not None and live.hand.unsettled):
                assert live.handle("allow").ok
        reply = live.handle(held)
        if not reply.ok:
            assert live.handle("allow").ok, reply.text
        assert live.hand is None, "the hand was not recorded"
        typed = usecases.record(one_shot, f"plays {format_plays(hand.plays)}; {held}", confirmed=True, allow=True)
        table, line = live.state, typed.after
        assert len(table.match.rounds) == 1
        assert table.match.rounds[0].facts() == line.match.rounds[0].facts()
        assert [side.score for side in table.table.sides] == [side.score for side in line.table.sides]
        rulings = set(table.match.rounds[0].rulings)
        found = {(finding.play, finding.breach) for ruled in hand.board.history for finding in ruled.breaches}
        found |= {(finding.play, finding.breach) for finding in hand.board.held(hand.held)}
        assert found <= {(ruling.play, ruling.breach) for ruling in rulings}  # every breach the table played
