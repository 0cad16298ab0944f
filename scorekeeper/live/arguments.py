"""What a session command takes after it: a round's number, a word such as 'all' in any language, or nothing
(more words are refused, saying what the command does)."""

from __future__ import annotations

from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, _
from scorekeeper.notation.numerals import parse_number
from scorekeeper.notation.words import ENGLISH, option_word, word_in_use


def number(text: str, usage: str, takes: str = N_("one round number")) -> int:
    """The number after a command (``usage``: how the command is typed, "delete N"); more words are refused
    with what the command ``takes`` (a message, marked N_ where it is written)."""
    if not text.strip():
        raise InputError(_("give the round's number: {usage}").format(usage=usage))
    if len(text.split()) > 1:
        raise InputError(_("{command} takes {takes}: {usage}").format(command=usage.split()[0], takes=_(takes),
                                                                     usage=usage))
    return parse_number(text, N_("a round number"), low=1)


def nothing_after(command: str, rest: str, what: str, number_hint: str = "") -> None:
    """Refuse words after a command that takes none (they were once dropped unsaid: 'undo 1' undid the last
    round), saying what the command does (and, after a number, ``number_hint``: the command that takes one).
    ``command``: its English word (said in the language in use), or the word as typed."""
    command = word_in_use("commands", command) if command in ENGLISH.commands else command
    if rest and rest.isascii() and rest.isdigit():
        if number_hint:
            raise InputError(_("{command} takes no number: {what}; {hint}").format(command=command, what=what,
                                                                                   hint=number_hint))
        raise InputError(_("{command} takes no number: {what}").format(command=command, what=what))
    if rest:
        raise InputError(_("{command} takes nothing after it: {what}").format(command=command, what=what))


def is_option(word: str, meaning: str) -> bool:
    """Whether ``word`` is the word ``meaning`` after a command ('all', 'list'; '--all'), in any of the
    languages or layouts ('все', 'усі', 'фдд')."""
    return word.casefold() == f"--{meaning}" or option_word(word.strip()) == meaning
