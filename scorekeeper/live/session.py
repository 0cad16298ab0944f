"""A live session on one match (``scorekeeper play``): the scorer types round lines and a few commands, and
each answer is text to show.  The session holds the open match (facts, ruleset and scored table) in memory
and records through the use cases, which score only the new round and save atomically under the match's
lock; a file changed by another command meanwhile is noticed, reloaded and said, never written over (one
another program broke or removed is said, each line refused until it is fixed, or written back by 'save').

Nothing here reads the keyboard or prints: ``handle(line)`` returns a ``Reply``; the CLI does the terminal.
"""

from __future__ import annotations

import os
import re
import time
from typing import Callable, NamedTuple

from scorekeeper.errors import (
    FileProblem,
    Implausible,
    InputError,
    ScorekeeperError,
    StateError,
    printable,
    quoted,
)
from scorekeeper.i18n import N_, _, language, ngettext
from scorekeeper.live.hand import HandInPlay, line_plays
from scorekeeper.match import usecases
from scorekeeper.match.opened import OpenMatch, open_match
from scorekeeper.notation.numerals import parse_number
from scorekeeper.notation.round_line import (
    format_round,
    is_claims_only,
    read_round,
)
from scorekeeper.notation.words import (
    ENGLISH,
    LANGUAGES,
    answer_word,
    command_word,
    option_word,
    round_word,
    session_line,
    typed_commands,
)
from scorekeeper.reports.columns import width as text_width
from scorekeeper.reports.fit import wrap, wrap_lines
from scorekeeper.rules.loader import is_path
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.notes import in_session, said_otherwise
from scorekeeper.storage.stamp import MatchChanged, has_changed

COMMANDS = ("undo", "redo", "edit", "delete", "table", "explain", "check", "rules", "again", "save", "help", "quit")
"""The words a session line may start with; anything else is a round line (or claims during play)."""

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
HELP_PLAYS = (N_("Plays, as they happen: a 66 b 63, c knocks, b draws 2; undo takes back a play."),
              N_("Plays: a 66 b 63, c knocks, b draws 2"))
HELP_NAMES = (N_("Names by any unique start; Tab completes names, commands and words. Russian and Ukrainian words "
                 "work too."),
              N_("Names: any unique start; Tab completes. Russian and Ukrainian words work too."))
"""The help's words on the plays of a hand and on names, and their short forms for a narrow screen."""
HELP_COMMANDS = (
    ("undo", N_("drop the last round/claim")),
    ("redo [N]", N_("put back what was undone")),
    ("edit N LINE", N_("round N is LINE instead")),
    ("delete N", N_("delete round N")),
    ("table [all]", N_("the running table")),
    ("explain [N]", N_("how a round was scored")),
    ("check ...", N_("fish, deal, hand, count")),
    ("rules [all]", N_("the match's ruleset")),
    ("again", N_("once over: a rematch")),
    ("help, quit", N_("this help; leave (Ctrl-D)")),
)
"""Each command as it is typed (in the language in use: ``said_as``) and what it does."""


def said_as(command: str) -> str:
    """A session command (its English word) as the language in use types it; the English word where that
    language has none of its own (the English words always work)."""
    words = LANGUAGES.get(language(), ENGLISH)
    said = words.commands.get(command) or ()
    return said[0] if said else command


def option_as(option: str) -> str:
    """A word after a command ('all', 'list') as the language in use types it."""
    said = LANGUAGES.get(language(), ENGLISH).options.get(option) or ()
    return said[0] if said else option


def _typed_as(typed: str) -> str:
    """A command's syntax ('table [all]', 'help, quit') in the words of the language in use."""
    words = []
    for word in typed.split(" "):
        bare = word.strip("[],")
        said = said_as(bare) if bare in COMMANDS else option_as(bare) if bare == "all" else \
            _("LINE") if bare == "LINE" else bare
        words.append(word.replace(bare, said) if bare else word)
    return " ".join(words)


def help_text(width: int | None = None, height: int | None = None) -> str:
    """What ``help`` says, fitted to ``width`` columns (None: no limit), nothing cut mid-word: each example with
    its comment beside it where both fit, else the examples and one sentence for the comments; each command
    with what it does beside it, wrapped under itself.  Taller than ``height`` lines, the last examples give
    way (every command stays).  In the language in use, its commands' words and round lines."""
    examples = len(HELP_EXAMPLES)
    while True:
        lines = _help_lines(width, tuple((_(typed), _(meaning)) for typed, meaning in HELP_EXAMPLES[:examples]),
                            claims_last=examples == len(HELP_EXAMPLES))
        if height is None or len(lines) <= height or examples == 1:
            return "\n".join(lines)
        examples -= 1


def _help_lines(width: int | None, examples: tuple[tuple[str, str], ...], claims_last: bool) -> list[str]:
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
        lines += wrap(_(HELP_NARROW), width, indent="  ", first="  ")
    lines += wrap(_longest_fitting(HELP_PLAYS, width, 2), width, indent="  ", first="  ")
    lines.append(_("Commands:"))
    commands = [(_typed_as(typed), _(meaning)) for typed, meaning in HELP_COMMANDS]
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


HELP = help_text()
"""The help as a screen without a width limit shows it."""


class Reply(NamedTuple):
    """What the session says to one line.  ``ok`` is false when the line was refused (nothing changed);
    ``quit`` when the session ends; ``delegate`` names a read-only command the CLI runs as it is typed."""

    text: str = ""
    ok: bool = True
    quit: bool = False
    delegate: tuple[str, ...] = ()
    question: str = ""
    """A yes/no question to ask now (a round no table could have ended so); the answer goes to ``answer``."""
    page: bool = False
    """The text is one the scorer asked for whole ('table all', 'rules all'): through the pager where it is
    taller than the screen (the other answers are fitted to it)."""


