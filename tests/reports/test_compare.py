"""The side-by-side comparison's grid: the people's table layout with two-line headers."""

import pytest

from scorekeeper.reports.columns import simple_table


def test_a_two_line_header_stands_at_the_top_of_its_column():
    """The side-by-side grid heads each column with the side and the ruleset, one under the other."""
    assert simple_table(["#", "Маша\ngoat", "eggs\nsea-goat"], [[1, "0 +5", ""], [10, "35 *", "+30"]],
                        ("left", "left", "right")) == (
        "#   Маша      eggs\n"
        "    goat  sea-goat\n"
        "--  ----  --------\n"
        "1   0 +5\n"
        "10  35 *       +30")


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_compare_lists_the_missing_facts_without_the_note_word_in_every_language(sk, monkeypatch, language):
    """The list under its heading says each kind of note with its rounds, and no 'note:' before each, whatever
    the language words the footer's note line."""
    from scorekeeper import i18n
    from scorekeeper.i18n import _, ngettext

    sk("new", "Masha", "Alex", "Olya", "Serg")
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    sk("round", "Alex out, Masha 1-1, Olya 13, Serg 5")
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    text = sk("compare", "sea-goat").stdout
    i18n.use(language)
    heading = _("facts {ruleset} needs but the match lacks:").format(ruleset=_("Sea Goat"))
    lacking = text.split(heading + "\n")[1].split("\n\n")[0].split("\n")
    kind = _("no last tile given ('out on TILE' or --last): the rules that need it were not applied")
    line = ngettext("round {rounds}: {note}", "rounds {rounds}: {note}", 2).format(rounds="1, 2", note=kind)
    assert "  " + line in lacking, lacking
    assert (language == "en") == (line == f"rounds 1, 2: {kind}") and (language == "en") == line.isascii()
    word = ngettext("note: round {rounds}: {note}", "note: rounds {rounds}: {note}", 2).partition("{rounds}")[0]
    assert not any(row.strip().startswith(word.split()[0]) for row in lacking), lacking
