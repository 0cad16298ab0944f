"""The table for people's pages: a club's web page, a newsletter, a forum post, a wiki, a season's LaTeX report.

The people's table (the title, a row a round, the totals, the notes and how the match stands or who won) in one
of tabulate's formats (``formats.PUBLISHED``). tabulate lays the table out; each format's escaping is done here,
so that whatever a player is called (``<b>``, ``A&B``, ``_x_``, ``a|b``, a percent sign) is shown as typed and
is never taken for the page's markup, and the table's own emphasis (the totals) is the only markup in it. Names
and words keep their letters (Cyrillic included): every format is UTF-8 text.

This module imports tabulate: only the commands that publish import it (``cli/export_commands.py``,
``cli/match_commands.py``).
"""

from __future__ import annotations

import html
import re
from typing import Callable, NamedTuple

from tabulate import tabulate

from scorekeeper.i18n import _
from scorekeeper.reports.columns import standing_text
from scorekeeper.reports.render import describe_round, eggs_cell, side_cell, table_footer, table_title
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.table import RoundResult, Table


def _markdown(text: str) -> str:
    """A backslash before what Markdown reads as markup: emphasis, code, links, HTML, entities, a table's cells."""
    return re.sub(r"([\\`*_\[\]<>|~&])", r"\\\1", text)


def _markdown_line(text: str) -> str:
    """A line of its own: also what would start a heading, a quote or a list."""
    text = _markdown(text)
    return "\\" + text if text[:1] in ("#", "-", "+", "=") else text


def _rst(text: str) -> str:
    """A backslash before reStructuredText's inline markup (emphasis, literals, references, substitutions), and
    before a sign repeated alone, which would be a title's underline or a transition ("#")."""
    text = re.sub(r"([\\`*_|])", r"\\\1", text)
    return "\\" + text if len(set(text)) == 1 and text[0] in "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~" else text


_LATEX = str.maketrans({"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                        "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                        "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
                        "→": r"$\rightarrow$", "−": "$-$", "·": r"\textperiodcentered{}"})
"""LaTeX's special characters, and the table's own signs (arrow, minus, dot) as LaTeX writes them."""


def _latex(text: str) -> str:
    return text.translate(_LATEX)


_MEDIAWIKI = str.maketrans({char: f"&#{ord(char)};" for char in "&<>[]{}|!'~_=*#;"})
"""Everything MediaWiki reads as markup in a table's cell or a line, as a character reference: links,
templates, cells, bold and italics, signatures, magic words, headings and lists."""


def _mediawiki(text: str) -> str:
    return text.translate(_MEDIAWIKI)


def _mediawiki_line(text: str) -> str:
    """A line of its own: also what would start an indented line, a rule or preformatted text."""
    text = _mediawiki(text)
    return f"&#{ord(text[0])};{text[1:]}" if text[:1] in (":", "-", " ") else text


def _org(text: str) -> str:
    """``|`` as Org's ``\\vert{}`` (it would end a cell), and a zero-width space (the Org manual's own escape)
    after a backslash (an entity), inside ``[[`` (a link), and before a sign that would open emphasis: where it
    may (at the start or after a space or an opening sign) and a second one follows to close it."""
    text = text.replace("\\", "\\\u200b").replace("|", "\\vert{}").replace("[[", "[\u200b[")
    return re.sub(r"(^|[\s\-({'\"])([*/_=~+])(?=\S.*\2)", "\\1\u200b\\2", text)


def _org_line(text: str) -> str:
    """A line of its own: also what would start a heading, a list or a keyword."""
    text = _org(text)
    return "\u200b" + text if text[:1] in ("*", "#", "-", "+") else text


def _plain(text: str) -> str:
    return text


class _FormatStyle(NamedTuple):
    """How one published format says the table: tabulate's layout, the escaping of a text, the totals'
    emphasis, and the title and the lines under the table."""

    layout: str  # tabulate's tablefmt
    escape: Callable[[str], str]  # a cell's text
    escape_line: Callable[[str], str]  # a line's (the title, a note)
    strong: str  # the totals, "{}" the escaped text
    title: str  # the title line, "{}" the escaped title ("" where the table itself takes it)
    line: str  # a line under the table
    between: str  # what separates the title, the table and each line under it


_STYLES = {
    "markdown": _FormatStyle("pipe", _markdown, _markdown_line, "**{}**", "**{}**", "{}", "\n\n"),
    "github": _FormatStyle("github", _markdown, _markdown_line, "**{}**", "**{}**", "{}", "\n\n"),
    "html": _FormatStyle("unsafehtml", html.escape, html.escape, "<strong>{}</strong>", "<p><strong>{}</strong></p>",
                   "<p>{}</p>", "\n"),
    "latex": _FormatStyle("latex_raw", _latex, _latex, "\\textbf{{{}}}", "\\textbf{{{}}}", "{}", "\n\n"),
    "rst": _FormatStyle("rst", _rst, _rst, "**{}**", "**{}**", "{}", "\n\n"),
    "mediawiki": _FormatStyle("mediawiki", _mediawiki, _mediawiki_line, "'''{}'''", "", "{}", "\n\n"),
    "org": _FormatStyle("orgtbl", _org, _org_line, "*{}*", "#+CAPTION: {}", "{}", "\n\n"),
    "grid": _FormatStyle("grid", _plain, _plain, "{}", "{}", "{}", "\n\n"),
}


def publish(fmt: str, table: Table, ruleset: Ruleset, rounds: tuple[RoundResult, ...] | None = None) -> str:
    """The table in the published format ``fmt`` (one of ``formats.PUBLISHED``): its title, the ``rounds``
    (None: every round) and the totals, then the notes and how the match stands or ended (who won)."""
    style = _STYLES[fmt]
    shown = table.rounds if rounds is None else rounds
    escape = style.escape
    names = [side.name for side in table.sides]
    with_eggs = table.eggs or any(r.eggs_added or r.eggs_paid or r.eggs_rotten for r in shown)
    headers = ["#", _("round")] + names + ([_("eggs")] if with_eggs else [])
    rows = [[str(result.number), describe_round(result.facts)] + [side_cell(result.side(name)) for name in names]
            + ([eggs_cell(result)] if with_eggs else []) for result in shown]
    rows = [[escape(cell) for cell in row] for row in rows]
    totals = ["", _("total")] + [standing_text(side.score, side.remembered) for side in table.sides] \
        + ([f"+{table.eggs}" if table.eggs else ""] if with_eggs else [])
    rows.append([style.strong.format(escape(cell)) if cell else "" for cell in totals])
    grid = tabulate(rows, [escape(header) for header in headers], tablefmt=style.layout, disable_numparse=True,
                    colalign=("right", "left") + ("right",) * (len(headers) - 2))
    title = table_title(table, ruleset)
    if fmt == "mediawiki":  # the table's caption
        grid = grid.replace("|+ <!-- caption -->", f"|+ {escape(title)}", 1)
    parts = [style.title.format(style.escape_line(title))] if style.title else []
    parts.append(grid)
    parts += [style.line.format(style.escape_line(line)) for line in table_footer(table, ruleset, shown) if line]
    return style.between.join(parts) + "\n"
