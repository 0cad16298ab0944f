"""What the fuzz runs type and splice into files: shared by the bounded CI suite (tests/notation/test_fuzz_input.py)
and the long run (benchmarks/fuzz_input.py), so that both try the same odd input."""

from __future__ import annotations

WORDS = ["", " ", "-", "--", "=", "0", "1", "5", "13", "-3", "+5", "²", "٣", "1_0", "5.0", "1e3", "0x10",
         "9" * 30, "9" * 5000, "Masha", "masha", " Masha ", "Alex", "Olya", "Serg", "Bob", "Ann\n", "Ma\x1b[2Jsha",
         "\u2028", "\u202e", "Алёна", "1-2", "6-6", "0-0", "9-9", "1-x", "1-2,3-3", "6-6 0-1", "1-2,2-1", "1:2",
         "Masha=1-2", "Alex=5", "Alex=²", "Alex=1_0", "Alex=-1", "Alex=" + "9" * 5000, "Olya=6-6 0-1", "=5",
         "Serg=", "Alex=5.0", "json", "text", "csv", "toml", "markdown", "goat", "muggins", "sea-goat", "nosuch",
         "x.toml", "out.txt", "match.toml", ".", "\x00", "\udcff", "Masha out, Alex 1-2, Olya 3, Serg 4",
         "m out 3 4 5"]
"""Words for command lines: numbers in every wrong form, names padded, escaped or unknown, tiles, rulesets."""

WRONG_VALUES = ["1_0", "5.0", '"x"', "[]", "{}", "true", "1", '["A", 1]', "[[rounds]]\n", "9" * 25, "9" * 20]
"""What a mutation puts in place of a value in a file: a value of another type or form."""

MUTATIONS = ['"', "'", "[", "]", "{", "}", "=", ",", "\n", "#", " ", "\u2028", "\\u001b", "\x1b", "\t", "0", "9",
             "-", "²", *WRONG_VALUES]
"""What a mutation inserts into a file's text."""

MATCH_COMMANDS = [["table"], ["table", "--all"], ["table", "--format", "json"], ["export", "--format", "csv"],
                  ["export", "--format", "json"], ["export", "--format", "markdown"], ["explain"], ["explain", "1"],
                  ["chart"], ["rating"], ["undo"], ["delete", "1"], ["compare", "goat"], ["compare", "goat-pairs"],
                  ["score", "Masha", "5"], ["check", "hand", "1-2"],
                  ["round", "--out", "Masha", "--total", "Alex=1", "--total", "Olya=2", "--total", "Serg=3"],
                  ["edit", "1", "--out", "Alex", "--total", "Masha=1", "--total", "Olya=2", "--total", "Serg=3"]]
"""Commands run on a mutated match file."""

HAND_IN_PLAY = ("hand = { plays = 'Alex 1-1, Olya 1-3 on 1, Serg knocks, Masha 3-4 on 3', "
                'allowed = [{ play = 3, breach = "knock-while-able" }] }\n')
"""A hand in play, as a session keeps it at the end of a match file of Masha, Alex, Olya and Serg (issue 32): what
a mutation breaks in it is named at its line, ``the hand in play: ...``."""

RULESET = """\
extends = "goat"
name = "house"
description = "goat with fish for everyone"
[fish]
policy = "each"
[end]
target = 125
[special_hands]
"0-0" = 10
"""
"""The house ruleset the runs mutate."""


def file_lines(data: bytes) -> int:
    """How many lines a file has as it is read (text mode): a lone CR, an old Mac line end, ends one too."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1
