"""``chart``: the running score per round, as text in a terminal or an SVG/PNG image (issue 6)."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ElementTree

import pytest

from scorekeeper.reports.chart import text_chart
from scorekeeper.match.opened import open_match


@pytest.fixture
def story(sk):
    """Goat, four players: a tied fish lays 35 eggs in round 2, Masha collects them in round 3 and is the goat."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--fish", "--total", "Masha=14", "--total", "Alex=3", "--total", "Olya=14", "--total", "Serg=4")
    sk("round", "--out", "Serg", "--total", "Masha=30", "--total", "Alex=20", "--total", "Olya=14")
    sk("round", "--out", "Serg", "--total", "Masha=40", "--total", "Alex=20", "--total", "Olya=14")
    return sk


def cell(lines: list[str], value: int, round_number: int, top: int = 117, height: int = 10) -> str:
    """The character drawn for ``value`` after ``round_number`` (rows from the top, 3 columns a round)."""
    row = lines[1 + (height - 1) - round(value * (height - 1) / top)]
    column = row.index("|") + 1 + 1 + 3 * round_number
    return row[column] if column < len(row) else " "


def test_text_chart(story):
    text = story("chart").stdout
    lines = text.splitlines()
    assert lines[0] == "Goat: running score per round; first to 101 loses"
    assert cell(lines, 117, 4) == "M" and cell(lines, 77, 3) == "M"
    assert cell(lines, 0, 0) == "*"  # everyone starts at 0: a shared cell
    assert cell(lines, 0, 4) == "S"
    assert cell(lines, 40, 4) == "*"  # Alex 40 and Olya 35 fall in the same row
    target_row = lines[1 + 9 - round(101 * 9 / 117)]
    assert target_row.startswith(" 101 |") and set(target_row[6:]) == {"-"}
    axis, numbers, eggs = lines[11], lines[12], lines[13]
    assert axis.strip().startswith("+") and axis.count("+") == 1 + 5
    assert numbers.split() == ["0", "1", "2", "3", "4", "(round)"]
    start = lines[1].index("|") + 2  # where round 0 is drawn
    assert eggs.startswith("eggs") and eggs[start + 3 * 2] == "e" and eggs[start + 3 * 3] == "$"
    assert numbers[start + 3 * 4] == "4" and axis[start + 3 * 4] == "+"
    assert lines[14].startswith("M Masha 117  A Alex 40  O Olya 35  S Serg 0   - target 101")
    assert lines[15:] == ["eggs, round 2: +35 carried", "eggs, round 3: 35 paid to Masha",
                          "match over, round 4: Masha is the goat with 117 points"]


def test_text_chart_library_and_height(story):
    opened = open_match(str(story.path))
    assert story("chart").stdout.rstrip("\n") == text_chart(opened.table, opened.ruleset)
    tall = text_chart(opened.table, opened.ruleset, height=20).splitlines()
    assert len(tall) == 1 + 20 + 2 + 1 + 1 + 2 + 1  # title, rows, axis, eggs, legend, egg events, the end


def test_text_chart_of_a_new_match(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    lines = sk("chart").stdout.splitlines()
    assert lines[1] == " 101 |--" and lines[-1].startswith("M Masha+Olya 0  A Alex+Serg 0")
    assert lines[-2].split() == ["0", "(round)"]


def test_chart_file_name_must_be_svg_or_png(story):
    assert "as .svg or .png" in story.fails("chart", "-o", "chart.txt", code=2)
    assert "as .svg or .png" in story.fails("chart", "-o", "chart", code=2)


def test_chart_without_matplotlib_says_how_to_install(story, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    line = story.fails("chart", "-o", str(tmp_path / "c.png"), code=1)
    assert "pip install 'scorekeeper[chart]'" in line
    assert not (tmp_path / "c.png").exists()


def test_png_chart_is_an_image(story, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "story.png"
    assert "written to" in story("chart", "-o", str(out)).stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (800, 450) and len(data) > 10_000


def test_svg_chart_is_an_image(story, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "story.svg"
    story("chart", "-o", str(out))
    root = ElementTree.parse(out).getroot()
    assert root.tag.endswith("svg") and root.get("width", "").startswith("576")
    text = out.read_text(encoding="utf-8")
    assert "target 101" in text or "target" in text


@pytest.mark.parametrize("rounds", [1, 19, 21, 41, 60])
def test_text_chart_fits_long_matches(sk, rounds):
    """Long matches squeeze the columns (3, 2, then 1 a round) and still mark every round on the axis."""
    sk("new", "--rules", "goat", "Masha", "Alex")
    text = sk.path.read_text(encoding="utf-8")
    text += "".join('\n[[rounds]]\nend = "out"\nout = "Alex"\nhands = { Masha = 1 }\n' for _ in range(rounds))
    sk.path.write_text(text, encoding="utf-8")
    lines = sk("chart").stdout.splitlines()
    axis = lines[11]
    step = 3 if rounds <= 20 else 2 if rounds <= 40 else 1
    assert axis.count("+") == 1 + rounds + 1 and len(axis) == 6 + rounds * step + 2
    assert lines[12].split()[-2] == str(rounds)
    assert max(len(line) for line in lines[:13]) <= 6 + 60 * 3 + 2


def test_text_chart_into_a_file(story, tmp_path):
    out = tmp_path / "story.txt"
    story("chart", "--text", "-o", str(out))
    assert out.read_text(encoding="utf-8") == story("chart").stdout
    assert "is the match file itself" in story.fails("chart", "--text", "-o", str(story.path), code=1)


@pytest.mark.parametrize("players, marks", [
    (("Ann", "Bob", "Cid"), ["A", "B", "C"]),
    (("王芳", "Ann", "Bob"), ["1", "2", "3"]),  # 王 fills two columns: the chart's grid would be too wide
    (("Ann", "ann", "Bob"), ["1", "2", "3"]),
])
def test_a_side_is_charted_with_a_one_column_mark(sk, monkeypatch, players, marks):
    from scorekeeper.reports.chart import markers
    from scorekeeper.reports.columns import width

    assert list(markers(list(players)).values()) == marks
    sk("new", "--rules", "all-fives", *players[:1], "X" + players[1], players[2])
    for _ in range(9):
        sk("round", f"{players[0]} out, 0 1")
    monkeypatch.setenv("COLUMNS", "40")
    assert max(width(line) for line in sk("chart").stdout.splitlines()) <= 40
