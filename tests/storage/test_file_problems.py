"""A match or ruleset file broken by hand (issue 11): every problem that sits on a line is reported as
``file:line: message``, all of them at once, at most a screenful; never a traceback, never a byte offset."""

from __future__ import annotations

import time

import pytest

from scorekeeper.cli.app import cli
from scorekeeper.cli.problems import SHOWN_PROBLEMS

HEAD = 'format = 1\nruleset = "goat"\nplayers = ["Masha", "Alex", "Olya"]\n'
ROUND = '{ end = "out", out = "Olya", hands = { Masha = 12, Alex = 3 } }'
COMMANDS = [["table"], ["export", "--format", "json"], ["explain"], ["chart"], ["undo"], ["delete", "1"],
            ["round", "--out", "Olya", "--total", "Masha=1", "--total", "Alex=1"],
            ["edit", "1", "--out", "Olya", "--total", "Masha=1", "--total", "Alex=1"]]


def problems(sk, command=("table",)) -> list[str]:
    """The lines a refused command printed (each checked to be an Error line), the file unchanged."""
    before = sk.path.read_bytes()
    result = sk(*command, code=1)
    assert sk.path.read_bytes() == before
    assert result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert all(line.startswith("Error: ") for line in lines), result.stderr
    return [line[len("Error: "):] for line in lines]


def test_a_file_saved_in_cp1251_names_the_line_not_a_byte_offset(sk):
    text = HEAD.replace("Masha", "Маша") + "rounds = [\n    " + ROUND.replace("Masha", "Маша") + ",\n]\n"
    sk.path.write_bytes(text.encode("cp1251"))
    [line] = problems(sk)
    assert line.startswith(f"{sk.path}:3: not UTF-8 text (byte 0xcc, column 13): save it as UTF-8"), line
    assert "position" not in line


def test_a_file_saved_in_utf16_is_named_so(sk):
    sk.path.write_bytes((HEAD + "rounds = []\n").encode("utf-16"))
    assert problems(sk) == [f"{sk.path}:1: not UTF-8 text (it is saved as UTF-16): save it as UTF-8"]


def test_a_problem_at_the_end_of_the_document_names_the_last_line(sk):
    sk.path.write_text(HEAD + "rounds = [\n    " + ROUND + ",\n\n\n")
    [line] = problems(sk)
    assert line.startswith(f"{sk.path}:5: not valid TOML: ") and "(at the end of the file)" in line, line


def test_a_toml_error_gives_its_line_once(sk):
    sk.path.write_text(HEAD + "rounds = [\n    " + ROUND + ",\n]\nx = 1.2.3\n")
    [line] = problems(sk)
    assert line.startswith(f"{sk.path}:7: not valid TOML: ") and "(column 8)" in line and "at line" not in line


def test_a_round_that_is_not_a_table_has_its_line(sk):
    sk.path.write_text(HEAD + "rounds = [\n    " + ROUND + ",\n    5, " + ROUND + ', "x",\n]\n')
    assert problems(sk) == [f"{sk.path}:6: round 2: must be a table", f"{sk.path}:6: round 4: must be a table"]


def test_a_line_separator_in_a_name_does_not_shift_the_lines(sk):
    """U+2028 is a line break to str.splitlines but not to TOML: every line after it was off by one."""
    text = (HEAD.replace('"Olya"', '"Ol\u2028ya"') + "rounds = [\n    " + ROUND + ",\n    "
            + ROUND.replace("Alex = 3", "Bob = 3") + ",\n]\n")
    sk.path.write_text(text)
    assert problems(sk) == [
        f"{sk.path}:3: players: 'Ol\\u2028ya' cannot be a player's name: it holds a control or invisible "
        "character (\\u2028)",
    ]
    sk.path.write_text(text.replace('"Ol\u2028ya"', '"Olya"').replace('Masha = 12, Alex', 'Masha = 12, "A\u2028x" = 1, Alex', 1))
    lines = problems(sk)
    assert [line.split(": ")[0] for line in lines] == [f"{sk.path}:5", f"{sk.path}:6"], lines


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_a_side_with_a_number_for_a_player_is_a_problem_not_a_traceback(sk, command):
    sk.path.write_text('format = 1\nruleset = "goat-pairs"\nplayers = ["A", "B", "C", "D"]\nsides = [\n'
                       '    { name = "A+C", players = ["A", 1] },\n    { name = "B+D", players = ["B", "D"] },\n]\n'
                       'rounds = [\n    { end = "out", out = "A", hands = { B = 1, C = 2, D = 3 } },\n]\n')
    assert problems(sk, command) == [f"{sk.path}:4: sides: each side needs a name and a list of players"]


