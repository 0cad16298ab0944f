"""The tallest answer of the ``play`` session on a 24-line screen (issue 21, item 5).

Not a test: run it by hand after installing the package (it needs pexpect, from the test extra):

    python benchmarks/tallest_answer.py                      # the installed scorekeeper
    python benchmarks/tallest_answer.py --source DIR         # another checkout's source tree (before and after)

The four games of the trial (Goat, Goat pairs, Sea Goat, Muggins) are typed into ``scorekeeper play`` through
a real pseudo-terminal of 24 lines, at 40 and at 80 columns: 25 rounds each under the built-in ruleset (hands
small enough that no match ends before them), with Muggins' claims between rounds, then every
command a scorer may type (table, explain, rules, help, the undo list...).  Each answer is measured in screen
rows as the terminal shows it (a line wider than the screen takes more than one row).  An answer fits when
the typed line and the next prompt stay on the screen with it: at most 22 rows.  An answer that went
through the pager is counted as the one line the pager command prints here (a pager shows a screenful at a
time; ``PAGER`` is set to a command that counts the lines it was given).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import tempfile

import pexpect

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scorekeeper.reports.columns import width as text_width  # noqa: E402

HEIGHT = 24
WIDTHS = (40, 80)
ROUNDS = 25
FITS = HEIGHT - 2  # the typed line above the answer, the next prompt under it
PLAYERS = ("Masha", "Alex", "Olya", "Serg")
GAMES = {  # the ruleset, how the players are seated, the largest hand typed
    "Goat": ("goat", (), 4),
    "Goat pairs": ("goat-pairs", ("--team", "Masha,Olya", "--team", "Alex,Serg"), 4),
    "Sea Goat": ("sea-goat", (), 9),
    "Muggins": ("muggins", (), 6),
}
COMMANDS = ("table", "table all", "explain", "explain 1", "explain 10", "explain 10 all", "rules", "rules all",
            "rules end.target", "rules fish", "help", "undo --list", "undo", "redo", "check deal",
            "check count 6-6 1-1")
PROMPT = re.compile(r"(?:#\d+\+?|over)> ")
QUESTION = re.compile(r"\[([^\]\n]*)\] ")
"""A question the session asks (``[y/N]``, ``[m/a/o/s]``, ``[Enter: no double]``): ``answer`` replies."""
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r(?!\n)")
PAGER = f"{sys.executable} -c \"import sys; print('[paged: %d lines]' % len(sys.stdin.read().splitlines()))\""


def round_lines(game: str, chance: random.Random) -> list[str]:
    """What a scorer types for 25 rounds: the short form (who went out, totals in seating order), a fish now
    and then (saying who made it, so the session need not ask); Muggins' claims during play before some rounds; Goat pairs' totals of the two opponents."""
    lines = []
    most = GAMES[game][2]
    for number in range(1, ROUNDS + 1):
        if game == "Muggins" and number % 3 == 0:
            lines.append(f"{chance.choice(PLAYERS)[0].lower()} +{chance.choice((5, 10, 15))}")
        out = chance.choice(PLAYERS)[0].lower()
        if number % 7 == 3:
            lines.append(f"fish by {out} " + " ".join(str(chance.randint(1, most)) for _ in PLAYERS))
        elif game == "Goat pairs":
            lines.append(f"{out} out " + " ".join(str(chance.randint(1, most)) for _ in range(2)))
        else:
            lines.append(f"{out} out " + " ".join(str(chance.randint(1, most)) for _ in range(3)))
    return lines


def rows(text: str, columns: int) -> int:
    """The screen rows ``text`` takes on a screen ``columns`` wide."""
    return sum(max(1, math.ceil(text_width(line) / columns)) for line in text.split("\n"))


def answer(choices: str) -> str:
    """The reply to a question offering ``choices``: yes to a yes/no, the first of the players' letters, else
    Enter (the session's default)."""
    if choices == "y/N":
        return "y"
    if "/" in choices and not choices.startswith("Enter"):
        return choices.split("/")[0]
    return ""


class Session:
    def __init__(self, command: list[str], folder: str, columns: int, args: list[str], env: dict[str, str]):
        self.child = pexpect.spawn(command[0], command[1:] + ["play", *args], cwd=folder, env=env,
                                   encoding="utf-8", timeout=60, dimensions=(HEIGHT, columns))
        self.child.expect(PROMPT)

    def say(self, line: str) -> tuple[str, bool]:
        """The answer to ``line`` (a yes/no question answered yes), and whether it went through the pager."""
        self.child.sendline(line)
        said = []
        while self.child.expect([PROMPT, QUESTION]) == 1:
            said.append(self.child.before + self.child.after)
            self.child.sendline(answer(self.child.match.group(1)))
        said.append(self.child.before)
        text = ESCAPES.sub("", "".join(said)).replace("\r\n", "\n").rstrip("\n")
        text = text.split("\n", 1)[1] if "\n" in text else ""  # the typed line, echoed
        return text, "[paged:" in text

    def close(self) -> None:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()


def measure(command: list[str], env: dict[str, str], game: str, columns: int) -> list[tuple[int, str, bool]]:
    """(rows, what was typed, paged) for every answer of one game at ``columns``."""
    base, seating, _ = GAMES[game]
    with tempfile.TemporaryDirectory() as folder:
        args = ["--rules", base, *(seating or PLAYERS)]
        environment = {**env, "COLUMNS": str(columns), "LINES": str(HEIGHT)}
        session = Session(command, folder, columns, args, environment)
        answers = []
        for line in round_lines(game, random.Random(21)) + list(COMMANDS):
            if line == COMMANDS[0] and session.child.after.strip() != f"#{ROUNDS + 1}>":
                raise SystemExit(f"{game}: the match did not take {ROUNDS} rounds ({session.child.after})")
            text, paged = session.say(line)
            answers.append((rows(text, columns) if text else 0, line, paged))
        session.close()
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", help="a checkout's folder: run its scorekeeper package (python -m)")
    parser.add_argument("--all", action="store_true", help="every command's tallest answer, not only the top")
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm", PAGER=PAGER, LC_ALL="C.UTF-8", INPUTRC="/dev/null")
    if args.source:
        env["PYTHONPATH"] = os.path.abspath(args.source)
        command = [sys.executable, "-m", "scorekeeper"]
    else:
        command = ["scorekeeper"]
    print(f"Tallest answer of 'scorekeeper play' at {HEIGHT} lines (fits: at most {FITS} rows); "
          f"{args.source or 'installed'}")
    tallest_of_all = 0
    for columns in WIDTHS:
        for game in GAMES:
            answers = measure(command, env, game, columns)
            tallest = max(answers)
            tallest_of_all = max(tallest_of_all, tallest[0])
            over = [f"{line} {size}" for size, line, _ in answers if size > FITS]
            paged = sorted({line for _, line, was in answers if was})
            print(f"  {columns:>2} columns  {game:<10}  tallest {tallest[0]:>3} rows ({tallest[1]})"
                  f"; over {FITS}: {len(over)}" + (f" ({', '.join(over)})" if over else "")
                  + (f"; paged: {', '.join(paged)}" if paged else ""))
            if args.all:
                for typed in dict.fromkeys(line for _, line, _ in answers if not PROMPT.match(line)):
                    if typed in COMMANDS:
                        size = max(size for size, line, _ in answers if line == typed)
                        print(f"      {typed:<22} {size:>3}")
    print(f"The tallest answer: {tallest_of_all} rows.")


if __name__ == "__main__":
    main()
