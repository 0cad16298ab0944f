"""How a match was decided is said in the players' language: under the pseudo-language (tests/pseudo.py) no
English word escapes the marks in ``table``, ``explain`` and ``play``'s last answer, for a match ended by each
rule (the hundred, svoyak, a finishing double, the target, a tie at it, a number of rounds, a draw); in
Russian and Ukrainian the reason reads in the language and fits 40 columns; the JSON keeps it in English."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

import pseudo
from pty_session import Play
from scorekeeper import i18n
from scorekeeper.cli.app import cli
from scorekeeper.live.session import LiveSession, Screen

NAMES = ("Ann", "Bob", "Cat", "Dan")
PAIRS = ("--team", "Ann,Cat", "--team", "Bob,Dan")

HOUSES = {
    "svoyak": 'extends = "sea-goat"\nname = "house"\n[hundred]\nlost = "svoyak"\n',
    "svoyak-difference": 'extends = "sea-goat-pairs"\nname = "house"\n[hundred]\nlost = "svoyak"\n'
                         'caught_by = "difference"\nhand_of = "player"\n',
    "six-six-wins": 'extends = "sea-goat"\nname = "house"\n[finish]\nsix_six = "wins"\n',
    "at-once": 'extends = "muggins"\nname = "house"\n[end]\nat_once = true\n',
    "fisherman": 'extends = "sea-goat"\nname = "house"\n[fish]\nfisherman_notes = true\n',
    "split": 'extends = "muggins"\nname = "house"\n[fish]\ntie = "split"\n',
}
"""House rulesets (a file beside the match) for the rules no built-in ruleset decides a match by."""

CASES = {
    # name: (ruleset or house, players, round lines, the JSON's decided_by)
    "hundred": ("sea-goat", ("Ann", "Bob"), ("Bob out on 1-2, Ann 30", "Bob out on 1-3, led 6-6, Ann 4"),
                "Bob won the round on the hundred"),
    "svoyak": ("svoyak", ("Ann", "Bob"), ("Bob out on 1-2, Ann 30", "Ann out on 1-3, led 6-6, Bob 25"),
               "Bob lost the round on the hundred holding 25 (svoyak)"),
    "svoyak by the difference": (
        "svoyak-difference", PAIRS, ("Bob out on 1-2, Ann 20, Cat 10, Dan 1",
                                     "Ann out on 1-3, led 6-6, Bob 27, Cat 1, Dan 0"),
        "Bob+Dan lost the round on the hundred, Bob holding 27 more than the winner (svoyak)"),
    "bald goat": ("sea-goat", ("Ann", "Bob"), ("Ann out on 0-0, Bob 10",), "Ann went out on 0-0 ('bald goat')"),
    "two doubles": ("sea-goat", ("Ann", "Bob"), ("Ann out on 2-2 5-5, Bob 10",),
                    "Ann went out laying two doubles at once (2-2 5-5)"),
    "6-6 and a loser holds 25": ("sea-goat", ("Ann", "Bob"), ("Ann out on 6-6, Bob 25",),
                                 "Ann went out on 6-6 and Bob holds 25"),
    "6-6 wins": ("six-six-wins", ("Ann", "Bob"), ("Ann out on 6-6, Bob 3",), "Ann went out on 6-6"),
    "goat at the target": ("goat", ("Ann", "Bob"), ("Ann out, Bob 60", "Ann out, Bob 50"), None),
    "goat, a tie at the target": (
        "goat", ("Ann", "Bob", "Cat"), ("Ann out, Bob 60, Cat 60", "Ann out, Bob 50, Cat 50"),
        "Bob and Cat reached 110 together; the rules do not say who is the goat, so the earlier seat, Bob, is "
        "taken"),
    "goat pairs": ("goat-pairs", PAIRS, ("Ann out, Bob 30, Cat 20, Dan 30", "Ann out, Bob 30, Cat 20, Dan 31"),
                   None),
    "sea goat at the target": ("sea-goat", ("Ann", "Bob"), ("Ann out on 1-2, Bob 70", "Ann out on 1-3, Bob 70"),
                               None),
    "muggins": ("muggins", ("Ann", "Bob"), ("Ann out, Bob 150", "Ann out, Bob 151", "Ann out, Bob 152",
                                            "Ann out, Bob 153"), None),
    "muggins at once": ("at-once", ("Ann", "Bob"), ("Ann out, Bob 5, Ann played 100",), None),
    "phone, a draw": ("phone", ("Ann", "Bob"), ("Ann out, Bob 150, Ann played 100, Bob played 100",
                                                "Bob out, Ann 150, Bob played 100, Ann played 100"), None),
    "draw game": ("draw", ("Ann", "Bob"), ("Ann out, Bob 60", "Ann out, Bob 50"), None),
    "a number of rounds": ("block-003", ("Ann", "Bob"), tuple(f"Ann out, Bob {n}" for n in range(5, 12)), None),
}

OTHERS = {
    # name: (ruleset or house, players, round lines, words of the English steps and notes)
    "the blocker counted four times, then once": (
        "block-003", ("Ann", "Bob", "Cat"), ("fish by Bob, Ann 3, Bob 5, Cat 8", "fish by Ann, Ann 2, Bob 5, Cat 8"),
        ("5 x 4 = 20", "made the last play")),
    "004's fisherman won, lost, not named": (
        "fisherman", ("Ann", "Bob"), ("fish by Ann, Ann 10, Bob 30", "fish by Bob, Ann 12, Bob 30",
                                      "fish, Ann 20, Bob 25"),
        ("may lead the next round on the hundred", "write off the fish", "conditions for the fisherman")),
    "a fish split, a remainder not scored": (
        "split", ("Ann", "Bob", "Cat"), ("fish, Ann 3, Bob 3, Cat 11", "fish, Ann 3, Bob 3, Cat 16"),
        ("1 each", "the remainder 1 is not scored")),
}
"""Other words the scoring says (steps of the rules applied, notes), each case's rounds explained one by one."""

