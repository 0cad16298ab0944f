"""A message names a ruleset as people call the game (its title, in the language in use), as the table's
heading does, never by its file's name; what programs read (the JSON) keeps the name."""

import json

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import _

from conftest import house


def flat(text: str) -> str:
    """The text with its wrapping undone, so that a sentence is found whatever the screen's width."""
    return " ".join(text.split())


def start(sk) -> None:
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid")
    sk("round", "Ann out, Bob 10, Cid 20")


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_table_under_other_rules_says_the_game_re_scored_by_its_title(sk, monkeypatch, language):
    start(sk)
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    text = flat(sk("table", "--rules", "block").stdout)
    i18n.use(language)
    said = _("(re-scored under {ruleset}, from the facts of {path}; the match file is unchanged)").format(
        ruleset=_("Block"), path=sk.path)
    assert flat(said) in text
    assert ("under Block," in text) == (language == "en")
    assert (f"«{_('Block')}»" in text) == (language != "en")  # a title in running Russian or Ukrainian is quoted
    assert sk.json("--rules", "block")["ruleset"] == "block"  # what programs read stays the name


@pytest.mark.parametrize("language", ["en", "ru"])
def test_compare_names_both_games_by_their_titles(sk, monkeypatch, language):
    start(sk)
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    text = flat(sk("compare", "draw").stdout)
    i18n.use(language)
    goat, draw = _("Goat"), _("Draw dominoes")
    if language == "en":
        assert text.startswith("Goat (the match's ruleset) beside Draw dominoes:")
        assert "facts Draw dominoes needs but the match lacks:" in text
    else:
        assert text.startswith(f"«{goat}» (правила партии) рядом с «{draw}»:")
        assert f"факты, нужные правилам «{draw}», которых нет в партии:" in text
    assert " goat " not in text and " draw " not in text
    compared = json.loads(sk("compare", "draw", "--format", "json").stdout)
    assert (compared["ruleset"], compared["other"]) == ("goat", "draw")


@pytest.mark.parametrize("args, code, said", [
    (("new", "--force", "--rules", "goat", "--team", "Ann,Bob", "--team", "Cid,Dan"), 2, "Goat is not a pairs game"),
    (("new", "--force", "--rules", "goat-pairs", "Ann", "Bob", "Cid"), 2, "Pairs Goat is a pairs game"),
    (("check", "count", "--rules", "goat", "--spinner", "5-5", "3"), 2, "Goat has no spinner"),
    (("compare", "puerto-rican"), 1, "Puerto Rican dominoes is a pairs game, but this match is seated"),
])
def test_refusals_name_the_game_by_its_title(sk, args, code, said):
    start(sk)
    assert said in flat(sk.fails(*args, code=code))


def test_a_claim_refused_in_russian_names_the_game_in_quotes(sk, monkeypatch):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")
    refused = flat(sk("score", "Ann", "13", code=2).stderr)
    i18n.use("ru")
    assert f"«{_('Muggins')}» не может дать 13 за один ход" in refused, refused


def test_a_ruling_gives_its_reasons_under_the_games_title(sk):
    start(sk)
    assert "Reasons (Goat):" in sk("check", "hand", "0-0").stdout


@pytest.mark.parametrize("language, differ, cell, reasons", [
    ("ru", "ключи правил, которые отличаются («{goat}» -> «{draw}»):", "в клетке: «{goat}»/«{draw}», где они отличаются",
     "Основания («{goat}»):"),
    ("uk", "ключі правил, що відрізняються («{goat}» -> «{draw}»):", "у клітинці: «{goat}»/«{draw}», де вони відрізняються",
     "Підстави («{goat}»):"),
])
def test_every_title_in_running_russian_and_ukrainian_is_quoted(sk, monkeypatch, language, differ, cell, reasons):
    """The keys that differ, the narrow grid's legend and a ruling's reasons quote the games' titles, as every
    other message in running Russian or Ukrainian does."""
    start(sk)
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    wide = flat(sk("compare", "draw").stdout)
    monkeypatch.setenv("COLUMNS", "40")
    narrow = flat(sk("compare", "draw").stdout)
    ruling = flat(sk("check", "hand", "0-0").stdout)
    i18n.use(language)
    goat, draw = _("Goat"), _("Draw dominoes")
    assert differ.format(goat=goat, draw=draw) in wide
    assert cell.format(goat=goat, draw=draw) in narrow
    assert reasons.format(goat=goat) in ruling


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_session_s_rules_summary_is_headed_by_the_game_s_title(sk, language):
    """'rules' in the play session started with the file's name ('goat: Goat (Kozel): ...'): it is headed by
    the title, as the table is, then the ruleset's description; a house file by the title it gives itself."""
    from scorekeeper.live.session import LiveSession, Screen

    sk("new", "--rules", "goat", "Ann", "Bob")
    i18n.use(language)
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    lines = live.handle("rules").text.split("\n")
    from scorekeeper.rules.loader import load_ruleset

    assert lines[0] == _("Goat") and flat(" ".join(lines[1:])).startswith(flat(load_ruleset("goat").description))
    assert not any(line.startswith("goat") for line in lines)
    table = sk("--lang", language, "table").stdout
    assert table.startswith(lines[0] + ":")  # the table's heading names the game the same way
    rules = house(sk, 'title = "Our Goat"\nextends = "goat"\n[end]\ntarget = 51\n', "ours")
    sk("new", "--force", "--rules", rules, "Ann", "Bob")
    live = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 24))
    lines = live.handle("rules").text.split("\n")
    assert lines[0] == "Our Goat" and "end.target = 51" in " ".join(lines[1:3])
