"""No message of the command line escapes the catalogs (issue 24, Must 1): every command, with ``--help``, a
normal run on a small match and a typical error, run under the pseudo-language (tests/pseudo.py), and every
line a person reads listed where it carries English words outside ⟦ ⟧.

The packages being wrapped in other branches print part of these outputs (a table, a ruling, the session's
answers): a case whose output they make is named in the allow-list of that package (``REPORTS``, ...), and its
unmarked words are reported as an expected failure, not an error. Once a package is wrapped, its allow-list is
emptied: a case named there that comes out clean fails, saying so."""

from __future__ import annotations

import inspect
import re
from enum import Enum
import subprocess

import click
import pytest
from click.testing import CliRunner

import pseudo
from commands import every_command
from conftest import command_environment, installed_command
from scorekeeper.reports.formats import EXPORTS
from scorekeeper.cli.app import cli
from scorekeeper.rules.schema import KEYS
from scorekeeper.cli.helptext import help_parts
from scorekeeper.i18n import use
from scorekeeper.rules.loader import builtin_names

LIVE: set[str] = set()
REPORTS: set[str] = set()
REFEREE: set[str] = set()
MATCH: set[str] = set()
SCORING: set[str] = set()
"""Cases whose output still carries English, by the package that prints it (none left: every case must come
out clean). A case put back in one of them that comes out clean fails, asking to be taken out."""

PENDING = LIVE | REPORTS | REFEREE | MATCH | SCORING

ALLOWED = ("Ann", "Bob", "Cat", "Dan", "goat", "muggins", "sea", "json", "csv", "toml", "markdown", "text", "svg",
           "png", "ruleset", "help", "quit", "version", "bogus", "nosuch", "Masha", "Alex", "Olya", "Serg", "Zed",
           "SCOREKEEPER_MATCH", "SCOREKEEPER_LANG", "PYTHONIOENCODING", "COLUMNS", "PLAYERS", "PLAYER", "TILES",
           "TILE", "FILE", "PATH", "NAME", "ROUND", "LINE", "POINTS", "OTHER", "ENDS", "DIR", "KEY", "SECTION",
           "RULESET", "PLAYS", "TOTAL", "COMMAND", "ARGS", "OPTIONS", "DATE", "TIME", "UTF", "Muggins",
           "fish", "out", "by", "on", "led", "count", "played", "plays", "knocks", "special_hands", "scorekeeper",
           "pairs", "all", "fives", "end", "target", "policy", "each", "extends", "pip", "rules", "play", "new",
           "round", "table", "undo", "redo", "score", "rating", "demo", "check", "explain", "compare", "edit",
           "delete", "export", "import", "history", "chart", "serve", "PORT", "deal", "hand", "list", "show", "ok", "tmp", "house",
           "SAMPLE", "NUMBER", "SCOREKEEPER", "MATCH", "LANG", "TEXT", "parts", "total", "club",
           *{word for name in builtin_names() for word in re.findall("[a-z]+", name)},
           *{word for key in KEYS if isinstance(key.kind, type) and issubclass(key.kind, Enum)
             for member in key.kind for word in re.findall("[a-z]+", str(member.value))}, "true", "false",
           "FORMAT", *EXPORTS)
"""What is never translated: the names the tests type, option values, metavars, environment variables, command
names and the round line's English words (which always work), ruleset keys, names and values."""

MATCH_LINE = "Ann out, Bob 3-4 5-6"


def _setup_match(runner: CliRunner, match: str, rules: str = "goat") -> None:
    for args in (["new", "--rules", rules, "Ann", "Bob"], ["round", MATCH_LINE]):
        done = runner.invoke(cli, ["--lang", "en", "--match", match, *args], prog_name="scorekeeper")
        assert done.exit_code == 0, done.output


