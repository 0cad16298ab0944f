"""The side-by-side comparison's grid: the people's table layout with two-line headers."""

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
