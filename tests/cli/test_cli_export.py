"""Export a recorded match as CSV, JSON, Markdown and TOML, and import JSON/TOML back (issue 6).

Parametrized over every built-in ruleset, so Goat, Goat pairs and, once they land, Sea Goat and Muggins
are all exported.  Each match is recorded through the CLI from the same facts; a ruleset that refuses a
round simply ends its match there.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import re
import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from conftest import Table

from scorekeeper.domain.facts import Ending, Hand, Match, Round
from scorekeeper.match.opened import open_match
from scorekeeper.match.record import new_match, record_round
from scorekeeper.reports.export import CSV_COLUMNS, export_json
from scorekeeper.storage.exchange import parse_export
from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.storage.matchfile import dump_match

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
ROUNDS = [
    ["--out", "Masha", "--hand", "Alex=1-2,3-3", "--hand", "Olya=6-6,0-1", "--hand", "Serg=2-5"],
    ["--fish", "--fisher", "Alex", "--hand", "Masha=0-0", "--hand", "Alex=5-6,4-6", "--hand", "Olya=1-1,0-2",
     "--hand", "Serg=3-4,2-2"],
    ["--out", "Olya", "--led", "1-1", "--hand", "Masha=6-6,5-5", "--hand", "Alex=4-4,3-6", "--hand", "Serg=2-6,1-6"],
    ["--fish", "--fisher", "Serg", "--total", "Masha=14", "--total", "Alex=3", "--total", "Olya=14",
     "--total", "Serg=4"],
] + [["--out", out] + [arg for seat, other in enumerate(PLAYERS) if other != out
                       for arg in ("--total", f"{other}={points + 3 * seat}")]
     for out, points in zip(PLAYERS * 6, [30, 25, 20, 28, 12, 33] * 4)]


def seats(name: str) -> tuple[str, ...]:
    ruleset = load_ruleset(name)
    count = 4 if ruleset["players.min"] <= 4 <= ruleset["players.max"] else ruleset["players.min"]
    return PLAYERS[:count]


def record(sk, name: str) -> dict:
    """Record as many of ROUNDS as the ruleset accepts (until the match is over, when the next is refused); the
    table JSON."""
    players = seats(name)
    sk("new", "--rules", name, *players)
    for args in ROUNDS:
        if any(arg.split("=")[0] not in players for arg in args[1::2] if "=" in arg):
            break
        if sk.runner.invoke(sk_cli(), ["--match", str(sk.path), "round", *args]).exit_code != 0:
            break
    table = sk.json()
    if table["rounds"] < 2:
        pytest.skip(f"{name} refuses these facts; its own tests record its matches")
    return table


def sk_cli():
    from scorekeeper.cli.app import cli

    return cli


@pytest.fixture(scope="module", params=builtin_names())
def recorded_once(request, tmp_path_factory):
    """Each ruleset's match recorded once for this module (the recording is what takes the time): the match
    file's text and the table JSON."""
    keeper = Table(tmp_path_factory.mktemp(f"recorded-{request.param}"))
    table = record(keeper, request.param)
    return keeper.path.read_text(encoding="utf-8"), table


@pytest.fixture
def recorded(recorded_once, sk):
    """A copy of the ruleset's recorded match in this test's own folder, and its table."""
    text, table = recorded_once
    sk.path.write_text(text, encoding="utf-8")
    assert sk.json() == table  # the copy is the match that was recorded
    return sk, copy.deepcopy(table)


@pytest.fixture(scope="module")
def recorded_goat_once(tmp_path_factory):
    keeper = Table(tmp_path_factory.mktemp("recorded-goat"))
    table = record(keeper, "goat")
    return keeper.path.read_text(encoding="utf-8"), table


@pytest.fixture
def goat_recorded(recorded_goat_once, sk):
    """The Goat match of ROUNDS, recorded to the end once, copied into this test's own folder; its table."""
    text, table = recorded_goat_once
    sk.path.write_text(text, encoding="utf-8")
    return copy.deepcopy(table)


def test_goat_match_is_recorded_to_the_end(sk, goat_recorded):
    table = goat_recorded
    assert sk.json() == table
    assert table["over"] and table["loser"]
    assert any(entry["eggs"] for entry in table["history"])  # the tied fish laid eggs on the way


