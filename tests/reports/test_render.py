"""People's output fits the screen: the after-round block, notes said once, COLUMNS and --wide."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.errors import InputError
from scorekeeper.match.record import new_match, record_round
from scorekeeper.reports import render
from scorekeeper.reports.columns import width
from scorekeeper.reports.render import after_round
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.scoring.engine import replay


def lines_of(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def long_goat(sk, rounds: int = 30) -> None:
    """A Goat match of ``rounds`` rounds that is not over: small hands, Masha out every round."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    for _ in range(rounds):
        sk("round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=1", "--total", "Serg=1")


@pytest.mark.parametrize("columns", [40, 80])
def test_after_round_of_a_30_round_match_fits_a_24_line_screen(sk, monkeypatch, columns):
    long_goat(sk, 29)
    monkeypatch.setenv("COLUMNS", str(columns))
    text = sk("round", "--out", "Alex", "--total", "Masha=2", "--total", "Olya=2", "--hand", "Serg=0-0").stdout
    lines = lines_of(text)
    assert len(lines) <= 22, text  # the typed command above and the next prompt below share the 24 lines
    assert max(width(line) for line in lines) <= columns, text
    assert lines[0].startswith("Round 30") and "match.toml" in lines[0] and "Alex out" in lines[0]
    table = sk.json()
    names = [side["name"] for side in table["sides"]]
    header = next(line for line in lines if line.lstrip().startswith("#"))
    assert all(name[:3] in header for name in names)
    total = next(line for line in lines if line.split()[:1] == ["total"] or line.strip().startswith("total"))
    for side in table["sides"]:
        shown = f"{side['score']} +{side['remembered']}" if side["remembered"] else str(side["score"])
        assert shown in total
    numbers = [int(line.split()[0]) for line in lines if line.split() and line.split()[0].isdigit()]
    assert numbers == [26, 27, 28, 29, 30]  # only the newest rows
    # the earlier rounds take no line of the screen: the headline names round 30, the rows start at 26
    rule = next(index for index, line in enumerate(lines) if line.lstrip().startswith("--"))
    assert lines[rule + 1].split()[0] == "26" and "earlier" not in text and "…" not in text
    assert lines[-1] == table["lead_note"] == "Alex leads next"


def test_the_whole_note_when_recorded_and_each_kind_once_in_the_footer(sk):
    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    text = sk("round", "--out", "Ann", "--total", "Bob=3").stdout
    said = [line for line in lines_of(text) if line.startswith("note:")]
    assert len(said) == 1 and "Ann's last tile was not recorded" in said[0], text
    for number, out, other in [(2, "Bob", "Ann"), (3, "Ann", "Bob")]:  # the same kind again: counted, not said
        text = sk("round", "--out", out, "--total", f"{other}=3").stdout
        assert "note:" not in text and f"(1 note as before: see 'explain {number}')" in text
        assert f"{out}'s last tile was not recorded" in sk("explain", str(number)).stdout
    table = sk("table").stdout
    footer = [line for line in lines_of(table) if line.startswith("note:")]
    assert footer == ["note: rounds 1-3: no last tile given ('out on TILE' or --last): the rules that need it were not applied"]
    assert "Ann's last tile" not in table and "Bob's last tile" not in table
    # a later round with the fact says nothing more
    later = sk("round", "--out", "Ann", "--total", "Bob=3", "--last", "1-2").stdout
    assert "note:" not in later
    sk("round", "--out", "Bob", "--total", "Ann=3")
    footer = [line for line in lines_of(sk("table").stdout) if line.startswith("note:")]
    assert footer == ["note: rounds 1-3, 5: no last tile given ('out on TILE' or --last): the rules that need it were not applied"]


def test_undo_says_what_was_dropped_in_one_line_naming_the_file(sk):
    long_goat(sk, 3)
    text = sk("undo").stdout
    assert lines_of(text)[0] == f"Dropped round 3 (Masha went out) from {sk.path}."


@pytest.mark.parametrize("columns", [40, 60, 80])
def test_columns_decides_the_width_and_wide_gives_the_full_layout(sk, monkeypatch, columns):
    sk("new", "--rules", "sea-goat", "Anastasia", "Bartholomew", "Constantine", "Dorothea")
    for out in ("Anastasia", "Bartholomew", "Constantine"):
        others = [name for name in ("Anastasia", "Bartholomew", "Constantine", "Dorothea") if name != out]
        sk("round", "--led", "1-2", "--out", out, "--last", "3-4", *[f"--total={name}=30" for name in others])
    monkeypatch.setenv("COLUMNS", str(columns))
    fitted = sk("table").stdout
    assert max(width(line) for line in lines_of(fitted)) <= columns, fitted
    wide = sk("table", "--wide").stdout
    assert "led 1-2, Anastasia out on 3-4" in wide
    assert "led 1-2" not in fitted


