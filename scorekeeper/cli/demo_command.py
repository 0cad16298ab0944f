"""``scorekeeper demo``: the table of a bundled sample match, to see what scorekeeper does."""

from __future__ import annotations

import os

import click

from scorekeeper.cli.base import Command, format_option, wide_option
from scorekeeper.cli.output import echo_json, echo_paged, note_wide, screen_width
from scorekeeper.cli.params import FilePath
from scorekeeper.errors import InputError, StateError, printable, shell_word
from scorekeeper.i18n import _
from scorekeeper.match.opened import open_match
from scorekeeper.reports.fit import wrap
from scorekeeper.reports.render import render_table
from scorekeeper.samples import sample_names, sample_path


@click.command(cls=Command)
@click.argument("sample", required=False, default="goat")
@click.option("--save", "save_to", type=FilePath(dir_okay=False),
              help="Also copy the sample's match file here, to go on playing with it.")
@wide_option
@format_option("json")
def demo(sample: str, save_to: str | None, wide: bool, output_format: str) -> None:
    """Replay a bundled sample match and show its table (nothing is written unless --save).

    \b
    Examples:
      scorekeeper demo
      scorekeeper demo goat --save match.toml
    """
    if sample not in sample_names():
        raise InputError(_("unknown sample '{sample}' (samples: {samples})").format(
            sample=sample, samples=", ".join(sample_names())))
    opened = open_match(sample_path(sample))
    if save_to:
        if os.path.exists(save_to):
            raise StateError(_("{path} already exists: choose another path for the sample").format(path=save_to))
        import shutil  # start-up: only --save copies a file (shutil loads bz2 and lzma)

        shutil.copyfile(sample_path(sample), save_to)
    if output_format == "json":
        echo_json(opened.table.to_dict())
        return
    width = screen_width(wide)
    shown = render_table(opened.table, opened.ruleset, None, width, wide, key=True)
    if save_to:
        # a typed path: escaped, it cannot drive the terminal; the command on a line of its own, never cut (a
        # line break inside it would not copy as one command: the terminal wraps it instead)
        lines = wrap(_("Saved to {path}. Take back its last round, then record it again:").format(
            path=printable(save_to)), width, indent="  ")
        lines.append(f"  scorekeeper --match {shell_word(save_to)} undo")
    else:
        lines = wrap(_("Start your own: scorekeeper new Ann Bob"), width, indent="  ")
    if wide:
        click.echo("\n".join([shown, *lines]))
        note_wide(shown)
    else:  # a table of every round with its legend: at 40 columns taller than a 24-line screen in some languages
        echo_paged("\n".join([shown, *lines]))