def test_csv_reads_back_as_a_spreadsheet(recorded):
    sk, table = recorded
    text = sk("export", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert all(len(row) == len(CSV_COLUMNS) for row in rows)
    records = list(csv.DictReader(io.StringIO(text)))
    sides = [side["name"] for side in table["sides"]]
    assert len(records) == table["rounds"] * len(sides)
    for record_, (entry, side) in zip(records, [(e, s) for e in table["history"] for s in sides]):
        assert int(record_["round"]) == entry["round"] and record_["side"] == side
        assert record_["ending"] == entry["ending"]
        assert int(record_["points"]) == entry["points"][side]
        assert int(record_["recorded"]) == entry["recorded"][side]
        assert int(record_["score"]) == entry["scores"][side]
        assert int(record_["remembered"]) == entry["remembered"][side]
        assert int(record_["eggs"]) == entry["eggs"]
        assert all("\n" not in cell for cell in record_.values())
    facts = tomllib.loads(sk.path.read_text(encoding="utf-8"))["rounds"]
    first = [r for r in records if r["round"] == "1"]
    assert {r["out"] for r in first} == {facts[0]["out"]}
    if [s["players"] for s in table["sides"]] == [[name] for name in sides]:
        assert next(r for r in first if r["side"] == "Alex")["hand"] == "1-2 3-3"


def test_json_has_the_facts_and_the_table_after_every_round(recorded):
    sk, table = recorded
    data = json.loads(sk("export", "--format", "json").stdout)
    assert data["table"] == table
    facts = tomllib.loads(sk.path.read_text(encoding="utf-8"))["rounds"]
    assert [entry["facts"] for entry in data["rounds"]] == facts
    assert len(data["rounds"]) == table["rounds"]
    for entry, history in zip(data["rounds"], table["history"]):
        assert entry["round"] == history["round"]
        assert {side["side"]: side["score"] for side in entry["result"]["sides"]} == history["scores"]
        assert {side["side"]: side["remembered"] for side in entry["result"]["sides"]} == history["remembered"]
        assert entry["result"]["eggs"] == history["eggs"] and entry["result"]["winner"] == history["winner"]
        assert entry["result"]["steps"], "every round applies a rule, which the export says"
        assert all(set(step) == {"side", "key", "text"} for step in entry["result"]["steps"])
        after = entry["table"]
        assert after["rounds"] == history["round"] and after["eggs"] == history["eggs"]
        assert {side["name"]: side["score"] for side in after["sides"]} == history["scores"]
        assert {side["name"]: side["remembered"] for side in after["sides"]} == history["remembered"]
    last = data["rounds"][-1]["table"]
    assert {key: last[key] for key in ("over", "winner", "loser", "sides", "eggs")} == \
        {key: table[key] for key in ("over", "winner", "loser", "sides", "eggs")}


def test_json_round_results_hold_every_field_the_replay_gives(recorded):
    """Each side's numbers and each step are written field by field (not ``_asdict``): every field of
    ``SideRound`` and ``Step``, under its own name, with its value."""
    sk, _table = recorded
    opened = open_match(sk.path, explain=True)
    data = json.loads(export_json(opened.match, opened.table))
    assert len(data["rounds"]) == len(opened.table.rounds)
    for entry, result in zip(data["rounds"], opened.table.rounds):
        assert entry["result"]["sides"] == [side._asdict() for side in result.sides]
        assert entry["result"]["steps"] == [step._asdict() for step in result.steps]


def test_markdown_is_a_pipe_table(recorded):
    sk, table = recorded
    text = sk("export", "--format", "markdown").stdout
    rows = [line for line in text.splitlines() if line.startswith("|")]
    sides = [side["name"] for side in table["sides"]]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert header[:2] == ["#", "round"] and header[2:2 + len(sides)] == sides
    assert set(rows[1]) <= set("|-:")
    assert len(rows) == 2 + table["rounds"] + 1
    assert all(row.count(" | ") == len(header) - 1 for row in rows[2:])
    totals = [cell.strip() for cell in rows[-1].strip("|").split("|")]
    for side, cell in zip(table["sides"], totals[2:]):
        assert cell.strip("*").split()[0] == str(side["score"])
    if table["over"]:
        assert "Match over" in text


def test_toml_is_the_match_log_itself(recorded):
    sk, _ = recorded
    assert sk("export", "--format", "toml").stdout == sk.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_export_import_export_is_identical(recorded, fmt, tmp_path):
    sk, table = recorded
    exported = sk("export", "--format", fmt).stdout
    (tmp_path / f"shared.{fmt}").write_text(exported, encoding="utf-8")
    other = type(sk)(tmp_path / "other")
    other.folder.mkdir()
    result = other("import", str(tmp_path / f"shared.{fmt}"))
    assert f"Imported {table['rounds']} rounds" in result.stdout
    assert other.json() == table
    for again in ("json", "toml", "csv", "markdown"):
        assert other("export", "--format", again).stdout == sk("export", "--format", again).stdout


def test_export_to_a_file(sk, goat_recorded, tmp_path):
    for fmt in ("csv", "json", "markdown", "toml"):
        out = tmp_path / f"out.{fmt}"
        sk("export", "--format", fmt, "-o", str(out))
        assert out.read_text(encoding="utf-8") == sk("export", "--format", fmt).stdout
    assert "is the match file itself" in sk.fails("export", "-o", str(sk.path), code=1)
    assert "'xls' is not one of" in sk.fails("export", "--format", "xls", code=2)


def test_import_refuses_to_overwrite_and_broken_files(sk, goat_recorded, tmp_path):
    exported = tmp_path / "e.json"
    exported.write_text(sk("export").stdout, encoding="utf-8")
    assert "already holds a match" in sk.fails("import", str(exported), code=1)
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["rounds"][0]["facts"]["hands"]["Zed"] = 4
    data["rounds"][1]["facts"]["end"] = "draw"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    result = sk("import", "--force", str(broken), code=1)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith(f"Error: {broken}") for line in lines)
    assert "round 2" in lines[0] and "rounds[1].facts" in lines[0] and "round 1: unknown player 'Zed'" in lines[1]
    (tmp_path / "x.json").write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in sk.fails("import", "--force", str(tmp_path / "x.json"), code=1)
    (tmp_path / "y.json").write_text('{"a": 1}', encoding="utf-8")
    assert "not a scorekeeper JSON export" in sk.fails("import", "--force", str(tmp_path / "y.json"), code=1)
    assert "does not exist" in sk.fails("import", str(tmp_path / "missing.json"), code=2)