TYPED = ("out", "led", "plain", "played", "house", "explain")
"""Words of the round lines the session echoes as the file keeps them (English in every language), the
session's command a note points to (the language's own word: the pseudo-language has none), and the house
ruleset's name."""


def _ruleset(folder, ruleset: str) -> str:
    if ruleset not in HOUSES:
        return ruleset
    path = folder / "house.toml"
    path.write_text(HOUSES[ruleset])
    return str(path)


def _played(folder, case: str, last: bool = True) -> tuple[str, tuple[str, ...]]:
    """The case's match in ``folder``: its rounds recorded (the last one too unless ``last`` is false), in
    the language the test speaks; the match file's path and the round lines."""
    ruleset, players, rounds = (CASES[case] if case in CASES else OTHERS[case])[:3]
    path = str(folder / "match.toml")
    runner = CliRunner()
    result = runner.invoke(cli, ["--match", path, "new", "--rules", _ruleset(folder, ruleset), *players])
    assert result.exit_code == 0, result.output
    for line in rounds if last else rounds[:-1]:
        result = runner.invoke(cli, ["--match", path, "round", line])
        assert result.exit_code == 0, (line, result.output)
    return path, rounds


def _run(path: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["--match", path, *args])
    assert result.exit_code == 0, result.output
    return result.output


def _ruleset_words(text: str) -> tuple[str, ...]:
    """What a ruleset file says (its name, and each key's value shown in brackets): English in every language."""
    values = re.findall(r"\[[a-z_.]+ = ([^]]*)\]", text)
    return tuple(re.findall(r"[A-Za-z]+", " ".join(values))) + ("sea", "goat", "pairs", "muggins", "phone",
                                                                 "draw", "block")


@pytest.fixture
def xx(catalogs, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)


@pytest.mark.parametrize("case", sorted(CASES))
def test_table_and_explain_say_how_the_match_ended(xx, tmp_path, case):
    path, rounds = _played(tmp_path, case)
    table = _run(path, "table")
    explained = _run(path, "explain", str(len(rounds)))
    for text in (table, explained):
        assert "⟦" in text
        assert pseudo.unmarked(text, NAMES + TYPED + _ruleset_words(text)) == [], text
    over = next(line for line in table.splitlines() if "⟦Match over: ⟧" in line)
    if CASES[case][3]:
        assert over.count("⟦") >= 4, over  # the reason is the catalog's, between the marks


