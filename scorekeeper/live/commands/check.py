"""'check fish|deal|hand|count ...': the referee's ruling, as 'scorekeeper check' gives it."""

from __future__ import annotations

import shlex

from scorekeeper.errors import InputError
from scorekeeper.i18n import _
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import option_word, word_in_use

CHECKS = ("fish", "deal", "hand", "count")
"""What 'check' rules on (``notation.words``' options: 'рыба' is 'fish')."""


def run(session, line) -> Reply:
    if not line.rest:
        raise InputError(_("check what? {check} {what} ... (as 'scorekeeper check')").format(
            check=word_in_use("commands", "check"), what="|".join(word_in_use("options", word) for word in CHECKS)))
    return Reply(delegate=("check", *_check_words(line.rest)))


def _check_words(rest: str) -> list[str]:
    """The words of 'check ...' as the command takes them (the first in English); 'check fish 2-4 4-1 ...'
    gives the line's tiles without '--line' (the flag a table hint named, refused here): the tiles before
    the first flag."""
    words = rest.split()
    if option_word(words[0]) in CHECKS:
        words[0] = option_word(words[0])
    if words[0].casefold() != "fish" or "--line" in words:
        return words
    if len(words) < 2 or words[1].startswith("-"):
        raise InputError(_("give the line's tiles in chain order: {check} {fish} 2-4 4-1 1-2 ...").format(
            check=word_in_use("commands", "check"), fish=word_in_use("options", "fish")))
    flagged = next((index for index, word in enumerate(words) if index and word.startswith("-")), len(words))
    tiles = words[1:flagged]
    return ["fish", "--line", shlex.quote(" ".join(tiles)), *words[flagged:]]