def test_an_export_keeps_the_language_the_table_speaks(tmp_path, sk, monkeypatch):
    sk("new", "--lang", "uk", "Masha", "Alex")
    sk("round", "--out", "Alex", "--total", "Masha=30")
    data = json.loads(sk("export").stdout)
    assert list(data)[:4] == ["kind", "format", "ruleset", "lang"] and data["lang"] == "uk"
    exported = tmp_path / "e.json"
    exported.write_text(json.dumps(data), encoding="utf-8")
    other = type(sk)(tmp_path / "other")
    other.folder.mkdir()
    other("import", str(exported))
    assert 'lang = "uk"' in other.path.read_text(encoding="utf-8")
    monkeypatch.delenv("SCOREKEEPER_LANG")
    assert other("table").stdout.startswith("Козел")  # the imported match speaks as the table did
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    data["lang"] = "fr"
    exported.write_text(json.dumps(data, indent=1), encoding="utf-8")
    refused = other.fails("import", "--force", str(exported), code=1)
    assert f"{exported}:5: lang: must be one of en, ru, uk" in refused
    assert 'lang = "uk"' in other.path.read_text(encoding="utf-8")  # the match file is untouched


@pytest.mark.parametrize("change, said", [
    ({"colour": "red"}, "sides: unknown key colour in side Ann+Cat (a side holds name and players)"),
    ({"name": 5}, "sides: each side needs a name and a list of players"),
])
def test_import_refuses_a_side_as_the_match_file_refuses_it(tmp_path, sk, change, said):
    sk("new", "--rules", "goat-pairs", "--team", "Ann,Cat", "--team", "Bob,Dan")
    data = json.loads(sk("export").stdout)
    data["sides"][0].update(change)
    exported = tmp_path / "e.json"
    exported.write_text(json.dumps(data, indent=1), encoding="utf-8")
    other = type(sk)(tmp_path / "other")
    other.folder.mkdir()
    assert said in other.fails("import", str(exported), code=1)
    assert not other.path.exists()


