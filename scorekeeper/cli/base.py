"""The command group: error mapping (one line on stderr, click's exit codes), shared options, output."""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from contextlib import contextmanager

import click
from click.formatting import wrap_text

from scorekeeper import i18n
from scorekeeper.cli import safety
from scorekeeper.cli.language import decide
from scorekeeper.errors import (
    Implausible,
    InputError,
    RulesetNotFound,
    ScorekeeperError,
    cut_echoes,
    printable,
)
from scorekeeper.reports.columns import width
from scorekeeper.reports.fit import wrap
from scorekeeper.storage.atomic import saved_paths

DEFAULT_MATCH = "match.toml"


def speak_click() -> None:
    """click's own words (``Usage:``, ``Error:``, ``Show this message and exit.``, its usage errors) in the
    language in use: click's modules call the standard gettext's functions, bound by name when each was
    imported; those loaded are pointed at ours, and the standard functions themselves too, so that a click
    module loaded later (its editor, its shell completion) binds ours. Our catalogs carry click's messages."""
    import gettext  # start-up: click has loaded it already

    gettext.gettext, gettext.ngettext = i18n._, i18n.ngettext
    for name, module in list(sys.modules.items()):
        if name.startswith("click.") and module is not None:
            if hasattr(module, "_"):
                module._ = i18n._
            if hasattr(module, "ngettext"):
                module.ngettext = i18n.ngettext


speak_click()


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


def strict_command(command: click.Command) -> click.Command:
    """A plain click command becomes a ``Command`` (same state, our parser check), so that every command
    refuses a single-valued option given twice."""
    if type(command) is click.Command:
        command.__class__ = Command
    return command


def refuse_repeats(ctx: click.Context, order) -> None:
    """click keeps the last of an option given twice (``round --out Ann --out Bob`` would record Bob): an
    option that takes one value, given more than once, is a usage error (exit 2)."""
    seen: set[str] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.is_flag or param.count:
            continue
        if param.name in seen:
            name = max(param.opts, key=len)
            raise click.UsageError(i18n._("{option} is given more than once: it takes one {metavar}").format(
                option=name, metavar=param.make_metavar(ctx)), ctx)
        seen.add(param.name)


class StrictParsing:
    """A command whose parser refuses a single-valued option given twice (see ``refuse_repeats``)."""

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args):
            opts, rest, order = parse(args=args)
            refuse_repeats(ctx, order)
            return opts, rest, order

        parser.parse_args = parse_args
        return parser