PAIRS_HEAD = 'format = 1\nruleset = "goat-pairs"\nplayers = ["A", "B", "C", "D"]\n'


@pytest.mark.parametrize("sides, said", [
    ('sides = [\n    { name = "A+C", players = ["A", "C"], colour = "red" },\n    { name = "B+D", players = ["B", "D"] },'
     '\n]\n', ":5: sides: unknown key colour in side A+C (a side holds name and players)"),
    ('\n[[sides]]\nname = "A+C"\nplayers = ["A", "C"]\n\n[[sides]]\nname = "B+D"\nplayers = ["B", "D"]\n"seat" = 2\n'
     'colour = "red"\n', ":13: sides: unknown keys colour, seat in side B+D (a side holds name and players)"),
])
@pytest.mark.parametrize("command", COMMANDS[:3], ids=lambda command: command[0])
def test_an_unknown_key_of_a_side_is_refused_naming_its_line(sk, command, sides, said):
    """Unknown keys elsewhere in a match file were refused, a side's were read past (scorekeeper has only ever
    written a side's name and players)."""
    sk.path.write_text(PAIRS_HEAD + sides)
    assert problems(sk, command) == [f"{sk.path}{said}"]


def test_an_unknown_key_of_a_side_is_said_in_the_language_in_use(sk, monkeypatch):
    sk.path.write_text(PAIRS_HEAD + 'sides = [\n    { name = "A+C", players = ["A", "C"], colour = "red" },\n'
                       '    { name = "B+D", players = ["B", "D"] },\n]\n')
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")
    refused = sk("table", code=1).stderr
    assert refused == f"Ошибка: {sk.path}:5: sides: неизвестный ключ colour у стороны A+C (у стороны бывают только " \
                      "name и players)\n"


def test_the_sides_scorekeeper_writes_are_read_back(sk):
    sk("new", "--rules", "goat-pairs", "--team", "A,C", "--team", "B,D")
    sk("round", "--out", "A", "--total", "B=5", "--total", "D=3")
    assert "sides = [" in sk.path.read_text() and [side["name"] for side in sk.json()["sides"]] == ["A+C", "B+D"]


def test_the_head_and_the_rounds_are_reported_together(sk):
    sk.path.write_text('format = 1\nruleset = 7\nplayers = ["Masha", "Alex"]\nplayrs = 1\nrounds = [\n    '
                       '{ end = "sideways", hands = { Masha = 1 } },\n]\n')
    assert problems(sk) == [
        f"{sk.path}:2: ruleset: must name the ruleset (a built-in name or a path)",
        f"{sk.path}:4: playrs: unknown key (a match file holds format, ruleset, lang, players, sides, pending, rounds, "
        "hand, history)",
        f"{sk.path}:6: round 1: 'end' must be \"out\" or \"fish\", not 'sideways'",
    ]


def test_many_problems_fill_one_screen_then_say_how_many_more(sk):
    bad = ROUND.replace("Alex = 3", "Bob = 3")
    sk.path.write_text(HEAD + "rounds = [\n" + "".join(f"    {bad},\n" for _ in range(35)) + "]\n")
    lines = problems(sk)
    assert len(lines) == SHOWN_PROBLEMS + 1 <= 24
    assert lines[0] == f"{sk.path}:5: round 1: unknown player 'Bob' (players: Masha, Alex, Olya)"
    assert lines[SHOWN_PROBLEMS - 1].startswith(f"{sk.path}:{4 + SHOWN_PROBLEMS}: round {SHOWN_PROBLEMS}: ")
    assert lines[-1] == f"... and {35 - SHOWN_PROBLEMS} more problems"


def test_a_ruleset_that_cannot_be_used_names_the_match_files_line(sk):
    sk.path.write_text(HEAD.replace('"goat"', '"nosuch"'))
    [line] = problems(sk)
    assert line.startswith(f"{sk.path}:2: ruleset: unknown ruleset 'nosuch' (built-in: "), line
    # a ruling needs only the match's ruleset, and names the same line
    for command in (["check", "hand", "0-0"], ["check", "count", "5", "5"], ["check", "fish", "--line", "1-2 2-3"]):
        assert sk.fails(*command, code=1) == f"Error: {line}"