class Screen(NamedTuple):
    """The size the answers must fit (None: no limit)."""

    width: int | None = 80
    height: int | None = 24


SESSION_HEIGHT = 10
"""The after-round block in a session: the confirmation, the header, the new row and the totals, the next
lead: the rows before are still on the screen above it."""


SAME_ROUND_SECONDS = 10.0
"""How soon after a round the same round again is asked about: a line pasted twice, or typed twice by two
people at the table, comes within it; the same round typed on purpose is rarely so quick."""


class LiveSession:
    def __init__(self, state: OpenMatch, screen: Callable[[], Screen] = Screen,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.state = state
        self.screen = screen
        self.clock = clock
        self.just_recorded: tuple[object, float] | None = None
        """The round line's facts last recorded and when, while it is the newest change: the same round again
        soon after is a line pasted twice, asked about."""
        self.unconfirmed: Callable[[bool], Reply] | None = None
        """The change waiting for the scorer's yes (it is made again, confirmed, on a yes)."""
        self.asked_about = ""
        """The line of the change waiting for the yes, to name it when the answer is no answer."""
        self.asking: Callable[[str], Reply] | None = None
        """What takes the answer to a question about a fact the round line left out ('last tile?')."""
        self.warned_gone = False
        """The scorer was told, at 'quit', that the match file was removed (a second 'quit' leaves without it)."""
        self.unwritten = False
        """A write failed (a full disk, a read-only folder): 'save' writes the match held here, to say whether
        the file can be written again."""
        self.hand = None
        """The hand typed play by play (a ``live.hand.HandInPlay``) until its round is recorded."""
        self.warned_hand = False

    @classmethod
    def open(cls, path: str, screen: Callable[[], Screen] = Screen) -> "LiveSession":
        return cls(open_match(path), screen)

    @property
    def path(self) -> str:
        return self.state.path

    def prompt(self) -> str:
        if self.state.table.over:
            return _("over> ")
        if self.hand is not None:
            return self.hand.prompt(len(self.state.match.rounds) + 1)
        pending = self.state.match.pending
        return f"#{len(self.state.match.rounds) + 1}{'+' if pending else ''}> "

    def greeting(self, new: bool = False, kept: str | None = None) -> str:
        """The first lines of a session, fitted to the screen: the match, and what to type.  ``new``: the match
        was just started (``kept``: where the match it replaced was kept)."""
        rounds = len(self.state.match.rounds)
        sides = ", ".join(side.name for side in self.state.match.sides)
        fields = {"ruleset": self.state.ruleset.called, "path": self.path, "sides": sides, "n": rounds}
        if new:
            said = _("New {ruleset} match in {path}: {sides}.").format(**fields)
        else:
            said = ngettext("{ruleset} match in {path}: {sides}; {n} round so far.",
                            "{ruleset} match in {path}: {sides}; {n} rounds so far.", rounds).format(**fields)
        if kept:
            said += " " + _("The match that was there is kept as {kept}.").format(kept=kept)
        if not rounds:  # who leads the first round, as 'new' says it
            said += "\n" + self.state.table.lead_note
        typing = _("Type a round, '{help}' or '{quit}'.").format(help=said_as("help"), quit=said_as("quit"))
        return self.fitted(f"{said}\n{typing}", indent="")

    def fitted(self, text: str, indent: str = "  ") -> str:
        """``text`` wrapped to the screen's width, words kept whole (lines that fit are left as they are);
        continuation lines start with ``indent``."""
        width = self.screen().width
        if width is None or not text:
            return text
        return "\n".join(wrap_lines(text.split("\n"), width, indent=indent))

    # -- one line ---------------------------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Answer one typed line: record, change or show; a refused line changes nothing and says why."""
        text = line.strip()
        if not text:
            return Reply()
        # the command in English, whichever language or keyboard layout it was typed in ('' for a round line)
        command, rest = session_line(text, self.state.match.players)
        self.unconfirmed = None
        self.asking = None
        self.asked_about = text
        if command in ("undo", "redo", "edit", "delete", "again"):  # a change between: the same round again is no paste
            self.just_recorded = None
        notice = ""

        def act() -> Reply:
            nonlocal notice
            if command not in ("help", "quit", "exit", "save"):  # these need no file (save reloads itself)
                notice = self.reload_if_changed()
            return self._dispatch(command, rest.strip(), text)

        reply = self._guarded(act)
        if notice:
            reply = reply._replace(text=notice + ("\n" + reply.text if reply.text else ""))
        return reply._replace(text=self.fitted(reply.text))

    def answer(self, text: str) -> Reply:
        """The scorer's answer to a reply's question: yes records the change as typed, no (or nothing: Enter,
        Ctrl-C, Ctrl-D) drops it; anything else is no answer but the next line, the change dropped and said
        so (a scorer not reading types the next round there, which was once taken as a no and lost)."""
        asking, self.asking = self.asking, None
        if asking is not None:
            reply = self._guarded(lambda: asking(text))
            return reply._replace(text=self.fitted(reply.text))
        action, self.unconfirmed = self.unconfirmed, None
        asked, self.asked_about = self.asked_about, ""
        if action is None:
            return Reply()
        said = answer_word(text)  # 'yes', 'no' or None, in any of the languages or layouts (notation.words)
        if said == "yes":
            reply = self._guarded(lambda: action(True))
            return reply._replace(text=self.fitted(reply.text))
        if not text.strip() or said == "no":
            return Reply(_("Not recorded."), ok=False)
        dropped = _("Not recorded: {asked} (the question takes y or n); {typed} is taken as the next "
                    "line.").format(asked=quoted(asked), typed=quoted(text.strip()))
        reply = self.handle(text)
        return reply._replace(text=self.fitted(dropped) + ("\n" + reply.text if reply.text else ""))

    def _guarded(self, action: Callable[[], Reply]) -> Reply:
        """An action's reply; a refusal as one line (nothing changed), a file changed meanwhile reloaded."""
        try:
            return action()
        except MatchChanged:
            try:
                self.reload()
            except StateError as error:
                return Reply(_error(str(error)), ok=False)
            return Reply(self._changed_text() + " " + _("Nothing was recorded: type the line again if it is "
                                                        "still needed."), ok=False)
        except ScorekeeperError as error:  # (what was typed, escaped: it cannot drive the terminal)
            return Reply(_error(str(error)), ok=False)
        except OSError as error:  # the file system refused the write: the session goes on without it
            self.unwritten = True
            reason = error.strerror or str(error)
            return Reply(_error(ngettext(
                "{path} cannot be written ({reason}). Nothing was recorded; the match held here ({n} round) is "
                "kept: once that is fixed, '{save}' writes it and the line can be typed again.",
                "{path} cannot be written ({reason}). Nothing was recorded; the match held here ({n} rounds) is "
                "kept: once that is fixed, '{save}' writes it and the line can be typed again.",
                self._count()).format(path=self.path, reason=reason, n=self._count(), save=said_as("save"))),
                ok=False)

    def _confirmable(self, action: Callable[[bool], Reply]) -> Reply:
        """Make a change; one no table could have made (Implausible) waits for the scorer's yes."""
        try:
            return action(False)
        except Implausible as error:
            self.unconfirmed = action
            return Reply(_("Implausible: {reason}.").format(reason=printable(str(error))), ok=False,
                         question=_("Record it anyway? [y/N] "))

    def reload_if_changed(self) -> str:
        """Reload the match when another command changed its file; what to tell the scorer ('' if nothing)."""
        stamp = self.state.stamp
        if stamp is None or not has_changed(self.path, stamp):
            return ""
        self.reload()
        return self._changed_text()

    def reload(self) -> None:
        """Read the match again from its file.  A file another program removed or broke is refused (StateError)
        saying what to do; the match held here is kept meanwhile, and each line tries the file again."""
        try:
            self.state = open_match(self.path)
        except FileProblem as error:
            raise StateError(self._unreadable(error)) from None

    def _unreadable(self, error: FileProblem) -> str:
        if not os.path.exists(self.path):
            return ngettext("{path} was removed by another program. Nothing was recorded: type '{save}' to "
                            "write the match held here ({n} round) back, then the line again.",
                            "{path} was removed by another program. Nothing was recorded: type '{save}' to "
                            "write the match held here ({n} rounds) back, then the line again.",
                            self._count()).format(path=self.path, save=said_as("save"), n=self._count())
        problems = getattr(error, "problems", None) or [error]
        fields = {"path": self.path, "problem": problems[0].format(), "n": len(problems) - 1}
        if len(problems) > 1:
            return ngettext("{path} was changed by another program and cannot be read: {problem} (and {n} more). "
                            "Nothing was recorded: fix the file, then type the line again.",
                            "{path} was changed by another program and cannot be read: {problem} (and {n} more). "
                            "Nothing was recorded: fix the file, then type the line again.",
                            len(problems) - 1).format(**fields)
        return _("{path} was changed by another program and cannot be read: {problem}. Nothing was recorded: "
                 "fix the file, then type the line again.").format(**fields)

    def _count(self) -> int:
        return len(self.state.match.rounds)

    def _rounds(self) -> str:
        rounds = len(self.state.match.rounds)
        return ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)

    def farewell(self) -> str:
        """The session's last line: where the match is saved, or that its file is gone or cannot be read."""
        held = self._held_elsewhere()
        if held == "removed":
            return self.fitted(_("Not saved: {path} was removed by another program.").format(path=self.path))
        if held == "broken":
            return self.fitted(ngettext(
                "Not saved: {path} was changed by another program and cannot be read; the match held here ({n} "
                "round) is not in it.",
                "Not saved: {path} was changed by another program and cannot be read; the match held here ({n} "
                "rounds) is not in it.", self._count()).format(path=self.path, n=self._count()))
        return _("Saved in {path}.").format(path=self.path)

    def _held_elsewhere(self) -> str:
        """Whether the match file still holds the session's match: '' when it does, else 'removed' or 'broken'
        (changed by another program so that it cannot be read)."""
        if not os.path.exists(self.path):
            return "removed"
        try:
            self.reload_if_changed()
        except StateError:
            return "broken"
        return ""

    def _changed_text(self) -> str:
        return ngettext("{path} was changed by another command: reloaded it ({n} round).",
                        "{path} was changed by another command: reloaded it ({n} rounds).",
                        self._count()).format(path=self.path, n=self._count())


    def _dispatch(self, command: str, rest: str, text: str) -> Reply:
        if command in ("quit", "exit"):
            _nothing_after(command, rest, _("'{command}' ends the session (or Ctrl-D)").format(
                command=said_as(command)))
            return self.leave(command)
        if command == "save":
            _nothing_after(command, rest, _("it writes the match back if its file was removed"))
            return self.save()
        if command == "help":
            _nothing_after(command, rest, _("'{help}' lists the commands").format(help=said_as("help")))
            return Reply(help_text(self.screen().width, self._room()))
        if self.hand is not None or not command:
            reply = self.in_hand(command, rest, text)
            if reply is not None:
                return reply
        if command == "undo" and rest.casefold() in ("--list", "list"):  # what 'redo N' numbers
            return Reply(delegate=("undo", "--list"))
        if command == "undo":
            _nothing_after(command, rest, _("it drops the last claim") if self.state.match.pending else
                           _("it drops the last round"),
                           number_hint=_("'{delete} N' deletes round N").format(delete=said_as("delete")))
            change = usecases.undo(self.state)
            return self._changed(change, _("Dropped {what}.").format(what=change.dropped))
        if command == "redo":  # the newest change taken back, or change N as 'scorekeeper undo --list' numbers them
            change = usecases.redo(self.state, _number(rest, f"{said_as('redo')} [N]", N_("one number or none"))
                                   if rest else None)
            return self._changed(change, _("Put back {what}.").format(what=change.restored))
        if command == "delete":
            number = _number(rest, f"{said_as('delete')} N")
            change = usecases.delete(self.state, number)
            return self._changed(change, _("Round {number} deleted.").format(number=number))
        if command == "edit":
            number_text, _space, line = rest.partition(" ")
            number = _number(number_text, f"{said_as('edit')} N {_('LINE')}")
            if not line.strip():
                first, second = self.state.match.players[:2]
                raise InputError(_("give the round's new line: {edit} {number} {first} {out}, {second} 3, "
                                   "...").format(edit=said_as("edit"), number=number, first=first,
                                                 second=second, out=_word_as("round", "out")))

            def edit(confirmed: bool) -> Reply:
                change = usecases.edit(self.state, number, line, confirmed=confirmed)
                return self._changed(change, self._said(number, change), focus=number)

            return self._confirmable(edit)
        if command == "table":
            if rest.casefold() not in ("", "all", "--all"):
                raise InputError(_("{table} takes '{all}' or nothing: '{table} {all}' shows every round").format(
                    table=said_as("table"), all=option_as("all")))
            return Reply(self.table_text(every=bool(rest)), page=bool(rest))
        if command == "explain":
            return self.explain(rest)
        if command == "check":
            if not rest:
                raise InputError(_("check what? {check} {what} ... (as 'scorekeeper check')").format(
                    check=said_as("check"), what="|".join(option_as(word) for word in ("fish", "deal", "hand",
                                                                                     "count"))))
            return Reply(delegate=("check", *_check_words(rest)))
        if command == "again":
            return self.again(text.partition(" ")[0].casefold(), rest)
        if command == "rules":
            return self.rules(rest)
        return self.record_line(text)

    def leave(self, command: str = "quit") -> Reply:
        """End the session; once, when another program removed the match file, say so first and offer 'save'."""
        if self.hand is not None and not self.warned_hand:
            self.warned_hand = True
            plays = len(self.hand.plays)
            return Reply(ngettext("A hand is in play ({n} play), not saved until it ends: '{command}' again leaves "
                                  "without it.",
                                  "A hand is in play ({n} plays), not saved until it ends: '{command}' again "
                                  "leaves without it.", plays).format(n=plays, command=said_as(command)), ok=False)
        held = self._held_elsewhere()
        if not held or self.warned_gone:
            return Reply(quit=True)
        self.warned_gone = True
        fields = {"path": self.path, "n": self._count(), "command": said_as(command), "save": said_as("save")}
        if held == "broken":
            return Reply(ngettext("{path} was changed by another program and cannot be read: fix it, or the match "
                                  "held here ({n} round) is lost when you leave; '{command}' again leaves without "
                                  "it.",
                                  "{path} was changed by another program and cannot be read: fix it, or the match "
                                  "held here ({n} rounds) is lost when you leave; '{command}' again leaves without "
                                  "it.", self._count()).format(**fields), ok=False)
        return Reply(ngettext("{path} was removed by another program: '{save}' writes the match held here ({n} "
                              "round) back; '{command}' again leaves without it.",
                              "{path} was removed by another program: '{save}' writes the match held here ({n} "
                              "rounds) back; '{command}' again leaves without it.",
                              self._count()).format(**fields), ok=False)

    def in_hand(self, command: str, rest: str, text: str) -> Reply | None:
        """A line of the hand typed play by play (``live.hand``): plays, ``undo`` of a play, the hands once it
        is over; None for a line that is not the hand's (a command that works as ever, a round line)."""
        hand = self.hand
        if hand is not None and command == "undo":
            if _is_all(rest):
                self.hand = None
                return Reply(ngettext("Dropped the hand in play ({n} play).", "Dropped the hand in play ({n} plays).",
                                      len(hand.plays)).format(n=len(hand.plays)))
            _nothing_after(command, rest, _("it takes back the last play ('{undo} {all}': every play of the "
                                            "hand)").format(undo=said_as("undo"), all=option_as("all")))
            play = hand.undo()
            if not hand.plays:
                self.hand = None
            return Reply(hand.undone(play))
        if hand is not None and command in ("redo", "again"):
            raise StateError(_("a hand is in play: '{command}' waits until its round is recorded").format(
                command=said_as(command)))
        if command:
            return None
        self.warned_hand = False
        if hand is not None and hand.over:
            knocks = hand.idle_knocks(text)
            if knocks is not None:
                return Reply(hand.answer(knocks))
            facts = hand.facts(text, self.state.match, self._partner_counts())

            def record(confirmed: bool) -> Reply:
                why = "" if confirmed else hand.implausible(facts)
                if why:
                    raise Implausible(why)
                change = usecases.record(self.state, facts, confirmed=confirmed)
                self.hand = None
                return self._changed(change, self._said(change.number, change))

            return self._confirmable(record)
        if hand is not None and round_word(text, self.state.match.players) == "fish":  # as the hand said it
            return Reply(hand.answer(hand.fish()))
        ruleset, players = self.state.ruleset, self.state.match.players
        plays = line_plays(text, players, ruleset["tiles.max_pip"], hand)
        if plays is None:
            return None  # a round line, claims, or a command mistyped
        if hand is None:
            if self.state.table.over:
                raise StateError(_("the match is over: '{again}' starts the next one").format(
                    again=said_as("again")))
            if self.state.match.pending:
                raise StateError(_("the claims of this hand are noted: record its round with a round line (or "
                                   "'{undo}' them) before typing a hand play by play").format(undo=said_as("undo")))
            hand = HandInPlay(ruleset, players, self.state.table.next_leader, first=not self.state.match.rounds)
        answer = hand.answer(hand.play_all(plays))
        self.hand = hand
        return Reply(answer)

    def again(self, command: str, rest: str) -> Reply:
        """The next match, once this one is over: the same seating and ruleset in the same file, the finished
        match kept beside it under a dated name; said as a new session's greeting says a new match."""
        _nothing_after(command, rest, _("'{command}' starts the next match with the same players").format(
            command=command))
        if not self.state.table.over:
            raise StateError(ngettext("the match is not over ({n} round so far): '{command}' starts the next one "
                                      "once it is",
                                      "the match is not over ({n} rounds so far): '{command}' starts the next one "
                                      "once it is", self._count()).format(n=self._count(), command=command))
        change = usecases.rematch(self.state)
        self.state = change.after
        sides = ", ".join(side.name for side in self.state.match.sides)
        said = _("New {ruleset} match: {sides}. The finished match is kept as {kept}.").format(
            ruleset=self.state.ruleset.called, sides=sides, kept=change.kept)
        return Reply(f"{said}\n{self.state.table.lead_note}")

    def save(self) -> Reply:
        """Write the match held here to its file again, after another program removed it (every accepted line
        is saved as it is typed: with the file there, there is nothing to do)."""
        if os.path.exists(self.path):
            notice = self.reload_if_changed()
            if self.unwritten and not notice:
                self.state = usecases.write_back(self.state, over=True).after
                self.unwritten = False
                return Reply(ngettext("Saved the match ({n} round) in {path}: it can be written again.",
                                      "Saved the match ({n} rounds) in {path}: it can be written again.",
                                      self._count()).format(n=self._count(), path=self.path))
            holds = _("{path} holds the match: every line is saved as it is typed.").format(path=self.path)
            return Reply(f"{notice} {holds}" if notice else holds)
        self.state = usecases.write_back(self.state).after
        self.unwritten = False
        self.warned_gone = False  # removed again later: 'quit' says so again
        return Reply(ngettext("Wrote the match ({n} round) back to {path}.",
                              "Wrote the match ({n} rounds) back to {path}.",
                              self._count()).format(n=self._count(), path=self.path))

    def record_line(self, text: str) -> Reply:
        if " " not in text and not re.search(r"[\d,;=+]", text):  # one word: a command mistyped, or a name
            from scorekeeper.notation.names import candidates  # start-up

            if not candidates(self.state.match.players, text) and round_word(text) is None:
                from difflib import get_close_matches  # start-up

                near = [said_as("again")] if text.casefold() in ("new", "next") else \
                    get_close_matches(text.casefold(), typed_commands(), n=1)
                if near:
                    raise InputError(_("{text} is not a command or a player (did you mean {near}?)").format(
                        text=quoted(text), near=near[0]))
                raise InputError(_("{text} is not a command or a player: '{help}' lists the commands").format(
                    text=quoted(text), help=said_as("help")))
        facts = read_round(self.short_claims(text), self.state.match, self._partner_counts())
        if is_claims_only(facts):
            return self.claim(facts.claims)
        return self.ask_or_record(facts)

    def record_facts(self, facts) -> Reply:
        """Record a round line's facts (asked about when the same round was just recorded, or when no table
        could have ended so)."""
        again = self.just_recorded
        now = self.clock()

        def record(confirmed: bool) -> Reply:
            change = usecases.record(self.state, facts, confirmed=confirmed)
            reply = self._changed(change, self._said(change.number, change))
            self.just_recorded = (facts, self.clock())
            return reply

        if again and again[0] == facts and now - again[1] <= SAME_ROUND_SECONDS:
            self.unconfirmed = record
            number = len(self.state.match.rounds)
            return Reply(_("Round {number} was this same round, just recorded: a line typed or pasted "
                           "twice?").format(number=number),
                         ok=False, question=_("Record it again as round {number}? [y/N] ").format(number=number + 1))
        return self._confirmable(record)

    def short_claims(self, text: str) -> str:
        """Claims run together, 'm10' (or 'm10 a5'), as the round line writes them ('m +10'): in a points
        race a claim is typed as the tile is laid, several a hand, and the name's start and the points need
        no space or '+' between them.  A line with any other word, or a word that names a player ('Ann2'),
        is left as it is."""
        from scorekeeper.notation.names import candidates  # start-up
        from scorekeeper.rules.schema import PlayScore  # start-up

        if self.state.ruleset["play.scores"] is PlayScore.NONE:
            return text
        words = text.split()
        found = [_SHORT_CLAIM.fullmatch(word) for word in words]
        players = self.state.match.players
        if not words or not all(found) or any(candidates(players, word) for word in words):
            return text
        return " ".join(f"{claim.group(1)} +{claim.group(2)}" for claim in found)

    # -- a fact worth asking -----------------------------------------------------------------------------
    def ask_or_record(self, facts) -> Reply:
        """Ask the first fact the line left out that could change the round's score; once none is left (or
        none could), record the round."""
        asked = self.worth_asking(facts)
        return self.ask(facts, asked[0]) if asked else self.record_facts(facts)

    def worth_asking(self, facts):
        """The facts the line left out that could change this round's score (``referee.asked``); a line that
        would be refused anyway is refused now (InputError), before any question."""
        from scorekeeper.referee.asked import worth_asking  # start-up

        state = self.state
        if state.table.over:
            return ()
        return worth_asking(state.ruleset, state.match, state.table, self.checked(facts))

    def checked(self, facts):
        """The round ``facts`` would record, checked as recording checks it; nothing is written."""
        from scorekeeper.match.checks import check_round  # start-up
        from scorekeeper.scoring.lead import lead_problem  # start-up

        state = self.state
        rnd = usecases.round_from_facts(state.match, state.ruleset, facts)
        check_round(state.match, state.ruleset, rnd)
        problem = lead_problem(state.ruleset, state.match, state.table.rounds[-1] if state.table.rounds else None,
                               rnd) if state.ruleset["hundred.enabled"] else None
        if problem:
            raise InputError(problem)
        return rnd

    def ask(self, facts, asked, again: str = "") -> Reply:
        """Ask for one left-out fact (``asked``: ``referee.asked.Asked``); Enter (or Ctrl-C) is the default, a
        plain tile.  An answer that cannot be the fact is asked again once with the reason (``again``: the
        reason, when this is that second time); a second such answer takes the default, said."""

        def answered(said: str) -> Reply:
            try:
                told = facts._replace(**_told(asked.fact.value, said))
                self.checked(told)
            except InputError as error:
                if not again:
                    return self.ask(facts, asked, again=f"{printable(str(error))}.")
                told = facts._replace(**_told(asked.fact.value, ""))
                reply = self.ask_or_record(told)
                taken = _(_NOT_EITHER[asked.fact.value]).format(said=quoted(said.strip()), edit=said_as("edit"))
                return reply._replace(text=self.fitted(taken) + ("\n" + reply.text if reply.text else ""))
            return self.ask_or_record(told)

        self.asking = answered
        text = _("{reason} Type the tile, or Enter for a plain one.").format(reason=again) if again else ""
        return Reply(text, ok=not again, question=_question(asked))

    def _said(self, number: int, change: usecases.Change) -> str:
        """The round as recorded, in the round syntax: every hand named, in seating order; where that would
        wrap, each player with their hand or total between dots, broken between players, never inside one
        (the short form, totals unnamed, hid who held what on a narrow screen)."""
        from scorekeeper.reports.render import joined_between  # start-up

        rnd = change.match.rounds[number - 1]
        # in the words of the language in use, as they read back; the plays were just answered one by one
        said = format_round(rnd._replace(plays=()), change.match, language=language())
        if rnd.plays:
            said += ", " + ngettext("{n} play", "{n} plays", len(rnd.plays)).format(n=len(rnd.plays))
        head = _("Round {number}: ").format(number=number)
        line = head + said
        width = self.screen().width
        if width is None or text_width(line) <= width:
            return line
        return "\n".join(joined_between(said.split(", "), width, first=head, indent="  "))

    def _partner_counts(self) -> bool:
        return bool(self.state.ruleset["count.partner_of_finisher"])

    def claim(self, claims) -> Reply:
        """Claims during play, all or none: each is checked on the hand as it would be after the ones before."""
        from scorekeeper.match.claims import add_claim, claim_points  # start-up
        from scorekeeper.reports.render import over_banner, standings  # start-up
        ruleset, match, table = self.state.ruleset, self.state.match, self.state.table
        told = claim_points(ruleset, claims)  # each checked, a count scored by the ruleset
        for claim in told:
            match = add_claim(match, ruleset, claim.player, claim.points, table.over, claim.count)  # nothing saved
            table = replay(ruleset, match, table.rounds, kept=len(match.rounds))  # a claim may end the match
        self.just_recorded = None  # the hand goes on: a round after it ends another hand
        for claim in told:
            # a count is kept as the count (it converts under another ruleset), the points as points
            points = None if claim.count is not None else claim.points
            self.state = usecases.score(self.state, claim.player, points, claim.count).after
        said = ", ".join(f"{claim.player} +{claim.points}" for claim in told)
        in_play = ", ".join(f"{name} {points}" for name, points in self.state.table.in_play.items() if points)
        text = _("Claimed: {claims} (in play this hand: {in_play}).").format(claims=said, in_play=in_play)
        table = self.state.table
        lines = wrap(text, self.screen().width, indent="  ") + standings(table, self.screen().width)
        if table.over:  # the claim that reaches the target ends the match: said as a round's would be
            lines += over_banner(table, self.state.ruleset, self.screen().width)
        return Reply("\n".join(lines))

    def _changed(self, change: usecases.Change, headline: str, focus: int | None = None) -> Reply:
        from scorekeeper.reports.render import after_round, banner  # start-up

        was_over = change.before is not None and change.before.table.over
        self.state = change.after
        over = self.state.table.over
        screen = self.screen()
        height = None if screen.height is None else min(screen.height, SESSION_HEIGHT)
        text = after_round(self.shown_table(), self.state.ruleset, self.path, screen.width, height,
                           headline=headline, focus=focus, ended=over and not was_over, standing=True,
                           explain=said_as("explain"))
        if was_over and not over:  # the prompt turning back from 'over>' is easily missed
            text += "\n" + banner(_("Match reopened: it goes on."))
        return Reply(text)

    def _room(self) -> int | None:
        """The lines an answer may take: the typed line above it and the next prompt stay on the screen."""
        height = self.screen().height
        return None if height is None else max(3, height - 2)

    def table_text(self, every: bool = False) -> str:
        """The latest rounds that fit the screen with the header, totals and what comes next; ``every``: all."""
        from scorekeeper.reports.render import fitted_table  # start-up

        return fitted_table(self.shown_table(), self.state.ruleset, self.screen().width,
                            None if every else self._room(), show_all=f"'{said_as('table')} {option_as('all')}'")

    def explain(self, rest: str) -> Reply:
        """'explain [N]': the round's facts and ruling fitted to the screen (the rules applied in order left out
        where they do not fit); 'explain [N] all' every line, through the pager."""
        words = rest.split()
        every = bool(words) and _is_all(words[-1])
        rest = " ".join(words[:-1] if every else words)
        number = _number(rest, f"{said_as('explain')} [N] [{option_as('all')}]",
                         N_("one round number or none, and 'all'")) if rest else None
        return Reply(self.explain_text(number, every), page=every)

    def explain_text(self, number: int | None, every: bool = False) -> str:
        from scorekeeper.referee.explain import explain_round  # start-up
        from scorekeeper.reports.explain import render_explanation  # start-up

        state = self.state
        explained = explain_round(state.match, state.ruleset, self.shown_table(), number)
        explained = explained._replace(facts=tuple(in_session(fact) for fact in explained.facts),
                                       result=_in_session_words(explained.result))
        return render_explanation(explained, self.screen().width, None if every else self._room(),
                                  show_all=f"'{said_as('explain')} {explained.number} {option_as('all')}'")

    def rules(self, rest: str) -> Reply:
        """'rules': the ruleset's key numbers in a few lines; 'rules all' every key, through the pager; 'rules
        KEY' (or a section) as 'scorekeeper rules show' says it."""
        from scorekeeper.reports.ruleset_text import render_ruleset, ruleset_summary  # start-up

        if not rest:
            return Reply(ruleset_summary(self.state.ruleset, self.screen().width))
        if _is_all(rest):
            return Reply(render_ruleset(self.state.ruleset, None, self.screen().width), page=True)
        return Reply(delegate=("rules", "show", self.ruleset_spec(), *rest.split()))

    def shown_table(self):
        """The table with its notes' hints in the session's words: a note names the command-line flag that
        would give what it lacks, which the session refuses; here it names the round line's way."""
        table = self.state.table
        if not any(said_otherwise(note) for result in table.rounds for note in result.notes):
            return table
        return table._replace(rounds=tuple(_in_session_words(result) for result in table.rounds))

    def ruleset_spec(self) -> str:
        spec = self.state.match.ruleset
        if not is_path(spec):
            return spec
        return os.path.join(os.path.dirname(os.path.abspath(self.path)), spec)

    # -- Tab completion ---------------------------------------------------------------------------------
    def completions(self, before: str, word: str) -> list[str]:
        """What ``word`` may become, given the text ``before`` it on the line: a command at the start, the
        word a command takes after it ('check fish', 'table all'), else a player's name, a word of the round
        line or of a play.  The words in English and in the language in use (English only when that is
        English); a name before the words (names come first)."""
        from scorekeeper.live.hand import play_words  # start-up
        from scorekeeper.notation.names import fold  # start-up

        spoken = _spoken()
        players = list(self.state.match.players)
        said = before.split()
        if not said:
            options = list(COMMANDS) + _words_of("commands", spoken[1:]) + players  # English as ever first
        elif len(said) == 1 and command_word(said[0]) in _AFTER:
            options = _words_of("options", spoken, _AFTER[command_word(said[0])])
        elif self.hand is not None:  # what the hands hold once it is over: names and tiles only
            options = players + ([] if self.hand.over else play_words(spoken))
        else:
            options = players + _words_of("round", spoken) + play_words(spoken)
        key, folded = word.casefold(), fold(word)
        found = [option for option in options
                 if option.casefold().startswith(key) or fold(option).startswith(folded)]
        return list(dict.fromkeys(found))


