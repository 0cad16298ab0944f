"""The round's scoring as a declared list of stages (library API): its order, its gates, the values it passes,
and the resumed fold's check of the results it is given."""

from __future__ import annotations

import ast
import importlib
import random
import re
from pathlib import Path

import pytest

import scorekeeper.scoring
from scorekeeper.domain.facts import Claim, Ending, Hand, Round
from scorekeeper.domain.tiles import Tile
from scorekeeper.errors import InputError
from scorekeeper.match.checks import check_round
from scorekeeper.match.record import new_match
from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.rules.schema import HandValue, PlayScore, Teams
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.pipeline import STAGES, stages_for, who_takes
from scorekeeper.scoring.state import Account, Pot, RoundState
from scorekeeper.scoring.table import Decision

SCORING = Path(scorekeeper.scoring.__file__).parent
STAGE_NAMES = {name for stage in STAGES for name in stage.names}


def _name(function) -> str:
    return f"{function.__module__.rsplit('.', 1)[-1]}.{function.__name__}"


def test_every_stage_names_a_function_of_its_module():
    for stage in STAGES:
        for name in stage.names:
            module, function = name.rsplit(".", 1)
            assert callable(getattr(importlib.import_module(f"scorekeeper.scoring.{module}"), function)), name


@pytest.mark.parametrize("name", builtin_names())
def test_a_ruleset_runs_only_the_stages_it_switches_on(name):
    ruleset = load_ruleset(name)
    chosen = [stage.__name__ for stage in stages_for(ruleset)]
    # exactly one stage says who takes what: only the hand won, the end-of-hand count, or the out / fish rules
    deciding = [stage for stage in ("take_hand_won", "settle_hand", "take") if stage in chosen]
    assert deciding == ["take_hand_won" if ruleset["count.hand_won"] else
                        "settle_hand" if ruleset["endhand.count"] else "take"]
    assert who_takes(ruleset).value.endswith("." + deciding[0])
    assert ("play_on_hundred" in chosen) == (name.startswith("sea-goat"))
    assert ("pay_toward_opening" in chosen) != ("pay_to_recorder" in chosen)
    assert chosen[0] == "count_hands" and chosen[-1] == "carry_eggs"


def _setters() -> dict[str, set[str]]:
    """What each ``RoundState`` field's docstring says sets it: the stages it names after "Set by", ``start``
    for the state's making; ``*`` where every stage may add to it."""
    tree = ast.parse((SCORING / "state.py").read_text(encoding="utf-8"))
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "RoundState").body
    said: dict[str, set[str]] = {}
    for field, doc in zip(body, body[1:]):
        if isinstance(field, ast.AnnAssign) and isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
            text = " ".join(doc.value.value.split())
            named = set()
            if "Set by " in text:
                named = set(re.findall(r"``([a-z_]+\.[a-z_]+|start)``", text[text.index("Set by "):]))
            if "every stage" in text.lower():
                named.add("*")
            said[field.target.id] = named
    return said


def test_every_round_state_field_says_which_stages_set_it():
    said = _setters()
    assert set(said) == set(RoundState.__slots__), "a field without a docstring"
    for field, named in said.items():
        assert named, f"RoundState.{field} does not say which stage sets it"
        assert named <= STAGE_NAMES | {"start", "*"}, (field, named - STAGE_NAMES)


def _rounds(ruleset, match, count: int, seed: int):
    """``count`` legal rounds of varied facts: outs and fishes (the fisher named), tiles and totals, the last
    tile and the lead now and then (doubles among them), claims where the ruleset scores during play."""
    chance = random.Random(seed)
    tiles = ruleset.tileset.tiles()
    players = match.players
    in_tiles = ruleset["count.hand_value"] is HandValue.TILES
    made = []
    while len(made) < count:
        deck = list(tiles)
        chance.shuffle(deck)
        for double in (Tile(6, 6), Tile(0, 0)):  # often the round's last or first tile
            if chance.random() < 0.3:
                deck.remove(double)
                deck.append(double)
        fish = chance.random() < 0.3
        out = None if fish else chance.choice(players)
        last = (deck.pop(),) if out and chance.random() < 0.6 else ()
        led = deck.pop() if chance.random() < 0.4 else None
        hands = {}
        for player in players:
            if player != out:
                held = tuple(deck.pop() for _ in range(chance.randint(1, 3)))
                hands[player] = Hand(tiles=held) if in_tiles or chance.random() < 0.5 else \
                    Hand(total=sum(tile.pips for tile in held))
        if fish and not in_tiles and chance.random() < 0.5:  # a tie: eggs, a split, or nobody scores
            level = chance.randint(3, 10)
            hands = {player: Hand(total=level) for player in players}
        claims = ()
        if ruleset["play.scores"] is not PlayScore.NONE and chance.random() < 0.5:
            claims = (Claim(chance.choice(players), chance.choice((5, 10, 15))),)
        rnd = Round.of(ending=Ending.FISH if fish else Ending.OUT, hands=hands, out=out,
                       fisher=chance.choice(players) if fish else None, last=last, led=led, claims=claims)
        try:
            check_round(match, ruleset, rnd)
        except InputError:
            continue
        made.append(rnd)
    return tuple(made)


