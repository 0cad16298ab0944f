"""No refusal of the match, scoring and referee layers escapes the catalogs: under the pseudo-language
(tests/pseudo.py) every word a person reads of them is marked ⟦ ⟧; and a few of them said in Russian and
Ukrainian."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import pseudo
from scorekeeper import i18n
from scorekeeper.cli.app import cli

WORDS = ("Ann", "Bob", "Cid", "Dan", "out", "fish", "by", "on", "led", "count", "played", "NAME", "PATH",
         "PLAYERS", "goat", "pairs", "muggins", "none", "tiles", "exact", "redo", "undo", "list", "score", "new",
         "Zed", "bogus", "ann")
"""What a refusal may show unmarked: the names typed, the round line's words, commands and ruleset values."""


def _runner(tmp_path, env):
    def run(*args: str, code: int) -> str:
        result = CliRunner(env=env).invoke(cli, ["--match", str(tmp_path / "match.toml"), *args],
                                           prog_name="scorekeeper")
        assert result.exit_code == code, (args, result.output)
        return result.stderr
    return run


@pytest.fixture
def xx(catalogs, tmp_path):
    return _runner(tmp_path, {"SCOREKEEPER_LOCALEDIR": catalogs, "SCOREKEEPER_LANG": pseudo.LANGUAGE})


def _marked(said: str) -> None:
    assert "⟦" in said and pseudo.unmarked(said, WORDS) == [], said


def _goat(xx, tmp_path) -> bytes:
    xx("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan", code=0)
    return (tmp_path / "match.toml").read_bytes()


ROUNDS = {
    "no hand": "Ann out, Bob 3-4",
    "twice in a hand": "Ann out, Bob 3-4 3-4, Cid 5, Dan 6",
    "in two hands": "Ann out, Bob 3-4, Cid 3-4, Dan 6",
    "outside the set": "Ann out, Bob 3-9, Cid 5, Dan 6",
    "too many pips": "Ann out, Bob 150, Cid 100, Dan 6",
    "last and held": "Ann out on 3-4, Bob 3-4, Cid 5, Dan 6",
    "last led": "Ann out on 3-4 led 3-4, Bob 5, Cid 5, Dan 6",
    "out and fish": "Ann out, fish, Bob 5, Cid 5, Dan 6",
    "two totals": "Ann out, Bob 5, Bob 6, Cid 5, Dan 6",
    "hand and total": "Ann out, Bob 5, Bob 3-4, Cid 5, Dan 6",
    "two lasts": "Ann out on 3-4 5-6, Bob 5, Cid 5, Dan 6",
}


@pytest.mark.parametrize("case", sorted(ROUNDS))
def test_a_round_the_checks_refuse(xx, tmp_path, case):
    before = _goat(xx, tmp_path)
    _marked(xx("round", ROUNDS[case], code=2))
    assert (tmp_path / "match.toml").read_bytes() == before


def test_undo_and_redo_with_nothing_to_take_back(xx, tmp_path):
    _goat(xx, tmp_path)
    _marked(xx("undo", code=1))
    _marked(xx("redo", code=1))
    _marked(xx("redo", "3", code=2))
    _marked(xx("delete", "2", code=2))


def test_a_round_put_back_that_the_match_no_longer_takes(xx, tmp_path):
    _goat(xx, tmp_path)
    xx("round", "Ann out, Bob 5, Cid 5, Dan 6", code=0)
    xx("undo", code=0)
    xx("round", "Bob out, Ann 5, Cid 5, Dan 6", code=0)
    _marked(xx("redo", "1", code=1))


@pytest.mark.parametrize("args", [("new", "Ann"), ("new", "Ann", "Bob", "--team", "Cid,Dan"),
                                  ("new", "--rules", "goat", "--team", "Ann,Bob", "--team", "Cid"),
                                  ("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan", "Ann", "Bob")])
def test_a_table_that_cannot_sit(xx, tmp_path, args):
    _marked(xx(*args, code=2))
    assert not (tmp_path / "match.toml").exists()


def test_new_over_a_match(xx, tmp_path):
    _goat(xx, tmp_path)
    _marked(xx("new", "Ann", "Bob", code=1))
    _marked(xx("new", "--again", code=1))


