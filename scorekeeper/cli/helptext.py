"""``--help`` as a person reads it: in the language in use (the commands' and options' texts through the
catalogs, and the words click writes itself), and fitted to the screen's width."""

from __future__ import annotations

import inspect
import re
from contextlib import contextmanager

import click
from click.formatting import wrap_text

from scorekeeper import i18n
from scorekeeper.cli.output import screen_width
from scorekeeper.reports.columns import width
from scorekeeper.reports.fit import text_width, wrap

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
        first, indent = f"{prefix}{prog} ", " " * len(prefix)
        if text_width(first + args.split(" ", 1)[0]) > self.screen:  # a long [ПАРАМЕТРЫ]: never cut in two
            self.write(first.rstrip() + "\n")
            first = indent
        self.write("\n".join(wrap(args, self.screen, indent=indent, first=first)) + "\n")

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
    and ``COMMAND [ARGS]...``, and the explanation of ``--help``, which click writes once, when the option is
    made (a process that changes language, as the tests do, would keep the first one's). Its own help and its
    options' come from the catalogs where click formats them (``speaking``): ``--version``'s is written in
    English where the option is declared (``cli.app``), like every other option's, and never changed, so that
    the commands read for the catalogs (``scripts/catalogs.py``) hold it in English whatever ran before."""

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


class ScreenContext(click.Context):
    """A context whose help fits the screen (``ScreenFormatter``)."""

    formatter_class = ScreenFormatter

    def make_formatter(self) -> click.HelpFormatter:
        return self.formatter_class(screen_width(), max_width=self.max_content_width)
