"""A live session on one match (``scorekeeper play``): the scorer types round lines, plays and a few commands,
and each answer is text to show.  The session holds the open match (facts, ruleset and scored table) in memory
and records through the use cases, which score only the new round and save atomically under the match's
lock; a file changed by another command meanwhile is noticed, reloaded and said, never written over (one
another program broke or removed is said, each line refused until it is fixed, or written back by 'save').

The session is a loop over a table: each line is classified once (``live.line``) and answered by its entry in
the table of commands and kinds of line (``live.commands``), which 'help' and Tab completion read too.

Nothing here reads the keyboard or prints: ``handle(line)`` returns a ``Reply``; the CLI does the terminal.
"""

from __future__ import annotations

import os
import time
from typing import Callable, Mapping

from scorekeeper.errors import FileProblem, Implausible, ScorekeeperError, StateError, printable, quoted
from scorekeeper.i18n import _, ngettext
from scorekeeper.live.commands import COMMANDS, SessionCommand, entry
from scorekeeper.live.commands.quit import leave
from scorekeeper.live.hand import HandInPlay
from scorekeeper.live.line import Kind, Line, classify
from scorekeeper.live.reply import Reply, Screen
from scorekeeper.live.shown import shown_table
from scorekeeper.match import usecases
from scorekeeper.match.opened import OpenMatch, open_match
from scorekeeper.notation.names import fold
from scorekeeper.notation.words import answer_word, command_word, spoken, word_in_use, words_of
from scorekeeper.reports.fit import wrap_lines
from scorekeeper.reports.render import after_round, banner_lines
from scorekeeper.scoring.lead import opening
from scorekeeper.storage.stamp import MatchChanged, has_changed

__all__ = ["LiveSession", "Reply", "Screen"]

SESSION_HEIGHT = 10
"""The after-round block in a session: the confirmation, the header, the new row and the totals, the next
lead: the rows before are still on the screen above it."""


