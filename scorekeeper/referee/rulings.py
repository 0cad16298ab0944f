"""What the ``check`` commands need besides the rulings themselves: the ruleset a ruling uses, the open ends as
typed, and the match scored for ``explain`` (each ruling says its verdict itself: ``ruling.verdict``)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from scorekeeper.domain.tiles import Tile, parse_tile
from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import N_, _
from scorekeeper.notation.numerals import parse_number
from scorekeeper.rules.loader import load_ruleset

if TYPE_CHECKING:
    from scorekeeper.domain.facts import Match
    from scorekeeper.rules.ruleset import Ruleset
    from scorekeeper.scoring.table import Table

DEFAULT_RULES = "goat"


def ruling_ruleset(rules: str | None, match_path: str) -> Ruleset:
    """The ruleset a ruling uses: ``rules`` (a built-in name or a file), else the match's at ``match_path``,
    else goat when there is no match there."""
    if rules:
        return load_ruleset(rules)
    if os.path.exists(match_path):
        from scorekeeper.match.opened import match_ruleset  # start-up: keeps the match layer out of rulings without one

        return match_ruleset(match_path)[1]
    return load_ruleset(DEFAULT_RULES)


def ruling_table(rules: str | None, match_path: str) -> tuple[Ruleset, tuple[str, ...] | None]:
    """The ruleset a ruling uses (as ``ruling_ruleset``) and the players of the match at ``match_path`` in
    seating order (None when there is no match there), the match file read once and checked whole."""
    if rules:
        ruleset = load_ruleset(rules)
        if not os.path.exists(match_path):
            return ruleset, None
        from scorekeeper.match.opened import match_ruleset  # start-up: as in ruling_ruleset

        return ruleset, tuple(match_ruleset(match_path)[0].players)  # the match read is checked, as ever
    if os.path.exists(match_path):
        from scorekeeper.match.opened import match_ruleset  # start-up: as in ruling_ruleset

        match, ruleset = match_ruleset(match_path)
        return ruleset, tuple(match.players)
    return load_ruleset(DEFAULT_RULES), None


def scored_match(match_path: str, rules: str | None = None) -> tuple[Match, Ruleset, Table]:
    """The match with its table: under its own ruleset, or re-scored under ``rules``; the file checked whole
    under its own ruleset either way."""
    from scorekeeper.match.opened import open_match  # start-up: as in ruling_ruleset

    opened = open_match(match_path)
    if not rules:
        return opened.match, opened.ruleset, opened.table
    from scorekeeper.referee.rescore import rescore  # start-up: keeps re-scoring out of a ruling under its own rules

    rescored = rescore(opened.match, load_ruleset(rules))
    return opened.match, rescored.ruleset, rescored.table


def parse_ends(text: str) -> list[int | Tile | None]:
    """The open ends as typed, separated by spaces or commas: the number showing (5), a double lying across
    the end (6-6), or "-" for a side of the spinner not started (None). Whether each end fits the set is
    ``check_count``'s to say."""
    parsed: list[int | Tile | None] = []
    for word in text.replace(",", " ").split():
        if word == "-":
            parsed.append(None)
        elif word.isascii() and word.isdigit():
            parsed.append(parse_number(word, N_("an end")))
        else:
            try:
                parsed.append(parse_tile(word))
            except InputError:
                raise InputError(_("{word} is not an end: give the number showing (5), a double across the end "
                                   "(6-6), or '-' for a side of the spinner not started").format(
                    word=quoted(word))) from None
    return parsed
