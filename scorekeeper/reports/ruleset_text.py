"""A ruleset for people and programs: its keys, each with its value as the file writes it and what it means
(``render_ruleset``), as JSON data (``ruleset_data``) or as a ruleset file (``ruleset_toml``), and the list of
rulesets (``render_ruleset_list``).  ``scorekeeper rules`` only parses its arguments and prints these."""

from __future__ import annotations

from typing import Callable, Sequence

from scorekeeper.domain.tiles import format_tiles
from scorekeeper.errors import InputError, printable
from scorekeeper.i18n import N_, _, language as spoken
from scorekeeper.reports.fit import wrap
from scorekeeper.rules.book import book_path, cite as cite_source, edition
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import (
    KEYS,
    KEYS_BY_PATH,
    SPECIAL_HANDS,
    SPECIAL_HANDS_SOURCE,
    AtTarget,
    Count,
    FishTie,
    PlayScore,
    Rounding,
    SixSix,
    written,
)

SPECIAL_HANDS_EXPLAIN = N_("a hand of exactly these tiles counts the value instead of its pips")


def select_keys(names: Sequence[str]) -> list[str]:
    """The key paths asked for: a key (``fish.policy``), a section (``fish``: its keys), or ``special_hands``;
    InputError naming an unknown one and what there is."""
    paths = [key.path for key in KEYS] + [SPECIAL_HANDS]
    chosen: list[str] = []
    for name in names:
        wanted = name.strip().strip("[]")
        found = [path for path in paths if path == wanted or path.split(".", 1)[0] == wanted]
        if not found:
            import difflib  # start-up: keeps difflib out until a key is not found

            sections = sorted({path.split(".", 1)[0] for path in paths})
            near = difflib.get_close_matches(wanted, paths + sections, n=3, cutoff=0.6) or \
                [path for path in paths if wanted and path.split(".")[-1] == wanted]
            said = _("no key or section '{name}' in a ruleset (did you mean {keys}?)") if near else \
                _("no key or section '{name}' in a ruleset (sections: {keys})")
            raise InputError(said.format(name=name, keys=", ".join(near[:4] if near else sections)))
        chosen += [path for path in found if path not in chosen]
    return chosen


def chain_text(ruleset: Ruleset, start: int = 0) -> str:
    """What a ruleset extends, root first (``goat <- house.toml``), its file names escaped (``\\x1b``)."""
    return printable(" <- ".join(reversed(ruleset.chain[start:])))


def shown_paths(ruleset: Ruleset, keys: Sequence[str] = (), changed: bool = False) -> list[str] | None:
    """The key paths ``rules show`` shows: those ``keys`` name (a key or a section; none: every key, None), and
    with ``changed`` only those the ruleset's own file sets (``set_by_file``)."""
    paths = select_keys(keys) if keys else None
    if changed:
        own = set_by_file(ruleset)
        paths = [path for path in (paths or own) if path in own]
    return paths


def extended(ruleset: Ruleset) -> Ruleset | None:
    """The ruleset this one extends, to say what a changed value was there; None when it extends nothing or
    cannot be loaded from here (a parent named by a path relative to where the file was found)."""
    if len(ruleset.chain) < 2:
        return None
    try:
        return load_ruleset(ruleset.chain[1])
    except Exception:  # the values alone are shown
        return None


def _special_hands(ruleset: Ruleset) -> dict[str, int]:
    return {format_tiles(tiles): value for tiles, value in ruleset.special_hands.items()}


def ruleset_data(ruleset: Ruleset, paths: Sequence[str] | None = None) -> dict:
    """The ruleset as JSON data: name, description, what it extends, the values of ``paths`` (None: every
    key) as a file writes them, each key's sources, and where the rule book is."""
    chosen = [key.path for key in KEYS] if paths is None else list(paths)
    data = {"name": ruleset.name, "description": ruleset.description, "chain": list(ruleset.chain),
            "keys": {path: written(ruleset[path]) for path in chosen if path != SPECIAL_HANDS}}
    if SPECIAL_HANDS in chosen or paths is None:
        data[SPECIAL_HANDS] = _special_hands(ruleset)
    data["sources"] = {path: cite_source(_(SPECIAL_HANDS_SOURCE if path == SPECIAL_HANDS else
                                           KEYS_BY_PATH[path].source))
                       for path in chosen if path == SPECIAL_HANDS or KEYS_BY_PATH[path].source}
    data["rule_book"] = book_path()
    return data


