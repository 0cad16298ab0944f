"""Shell completion (bash, zsh, fish) of what a one-shot command takes: ruleset names and the match's players.

click completes the commands and options itself; these callbacks (``shell_complete=``) add the values. They
run inside the shell's Tab key: each one answers what it can and never fails nor prints, so a broken or
missing match file completes no player rather than showing an error in the middle of the typed line.
Enabled with ``eval "$(_SCOREKEEPER_COMPLETE=bash_source scorekeeper)"`` (docs/usage.md)."""

from __future__ import annotations

import os

import click

from scorekeeper.storage.default import default_path


def _items(values):
    from click.shell_completion import CompletionItem  # start-up: only the Tab key needs it

    return [CompletionItem(value) for value in values]


def ruleset_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The built-in rulesets starting with ``incomplete``, then the ``.toml`` files (and the folders that may
    hold one) its path names, but the match file itself (a match log, never a ruleset)."""
    from scorekeeper.rules.loader import builtin_names  # start-up: keeps the loader out of completing players

    found = [name for name in builtin_names() if name.startswith(incomplete)]
    match = os.path.realpath(_match_path(ctx))
    folder, start = os.path.split(incomplete)
    try:
        with os.scandir(os.path.expanduser(folder) or ".") as entries:
            for entry in sorted(entries, key=lambda entry: entry.name):
                if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
                    continue
                if entry.is_dir():
                    found.append(os.path.join(folder, entry.name) + "/")
                elif entry.name.endswith(".toml") and os.path.realpath(entry.path) != match:
                    found.append(os.path.join(folder, entry.name))
    except OSError:  # a folder that is not there or cannot be read: only the built-in names
        pass
    return _items(found)


def _match_path(ctx: click.Context) -> str:
    path = ctx.find_root().params.get("match_path") or default_path()
    return os.fspath(path)


def _players(ctx: click.Context) -> tuple[str, ...]:
    """The players of the match ``--match`` (or SCOREKEEPER_MATCH) names, read from the file's head alone (a
    Tab key never waits for a long match to be read and replayed); none when they cannot be read."""
    from scorekeeper.storage.head import players_in  # start-up

    try:
        return players_in(_match_path(ctx))
    except Exception:  # any fault of any file: a Tab key completes nothing rather than break the typed line
        return ()


def player_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The match's players starting with ``incomplete`` as the round line reads a name (case, ё/е, accents and
    look-alike letters folded: ``names.fold``), in seating order."""
    from scorekeeper.notation.names import fold  # start-up: keeps notation.names out of every command but Tab

    start = fold(incomplete)
    return _items([name for name in _players(ctx) if fold(name).startswith(start)])

