"""A match read back from an export: a JSON export (``export --format json``) or a TOML match log.

Exports are made in ``reports.export``; this is the other direction, an importer: it reads the facts an
export holds (everything a match file holds: players, sides, rounds, the hand in progress and the undo
history) back into a ``Match``, every problem with its line, and leaves the computed tables to the replay.
"""

from __future__ import annotations

import json
import os
from typing import Any

from scorekeeper.domain.facts import FORMAT_VERSION, Match, Side, singles
from scorekeeper.errors import FileProblem, InputError, MatchFileError, printable
from scorekeeper.i18n import N_, _
from scorekeeper.storage.matchfile import (format_claim, hand_from_dict, hand_to_dict, key_line, lang_problem,
                                           parse_claim, parse_match, players_problem, revision_from_dict,
                                           revision_to_dict, round_from_dict, side_key_problem)
from scorekeeper.storage.tomlread import TomlError, loads

EXPORT_KIND = "scorekeeper match export"
"""The JSON export's ``kind``: what tells a scorekeeper export from any other JSON."""


def is_json(text: str) -> bool:
    """Whether an export is JSON: an object ('{|' opens a MediaWiki table, never JSON)."""
    text = text.lstrip()
    return text.startswith("{") and not text.startswith("{|")


def match_data(match: Match) -> dict[str, Any]:
    """The facts of a JSON export that are not its rounds (they come with their tables): every key a match
    file holds, so that an import gives back the whole match, its undo history too, and the language the table
    speaks (``lang``, only where the match has one, as in the match file)."""
    data = {"kind": EXPORT_KIND, "format": FORMAT_VERSION, "ruleset": match.ruleset}
    if match.lang:
        data["lang"] = match.lang
    return data | {"players": list(match.players),
            "sides": [{"name": side.name, "players": list(side.players)} for side in match.sides],
            "pending": [format_claim(claim) for claim in match.pending],
            "hand": hand_to_dict(match.hand) if match.hand is not None else None,
            "history": [revision_to_dict(entry) for entry in match.history]}


