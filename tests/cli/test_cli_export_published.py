"""The published tables (issue 30): ``export --format`` and ``table --format`` in tabulate's formats, for a club's
page, a wiki, a newsletter or a LaTeX report. Players named like markup (``<b>``, ``A&B``, ``50%``, ``_x_``, a
``|``) are shown as typed, read back by a real reader where one is at hand (HTML, Markdown, reStructuredText);
Cyrillic is kept; the table says who won; a 500-round match is published whole; ``-o FILE`` refuses to write
over a file without ``--force``; and each format has a golden file (tests/golden/published/FORMAT.txt).

When the layout changes on purpose, look at the new files and keep them:
    SCOREKEEPER_GOLDEN=update pytest tests/cli/test_cli_export_published.py && git diff tests/golden
"""

from __future__ import annotations

import html
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import Table
from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.match.record import new_match
from scorekeeper.reports.formats import PUBLISHED
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage.matchfile import save_match

GOLDEN = Path(__file__).parents[1] / "golden" / "published"
UPDATE = os.environ.get("SCOREKEEPER_GOLDEN") == "update"
NAMES = ("<b>", "A&B", "50%", "_x_ | Маша")
"""Names a page's markup would read: a tag, an entity, a comment (LaTeX), emphasis, a table's cell; and Cyrillic."""
ROUNDS = [
    ["--out", "<b>", "--total", "A&B=12", "--total", "50%=9", "--total", "_x_ | Маша=20"],
    ["--fish", "--fisher", "A&B", "--total", "<b>=14", "--total", "A&B=6", "--total", "50%=21",
     "--total", "_x_ | Маша=17"],
    ["--out", "_x_ | Маша", "--total", "<b>=25", "--total", "A&B=30", "--total", "50%=21"],
    ["--out", "_x_ | Маша", "--hand", "<b>=1-2,0-3", "--hand", "A&B=4-4", "--hand", "50%=6-5,4-5,0-0"],
]


@pytest.fixture(scope="module")
def published_once(tmp_path_factory) -> tuple[str, dict]:
    """A draw match of NAMES played to its end (the winner records the others' pips, first to 100)."""
    keeper = Table(tmp_path_factory.mktemp("published"))
    keeper("new", "--rules", "draw", *NAMES)
    for args in ROUNDS:
        keeper("round", *args)
    table = keeper.json()
    assert table["over"] and table["winner"] == "_x_ | Маша"
    return keeper.path.read_text(encoding="utf-8"), table


@pytest.fixture
def published(published_once, sk) -> dict:
    text, table = published_once
    sk.path.write_text(text, encoding="utf-8")
    return table


@pytest.mark.parametrize("fmt", PUBLISHED)
def test_golden_published_table(sk, published, fmt):
    text = sk("export", "--format", fmt).stdout
    golden = GOLDEN / f"{fmt}.txt"
    if UPDATE or not golden.exists():
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{golden} was missing: written; look at it and commit it")
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs: if the change is meant, SCOREKEEPER_GOLDEN=update pytest {__file__}")


@pytest.mark.parametrize("fmt", PUBLISHED)
def test_the_table_says_who_won_and_keeps_cyrillic(sk, published, fmt):
    text = sk("export", "--format", fmt).stdout
    assert "Маша" in text
    assert re.search(r"Match over: .*Маша.* wins with 110 points", text), text
    russian = sk("--lang", "ru", "export", "--format", fmt).stdout
    assert "Маша" in russian and "кон" in russian and "побеждает" in russian, russian