_AFTER = {"check": ("fish", "deal", "hand", "count"), "table": ("all",), "rules": ("all",),
          "undo": ("list", "all"), "explain": ("all",)}
"""The words each command takes after it, which Tab completes."""


def _spoken() -> tuple[str, ...]:
    """The languages whose words Tab offers: English, and the language in use."""
    return tuple(dict.fromkeys(("en", language() if language() in LANGUAGES else "en")))


def _words_of(table: str, spoken: tuple[str, ...], meanings: tuple[str, ...] | None = None) -> list[str]:
    """Every word of one of ``notation.words``' tables in the ``spoken`` languages (of ``meanings`` only,
    where given), English first."""
    return [word for code in spoken for meaning, said in getattr(LANGUAGES[code], table).items()
            if meanings is None or meaning in meanings for word in said]


_SHORT_CLAIM = re.compile(r"([^\W\d_][\w'’.-]*?)\+?([0-9]+)")
"""A claim run together: a name's start and the points ('m10', 'm+10')."""
_NOT_EITHER = {"last": N_("{said} is not the last tile either: taken as plain ('{edit}' changes it)."),
               "led": N_("{said} is not the lead either: taken as plain ('{edit}' changes it).")}
"""What a second answer that cannot be the fact is told (by ``referee.asked.Fact``'s value)."""
_PLAIN_ANSWERS = ("", "plain", "none", "no", "n", "-")
"""Answers to 'last tile?'/'led?' that mean the default: no tile a rule scores."""