def test_an_export_without_a_language_has_no_lang(goat_recorded, sk):
    assert "lang" not in json.loads(sk("export").stdout)


def test_import_keeps_a_ruleset_file_reachable(tmp_path, sk):
    house = tmp_path / "rules" / "house.toml"
    house.parent.mkdir()
    house.write_text('extends = "goat"\nname = "house"\n[end]\ntarget = 50\n', encoding="utf-8")
    sk("new", "--rules", str(house), "Masha", "Alex")
    sk("round", "--out", "Alex", "--total", "Masha=30")
    exported = tmp_path / "e.json"
    sk("export", "-o", str(exported))
    other = type(sk)(tmp_path / "deep" / "er")
    other.folder.mkdir(parents=True)
    other("import", str(exported))
    assert other.json()["ruleset"] == "house" and other.side("Masha")["score"] == 30


def test_export_and_import_through_the_installed_command(run_installed, tmp_path):
    run_installed("new", "--rules", "goat", "Masha", "Alex")
    run_installed("round", "--out", "Alex", "--hand", "Masha=6-6,5-4")
    exported = run_installed("export", "--format", "json").stdout
    (tmp_path / "e.json").write_text(exported, encoding="utf-8")
    run_installed("--match", "copy.toml", "import", "e.json")
    assert run_installed("--match", "copy.toml", "export", "--format", "json").stdout == exported
    rows = list(csv.DictReader(io.StringIO(run_installed("export", "--format", "csv").stdout)))
    assert [(row["side"], row["hand"], row["score"]) for row in rows] == [("Masha", "6-6 4-5", "21"),
                                                                         ("Alex", "out", "0")]


GOAT = load_ruleset("goat")
hands = st.integers(min_value=0, max_value=55)  # three hands stay within the 168 pips of a set


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 2), hands, hands, hands), min_size=0, max_size=12))
def test_json_round_trip_property(rounds):
    match = new_match("goat", GOAT, ["Masha", "Alex", "Olya"])
    for fish, out, *totals in rounds:
        if replay(GOAT, match).over:
            break
        players = match.players
        given_hands = {p: Hand(total=max(1, n) if fish else n) for p, n in zip(players, totals)
                       if fish or p != players[out]}
        rnd = Round(ending=Ending.FISH if fish else Ending.OUT, hands=given_hands,
                    out=None if fish else players[out])
        match = record_round(match, GOAT, rnd, False)
    text = export_json(match, replay(GOAT, match, explain=True))
    back, problems = parse_export(text, "<export>")
    assert problems == [] and isinstance(back, Match)
    assert back.facts() == match.facts() and dump_match(back) == dump_match(match)
    assert export_json(back, replay(GOAT, back, explain=True)) == text


def test_import_of_a_broken_toml_log_names_every_line(sk, tmp_path):
    shared = tmp_path / "shared.toml"
    shared.write_text('format = 1\nruleset = "goat"\nplayers = ["Masha", "Alex"]\n\n'
                      '[[rounds]]\nend = "out"\nout = "Alex"\nhands = { Masha = "9-9" }\n\n'
                      '[[rounds]]\nend = "later"\nhands = { Masha = 1 }\n', encoding="utf-8")
    result = sk("import", str(shared), code=1)
    assert result.stderr.splitlines() == [
        f"Error: {shared}:5: round 1: tile 9-9 is not in a double-six set (Masha's hand)",
        f"Error: {shared}:10: round 2: 'end' must be \"out\" or \"fish\", not 'later'"]
    assert not sk.path.exists()


SEA_GOAT_ROUNDS = [  # a two-player Sea Goat match: openings, a write-off, eggs and a finishing double
    ["--out", "Ann", "--hand", "Bob=6-6,5-5,3-4", "--last", "1-2"],
    ["--out", "Bob", "--hand", "Ann=2-3,1-1", "--last", "4-5"],
    ["--out", "Bob", "--hand", "Ann=6-5,6-4,6-3", "--last", "0-1"],
    ["--fish", "--fisher", "Ann", "--total", "Ann=12", "--total", "Bob=12"],
    ["--out", "Ann", "--led", "1-1", "--hand", "Bob=5-6,4-6", "--last", "0-2"],
    ["--out", "Ann", "--hand", "Bob=0-0", "--last", "3-3"],
]