def _cells(rows: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    return rows[0], rows[1:]


class _HTMLTable(HTMLParser):
    """The text of every cell, row by row, and every tag met."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: set[str] = set()
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def _check_read_back(rows: list[list[str]], table: dict) -> None:
    """The header names every player as typed; the last row holds the totals of the table's JSON."""
    header, body = _cells(rows)
    assert header[:2] == ["#", "round"] and header[2:6] == list(NAMES), header
    assert body[0][1] == "<b> out"
    assert body[-1][1] == "total"
    assert body[-1][2:6] == [str(side["score"]) for side in table["sides"]]


def test_html_is_read_back_as_typed(sk, published):
    page = _HTMLTable()
    page.feed(sk("export", "--format", "html").stdout)
    _check_read_back(page.rows, published)
    assert page.tags == {"p", "strong", "table", "thead", "tbody", "tr", "th", "td"}  # no <b> made of a name


@pytest.mark.parametrize("fmt", ["markdown", "github"])
def test_markdown_is_read_back_as_typed(sk, published, fmt):
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark").enable("table").render(sk("export", "--format", fmt).stdout)
    page = _HTMLTable()
    page.feed(rendered)
    _check_read_back(page.rows, published)
    assert page.tags == {"p", "strong", "table", "thead", "tbody", "tr", "th", "td"}, rendered
    assert rendered.count("<strong>") == 1 + 1 + len(NAMES)  # the title, then "total" and the totals


def test_rst_is_read_back_as_typed(sk, published):
    from docutils import nodes
    from docutils.core import publish_doctree

    tree = publish_doctree(sk("export", "--format", "rst").stdout, settings_overrides={"report_level": 5})
    problems = [message.astext() for message in tree.findall(nodes.system_message) if message["level"] >= 2]
    assert problems == [], problems
    assert not list(tree.findall(nodes.emphasis)) and not list(tree.findall(nodes.reference))
    assert not list(tree.findall(nodes.substitution_reference))
    rows = [[entry.astext() for entry in row.findall(nodes.entry)] for row in tree.findall(nodes.row)]
    rows[-1][0] = ""  # rst's placeholder for an empty first cell ("..", a comment)
    _check_read_back(rows, published)


def _split_rows(text: str, start: str, separator: str, unescape) -> list[list[str]]:
    return [[unescape(cell.strip()) for cell in re.split(separator, line.strip().strip(start))]
            for line in text.splitlines() if line.startswith(start) and not set(line) <= set("|-+:")]


LATEX_BACK = [(r"\textless{}", "<"), (r"\textgreater{}", ">"), (r"\textbar{}", "|"), (r"\&", "&"), (r"\%", "%"),
              (r"\_", "_"), (r"\textbf{", ""), ("}", "")]


def _latex_back(cell: str) -> str:
    for escaped, char in LATEX_BACK:
        cell = cell.replace(escaped, char)
    return cell.replace(r"\#", "#").replace(r"\textperiodcentered{", "·")


def test_latex_escapes_every_special_character(sk, published):
    text = sk("export", "--format", "latex").stdout
    body = text[text.index(r"\begin{tabular}"):text.index(r"\end{tabular}")]
    lines = [line.rstrip("\\ ") for line in body.splitlines() if " & " in line]
    rows = [[_latex_back(cell.strip()) for cell in line.split(" & ")] for line in lines]
    _check_read_back(rows, published)
    for name in NAMES:  # each special character of a name is escaped: no bare &, %, _, <, > or |
        escaped = name.replace("&", r"\&").replace("%", r"\%").replace("_", r"\_").replace("<", r"\textless{}") \
            .replace(">", r"\textgreater{}").replace("|", r"\textbar{}")
        assert escaped in text, escaped
    assert not re.search(r"(?<!\\)[%_<>|]", text.replace(r"\textbar{}", "")), text


def test_mediawiki_writes_markup_signs_as_references(sk, published):
    text = sk("export", "--format", "mediawiki").stdout
    rows = [line for line in text.splitlines() if line.startswith(("!", "| ")) and not line.startswith("|+")]
    cells = [[html.unescape(cell.split("|", 1)[1] if "style=" in cell else cell).strip()
              for cell in re.split(r"!!|\|\|", line[1:])] for line in rows]
    cells[-1] = [cell.strip("'") for cell in cells[-1]]  # the totals in bold: '''N'''
    _check_read_back(cells, published)
    for name in NAMES:
        assert html.unescape(name) in [html.unescape(cell) for cell in cells[0]]
    assert "&#60;b&#62;" in text and "A&#38;B" in text and "&#95;x&#95; &#124; Маша" in text
    assert "<b>" not in text and "A&B" not in text


def test_org_keeps_cells_and_writes_no_emphasis(sk, published):
    text = sk("export", "--format", "org").stdout
    rows = _split_rows(text, "|", r"(?<!\\vert{})\|", lambda cell: cell.replace("\\vert{}", "|").replace("\u200b", ""))
    rows[-1] = [cell.strip("*") for cell in rows[-1]]
    _check_read_back(rows, published)
    assert "\u200b_x_ \\vert{} Маша" in text  # the zero-width space keeps _x_ from being underlined


def test_grid_is_plain_text_as_typed(sk, published):
    """Nothing escaped: the columns are where the border's corners are (a name may hold a "|")."""
    text = sk("export", "--format", "grid").stdout
    lines = text.splitlines()
    corners = [at for at, char in enumerate(next(line for line in lines if line.startswith("+"))) if char == "+"]
    rows = [[line[start + 1:end].strip() for start, end in zip(corners, corners[1:])]
            for line in lines if line.startswith("|")]
    _check_read_back(rows, published)


@pytest.mark.parametrize("fmt", PUBLISHED)
def test_table_format_publishes_what_table_shows(sk, published, fmt):
    assert sk("table", "--format", fmt).stdout == sk("export", "--format", fmt).stdout
    assert sk("table", "--all", "--format", fmt).stdout == sk("export", "--format", fmt).stdout


@pytest.mark.parametrize("fmt", PUBLISHED)
def test_export_to_an_existing_file_is_refused_without_force(sk, published, fmt, tmp_path):
    page = tmp_path / f"season.{fmt}"
    page.write_text("the club's page\n", encoding="utf-8")
    line = sk.fails("export", "--format", fmt, "-o", str(page), code=1)
    assert line == (f"Error: {page} already exists: nothing was written; use --force to write over it, or -o "
                    "another file")
    assert page.read_text(encoding="utf-8") == "the club's page\n"
    result = sk("export", "--format", fmt, "-o", str(page), "--force")
    assert f"Exported 4 rounds as {fmt} to {page}." in result.stderr
    assert page.read_text(encoding="utf-8") == sk("export", "--format", fmt).stdout


@pytest.fixture(scope="module")
def long_match(tmp_path_factory) -> Path:
    """A 500-round Goat match of NAMES that never ends (a marathon's target), written by the library."""
    folder = tmp_path_factory.mktemp("long-published")
    marathon = folder / "marathon.toml"
    marathon.write_text('extends = "goat"\nname = "marathon"\n[end]\ntarget = 1000000000\n', encoding="utf-8")
    ruleset = load_ruleset(str(marathon))
    match = new_match(str(marathon), ruleset, NAMES)
    rounds = tuple(Round.of(ending=Ending.OUT, out=NAMES[number % 4],
                            hands={name: Hand(total=(number * 7 + seat * 5) % 29 + 1)
                                   for seat, name in enumerate(NAMES) if seat != number % 4})
                   for number in range(500))
    path = folder / "match.toml"
    save_match(match._replace(rounds=rounds), str(path))
    return path


def _round_numbers(text: str) -> list[int]:
    """The number that starts each row (a row a line in every format), tags and style attributes aside."""
    lines = (html.unescape(re.sub(r'<[^>]*>|style="[^"]*"', " ", line)) for line in text.splitlines())
    return [int(found.group(1)) for found in map(re.compile(r"^\W*(\d+)\W").match, lines) if found]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", PUBLISHED)
def test_a_500_round_match_is_published_whole(long_match, fmt, tmp_path):
    sk = Table(tmp_path)
    sk.path.write_bytes(long_match.read_bytes())
    table = sk.json("--all")
    text = sk("export", "--format", fmt).stdout
    assert [number for number in _round_numbers(text) if number <= 500][:500] == list(range(1, 501))
    assert table["rounds"] == 500 and not table["over"]
    totals = next(line for line in text.splitlines() if "total" in line and re.search(r"\d{3}", line))
    assert re.findall(r"\d+", totals) == [str(side["score"]) for side in table["sides"]], totals
    shown = sk("table", "--format", fmt).stdout  # the latest 20 rounds, as the people's table shows
    numbers = [number for number in _round_numbers(shown) if number <= 500]
    assert numbers[:20] == list(range(481, 501)), numbers
    assert sk("table", "--all", "--format", fmt).stdout == text


def test_an_unpublished_format_is_refused_with_the_known_ones(sk, published):
    line = sk.fails("export", "--format", "xls", code=2)
    assert "'xls' is not one of" in line and "'html'" in line and "'mediawiki'" in line
    assert "'latex'" in sk.fails("table", "--format", "pdf", code=2)


def test_publish_is_a_library_call(tmp_path):
    """The library publishes a match it made, with no command line: nothing in it needs click."""
    from scorekeeper.reports.publish import publish
    from scorekeeper.scoring.engine import replay

    ruleset = load_ruleset("goat")
    match = new_match("goat", ruleset, ("Маша", "<b>"))
    save_match(match, str(tmp_path / "m.toml"))
    text = publish("html", replay(ruleset, match), ruleset)
    assert "&lt;b&gt;" in text and "Маша" in text and "<table>" in text


IMPORTED_AFTER = """
import sys
from click.testing import CliRunner
from scorekeeper.cli.app import cli

runner = CliRunner()
def run(*args):
    result = runner.invoke(cli, ["--match", sys.argv[1], *args], catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output)
    return "tabulate" in sys.modules

plain = [("table",), ("table", "--format", "json"), ("export", "--format", "json"), ("explain", "1"),
         ("compare", "block"), ("undo",), ("round", "--out", "<b>", "--total", "A&B=1", "--total", "50%=2",
                                           "--total", "_x_ | Маша=3")]
print([args[0] + " " + " ".join(args[1:]) for args in plain if run(*args)])
print(run("export", "--format", "html"))
"""


def test_only_the_commands_that_publish_import_tabulate(published_once, tmp_path):
    """tabulate's import costs more than click's: a command that does not publish never loads it (issue 30), in
    a fresh process where nothing else could have; one that publishes does."""
    import subprocess
    import sys

    path = tmp_path / "match.toml"
    path.write_text(published_once[0], encoding="utf-8")
    shown = subprocess.run([sys.executable, "-c", IMPORTED_AFTER, str(path)], capture_output=True, text=True,
                           env={**os.environ, "SCOREKEEPER_LANG": "en"}, check=True).stdout.splitlines()
    assert shown == ["[]", "True"]
