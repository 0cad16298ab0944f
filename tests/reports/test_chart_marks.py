"""Charts mark the claims of the hand in progress and how the match ended; image labels never overlap; the
text chart fits the screen's width."""

from __future__ import annotations

import pytest

from scorekeeper.reports.chart import chart_figure
from scorekeeper.reports.columns import width
from scorekeeper.match.opened import open_match

from sea_goat_matches import TWO_PLAYERS


def legend_line(lines: list[str]) -> str:
    return next(line for line in lines if "- target" in line)


def muggins_to_100_in_play(sk):
    """Bob reaches 100 with claims in the hand in progress: the match is won in play (test_race_matches)."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=40", "--points", "Bob=45")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=40", "--points", "Bob=45")
    sk("score", "Ann", "5")
    sk("score", "Bob", "10")


def test_claims_in_progress_are_in_the_chart_and_its_legend(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3", "--points", "Ann=20", "--points", "Bob=15")
    sk("score", "Bob", "15")
    table = sk.json()
    lines = sk("chart").stdout.splitlines()
    legend = legend_line(lines)
    for side in table["sides"]:  # the legend says what the table says, claims in progress included
        assert f"{side['name'][0]} {side['name']} {side['score']}" in legend
    assert "in play (the hand in progress): Bob 15" in lines
    axis = next(line for line in lines if line.strip().startswith("+"))
    assert axis.rstrip().endswith(":")  # the last column is the hand in progress
    assert "match over" not in sk("chart").stdout


def test_a_match_won_by_claims_in_play_is_marked(sk):
    muggins_to_100_in_play(sk)
    table = sk.json()
    assert table["over"] and table["winner"] == "Bob"
    text = sk("chart").stdout
    assert f"B Bob {table['sides'][1]['score']}" in legend_line(text.splitlines())
    assert text.splitlines()[-1] == f"match over, in play: Bob wins with {table['sides'][1]['score']} points"


def test_the_goat_is_marked(sk):
    sk("new", "--rules", "goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=60")
    sk("round", "--out", "Ann", "--total", "Bob=60")
    assert sk("chart").stdout.splitlines()[-1] == "match over, round 2: Bob is the goat with 120 points"


def test_on_the_hundred_is_marked(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    for args, *_ in TWO_PLAYERS:
        sk("round", *args)
    last = sk("chart").stdout.splitlines()[-1]
    assert last.startswith("match over, round 13: Ann wins with 113 points (") and "hundred" in last


def test_the_bald_goat_is_marked(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=30", "--last", "0-0")
    table = sk.json()
    assert table["over"] and "bald goat" in table["decided_by"]
    last = sk("chart").stdout.splitlines()[-1]
    assert last.startswith("match over, round 1: Ann wins") and "bald goat" in last


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("rounds", [3, 45, 120])
def test_the_text_chart_fits_the_width(sk, monkeypatch, columns, rounds):
    sk("new", "--rules", "goat", "Masha", "Alex")
    text = sk.path.read_text(encoding="utf-8")
    text += "".join('\n[[rounds]]\nend = "out"\nout = "Alex"\nhands = { Masha = 0 }\n' for _ in range(rounds))
    sk.path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("COLUMNS", str(columns))
    lines = sk("chart").stdout.splitlines()
    assert max(width(line) for line in lines) <= columns
    axis = next(index for index, line in enumerate(lines) if line.strip().startswith("+"))
    numbers = lines[axis + 1]
    assert str(rounds) in numbers.split()  # the latest round is always on the axis


def overlapping_texts(figure) -> list[tuple[str, str]]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas = FigureCanvasAgg(figure)  # the PNG's own renderer: the boxes are where the pixels go
    canvas.draw()
    renderer = canvas.get_renderer()
    texts = [text for text in figure.findobj(Text) if text.get_visible() and text.get_text().strip()]
    boxes = [(text.get_text(), text.get_window_extent(renderer)) for text in texts]
    found = []
    for index, (first, box) in enumerate(boxes):
        for second, other in boxes[index + 1:]:
            if box.overlaps(other) and box.width and other.width:
                found.append((first, second))
    return found


def test_image_labels_never_overlap(sk):
    pytest.importorskip("matplotlib")
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    for _ in range(6):  # a tied fish every round: eggs laid round after round, side by side
        sk("round", "--fish", "--total", "Masha=14", "--total", "Alex=3", "--total", "Olya=14", "--total", "Serg=4")
    sk("round", "--out", "Serg", "--total", "Masha=90", "--total", "Alex=20", "--total", "Olya=14",
       "--confirm")  # 90 pips in one hand: more than 7 tiles hold, confirmed to end the match at once
    opened = open_match(str(sk.path))
    assert opened.table.over
    figure = chart_figure(opened.table, opened.ruleset, "goat: match.toml")
    assert overlapping_texts(figure) == []
    labels = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert "target 101" in labels and any("Masha is the goat" in label for label in labels)


def test_image_of_a_match_won_in_play(sk):
    pytest.importorskip("matplotlib")
    muggins_to_100_in_play(sk)
    opened = open_match(str(sk.path))
    figure = chart_figure(opened.table, opened.ruleset)
    assert overlapping_texts(figure) == []
    labels = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert f"Bob {opened.table.standing('Bob').score}" in labels
    assert any(label.startswith("in play:") for label in labels)
    assert any("Bob wins" in label.replace("\n", " ") for label in labels)


def test_a_match_of_rounds_without_a_target(sk):
    """block-003: 7 rounds, no target; every hand 0 so far (the chart once divided by the top score, 0)."""
    sk("new", "--rules", "block-003", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=0")
    lines = sk("chart").stdout.splitlines()
    assert lines[0] == "Block (003): running score per round; 7 rounds, the lowest total wins"
    assert "target" not in lines[-1] and not any(set(line.split("|")[-1]) == {"-"} for line in lines[1:11])