@pytest.mark.parametrize("case", sorted(OTHERS))
def test_other_steps_and_notes_of_the_scoring(catalogs, monkeypatch, tmp_path, case):
    path, rounds = _played(tmp_path, case)
    english = OTHERS[case][3]
    shown = [_run(path, "table")] + [_run(path, "explain", str(number)) for number in range(1, len(rounds) + 1)]
    said = "\n".join(shown)
    assert all(words in said for words in english), said  # the English the pseudo-language must mark
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", pseudo.LANGUAGE)
    for number in range(1, len(rounds) + 1):
        text = _run(path, "explain", str(number))
        assert pseudo.unmarked(text, NAMES + TYPED + _ruleset_words(text)) == [], text
    text = _run(path, "table")
    assert pseudo.unmarked(text, NAMES + TYPED + _ruleset_words(text)) == [], text


@pytest.mark.parametrize("case", sorted(CASES))
def test_play_says_how_the_match_ended(catalogs, monkeypatch, tmp_path, case):
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.chdir(tmp_path)  # the match file named short: a long path is wrapped inside a word
    path, rounds = _played(tmp_path, case, last=False)
    session = LiveSession.open("match.toml", screen=lambda: Screen(40, 24))
    i18n.use(pseudo.LANGUAGE)
    reply = session.handle(rounds[-1])
    while reply.question:  # Sea Goat's lead, when the line does not say it: Enter takes the default
        reply = session.answer("")
    assert reply.ok and session.state.table.over, reply.text
    assert "⟦Match over: ⟧" in reply.text
    assert pseudo.unmarked(reply.text, NAMES + TYPED) == [], reply.text
    assert all(len(line) <= 40 for line in reply.text.splitlines()), reply.text


@pytest.mark.parametrize("lang", ["en", pseudo.LANGUAGE])
def test_the_json_says_the_reason_in_the_language_in_use(catalogs, monkeypatch, tmp_path, lang):
    """decided_by and a round's decided are text for people (docs/usage.md, "JSON"): said as the screen says
    them, in the language in use; over and the names are for programs, the same in every language."""
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", catalogs)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    for case, (_, _, rounds, reason) in CASES.items():
        folder = tmp_path / re.sub(r"\W+", "-", case)
        folder.mkdir()
        path, _ = _played(folder, case)
        table = json.loads(_run(path, "table", "--format", "json"))
        assert table["over"], case
        decided = table["history"][-1]["decided"]
        if lang == "en":
            assert table["decided_by"] == reason, case
            assert decided == (reason if reason and "together" not in reason else None), case
        elif reason:
            assert "⟦" in table["decided_by"] and pseudo.unmarked(table["decided_by"], NAMES) == [], case
            assert table["decided_by"] == (decided or table["decided_by"]), case
        else:
            assert table["decided_by"] is None and decided is None, case