@pytest.mark.parametrize("form", ["csv", "json", "markdown", "toml"])
def test_a_recorded_sea_goat_match_exports(sk, form):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    for args in SEA_GOAT_ROUNDS:
        sk("round", *args)
    table = sk.json()
    assert table["rounds"] == len(SEA_GOAT_ROUNDS) and table["eggs"] == 0
    text = sk("export", "--format", form).stdout
    if form == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert len(rows) == 2 * len(SEA_GOAT_ROUNDS)
        last = {row["side"]: row for row in rows[-2:]}
        assert {side: int(last[side]["score"]) for side in last} == {s["name"]: s["score"] for s in table["sides"]}
    elif form == "json":
        assert json.loads(text)["table"]["sides"] == table["sides"]
    elif form == "toml":
        assert tomllib.loads(text)["ruleset"] == "sea-goat"
    else:
        assert text.count("\n| ") >= len(SEA_GOAT_ROUNDS)
    if form in ("json", "toml"):
        exported = sk.folder / f"export.{form}"
        exported.write_text(text)
        again = sk.runner.invoke(sk_cli(), ["--match", str(sk.folder / "copy.toml"), "import", str(exported)])
        assert again.exit_code == 0, again.output
        back = sk.runner.invoke(sk_cli(), ["--match", str(sk.folder / "copy.toml"), "export", "--format", form])
        assert back.stdout == text


def test_the_json_export_is_the_data_one_round_a_line():
    """Laid out by hand for speed (json's indent sends everything through its pure-Python encoder): the same
    data as json.dumps gives, each round on one line, readable outer levels."""
    from scorekeeper.reports.export import export_data

    match = new_match("goat", GOAT, ("Masha", "Ёжик Q", "Olya"))
    for out, totals in (("Masha", (3, 13)), ("Olya", (20, 7))):
        given = dict(zip([p for p in match.players if p != out], totals))
        match = record_round(match, GOAT, Round(ending=Ending.OUT, out=out,
                                                hands={p: Hand(total=n) for p, n in given.items()}), False)
    table = replay(GOAT, match, explain=True)
    text = export_json(match, table)
    assert json.loads(text) == json.loads(json.dumps(export_data(match, table)))
    lines = text.splitlines()
    assert sum(line.startswith('    {"round": ') for line in lines) == 2
    assert '  "players": ["Masha", "Ёжик Q", "Olya"],' in lines and "Ёжик" in text
    assert lines[0] == "{" and lines[-1] == "}" and text.endswith("}\n")


def test_import_names_the_line_of_a_broken_round_and_a_bad_name(sk, goat_recorded, tmp_path):
    text = sk("export").stdout
    lines = text.splitlines()
    at = next(index for index, line in enumerate(lines) if line.startswith('    {"round": 2'))
    lines[at] = lines[at].replace('"end": "out"', '"end": "draw"').replace('"end": "fish"', '"end": "draw"')
    broken = tmp_path / "broken.json"
    broken.write_text("\n".join(lines), encoding="utf-8")
    assert f"{broken}:{at + 1}: rounds[1].facts: round 2:" in sk.fails("import", "--force", str(broken), code=1)
    data = json.loads(text)
    data["players"][0] += "\u0000"
    broken.write_text(json.dumps(data), encoding="utf-8")
    assert "cannot be a player's name: it holds a control" in sk.fails("import", "--force", str(broken), code=1)


def test_import_names_the_line_of_a_broken_history_entry(sk, tmp_path):
    """The undo history's entries are found by their line too, after every round and the table's own history
    (which holds the same word, \"history\", one level in)."""
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "Ann out, Bob 12")
    sk("round", "Bob out, Ann 5")
    sk("undo")
    lines = sk("export").stdout.splitlines()
    at = lines.index('  "history": [') + 1
    assert lines[at].startswith('    {"change": "undo"')
    lines[at] = lines[at].replace('"end": "out"', '"end": "draw"')
    broken = tmp_path / "broken.json"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert f"{broken}:{at + 1}: history[0]: history entry 1:" in sk.fails("import", "--force", str(broken), code=1)
    lines[at - 1] = '  "history":  ['  # laid out otherwise: no line to name, the key still named
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert f"{broken}: history[0]: history entry 1:" in sk.fails("import", "--force", str(broken), code=1)


