"""`rules show sea-goat` explains every key in plain language, the disputed readings included."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules.schema import KEYS

DISPUTED = ["opening.strict", "opening.write_off", "finish.six_six", "finish.six_six_min", "hundred.lost"]


@pytest.mark.parametrize("name", ["sea-goat", "sea-goat-pairs"])
def test_every_key_is_explained(sk, name):
    lines = sk("rules", "show", name).stdout.splitlines()
    for key in KEYS:
        line = next((line for line in lines if line.startswith(key.path + " ")), None)
        assert line is not None, key.path
        assert key.explain in line and len(key.explain.split()) >= 4, key.path


@pytest.mark.parametrize("path", DISPUTED)
def test_readings_the_sources_disagree_on_are_named(sk, path):
    lines = sk("rules", "show", "sea-goat").stdout.splitlines()
    index = next(number for number, line in enumerate(lines) if line.startswith(path + " "))
    source = lines[index + 1]
    assert "sources disagree" in source and "000" in source and "004" in source


def test_sea_goat_values(sk):
    shown = json.loads(sk("rules", "show", "sea-goat", "--format", "json").stdout)
    keys = shown["keys"]
    assert (keys["opening.threshold"], keys["opening.write_off"], keys["end.target"]) == (25, "others", 125)
    assert (keys["finish.six_six"], keys["hundred.lost"], keys["eggs.rot_after"]) == ("wins-or-hundred",
                                                                                      "write-off", 3)
    assert shown["special_hands"] == {"0-0": 25, "6-6": 50, "0-0 6-6": 75}
    pairs = json.loads(sk("rules", "show", "sea-goat-pairs", "--format", "json").stdout)
    assert pairs["keys"]["players.teams"] == "pairs" and pairs["chain"] == ["sea-goat-pairs", "sea-goat"]


def test_new_keys_keep_goat_unchanged(sk):
    keys = json.loads(sk("rules", "show", "goat", "--format", "json").stdout)["keys"]
    assert keys["opening.write_off"] == "none" and keys["finish.six_six"] == "none"
    assert not keys["hundred.enabled"] and not keys["finish.zero_zero_wins"] and keys["end.name_other"]
    assert keys["eggs.lead"] == "" and keys["bonus.lead_six_six"] == 0


@pytest.mark.parametrize("text, key", [
    ('[finish]\nsix_six = "sometimes"\n', "finish.six_six"),
    ('[hundred]\nlost = "maybe"\n', "hundred.lost"),
    ('[opening]\nwrite_off = 3\n', "opening.write_off"),
    ('[bonus]\nlead_six_six = -5\n', "bonus.lead_six_six"),
])
def test_bad_values_of_new_keys_are_named(sk, tmp_path, text, key):
    (tmp_path / "bad.toml").write_text('extends = "sea-goat"\n' + text, encoding="utf-8")
    message = sk.fails("rules", "check", str(tmp_path / "bad.toml"), code=1)
    assert key in message