def _translated(language: str, said: str) -> None:
    """Skip until the language's catalog holds this layer's translations (kept beside the branch until the
    catalogs are merged): a catalog that has them must say them."""
    from scorekeeper.i18n.catalog import Catalog

    with open(i18n.catalog_path(language), "rb") as handle:
        strings = Catalog(handle.read())
    if strings.gettext("nothing to undo: no round has been recorded") == "nothing to undo: no round has been recorded":
        pytest.skip(f"the {language} catalog does not hold the match layer's translations yet")


@pytest.mark.parametrize("language, line, said", [
    ("ru", "Ann out, Bob 3-4, Cid 3-4, Dan 6", "кость 3-4 в двух руках: Bob и Cid"),
    ("uk", "Ann out, Bob 3-4, Cid 3-4, Dan 6", "кістка 3-4 у двох руках: Bob і Cid"),
    ("ru", "Ann out, Bob 3-4 3-4, Cid 5, Dan 6", "кость 3-4 указана дважды (рука игрока Bob)"),
    ("uk", "Ann out, Bob 3-4 3-4, Cid 5, Dan 6", "кістку 3-4 вказано двічі (рука гравця Bob)"),
])
def test_a_refused_round_in_the_players_language(tmp_path, language, line, said):
    _translated(language, said)
    run = _runner(tmp_path, {"SCOREKEEPER_LANG": language})
    run("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan", code=0)
    assert said in run("round", line, code=2)


@pytest.mark.parametrize("language, said", [("ru", "нечего отменять: ни одного кона не записано"),
                                            ("uk", "нічого скасовувати: жодної партії не записано")])
def test_nothing_to_undo_in_the_players_language(tmp_path, language, said):
    _translated(language, said)
    run = _runner(tmp_path, {"SCOREKEEPER_LANG": language})
    run("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan", code=0)
    assert said in run("undo", code=1)


REFUSED_CHECKS = {
    "deal: two hands": ("check", "deal", "--hand", "Ann=0-0,5-6", "--hand", "ann=6-6,1-2"),
    "deal: a tile twice": ("check", "deal", "--hand", "Ann=0-0,5-6", "--hand", "Bob=0-0,1-2"),
    "hand: a tile twice": ("check", "hand", "3-4", "3-4"),
    "count: five ends": ("check", "count", "1", "2", "3", "4", "5"),
    "count: not a double": ("check", "count", "--rules", "muggins", "3-4"),
    "play: one player": ("check", "play", "Ann 6-6"),
    "play: out of turn": ("check", "play", "Ann 6-6, Ann 6-5"),
    "fish: neighbours": ("check", "fish", "--line", "1-2 3-4"),
    "fish: two spinners": ("check", "fish", "--rules", "muggins", "--line", "1-1 1-2 2-2"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_CHECKS))
def test_a_ruling_the_referee_refuses(xx, case):
    _marked(xx(*REFUSED_CHECKS[case], code=2))


@pytest.mark.parametrize("line", ["Ann 6-6, Bob 5-4, Cid 6-5, Dan 5-5", "Ann 6-6, Bob 6-5, Cid 6-5",
                                  "Ann 6-6, Bob 6-6"])
def test_a_round_with_an_illegal_play(xx, tmp_path, line):
    before = _goat(xx, tmp_path)
    _marked(xx("round", line + ", Ann out, Bob 5, Cid 5, Dan 5", code=2))
    assert (tmp_path / "match.toml").read_bytes() == before


def test_the_referees_verdicts(catalogs, tmp_path):
    env = {"SCOREKEEPER_LOCALEDIR": catalogs, "SCOREKEEPER_LANG": pseudo.LANGUAGE}
    for args, verdict in [(("check", "hand", "0-0"), "⟦The hand counts ⟧"),
                          (("check", "deal", "--hand", "Ann=0-0,5-6", "--hand", "Bob=6-6,1-2"), "⟦Not a misdeal: ⟧"),
                          (("check", "count", "--rules", "muggins", "5", "10"), "⟦The ends count ⟧"),
                          (("check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"), "⟦Blocked: a fish")]:
        result = CliRunner(env=env).invoke(cli, list(args), prog_name="scorekeeper")
        assert result.exit_code == 0 and verdict in result.stdout, result.output