def _question(asked) -> str:
    """'last tile? [Enter: no double] ', 'led? [Enter: not 6-6] ': the fact, and what Enter says of it."""
    from scorekeeper.domain.tiles import format_tiles  # start-up

    last = asked.fact.value == "last"
    if any(len(tiles) > 1 for tiles in asked.tiles):
        return _("last tile? [Enter: no double] ") if last else _("led? [Enter: no double] ")
    tiles = "/".join(format_tiles(tiles) for tiles in asked.tiles)
    return (_("last tile? [Enter: not {tiles}] ") if last else _("led? [Enter: not {tiles}] ")).format(tiles=tiles)


def _told(fact: str, said: str) -> dict:
    """The round facts an answer to 'last tile?' or 'led?' gives: tiles as a round line's 'on'/'led' takes
    them, or the default (Enter, 'plain'): a plain tile.  InputError when it is neither."""
    from scorekeeper.domain.tiles import parse_tiles  # start-up

    text = said.strip()
    if text.casefold() in _PLAIN_ANSWERS or round_word(text) == "plain":
        return {"plain_last": True} if fact == "last" else {"plain_led": True}
    tiles = parse_tiles(text)
    if fact == "last":
        return {"last": tiles}
    if len(tiles) != 1:
        raise InputError(_("a round is led with one tile, not {n}").format(n=len(tiles)))
    return {"led": tiles[0]}