def ruleset_toml(ruleset: Ruleset, paths: Sequence[str] | None = None) -> str:
    """The values of ``paths`` (None: every key) as a ruleset file writes them: a file that loads as this
    ruleset. A part of it says what it ``extends`` (``part_base``), for the keys it leaves out."""
    import tomli_w  # start-up: keeps the TOML writer out of rulesets shown as text

    data: dict = {"name": ruleset.name, "description": ruleset.description}
    base = None if paths is None else part_base(ruleset, paths)
    if base is not None:
        data["extends"] = base
    for key in KEYS:
        if paths is None or key.path in paths:
            section, name = key.path.split(".", 1)
            data.setdefault(section, {})[name] = written(ruleset[key.path])
    if paths is None or SPECIAL_HANDS in paths:
        data[SPECIAL_HANDS] = _special_hands(ruleset)
    return tomli_w.dumps(data)


def part_base(ruleset: Ruleset, paths: Sequence[str]) -> str | None:
    """What a file holding only the keys ``paths`` of ``ruleset`` extends to load as ``ruleset``: the ruleset it
    extends where they hold every key its own file sets (``--changed``; None where it extends nothing), else
    the ruleset itself (a section, a key). Named as from here: a built-in name, or a path from this folder."""
    if set(set_by_file(ruleset)) <= set(paths):
        return ruleset.chain[1] if len(ruleset.chain) > 1 else None
    return ruleset.chain[0] if ruleset.chain else None


def ruleset_list_data(rulesets: Sequence[tuple[str, str]]) -> list[dict]:
    """Each ruleset's name and description (given as pairs), as JSON data."""
    return [{"name": name, "description": description} for name, description in rulesets]


def render_ruleset_list(rulesets: Sequence[tuple[str, str]], width: int | None = None) -> str:
    """Each ruleset's name and its whole description (given as pairs): in two columns, the description
    wrapped to ``width`` (under the name when the screen is too narrow for two columns).  Never cut: a
    description cut short read like another ruleset's ('rules list' pages on a terminal instead)."""
    column = max(len(name) for name, description in rulesets)
    lines: list[str] = []
    for name, description in rulesets:
        if width is not None and width - column - 2 < 24:  # too narrow for two columns: the text under the name
            lines += [name] + wrap(description, width, indent="  ", first="  ")
        else:
            lines += wrap(description, width, indent=" " * (column + 2), first=f"{name:<{column}}  ")
    return "\n".join(lines)


_WHO_RECORDS = {
    Count.LOSERS: N_("Every losing side records its own hand."),
    Count.WINNER: N_("The round's winner records the losers' hands."),
}
_FISH_TIE = {
    FishTie.EGGS: N_("A fish with the deciding hands level carries its points forward as eggs."),
    FishTie.NOBODY: N_("A fish with the deciding hands level scores nothing."),
    FishTie.SPLIT: N_("A fish with the deciding hands level splits its points."),
}
_SUMMARY_MORE = N_("More: '{rules} {all}' shows every rule, '{rules} KEY' one (like '{rules} end.target'), "
                   "'{explain} N' how round N was scored.")
_WINNERS_COUNT = {
    (False, False): N_("The round's winner scores the opponents' pips."),
    (True, False): N_("The round's winner scores the opponents' pips, rounded to {round_to}."),
    (False, True): N_("The round's winner scores the opponents' pips, divided by {divisor}."),
    (True, True): N_("The round's winner scores the opponents' pips, rounded to {round_to}, divided by {divisor}."),
}
"""What the round's winner scores, by (whether it is rounded, whether it is divided)."""
_FINISHES = {
    ("0-0",): N_("Going out with 0-0 may win the whole match."),
    ("two doubles",): N_("Going out with two doubles may win the whole match."),
    ("6-6",): N_("Going out with 6-6 may win the whole match."),
    ("0-0", "two doubles"): N_("Going out with 0-0 or two doubles may win the whole match."),
    ("0-0", "6-6"): N_("Going out with 0-0 or 6-6 may win the whole match."),
    ("two doubles", "6-6"): N_("Going out with two doubles or 6-6 may win the whole match."),
    ("0-0", "two doubles", "6-6"): N_("Going out with 0-0, two doubles or 6-6 may win the whole match."),
}
"""The rare finishes that win the match, by those the ruleset has (each combination a whole sentence)."""


