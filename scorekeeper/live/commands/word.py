"""One word that names nobody and is no word of the round line: a command mistyped, the one it may have been
named."""

from __future__ import annotations

from difflib import get_close_matches

from scorekeeper.errors import InputError, quoted
from scorekeeper.i18n import _
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import LANGUAGES, word_in_use, words_of


def run(session, line) -> Reply:
    text = line.text
    near = [word_in_use("commands", "again")] if text.casefold() in ("new", "next") else \
        get_close_matches(text.casefold(), words_of("commands", tuple(LANGUAGES)), n=1)
    if near:
        raise InputError(_("{text} is not a command or a player (did you mean {near}?)").format(
            text=quoted(text), near=near[0]))
    raise InputError(_("{text} is not a command or a player: '{help}' lists the commands").format(
        text=quoted(text), help=word_in_use("commands", "help")))
