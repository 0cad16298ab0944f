"""One check shared by the replay invariants of every rule family: a table is replayed without the rules'
steps, and working them out (for the whole match, or for one round of a table) changes no number."""

from __future__ import annotations

from scorekeeper.scoring.engine import explained, replay


def assert_steps_change_no_number(ruleset, match) -> None:
    plain = replay(ruleset, match)
    full = replay(ruleset, match, explain=True)
    assert all(result.steps is None for result in plain.rounds)
    assert all(result.steps is not None for result in full.rounds)
    assert plain == full._replace(rounds=tuple(result._replace(steps=None) for result in full.rounds))
    for number, result in enumerate(full.rounds, start=1):
        assert explained(ruleset, match, plain.rounds, number) == result
    # results without steps are scored again when the steps are asked for, not reused
    assert replay(ruleset, match, plain.rounds, kept=len(plain.rounds), explain=True) == full
    assert replay(ruleset, match, full.rounds, explain=True) == full