IMPORTABLE = ["json", "toml"]


@pytest.mark.parametrize("fmt", IMPORTABLE)
def test_every_importable_export_round_trips_the_whole_match(sk, tmp_path, fmt):
    """Issue 25, item 4: after undo, a JSON export then import gave a match where redo said "nothing to
    redo". Every export that can be imported gives back everything the match file holds."""
    sk("new", "--rules", "goat", *PLAYERS)
    for args in ROUNDS[:4]:
        sk("round", *args)
    sk("delete", "2")
    sk("undo")
    sk("edit", "1", "--out", "Alex", "--total", "Masha=3", "--total", "Olya=4", "--total", "Serg=5")
    original = parse_export(sk.path.read_text(encoding="utf-8"), "m")[0]
    assert len(original.history) == 3
    shared = tmp_path / f"shared.{fmt}"
    sk("export", "--format", fmt, "-o", str(shared))
    other = Table(tmp_path / "other")
    other.folder.mkdir()
    other("import", str(shared))
    back = parse_export(other.path.read_text(encoding="utf-8"), "m")[0]
    assert back.facts() == original.facts() and back.history == original.history
    assert dump_match(back) == dump_match(original)
    for _ in original.history:  # every change taken back comes back, in both copies alike
        assert other("redo").stdout.replace(str(other.path), "M") == sk("redo").stdout.replace(str(sk.path), "M")
    assert other.path.read_text(encoding="utf-8") == sk.path.read_text(encoding="utf-8")
    assert "nothing to redo" in other.fails("redo", code=1)


def test_a_json_export_holds_the_history_one_change_a_line(sk):
    sk("new", *PLAYERS)
    sk("round", *ROUNDS[0])
    sk("undo")
    text = sk("export").stdout
    assert json.loads(text)["history"] == [{"change": "undo", "round": 1, "place": 1,
                                            "facts": tomllib.loads(sk("export", "--format", "toml").stdout)
                                            ["history"][0]["facts"]}]
    line = next(number for number, line in enumerate(text.splitlines(), 1) if line.startswith('    {"change"'))
    broken = text.replace('"change": "undo"', '"change": "unsay"')
    other = Table(sk.folder / "other")
    other.folder.mkdir()
    (sk.folder / "broken.json").write_text(broken, encoding="utf-8")
    assert other.fails("import", str(sk.folder / "broken.json"), code=1) == (
        f"Error: {sk.folder / 'broken.json'}:{line}: history[0]: history entry 1: 'change' must be one of "
        "undo, delete, edit")
    assert not other.path.exists()


def test_import_force_keeps_the_replaced_match_beside_it_and_says_where(sk, tmp_path):
    """Issue 25, item 1: import --force left no copy of the match it replaced (new --force keeps one)."""
    sk("new", "Ann", "Bob")
    sk("round", "Ann out, Bob 5")
    before = sk.path.read_bytes()
    other = tmp_path / "other.toml"
    sk.runner.invoke(sk_cli(), ["--match", str(other), "new", "Cid", "Dan"])
    result = sk("import", "--force", str(other))
    kept = re.search(r"The match that was there is kept as (\S+\.toml)\.", result.stdout).group(1)
    assert kept.startswith(str(sk.folder / "match.")) and open(kept, "rb").read() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["match.toml", "other.toml",
                                                                 kept.rsplit("/", 1)[1]])
    assert [side["name"] for side in sk.json()["sides"]] == ["Cid", "Dan"]


