"""``scorekeeper rules``: list, show and check rulesets."""

from __future__ import annotations

import click

from scorekeeper.cli.base import Group, format_option
from scorekeeper.cli.completion import ruleset_names
from scorekeeper.cli.output import echo_for_programs, echo_json, echo_paged, screen_height, screen_width
from scorekeeper.cli.params import PathType
from scorekeeper.cli.problems import InputProblem, echo_problems
from scorekeeper.errors import RulesetNotFound, printable, shell_word
from scorekeeper.i18n import _
from scorekeeper.reports.fit import wrap
from scorekeeper.reports.ruleset_text import (
    chain_text,
    extended,
    render_ruleset,
    render_ruleset_list,
    ruleset_data,
    ruleset_list_data,
    ruleset_toml,
    shown_paths,
)
from scorekeeper.rules.book import book_path, cite, edition
from scorekeeper.rules.loader import builtin_names, builtin_summaries, check_ruleset, load_ruleset
from scorekeeper.rules.schema import KEYS


@click.group(cls=Group)
def rules() -> None:
    """List, show and check rulesets.

    \b
    A ruleset is a TOML file of keys; a house ruleset extends a built-in one:
      extends = "goat"
      [fish]
      policy = "each"

    \b
    Examples:
      scorekeeper rules list
      scorekeeper rules show goat
      scorekeeper rules check my-house.toml
    """


@rules.command("list")
@format_option("json")
def list_rules(output_format: str) -> None:
    """List the built-in rulesets.

    Example: scorekeeper rules list
    """
    found = builtin_summaries()
    if output_format == "json":
        echo_json(ruleset_list_data(found))
        return
    echo_paged(render_ruleset_list(found, screen_width()))


@rules.command("show")
@click.argument("ruleset", shell_complete=ruleset_names)
@click.argument("keys", nargs=-1, metavar="[KEY|SECTION]...")
@click.option("--changed", is_flag=True,
              help="Only the keys the file sets over what it extends (or over the defaults).")
@format_option("json", "toml")
def show_rules(ruleset: str, keys: tuple[str, ...], changed: bool, output_format: str) -> None:
    """Show a ruleset's effective values, each with what it means.

    RULESET is a built-in name (see 'scorekeeper rules list') or a path to a file. KEY is a key
    (fish.policy) or a whole section (fish); without one, every key. Values print as a ruleset
    file writes them. Each key cites the rule book (rules.md, shipped with scorekeeper; its
    path is printed last) by section, and the source articles by title.

    \b
    Examples:
      scorekeeper rules show goat
      scorekeeper rules show goat end.target fish
      scorekeeper rules show my-house.toml --changed
    """
    loaded = load_ruleset(ruleset)
    paths = shown_paths(loaded, keys, changed)
    if output_format == "json":
        echo_json(ruleset_data(loaded, paths))
        return
    if output_format == "toml":
        echo_for_programs(ruleset_toml(loaded, paths))
        return
    parent = extended(loaded) if changed else None
    width = screen_width()  # on a screen, a key's source without its articles' titles (the rule book has them)
    text = render_ruleset(loaded, paths, width, parent, cite=cite if width is None else lambda source: source,
                          changed=changed)
    if width is not None and not keys and text.count("\n") > screen_height():  # the end is what stays in view
        sections = ", ".join(dict.fromkeys(key.path.split(".", 1)[0] for key in KEYS))
        text += "\n\n" + "\n".join(wrap(_("One section or key: scorekeeper rules show {ruleset} fish end.target "
                                         "(sections: {sections}, special_hands)").format(
                                           ruleset=shell_word(ruleset), sections=sections), width))
    # The path on a line of its own, so that it can be copied (split only where the screen is too narrow).
    text += "\n\n" + "\n".join(wrap(_("The rule book, with every reading these keys take:"), width)
                                + wrap(edition(book_path()), width))
    echo_paged(text)  # a section is taller than a 24-line screen too ('rules fish' in the session)


@rules.command("check")
@click.argument("file", type=PathType())
def check_rules(file: str) -> None:
    """Check a ruleset file and name every problem with its key.

    Exit status 0 when the file is good, 1 when it has problems, 2 when there is no such file.

    Example: scorekeeper rules check my-house.toml
    """
    spec = file if file.endswith(".toml") or "/" in file else f"./{file}"
    ruleset, problems = check_ruleset(spec)
    if len(problems) == 1 and isinstance(problems[0], RulesetNotFound):
        said = (_("{problem} ('{name}' is a built-in ruleset: 'scorekeeper rules show {name}' shows it)")
                if file in builtin_names() else "{problem}")
        raise InputProblem(printable(said.format(problem=problems[0], name=file)))
    if problems:
        echo_problems(problems)
        raise click.exceptions.Exit(1)
    said = printable(_("{file}: ok, ruleset '{name}'").format(file=file, name=ruleset.name))
    if len(ruleset.chain) > 1:
        said = _("{checked} (extends {chain})").format(checked=said, chain=chain_text(ruleset, 1))
    click.echo(said)


__all__ = ["rules", "InputProblem"]