class LiveSession:
    """The open match, the hand in play, and what the session waits for (a yes, an answer); ``commands``: the
    table its lines are answered by."""

    def __init__(self, state: OpenMatch, screen: Callable[[], Screen] = Screen,
                 clock: Callable[[], float] = time.monotonic,
                 commands: Mapping[str, SessionCommand] = COMMANDS) -> None:
        self.state = state
        self.screen = screen
        self.clock = clock
        self.commands = commands
        self.just_recorded: tuple[object, float] | None = None
        """The round line's facts last recorded and when, while it is the newest change: the same round again
        soon after is a line pasted twice, asked about."""
        self.unconfirmed: Callable[[bool], Reply] | None = None
        """The change waiting for the scorer's yes (it is made again, confirmed, on a yes)."""
        self.declined = ""
        """What a no to that change says ('' : that nothing was recorded)."""
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
        """The hand typed play by play (a ``live.hand.HandInPlay``) until its round is recorded: the match file
        keeps it as it is typed (``Match.hand``), and a session opened on it takes it up again."""
        self.warned_hand = False
        """The scorer was told, at 'quit', that a hand is in play (a second 'quit' leaves, the hand kept in the match
        file for the next session)."""
        self.refused = None
        """The hand whose last line was refused for a breach of the rules of play, for 'allow' to make it (it may
        be a hand not yet started: a lead by another player than the one who leads)."""
        self.hand = self._kept_hand()

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

    # -- the hand in play ------------------------------------------------------------------------------------
    def _kept_hand(self, hand=None):
        """The hand the match file keeps in play (None: none), as a ``HandInPlay`` led as the match says; ``hand``
        (the session's own) when it is the same."""
        state = self.state
        kept = state.match.hand
        if kept is None:
            return None
        led = opening(state.ruleset, state.match, state.table.rounds[-1] if state.table.rounds else None)
        if hand is not None and hand.kept() == kept.facts() and hand.opening == led:
            return hand
        return HandInPlay.resume(state.ruleset, state.match.players, led, kept)

    def keep_hand(self, hand, before: tuple | None = None) -> None:
        """Write ``hand`` (a ``HandInPlay``; None or a hand with no play: none) to the match file as the hand in
        play, atomically as every write; ``before``: the hand's ``snapshot`` before this change, put back when
        the write fails (nothing changed, as for any refused line)."""
        kept = hand.kept() if hand is not None else None
        try:
            change = usecases.keep_hand(self.state, kept)
        except BaseException:
            if hand is not None and before is not None:
                hand.restore(before)
            raise
        self.state = change.after
        self.hand = hand if kept is not None else None

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
        if self.hand is not None:  # taken up where it was left
            said += "\n" + self.hand.resumed()
        elif not rounds:  # who leads the first round, as 'new' says it
            said += "\n" + self.state.table.lead_note.said()
        typing = _("Type a round, '{help}' or '{quit}'.").format(help=word_in_use("commands", "help"),
                                                                  quit=word_in_use("commands", "quit"))
        return self.fitted(f"{said}\n{typing}", indent="")

    def fitted(self, text: str, indent: str = "  ") -> str:
        """``text`` wrapped to the screen's width, words kept whole (lines that fit are left as they are);
        continuation lines start with ``indent``."""
        width = self.screen().width
        if width is None or not text:
            return text
        return "\n".join(wrap_lines(text.split("\n"), width, indent=indent))

    def room(self) -> int | None:
        """The lines an answer may take: the typed line above it and the next prompt stay on the screen."""
        height = self.screen().height
        return None if height is None else max(3, height - 2)

    # -- one line ---------------------------------------------------------------------------------------
    def handle(self, typed: str) -> Reply:
        """Answer one typed line: record, change or show; a refused line changes nothing and says why."""
        text = typed.strip()
        if not text:
            return Reply()
        line, answers = self._read(text)
        refused, self.refused = self.refused, None
        if answers.keeps or line.kind is Kind.COMMAND and line.command == "allow":
            self.refused = refused  # a question, or 'table', changes nothing: the breach still waits
        elif self.hand is not None:
            self.hand.pending = None  # 'allow' lets stand the breach just said, not one said lines ago
        self.unconfirmed = None
        self.declined = ""
        self.asking = None
        self.asked_about = text
        if answers.changes:  # a change between: the same round again is no line pasted twice
            self.just_recorded = None
        if line.kind is not Kind.COMMAND and not answers.keeps:
            self.warned_hand = False
        notice = ""

        def act() -> Reply:
            nonlocal notice, line, answers
            if answers.reloads:
                notice = self.reload_if_changed()
                if notice:  # the line is what it is in the match the file holds now
                    line, answers = self._read(text)
            return answers.run(self, line)

        reply = self._guarded(act)
        if notice:
            reply = reply._replace(text=notice + ("\n" + reply.text if reply.text else ""))
        return reply._replace(text=self.fitted(reply.text))

    def _read(self, text: str) -> tuple[Line, SessionCommand]:
        """What the line is, and the entry of the table that answers it."""
        line = classify(text, self.state.match, self.state.ruleset, self.hand)
        return line, entry(line, self.commands)

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
            declined, self.declined = self.declined, ""
            return Reply(declined or _("Not recorded."), ok=False)
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
                self.count()).format(path=self.path, reason=reason, n=self.count(),
                                     save=word_in_use("commands", "save"))), ok=False)

    def confirmable(self, action: Callable[[bool], Reply]) -> Reply:
        """Make a change; one no table could have made (Implausible) waits for the scorer's yes."""
        try:
            return action(False)
        except Implausible as error:
            self.unconfirmed = action
            return Reply(_("Implausible: {reason}.").format(reason=printable(str(error))), ok=False,
                         question=_("Record it anyway? [y/N] "))

    def changed(self, change: usecases.Change, headline: str, focus: int | None = None) -> Reply:
        """The match after ``change`` is the session's: said as the after-round block (``headline`` first; the
        rows around round ``focus``, else the newest), the match's end or its reopening not missed."""
        was_over = change.before is not None and change.before.table.over
        self.state = change.after
        hand, self.hand = self.hand, self._kept_hand(self.hand)  # led again as the rounds before it now say
        over = self.state.table.over
        screen = self.screen()
        height = None if screen.height is None else min(screen.height, SESSION_HEIGHT)
        text = after_round(shown_table(self.state.table), self.state.ruleset, self.path, screen.width, height,
                           headline=headline, focus=focus, ended=over and not was_over, standing=True,
                           explain=word_in_use("commands", "explain"))
        if was_over and not over:  # the prompt turning back from 'over>' is easily missed
            text += "\n" + "\n".join(banner_lines(_("Match reopened: it goes on."), screen.width))
        if self.hand is not None and self.hand is not hand:  # the rounds before the hand in play changed
            text += "\n" + "\n".join([_("The hand in play is kept.")] +
                                      [self.hand.breach_said(finding) for finding in self.hand.unsettled])
        return Reply(text)

    # -- the match file ---------------------------------------------------------------------------------
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
        self.hand = self._kept_hand(self.hand)

    def _unreadable(self, error: FileProblem) -> str:
        if not os.path.exists(self.path):
            return ngettext("{path} was removed by another program. Nothing was recorded: type '{save}' to "
                            "write the match held here ({n} round) back, then the line again.",
                            "{path} was removed by another program. Nothing was recorded: type '{save}' to "
                            "write the match held here ({n} rounds) back, then the line again.",
                            self.count()).format(path=self.path, save=word_in_use("commands", "save"),
                                                 n=self.count())
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

    def count(self) -> int:
        """The rounds of the match held here."""
        return len(self.state.match.rounds)

    def leave(self, command: str = "quit") -> Reply:
        """End the session (Ctrl-D, as 'quit': ``live.commands.quit``)."""
        return leave(self, command)

    def farewell(self) -> str:
        """The session's last line: where the match is saved, or that its file is gone or cannot be read."""
        held = self.held_elsewhere()
        if held == "removed":
            return self.fitted(_("Not saved: {path} was removed by another program.").format(path=self.path))
        if held == "broken":
            return self.fitted(ngettext(
                "Not saved: {path} was changed by another program and cannot be read; the match held here ({n} "
                "round) is not in it.",
                "Not saved: {path} was changed by another program and cannot be read; the match held here ({n} "
                "rounds) is not in it.", self.count()).format(path=self.path, n=self.count()))
        if self.hand is not None:
            plays = len(self.hand.plays)
            from scorekeeper.storage.default import play_command  # start-up: only a hand kept at the end

            return self.fitted(ngettext("Saved in {path}, with the hand in play ({n} play): '{resume}' goes on with "
                                        "it.",
                                        "Saved in {path}, with the hand in play ({n} plays): '{resume}' goes on "
                                        "with it.", plays).format(path=self.path, n=plays,
                                                                  resume=play_command(self.path)))
        return _("Saved in {path}.").format(path=self.path)

    def held_elsewhere(self) -> str:
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
                        self.count()).format(path=self.path, n=self.count())

    # -- Tab completion ---------------------------------------------------------------------------------
    def completions(self, before: str, word: str) -> list[str]:
        """What ``word`` may become, given the text ``before`` it on the line: a command at the start, the
        word a command takes after it ('check fish', 'table all'), else a player's name, a word of the round
        line or of a play.  The words in English and in the language in use (English only when that is
        English); a name before the words (names come first)."""
        languages = spoken()
        players = list(self.state.match.players)
        said = before.split()
        command = self.commands.get(command_word(said[0]) or "") if len(said) == 1 else None
        if not said:  # English as ever first
            options = [word for word, each in self.commands.items() if each.offered] + \
                words_of("commands", languages[1:]) + players
        elif command is not None and command.after:
            options = words_of("options", languages, command.after)
        elif self.hand is not None:  # what the hands hold once it is over: names and tiles only
            options = players + ([] if self.hand.over else words_of("plays", languages))
        else:
            options = players + words_of("round", languages) + words_of("plays", languages)
        key, folded = word.casefold(), fold(word)
        found = [option for option in options
                 if option.casefold().startswith(key) or fold(option).startswith(folded)]
        return list(dict.fromkeys(found))


def _error(message: str) -> str:
    """A refusal as the session says it: the message escaped (what was typed cannot drive the terminal)."""
    return _("Error: {message}").format(message=printable(message))
