"""``scorekeeper play`` driven through a real pseudo-terminal (pexpect), for the live-session tests."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pexpect

from conftest import command_environment, installed_command

PROMPT = r"(#\d+\+?|over|конец|кінець|#\d+(?: \d+)? [^\s>]+)> "
"""Every prompt of a session: the round to come (``#3>``, ``#3+>`` with claims noted, ``over>``), and in a hand
typed play by play the count where plays score and whose turn (``#3 15 Bob>``), or ``#3 hands>`` at its end;
in Russian and Ukrainian too (``конец>``, ``#3 руки>``)."""
QUESTION = (r"((last tile|led|последняя кость|заход|остання кістка|захід)\? \[Enter: [^\]]*\] "
            r"|(who made the fish|кто рыбак|хто рибалка|who leads|кто заходит|хто заходить)\? \[[^\]]*\] "
            r"|\d+-\d+ (on|на) [^?\n]+\? (\[[^\]]*\] )?)")
"""A question about a fact the round line left out (Sea Goat's last tile and lead, the fisherman), or the plays
(who leads, where a tile goes), in each language."""


class Play:
    """A ``scorekeeper play`` session in a pseudo-terminal."""

    def __init__(self, folder: Path, *args: str, columns: int = 80, command: list[str] | None = None,
                 **environment: str) -> None:
        command = command or installed_command()
        env = command_environment()
        env.update({"COLUMNS": str(columns), "LINES": "24", "TERM": "dumb", **environment})
        self.child = pexpect.spawn(command[0], command[1:] + ["play", *args], cwd=str(folder), env=env,
                                   encoding="utf-8", timeout=60, dimensions=(24, columns),
                                   codec_errors="replace")  # readline's echo of a long line may cut a letter
        # pexpect sleeps 50 ms before each line it sends, for a program that may not be reading yet; a line
        # here is sent once the prompt (or a question) shows, which readline shows once it is reading.
        self.child.delaybeforesend = None
        self.child.expect(PROMPT)
        self.greeting = self.child.before

    def say(self, line: str, *answers: str) -> str:
        """Type a line and Enter, then each of ``answers`` to the questions it asks ('last tile?'), and Enter
        (the default) to any question after them; what the session answered (after the last answer) before the
        next prompt."""
        self.child.sendline(line)
        waiting = list(answers)
        while self.child.expect([QUESTION, PROMPT]) == 0:
            self.child.sendline(waiting.pop(0) if waiting else "")
        assert not waiting, f"{line!r}: no question was asked for {waiting}"
        answer = self.child.before.replace("\r\n", "\n")
        return answer.split("\n", 1)[1] if "\n" in answer else ""  # the echoed line first

    def screen(self, line: str, *answers: str) -> str:
        """Type a line and Enter, then each of ``answers`` and Enter to the questions it asks, one each (a question
        without its answer, or an answer without its question, fails); what the terminal shows from the line
        typed to the next prompt: the line, each question with the answer typed, what the session answered, the
        prompt."""
        self.child.sendline(line)
        waiting = list(answers)
        shown = []
        while self.child.expect([QUESTION, PROMPT]) == 0:
            shown.append(self.child.before + self.child.after)
            assert waiting, f"{line!r}: {self.child.after!r} was asked, and no answer was given"
            self.child.sendline(waiting.pop(0))
        shown.append(self.child.before + self.child.after)
        assert not waiting, f"{line!r}: no question was asked for {waiting}"
        return "".join(shown).replace("\r\n", "\n")

    def kill(self) -> None:
        """Kill the session at once (SIGKILL: a crash, a dead phone terminal), leaving it no time to write."""
        self.child.kill(signal.SIGKILL)
        self.child.expect(pexpect.EOF)
        ended(self.child)
        assert self.child.signalstatus == signal.SIGKILL

    @property
    def prompt(self) -> str:
        """The prompt the session shows now."""
        return self.child.after

    def quit(self, how: str = "quit") -> str:
        if how == "quit":
            self.child.sendline("quit")
        else:
            self.child.sendeof()
        self.child.expect(pexpect.EOF)
        ended(self.child)
        assert self.child.exitstatus == 0, self.child.before
        return self.child.before


def ended(child: pexpect.spawn) -> None:
    """Close a command whose terminal said EOF once it has exited: pexpect's close() would first sleep 0.1 s to
    give a live child time to end (and then end it by force), where this child has already ended."""
    child.wait()
    child.delayafterclose = 0
    child.close()


PAGED = {"TERM": "xterm", "PAGER": "sed s/^/paged:/"}
"""A terminal that pages, through a pager that marks each line it was given."""


def shown_lines(text: str) -> list[str]:
    """The lines of ``text`` that hold something, without the terminal's escape sequences."""
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in text.replace("\r\n", "\n").splitlines()]
    return [line for line in lines if line.strip()]


def one_shot_on_terminal(folder, columns: int, *args: str) -> list[str]:
    """What a one-shot command shows on a terminal of ``columns`` and 24 lines that pages."""
    env = command_environment()
    env.update(COLUMNS=str(columns), LINES="24", **PAGED)
    command = installed_command()
    child = pexpect.spawn(command[0], command[1:] + list(args), cwd=str(folder), env=env, encoding="utf-8",
                          timeout=60, dimensions=(24, columns))
    child.expect(pexpect.EOF)
    ended(child)
    return shown_lines(child.before)