class ScreenFormatter(click.HelpFormatter):
    """click's help, fitted to the screen (``screen_width``): click never wraps narrower than 50 columns and
    leaves the examples (``\\b`` blocks) as typed, so on a phone every other line of ``--help`` broke in two.

    On a known width, an option's text goes under the option when beside it would leave too narrow a column,
    and any line still wider than the screen (a long example) wraps under its own start.  For a pipe or a file
    without ``COLUMNS`` the help is click's own."""

    NARROWEST_TEXT = 24
    """An option's explanation beside it gets at least this many columns, else it goes under the option."""

    def __init__(self, screen: int | None, **kwargs) -> None:
        super().__init__(width=screen, **kwargs)
        self.screen = screen

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if self.screen is None:
            return super().write_usage(prog, args, prefix)
        prefix = prefix or i18n._("Usage:") + " "
        prefix = f"{'':>{self.current_indent}}{prefix}"  # click would break even what fits
        self.write("\n".join(wrap(args, self.screen, indent=" " * len(prefix), first=f"{prefix}{prog} ")) + "\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first = min(max((len(term) for term, _ in rows), default=0), col_max) + col_spacing
        if self.screen is None or self.screen - self.current_indent - first >= self.NARROWEST_TEXT:
            return super().write_dl(rows, col_max, col_spacing)
        under = " " * (self.current_indent + 4)
        for term, text in rows:
            self.write(f"{'':>{self.current_indent}}{term}\n")
            if text:
                self.write(wrap_text(text, self.screen, initial_indent=under, subsequent_indent=under,
                                     preserve_paragraphs=True) + "\n")

    def getvalue(self) -> str:
        text = super().getvalue()
        if self.screen is None:
            return text
        lines = []
        for line in text.split("\n"):
            if width(line) <= self.screen:
                lines.append(line.rstrip())
                continue
            lead = len(line) - len(line.lstrip(" "))  # an example's own alignment is lost anyway: keep room
            lead = lead if self.screen - lead - 4 >= 24 else min(lead, 4)
            lines += wrap(line.strip(), self.screen, indent=" " * (lead + 4), first=" " * lead)
        return "\n".join(lines)


USAGE_WORDS = (i18n.N_("[OPTIONS]"), i18n.N_("COMMAND [ARGS]..."))
"""What click's usage line says of a command's options and of a group's commands, in the language in use."""


_COMMENT = r"^(.*?\S\s{2,}# )(.*)()$|^(.*?\S\s{2,}\()(.*)(\))$"
"""An example line's comment: ``  # ...`` or ``  (...)`` after it (compiled when a help is shown)."""


def help_parts(text: str) -> list[tuple[bool, str]]:
    """A command's help (click's cleaned text) cut into what the catalogs translate and what stays as it is:
    ``(True, message)`` and ``(False, text)``, which joined again give the help. A paragraph is one message
    (a whole sentence or more, free to be reordered within); in a block click keeps as typed (``\\b``), the
    lines at the margin are messages (a heading, prose between examples) and the indented lines, the
    examples' command lines and round lines, stay as they are, only a comment after one (``  # ...``,
    ``  (...)``) translated."""
    parts: list[tuple[bool, str]] = []
    for number, paragraph in enumerate(inspect.cleandoc(text).partition("\f")[0].split("\n\n")):
        if number:
            parts.append((False, "\n\n"))
        if not paragraph.startswith("\b\n"):
            parts.append((bool(paragraph.strip()), paragraph))
            continue
        parts.append((False, "\b\n"))
        lines = paragraph[2:].split("\n")
        prose: list[str] = []
        for index, line in enumerate(lines):
            if not line.startswith(" "):
                prose.append(line)
                continue
            if prose:
                parts += [(bool("".join(prose).strip()), "\n".join(prose)), (False, "\n")]
                prose = []
            comment = re.match(_COMMENT, line)
            if comment:
                before, said, after = (group for group in comment.groups() if group is not None)
                parts += [(False, before), (True, said)] + ([(False, after)] if after else [])
            else:
                parts.append((False, line))
            if index < len(lines) - 1:
                parts.append((False, "\n"))
        if prose:
            parts.append((bool("".join(prose).strip()), "\n".join(prose)))
    return parts


def translated_help(text: str | None) -> str | None:
    """A command's help (its docstring) in the language in use (``help_parts``): ``scripts/catalogs.py`` reads
    its messages from the commands themselves."""
    if not text or i18n.language() == "en":
        return text
    return "".join(i18n._(piece) if message else piece for message, piece in help_parts(text))


@contextmanager
def speaking(*things):
    """The commands' and options' ``help`` in the language in use while click formats them, the English put
    back after (a test's next run may speak another language): click keeps them as the code wrote them."""
    kept = [(thing, thing.help) for thing in things if getattr(thing, "help", None)]
    try:
        for thing, text in kept:
            thing.help = translated_help(text) if isinstance(thing, click.Command) else i18n._(text)
        yield
    finally:
        for thing, text in kept:
            thing.help = text


class Usage:
    """A command that says click's own words about it in the language in use: its usage line's ``[OPTIONS]``
    and ``COMMAND [ARGS]...``, and the explanations of ``--help`` and ``--version``, which click writes once,
    when the option is made (a process that changes language, as the tests do, would keep the first one's).
    Its own help and its options' come from the catalogs where click formats them (``speaking``)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with speaking(self):
            super().format_help_text(ctx, formatter)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with speaking(*self.get_params(ctx)):
            super().format_options(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with speaking(self):
            return super().get_short_help_str(limit)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [i18n._(piece) if piece in USAGE_WORDS else piece for piece in super().collect_usage_pieces(ctx)]

    def get_help_option(self, ctx: click.Context):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = i18n._("Show this message and exit.")
        return option

    def get_params(self, ctx: click.Context) -> list:
        params = super().get_params(ctx)
        for param in params:
            if isinstance(param, click.Option) and "--version" in param.opts:
                param.help = i18n._("Show the version and exit.")
        return params


class ScreenContext(click.Context):
    """A context whose help fits the screen (``ScreenFormatter``)."""

    formatter_class = ScreenFormatter

    def make_formatter(self) -> click.HelpFormatter:
        return self.formatter_class(screen_width(), max_width=self.max_content_width)


class Command(StrictParsing, Usage, click.Command):
    """Every scorekeeper command (see ``strict_command``)."""

    context_class = ScreenContext


class PathType(click.ParamType):
    """A path as typed (a file that may not exist yet), completed as a file by the shell: like click.Path()
    without its gettext call."""

    name = "path"

    def convert(self, value, param, ctx) -> str:
        return checked_path(self, os.fspath(value), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # start-up

        return [CompletionItem(incomplete, type="file")]


def checked_path(kind: click.ParamType, value, param, ctx):
    """A file name as typed: one holding a NUL character names no file (the system calls refuse it)."""
    if isinstance(value, str) and "\x00" in value:
        kind.fail(i18n._("'{name}' cannot be a file name (it holds a NUL character)").format(
            name=printable(value)), param, ctx)
    return value


class FilePath(click.Path):
    """click.Path, refusing a NUL in the name with a message rather than a traceback."""

    def convert(self, value, param, ctx):
        return super().convert(checked_path(self, value, param, ctx), param, ctx)


class Group(Usage, click.Group):
    """Turns library errors and click's usage errors into one ``Error: ...`` line with click's exit codes.

    The group's own ``--match`` may be given again and the last one holds (a shell alias that names the
    club's file can still be pointed elsewhere); a command's single-valued options may not (``Command``).

    Commands may be registered lazily as ``"module:attribute"`` in ``lazy`` so that each command imports
    only what it needs: every command must feel instant.
    """

    context_class = ScreenContext

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str):
        if name in self.lazy and name not in self.commands:
            module, attribute = self.lazy[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        command = super().get_command(ctx, name)
        return strict_command(command) if command is not None else None

    def main(self, args=None, *rest, **kwargs):
        decide(list(sys.argv[1:] if args is None else args))
        safety.degrade_output()
        return super().main(args, *rest, **kwargs)

    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            raise safety.interrupted() from None

    def invoke(self, ctx: click.Context):
        saved_before = len(saved_paths())  # once a change is saved, nothing after it may report failure
        try:
            result = super().invoke(ctx)
            safety.flush_output()
            return result
        except KeyboardInterrupt:
            raise safety.interrupted(saved_before) from None
        except click.exceptions.NoArgsIsHelpError:
            raise  # a group called alone shows its help
        except click.UsageError as error:
            message = error.format_message()
            if error.ctx:
                message = i18n._("{message} (see '{command} --help')").format(message=message,
                                                                              command=error.ctx.command_path)
            raise InputProblem(printable(message)) from None
        except Implausible as error:  # only round and edit refuse a round so: both take --confirm
            raise InputProblem(printable(i18n._("{problem}; --confirm records it").format(problem=error))) from None
        except (InputError, RulesetNotFound) as error:
            raise InputProblem(printable(str(error))) from None
        except ScorekeeperError as error:
            problems = getattr(error, "problems", None)
            if problems and len(problems) > 1:  # a broken file: every problem, one line each
                echo_problems(problems)
                raise click.exceptions.Exit(1) from None
            raise Problem(printable(str(error))) from None
        except BrokenPipeError as error:
            safety.check_saved(error, saved_before)
            # the reader stopped reading (`scorekeeper table | head`): nothing went wrong here, say nothing;
            # stdout goes to devnull so that Python's own flush at exit cannot fail on the closed pipe again
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
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


FORMAT_HELP = {("json",): i18n.N_("text for people, json for programs."),
               ("json", "toml"): i18n.N_("text for people, json or toml for programs."),
               ("json", "csv"): i18n.N_("text for people, json or csv for programs.")}
"""``--format``'s help, a whole sentence for each set of formats a command offers."""


def format_option(*choices: str):
    """``--format`` for every command that prints something programs may read."""
    return click.option("--format", "output_format", type=click.Choice(("text",) + choices), default="text",
                        show_default=True, help=FORMAT_HELP[choices])


def match_path(ctx: click.Context) -> str:
    path = ctx.find_root().params.get("match_path") or os.environ.get("SCOREKEEPER_MATCH") or DEFAULT_MATCH
    if os.path.isdir(path):
        raise InputError(i18n._("the match file {path} is a directory: give a file (like {example}) with --match "
                                "or SCOREKEEPER_MATCH").format(path=path, example=os.path.join(path, DEFAULT_MATCH)))
    return path



def table_language(ctx: click.Context, typed: str | None) -> str:
    """The language a new match remembers: the command's own --lang, else the group's ('scorekeeper --lang ru
    new ...' is as clear a wish as 'new --lang ru'); "" for none."""
    return typed or ctx.find_root().params.get("language") or ""

MIN_WIDTH = 20
"""Narrower than this, nothing is readable anyway: layouts are made for at least this many columns."""


def screen_width(wide: bool = False, stream: str = "stdout") -> int | None:
    """The columns people's output must fit: ``COLUMNS`` when set, else the terminal's width (80 when a
    terminal does not say); None (no limit, nothing shortened) with ``--wide`` or when ``stream`` (stdout, or
    stderr for errors) is a pipe or a file and ``COLUMNS`` is not set, so a saved table is never cut."""
    if wide:
        return None
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isascii() and columns.isdigit() and len(columns) < 7 and int(columns) > 0:  # not "²"
        return max(MIN_WIDTH, int(columns))
    stream = sys.stderr if stream == "stderr" else sys.stdout
    if not (hasattr(stream, "isatty") and stream.isatty()):
        return None
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError):
        return 80
    return max(MIN_WIDTH, columns) if columns else 80


