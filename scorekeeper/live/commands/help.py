"""'help': what a round line looks like, the commands of the session's table and what each does, fitted to the
screen."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.i18n import N_, _
from scorekeeper.live.arguments import nothing_after
from scorekeeper.live.reply import Reply
from scorekeeper.notation.words import ENGLISH, word_in_use
from scorekeeper.reports.columns import width as text_width
from scorekeeper.reports.fit import wrap


def run(session, line) -> Reply:
    nothing_after("help", line.rest, _("'{help}' lists the commands").format(help=word_in_use("commands", "help")))
    rows = [(command.typed, command.meaning) for command in session.commands.values() if command.typed]
    return Reply(help_text(rows, session.screen().width, session.room()))


HELP_EXAMPLES = (
    (N_("Masha out, Alex 1-2 3-3, Olya 13, Serg 5"), N_("who went out; tiles or a total each")),
    (N_("m out 3 13 5"), N_("totals in seating order after the one out")),
    (N_("fish by o 2 3 13 5"), N_("a fish (by Olya), totals in seating order")),
    (N_("Ann out on 6-6, led 1-1, Bob 5-5 1-2"), N_("the last tile(s) and the lead")),
    (N_("Ann +15   Bob count 20"), N_("claims during play (the hand goes on)")),
)
"""Round lines and what they say; each language's catalog writes the lines in its own words (and names)."""
HELP_NARROW = N_("Unnamed totals go in seating order after the one out (a fish: from the first). Claims: "
                 "Ann +15, Bob count 20.")
"""What the examples' comments say, on a screen too narrow to put them beside the examples."""
HELP_PLAYS = (N_("Plays, as they happen: a 66 b 63, c knocks, b draws 2; undo takes back a play, allow lets a "
                 "breach of the rules stand."),
              N_("Plays, as they happen: a 66 b 63, c knocks, b draws 2; undo takes back a play."),
              N_("Plays: a 66 b 63, c knocks, b draws 2"))
HELP_NAMES = (N_("Names by any unique start; Tab completes names, commands and words. Russian and Ukrainian words "
                 "work too."),
              N_("Names: any unique start; Tab completes. Russian and Ukrainian words work too."))
"""The help's words on the plays of a hand and on names, and their short forms for a narrow screen."""


def _typed_as(typed: str) -> str:
    """A command's syntax ('table [all]', 'help, quit') in the words of the language in use."""
    words = []
    for word in typed.split(" "):
        bare = word.strip("[],")
        said = word_in_use("commands", bare) if bare in ENGLISH.commands else word_in_use("options", bare) \
            if bare == "all" else _("LINE") if bare == "LINE" else bare
        words.append(word.replace(bare, said) if bare else word)
    return " ".join(words)


def help_text(rows: Sequence[tuple[str, str]], width: int | None = None, height: int | None = None) -> str:
    """What ``help`` says, fitted to ``width`` columns (None: no limit), nothing cut mid-word: each example with
    its comment beside it where both fit, else the examples and one sentence for the comments; each command
    of ``rows`` (how it is typed, in English words, and what it does: a message) with what it does beside
    it, wrapped under itself.  Taller than ``height`` lines, the last examples give way, then the sentence
    on what the examples left out says (every command stays).  In the language in use, its commands' words
    and round lines."""
    examples = len(HELP_EXAMPLES)
    while True:
        lines = _help_lines(width, tuple((_(typed), _(meaning)) for typed, meaning in HELP_EXAMPLES[:examples]),
                            rows, claims_last=examples == len(HELP_EXAMPLES))
        if height is None or len(lines) <= height:
            return "\n".join(lines)
        if examples == 1:  # at 40 columns Russian and Ukrainian words wrap to more lines than English
            shorter = _help_lines(width, tuple((_(typed), _(meaning)) for typed, meaning in HELP_EXAMPLES[:1]),
                                  rows, claims_last=False, narrow_note=False)
            return "\n".join(shorter if len(shorter) < len(lines) else lines)
        examples -= 1


def _help_lines(width: int | None, examples: tuple[tuple[str, str], ...], rows: Sequence[tuple[str, str]],
                claims_last: bool, narrow_note: bool = True) -> list[str]:
    lines = [_("Type a round in one line, for example:")]
    column = max(text_width(typed) for typed, _meaning in examples) + 2
    if width is None or 2 + column + max(text_width(meaning) for _typed, meaning in examples) <= width:
        lines += [f"  {typed:<{column}}{meaning}" for typed, meaning in examples]
    else:
        alone = False  # the line before holds one whole example
        for typed, _meaning in examples[:-1] if claims_last else examples:
            together = f"{lines[-1]} · {typed}"
            if alone and text_width(together) <= width:
                lines[-1] = together  # short examples share a line: the help fits a 24-line screen
                alone = False
                continue
            example = wrap_between(typed, width, first="  ", indent="    ")
            lines += example
            alone = len(example) == 1
        if narrow_note:
            lines += wrap(_(HELP_NARROW), width, indent="  ", first="  ")
    lines += wrap(_longest_fitting(HELP_PLAYS, width, 2), width, indent="  ", first="  ")
    lines.append(_("Commands:"))
    commands = [(_typed_as(typed), _(meaning)) for typed, meaning in rows]
    column = max(text_width(typed) for typed, _meaning in commands) + 2
    for typed, meaning in commands:
        lines += wrap(meaning, width, indent=" " * (2 + column), first="  " + typed + " " * (column - text_width(typed)))
    lines += wrap(_longest_fitting(HELP_NAMES, width), width)
    return lines


def _longest_fitting(forms: tuple[str, ...], width: int | None, indent: int = 0) -> str:
    """The first of ``forms`` (messages) that fits ``width`` columns after ``indent``, else the last (wrapped);
    in the language in use."""
    said = [_(form) for form in forms]
    return next((form for form in said if width is None or indent + text_width(form) <= width), said[-1])


def wrap_between(text: str, width: int | None, first: str = "", indent: str = "  ") -> list[str]:
    """``first + text`` in lines of ``width`` columns, broken after the commas of a round line (between
    players, never inside one); a part still too wide is broken between words."""
    if width is None or text_width(first + text) <= width:
        return [first + text]
    lines = [first]
    for part in text.split(", "):
        joined = f"{lines[-1]}, {part}" if lines[-1].strip() else lines[-1] + part
        if lines[-1].strip() and text_width(joined + ",") > width:
            lines[-1] += ","
            lines.append(indent + part)
        else:
            lines[-1] = joined
    return [piece for line in lines for piece in wrap(line.strip(), width, indent=indent,
                                                       first=line[:len(line) - len(line.lstrip())])]
