"""Text for people: a ruling's verdict and its reasons (kept apart so rulings start fast)."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.referee.verdict import Citation
from scorekeeper.reports.fit import wrap_lines
from scorekeeper.rules.book import cite, edition


def without_titles(source: str) -> str:
    """A key's source without the titles of the articles it names ("rules.md §1.2 (000, 004)"): on a screen
    they fill lines with what the rule book (rules.md) already lists; ``rules.book.cite`` adds them."""
    start = source.find("; ")
    while start != -1:  # the source itself may hold "; 000: ..." (a quote): the head that cites to the start,
        head = source[:start]  # what follows the titles ("; set by goat") kept
        cited = cite(head)
        rest = source[len(cited):]
        if cited != head and source.startswith(cited) and (not rest or rest.startswith("; ")):
            return head + rest
        start = source.find("; ", start + 2)
    return source


def render_ruling(verdict: str, reasons: tuple[Citation, ...], ruleset_name: str, width: int | None = None) -> str:
    """A short verdict, then its reasons, each with the ruleset key, its value and source; wrapped to
    ``width`` (None: no limit; a screen's width also leaves out the source articles' titles)."""
    lines = [verdict, "", _("Reasons ({name}):").format(name=ruleset_name)]
    for item in reasons:
        lines.append(f"  - {item.text}")
        if item.key:
            cited = f"{item.key} = {item.value}"
            if item.source:
                source = edition(item.source if width is None else without_titles(item.source))
                cited = _("{key} = {value}; source: {source}").format(key=item.key, value=item.value, source=source)
            lines.append(f"      [{cited}]")
    if width is not None:
        lines = wrap_lines(lines, width, indent="  ")
    return "\n".join(lines)
