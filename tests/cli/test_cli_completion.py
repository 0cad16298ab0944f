"""Shell completion: what the Tab key offers for commands, options, ruleset names and the match's players, asked
as bash asks it (``_SCOREKEEPER_COMPLETE=bash_complete`` with COMP_WORDS and COMP_CWORD)."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner

from scorekeeper.cli.app import cli
from scorekeeper.rules.loader import builtin_names
from conftest import command_environment, installed_command


def offered(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash would be offered for the last word of ``words`` (a trailing space: a new, empty word)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    result = CliRunner().invoke(cli, [], prog_name="scorekeeper", env={
        "_SCOREKEEPER_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword), **(env or {})})
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return [line.partition(",")[2] for line in result.stdout.splitlines() if line]


def test_commands_and_options_complete():
    assert offered("scorekeeper sc") == ["score"]
    assert {"new", "round", "table", "play", "rules"} <= set(offered("scorekeeper "))
    assert offered("scorekeeper round --fi") == ["--fish", "--fisher"]


def test_ruleset_names_complete_wherever_a_ruleset_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text('extends = "goat"\n')
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "clubs").mkdir()
    (tmp_path / "match.toml").write_text("")  # the match file: a match log, not a ruleset
    assert offered("scorekeeper new --rules goat-p") == [n for n in builtin_names() if n.startswith("goat-p")]
    assert offered("scorekeeper rules show sea") == ["sea-goat", "sea-goat-pairs"]
    assert offered("scorekeeper compare h") == ["house.toml"]
    assert offered("scorekeeper play --rules c") == ["clubs/"]
    assert offered("scorekeeper table --rules ") == builtin_names() + ["clubs/", "house.toml"]
    assert offered("scorekeeper check hand --rules muggins-") == ["muggins-each-hand"]


def test_players_complete_from_the_match_named(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    assert offered(f"scorekeeper --match {sk.path} score ") == ["Masha", "Alex", "Olya", "Serg"]
    assert offered(f"scorekeeper --match {sk.path} score o") == ["Olya"]
    assert offered(f"scorekeeper --match {sk.path} rating --left S") == ["Serg"]
    assert offered(f"scorekeeper --match {sk.path} round --out m") == ["Masha"]
    assert offered("scorekeeper round --fisher A", env={"SCOREKEEPER_MATCH": str(sk.path)}) == ["Alex"]


def test_a_missing_or_broken_match_completes_no_player(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("players = [\n")
    assert offered(f"scorekeeper --match {tmp_path / 'none.toml'} score ") == []
    assert offered(f"scorekeeper --match {broken} score ") == []
    assert offered(f"scorekeeper --match {tmp_path} score ") == []  # a folder
    assert offered("scorekeeper score ", env={"SCOREKEEPER_MATCH": str(broken)}) == []


def test_the_installed_command_completes_and_gives_its_script(sk):
    sk("new", "--rules", "goat", "Masha", "Alex")
    env = {**command_environment(), "_SCOREKEEPER_COMPLETE": "bash_complete",
           "COMP_WORDS": f"scorekeeper --match {sk.path} score a", "COMP_CWORD": "4"}
    done = subprocess.run(installed_command(), env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "plain,Alex\n", "")
    for shell in ("bash", "zsh", "fish"):
        env = {**command_environment(), "_SCOREKEEPER_COMPLETE": f"{shell}_source"}
        script = subprocess.run(installed_command(), env=env, capture_output=True, text=True, timeout=60)
        assert script.returncode == 0 and "_SCOREKEEPER_COMPLETE" in script.stdout, script.stderr


def test_players_complete_as_the_round_line_reads_their_names(sk):
    """A name completes from what a round line would take for it: case, ё/е and accents folded alike."""
    sk("new", "Алёна", "Léa", "Bob")
    env = {"SCOREKEEPER_MATCH": str(sk.path)}
    assert offered("scorekeeper score але", env) == ["Алёна"]
    assert offered("scorekeeper score LE", env) == ["Léa"]
    assert offered("scorekeeper rating --left ", env) == ["Алёна", "Léa", "Bob"]


def test_players_complete_from_the_files_head_alone(sk):
    """Issue 34, item 6: completion opened, checked and replayed the whole match (10 s on a 2 MB file) to know
    the players. Rounds that could not be read or scored, or no TOML at all after the head, are never read."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    text = sk.path.read_text(encoding="utf-8")
    broken = text.replace("Masha out", "Zed out").replace('out = "Masha"', 'out = "Zed"')
    sk.path.write_text(broken + "{{{ not TOML, nor a round\n" * 1000, encoding="utf-8")
    assert sk("table", code=1).stderr.startswith("Error: ")  # the command itself refuses the file
    assert offered(f"scorekeeper --match {sk.path} score ") == ["Masha", "Alex", "Olya", "Serg"]


def test_players_laid_after_the_rounds_by_hand_still_complete(tmp_path):
    path = tmp_path / "match.toml"
    path.write_text('format = 1\nruleset = "goat"\nrounds = []\nplayers = ["Ann", "Bob"]\n', encoding="utf-8")
    assert offered(f"scorekeeper --match {path} score ") == ["Ann", "Bob"]


def test_players_a_command_would_refuse_complete_nothing(tmp_path):
    path = tmp_path / "match.toml"
    path.write_text('format = 1\nruleset = "goat"\nplayers = ["Ann", "Ann", "Bo\\u001bb"]\n', encoding="utf-8")
    assert offered(f"scorekeeper --match {path} score ") == []