def test_a_broken_ruleset_file_is_named_with_the_match_files_line(sk):
    (sk.folder / "house.toml").write_text('extends = "goat"\n[fish]\npolicy = "nosuch"\n')
    sk.path.write_text(HEAD.replace('"goat"', '"house.toml"'))
    [line] = problems(sk)
    assert line.startswith(f"{sk.path}:2: ruleset: the match's ruleset 'house.toml' cannot be used: "), line
    assert "fish.policy" in line
    assert sk.fails("check", "hand", "0-0", code=1) == f"Error: {line}"


def test_a_name_with_an_escape_sequence_is_refused_and_shown_escaped(sk):
    sk.path.write_text(HEAD.replace("Alex", "Al\\u001b[2Jex"))
    [line] = problems(sk)
    assert line == (f"{sk.path}:3: players: 'Al\\x1b[2Jex' cannot be a player's name: it holds a control or "
                    "invisible character (\\x1b)")


# Rulesets

def test_ruleset_problems_name_their_lines(sk):
    path = sk.folder / "house.toml"
    path.write_text('extends = "goat"\nname = "house"\n\n[fish]\npolicy = "sideways"\n[end]\ntarget = -5\n'
                    'colour = 3\n[special_hands]\n"9-9" = 10\n[bogus]\nx = 1\n')
    result = sk("rules", "check", str(path), code=1)
    lines = result.stderr.strip().splitlines()
    assert [line.split(": ", 2)[1].rsplit(":", 1)[-1] + " " + line.split(": ", 3)[2] for line in lines] == [
        "5 fish.policy", "7 end.target", "8 end.colour", "10 special_hands.\"9-9\"", "11 bogus"], lines
    assert all(line.startswith(f"Error: {path}:") for line in lines)


def test_ruleset_name_and_description_are_one_line_of_text(sk):
    path = sk.folder / "house.toml"
    path.write_text('extends = "goat"\nname = "hou\\u001b[31mse"\ndescription = 5\n')
    lines = sk("rules", "check", str(path), code=1).stderr.strip().splitlines()
    assert lines == [f"Error: {path}:2: name: must be one line of text",
                     f"Error: {path}:3: description: must be a string, not 5"]


def test_a_huge_ruleset_is_refused_at_once_in_one_line(sk):
    path = sk.folder / "huge.toml"
    with open(path, "w") as handle:
        for number in range(120_000):
            handle.write(f"key{number} = {number}\n")
    started = time.perf_counter()
    result = sk("rules", "check", str(path), code=1)
    assert time.perf_counter() - started < 5  # (188 s and 7.8 million lines before)
    assert result.stderr.strip().splitlines() == [
        f"Error: {path}: too large for a ruleset ({path.stat().st_size:,} bytes; a ruleset is a few keys, at most "
        "1,048,576 bytes)"]


def test_a_ruleset_of_many_unknown_keys_prints_one_screen(sk):
    path = sk.folder / "many.toml"
    path.write_text('extends = "goat"\n' + "".join(f"key{number} = 1\n" for number in range(500)))
    lines = sk("rules", "check", str(path), code=1).stderr.strip().splitlines()
    assert len(lines) == SHOWN_PROBLEMS + 1 and lines[-1] == f"Error: ... and {500 - SHOWN_PROBLEMS} more problems"
    assert lines[0].startswith(f"Error: {path}:2: key0: unknown key")


def test_a_file_name_with_a_nul_is_refused_in_one_line(sk):
    sk("new", "Ann", "Bob")
    assert "NUL" in sk.fails("export", "-o", "a\x00b", code=2)
    assert "NUL" in sk.fails("import", "a\x00b", code=2)
    assert "NUL" in sk.fails("chart", "--text", "-o", "a\x00b", code=2)


def test_a_dotted_header_or_key_names_its_line(sk):
    path = sk.folder / "house.toml"
    path.write_text('extends = "goat"\n[fi5.0sh]\npolicy = "each"\n[end]\nta5.0rget = 3\n')
    lines = sk("rules", "check", str(path), code=1).stderr.strip().splitlines()
    assert [line.split(": ")[1] for line in lines] == [f"{path}:2", f"{path}:5"], lines


def test_demo_save_refuses_a_nul_in_the_name(sk):
    assert "NUL" in sk.fails("demo", "--save", "a\x00b", code=2)


def test_a_quoted_key_holding_an_equals_sign_names_its_line(sk):
    path = sk.folder / "house.toml"
    path.write_text('extends = "goat"\n[special_hands]\n"0-0" = 10\n"=0-0" = 5\n')
    [line] = sk("rules", "check", str(path), code=1).stderr.strip().splitlines()
    assert line.startswith(f"Error: {path}:4: special_hands.\"=0-0\": "), line