HOUSES = {"eggs-to-recorder": 'extends = "goat"\n[eggs]\nto = "next-recorder"\nrot_after = 1\n[opening]\nthreshold = 30\n',
          "eggs-wait": 'extends = "sea-goat"\n[opening]\nthreshold = 60\n'}
"""House rulesets for the stages no built-in ruleset runs in every way (eggs paid to a recorder, rotten, kept
for a winner that did not open)."""


@pytest.fixture(scope="module")
def specs(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("houses")
    for name, text in HOUSES.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return builtin_names() + [str(folder / f"{name}.toml") for name in HOUSES]


def _varied_match(spec: str):
    """Ruleset ``spec`` and a match of 40 varied rounds under it (``_rounds``), for three players or two pairs."""
    ruleset = load_ruleset(spec)
    pairs = ruleset["players.teams"] is Teams.PAIRS
    match = new_match(spec, ruleset, () if pairs else ("Ann", "Bob", "Cid"),
                      teams=[("Ann", "Cid"), ("Bob", "Dan")] if pairs else ())
    return ruleset, match._replace(rounds=_rounds(ruleset, match, 40, seed=len(ruleset.name)))


def _watched(spec: str) -> set[tuple[str, str]]:
    """Every stage of a replay under ruleset ``spec`` watched: each (field, stage) where the stage set the field (a new
    object in it), checked on the way against the docstring of the field; the rounds come out as the replay
    scores them."""
    ruleset, match = _varied_match(spec)
    said = _setters()
    fields = RoundState.__slots__
    replayed = replay(ruleset, match, explain=True).rounds
    accounts, pot, previous = {side.name: Account() for side in match.sides}, Pot(), None
    seen = set()
    for number, rnd in enumerate(match.rounds, start=1):
        state = RoundState.start(number, rnd, previous, accounts, pot, explain=True)
        for stage in stages_for(ruleset):
            before = [getattr(state, field) for field in fields]
            state = stage(ruleset, match, state)
            for field, old in zip(fields, before):
                if getattr(state, field) is not old:
                    assert _name(stage) in said[field] or "*" in said[field], \
                        f"{_name(stage)} sets RoundState.{field}, whose docstring does not name it"
                    seen.add((field, _name(stage)))
        previous, accounts, pot = state.result(), state.accounts, state.pot
        if number <= len(replayed):
            assert previous == replayed[number - 1]
    return seen


@pytest.mark.parametrize("name", builtin_names())
def test_each_stage_sets_only_the_fields_that_name_it(name):
    assert ("accounts", "opening.record_opening") in _watched(name)  # the watch saw the stages at work


def test_a_replay_without_steps_scores_as_one_that_says_them(specs):
    """A table is replayed without the steps' texts, which the stages then do not make: every number, note and
    decision is the same as a replay that says them (``explain``, the JSON export)."""
    for spec in specs:
        ruleset, match = _varied_match(spec)
        said = replay(ruleset, match, explain=True)
        plain = replay(ruleset, match)
        assert all(result.steps for result in said.rounds) and all(result.steps is None for result in plain.rounds)
        assert said._replace(rounds=tuple(result._replace(steps=None) for result in said.rounds)) == plain, spec


def test_each_stage_a_field_names_sets_it_in_some_ruleset(specs):
    seen = set().union(*(_watched(spec) for spec in specs))
    for field, named in _setters().items():
        assert named - {"start", "*"} <= {stage for where, stage in seen if where == field}, field


def test_values_of_different_kinds_never_compare_equal():
    assert Pot() != Account()
    assert Pot(3, 1) != Account(3, 1)
    assert Decision("Ann", None) != ("Ann", None)
    assert Decision("Ann", "Bob") == Decision("Ann", "Bob", None)
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
