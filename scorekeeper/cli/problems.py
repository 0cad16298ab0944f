"""What a failing command says: one ``Error: ...`` line on stderr with click's exit codes, 2 for what was typed
wrong and 1 for a broken file or a state that forbids the command, whichever exception the library raised."""

from __future__ import annotations

from contextlib import contextmanager

import click

from scorekeeper import i18n
from scorekeeper.cli import safety
from scorekeeper.cli.output import PagerFailed, screen_height, screen_width
from scorekeeper.cli.stderr import discard_stdout
from scorekeeper.errors import Implausible, InputError, RulesetNotFound, ScorekeeperError, cut_echoes, printable
from scorekeeper.reports.fit import wrap

ERROR = i18n.N_("Error: ")


def error_lines(message: str) -> list[str]:
    """``Error: message`` as it is shown: what it repeats cut short (``cut_echoes``), one line, or on a screen
    too narrow for it (``COLUMNS``, else the terminal's width when stderr is a terminal) wrapped under its own
    text; never wrapped for a pipe or a file without ``COLUMNS``, so that a program reading stderr still gets
    one line per error."""
    prefix = i18n._(ERROR)
    return wrap(cut_echoes(message), screen_width(stream="stderr"), indent=" " * len(prefix), first=prefix)


class Problem(click.ClickException):
    """A file is broken or the match's state forbids the command (exit 1): ``Error: ...``, fitted to the
    screen (``error_lines``)."""

    def show(self, file=None) -> None:
        click.echo("\n".join(error_lines(self.format_message())), file=file, err=file is None)


class InputProblem(Problem):
    """What was typed is wrong: exit 2 like click's usage errors, but one line (wrapped only on a narrow screen)."""

    exit_code = 2


def usage_problem(error: click.UsageError) -> InputProblem:
    """click's usage error as one line, pointing to the help of the command it was typed to (click's own shows
    the usage line and a hint on three more)."""
    message = error.format_message()
    if error.ctx:
        message = i18n._("{message} (see '{command} --help')").format(message=message,
                                                                      command=error.ctx.command_path)
    return InputProblem(printable(message))


@contextmanager
def said_in_one_line(saved_before: int):
    """Run a command, turning what it raises into what a person reads: a library error, a usage error or a
    pager that failed into ``Error: ...`` with its exit code; a Ctrl-C, or output that cannot be written once
    the change is saved, into what ``safety`` says. ``saved_before``: how many writes the process had made
    before the command."""
    try:
        yield
    except KeyboardInterrupt:
        raise safety.interrupted(saved_before) from None
    except click.exceptions.NoArgsIsHelpError:
        raise  # a group called alone shows its help
    except click.UsageError as error:
        raise usage_problem(error) from None
    except Implausible as error:  # only round and edit refuse a round so: both take --confirm
        raise InputProblem(printable(i18n._("{problem}; --confirm records it").format(problem=error))) from None
    except (InputError, RulesetNotFound) as error:
        raise InputProblem(printable(str(error))) from None
    except PagerFailed as error:
        safety.check_saved(error, saved_before)
        raise Problem(printable(str(error))) from None
    except ScorekeeperError as error:
        problems = getattr(error, "problems", None)
        if problems and len(problems) > 1:  # a broken file: every problem, one line each
            echo_problems(problems)
            raise click.exceptions.Exit(1) from None
        raise Problem(printable(str(error))) from None
    except BrokenPipeError as error:
        safety.check_saved(error, saved_before)
        # the reader stopped reading (`scorekeeper table | head`): nothing went wrong here, say nothing; what is
        # left for stdout goes nowhere, so that Python's own flush at exit cannot fail on the closed pipe again
        discard_stdout()
        raise click.exceptions.Exit(1) from None
    except OSError as error:
        safety.check_saved(error, saved_before)
        raise Problem(printable(f"{getattr(error, 'filename', '') or ''}: "
                                f"{error.strerror or error}".lstrip(": "))) from None
    except Exception as error:
        safety.check_saved(error, saved_before)  # a fault after the change was saved is only a warning
        raise


SHOWN_PROBLEMS = 20
"""A broken file's problems fit one screen (24 lines): this many, then one line saying how many more."""


def echo_problems(problems) -> None:
    """Every problem of a broken file, one ``Error: file:line: message`` line each, at most a screenful (on a
    narrow screen, where a problem wraps, fewer: the lines shown and the last one fit ``screen_height``)."""
    budget = screen_height() - 2 if screen_width(stream="stderr") is not None else None  # the command, a prompt
    shown: list[str] = []
    for count, problem in enumerate(problems[:SHOWN_PROBLEMS]):
        lines = error_lines(printable(str(problem)))
        more = len(problems) - count - 1
        if budget is not None and len(shown) + len(lines) + (1 if more else 0) > budget and count:
            break
        shown += lines
    else:
        count = min(len(problems), SHOWN_PROBLEMS)
    rest = len(problems) - count
    if rest > 0:
        shown += error_lines(i18n.ngettext("... and {n} more problem", "... and {n} more problems", rest).format(
            n=rest))
    click.echo("\n".join(shown), err=True)