def test_a_pipe_without_columns_is_never_cut(sk):
    sk("new", "--rules", "goat", "Anastasia", "Bartholomew", "Constantine", "Dorothea")
    sk("round", "--out", "Anastasia", "--total", "Bartholomew=30", "--total", "Constantine=30",
       "--total", "Dorothea=30")
    text = sk("table").stdout  # CliRunner's stdout is not a terminal, and COLUMNS is not set
    assert "Bartholomew" in text and "30 → 30" in text


def test_after_round_with_a_focus_shows_that_round_first_then_the_newest(sk):
    from scorekeeper.reports.render import after_round
    from scorekeeper.match.opened import open_match

    long_goat(sk, 12)
    state = open_match(str(sk.path))
    text = after_round(state.table, state.ruleset, "match.toml", 80, 24, headline="Round 3 changed.", focus=3)
    numbers = [int(line.split()[0]) for line in text.splitlines() if line.split() and line.split()[0].isdigit()]
    assert numbers[0] == 3 and numbers[1:] == list(range(13 - len(numbers) + 1, 13)), text
    plain = after_round(state.table, state.ruleset, "match.toml", 80, 24, headline="Round 3 changed.")
    assert 3 not in [int(line.split()[0]) for line in plain.splitlines() if line.split() and line.split()[0].isdigit()]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_footer_groups_the_notes_by_kind_in_every_language(sk, monkeypatch, language):
    """The kind of a note is what it is, not its English words: a Russian or Ukrainian note is grouped too."""
    from scorekeeper import i18n
    from scorekeeper.i18n import N_, _, ngettext

    sk("new", "--rules", "sea-goat", "Ann", "Bob")
    sk("round", "--out", "Ann", "--total", "Bob=3")
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    text = sk("round", "--out", "Bob", "--total", "Ann=3").stdout  # the same kind again: counted, not said
    sk("round", "--out", "Ann", "--total", "Bob=3")
    table = sk("table").stdout
    i18n.use(language)
    assert ngettext("({n} note as before: see '{explain} {round}')",
                    "({n} notes as before: see '{explain} {round}')", 1).format(n=1, round=2, explain="explain") in text, text
    english = N_("no last tile given ('out on TILE' or --last): the rules that need it were not applied")
    kind = _(english)
    line = ngettext("note: round {rounds}: {note}", "note: rounds {rounds}: {note}", 3).format(rounds="1-3", note=kind)
    assert kind != english and " ".join(line.split()) in " ".join(table.split()), table
    noted = [row for row in lines_of(table) if row.startswith(line.partition(":")[0] + ":")]
    assert len(noted) == 1, table  # one kind, once: no round's own note


PLAYERS = ("Masha", "Alexander", "Olya", "Serg")


@st.composite
def blocks(draw):
    """A match of a few random rounds (Goat, or Sea Goat, whose rounds without a last tile carry notes) and a
    screen to draw its after-round block on."""
    name = draw(st.sampled_from(["goat", "sea-goat"]))
    ruleset = load_ruleset(name)
    match = new_match(name, ruleset, PLAYERS)
    for out, totals in draw(st.lists(st.tuples(st.integers(-1, 3), st.lists(st.integers(0, 30), min_size=4,
                                                                              max_size=4)), min_size=2,
                                      max_size=9)):
        if replay(ruleset, match).over:
            break
        hands = {player: Hand(total=total) for player, total in zip(PLAYERS, totals)}
        if out < 0:
            rnd = Round(Ending.FISH, hands)
        else:
            hands.pop(PLAYERS[out])
            rnd = Round(Ending.OUT, hands, out=PLAYERS[out])
        try:
            match = record_round(match, ruleset, rnd, False)
        except InputError:
            continue
    screen = (draw(st.sampled_from([None, 30, 40, 80])), draw(st.one_of(st.none(), st.integers(3, 24))))
    said = {"headline": draw(st.sampled_from([None, "Round changed.", "A headline long enough to be wrapped on "
                                                                       "the narrowest screens there are."])),
            "standing": draw(st.booleans()), "focus": draw(st.one_of(st.none(), st.integers(1, 9)))}
    return ruleset, match, screen, said


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(block=blocks())
def test_after_round_draws_only_the_rows_that_may_fit_and_shows_what_it_showed(block):
    """``after_round`` starts from the most rows the screen leaves room for (``_rows_with_room``) rather than
    drawing five rows and fewer in turn: what it shows is what trying every count from five would show."""
    ruleset, match, (width, height), said = block
    table = replay(ruleset, match)
    shown = after_round(table, ruleset, "match.toml", width, height, **said)
    with mock.patch.object(render, "_rows_with_room", lambda count, budget, other: count):
        every = after_round(table, ruleset, "match.toml", width, height, **said)
    assert shown == every
