"""Players' names: one fold for matching what was typed and for refusing names that cannot sit together."""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputError
from scorekeeper.notation.names import alike_problem, fold, match_player, name_problem


def test_fold_reads_yo_as_ye_and_ignores_case_accents_spaces_and_look_alike_letters():
    assert fold("Алёна") == fold("АЛЕНА") == fold("алена")
    assert fold("Anna  Lee") == fold("anna lee") and fold("Léna") == fold("Lena")
    assert fold("Олег") == fold("Oлег")  # the second begins with a Latin O
    assert fold("Ann") != fold("Anna")


@pytest.mark.parametrize("names", [("Ann", "ann"), ("Алёна", "АЛЕНА"), ("Anna Lee", "Anna  Lee"),
                                   ("Léna", "Lena"), ("Олег", "Oлег")])
def test_names_a_scorer_could_not_tell_apart_when_typed_cannot_sit_together(names):
    assert "are the same name to scorekeeper" in alike_problem(names)
    # what alike_problem refuses is what the typed-name matching could not tell apart
    with pytest.raises(InputError, match="could be"):
        match_player(names, fold(names[0]).upper())


def test_names_that_differ_sit_together():
    assert alike_problem(["Ann", "Anna", "Иван", "Ivan"]) is None
    assert alike_problem(["Ann", "Bob", "Ann"]) == "two players are called 'Ann'"


@pytest.mark.parametrize("name, words", [("", "an empty name"), (" Ann", "starts or ends with a space"),
                                         ("A\x1bnn", "control or invisible character (\\x1b)"),
                                         ("A=B", "it holds '='")])
def test_name_problem(name, words):
    assert words in name_problem(name)
    assert name_problem("Ann") is None