def _in_session_words(result):
    """A round's result with its notes' hints in the session's words (the same object when none has one: the
    after-round notes are memoised by the results' identity)."""
    if not any(said_otherwise(note) for note in result.notes):
        return result
    known = _WORDED.get(id(result))
    if known is not None and known[0] is result:
        return known[1]
    edit = said_as("edit")
    worded = result._replace(notes=tuple(in_session(note, edit=edit, number=result.number) for note in result.notes))
    if len(_WORDED) > 4096:
        _WORDED.clear()
    _WORDED[id(result)] = (result, worded)
    return worded


_WORDED: dict[int, tuple[object, object]] = {}
"""Each result given in the session's words, by the result (its identity, the result kept alive with it): the
same result gives the same object, which the after-round notes are memoised by."""


def _check_words(rest: str) -> list[str]:
    """The words of 'check ...' as the command takes them; 'check fish 2-4 4-1 ...' gives the line's tiles
    without '--line' (the flag a table hint named, refused here): the tiles before the first flag."""
    import shlex  # start-up

    words = rest.split()
    if words[0].casefold() != "fish" or "--line" in words:
        return words
    if len(words) < 2 or words[1].startswith("-"):
        raise InputError(_("give the line's tiles in chain order: {check} {fish} 2-4 4-1 1-2 ...").format(
            check=said_as("check"), fish=option_as("fish")))
    flagged = next((index for index, word in enumerate(words) if index and word.startswith("-")), len(words))
    tiles = words[1:flagged]
    return ["fish", "--line", shlex.quote(" ".join(tiles)), *words[flagged:]]