BAD = '{ end = "out", out = "Olya", hands = { Masha = 12, Zed = 3 } }'  # a player the match does not seat
LAYOUTS = [  # (the rounds as a hand may write them, the line the broken round starts on)
    ("rounds = [\n    " + ROUND + ",\n    " + BAD + ",\n]\n", 6),  # the writer's layout: one round a line
    ("rounds = [\n    " + ROUND + ",\n    # a note\n    " + BAD + ",\n]\n", 7),
    ("rounds = [\n    " + ROUND + ", " + BAD + ",\n    " + ROUND + ",\n]\n", 5),  # two rounds on one line
    ("rounds = [\n    " + ROUND + ",  # },\n    " + BAD + ",\n]\n", 6),  # a comment ending like a round
    ('rounds = [\n    { end = "out", out = "Olya", claims = [\n        "Masha=0"], hands = { Masha = 12, '
     'Alex = 3 } },\n    ' + BAD + ",\n]\n", 7),  # a round over two lines
    ("[[rounds]]\nend = \"out\"\nout = \"Olya\"\nhands = { Masha = 12, Alex = 3 }\n\n[[rounds]]\nend = \"out\"\n"
     "out = \"Olya\"\nhands = { Masha = 12, Zed = 3 }\n", 9),
]


@pytest.mark.parametrize("rounds, line", LAYOUTS)
def test_a_broken_round_names_its_line_in_any_layout(sk, rounds, line):
    """The writer's layout (one round a line) has its lines counted by a shortcut; every other layout is
    scanned as TOML: in both, a round the ruleset refuses names the line it starts on."""
    sk.path.write_text(HEAD + rounds, encoding="utf-8")
    found = problems(sk)
    assert any(problem.startswith(f"{sk.path}:{line}: round ") and "unknown player 'Zed'" in problem
               for problem in found), found


def test_every_round_of_a_long_file_in_the_writers_layout_knows_its_line(sk):
    from scorekeeper.storage.matchfile import parse_match

    text = HEAD + "rounds = [\n" + "".join(f"    {ROUND},\n" for _ in range(300)) + "]\n"
    assert [rnd.line for rnd in parse_match(text).rounds] == list(range(5, 305))
    broken = text.replace(ROUND, BAD, 300).replace(BAD, ROUND, 299)  # the last round only is broken
    sk.path.write_text(broken, encoding="utf-8")
    assert problems(sk) == [f"{sk.path}:304: round 300: unknown player 'Zed' (players: Masha, Alex, Olya)"]


def test_a_match_file_saved_with_a_byte_order_mark_reads_and_the_next_write_drops_it(sk, tmp_path):
    """Notepad saves UTF-8 with a BOM; the file is the same match (it once gave 'Invalid statement')."""
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "Ann out, Bob 5")
    scores = sk.json()["sides"]
    sk.path.write_bytes(b"\xef\xbb\xbf" + sk.path.read_bytes())
    assert sk.json()["sides"] == scores
    sk("round", "Bob out, Ann 7")
    assert not sk.path.read_bytes().startswith(b"\xef\xbb\xbf") and len(sk.json()["history"]) == 2
    house = tmp_path / "house.toml"
    house.write_bytes(b"\xef\xbb\xbf" + 'extends = "goat"\n\n[end]\ntarget = 51\n'.encode())
    assert sk("rules", "check", str(house)).exit_code == 0


def test_an_empty_quoted_key_names_its_line(sk):
    path = sk.folder / "house.toml"
    path.write_text('extends = "goat"\n[special_hands]\n"0-0" = 10\n"" = 5\n')
    [line] = sk("rules", "check", str(path), code=1).stderr.strip().splitlines()
    assert line.startswith(f"Error: {path}:4: special_hands.\"\": "), line


def test_an_empty_file_name_is_refused_not_read_as_the_match_here(sk, monkeypatch):
    """``--match ''`` (a variable that was empty, say) names no file: refused, not taken for match.toml."""
    sk("new", "Ann", "Bob")
    monkeypatch.chdir(sk.folder)
    before = sk.path.read_bytes()
    for args in (["--match", "", "round", "Ann out, Bob 5"], ["play", "--match", ""], ["rules", "check", ""]):
        result = sk.runner.invoke(cli, args)
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and "an empty name is no file" in lines[0], result.stderr
    assert sk.path.read_bytes() == before


def test_a_refused_match_name_is_said_whole_in_the_language_in_use(sk):
    result = sk.runner.invoke(cli, ["--lang", "uk", "--match", "", "table"])
    assert result.exit_code == 2 and "env var" not in result.stderr and "порожнє ім'я" in result.stderr, result.stderr