def screen_height() -> int:
    """The lines of the screen: ``LINES`` when set, else the terminal's height, else 24."""
    lines = os.environ.get("LINES", "").strip()
    if lines.isascii() and lines.isdigit() and len(lines) < 7 and int(lines) > 0:
        return int(lines)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).lines or 24
    except (OSError, ValueError, AttributeError):
        pass
    return 24


def seating_options(function):
    """``--team A,B`` (twice) and ``--name``: how a new match seats pairs, for ``new`` and ``play``."""
    function = click.option("--name", "team_names", multiple=True, help="A name for each --team, in order.")(function)
    return click.option("--team", "teams", multiple=True, metavar="A,B",
                        help="A partnership for a pairs game (give two); partners sit opposite.")(function)


def wide_option(function):
    """``--wide``: the full layout, whatever the screen's width (for a file, or a wide screen)."""
    return click.option("--wide", is_flag=True,
                        help="The full layout: every fact in the round labels, nothing fitted to the "
                             "screen's width.")(function)


def echo_change(change, output_format: str, headline: str | None = None, **said) -> None:
    """What a command that changed the match shows: as JSON, what it ``said`` (``dropped=...``) with the new
    table (the table alone when it said nothing else); else the table after the change, under ``headline``."""
    if output_format == "json":
        echo_json({**said, "table": change.table.to_dict()} if said else change.table.to_dict())
        return
    from scorekeeper.reports.render import after_round  # start-up: commands that show no table skip it

    click.echo(after_round(change.table, change.after.ruleset, change.path, screen_width(), screen_height(),
                           headline=headline))