CASES = {
    # name: (how the folder is set up, the arguments, the exit status)
    "new run": ("none", ["new", "--rules", "goat", "Ann", "Bob"], 0),
    "new error": ("match", ["new", "Ann", "Bob"], 1),
    "round run": ("match", ["round", "Bob out, Ann 1-2"], 0),
    "round error": ("match", ["round", "--out", "Ann", "Ann out, Bob 3"], 2),
    "table run": ("match", ["table"], 0),
    "table --rules run": ("match", ["table", "--rules", "sea-goat"], 0),
    "table error": ("match", ["table", "--all", "--all", "--rules", "x", "--rules", "y"], 2),
    "undo run": ("match", ["undo"], 0),
    "undo --list run": ("match", ["undo", "--list"], 0),
    "undo error": ("new", ["undo"], 1),
    "redo run": ("undone", ["redo"], 0),
    "redo error": ("match", ["redo"], 1),
    "score run": ("muggins", ["score", "Ann", "10"], 0),
    "score error": ("muggins", ["score", "Ann", "7"], 2),
    "rating run": ("match", ["rating", "--left", "Bob"], 0),
    "rating error": ("match", ["rating", "--left", "Zed"], 2),
    "rules list run": ("none", ["rules", "list"], 0),
    "rules show run": ("none", ["rules", "show", "goat", "fish"], 0),
    "rules show error": ("none", ["rules", "show", "nosuch"], 2),
    "rules check run": ("house", ["rules", "check", "house.toml"], 0),
    "rules check error": ("none", ["rules", "check", "goat"], 2),
    "demo run": ("none", ["demo", "--save", "saved.toml"], 0),
    "demo error": ("none", ["demo", "nosuch"], 2),
    "check deal run": ("none", ["check", "deal", "--hand", "Ann=1-1,2-5,0-3,4-4,6-6,2-3,0-1"], 0),
    "check fish run": ("none", ["check", "fish", "--line", "2-4 4-1 1-2"], 0),
    "check hand run": ("none", ["check", "hand", "0-0", "6-6", "--rules", "sea-goat"], 0),
    "check count run": ("none", ["check", "count", "5", "5", "--rules", "muggins"], 0),
    "check play run": ("none", ["check", "play", "--rules", "muggins", "Ann 5-5, Bob 5-0"], 0),
    "check error": ("none", ["check", "hand", "7-7"], 2),
    "explain run": ("match", ["explain", "1"], 0),
    "explain error": ("match", ["explain", "9"], 2),
    "compare run": ("match", ["compare", "sea-goat"], 0),
    "compare error": ("match", ["compare", "nosuch"], 2),
    "edit run": ("match", ["edit", "1", "Bob out, Ann 1-2"], 0),
    "edit error": ("match", ["edit", "1", "--out", "Ann", "--out", "Bob"], 2),
    "delete run": ("match", ["delete", "1"], 0),
    "delete error": ("match", ["delete", "5"], 2),
    "export run": ("match", ["export", "--format", "json", "-o", "out.json"], 0),
    "export error": ("match", ["export", "-o", "match.toml"], 1),
    "import run": ("export", ["import", "--force", "out.json"], 0),
    "import error": ("match", ["import", "match.toml"], 1),
    "history run": ("match", ["history", "."], 0),
    "history error": ("none", ["history", "--jobs", "0", "."], 2),
    "chart run": ("match", ["chart", "-o", "chart.txt", "--text"], 0),
    "chart error": ("match", ["chart", "-o", "match.toml", "--text"], 1),
    "table --follow error": ("match", ["table", "--follow", "--all"], 2),
    "serve error": ("match", ["serve", "--port", "99999"], 2),
    "play run": ("match", ["play"], 0),
    "play error": ("match", ["play", "--rules", "goat", "Ann", "Bob"], 1),
}
"""Every command: a normal run and a typical error (``--help`` of each is ``test_every_help``)."""


@pytest.fixture
def xx(catalogs, monkeypatch, tmp_path):
    """Run a command under the pseudo-language in a folder of its own; the output people read."""
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)
    monkeypatch.chdir(tmp_path)
    yield lambda args, code, stdin=None: _run(args, code, stdin)
    use("en")


def _run(args, code: int, stdin: str | None = None) -> str:
    done = CliRunner().invoke(cli, args, prog_name="scorekeeper", input=stdin)
    assert done.exit_code == code, (args, done.output, done.exception)
    return done.output


def unmarked_lines(text: str) -> list[str]:
    """The lines of ``text`` that carry English words outside ⟦ ⟧ (``pseudo.unmarked``), each with its words."""
    # a mark may go on over several lines; click cuts a command's short help in a list with "...", closing it
    bare = re.sub(r"⟦[^⟧⟦]*(?:⟧|\.\.\.(?=\n|$))", lambda marked: re.sub(r"[^\n]", " ", marked.group()), text)
    return [f"{line.strip()}  <- {words}" for line, rest in zip(text.splitlines(), bare.splitlines())
            if (words := pseudo.unmarked(rest, ALLOWED))]


