"""The round's scoring as a declared list of stages (library API): its order, its gates, the values it passes,
and the resumed fold's check of the results it is given."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import scorekeeper.scoring
from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.match.record import new_match
from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.pipeline import STAGES, stages_for
from scorekeeper.scoring.state import Account, Pot
from scorekeeper.scoring.table import Decision

SCORING = Path(scorekeeper.scoring.__file__).parent


def _name(stage) -> str:
    if isinstance(stage.run, str):
        return stage.run
    return f"{stage.run.__module__.rsplit('.', 1)[-1]}.{stage.run.__name__}"


def test_the_package_docstring_names_every_stage_in_order():
    doc = scorekeeper.scoring.__doc__
    places = [doc.find(_name(stage)) for stage in STAGES]
    assert -1 not in places, [(_name(s), p) for s, p in zip(STAGES, places)]
    assert places == sorted(places)


def test_every_stage_module_says_which_keys_it_reads():
    for stage in STAGES:
        module = importlib.import_module(f"scorekeeper.scoring.{_name(stage).rsplit('.', 1)[0]}")
        assert module.__doc__ and "``" in module.__doc__, module.__name__


@pytest.mark.parametrize("name", builtin_names())
def test_a_ruleset_runs_only_the_stages_it_switches_on(name):
    ruleset = load_ruleset(name)
    chosen = [stage.__name__ for stage in stages_for(ruleset)]
    # exactly one stage says who takes what: only the hand won, the end-of-hand count, or the out / fish rules
    deciding = [stage for stage in ("take_hand_won", "settle_hand", "take") if stage in chosen]
    assert deciding == ["take_hand_won" if ruleset["count.hand_won"] else
                        "settle_hand" if ruleset["endhand.count"] else "take"]
    assert ("play_on_hundred" in chosen) == (name.startswith("sea-goat"))
    assert ("pay_toward_opening" in chosen) != ("pay_to_recorder" in chosen)
    assert chosen[0] == "count_hands" and chosen[-1] == "carry_eggs"


def test_no_import_cycle_in_scoring():
    """Imports anywhere in a module (top level or inside a function) never lead back to it."""
    graph: dict[str, set[str]] = {}
    for path in SCORING.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("scorekeeper.scoring"):
                deps.add(node.module.rsplit(".", 1)[-1])
                deps.update(alias.name for alias in node.names if (SCORING / f"{alias.name}.py").exists())
        graph[path.stem] = deps - {"scoring"}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for dep in graph.get(start, ()):
            if dep == goal or (dep not in seen and not seen.add(dep) and reaches(dep, goal, seen)):
                return True
        return False

    assert [name for name in graph if reaches(name, name, set())] == []


def test_values_of_different_kinds_never_compare_equal():
    assert Pot() != Account()
    assert Pot(3, 1) != Account(3, 1)
    assert Decision("Ann", None) != ("Ann", None)
    assert Decision("Ann", "Bob") == Decision("Ann", "Bob", "")
    assert Decision(None, None).is_draw and not Decision("Ann", None).is_draw


def _goat_match(outs):
    ruleset = load_ruleset("goat")
    match = new_match("goat", ruleset, ("Ann", "Bob", "Cid"))
    rounds = tuple(Round.of(ending=Ending.OUT, out=out,
                            hands={name: Hand(total=total) for name, total in hands.items()})
                   for out, hands in outs)
    return ruleset, match._replace(rounds=rounds)


def test_the_resumed_fold_reuses_only_results_of_the_same_facts():
    ruleset, match = _goat_match([("Ann", {"Bob": 20, "Cid": 5}), ("Bob", {"Ann": 14, "Cid": 3}),
                                  ("Cid", {"Ann": 2, "Bob": 30})])
    _, other = _goat_match([("Ann", {"Bob": 40, "Cid": 5}), ("Bob", {"Ann": 14, "Cid": 3})])
    fresh = replay(ruleset, match)
    stale = replay(ruleset, other).rounds
    assert stale[0].sides != fresh.rounds[0].sides  # the other match really scored differently
    for count in range(len(stale) + 1):
        assert replay(ruleset, match, stale[:count]) == fresh
    # the results of the same facts are reused as they are (a round read from another line is the same fact)
    moved = match._replace(rounds=tuple(rnd._replace(line=10 + index) for index, rnd in enumerate(match.rounds)))
    resumed = replay(ruleset, moved, fresh.rounds[:2])
    assert resumed.rounds[:2] == fresh.rounds[:2] and resumed.sides == fresh.sides
    # results in the wrong places, or more results than rounds, are not taken either
    assert replay(ruleset, match, fresh.rounds[1:]) == fresh
    assert replay(ruleset, match._replace(rounds=match.rounds[:2]), fresh.rounds) == \
        replay(ruleset, match._replace(rounds=match.rounds[:2]))


def test_rounds_a_caller_vouches_for_are_checked_at_the_last_of_them():
    """A session that appends a round to the match it scored says so (``kept``): the rounds before are not
    walked again, the last of them is still checked, and the rounds after it are compared as ever."""
    ruleset, match = _goat_match([("Ann", {"Bob": 20, "Cid": 5}), ("Bob", {"Ann": 14, "Cid": 3}),
                                  ("Cid", {"Ann": 2, "Bob": 30})])
    _, other = _goat_match([("Ann", {"Bob": 40, "Cid": 5}), ("Bob", {"Ann": 14, "Cid": 3})])
    fresh = replay(ruleset, match)
    before = replay(ruleset, match._replace(rounds=match.rounds[:2]))  # the same round objects
    resumed = replay(ruleset, match, before.rounds, kept=2)
    assert resumed == fresh and resumed.rounds[:2] == before.rounds
    # results of other facts vouched for wrongly: the last of them is not the round in its place, so nothing
    # is reused; kept beyond the results given, or beyond the rounds, is not taken either
    stale = replay(ruleset, other).rounds
    assert replay(ruleset, match, stale, kept=2) == fresh
    assert replay(ruleset, match, fresh.rounds[:1], kept=3) == fresh
    short = match._replace(rounds=match.rounds[:1])
    assert replay(ruleset, short, fresh.rounds, kept=3) == replay(ruleset, short)
    # an equal round that is not the same object (read again from the file) is compared, and reused
    copied = match._replace(rounds=tuple(rnd._replace(line=7) for rnd in match.rounds))
    assert replay(ruleset, copied, fresh.rounds, kept=3).sides == fresh.sides


def test_the_seating_the_stages_look_up_agrees_with_the_match():
    """scoring/seats.py works the seating out once per ``match.sides``: it answers as ``Match.side_of`` does,
    for singles and pairs, and a list of sides (which may change) is worked out again each time."""
    from scorekeeper.domain.facts import Side
    from scorekeeper.scoring.seats import seats

    for name, players in [("goat", ("Ann", "Bob", "Cid")), ("goat-pairs", ("Ann", "Bob", "Cid", "Dan"))]:
        ruleset = load_ruleset(name)
        match = new_match(name, ruleset, players)
        found = seats(match)
        assert found.names == tuple(side.name for side in match.sides)
        assert {player: found.side_of[player] for player in match.players} == \
            {player: match.side_of(player).name for player in match.players}
        assert all(found.others[side] == tuple(n for n in found.names if n != side) for side in found.names)
        assert seats(match._replace(rounds=())) is found  # a copy of the match shares its sides
    sides = [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))]
    match = new_match("goat", load_ruleset("goat"), ("Ann", "Bob"))._replace(sides=sides)
    assert seats(match).names == ("Ann", "Bob")
    sides.append(Side("Cid", ("Cid",)))
    assert seats(match).names == ("Ann", "Bob", "Cid")
