"""Click parameter types: parse what was typed at the boundary (tiles, PLAYER=VALUE pairs, file names)."""

from __future__ import annotations

import os
from typing import Any, Callable

import click

from scorekeeper.domain.tiles import Tile, parse_tile, parse_tiles
from scorekeeper.errors import InputError, printable, quoted
from scorekeeper.i18n import N_, _
from scorekeeper.notation.numerals import parse_number


class Parsed(click.ParamType):
    """What was typed, read by a core parser (``parse_tile``, ``parse_tiles``, ``parse_number``): its
    InputError becomes click's usage error (exit 2), in one line."""

    def __init__(self, name: str, parse: Callable[[str], Any], kind: type) -> None:
        self.name = name
        self.parse = parse
        self.kind = kind
        """What a value already parsed is (a default, or a value given twice): passed through."""

    def convert(self, value, param, ctx):
        if isinstance(value, self.kind):
            return value
        try:
            return self.parse(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


def whole_number(what: str, low: int | None = 0, high: int | None = None) -> Parsed:
    """A whole number typed as ASCII digits in a range (``scorekeeper.notation.numerals.parse_number``): "²",
    "1_0", "5.0" and 5,000 digits are refused in one line, as click's IntRange does not."""
    return Parsed("N", lambda text: parse_number(text, what, low, high), int)


class PlayerValue(click.ParamType):
    """``PLAYER=VALUE``, the value parsed as tiles or as a whole number."""

    def __init__(self, value: str, noun: str = N_("a total")) -> None:
        self.value = value
        self.noun = noun
        self.name = f"PLAYER={value}"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        player, sep, raw = value.partition("=")
        if not sep or not player.strip():
            self.fail(_("{value} should be written {form}").format(value=quoted(value), form=self.name), param, ctx)
        player = player.strip()
        if self.value == "TILES":
            try:
                return player, parse_tiles(raw)
            except InputError as error:
                self.fail(f"{player}: {error}", param, ctx)
        try:
            return player, parse_number(raw, self.noun)
        except InputError as error:
            self.fail(f"{player}: {error}", param, ctx)


TILE = Parsed("TILE", parse_tile, Tile)
TILES = Parsed("TILES", parse_tiles, tuple)
PLAYER_TILES = PlayerValue("TILES")
PLAYER_TOTAL = PlayerValue("N")
PLAYER_POINTS = PlayerValue("N", N_("in-play points"))
ROUND_NUMBER = whole_number(N_("a round number"), low=1)


class PathType(click.ParamType):
    """A path as typed (a file that may not exist yet), completed as a file by the shell: like click.Path()
    without its gettext call."""

    name = "path"

    def convert(self, value, param, ctx) -> str:
        if value == "":  # typed as '' (an empty environment variable is no value): not the default file
            self.fail(_("an empty name is no file: give the file's name"), param, ctx)
        return checked_path(self, os.fspath(value), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # start-up: keeps click's shell completion out

        return [CompletionItem(incomplete, type="file")]


class FromEnvironment(click.Option):
    """An option an environment variable may give (``--match``): its refusal names the option alone. click
    adds the variable's name, in English, whatever gave the value; no value the variable can hold is refused
    (an empty one is no value), so only a typed one ever is."""

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return click.Parameter.get_error_hint(self, ctx)


def checked_path(kind: click.ParamType, value, param, ctx):
    """A file name as typed: one holding a NUL character names no file (the system calls refuse it)."""
    if isinstance(value, str) and "\x00" in value:
        kind.fail(_("'{name}' cannot be a file name (it holds a NUL character)").format(
            name=printable(value)), param, ctx)
    return value


class FilePath(click.Path):
    """click.Path, refusing a NUL in the name with a message rather than a traceback."""

    def convert(self, value, param, ctx):
        return super().convert(checked_path(self, value, param, ctx), param, ctx)