def ruleset_summary(ruleset: Ruleset, width: int | None = None, height: int | None = None) -> str:
    """The ruleset in a few sentences a player reads at the table (what ends the match, what opens, who
    records, what scores during play, the rare ways to win), fitted to ``width`` and ending with how to see
    every rule: the whole ruleset is taller than a 24-line screen.  It starts with the game's title on a line of
    its own, as the table's heading names it (not the file's name, which is what is typed).  Taller than
    ``height`` lines, the ruleset's description gives way: the sentences after it say the same, one by one."""
    said = [ruleset.called] + ([ruleset.description] if ruleset.description else [])
    target, reach = ruleset["end.target"], ruleset["end.at_target"]
    if ruleset["end.rounds"] and not target:
        said.append((_("The match is {rounds} rounds; the lowest total wins.")
                     if ruleset["end.rounds_winner"].value == "lowest" else
                     _("The match is {rounds} rounds; the highest total wins.")).format(rounds=ruleset["end.rounds"]))
    elif reach is AtTarget.LOSES:
        said.append(_("The first side to reach {target} loses the match (the goat).").format(target=target))
    else:
        said.append(_("The first side to reach {target} wins the match.").format(target=target))
    threshold = ruleset["opening.threshold"]
    if threshold and ruleset["opening.remember"]:
        said.append(_("A side opens with a round worth {threshold}; less is remembered (+N) until it does.").format(
            threshold=threshold))
    elif threshold:
        said.append(_("A side opens only with a round worth {threshold}; less is not recorded.").format(
            threshold=threshold))
    if ruleset["endhand.count"]:
        count = _WINNERS_COUNT[ruleset["endhand.rounding"] is not Rounding.NONE, ruleset["endhand.divisor"] > 1]
        said.append(_(count).format(round_to=ruleset["endhand.round_to"], divisor=ruleset["endhand.divisor"]))
    else:
        who = _WHO_RECORDS[ruleset["count.who"]]
        said.append(_(who))
    if ruleset["play.scores"] is not PlayScore.NONE:
        said.append(_("During play, open ends adding up to a multiple of {multiple} score.").format(
            multiple=ruleset["play.multiple"]))
    tie = _FISH_TIE[ruleset["fish.tie"]]
    said.append(_(tie))
    if ruleset["hundred.enabled"]:
        said.append(_("A side holding points may lead 6-6 on the hundred: winning that round wins the match."))
    wins = tuple(tile for key, tile in (("finish.zero_zero_wins", "0-0"), ("finish.two_doubles_wins", "two doubles"))
                 if ruleset[key]) + (("6-6",) if ruleset["finish.six_six"] is not SixSix.NONE else ())
    if wins:
        said.append(_(_FINISHES[wins]))
    from scorekeeper.notation.words import echo_word  # start-up: keeps the typed words out of 'rules' commands

    said.append(_(_SUMMARY_MORE).format(rules=echo_word("commands", "rules", spoken()),
                                        all=echo_word("options", "all", spoken()),
                                        explain=echo_word("commands", "explain", spoken())))
    lines: list[str] = []
    for sentence in said:
        lines += wrap(printable(sentence), width, indent="  ")
    if height is not None and len(lines) > height and ruleset.description:  # Sea Goat at 40 columns in Russian
        lines = [line for sentence in said[:1] + said[2:] for line in wrap(printable(sentence), width, indent="  ")]
    return "\n".join(lines)


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
        import json  # start-up: keeps json out of 'rules list'; a TOML basic string escapes as JSON does

        return json.dumps(value, ensure_ascii=False)
    import tomli_w  # start-up: as in ruleset_toml

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
        lines += wrap(_("extends: {chain}").format(chain=chain_text(ruleset)), width, indent="  ")
    lines.append("")
    if changed and not paths:
        lines.append(printable(_("{name} sets no key of its own.").format(name=ruleset.name)))
    column = max((len(path) for path in paths), default=0) if width is None else 0
    indent = " " * (column + 3) if width is None else "    "
    for path in paths:
        value = shown_value(ruleset, path)
        if parent is not None and path != SPECIAL_HANDS and parent[path] != ruleset[path]:
            value += " " + printable(_("(was {value} in {ruleset})").format(value=toml_value(parent[path]),
                                                                              ruleset=parent.name))
        explain = _(SPECIAL_HANDS_EXPLAIN) if path == SPECIAL_HANDS else KEYS_BY_PATH[path].explain
        source = "" if path == SPECIAL_HANDS else _(KEYS_BY_PATH[path].source)
        if width is None:
            lines.append(f"{path:<{column}} = {value}  {explain}")
        else:
            lines += wrap(f"{path} = {value}", width, indent=indent)
            lines += wrap(explain, width, indent=indent, first=indent)
        if source:
            lines += wrap(_("(source: {source})").format(source=edition(cite(source))), width, indent=indent + " ",
                          first=indent)
    return "\n".join(lines)
