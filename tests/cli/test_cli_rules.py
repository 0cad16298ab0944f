"""rules list / show / check, and house rulesets that extend a built-in one."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules.loader import builtin_names, load_ruleset
from scorekeeper.rules.schema import KEYS


def test_rules_list_names_every_built_in(sk):
    out = sk("rules", "list").stdout
    for name in builtin_names():
        assert name in out
    listed = json.loads(sk("rules", "list", "--format", "json").stdout)
    assert {item["name"] for item in listed} == set(builtin_names())
    assert all(item["description"] for item in listed)


def test_rules_list_says_what_loading_each_ruleset_says(sk):
    """The list reads each built-in file alone: what it shows is what the loader makes of the whole chain."""
    listed = json.loads(sk("rules", "list", "--format", "json").stdout)
    loaded = [load_ruleset(name) for name in builtin_names()]
    assert [(item["name"], item["description"]) for item in listed] == [(r.name, r.description) for r in loaded]


@pytest.mark.parametrize("name", builtin_names())
def test_rules_show_explains_every_key(sk, name):
    out = sk("rules", "show", name).stdout
    for key in KEYS:
        line = next(line for line in out.splitlines() if line.startswith(key.path + " "))
        assert key.explain in line
    assert "special_hands" in out
    shown = json.loads(sk("rules", "show", name, "--format", "json").stdout)
    assert shown["name"] == name
    assert set(shown["keys"]) == {key.path for key in KEYS}


def test_goat_effective_values():
    goat = load_ruleset("goat")
    assert (goat["opening.threshold"], goat["end.target"], goat["fish.policy"].value, goat["eggs.to"].value) == \
        (13, 101, "most-takes-all", "biggest-loser")
    assert goat.describe_special_hands() == "0-0 = 10"
    pairs = load_ruleset("goat-pairs")
    assert (pairs["players.teams"].value, pairs["count.partner_of_finisher"], pairs["eggs.to"].value) == \
        ("pairs", False, "losers")
    assert pairs["opening.threshold"] == 13 and pairs.chain == ("goat-pairs", "goat")


def test_house_ruleset_extends_and_overrides(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\nname = "our-house"\n[opening]\nthreshold = 25\n[end]\ntarget = 125\n')
    assert "ok, ruleset 'our-house' (extends goat)" in sk("rules", "check", str(house)).stdout
    shown = json.loads(sk("rules", "show", str(house), "--format", "json").stdout)
    assert shown["keys"]["opening.threshold"] == 25 and shown["keys"]["end.target"] == 125
    assert shown["keys"]["fish.policy"] == "most-takes-all"
    sk("new", "--rules", str(house), "Masha", "Alex")
    sk("round", "--out", "Masha", "--total", "Alex=24")
    assert sk.side("Alex") == {"name": "Alex", "players": ["Alex"], "score": 0, "remembered": 24}


def test_house_ruleset_can_extend_another_file(sk, tmp_path):
    (tmp_path / "base.toml").write_text('extends = "goat"\n[end]\ntarget = 50\n')
    (tmp_path / "leaf.toml").write_text('extends = "base.toml"\n[fish]\npolicy = "each"\n')
    ruleset = load_ruleset(str(tmp_path / "leaf.toml"))
    assert ruleset["end.target"] == 50 and ruleset["fish.policy"].value == "each"


def test_extends_in_a_circle_is_refused(sk, tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n')
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n')
    result = sk("rules", "check", str(tmp_path / "a.toml"), code=1)
    assert "circle" in result.stderr


def test_rules_check_names_every_problem(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\n[end]\ntarget = -1\nat_target = "draws"\n[fish]\npolicy = 3\n')
    lines = sk("rules", "check", str(house), code=1).stderr.strip().splitlines()
    assert len(lines) == 3
    assert any("end.target" in line and "at least 0" in line for line in lines)
    assert any("end.at_target" in line and "loses, wins" in line for line in lines)
    assert any("fish.policy" in line for line in lines)


def test_rules_show_unknown(sk):
    assert "unknown ruleset 'nope'" in sk.fails("rules", "show", "nope", code=2)
    assert "unknown ruleset 'nope'" in sk.fails("check", "hand", "0-0", "--rules", "nope", code=2)


def test_rules_check_missing_file(sk, tmp_path):
    assert "not found" in sk.fails("rules", "check", str(tmp_path / "missing.toml"), code=2)
    assert "'scorekeeper rules show goat' shows it" in sk.fails("rules", "check", "goat", code=2)


def test_unknown_extends_inside_a_file_is_a_broken_file(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "nosuch"\n')
    assert "unknown ruleset 'nosuch'" in sk.fails("new", "--rules", str(house), "A", "B", code=1)


def test_a_house_file_without_a_description_says_what_it_changes(tmp_path):
    (tmp_path / "h1.toml").write_text('extends = "goat"\n[end]\ntarget = 125\n[opening]\nthreshold = 25\n')
    (tmp_path / "h5.toml").write_text('extends = "h1.toml"\n[fish]\npolicy = "each"\n')
    assert load_ruleset(str(tmp_path / "h1.toml")).description == "goat with end.target = 125, opening.threshold = 25"
    assert load_ruleset(str(tmp_path / "h5.toml")).description == "h1 with fish.policy = each"


@pytest.mark.parametrize("typed, near", [("goatt", "goat"), ("Sea-Goat", "sea-goat"), ("mugins", "muggins")])
def test_a_mistyped_ruleset_name_suggests_the_nearest_and_changes_nothing(sk, typed, near):
    message = sk.fails("new", "--rules", typed, "Ann", "Bob", code=2)
    assert f"unknown ruleset '{typed}' (did you mean {near}" in message and "rules list" in message
    assert "all-threes" not in message  # the nearest names, not all fourteen
    assert not sk.path.exists()


def test_a_ruleset_name_like_none_lists_every_built_in(sk):
    message = sk.fails("new", "--rules", "xyzzy", "Ann", "Bob", code=2)
    assert "unknown ruleset 'xyzzy' (built-in: " in message
    assert all(name in message for name in builtin_names())


def test_a_problem_with_an_escaped_quoted_key_names_its_line(sk, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "goat"\nname = "house"\n[special_hands]\n"\\u001b0-0" = 10\n', encoding="utf-8")
    message = sk.fails("rules", "check", str(house), code=1)
    assert f"{house}:4: special_hands." in message and "\x1b" not in message


TITLES = {"goat": ("Goat", "Козёл", "Козел"), "sea-goat": ("Sea Goat", "Морской козёл", "Морський козел"),
          "muggins": ("Muggins", "Маггинс", "Маґґінс"), "all-fives": ("All Fives", "Все пятёрки", "Усі п'ятірки"),
          "phone": ("Phone", "Телефон", "Телефон"), "goat-pairs": ("Pairs Goat", "Парный козёл", "Парний козел")}


@pytest.mark.parametrize("name", builtin_names())
def test_every_built_in_ruleset_has_a_title_in_each_language(name):
    from scorekeeper.i18n import use

    titles = []
    for language in ("en", "ru", "uk"):
        use(language)
        titles.append(load_ruleset(name).called)
    use("en")
    english, russian, ukrainian = titles
    assert english and english != name and russian != english and ukrainian != english, titles
    assert load_ruleset(name).name == name  # what is typed stays the file's name
    if name in TITLES:
        assert tuple(titles) == TITLES[name]


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_table_new_and_play_name_the_game_by_its_title(sk, monkeypatch, language):
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    english, russian, ukrainian = TITLES["goat"]
    title = {"en": english, "ru": russian, "uk": ukrainian}[language]
    made = sk("new", "--rules", "goat", "Ann", "Bob").stdout
    assert title in made.splitlines()[0] and "goat" not in made.splitlines()[0]
    sk("round", "Ann out, Bob 5")
    assert sk("table").stdout.startswith(f"{title}: 1 ")
    assert json.loads(sk("table", "--format", "json").stdout)["ruleset"] == "goat"  # programs read the name
    from scorekeeper.i18n import use
    from scorekeeper.live.session import LiveSession, Screen

    use(language)
    greeting = LiveSession.open(str(sk.path), screen=lambda: Screen(None, None)).greeting()
    assert greeting.startswith(title if language == "en" else ("Партия «" if language == "ru" else "Гра «") + title)


def test_a_house_ruleset_is_called_by_its_title_else_by_its_name(sk, tmp_path):
    (tmp_path / "ours.toml").write_text('extends = "goat"\n[end]\ntarget = 125\n')
    (tmp_path / "titled.toml").write_text('extends = "goat"\nname = "friday"\ntitle = "Friday Goat"\n')
    assert load_ruleset(str(tmp_path / "ours.toml")).called == "ours"
    assert load_ruleset(str(tmp_path / "titled.toml")).called == "Friday Goat"
    assert load_ruleset(str(tmp_path / "titled.toml")).name == "friday"
    sk("new", "--rules", str(tmp_path / "titled.toml"), "Ann", "Bob")
    assert sk("table").stdout.startswith("Friday Goat: 0 rounds")
    (tmp_path / "bad.toml").write_text('extends = "goat"\ntitle = 3\n')
    assert "must be a string" in sk.fails("rules", "check", str(tmp_path / "bad.toml"), code=1)
