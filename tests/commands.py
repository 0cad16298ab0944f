"""Every command the ``scorekeeper`` group hands out, found from the group itself, so that a new command cannot
be missed by the tests that walk them all (help and docs/usage.md, the fuzz suite) or by benchmarks/fuzz_input.py."""

from __future__ import annotations

import click

from scorekeeper.cli.app import cli


def every_command() -> list[tuple[tuple[str, ...], click.Command, click.Context]]:
    """``(path, command, context)`` for every command and group, ``("check", "count")`` style paths."""
    root = cli.make_context("scorekeeper", ["table"], resilient_parsing=True)

    def walk(group, path, ctx):
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            here = click.Context(command, info_name=name, parent=ctx)
            yield path + (name,), command, here
            if isinstance(command, click.Group):
                yield from walk(command, path + (name,), here)

    return list(walk(cli, (), root))


LASTING = (("play",), ("serve",))
"""Commands that go on until they are stopped (the interactive session, the served scoreboard)."""
LASTING_OPTIONS = ("--follow",)
"""Options that make a command go on until it is stopped (``table --follow``)."""


def typed_commands() -> list[tuple[tuple[str, ...], list[str]]]:
    """The commands one types and that end by themselves (not groups, not ``LASTING``) with their option names
    (not ``LASTING_OPTIONS``), sorted."""
    return [(path, sorted(opt for param in command.params for opt in param.opts
                          if opt.startswith("-") and opt not in ("-h", "--help", *LASTING_OPTIONS)))
            for path, command, _ in every_command()
            if not isinstance(command, click.Group) and path not in LASTING]