def test_import_without_force_keeps_nothing_extra_and_into_a_new_file_keeps_nothing(sk, tmp_path):
    other = tmp_path / "other.toml"
    sk.runner.invoke(sk_cli(), ["--match", str(other), "new", "Cid", "Dan"])
    result = sk("import", str(other))
    assert "kept as" not in result.stdout
    sk.fails("import", str(other), code=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.toml", "other.toml"]


def test_export_to_an_existing_file_is_refused_without_force(sk, tmp_path):
    """Issue 25, item 5: export -o wrote over an unrelated file without a word."""
    sk("new", "Ann", "Bob")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    line = sk.fails("export", "-o", str(notes), code=1)
    assert line == (f"Error: {notes} already exists: nothing was written; use --force to write over it, or -o "
                    "another file")
    assert notes.read_text() == "my notes\n"
    sk("export", "--format", "csv", "-o", str(notes), "--force")
    assert notes.read_text().startswith("round,side,players")
    assert "is the match file itself" in sk.fails("export", "-o", str(sk.path), "--force", code=1)


@pytest.mark.parametrize("fmt", IMPORTABLE)
@pytest.mark.parametrize("to", ["-o", "stdout"])
def test_an_export_written_elsewhere_names_the_house_ruleset_from_where_it_is(sk, tmp_path, monkeypatch, fmt, to):
    """The match names its ruleset file from its own folder and import reads an export's from the export's
    folder: an export written to another folder with -o named it as the match does, and its import said
    'ruleset file not found'. The standard output's text is kept where the command cannot know: it names the
    ruleset as the match does, right for an export kept beside the match (and a command run from there)."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\nname = "house"\n[end]\ntarget = 50\n', encoding="utf-8")
    sk("new", "--rules", str(house), "Masha", "Alex")
    sk("round", "--out", "Alex", "--total", "Masha=30")
    away = tmp_path / "away" / "deeper"
    away.mkdir(parents=True)
    shared = away / f"shared.{fmt}"
    if to == "-o":
        sk("export", "--format", fmt, "-o", str(shared))
    else:
        monkeypatch.chdir(away)
        shared = tmp_path / f"shared.{fmt}"  # kept beside the match
        shared.write_text(sk("export", "--format", fmt).stdout, encoding="utf-8")
    other = Table(away / "other")
    other.folder.mkdir()
    other("import", str(shared))
    assert other.json()["ruleset"] == "house" and other.json() == sk.json()



def test_a_toml_export_keeps_the_comments_and_its_import_brings_them(sk, tmp_path):
    """The TOML export is the match log itself, the comments a person wrote in it included, and a match
    imported from it keeps them, as every write of the match file does."""
    sk("new", *PLAYERS)
    for args in ROUNDS[:3]:
        sk("round", *args)
    lines = sk.path.read_text(encoding="utf-8").split("\n")
    first = next(i for i, row in enumerate(lines) if row.startswith("    {"))
    lines[first] += "  # Alex disputed this one"
    lines.insert(first + 1, "    # checked by Dan")
    sk.path.write_text("\n".join(lines), encoding="utf-8")
    shared = tmp_path / "shared.toml"
    sk("export", "--format", "toml", "-o", str(shared))
    assert shared.read_text(encoding="utf-8") == sk.path.read_text(encoding="utf-8")
    other = Table(tmp_path / "other")
    other.folder.mkdir()
    other("import", str(shared))
    assert other.path.read_text(encoding="utf-8") == sk.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name, starts", [
    ("season.csv", "round,side,players,"), ("season.CSV", "round,side,players,"),
    ("season.md", "**Goat: 1 round; "), ("season.html", "<p><strong>Goat: 1 round; "),
    ("season.tex", "\\textbf{Goat: 1 round; "), ("season.latex", "\\textbf{Goat: 1 round; "),
    ("season.mediawiki", '{| class="wikitable"'), ("season.toml", "# scorekeeper match log"),
    ("season.txt", "Goat: 1 round; "), ("season.json", '{\n  "kind": "scorekeeper match export"'),
    ("season.bak", '{\n  "kind": "scorekeeper match export"'),  # no format of its own: JSON, as ever
])
def test_export_o_without_format_writes_the_format_the_extension_names(sk, tmp_path, name, starts):
    """'export -o season.csv' wrote JSON into season.csv: the default format won over what the scorer named."""
    sk("new", "Masha", "Alex")
    sk("round", "--out", "Alex", "--total", "Masha=30")
    said = sk("export", "-o", str(tmp_path / name)).stderr
    assert (tmp_path / name).read_text(encoding="utf-8").startswith(starts)
    assert said.startswith("Exported 1 round as ")


def test_export_format_wins_over_the_extension(sk, tmp_path):
    sk("new", "Masha", "Alex")
    sk("export", "--format", "json", "-o", str(tmp_path / "season.csv"))
    assert json.loads((tmp_path / "season.csv").read_text(encoding="utf-8"))["kind"] == "scorekeeper match export"