def test_explain_json_says_a_deduced_hand_s_reason_in_the_language_in_use(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_LANG", "uk")
    path, rounds = _played(tmp_path, "svoyak by the difference")
    shown = json.loads(_run(path, "explain", str(len(rounds)), "--format", "json"))
    why = "сума 0: без очок лише 0-0, а гравець, що не вийшов, має на руках хоча б одну кістку"
    assert shown["hands"]["Dan"]["why"] == why
    assert shown["hands"]["Dan"]["deduced"] == "0-0"
    assert why in _run(path, "explain", str(len(rounds)))


SAID = {
    "ru": {
        "hundred": "(Bob выигрывает кон на сто)",
        "svoyak": "(Bob проигрывает кон на сто с 25 на руках («свояк»))",
        "svoyak by the difference": "(Bob+Dan проигрывает кон на сто; Bob: на руках на 27 больше, чем у "
                                    "победителя («свояк»))",
        "bald goat": "(Ann выходит на 0-0 («лысый козёл»))",
        "two doubles": "(Ann выходит двумя дублями разом (2-2 5-5))",
        "6-6 and a loser holds 25": "(Ann выходит на 6-6; у игрока Bob на руках 25)",
        "goat, a tie at the target": "(Bob и Cat вместе дошли до 110; правила не говорят, кто козёл, поэтому "
                                     "им считается тот, кто раньше по порядку мест: Bob)",
    },
    "uk": {
        "hundred": "(Bob виграє партію на сто)",
        "svoyak": "(Bob програє партію на сто, маючи на руках 25 («свояк»))",
        "svoyak by the difference": "(Bob+Dan програє партію на сто, Bob має на руках на 27 більше за "
                                    "переможця («свояк»))",
        "bald goat": "(Ann виходить на 0-0 («лисий козел»))",
        "two doubles": "(Ann виходить двома дублями разом (2-2 5-5))",
        "6-6 wins": "(Ann виходить на 6-6)",
        "goat, a tie at the target": "(Bob і Cat разом дійшли до 110; правила не кажуть, хто козел, тож "
                                     "ним вважається той, хто раніше за порядком місць: Bob)",
    },
}


@pytest.mark.parametrize("lang, case", [(lang, case) for lang in SAID for case in SAID[lang]])
def test_the_reason_in_russian_and_ukrainian_fits_40_columns(monkeypatch, tmp_path, lang, case):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    path, _ = _played(tmp_path, case)
    monkeypatch.setenv("COLUMNS", "40")
    table = _run(path, "table")
    assert all(len(line) <= 40 for line in table.splitlines()), table
    assert SAID[lang][case] in _unwrapped(table), table
    monkeypatch.setenv("COLUMNS", "80")
    assert SAID[lang][case] in _unwrapped(_run(path, "table"))


def _unwrapped(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines())


@pytest.mark.parametrize("lang, ended", [("ru", "(Bob выигрывает кон на сто)"),
                                         ("uk", "(Bob виграє партію на сто)")])
def test_play_at_40_columns_says_the_hundred_won(tmp_path, lang, ended):
    out, on, led = {"ru": ("вышел", "последней", "заход"), "uk": ("вийшов", "останньою", "захід")}[lang]
    play = Play(tmp_path, "--rules", "sea-goat", "--lang", lang, "Ann", "Bob", columns=40)
    play.say(f"Bob {out} {on} 1-2, Ann 30")
    answer = play.say(f"Bob {out} {on} 1-3, {led} 6-6, Ann 4")
    assert all(len(line) <= 40 for line in answer.splitlines()), answer
    assert ended in _unwrapped(answer), answer
    play.quit()


OTHERS_SAID = [
    ("ru", "004's fisherman won, lost, not named", "table", "004: рыбак Bob проигрывает: по 004 рыбак может «списать "
     "рыбу» за три попытки (применяется вручную; не считается)"),
    ("uk", "004's fisherman won, lost, not named", "table", "рибалку не вказано ('риба рибалка ІМ'Я' "
     "або --fisher): умови 004 для рибалки не показано"),
    ("uk", "the blocker counted four times, then once", "explain", "останній хід, але очок не найменше: 5 x 4 = 20"),
    ("ru", "the blocker counted four times, then once", "explain 2", "последний ход и меньше всех очков (2): "
     "считается один раз"),
    ("ru", "a fish split, a remainder not scored", "explain 2", "по 1 каждому (3 / 2 с округлением вниз; остаток 1 "
     "не засчитывается)"),
    ("uk", "a fish split, a remainder not scored", "explain", "по 1 кожному"),
]


@pytest.mark.parametrize("lang, case, command, said", OTHERS_SAID)
def test_other_steps_and_notes_in_russian_and_ukrainian(monkeypatch, tmp_path, lang, case, command, said):
    path, _ = _played(tmp_path, case)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    monkeypatch.setenv("COLUMNS", "40")
    args = command.split() if " " in command else [command] + (["1"] if command == "explain" else [])
    text = _run(path, *args)
    assert all(len(line) <= 40 for line in text.splitlines()), text
    assert said in _unwrapped(text), text