def _prepare(kind: str) -> None:
    runner = CliRunner()
    if kind in ("match", "undone", "export"):
        _setup_match(runner, "match.toml")
    if kind == "undone":
        assert runner.invoke(cli, ["--lang", "en", "undo"]).exit_code == 0
    if kind == "export":
        assert runner.invoke(cli, ["--lang", "en", "export", "-o", "out.json"]).exit_code == 0
    if kind == "new":
        assert runner.invoke(cli, ["--lang", "en", "new", "Ann", "Bob"]).exit_code == 0
    if kind == "muggins":
        assert runner.invoke(cli, ["--lang", "en", "new", "--rules", "muggins", "Ann", "Bob"]).exit_code == 0
    if kind == "house":
        with open("house.toml", "w", encoding="utf-8") as handle:
            handle.write('extends = "goat"\n[fish]\npolicy = "each"\n')


def _judge(case: str, said: str) -> None:
    leaks = unmarked_lines(said)
    if case in PENDING:
        owners = [name for name, cases in (("LIVE", LIVE), ("REPORTS", REPORTS), ("REFEREE", REFEREE),
                                           ("MATCH", MATCH), ("SCORING", SCORING)) if case in cases]
        assert leaks, f"{case!r} is clean now: take it out of {', '.join(owners)}"
        pytest.xfail(f"{', '.join(owners)} not wrapped yet: " + " | ".join(leaks))
    assert "⟦" in said and not leaks, "\n".join(leaks) or said


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_command(xx, case):
    kind, args, code = CASES[case]
    _prepare(kind)
    _judge(case, xx(args, code, stdin="quit\n" if args[0] == "play" else None))


def _paths() -> list[tuple[str, ...]]:
    return [()] + [path for path, _command, _context in every_command()]


@pytest.mark.parametrize("path", _paths(), ids=lambda path: " ".join(path) or "scorekeeper")
def test_every_help(xx, path):
    said = xx([*path, "--help"], 0)
    assert said.count("⟦") > 3, said
    assert not unmarked_lines(said), "\n".join(unmarked_lines(said))


@pytest.mark.parametrize("path", [path for path, command, _ in every_command()
                                  if isinstance(command, click.Group)], ids=" ".join)
def test_a_group_called_alone_lists_its_commands_marked(xx, path):
    said = xx(list(path), 2)  # click 8.2 on: a group called alone shows its help and exits 2
    assert "⟦" in said and not unmarked_lines(said), said


# ``-h`` as on the command line (the group's help option names), a few commands through the installed executable:
INSTALLED = (["-h"], ["new", "--help"], ["round", "-h"], ["table"], ["demo", "nosuch"], ["undo", "--list"])


@pytest.mark.parametrize("args", INSTALLED, ids=" ".join)
def test_through_the_installed_executable(catalogs, tmp_path, args):
    if args == ["table"] or args == ["undo", "--list"]:
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(tmp_path)
            _setup_match(CliRunner(), "match.toml")
    done = subprocess.run(installed_command() + args, capture_output=True, text=True, cwd=tmp_path,
                          env={**command_environment(), "SCOREKEEPER_LOCALEDIR": catalogs,
                               "SCOREKEEPER_LANG": pseudo.LANGUAGE})
    said = done.stdout + done.stderr
    _judge(" ".join(args) + " run" if args[0] == "table" else "installed", said)


def test_the_harness_finds_an_unmarked_line():
    assert unmarked_lines("⟦Usage:⟧ scorekeeper table ⟦[OPTIONS]⟧\nShow the running table") == [
        "Show the running table  <- ['Show', 'the', 'running']"]


@pytest.mark.parametrize("path", _paths(), ids=lambda path: " ".join(path) or "scorekeeper")
def test_a_help_cut_into_messages_joins_again(path):
    command = cli
    for name in path:
        command = command.get_command(click.Context(command), name)
    parts = help_parts(command.help)
    assert "".join(text for _message, text in parts) == inspect.cleandoc(command.help).partition("\f")[0]
    assert all(not text.startswith(("\b", "scorekeeper ", " ")) for message, text in parts if message), parts
