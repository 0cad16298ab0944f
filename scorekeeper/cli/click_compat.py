"""The two things scorekeeper asks of click beyond its documented use, kept here so that a new click release
is checked in one place (``tests/cli/test_click_compat.py``; pyproject.toml names the releases allowed):

- click's own words (``Usage:``, ``Error:``, ``Show this message and exit.``, its usage errors) in the language
  in use. click ships no catalog; its modules call the standard gettext functions, each bound by name when the
  module was imported. ``speak_click`` points those names at scorekeeper's ``_`` and ``ngettext``, and the
  standard functions too, so that a click module loaded later (its editor, its shell completion) binds ours.
  Our catalogs carry click's messages of every allowed release (``scripts/catalogs.py``).
- A single-valued option given twice is refused (click keeps the last one: ``round --out Ann --out Bob`` would
  record Bob). ``RefusesRepeats`` reads the command line with the command's own parser (``make_parser``, the
  parser's ``parse_args``: public in every allowed release) before click parses it for real.
"""

from __future__ import annotations

import gettext
import sys

import click

from scorekeeper import i18n


def speak_click() -> None:
    """click's words through scorekeeper's catalogs, from now on (see the module's docstring)."""
    gettext.gettext, gettext.ngettext = i18n._, i18n.ngettext
    for name, module in list(sys.modules.items()):
        if name.startswith("click.") and module is not None:
            if hasattr(module, "_"):
                module._ = i18n._
            if hasattr(module, "ngettext"):
                module.ngettext = i18n.ngettext


def refuse_repeats(ctx: click.Context, order) -> None:
    """A usage error (exit 2) when an option that takes one value appears more than once in ``order``, the
    parameters in the order they were typed (a repeatable option, a flag or a counter may repeat)."""
    seen: set[str] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.is_flag or param.count:
            continue
        if param.name in seen:
            name = max(param.opts, key=len)
            raise click.UsageError(i18n._("{option} is given more than once: it takes one {metavar}").format(
                option=name, metavar=param.make_metavar(ctx)), ctx)
        seen.add(param.name)


class RefusesRepeats:
    """A command (put before ``click.Command`` among its bases) that refuses a single-valued option given twice.

    Shell completion parses what is typed so far leniently (``resilient_parsing``): nothing is refused there."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            _, _, order = self.make_parser(ctx).parse_args(args=list(args))  # the parser consumes its list
            refuse_repeats(ctx, order)
        return super().parse_args(ctx, args)