def echo_json(data) -> None:
    import json  # only --format json pays for it

    # Without ``indent`` json uses its C encoder: indented, a long match's table would go through the slower,
    # hungrier pure-Python one. Programs read it; people pipe it through ``python -m json.tool`` or jq.
    echo_for_programs(json.dumps(data, ensure_ascii=False) + "\n")


def _on_terminal() -> bool:
    return hasattr(sys.stdout, "isatty") and sys.stdout.isatty()


def _extent(text: str) -> tuple[int, int]:
    lines = text.splitlines()
    return max((width(line) for line in lines), default=0), len(lines)


def _pager_wanted() -> bool:
    """Whether a pager runs: both ends are a terminal, ``PAGER`` is not set empty (the way to want none),
    the terminal can page (not ``TERM=dumb``) and the program exists (``PAGER``'s, else less)."""
    import shlex  # start-up: only output too big for the screen pays for it
    import shutil  # start-up: likewise

    if not (hasattr(sys.stdin, "isatty") and sys.stdin.isatty()):
        return False
    pager = os.environ.get("PAGER")
    if pager is None and os.environ.get("TERM") in ("dumb", "emacs"):
        return False
    try:
        words = shlex.split(pager if pager is not None else "less")
    except ValueError:
        return False
    return bool(words) and shutil.which(words[0]) is not None


