"""Bad input: one clear line on stderr, no traceback, the match file byte-for-byte unchanged, click's exit codes."""

from __future__ import annotations

import pytest

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
GOOD = ["--hand", "Alex=1-2", "--total", "Olya=13", "--total", "Serg=5"]


@pytest.fixture
def started(sk):
    sk("new", "--rules", "goat", *PLAYERS)
    sk("round", "--out", "Masha", *GOOD)
    return sk


TYPED_WRONG = [
    ("unknown player", ["round", "--out", "Bob", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3"],
     "unknown player 'Bob'"),
    ("unknown player in a hand", ["round", "--out", "Masha", "--total", "Bob=1", *GOOD], "unknown player 'Bob'"),
    ("tile outside the set", ["round", "--out", "Masha", "--hand", "Alex=7-8", "--total", "Olya=1", "--total",
                              "Serg=2"], "7-8 is not in a double-six set"),
    ("not a tile", ["round", "--out", "Masha", "--hand", "Alex=1-x", "--total", "Olya=1", "--total", "Serg=2"],
     "'1-x' is not a tile"),
    ("a tile in two hands", ["round", "--out", "Masha", "--hand", "Alex=1-2 3-3", "--hand", "Olya=3-3",
                             "--total", "Serg=2"], "3-3 is in two hands"),
    ("a tile twice in one hand", ["round", "--out", "Masha", "--hand", "Alex=1-2,2-1", "--total", "Olya=1",
                                  "--total", "Serg=2"], "1-2 is given twice"),
    ("a hand and a total for one player", ["round", "--out", "Masha", "--hand", "Alex=1-2", "--total", "Alex=3",
                                           "--total", "Olya=1", "--total", "Serg=2"], "a hand and a total"),
    ("a missing hand", ["round", "--out", "Masha", "--hand", "Alex=1-2", "--total", "Olya=1"], "no hand for Serg"),
    ("a hand for the player who went out", ["round", "--out", "Masha", "--total", "Masha=4", *GOOD],
     "Masha went out and holds nothing"),
    ("out and fish together", ["round", "--out", "Masha", "--fish", *GOOD], "not both"),
    ("neither out nor fish", ["round", *GOOD], "--out PLAYER"),
    ("a negative total", ["round", "--out", "Masha", "--hand", "Alex=1-2", "--total", "Olya=-4", "--total",
                          "Serg=5"], "negative"),
    ("a total that is not a number", ["round", "--out", "Masha", "--hand", "Alex=1-2", "--total", "Olya=lots",
                                      "--total", "Serg=5"], "not a whole number"),
    ("a total larger than the set", ["round", "--out", "Masha", "--hand", "Alex=1-2", "--total", "Olya=169",
                                     "--total", "Serg=5"], "more than a whole double-six set"),
    ("--fisher on an out", ["round", "--out", "Masha", "--fisher", "Alex", *GOOD], "--fisher is for a blocked"),
    ("unknown option", ["round", "--outt", "Masha"], "No such option"),
    ("rating for an unknown leaver", ["rating", "--left", "Bob"], "unknown player 'Bob'"),
]


@pytest.mark.parametrize("args, message", [case[1:] for case in TYPED_WRONG], ids=[case[0] for case in TYPED_WRONG])
def test_typed_wrong_exits_2_and_leaves_the_file(started, args, message):
    line = started.fails(*args, code=2)
    assert message in line
    assert started.json()["rounds"] == 1


def test_a_round_after_the_match_is_over_exits_1(sk):
    sk("new", "--rules", "goat", "Masha", "Alex")
    sk("round", "--out", "Masha", "--total", "Alex=101")
    assert "the match is over" in sk.fails("round", "--out", "Masha", "--total", "Alex=3", code=1)


def test_new_refuses_to_overwrite_without_force(sk):
    sk("new", "Masha", "Alex")
    sk("round", "--out", "Masha", "--total", "Alex=3")
    assert "--force" in sk.fails("new", "Olya", "Serg", code=1)
    sk("new", "--force", "Olya", "Serg")
    assert [s["name"] for s in sk.json()["sides"]] == ["Olya", "Serg"]


@pytest.mark.parametrize("args, message", [
    (["new", "--rules", "nosuch", "A", "B"], "unknown ruleset 'nosuch'"),
    (["new", "A"], "played by 2 to 4 players, not 1"),
    (["new", "A", "B", "a"], "same name"),
    (["new", "A=1", "B"], "cannot be a player's name"),
    (["new", "--rules", "goat-pairs", "--team", "A,B", "--team", "C"], "two --team options of two players"),
    (["new", "--rules", "goat", "--team", "A,B", "--team", "C,D"], "not a pairs game"),
    (["new", "--rules", "goat-pairs", "A", "B", "C"], "pairs game"),
])
def test_new_refuses_bad_seating(sk, args, message):
    assert message in sk.fails(*args, code=2)
    assert not sk.path.exists()


def test_missing_match_file(sk):
    line = sk.fails("table", code=1)
    assert str(sk.path) in line and "scorekeeper new" in line


def test_hand_edited_file_with_a_toml_syntax_error_names_the_line(sk):
    sk("new", *PLAYERS)
    sk("round", "--out", "Masha", *GOOD)
    text = sk.path.read_text().splitlines()
    number = next(i for i, line in enumerate(text, start=1) if line.strip().startswith("{ end"))
    text[number - 1] = text[number - 1].replace("Olya = 13", "Olya = 13 13")
    sk.path.write_text("\n".join(text) + "\n")
    line = sk.fails("table", code=1)
    assert f"{sk.path}:{number}:" in line and "not valid TOML" in line
    sk.fails("round", "--out", "Masha", *GOOD, code=1)


def test_hand_edited_round_with_a_bad_tile_names_the_round_and_line(sk):
    sk("new", *PLAYERS)
    sk("round", "--out", "Masha", *GOOD)
    sk("round", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=2", "--total", "Serg=3")
    text = sk.path.read_text().replace('Alex = "1-2"', 'Alex = "1-9"')
    sk.path.write_text(text)
    number = next(i for i, line in enumerate(text.splitlines(), start=1) if "1-9" in line)
    line = sk.fails("table", code=1)
    assert f"{sk.path}:{number}: round 1:" in line and "1-9 is not in a double-six set" in line


def test_match_whose_ruleset_file_is_gone(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\n[end]\ntarget = 50\n')
    sk("new", "--rules", str(house), *PLAYERS)
    house.unlink()
    line = sk.fails("table", code=1)
    assert "ruleset" in line and "house.toml" in line and "not found" in line


@pytest.mark.parametrize("body, key, message", [
    ('extends = "goat"\n[fish]\npolicy = "each"\nflavour = 3\n', "fish.flavour", "unknown key"),
    ('extends = "goat"\ncolour = "red"\n', "colour", "unknown key"),
    ('extends = "goat"\n[end]\ntarget = "lots"\n', "end.target", "must be a whole number"),
    ('extends = "goat"\n[opening]\nremember = 1\n', "opening.remember", "must be true or false"),
    ('extends = "goat"\n[fish]\npolicy = "sometimes"\n', "fish.policy", "must be one of each, most-takes-all"),
    ('extends = "gaot"\n', "extends", "unknown ruleset 'gaot'"),
    ('extends = "goat"\n[special_hands]\n"7-7" = 10\n', 'special_hands."7-7"', "not in a double-six set"),
    ('extends = "goat"\n[end\ntarget = 5\n', None, "not valid TOML"),
])
def test_broken_ruleset_is_refused_with_its_key(sk, tmp_path, body, key, message):
    house = tmp_path / "house.toml"
    house.write_text(body)
    line = sk.fails("new", "--rules", str(house), *PLAYERS, code=1)
    assert message in line and str(house) in line
    if key:
        assert key in line
    assert not sk.path.exists()
    check = sk("rules", "check", str(house), code=1)
    assert message in check.stderr


def test_broken_ruleset_of_an_existing_match_exits_1(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\n')
    sk("new", "--rules", str(house), *PLAYERS)
    house.write_text('extends = "goat"\n[end]\ntarget = true\n')
    line = sk.fails("table", code=1)
    assert "end.target" in line


def test_hand_edited_empty_hand_is_refused_with_its_line(sk):
    sk("new", *PLAYERS)
    sk("round", "--out", "Masha", *GOOD)
    text = sk.path.read_text().replace('Alex = "1-2"', 'Alex = ""')
    sk.path.write_text(text)
    line = sk.fails("table", code=1)
    assert ":7: round 1: Alex holds no tiles" in line


def test_totals_that_add_up_to_more_than_the_set_are_refused(started):
    line = started.fails("round", "--fish", "--total", "Masha=100", "--total", "Alex=60", "--total", "Olya=5",
                         "--total", "Serg=4", code=2)
    assert "add up to 169 pips, more than a whole double-six set holds (168)" in line


@pytest.mark.parametrize("args, message", [
    (["--name", "Reds", "--name", "Reds"], "both teams are called 'Reds'"),
    (["--name", "Alex"], "cannot be called 'Alex'"),
    (["--name", "Red Team", "--name", "red  team"], "both teams are called 'Red Team' ('red  team')"),
    (["--name", "alex"], "cannot be called 'alex': that is a player of the other team"),
])
def test_team_names_must_tell_the_sides_apart(sk, args, message):
    assert message in sk.fails("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg",
                               *args, code=2)


def test_a_team_may_be_named_after_its_own_player_in_any_case(sk):
    said = sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg", "--name", "masha")
    assert "masha, Alex+Serg" in said.stdout


def test_rating_left_on_a_decided_match_is_a_state_error(sk):
    sk("new", "A", "B", "C")
    sk("round", "--out", "A", "--total", "B=110", "--total", "C=1")
    assert "--left is for a match stopped" in sk.fails("rating", "--left", "C", code=1)


def test_a_missing_folder_is_named(sk, tmp_path):
    result = sk.runner.invoke(__import__("scorekeeper.cli.app", fromlist=["cli"]).cli,
                              ["--match", str(tmp_path / "sub" / "m.toml"), "new", "A", "B"])
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(f"the folder {tmp_path / 'sub'} does not exist")
    assert ".tmp" not in result.stderr


def test_an_empty_file_is_not_a_match(sk):
    sk.path.write_text("")
    assert "not a scorekeeper match file" in sk.fails("table", code=1)


def test_a_tie_at_the_target_says_how_it_was_settled(sk):
    sk("new", "A", "B", "C")
    sk("round", "--out", "A", "--total", "B=60", "--total", "C=60")
    sk("round", "--out", "A", "--total", "B=50", "--total", "C=50")
    table = sk.json()
    assert table["loser"] == "B"
    assert "B and C reached 110 together" in table["decided_by"]
    assert "the earlier seat, B, is taken" in sk("table").stdout


BEFORE_THE_COMMAND = [
    ("a language not spoken", ["--lang", "xx", "table"], ("Invalid value for '--lang': 'xx' is not one of 'en', 'ru', "
                                                          "'uk'.", "(see '")),
    ("an unknown option", ["--bogus", "table"], ("No such option", "--bogus", "(see '")),  # click 8.2: ': --bogus'
    ("an option without its value", ["--lang"], ("Option '--lang' requires an argument.",)),
    ("an unknown command", ["nosuch"], ("No such command 'nosuch'.", "(see '")),
]


@pytest.mark.parametrize("args, said", [case[1:] for case in BEFORE_THE_COMMAND],
                         ids=[case[0] for case in BEFORE_THE_COMMAND])
def test_a_usage_error_before_the_command_name_is_one_line_too(started, args, said):
    """Issue 34, item 7: 'scorekeeper --lang xx table' printed click's usage block, four lines."""
    line = started.fails(*args, code=2)
    assert line.startswith(f"Error: {said[0]}") and all(part in line for part in said), line
    assert started.json()["rounds"] == 1


@pytest.mark.parametrize("args", [["--lang", "xx", "table"], ["--bogus", "table"]])
def test_the_installed_command_says_it_in_one_line(run_installed, args):
    done = run_installed(*args, code=2)
    assert done.stderr.splitlines() == [done.stderr.strip()] and "Usage:" not in done.stderr, done.stderr
    assert done.stderr.strip().endswith("(see 'scorekeeper --help')") and done.stdout == ""


def test_demo_save_says_a_path_with_control_characters_escaped(sk, tmp_path, monkeypatch):
    """The path typed after --save is repeated in the message: escaped, so that it cannot drive the terminal."""
    monkeypatch.chdir(tmp_path)
    said = sk("demo", "--save", "8\x1b[2J").stdout
    assert "\x1b" not in said and "Saved to 8\\x1b[2J. Take back" in said
    assert (tmp_path / "8\x1b[2J").exists()


def test_demo_save_never_cuts_the_command_it_suggests(sk, tmp_path, monkeypatch):
    """On a narrow screen the sentence is wrapped, but the command stays one line (the terminal wraps it): a
    line break inside the quoted path would copy as two commands, and a wrong file name."""
    import shlex

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "40")
    said = sk("demo", "--save", "my club night 2026.toml").stdout.rstrip("\n").split("\n")
    assert shlex.split(said[-1]) == ["scorekeeper", "--match", "my club night 2026.toml", "undo"], said[-3:]


@pytest.mark.parametrize("name", ["my game.toml", "it's.toml", "plain.toml"])
def test_demo_save_suggests_a_command_a_shell_reads_as_it_is_said(sk, tmp_path, monkeypatch, name):
    """The command that demo --save suggests, with the path in it quoted as a POSIX shell needs it, runs as
    said when typed (a path with a space was two words)."""
    import shlex

    from click.testing import CliRunner

    from scorekeeper.cli.app import cli

    monkeypatch.chdir(tmp_path)
    said = sk("demo", "--save", name).stdout.rstrip("\n").split("\n")
    assert said[-2].startswith(f"Saved to {name}. Take back its last round")
    words = shlex.split(said[-1])
    assert words == ["scorekeeper", "--match", name, "undo"], said[-1]
    done = CliRunner().invoke(cli, words[1:])
    assert done.exit_code == 0 and done.output.startswith(f"Dropped round 8 (Olya went out) from {name}."), \
        done.output
