"""Every scorekeeper command's class, and the options and the match file that commands share.

``Command`` and ``Group`` put together what each module of the command line holds: the option given twice
refused (``click_compat``), ``--help`` in the language in use and fitted to the screen (``helptext``), and a
failure said in one line with click's exit codes (``problems``)."""

from __future__ import annotations

import importlib
import os
import sys
from contextlib import contextmanager

import click

from scorekeeper import i18n
from scorekeeper.cli import safety
from scorekeeper.cli.click_compat import RefusesRepeats, speak_click
from scorekeeper.cli.helptext import ScreenContext, Usage
from scorekeeper.cli.language import decide
from scorekeeper.cli.problems import said_in_one_line
from scorekeeper.errors import InputError
from scorekeeper.storage.atomic import saved_paths
from scorekeeper.storage.default import DEFAULT_MATCH, default_path

speak_click()  # before any command is made: click writes some of its words (--help's) when it makes them



class Command(RefusesRepeats, Usage, click.Command):
    """Every scorekeeper command: ``@click.command(cls=Command)``, or ``@group.command()`` on a ``Group``."""

    context_class = ScreenContext


class Group(Usage, click.Group):
    """Turns library errors and click's usage errors into one ``Error: ...`` line with click's exit codes,
    wherever they come from: the group's own options or a command's (``problems.said_in_one_line``).

    The group's own ``--match`` may be given again and the last one holds (a shell alias that names the
    club's file can still be pointed elsewhere); a command's single-valued options may not (``Command``).

    Commands may be registered lazily as ``"module:attribute"`` in ``lazy`` so that each command imports
    only what it needs: every command must feel instant. With its summary in ``summaries`` (its help's first
    paragraph), a lazy command is listed (``--help``, Tab) without loading its module. The commands in
    ``lasting`` run until they are stopped (a session, a server); once one of them has run,
    ``lasting_invoked`` says so, and the process ends as Python ends it (``launch``), never at once.
    """

    context_class = ScreenContext
    command_class = Command

    def __init__(self, *args, lazy: dict[str, str] | None = None, summaries: dict[str, str] | None = None,
                 lasting: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.summaries = dict(summaries or {})
        self.lasting = frozenset(lasting)
        self.lasting_invoked = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str):
        if name in self.lazy and name not in self.commands:
            if ctx.meta.get(_LISTING) and name in self.summaries:  # a stand-in that knows its summary alone
                return self.command_class(name, help=self.summaries[name])
            module, attribute = self.lazy[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _listing(ctx):
            super().format_commands(ctx, formatter)

    def shell_complete(self, ctx: click.Context, incomplete: str):
        with _listing(ctx):
            return super().shell_complete(ctx, incomplete)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name, command, rest = super().resolve_command(ctx, args)
        if name in self.lasting:
            self.lasting_invoked = True
        return name, command, rest

    def main(self, args=None, *rest, **kwargs):
        decide(list(sys.argv[1:] if args is None else args))
        safety.degrade_output()
        return super().main(args, *rest, **kwargs)

    def make_context(self, *args, **kwargs) -> click.Context:
        with said_in_one_line(len(saved_paths())):  # 'scorekeeper --bogus table': one line too
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        with said_in_one_line(len(saved_paths())):  # once a change is saved, nothing after it may report failure
            result = super().invoke(ctx)
            safety.flush_output()
            return result


_LISTING = "scorekeeper.listing"
"""Set in a group's context while it lists its commands (``--help``, Tab): each lazy one with a summary is a
stand-in that gives it (``Group.summaries``)."""


@contextmanager
def _listing(ctx: click.Context):
    ctx.meta[_LISTING] = True
    try:
        yield
    finally:
        ctx.meta[_LISTING] = False


FORMAT_HELP = {("json",): i18n.N_("text for people, json for programs."),
               ("json", "toml"): i18n.N_("text for people, json or toml for programs."),
               ("json", "csv"): i18n.N_("text for people, json or csv for programs.")}
"""``--format``'s help, a whole sentence for each set of formats a command offers."""


def format_option(*choices: str):
    """``--format`` for every command that prints something programs may read."""
    return click.option("--format", "output_format", type=click.Choice(("text",) + choices), default="text",
                        show_default=True, help=FORMAT_HELP[choices])


def match_path(ctx: click.Context) -> str:
    path = ctx.find_root().params.get("match_path") or default_path()
    if os.path.isdir(path):
        raise InputError(i18n._("the match file {path} is a directory: give a file (like {example}) with --match "
                                "or SCOREKEEPER_MATCH").format(path=path, example=os.path.join(path, DEFAULT_MATCH)))
    return path


def table_language(ctx: click.Context, typed: str | None) -> str:
    """The language a new match remembers: the command's own --lang, else the group's ('scorekeeper --lang ru
    new ...' is as clear a wish as 'new --lang ru'); "" for none."""
    return typed or ctx.find_root().params.get("language") or ""


def seating_options(function):
    """``--team A,B`` (twice) and ``--name``: how a new match seats pairs, for ``new`` and ``play``."""
    function = click.option("--name", "team_names", multiple=True, help="A name for each --team, in order.")(function)
    return click.option("--team", "teams", multiple=True, metavar="A,B",
                        help="A partnership for a pairs game (give two); partners sit opposite.")(function)


def wide_option(function):
    """``--wide``: the full layout, whatever the screen's width (for a file, or a wide screen)."""
    return click.option("--wide", is_flag=True,
                        help="The full layout: every fact in the round labels, nothing fitted to the "
                             "screen's width.")(function)