def echo_for_programs(text: str, save_hint: str = "> FILE") -> None:
    """Output for programs (``--format json|csv|markdown|toml``): to a pipe or a file exactly as it is, since
    scripts read it.  On a terminal, when it is wider or taller than the screen, it goes through the pager
    (``PAGER``, else ``less`` told ``-FRX`` like git does, so that it leaves at once what fits and leaves the
    text on screen); with no pager wanted or found, it is printed whole and one line on stderr says what
    does not fit (columns, lines) and ``save_hint``, the way to keep it whole."""
    screen = screen_width() if _on_terminal() else None
    if screen is None:
        click.echo(text, nl=False)
        return
    columns, lines = _extent(text)
    if columns <= screen and lines < screen_height():
        click.echo(text, nl=False)
        return
    if _pager_wanted():
        _page(text)
        return
    click.echo(text, nl=False)
    if columns > screen and lines >= screen_height():
        note = i18n._("Note: {columns} columns, {lines} lines: use {hint}")
    elif columns > screen:
        note = i18n._("Note: {columns} columns: use {hint}")
    else:
        note = i18n._("Note: {lines} lines: use {hint}")
    note = note.format(columns=columns, lines=lines, hint=save_hint)
    click.echo("\n".join(wrap(note, screen_width(stream="stderr"))), err=True)


def _page(text: str) -> None:
    """``text`` through the pager: ``PAGER``, else ``less`` told ``-FRX`` (leave at once what fits the screen,
    keep the text on it when leaving)."""
    if "PAGER" not in os.environ:
        os.environ.setdefault("LESS", "FRX")
    click.echo_via_pager(text if text.endswith("\n") else text + "\n")


def echo_paged(text: str) -> None:
    """Text for people that a person asked for whole (every round of the table, every rule): on a terminal,
    through the pager when it is taller than the screen, so that its start does not scroll away; printed as
    it is to a pipe or a file, or where no pager is wanted or found."""
    if _on_terminal() and _extent(text)[1] > screen_height() - 2 and _pager_wanted():
        _page(text)
        return
    click.echo(text)


def note_wide(text: str) -> None:
    """After ``--wide`` output on a terminal wider than the screen: one line on stderr says how wide it is,
    rather than the terminal cutting or wrapping it without a word.  Never for a pipe or a file."""
    screen = screen_width() if _on_terminal() else None
    columns, _ = _extent(text)
    if screen is not None and columns > screen:
        click.echo("\n".join(wrap(i18n._("Note: {columns} columns wide (--wide)").format(columns=columns), screen)),
                   err=True)
