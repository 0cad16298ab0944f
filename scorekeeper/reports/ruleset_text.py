"""Text for people: a ruleset's keys, each with its value as the file writes it and what it means."""

from __future__ import annotations

from typing import Callable, Sequence

from scorekeeper.rules.schema import written
from scorekeeper.errors import InputError
from scorekeeper.reports.fit import wrap
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import KEYS, KEYS_BY_PATH, SPECIAL_HANDS
from scorekeeper.errors import printable

SPECIAL_HANDS_EXPLAIN = "a hand of exactly these tiles counts the value instead of its pips"


def select_keys(names: Sequence[str]) -> list[str]:
    """The key paths asked for: a key (``fish.policy``), a section (``fish``: its keys), or ``special_hands``;
    InputError naming an unknown one and what there is."""
    paths = [key.path for key in KEYS] + [SPECIAL_HANDS]
    chosen: list[str] = []
    for name in names:
        wanted = name.strip().strip("[]")
        found = [path for path in paths if path == wanted or path.split(".", 1)[0] == wanted]
        if not found:
            import difflib

            sections = sorted({path.split(".", 1)[0] for path in paths})
            near = difflib.get_close_matches(wanted, paths + sections, n=3, cutoff=0.6) or \
                [path for path in paths if wanted and path.split(".")[-1] == wanted]
            hint = f"did you mean {', '.join(near[:4])}?" if near else f"sections: {', '.join(sections)}"
            raise InputError(f"no key or section '{name}' in a ruleset ({hint})")
        chosen += [path for path in found if path not in chosen]
    return chosen


def chain_text(ruleset: Ruleset, start: int = 0) -> str:
    """What a ruleset extends, root first (``goat <- house.toml``), its file names escaped (``\\x1b``)."""
    return printable(" <- ".join(reversed(ruleset.chain[start:])))


def set_by_file(ruleset: Ruleset) -> list[str]:
    """The keys the ruleset's own file sets over what it extends; for a file that extends nothing, those it
    sets to something other than the schema's default."""
    leaf = ruleset.chain[0] if ruleset.chain else None
    own = [path for path in [key.path for key in KEYS] + [SPECIAL_HANDS] if ruleset.set_by.get(path) == leaf]
    if len(ruleset.chain) > 1:
        return own
    return [path for path in own if path == SPECIAL_HANDS or ruleset[path] != KEYS_BY_PATH[path].default]


def toml_value(value: object) -> str:
    """A key's value as a TOML file writes it: true, 101, "most-takes-all"."""
    value = written(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        import json  # a TOML basic string escapes as JSON does, for the characters a key's text holds

        return json.dumps(value, ensure_ascii=False)
    import tomli_w

    return tomli_w.dumps({"v": value})[4:].rstrip("\n")


def shown_value(ruleset: Ruleset, path: str) -> str:
    if path == SPECIAL_HANDS:
        return ruleset.describe_special_hands()
    return toml_value(ruleset[path])


def render_ruleset(ruleset: Ruleset, paths: Sequence[str] | None = None, width: int | None = None,
                   parent: Ruleset | None = None, cite: Callable[[str], str] = lambda source: source,
                   changed: bool = False) -> str:
    """The ruleset's name, what it extends, then each key of ``paths`` (None: every key): ``key = value``,
    what it means and its source, wrapped to ``width`` (None: one line for the key and its meaning).

    With ``parent`` (the ruleset it extends), a value the file changed says what it was there; ``changed``
    says the keys are those the file sets, and says so when there are none.
    """
    if paths is None:
        paths = [key.path for key in KEYS] + [SPECIAL_HANDS]
    lines = wrap(printable(f"{ruleset.name}: {ruleset.description}"), width, indent="  ")
    if len(ruleset.chain) > 1:  # file names, as the files were found: escaped like all text from outside
        lines += wrap(f"extends: {chain_text(ruleset)}", width, indent="  ")
    lines.append("")
    if changed and not paths:
        lines.append(printable(f"{ruleset.name} sets no key of its own."))
    column = max((len(path) for path in paths), default=0) if width is None else 0
    indent = " " * (column + 3) if width is None else "    "
    for path in paths:
        value = shown_value(ruleset, path)
        if parent is not None and path != SPECIAL_HANDS and parent[path] != ruleset[path]:
            value += printable(f" (was {toml_value(parent[path])} in {parent.name})")
        explain = SPECIAL_HANDS_EXPLAIN if path == SPECIAL_HANDS else KEYS_BY_PATH[path].explain
        source = "" if path == SPECIAL_HANDS else KEYS_BY_PATH[path].source
        if width is None:
            lines.append(f"{path:<{column}} = {value}  {explain}")
        else:
            lines += wrap(f"{path} = {value}", width, indent=indent)
            lines += wrap(explain, width, indent=indent, first=indent)
        if source:
            lines += wrap(f"(source: {cite(source)})", width, indent=indent + " ", first=indent)
    return "\n".join(lines)
