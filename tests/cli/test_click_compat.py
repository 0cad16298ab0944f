"""What scorekeeper asks of click beyond its documented use (``scorekeeper.cli.click_compat``), on whichever click
release is installed: run this file in a venv with the lowest allowed click and in one with the newest.

- click's words come through our catalogs: every click module that says something binds our ``_``, a click
  module loaded later too, and the catalogs hold every message the installed click marks (and the one it passes
  through a variable, ``required``);
- a single-valued option given twice is refused, by every command, in every form it can be typed, and never
  while the shell completes a line."""

from __future__ import annotations

import gettext
import sys

import catalogs
import click
import pytest
from click.testing import CliRunner

from commands import every_command
from scorekeeper import i18n
from scorekeeper.cli.app import cli
from scorekeeper.cli.base import Command


def test_every_click_module_that_speaks_binds_our_gettext():
    for name in ("click.core", "click.exceptions", "click.formatting", "click.decorators", "click.types",
                 "click.parser", "click.termui", "click.utils"):
        module = sys.modules[name]
        assert getattr(module, "_", i18n._) is i18n._, name
        assert getattr(module, "ngettext", i18n.ngettext) is i18n.ngettext, name
    assert gettext.gettext is i18n._ and gettext.ngettext is i18n.ngettext  # for a click module loaded later


def test_a_click_module_loaded_later_speaks_too():
    """click's shell completion is loaded only by the Tab key: its words still come through our catalogs."""
    saved = sys.modules.pop("click.shell_completion", None)
    try:
        import click.shell_completion as late

        assert late._ is i18n._
    finally:
        if saved is not None:
            sys.modules["click.shell_completion"] = saved


def test_the_catalogs_hold_every_message_of_the_installed_click():
    """A click release that marks a new message (or drops a literal for a variable, as ``[required]``) fails
    here until ``scripts/catalogs.py --click`` has recorded it (see docs/development.md, "Languages")."""
    template = catalogs.read_catalog(catalogs.TEMPLATE)
    installed = catalogs.click_messages()
    assert ("required", None) in installed
    missing = [message for message, context in installed if template.get(message, context=context) is None]
    assert not missing, missing


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_clicks_words_are_said_in_the_language_in_use(sk, language):
    shown = sk.runner.invoke(cli, ["--lang", language, "check", "deal", "--help"]).stdout
    assert "[required]" not in shown and "Usage:" not in shown
    refused = sk.runner.invoke(cli, ["--lang", language, "table", "--bogus"])
    assert refused.exit_code == 2 and "No such option" not in refused.stderr and "--bogus" in refused.stderr


FOUR = ("Masha", "Alex", "Olya", "Serg")


@pytest.fixture
def started(sk):
    sk("new", *FOUR)
    return sk


@pytest.mark.parametrize("option, first, second", [
    ("--out", "Masha", "Alex"), ("--fisher", "Masha", "Alex"), ("--led", "1-1", "2-2"), ("--last", "1-1", "2-2"),
])
def test_a_single_valued_round_option_given_twice_is_refused(started, option, first, second):
    line = started.fails("round", "--fish" if option == "--fisher" else "--out", "Masha", option, first,
                         option, second, "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3", code=2)
    assert f"{option} is given more than once" in line
    assert started.json()["rounds"] == 0


def test_an_option_given_twice_with_the_equals_form_is_refused_too(started):
    assert "--out is given more than once" in started.fails(
        "round", "--out=Masha", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3",
        code=2)


@pytest.mark.parametrize("args, option", [
    (["round", "--out", "Masha", "--out=Masha"], "--out"),
    (["round", "--led", "1-1", "Masha out, Alex 5", "--led", "2-2"], "--led"),
    (["export", "-o", "a.csv", "--output", "b.csv"], "--output"),
    (["export", "-oa.csv", "-o", "b.csv"], "--output"),
    (["check", "count", "--rules", "muggins", "--rules", "all-fives", "5"], "--rules"),
])
def test_a_single_valued_option_given_twice_is_refused_however_typed(started, args, option):
    assert f"{option} is given more than once" in started.fails(*args, code=2)


def test_repeatable_options_and_flags_still_repeat(started):
    started("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3", "--confirm",
            "--confirm")
    started("table", "--all", "--all")
    assert started.json()["rounds"] == 1


def test_every_command_refuses_a_repeated_option(tmp_path):
    """Every command the group hands out is a ``Command`` (a new one cannot forget ``cls=Command``), and its first
    single-valued option typed twice is refused before the command runs."""
    runner = CliRunner()
    refused = 0
    for path, command, _context in every_command():
        if isinstance(command, click.Group):
            continue
        assert isinstance(command, Command), path
        single = [param for param in command.params if isinstance(param, click.Option)
                  and not (param.multiple or param.is_flag or param.count or param.hidden)]
        if not single:
            continue
        typed, said = single[0].opts[0], max(single[0].opts, key=len)
        result = runner.invoke(cli, ["--match", str(tmp_path / "m.toml"), *path, typed, "x", typed, "x"])
        assert result.exit_code == 2 and f"{said} is given more than once" in result.stderr, (path, result.stderr)
        refused += 1
    assert refused > 15


def test_the_groups_own_match_option_may_be_given_again(sk, tmp_path):
    """A shell alias may name the club's file; --match after it still chooses another."""
    sk("--match", str(tmp_path / "other.toml"), "new", "Ann", "Bob")
    assert (tmp_path / "other.toml").exists() and not sk.path.exists()


def test_completion_reads_a_line_with_an_option_twice_without_refusing_it(sk):
    """The shell completes what is typed so far, however wrong: a repeated option is refused only when run."""
    sk("new", "Masha", "Alex")
    words = f"scorekeeper --match {sk.path} round --out Masha --out "
    result = CliRunner().invoke(cli, [], prog_name="scorekeeper", env={
        "_SCOREKEEPER_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()))})
    assert result.exit_code == 0 and result.stderr == ""
    assert [line.partition(",")[2] for line in result.stdout.splitlines()] == ["Masha", "Alex"]
