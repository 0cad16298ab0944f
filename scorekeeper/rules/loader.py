"""Find, read and validate ruleset files; follow ``extends``; list the built-in ones."""

from __future__ import annotations

import os
from enum import Enum
from types import MappingProxyType
from typing import Any

from scorekeeper.domain.tiles import TileSet, parse_tiles
from scorekeeper.errors import RulesetError, RulesetNotFound, ScorekeeperError, either, printable
from scorekeeper.i18n import _, ngettext, translated
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import (KEYS, KEYS_BY_PATH, META_KEYS, SECTIONS, SPECIAL_HANDS, Count, FirstLead,
                                     HandValue, Key, PlayScore, Teams, written)
from scorekeeper.storage import tomlread as toml
from scorekeeper.storage.encoding import not_utf8
from scorekeeper.storage.textfile import NotRegular, decoded, open_regular

MAX_EXTENDS = 16


def builtin_dir() -> str:
    """The folder of built-in rulesets: inside the installed package, or the checkout's ``rulesets/``."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    installed = os.path.join(package, "rulesets")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(package), "rulesets")


def builtin_names() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(builtin_dir()) if name.endswith(".toml"))


def builtin_summaries() -> list[tuple[str, str]]:
    """Each built-in ruleset's name and description, as ``rules list`` shows them, read from its own file
    alone: a listing needs neither the values nor what the file extends, and each built-in file sets both
    (a test holds them equal to what ``load_ruleset`` gives)."""
    found = []
    for name in builtin_names():
        with open(os.path.join(builtin_dir(), name + ".toml"), "rb") as handle:
            data = toml.loads(decoded(handle.read()))
        found.append((data["name"], translated(data["description"])))
    return found


def is_path(spec: str) -> bool:
    """A ruleset is named by a path when it has a folder part or a .toml ending; else it is built-in."""
    return spec.endswith(".toml") or "/" in spec or "\\" in spec


def resolve(spec: str, base_dir: str | None = None) -> tuple[str, str]:
    """Return (label, file) for a built-in name or a path (relative paths are taken from base_dir)."""
    if is_path(spec):
        path = os.path.expanduser(spec)
        if not os.path.isabs(path) and base_dir:
            path = os.path.join(base_dir, path)
        return os.path.normpath(path), path
    return spec, os.path.join(builtin_dir(), f"{spec}.toml")


def load_ruleset(spec: str, base_dir: str | None = None) -> Ruleset:
    """Load a built-in ruleset by name, or a ruleset file by path; raise RulesetError on the first problem."""
    ruleset, problems = check_ruleset(spec, base_dir)
    if problems:
        first = problems[0]
        if len(problems) > 1:
            more = len(problems) - 1
            first = RulesetError(ngettext("{message} (and {more} more problem)",
                                          "{message} (and {more} more problems)", more).format(
                                     message=first.message, more=more),
                                 first.path, first.line, first.key)
        raise first
    assert ruleset is not None
    return ruleset


def check_ruleset(spec: str, base_dir: str | None = None) -> tuple[Ruleset | None, list[RulesetError]]:
    """Load a ruleset and collect every problem (each naming its file and key path)."""
    base = str(base_dir) if base_dir is not None else None
    problems: list[RulesetError] = []
    texts: dict[str, str] = {}
    layers = _read_layers(spec, base, problems, seen=[], texts=texts)
    if layers is None:
        return None, _placed(problems, texts)
    values: dict[str, Any] = {key.path: key.default for key in KEYS}
    set_by: dict[str, str] = {}
    special: dict = {}
    name = description = title = ""
    for label, data in reversed(layers):  # root first, leaf last
        parent = name
        for meta in ("name", "title", "description"):  # free text, shown in every table and ruling
            if meta in data and not (isinstance(data[meta], str) and data[meta].isprintable()):
                problems.append(RulesetError(_("must be one line of text") if isinstance(data[meta], str) else
                                             _("must be a string, not {data}").format(
                                                 data=printable(repr(data[meta]))[:40]),
                                             label, key=meta))
                data = {key: value for key, value in data.items() if key != meta}
        # a file: after itself (its name escaped: shown in every table and ruling, it may hold anything)
        name = data.get("name", printable(os.path.splitext(os.path.basename(label))[0]))
        title = data.get("title", name)  # a file without one is called by its name
        changed = _flatten(data)
        for path, value in changed:
            _apply(label, path, value, values, set_by, problems)
        if "description" in data:
            description = translated(data["description"])  # a built-in one's is in the catalogs
        elif parent and changed:  # a house file that does not describe itself: say what it changes
            shown = ", ".join(f"{path} = {written(values.get(path))}" for path, _ in changed)
            description = _("{parent} with {changes}").format(parent=parent, changes=shown)
        if SPECIAL_HANDS in data:
            special = _parse_special(label, data[SPECIAL_HANDS], values["tiles.max_pip"], problems)
            set_by[SPECIAL_HANDS] = label
    leaf_label = layers[0][0]
    _cross_check(leaf_label, values, problems, special)
    if problems:
        return None, _placed(problems, texts)
    origin = "built-in" if not is_path(spec) else leaf_label
    ruleset = Ruleset(name=name or printable(leaf_label), description=description, values=MappingProxyType(values),
                      special_hands=MappingProxyType(special), origin=origin,
                      chain=tuple(label for label, _ in layers), set_by=MappingProxyType(set_by),
                      title=title or name or printable(leaf_label)).shaped()
    return ruleset, problems


MAX_RULESET_BYTES = 1 << 20
"""A ruleset is a few dozen keys (a built-in one is a page of text); a file larger than this is refused
before it is read, so that a huge one (of unknown keys) costs nothing and prints one line."""


def unknown_ruleset(spec: str) -> str:
    """The refusal of a ruleset name that is neither built in nor a file: the nearest names where a typo is
    likely (a phone screen need not show all fourteen), else every built-in name."""
    from scorekeeper.notation.names import similar  # start-up: keeps names out until a ruleset is not found

    names = builtin_names()
    near = similar(names, spec, most=2)
    if near:
        return _("unknown ruleset '{spec}' (did you mean {names}? see 'scorekeeper rules list')").format(
            spec=spec, names=either(near))
    return _("unknown ruleset '{spec}' (built-in: {names})").format(spec=spec, names=", ".join(names))


def _read_layers(spec: str, base: str | None, problems: list[RulesetError],
                 seen: list[str], texts: dict[str, str] | None = None) -> list[tuple[str, dict]] | None:
    label, path = resolve(spec, base)
    if label in seen or len(seen) > MAX_EXTENDS:
        problems.append(RulesetError(_("'extends' goes round in a circle: {seen}").format(
            seen=' -> '.join(seen + [label])),
                                     seen[-1] if seen else label, key="extends"))
        return None
    if not os.path.isfile(path):
        where = seen[-1] if seen else None
        if not is_path(spec):
            message = unknown_ruleset(spec)
        else:
            message = _("ruleset file not found: {path}").format(path=path)
        if seen:  # an `extends` inside a file: the file is broken
            problems.append(RulesetError(message, where, key="extends"))
        else:
            problems.append(RulesetNotFound(message))
        return None
    try:
        size = os.path.getsize(path)
        if size > MAX_RULESET_BYTES:
            problems.append(RulesetError(_("too large for a ruleset ({size:,} bytes; a ruleset is a few keys, at "
                                           "most {max_ruleset_bytes:,} bytes)").format(
                size=size, max_ruleset_bytes=MAX_RULESET_BYTES), label))
            return None
        with open(open_regular(path), "rb") as handle:  # not a device or a pipe
            text = decoded(handle.read(MAX_RULESET_BYTES + 1))
        if texts is not None:
            texts[label] = text
        data = toml.loads(text)
    except toml.TomlError as error:
        problems.append(RulesetError(_("not valid TOML: {msg}").format(msg=error.msg), label, error.lineno))
        return None
    except UnicodeDecodeError:
        line, message = not_utf8(path)
        problems.append(RulesetError(message, label, line))
        return None
    except NotRegular as error:
        problems.append(RulesetError(_("cannot be a ruleset: {error}").format(error=error), label))
        return None
    except OSError as error:
        problems.append(RulesetError(_("cannot read: {error}").format(error=error.strerror or error), label))
        return None
    layers = [(label, data)]
    parent = data.get("extends")
    if parent is None:
        return layers
    if not isinstance(parent, str) or not parent:
        problems.append(RulesetError(_("must be the name of a ruleset or a path"), label, key="extends"))
        return None
    parent_base = os.path.dirname(path) if is_path(spec) else None
    rest = _read_layers(parent, parent_base, problems, seen + [label], texts)
    return None if rest is None else layers + rest


def _placed(problems: list[RulesetError], texts: dict[str, str]) -> list[RulesetError]:
    """Every problem that names a key of a file read, with the line where that key is set."""
    lines = {label: key_lines(text) for label, text in texts.items()}
    placed = []
    for problem in problems:
        line = lines.get(problem.path, {}).get((problem.key or "").replace('"', ""))
        if problem.line is None and line is not None:
            problem = type(problem)(problem.message, problem.path, line, problem.key)
        placed.append(problem)
    order = {label: index for index, label in enumerate(texts)}  # the leaf file first, each in line order
    return sorted(placed, key=lambda problem: (order.get(problem.path, -1), problem.line or 0))


def key_lines(text: str) -> dict[str, int]:
    """Where each key of a ruleset file is set: ``{"fish.policy": 7, "special_hands.0-0": 12, "fish": 6}``
    (a section's header line under the section's name).  A plain reading of the TOML forms rulesets use:
    ``[section]`` headers, ``key = value`` lines with bare or "quoted" keys, inline tables; lines are counted
    at "\\n" only, as TOML counts them."""
    found: dict[str, int] = {}

    def seen(path: str, number: int) -> None:  # a dotted key or header sets every table on its way
        parts = [part.strip(" \t") for part in path.split(".")]
        for end in range(1, len(parts) + 1):
            found.setdefault(".".join(parts[:end]), number)

    section = ""
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip(" \t\r")  # TOML's whitespace only: a name may hold U+2028, which str.strip takes
        if line.startswith("["):  # [section], or [[table]] (not a ruleset's form: named as a problem)
            section = line.lstrip("[").split("]", 1)[0].strip(" \t").replace('"', "")
            seen(section, number)
            continue
        quoted = line.startswith('"')
        if quoted:  # a quoted key may hold "=" or be empty (""): the key ends at its closing quote
            end = line.find('"', 1)
            key, sep, value = line[:end + 1], *line[end + 1:].partition("=")[1:]
        else:
            key, sep, value = line.partition("=")
        key = _unescaped(key.strip(" \t")) if quoted else key.strip(" \t")
        if not sep or not (key or quoted) or key.startswith("#"):
            continue
        path = f"{section}.{key}" if section else key
        seen(path, number)
        value = value.strip()
        if value.startswith("{"):  # an inline table: fish = { policy = "each" }
            for part in value.strip("{} ").split(","):
                inner = part.partition("=")[0].strip(" \t").replace('"', "")
                if inner:
                    seen(f"{path}.{inner}", number)
    return found


def _unescaped(key: str) -> str:
    """A "quoted" key as TOML reads it (its escapes, such as \\u001b, decoded), without its quotes."""
    try:
        return next(iter(toml.loads(f"{key} = 0")))
    except (toml.TomlError, StopIteration):
        return key.replace('"', "")


def _flatten(data: dict) -> list[tuple[str, Any]]:
    pairs: list[tuple[str, Any]] = []
    for name, value in data.items():
        if name in META_KEYS or name == SPECIAL_HANDS:
            continue
        if isinstance(value, dict) and name in SECTIONS:
            pairs.extend((f"{name}.{inner}", item) for inner, item in value.items())
        else:
            pairs.append((name, value))
    return pairs


def _apply(label: str, path: str, value: Any, values: dict, set_by: dict, problems: list) -> None:
    key = KEYS_BY_PATH.get(path)
    if key is None:
        problems.append(RulesetError(_unknown_key_message(path), label, key=path))
        return
    try:
        values[path] = convert(key, value)
        set_by[path] = label
    except ValueError as error:
        problems.append(RulesetError(str(error), label, key=path))


def convert(key: Key, value: Any) -> Any:
    """Check a TOML value against its key and convert it to the domain type."""
    if issubclass(key.kind, Enum):
        try:
            return key.kind(value)
        except ValueError:
            raise ValueError(_("must be one of {key}, not {value!r}").format(
                key=', '.join(key.choices), value=value)) from None
    if key.kind is bool:
        if not isinstance(value, bool):
            raise ValueError(_("must be true or false, not {value!r}").format(value=value))
        return value
    if key.kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(_("must be a whole number, not {value!r}").format(value=value))
        if key.minimum is not None and value < key.minimum:
            raise ValueError(_("must be at least {minimum}, not {value}").format(minimum=key.minimum, value=value))
        return value
    if not isinstance(value, key.kind):
        raise ValueError(_("must be a {name}, not {value!r}").format(name=key.kind.__name__, value=value))
    return value


def _unknown_key_message(path: str) -> str:
    section = path.split(".")[0]
    if section in SECTIONS:
        known = ", ".join(key.path for key in KEYS if key.path.startswith(section + "."))
        return _("unknown key (known in [{section}]: {known})").format(section=section, known=known)
    known = ", ".join(sorted(SECTIONS | set(META_KEYS) | {SPECIAL_HANDS}))
    return _("unknown key (known: {known})").format(known=known)


def _parse_special(label: str, table: Any, max_pip: int, problems: list) -> dict:
    if not isinstance(table, dict):
        problems.append(RulesetError(_('must be a table of hands, like "0-0" = 10'), label, key=SPECIAL_HANDS))
        return {}
    special = {}
    tileset = TileSet(max_pip)
    for hand, value in table.items():
        where = f'{SPECIAL_HANDS}."{hand}"'
        try:
            tiles = parse_tiles(hand)
            tileset.check(tiles)
        except ScorekeeperError as error:
            problems.append(RulesetError(str(error), label, key=where))
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(RulesetError(_("must be a whole number of points, not {value!r}").format(
                value=value), label, key=where))
            continue
        special[tuple(sorted(tiles))] = value
    return special


def _cross_check(label: str, values: dict, problems: list, special: dict | None = None) -> None:
    if values["players.min"] > values["players.max"]:
        problems.append(RulesetError(_("players.min is more than players.max"), label, key="players.min"))
    if values["players.teams"] is Teams.PAIRS and not values["players.min"] <= 4 <= values["players.max"]:
        problems.append(RulesetError(_("a pairs game is played by four"), label, key="players.teams"))
    if values["end.target"] == 0 and values["end.rounds"] == 0:
        problems.append(RulesetError(_("end.target and end.rounds are both 0: the match would never end"), label,
                                     key="end.target"))
    if values["tiles.max_pip"] > 12:
        problems.append(RulesetError(_("sets go up to double-twelve"), label, key="tiles.max_pip"))
    for key in ("eggs.lead", "lead.first_tile"):
        if values[key]:
            try:
                tiles = parse_tiles(values[key])
                # eggs.lead may name several tiles (004:925: eggs are played from the doubles 1-1 to 3-3)
                TileSet(min(values["tiles.max_pip"], 12)).check(tiles if key == "eggs.lead" else tiles[:1])
                if key == "lead.first_tile" and len(tiles) != 1:
                    raise ScorekeeperError(_('must be one tile, like "2-3"'))
            except ScorekeeperError as error:
                problems.append(RulesetError(str(error), label, key=key))
    if values["lead.first"] is FirstLead.TILE and not values["lead.first_tile"]:
        problems.append(RulesetError(_('lead.first = "tile" needs lead.first_tile, like "2-3"'), label,
                                     key="lead.first_tile"))
    if values["count.hand_value"] is HandValue.TILES:
        # a hand counted in tiles has no pips to give a special value to (rules.md §5.5)
        if special:
            problems.append(RulesetError(_('count.hand_value = "tiles" counts 1 a tile and 2 a double: a special '
                                           'hand cannot apply (clear it with an empty [special_hands])'), label,
                                         key=SPECIAL_HANDS))
        if values["count.six_six_anywhere"]:
            problems.append(RulesetError(_('count.hand_value = "tiles" counts 1 a tile and 2 a double: '
                                           'count.six_six_anywhere must be 0'), label,
                                         key="count.six_six_anywhere"))
    if values["count.hand_won"] and values["count.who"] is not Count.WINNER and not values["endhand.count"]:
        problems.append(RulesetError(_('count.hand_won scores the winner of each hand: it needs a game where a '
                                       'hand has a winner (count.who = "winner" or endhand.count = true)'), label,
                                     key="count.hand_won"))
    won = values["count.hand_won"]
    if won and values["opening.threshold"] > won and values["play.scores"] is PlayScore.NONE:
        problems.append(RulesetError(_("count.hand_won = {won} is less than opening.threshold = {values}: no side "
                                       "could ever record a point (set opening.threshold to 0)").format(
            won=won, values=values['opening.threshold']), label, key="count.hand_won"))
