"""Property: for random matches and screen widths from 40 to 200, no line of people's output is wider than the
screen (unless --wide), and the numbers on the table are those of ``table --format json``."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from long_matches import invoke
from scorekeeper.reports.columns import width
from scorekeeper.rules.loader import builtin_names, load_ruleset

NAMES = ["Ann", "Bob", "Masha", "Alexander", "Анастасия", "王芳", "Bartholomew", "Ol"]
RULESETS = builtin_names()


@st.composite
def matches(draw):
    name = draw(st.sampled_from(RULESETS))
    pairs = load_ruleset(name)["players.teams"].value == "pairs"
    count = 4 if pairs else draw(st.integers(2, 4))
    players = draw(st.lists(st.sampled_from(NAMES), min_size=count, max_size=count, unique=True))
    rounds = draw(st.lists(st.tuples(st.integers(-1, count - 1),
                                     st.lists(st.integers(0, 40), min_size=count, max_size=count)),
                           min_size=1, max_size=12))
    return name, pairs, players, rounds


def record(path, name: str, pairs: bool, players: list[str], rounds) -> list[list[str]]:
    """Start the match and record the rounds the CLI takes (one it refuses is left out)."""
    if pairs:
        new = ["new", "--rules", name, "--team", f"{players[0]},{players[2]}", "--team", f"{players[1]},{players[3]}"]
    else:
        new = ["new", "--rules", name, *players]
    assert invoke(path, new).exit_code == 0
    recorded = []
    for out, totals in rounds:
        if out < 0:
            args = ["round", "--fish", "--fisher", players[0]] + [f"--total={p}={t}" for p, t in zip(players, totals)]
        else:
            args = ["round", "--out", players[out]] + [f"--total={p}={t}" for p, t in zip(players, totals)
                                                       if p != players[out]]
        if invoke(path, args).exit_code == 0:
            recorded.append(args)
    return recorded


def table_rows(text: str) -> list[str]:
    """The rows of the first table in the text: after the line of dashes, up to a blank line."""
    lines = text.split("\n")
    rule = next(index for index, line in enumerate(lines) if line.strip() and set(line.strip()) <= {"-", " "})
    end = next((index for index in range(rule + 1, len(lines)) if not lines[index].strip()
                or lines[index].startswith("(")), len(lines))
    return lines[rule + 1:end]


def numbers_of(history: dict) -> set[int]:
    found = {history["round"], history["eggs"], history["eggs_added"], history["eggs_paid"], history["eggs_rotten"]}
    for key in ("points", "recorded", "scores", "remembered", "wiped"):
        found |= set(history[key].values())
    return found


def check_numbers(text: str, data: dict) -> None:
    """Each round's row holds only that round's numbers; the totals row is the standing."""
    history = {item["round"]: item for item in data["history"]}
    rows = table_rows(text)
    for row in rows:
        words = row.split()
        if words and words[0].isdigit() and int(words[0]) in history:
            shown = {int(number) for number in re.findall(r"\d+", " ".join(words[1:]))}
            allowed = numbers_of(history[int(words[0])]) | {6, 100}  # marks: "owes 6-6", "on 100"
            assert shown <= allowed, (row, shown - allowed)
    standings = " ".join(f"{side['score']} +{side['remembered']}" if side["remembered"] else str(side["score"])
                         for side in data["sides"])
    if data["eggs"]:  # the eggs column ends the totals row with the eggs carried
        standings += f" +{data['eggs']}"
    assert " ".join(rows[-1].split()).endswith(standings), (rows[-1], standings)


def fits(text: str, columns: int) -> None:
    wide = [line for line in text.split("\n") if width(line) > columns]
    assert not wide, (columns, wide, text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(match=matches(), columns=st.integers(40, 200))
def test_peoples_output_fits_and_shows_the_json_numbers(tmp_path_factory, match, columns):
    name, pairs, players, rounds = match
    folder = tmp_path_factory.mktemp("match")
    path = folder / "match.toml"
    recorded = record(path, name, pairs, players, rounds)
    env = {"COLUMNS": str(columns)}
    data = json.loads(invoke(path, ["table", "--format", "json"]).stdout)
    for every in ([], ["--all"]):
        text = invoke(path, ["table", *every], env=env).stdout
        fits(text, columns)
        check_numbers(text, data)
    other = "goat" if name != "goat" else "sea-goat"
    for args in (["explain"], ["compare", other], ["chart"], ["rules", "show", name], ["check", "hand", "0-0"],
                 ["history", str(folder)]):
        result = invoke(path, args, env=env)
        if result.exit_code == 0:  # explain before any round, say, is refused: nothing printed to fit
            fits(result.stdout, columns)
    if recorded and data["rounds"]:
        assert invoke(path, ["undo"]).exit_code == 0
        after = invoke(path, recorded[-1], env={**env, "LINES": "24"})
        if after.exit_code == 0:
            fits(after.stdout, columns)
            assert len(after.stdout.rstrip("\n").split("\n")) <= 22
            check_numbers(after.stdout, json.loads(invoke(path, ["table", "--format", "json"]).stdout))
    wide = invoke(path, ["table", "--wide"], env=env).stdout
    check_numbers(wide, data)
