"""``scorekeeper rules``: list, show and check rulesets."""

from __future__ import annotations

import click

from scorekeeper.choice import written
from scorekeeper.cli.base import Group, InputProblem, PathType, echo_json, format_option
from scorekeeper.errors import RulesetNotFound
from scorekeeper.rules.loader import builtin_names, check_ruleset, load_ruleset
from scorekeeper.rules.book import book_path, cite
from scorekeeper.rules.schema import KEYS, SPECIAL_HANDS, SPECIAL_HANDS_SOURCE


@click.group(cls=Group)
def rules() -> None:
    """List, show and check rulesets.

    \b
    A ruleset is a TOML file of keys; a house ruleset extends a built-in one:
      extends = "goat"
      [fish]
      policy = "each"
    """


@rules.command("list")
@format_option("json")
def list_rules(output_format: str) -> None:
    """List the built-in rulesets.

    Example: scorekeeper rules list
    """
    found = [load_ruleset(name) for name in builtin_names()]
    if output_format == "json":
        echo_json([{"name": ruleset.name, "description": ruleset.description} for ruleset in found])
        return
    width = max(len(ruleset.name) for ruleset in found)
    for ruleset in found:
        click.echo(f"{ruleset.name:<{width}}  {ruleset.description}")


@rules.command("show")
@click.argument("ruleset")
@format_option("json", "toml")
def show_rules(ruleset: str, output_format: str) -> None:
    """Show a ruleset's effective values, each with what it means.

    RULESET is a built-in name (see 'scorekeeper rules list') or a path to a file.
    Each key cites the rule book (rules.md, shipped with scorekeeper; its path is
    printed last) by section, and the source articles by title.

    Example: scorekeeper rules show goat
    """
    loaded = load_ruleset(ruleset)
    if output_format == "json":
        echo_json({"name": loaded.name, "description": loaded.description, "chain": list(loaded.chain),
                   "keys": {key.path: written(loaded[key.path]) for key in KEYS},
                   SPECIAL_HANDS: {" ".join(map(str, tiles)): value
                                   for tiles, value in loaded.special_hands.items()},
                   "sources": {key.path: cite(key.source) for key in KEYS if key.source},
                   "rule_book": book_path()})
        return
    if output_format == "toml":
        import tomli_w

        data: dict = {"name": loaded.name, "description": loaded.description}
        for key in KEYS:
            section, name = key.path.split(".", 1)
            data.setdefault(section, {})[name] = written(loaded[key.path])
        data[SPECIAL_HANDS] = {" ".join(map(str, tiles)): value for tiles, value in loaded.special_hands.items()}
        click.echo(tomli_w.dumps(data), nl=False)
        return
    click.echo(f"{loaded.name}: {loaded.description}")
    if len(loaded.chain) > 1:
        click.echo(f"extends: {' <- '.join(reversed(loaded.chain))}")
    click.echo()
    width = max(len(key.path) for key in KEYS)
    for key in KEYS:
        value = _shown(loaded[key.path])
        click.echo(f"{key.path:<{width}} = {value:<16} {key.explain}")
        if key.source:
            click.echo(f"{'':<{width}}   {'':<16} (source: {cite(key.source)})")
    click.echo(f"{SPECIAL_HANDS:<{width}} = {loaded.describe_special_hands()}")
    click.echo(f"{'':<{width}}   a hand of exactly these tiles counts the value instead of its pips")
    click.echo(f"{'':<{width}}   (source: {cite(SPECIAL_HANDS_SOURCE)})")
    click.echo(f"\nThe rules and every reading these keys take: {book_path()}")


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
        hint = (f" ('{file}' is a built-in ruleset: 'scorekeeper rules show {file}' shows it)"
                if file in builtin_names() else "")
        raise InputProblem(f"{problems[0]}{hint}")
    if problems:
        for problem in problems:
            click.echo(f"Error: {problem}", err=True)
        raise click.exceptions.Exit(1)
    extends = f" (extends {' <- '.join(reversed(ruleset.chain[1:]))})" if len(ruleset.chain) > 1 else ""
    click.echo(f"{file}: ok, ruleset '{ruleset.name}'{extends}")


def _shown(value) -> str:
    value = written(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else '""'  # an empty text key (eggs.lead) must still show


__all__ = ["rules", "InputProblem"]
