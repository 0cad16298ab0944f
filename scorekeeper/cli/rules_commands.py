"""``scorekeeper rules``: list, show and check rulesets."""

from __future__ import annotations

import click

from scorekeeper.rules.schema import written
from scorekeeper.cli.base import Group, InputProblem, PathType, echo_json, echo_problems, format_option
from scorekeeper.errors import RulesetNotFound
from scorekeeper.rules.loader import builtin_names, check_ruleset, load_ruleset
from scorekeeper.rules.book import book_path, cite
from scorekeeper.rules.schema import KEYS, KEYS_BY_PATH, SPECIAL_HANDS, SPECIAL_HANDS_SOURCE
from scorekeeper.errors import printable


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
    found = [load_ruleset(name) for name in builtin_names()]
    if output_format == "json":
        echo_json([{"name": ruleset.name, "description": ruleset.description} for ruleset in found])
        return
    from scorekeeper.cli.base import screen_height, screen_width
    from scorekeeper.reports.fit import wrap

    width = max(len(ruleset.name) for ruleset in found)
    screen = screen_width()
    lines: list[str] = []
    for ruleset in found:
        if screen is not None and screen - width - 2 < 24:  # too narrow for two columns: the text under the name
            lines += [ruleset.name] + wrap(ruleset.description, screen, indent="  ", first="  ")
        else:
            lines += wrap(ruleset.description, screen, indent=" " * (width + 2), first=f"{ruleset.name:<{width}}  ")
    if screen is not None and len(lines) > screen_height() - 2:  # a screenful: one line each, 'show' has the rest
        lines = [f"{ruleset.name:<{width}}  {_first_clauses(ruleset.description, screen - width - 2)}"
                 for ruleset in found]
        lines += wrap("'scorekeeper rules show NAME' says more.", screen)
    click.echo("\n".join(lines))


def _first_clauses(text: str, room: int) -> str:
    """As much of ``text`` as fits ``room`` columns, cut where a clause ends (``:``, ``;``, ``,``) or else
    between words, marked with "…" when cut."""
    if len(text) <= room:
        return text
    import re

    ends = [match.start() for match in re.finditer(r"[:;,] ", text) if match.start() + 1 <= room]
    if ends and ends[-1] >= room // 2:
        return text[:ends[-1]] + "…"
    words = text[:room].rsplit(" ", 1)[0] if " " in text[:room] else text[:room - 1]
    return words.rstrip(":;, ") + "…"


@rules.command("show")
@click.argument("ruleset")
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
    from scorekeeper.cli.base import screen_height, screen_width
    from scorekeeper.reports.ruleset_text import render_ruleset, select_keys, set_by_file

    loaded = load_ruleset(ruleset)
    paths = select_keys(keys) if keys else None
    if changed:
        own = set_by_file(loaded)
        paths = [path for path in (paths or own) if path in own]
    if output_format == "json":
        chosen = [key.path for key in KEYS] if paths is None else paths
        data = {"name": loaded.name, "description": loaded.description, "chain": list(loaded.chain),
                "keys": {path: written(loaded[path]) for path in chosen if path != SPECIAL_HANDS}}
        if SPECIAL_HANDS in chosen or paths is None:
            data[SPECIAL_HANDS] = {" ".join(map(str, tiles)): value for tiles, value in loaded.special_hands.items()}
        data["sources"] = {path: cite(SPECIAL_HANDS_SOURCE if path == SPECIAL_HANDS else KEYS_BY_PATH[path].source)
                           for path in chosen if path == SPECIAL_HANDS or KEYS_BY_PATH[path].source}
        data["rule_book"] = book_path()
        echo_json(data)
        return
    if output_format == "toml":
        import tomli_w

        data = {"name": loaded.name, "description": loaded.description}
        for key in KEYS:
            if paths is None or key.path in paths:
                section, name = key.path.split(".", 1)
                data.setdefault(section, {})[name] = written(loaded[key.path])
        if paths is None or SPECIAL_HANDS in paths:
            data[SPECIAL_HANDS] = {" ".join(map(str, tiles)): value
                                   for tiles, value in loaded.special_hands.items()}
        click.echo(tomli_w.dumps(data), nl=False)
        return
    parent = None
    if changed and len(loaded.chain) > 1:
        try:
            parent = load_ruleset(loaded.chain[1])
        except Exception:  # a parent given by a relative path: the values alone are shown
            parent = None
    from scorekeeper.reports.fit import wrap

    width = screen_width()  # on a screen, a key's source without its articles' titles (the rule book has them)
    text = render_ruleset(loaded, paths, width, parent, cite=cite if width is None else lambda source: source,
                          changed=changed)
    click.echo(text)
    if width is not None and not keys and text.count("\n") > screen_height():  # the end is what stays in view
        sections = ", ".join(dict.fromkeys(key.path.split(".", 1)[0] for key in KEYS))
        click.echo("\n" + "\n".join(wrap(f"One section or key: scorekeeper rules show {printable(ruleset)} fish "
                                         f"end.target (sections: {sections}, special_hands)", width)))
    # The path on a line of its own, so that it can be copied (split only where the screen is too narrow).
    click.echo("\n" + "\n".join(wrap("The rule book, with every reading these keys take:", width)
                                 + wrap(book_path(), width)))


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
        raise InputProblem(printable(f"{problems[0]}{hint}"))
    if problems:
        echo_problems(problems)
        raise click.exceptions.Exit(1)
    from scorekeeper.reports.ruleset_text import chain_text

    extends = f" (extends {chain_text(ruleset, 1)})" if len(ruleset.chain) > 1 else ""
    click.echo(printable(f"{file}: ok, ruleset '{ruleset.name}'") + extends)


__all__ = ["rules", "InputProblem"]