def parse_export(text: str, label: str) -> tuple[Match, list[FileProblem]]:
    """Read a JSON export or a TOML match log: the match and every problem found in its facts.

    A problem that leaves nothing to read (not JSON, no players; a CSV or Markdown export) is raised as
    MatchFileError.
    """
    problems: list[FileProblem] = []
    if not is_json(text):
        _require_toml(text, label)
        return parse_match(text, label, problems), problems
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MatchFileError(_("not valid JSON: {msg}").format(msg=error.msg), label, error.lineno) from None
    except RecursionError:
        raise MatchFileError(_("not valid JSON: nested too deeply"), label) from None

    def refuse(message: str, key: str) -> MatchFileError:
        return MatchFileError(message, label, key_line(text, key), key)

    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise MatchFileError(_("not a scorekeeper JSON export (it needs \"kind\": \"{export_kind}\")").format(
            export_kind=EXPORT_KIND), label)
    if data.get("format") != FORMAT_VERSION:
        raise refuse(_("unknown export format {data} (this scorekeeper reads format {format_version})").format(
            data=printable(repr(data.get('format')))[:40], format_version=FORMAT_VERSION), "format")
    ruleset, players = data.get("ruleset"), data.get("players")
    if not isinstance(ruleset, str) or not ruleset:
        raise refuse(_("must name the ruleset (a built-in name or a path)"), "ruleset")
    lang = data.get("lang", "")
    problem = lang_problem(lang)
    if problem:
        raise refuse(problem, "lang")
    problem = players_problem(players)
    if problem:
        raise refuse(problem, "players")
    raw_sides = data.get("sides") or []
    for item in raw_sides if isinstance(raw_sides, list) else ():  # refused as a match file's side is
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise refuse(_("each side needs a name and a list of players"), "sides")
        problem = side_key_problem(item)
        if problem:
            raise refuse(problem[0], "sides")
    try:
        sides = tuple(Side(item["name"], tuple(item["players"])) for item in raw_sides)
    except (TypeError, KeyError):
        raise refuse(_("each side needs a name and a list of players"), "sides") from None
    sides = sides or singles(tuple(players))
    if sorted(map(str, (p for side in sides for p in side.players))) != sorted(players):
        raise refuse(_("the sides must seat every player exactly once"), "sides")
    rounds = []
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise refuse(_("must be a list of rounds"), "rounds")
    lines = _item_lines(text, "rounds", len(raw_rounds))
    seen: dict = {}
    for index, raw in enumerate(raw_rounds):
        try:
            rounds.append(round_from_dict(raw.get("facts") if isinstance(raw, dict) else None, lines[index], seen))
        except (InputError, ValueError, TypeError, AttributeError) as error:
            problems.append(MatchFileError(_("round {number}: {error}").format(
                number=index + 1, error=error), label, lines[index],
                                           key=f"rounds[{index}].facts"))
    pending = []
    raw_pending = data.get("pending") or []
    if not isinstance(raw_pending, list):
        raise refuse(_('must be a list of "PLAYER=POINTS"'), "pending")
    for index, item in enumerate(raw_pending):
        try:
            claim = parse_claim(str(item))
            if not claim.player or claim.points < 0 or (claim.count or 0) < 0:
                raise ValueError(_("a claim needs a player and points that are not negative"))
            pending.append(claim)
        except (ValueError, InputError):
            problems.append(MatchFileError(_("a claim is written \"PLAYER=POINTS\" or \"PLAYER=POINTS count N\", "
                                             "not {item}").format(
                item=printable(repr(item))[:40]), label, key_line(text, "pending"),
                                           key=f"pending[{index}]"))
    history = []
    raw_history = data.get("history") or []
    if not isinstance(raw_history, list):
        raise refuse(_("must be a list of the changes taken back"), "history")
    lines = _item_lines(text, "history", len(raw_history))
    for index, raw in enumerate(raw_history):
        try:
            history.append(revision_from_dict(raw, lines[index]))
        except (InputError, ValueError, TypeError, KeyError) as error:
            problems.append(MatchFileError(_("history entry {number}: {error}").format(
                number=index + 1, error=error), label, lines[index],
                                           key=f"history[{index}]"))
    hand = None
    if data.get("hand") is not None:
        try:
            hand = hand_from_dict(data["hand"], key_line(text, "hand"))
        except (InputError, ValueError, TypeError) as error:
            problems.append(MatchFileError(_("the hand in play: {error}").format(error=error), label,
                                           key_line(text, "hand")))
    match = Match(ruleset=ruleset, players=tuple(players), sides=sides, rounds=tuple(rounds),
                  pending=tuple(pending), path=label, history=tuple(history), lang=lang, hand=hand)
    return match, problems


def _item_lines(text: str, key: str, count: int) -> list[int | None]:
    """The line where each item of the export's top-level list ``key`` starts, in the layout ``export`` writes
    (one item a line, after a ``"key": [`` line); None for each when the text is laid out otherwise."""
    opening = f'\n  "{key}": [\n'
    at = text.find(opening)
    if at < 0:
        return [None] * count
    first = text.count("\n", 0, at + 1) + 2
    lines = text[at + len(opening):].split("\n", count)[:count]
    if len(lines) != count or not all(line.startswith("    {") for line in lines):
        return [None] * count
    return list(range(first, first + count))


_PUBLISHED = N_("a table to publish (export --format html, latex, rst, mediawiki, org or grid)")
_EXPORT_KINDS = {".csv": N_("a CSV export"), ".md": N_("a Markdown export"), ".markdown": N_("a Markdown export"),
                 **dict.fromkeys((".html", ".htm", ".tex", ".latex", ".rst", ".wiki", ".mediawiki", ".org"),
                                 _PUBLISHED)}
"""What an export that import cannot read is, by the usual ending of its name."""


def _require_toml(text: str, file: str) -> None:
    """Refuse a file that is neither JSON nor TOML (a CSV export, a table to publish) by saying what import reads.

    A ``.toml`` file with a syntax error keeps the match file's own message (with its line)."""
    lowered = file.lower()
    if lowered.endswith(".toml"):
        return
    try:
        loads(text)
    except TomlError:
        kind = _EXPORT_KINDS.get(os.path.splitext(lowered)[1])
        if kind is None:
            raise MatchFileError(_("import reads JSON or TOML exports (export --format json or --format toml), "
                                   "and this file is neither: it cannot be imported"), file) from None
        raise MatchFileError(_("import reads JSON or TOML exports (export --format json or --format toml), and "
                               "this file is {kind}: it cannot be imported").format(kind=_(kind)), file) from None
