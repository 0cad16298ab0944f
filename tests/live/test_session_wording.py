"""Issue 21, 11: the words a scorer reads are the table's, not the code's: how a match ended says what its
number is ("Serg wins with 0" read as a score of nothing winning), and 'rules list' says every ruleset whole."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play, one_shot_on_terminal  # noqa: E402

from scorekeeper.rules.loader import builtin_names, load_ruleset  # noqa: E402


@pytest.mark.parametrize("columns", [40, 80])
def test_a_win_by_a_finish_says_what_the_number_is(tmp_path, columns):
    play = Play(tmp_path, "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    answer = play.say("s out on 0-0, m 5, a 6, o 7")
    said = " ".join(answer.split())
    # the banner on a line of its own where it fits, what decided the match on the next (issue 21, 1)
    assert "*** Match over: Serg wins with 0 points. *** (Serg went out on 0-0 ('bald goat'))" in said
    if columns == 80:
        assert "*** Match over: Serg wins with 0 points. ***" in answer.splitlines()
    assert all(len(line) <= columns for line in answer.splitlines())
    assert " ".join(play.say("table").split()).endswith(
        "Match over: Serg wins with 0 points (Serg went out on 0-0 ('bald goat')).")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_a_goat_is_the_goat_with_points(tmp_path, columns):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    play.say("m out 35 60 5")
    said = " ".join(play.say("m out 35 60 6").split())
    assert "*** Match over: Olya is the goat with 120 points. ***" in said
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_rules_list_on_a_terminal_pages_every_description_whole(tmp_path, columns):
    shown = one_shot_on_terminal(tmp_path, columns, "rules", "list")
    assert all(line.startswith("paged:") for line in shown) and "…" not in "".join(shown)
    said = " ".join(" ".join(line.removeprefix("paged:") for line in shown).split())
    for name in builtin_names():
        assert " ".join(load_ruleset(name).description.split()) in said


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
@pytest.mark.parametrize("rules", ["goat", "all-fives", "phone"])
def test_the_greeting_says_who_leads_the_first_round_as_a_sentence(tmp_path, language, rules):
    """Between the match's sentence and what to type, who leads the first round is a sentence too: a capital
    letter on a line of its own, a full stop at its end, in every language."""
    play = Play(tmp_path, "--rules", rules, "Ann", "Bob", columns=40, SCOREKEEPER_LANG=language)
    lines = play.greeting.replace("\r\n", "\n").strip("\n").split("\n")
    match = next(index for index, line in enumerate(lines) if line.endswith("."))  # New Goat match in ...: Ann, Bob.
    assert "'" in lines[-1]  # Type a round, 'help' or 'quit'.
    note = lines[match + 1:-1]
    assert note and note[0][0].isupper() and note[-1].endswith("."), lines
    assert all(len(line) <= 40 for line in lines)
    play.quit()


SPINNER_ENDS = {  # Muggins, Ann 6-6 (the spinner), Bob 6-5: a refused 2-3, then '?'
    "en": ("the ends show 5 and the spinner 6-6", "Ends 5 and the spinner 6-6, count 17; Cat to play."),
    "ru": ("открыты: 5 и спиннер 6-6", "Концы 5 и спиннер 6-6, сумма 17; ходит Cat."),
    "uk": ("відкриті: 5 і спінер 6-6", "Кінці 5 і спінер 6-6, сума 17; ходить Cat."),
}


@pytest.mark.parametrize("language", sorted(SPINNER_ENDS))
def test_the_open_ends_of_a_spinner_game_are_a_list_naming_the_spinner(tmp_path, language):
    """The spinner's free sides all show its number: listed one by one ('6 6 6 5') they read as three ends;
    the referee says the ends as a list, the spinner named as the tile it is."""
    refused, standing = SPINNER_ENDS[language]
    play = Play(tmp_path, "--rules", "muggins", "Ann", "Bob", "Cat", columns=40, SCOREKEEPER_LANG=language)
    play.say("a 66")
    play.say("b 65")
    answer = play.say("c 23")
    assert all(len(line) <= 40 for line in answer.splitlines()), answer
    assert f"({refused})" in " ".join(answer.split()) and "6 6 6" not in answer
    answer = play.say("?")
    assert standing in " ".join(answer.split()), answer
    play.say("quit")  # the hand in play is kept: a second 'quit' leaves
    play.quit()