def _number(text: str, usage: str, takes: str = N_("one round number")) -> int:
    """The number after a command (``usage``: how the command is typed, "delete N"); more words are refused
    with what the command ``takes`` (a message, marked N_ where it is written)."""
    if not text.strip():
        raise InputError(_("give the round's number: {usage}").format(usage=usage))
    if len(text.split()) > 1:
        raise InputError(_("{command} takes {takes}: {usage}").format(command=usage.split()[0], takes=_(takes),
                                                                     usage=usage))
    return parse_number(text, N_("a round number"), low=1)


def _nothing_after(command: str, rest: str, what: str, number_hint: str = "") -> None:
    """Refuse words after a command that takes none (they were once dropped unsaid: 'undo 1' undid the last
    round), saying what the command does (and, after a number, ``number_hint``: the command that takes one)."""
    command = said_as(command) if command in COMMANDS or command == "exit" else command
    if rest and rest.isascii() and rest.isdigit():
        if number_hint:
            raise InputError(_("{command} takes no number: {what}; {hint}").format(command=command, what=what,
                                                                                   hint=number_hint))
        raise InputError(_("{command} takes no number: {what}").format(command=command, what=what))
    if rest:
        raise InputError(_("{command} takes nothing after it: {what}").format(command=command, what=what))


def _is_all(word: str) -> bool:
    """Whether ``word`` is 'all' ('--all'), in any of the languages or layouts ('все', 'усі', 'фдд')."""
    return word.casefold() == "--all" or option_word(word.strip()) == "all"


def _error(message: str) -> str:
    """A refusal as the session says it: the message escaped (what was typed cannot drive the terminal)."""
    return _("Error: {message}").format(message=printable(message))


def _word_as(table: str, word: str) -> str:
    """A word of the round line (``table`` 'round') as the language in use types it."""
    said = getattr(LANGUAGES.get(language(), ENGLISH), table).get(word) or ()
    return said[0] if said else word

