"""Output wider or taller than the terminal (issue 21, item 12), through a real pseudo-terminal (pexpect) at 40
and 80 columns and 24 lines: machine formats go through the pager (a ``PAGER`` script that records it ran) or,
with ``PAGER`` set empty, come whole with one line on stderr saying what does not fit; ``--wide`` output says
its width; a pipe gets exactly what it always got.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from click.testing import CliRunner  # noqa: E402

from conftest import command_environment, installed_command  # noqa: E402
from pty_session import ended  # noqa: E402
from scorekeeper.cli.app import cli  # noqa: E402


def typed(*args: str) -> None:
    """A command that sets up what a test shows, through the command line in this process."""
    done = CliRunner().invoke(cli, list(args), env={"SCOREKEEPER_LANG": "en"}, catch_exceptions=False)
    assert done.exit_code == 0, done.output


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> bytes:
    """The goat sample saved as a match file, once for the module."""
    path = tmp_path_factory.mktemp("sample") / "match.toml"
    typed("demo", "goat", "--save", str(path))
    return path.read_bytes()


@pytest.fixture
def folder(tmp_path: Path, sample: bytes) -> Path:
    """A folder with the goat sample as its match.toml (8 rounds: csv 128 columns, --wide 84 and 155) and a
    pager that writes its name beside the match, then shows its input."""
    (tmp_path / "match.toml").write_bytes(sample)
    pager = tmp_path / "pager"
    pager.write_text(f"#!/bin/sh\necho paged >> {tmp_path / 'paged'}\ncat\n")
    pager.chmod(0o755)
    return tmp_path


def on_terminal(folder: Path, columns: int, *args: str, pager: str | None = None, code: int = 0) -> tuple[str, bool]:
    """What the terminal shows (stdout and stderr) for the command (which must exit ``code``), and whether the
    pager ran."""
    env = command_environment()
    for name in ("COLUMNS", "LINES", "LESS"):
        env.pop(name, None)
    env.update(TERM="xterm", PAGER=str(folder / "pager") if pager is None else pager)
    child = pexpect.spawn(installed_command()[0], installed_command()[1:] + list(args), cwd=str(folder), env=env,
                          dimensions=(24, columns), encoding="utf-8", timeout=20)
    child.expect(pexpect.EOF)
    ended(child)
    assert child.exitstatus == code, child.before
    return child.before.replace("\r\n", "\n"), (folder / "paged").exists()


def piped(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = command_environment()
    env.pop("COLUMNS", None)
    env["PAGER"] = str(folder / "pager")
    return subprocess.run(installed_command() + list(args), cwd=folder, env=env, capture_output=True, text=True)


@pytest.mark.parametrize("columns", [40, 80])
def test_a_csv_export_wider_than_the_terminal_goes_through_the_pager(folder, columns):
    shown, paged = on_terminal(folder, columns, "export", "--format", "csv")
    assert paged
    assert "8,Serg,Serg,out,Olya" in shown
    assert "Note:" not in shown


@pytest.mark.parametrize("columns", [40, 80])
def test_with_pager_set_empty_the_export_comes_whole_with_one_line_naming_o_file(folder, columns):
    shown, paged = on_terminal(folder, columns, "export", "--format", "csv", pager="")
    assert not paged
    assert "8,Serg,Serg,out,Olya,,,,total 2,2,2,0,0,14,0,0,0,Olya" in shown.replace("\n", "")
    notes = [line for line in shown.splitlines() if line.startswith("Note:")]
    assert notes == ["Note: 128 columns, 33 lines: use -o FILE"]
    assert len(notes[0]) <= columns


def test_a_markdown_export_that_fits_80_columns_is_printed_as_is_and_paged_at_40(folder):
    for args in (["new", "Masha", "Alex", "Olya"], ["round", "Masha out, Alex 1-2 3-3, Olya 13"]):
        typed("--match", str(folder / "short.toml"), *args)
    shown, paged = on_terminal(folder, 80, "--match", "short.toml", "export", "--format", "markdown")
    assert not paged and "Note:" not in shown
    assert "| Alex" in shown or "Alex |" in shown
    shown, paged = on_terminal(folder, 40, "--match", "short.toml", "export", "--format", "markdown")
    assert paged


@pytest.mark.parametrize("columns", [40, 80])
def test_the_table_as_json_goes_through_the_pager_and_says_to_redirect_without_one(folder, columns):
    shown, paged = on_terminal(folder, columns, "table", "--format", "json")
    assert paged
    assert json.loads(shown.replace("\n", ""))["loser"] == "Alex"
    shown, _ = on_terminal(folder, columns, "table", "--format", "json", pager="")
    assert shown.splitlines()[-1].startswith("Note: ") and shown.splitlines()[-1].endswith(" columns: use > FILE")


@pytest.mark.parametrize("columns, command, width", [(40, "table", 84), (80, "table", 84), (40, "demo", 155),
                                                     (80, "demo", 155)])
def test_wide_output_on_a_narrower_terminal_says_its_width(folder, columns, command, width):
    shown, paged = on_terminal(folder, columns, command, "--wide")
    assert not paged
    assert shown.splitlines()[-1] == f"Note: {width} columns wide (--wide)"


def test_wide_output_that_fits_the_terminal_says_nothing_more(folder):
    shown, _ = on_terminal(folder, 160, "demo", "--wide")
    assert "Note:" not in shown


@pytest.mark.parametrize("args", [("export", "--format", "csv"), ("table", "--format", "json"), ("table", "--wide"),
                                  ("demo", "--wide")])
def test_a_pipe_gets_the_output_alone_and_no_pager(folder, args):
    done = piped(folder, *args)
    assert done.returncode == 0 and done.stderr == ""
    assert not (folder / "paged").exists()
    assert "Note:" not in done.stdout


@pytest.mark.parametrize("columns", [40, 80])
def test_a_ruleset_as_toml_taller_than_the_screen_goes_through_the_pager(folder, columns):
    shown, paged = on_terminal(folder, columns, "rules", "show", "goat", "--format", "toml")
    assert paged
    assert piped(folder, "rules", "show", "goat", "--format", "toml").stdout.replace("\n", "") == \
        shown.replace("\n", "")


FAILING_PAGERS = [
    ("false", "Error: the pager 'false' ended with exit status 1: the output may not have been shown; PAGER= "
              "shows it without one"),
    ("sh -c 'kill -TERM $$'", "Error: the pager 'sh -c 'kill -TERM $$'' was stopped by SIGTERM: the output may not "
                              "have been shown whole"),
]


@pytest.mark.parametrize("pager, said", FAILING_PAGERS, ids=["exit 1", "killed"])
@pytest.mark.parametrize("args", [("export", "--format", "csv"), ("rules", "show", "goat")], ids=" ".join)
def test_a_pager_that_fails_is_said_and_the_command_fails(folder, pager, said, args):
    """Issue 34, item 9: with PAGER=false, or a pager killed by a signal, the output was gone and the exit 0."""
    shown, _ = on_terminal(folder, 200, *args, pager=pager, code=1)
    assert [line for line in shown.splitlines() if line.strip()] == [said], shown


def test_a_pager_that_fails_in_play_is_said_and_the_session_goes_on(folder):
    from pty_session import Play, shown_lines

    play = Play(folder, columns=40, TERM="xterm", PAGER="false")
    said = shown_lines(play.say("rules fish"))  # 63 lines at 40 columns: through the pager
    assert "".join(said).replace(" ", "") == ("Error: the pager 'false' ended with exit status 1: the output may "
                                              "not have been shown; PAGER= shows it without one").replace(" ", "")
    assert "Goat: 8 rounds" in play.say("table")  # the session still answers
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("args", [("table", "--rules", "sea-goat"), ("compare", "sea-goat")])
def test_a_rescored_table_taller_than_the_screen_goes_through_the_pager_as_the_table_does(folder, columns, args,
                                                                                         monkeypatch):
    shown, paged = on_terminal(folder, columns, *args)
    assert paged  # 29 to 82 lines: its first rounds and its heading would scroll away
    monkeypatch.chdir(folder)  # the file named as the command names it
    said = CliRunner().invoke(cli, ["--match", "match.toml", *args],
                              env={"SCOREKEEPER_LANG": "en", "COLUMNS": str(columns)}).output
    assert said.splitlines()[0] in shown and said.splitlines()[-1] in shown
    (folder / "paged").unlink()
    shown, paged = on_terminal(folder, columns, *args, pager="")  # no pager: all of it, as it is
    assert not paged and " ".join(said.split()) in " ".join(shown.split())


@pytest.mark.parametrize("args", [("table", "--rules", "sea-goat", "--wide"), ("compare", "sea-goat", "--wide")])
def test_a_rescored_table_wide_on_a_narrower_terminal_says_its_width(folder, args):
    shown, paged = on_terminal(folder, 40, *args)
    assert not paged
    assert shown.splitlines()[-1].startswith("Note: ") and shown.splitlines()[-1].endswith(" columns wide (--wide)")


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("args, said", [(("edit", "8", "Olya out, Masha 5, Alex 11, Serg 3"), "Round 8 replaced."),
                                        (("delete", "8"), "Round 8 deleted.")], ids=["edit", "delete"])
def test_edit_and_delete_taller_than_the_screen_go_through_the_pager(folder, columns, args, said):
    """The table before and after (two tables of 8 rounds: 40 lines and more) scrolled what was done, and the
    table before, off a 24-line screen."""
    shown, paged = on_terminal(folder, columns, *args)
    assert paged
    lines = [line for line in shown.splitlines() if line.strip()]
    assert lines[0] == said and "Before:" in lines and "After:" in lines


def test_a_pager_that_fails_after_an_edit_is_a_warning_the_edit_saved(folder):
    shown, _ = on_terminal(folder, 80, "delete", "8", pager="false")  # exit 0: the round is deleted
    assert "Warning:" in shown and "the pager 'false' ended with exit status 1" in shown, shown
    assert CliRunner().invoke(cli, ["--match", str(folder / "match.toml"), "table", "--format", "json"],
                              env={"SCOREKEEPER_LANG": "en"}).output.count('"rounds": 7') == 1


@pytest.mark.parametrize("columns", [40, 80])
def test_an_import_taller_than_the_screen_goes_through_the_pager(folder, columns):
    """The table of the match imported (18 rounds: taller than 24 lines) scrolled 'Imported 18 rounds ...' off
    the screen."""
    other = str(folder / "long.toml")
    typed("--match", other, "new", "--rules", "muggins", "Ann", "Bob")
    for _ in range(18):
        typed("--match", other, "round", "Ann out 3")
    typed("--match", other, "export", "-o", str(folder / "long.json"))
    shown, paged = on_terminal(folder, columns, "import", "--force", "long.json")
    assert paged
    said = [line for line in shown.splitlines() if line.strip()]
    assert said[0] == "Imported 18 rounds from long.json into match.toml." and "   total" in shown


@pytest.mark.parametrize("language, title", [("uk", "Козел: 8 партій;"), ("ru", "Козёл: 8 конов;")])
def test_the_demo_taller_than_the_screen_goes_through_the_pager(folder, language, title):
    """The README's first command: at 40 columns in Ukrainian its 25 lines scrolled the sample's title away."""
    shown, paged = on_terminal(folder, 40, "--lang", language, "demo")
    assert paged
    assert [line for line in shown.splitlines() if line.strip()][0].startswith(title)
    assert "scorekeeper new" in shown  # and its last line, how to start one's own


ALL_FIVES_HAND = ("Ann 6-6, Bob draws 8, Bob knocks, Cat 0-6, Dan 3-6, Ann 3-4, Bob 4-4, Cat 0-3, Dan 1-4, Ann 2-6, "
                  "Bob 2-3 on 3, Cat 1-6 on 6, Dan 1-5, Ann 2-5 on 2, Bob 2-2, Cat 1-1, Dan 5-6, Ann 0-5")


@pytest.mark.parametrize("args, first", [
    (("check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2", "--hand", "Ann=2-2", "--bazaar", "0"),
     "A fish, sealed: Ann still lays 2-2"),
    (("check", "play", "--rules", "all-fives", ALL_FIVES_HAND), "All Fives: 18 plays"),
], ids=["fish", "play"])
def test_a_ruling_taller_than_the_screen_goes_through_the_pager(tmp_path, args, first):
    """At 40 columns a sealed fish's reasons (27 lines) and a whole hand followed (26) scrolled the verdict off a
    24-line screen."""
    pager = tmp_path / "pager"
    pager.write_text(f"#!/bin/sh\necho paged >> {tmp_path / 'paged'}\ncat\n")
    pager.chmod(0o755)
    shown, paged = on_terminal(tmp_path, 40, *args)
    assert paged
    assert [line for line in shown.splitlines() if line.strip()][0].startswith(first), shown
