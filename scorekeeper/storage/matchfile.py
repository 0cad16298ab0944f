"""The match log as a readable TOML file: facts only, with a format version.

    format = 1
    ruleset = "goat"
    players = ["Masha", "Alex", "Olya", "Serg"]
    rounds = [
        { end = "out", out = "Masha", hands = { Alex = "1-2 3-3", Olya = 13, Serg = 5 } },
    ]

One round a line (a hand as its tiles, or as a pip total); ``sides``, ``pending`` claims, the ``hand`` in play
(``hand = { plays = "Ann 6-6, Bob 6-3" }``, the hand typed play by play and not yet recorded) and
``history`` follow the same form when a match has them.
"""

from __future__ import annotations

import os
import re
import zlib
from types import MappingProxyType
from typing import Any, Callable

from scorekeeper.domain.checked import Seal, ScoredPlay
from scorekeeper.domain.facts import (
    FORMAT_VERSION,
    PLAIN,
    Breach,
    Claim,
    Ending,
    Hand,
    Match,
    OpenHand,
    Revision,
    Round,
    Ruling,
    Side,
    Undoing,
    singles,
)
from scorekeeper.domain.tiles import WRITTEN_TILES, format_tiles, parse_tile, parse_tiles
from scorekeeper.errors import InputError, MatchFileError, printable, raise_problems
from scorekeeper.i18n import LANGUAGES, N_, _, ngettext
from scorekeeper.notation.numerals import parse_number
from scorekeeper.notation.stored_plays import PlayLine
from scorekeeper.storage import roundlines, textfile, tomlread as toml
from scorekeeper.storage.atomic import write_atomic, write_target
from scorekeeper.storage.encoding import not_utf8
from scorekeeper.storage.stamp import FileStamp, stamp_of

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
# A TOML basic string's escapes, written here rather than imported: every `round` writes the match file.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
HEADER = ("# scorekeeper match log: the facts of each round. The table is computed from them by the ruleset.\n"
          "# You may fix a round by hand; every command checks the whole file before using it.\n")


def load_match(path: str) -> Match:
    """Read and parse a match file; MatchFileError names the file and line of the first problem."""
    label = os.fspath(path)
    return parse_match(read_match_text(label), label)


def read_match_text(path: str) -> str:
    """A match file's text; MatchFileError when it is missing or unreadable."""
    return read_match_file(path)[0]


def read_match_file(path: str) -> tuple[str, FileStamp]:
    """A match file's text and the stamp of the version read (see ``storage.stamp``). Only a regular file of
    at most ``textfile.LARGEST`` bytes is read; MatchFileError for anything else."""
    label = os.fspath(path)
    try:
        with open(textfile.open_regular(label), "rb") as handle:
            text = textfile.read_limited(handle)
            if text is None:
                raise MatchFileError(textfile.too_large(), label)
            stamp = stamp_of(handle.fileno(), text)
    except textfile.NotRegular as error:
        raise MatchFileError(_("cannot be a match file: {error}").format(error=error), label) from None
    except FileNotFoundError:
        raise MatchFileError(_("no match file here: start one with 'scorekeeper new --rules goat PLAYER...' or "
                               "choose one with --match PATH"), label) from None
    except UnicodeDecodeError:
        line, message = not_utf8(label)
        raise MatchFileError(message, label, line) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise MatchFileError(_("cannot read: {error}").format(
            error=getattr(error, 'strerror', None) or error), label) from None
    return text, stamp


def parse_match(text: str, label: str = "<match>", problems: list[MatchFileError] | None = None,
                data: dict | None = None, exact_lines: bool = False) -> Match:
    """Parse a match file's text.  With ``problems``, a broken round or pending claim is appended to it and
    left out instead of raised, so that every problem of a hand-edited file can be shown at once; when the
    file's head (format, ruleset, players, sides) is broken too, every problem found is raised together
    (MatchFileProblems).  ``data`` is the text already read as TOML, when the caller has it.

    Each round knows the line it starts on. In the layout the writer makes (one round a line) the lines are
    counted by a shortcut; ``exact_lines`` (taken whenever a round is broken) follows the TOML itself."""
    try:
        if data is None:
            data = roundlines.loads(text)
    except toml.TomlError as error:
        raise MatchFileError(_("not valid TOML: {msg}").format(msg=error.msg), label, error.lineno) from None
    head: list[MatchFileError] = []

    def broken(message: str, key: str, line: int | None = None) -> None:
        problem = MatchFileError(message, label, line or _key_line(text, key), key)
        if problems is None:
            raise problem
        head.append(problem)

    version = data.get("format")  # without the right format, nothing else in the file means anything here
    if version is None:
        raise MatchFileError(_("not a scorekeeper match file: it has no 'format' (start a match with 'scorekeeper "
                               "new')"), label, _key_line(text, "format"), "format")
    if version != FORMAT_VERSION:
        raise MatchFileError(_("unknown match file format {version} (this scorekeeper reads format "
                               "{format_version})").format(
            version=printable(repr(version)), format_version=FORMAT_VERSION), label, _key_line(text, "format"),
            "format")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        broken(_("must name the ruleset (a built-in name or a path)"), "ruleset")
    lang = data.get("lang", "")
    problem = lang_problem(lang)
    if problem:
        broken(problem, "lang")
        lang = ""
    players = data.get("players")
    problem = players_problem(players)
    if problem:
        broken(problem, "players")
        players = []
    for key in data:
        if key not in TOP_KEYS:
            broken(_("unknown key (a match file holds {top_keys})").format(top_keys=', '.join(TOP_KEYS)), key,
                   _top_key_line(text, key))
    sides = _parse_sides(data.get("sides"), players, label, text, broken)
    found: list[MatchFileError] = []
    rounds = []
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list):
        broken(_("must be a list of [[rounds]] tables"), "rounds")
        raw_rounds = []
    plain = None if exact_lines else _plain_round_lines(text, len(raw_rounds))
    exact_lines = plain is None
    lines, written = plain or (round_lines(text), None)
    seen: dict[Any, Hand] = {}  # a hand written the same way twice is read once
    for index, raw in enumerate(raw_rounds):
        line = lines[index] if index < len(lines) else _key_line(text, "rounds")
        try:
            as_written = written[index] if written is not None else None
            rnd = _parse_round(raw, line, seen, as_written)
            rounds.append(rnd)
            if as_written is not None and as_written.startswith("    { ") and as_written.endswith(" },"):
                _as_read(rnd, as_written)  # a line in the writer's own shape
        except (InputError, ValueError, TypeError) as error:
            if not exact_lines:  # a problem to show: its line counted exactly, not by the plain layout's shortcut
                return parse_match(text, label, problems, data, exact_lines=True)
            problem = MatchFileError(_("round {number}: {error}").format(
                number=index + 1, error=error), label, line)
            if problems is None:
                raise problem from None
            found.append(problem)
    raw_pending = data.get("pending", [])
    try:
        if not isinstance(raw_pending, list):
            raise ValueError(_('must be a list of "PLAYER=POINTS"'))
        pending = tuple(parse_claim(item) for item in raw_pending)
    except (InputError, ValueError, TypeError) as error:
        problem = MatchFileError(_("pending claims: {error}").format(
            error=error), label, _key_line(text, "pending"), "pending")
        if problems is None:
            raise problem from None
        found.append(problem)
        pending = ()
    history = []
    raw_history = data.get("history", [])
    if not isinstance(raw_history, list):
        broken(_("must be a list of the changes taken back, one { change = ... } a line"), "history")
        raw_history = []
    lines = _block_lines(text, "history") if raw_history else []
    for index, raw in enumerate(raw_history):
        line = lines[index] if index < len(lines) else _key_line(text, "history")
        try:
            history.append(_parse_revision(raw, line))
        except (InputError, ValueError, TypeError) as error:
            problem = MatchFileError(_("history entry {number}: {error}").format(
                number=index + 1, error=error), label, line, "history")
            if problems is None:
                raise problem from None
            found.append(problem)
    hand = None
    if "hand" in data:
        line = _key_line(text, "hand")
        try:
            hand = _parse_hand(data["hand"], line)
        except (InputError, ValueError, TypeError) as error:
            problem = MatchFileError(_("the hand in play: {error}").format(error=error), label, line)
            if problems is None:
                raise problem from None
            found.append(problem)
    if head:
        every = sorted(head + found, key=lambda problem: (problem.line is None, problem.line or 0))
        raise_problems(every)
    if problems is not None:
        problems.extend(found)
    return Match(ruleset=ruleset, players=tuple(players), sides=sides, rounds=tuple(rounds), pending=pending,
                 path=label, history=tuple(history), lang=lang, hand=hand)


TOP_KEYS = ("format", "ruleset", "lang", "players", "sides", "pending", "rounds", "hand", "history")


def _parse_hand(raw: Any, line: int | None) -> OpenHand:
    """The hand in play as the file writes it: ``{ plays = "Ann 6-6, Bob 6-3", allowed = [...] }``."""
    if not isinstance(raw, dict) or not isinstance(raw.get("plays"), str) or not raw["plays"].strip():
        raise ValueError(_('must be a table like { plays = "Ann 6-6, Bob 6-3" } (the plays so far)'))
    unknown = set(raw) - {"plays", "allowed"}
    if unknown:
        raise ValueError(ngettext("unknown key {key}", "unknown keys {key}", len(unknown)).format(
            key=', '.join(printable(key) for key in sorted(unknown))))
    from scorekeeper.notation.play_line import parse_plays  # start-up: only a hand typed play by play needs it

    plays = parse_plays(raw["plays"], exact=True)
    rulings = _parse_rulings(raw["allowed"], len(plays)) if "allowed" in raw else ()
    return OpenHand(plays, rulings, line)


def hand_to_dict(hand: OpenHand) -> dict[str, Any]:
    """The hand in play as the match file writes it (also used by exports)."""
    from scorekeeper.notation.play_line import format_plays  # start-up: as in _parse_hand

    raw: dict[str, Any] = {"plays": format_plays(hand.plays)}
    if hand.rulings:
        raw["allowed"] = [{"play": ruling.play, "breach": ruling.breach.value} for ruling in hand.rulings]
    return raw


def hand_from_dict(raw: Any, line: int | None = None) -> OpenHand:
    """Read the hand in play written by ``hand_to_dict``; ValueError/InputError name what is wrong."""
    return _parse_hand(raw, line)
HISTORY_NOTE = ("# The changes that took facts out (undo, delete, edit), each with the facts it took:\n"
                "# 'scorekeeper undo --list' shows them, 'scorekeeper redo' puts one back.")


def _parse_revision(raw: Any, line: int | None) -> Revision:
    if not isinstance(raw, dict):
        raise ValueError(_('must be a table like { change = "undo", round = 3, facts = { ... } }'))
    unknown = set(raw) - {"change", "round", "place", "facts", "edited", "claim", "redone"}
    if unknown:
        raise ValueError(ngettext("unknown key {key}", "unknown keys {key}", len(unknown)).format(
            key=', '.join((printable(key) for key in sorted(unknown)))))
    try:
        change = Undoing(raw.get("change"))
    except ValueError:
        raise ValueError(_("'change' must be one of {kind}").format(
            kind=', '.join((kind.value for kind in Undoing)))) from None
    number = raw.get("round")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(_("'round' must be a round number (1 is the first)"))
    place = raw.get("place")
    if place is not None and (isinstance(place, bool) or not isinstance(place, int) or place < 1):
        raise ValueError(_("'place' must be the round's place among every round recorded (1 is the first)"))
    if not isinstance(raw.get("redone", False), bool):
        raise ValueError(_("'redone' must be true or false"))
    facts = _parse_round(raw["facts"], line) if "facts" in raw else None
    claim = parse_claim(raw["claim"]) if "claim" in raw else None
    if (facts is None) == (claim is None):
        raise ValueError(_("give the round's facts (facts = { ... }) or the claim (claim = \"PLAYER=POINTS\")"))
    if claim is not None and change is not Undoing.UNDO:
        raise ValueError(_("a claim is taken out only by undo, not by {change}").format(change=change.value))
    edited = _parse_round(raw["edited"], line) if "edited" in raw else None
    if edited is not None and (change is not Undoing.EDIT or not raw.get("redone", False)):
        raise ValueError(_("'edited' (the facts an edit wrote, kept when it was put back) belongs to an edit with "
                           "redone = true"))
    return Revision(change, number, facts, claim, raw.get("redone", False), line, place, edited)


def _dump_revision(entry: Revision, record: bool = False) -> dict[str, Any]:
    raw: dict[str, Any] = {"change": entry.change.value, "round": entry.number}
    if entry.place is not None:
        raw["place"] = entry.place
    if entry.redone:
        raw["redone"] = True
    if entry.claim is not None:
        raw["claim"] = format_claim(entry.claim)
    if entry.round is not None:
        raw["facts"] = _dump_round(entry.round, record)
    if entry.edited is not None:
        raw["edited"] = _dump_round(entry.edited, record)
    return raw


def players_problem(players: Any) -> str | None:
    """Why the file's list of players cannot be read (None when it can).  A name read from a file is shown
    in every table: one holding a control character (an escape sequence) is refused here."""
    if players is None:
        return _('the file has no players (players = ["Ann", "Bob"])')
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        return _("must be a list of distinct player names")
    if len(set(players)) != len(players):
        return _("must be a list of distinct player names")
    for player in players:
        if not player.isprintable():
            odd = next(char for char in player if not char.isprintable())
            return _("'{name}' cannot be a player's name: it holds a control or invisible character "
                     "({character})").format(name=printable(player), character=printable(odd))
    return None


def _parse_sides(raw: Any, players: list[str], label: str, text: str, broken) -> tuple[Side, ...]:
    if raw is None:
        return singles(tuple(players))
    line = _key_line(text, "[[sides]]") or _key_line(text, "sides")
    if not isinstance(raw, list) or not all(
            isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"].isprintable()
            and isinstance(item.get("players"), list) and all(isinstance(p, str) for p in item["players"])
            for item in raw):
        broken(_("each side needs a name and a list of players"), "sides", line)
        return singles(tuple(players))
    for item in raw:  # refused as every other key the writer never wrote is
        problem = side_key_problem(item)
        if problem:
            broken(problem[0], "sides", _side_key_line(text, line, problem[1]))
            break
    sides = tuple(Side(item["name"], tuple(item["players"])) for item in raw)
    if players and sorted(player for side in sides for player in side.players) != sorted(players):
        broken(_("the sides must seat every player exactly once"), "sides", line)
        return singles(tuple(players))
    return sides


_ROUND_KEYS = frozenset({"end", "out", "fisher", "hands", "last", "led", "claims", "points", "plays", "allowed",
                         "scored", "checked"})
_ENDINGS = {ending.value: ending for ending in Ending}


def lang_problem(lang: Any) -> str | None:
    """Why ``lang`` (a match file's or an export's) is not a language the table may speak; None where it is
    ("" for none)."""
    if lang in ("",) + LANGUAGES:
        return None
    return _("must be one of {languages} (the language the table speaks)").format(languages=", ".join(LANGUAGES))


SIDE_KEYS = frozenset({"name", "players"})
"""What a side holds (``sides``: a match file's, an export's)."""


def side_key_problem(side: dict) -> tuple[str, str] | None:
    """The keys of ``side`` (a side whose name is text) that a side does not hold, said as a problem, with the
    first of them (to find its line); None where there are none."""
    unknown = sorted(set(side) - SIDE_KEYS)
    if not unknown:
        return None
    return ngettext("unknown key {keys} in side {side} (a side holds name and players)",
                    "unknown keys {keys} in side {side} (a side holds name and players)", len(unknown)).format(
        keys=", ".join(printable(key) for key in unknown), side=printable(side["name"])), unknown[0]


def _parse_round(raw: Any, line: int | None, seen: dict[Any, Hand] | None = None, as_written: str | None = None) \
        -> Round:
    """One round's facts.  ``seen``: the hands already read from this file, by how they were written (a long
    match writes the same totals and tiles again and again); ``as_written``: the round's line, where the file
    has the writer's layout.

    A round that holds what its check established (``checked``, and in the points races ``scored``) keeps it
    as ``Round.checked``, for ``scoring.checked`` to tell whether it still holds; its play line is then read
    only when used (``PlayLine``).  Without it the plays are read here, and a broken line named at once."""
    if not isinstance(raw, dict):
        raise ValueError(_("must be a table"))
    if not _ROUND_KEYS.issuperset(raw):
        unknown = sorted(set(raw) - _ROUND_KEYS)
        raise ValueError(ngettext("unknown key {key}", "unknown keys {key}", len(unknown)).format(
            key=', '.join(printable(key) for key in unknown)))
    checked = _read_checked(raw, as_written) if "checked" in raw else None
    end = raw.get("end")
    ending = _ENDINGS.get(end) if isinstance(end, str) else None
    if ending is None:
        raise ValueError(_("'end' must be \"out\" or \"fish\", not {end!r}").format(end=end))
    written = raw.get("hands", {})
    if not isinstance(written, dict):
        raise ValueError(_("'hands' must be a table of PLAYER = \"TILES\" or PLAYER = TOTAL"))
    if not isinstance(raw.get("claims", []), list):
        raise ValueError(_("'claims' must be a list of \"PLAYER=POINTS\""))
    if seen is None:
        seen = {}
    hands = {}
    for player, value in written.items():
        hand = seen.get(value) if value.__class__ is int or value.__class__ is str else None
        if hand is None:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError(_("{player}'s hand must be tiles like \"3-4 0-0\" or a pip total").format(
                    player=player))
            hand = _written_hand(value)
            if value.__class__ is int or value.__class__ is str:
                seen[value] = hand
        hands[player] = hand
    out, fisher, led = raw.get("out"), raw.get("fisher"), raw.get("led")
    for key, value in (("out", out), ("fisher", fisher), ("led", led)):
        if value is not None and not isinstance(value, str):
            raise ValueError(_("'{key}' must be a string").format(key=key))
    last = raw.get("last", "")
    if not isinstance(last, str):
        raise ValueError(_("'last' must be tiles like \"6-6\""))
    plays = raw.get("plays", "")
    if not isinstance(plays, str):
        raise ValueError(_("'plays' must be one line of plays like \"Ann 6-6, Bob 6-3, Cat knocks\""))
    plain_last, plain_led = last.strip() == PLAIN, isinstance(led, str) and led.strip() == PLAIN
    tiles, lead, claims, play_points = _played_and_claimed("" if plain_last else last, None if plain_led else led,
                                                           raw.get("claims"), raw.get("points"))
    played: Any = ()
    rulings = ()
    if plays.strip():
        if checked is not None:
            played = PlayLine(plays)
        else:
            from scorekeeper.notation.play_line import parse_plays  # start-up: only rounds played play by play

            played = parse_plays(plays, exact=True)
        if "allowed" in raw:
            rulings = _parse_rulings(raw["allowed"], len(played))
    elif "allowed" in raw:
        raise ValueError(_("'allowed' names breaches of the plays, and the round has no plays"))
    return Round(ending, MappingProxyType(hands), out, fisher, tiles, lead, claims, play_points, played, line,
                 plain_last, plain_led, rulings, checked)


def _read_checked(raw: dict, as_written: str | None = None) -> Seal | None:
    """What the check of the round established, as the file keeps it (``checked``, ``scored``); taken out of
    ``raw``, and the hash of the rest (the round's facts as written: its ``link``), from its line as the writer
    wrote it where it is that (``as_written``).  None where it cannot be read: the round is then checked in
    full, like one that has none."""
    digest = raw.pop("checked")
    scored = raw.get("scored", "")
    if not isinstance(digest, str) or not isinstance(scored, str):
        return None
    try:
        scores = read_scores(scored)
    except ValueError:
        return None
    link = _line_link(as_written)
    return Seal(digest, facts_link(raw) if link is None else link, scores)


def facts_link(raw: dict[str, Any]) -> int:
    """The hash of a round as the match file writes it, ``checked`` aside: its facts and what its plays scored,
    in the writer's words (``_value``), which ``scoring.checked`` chains into the round's seal.  A CRC-32 tells
    a changed round from the one written: it is no signature, as nothing in a file a person may edit can be."""
    return zlib.crc32(_value(raw).encode())


def _line_link(line: str | None) -> int | None:
    """``facts_link`` of a round from its line as the writer wrote it, the seal ``checked = '...'`` last, taken
    out (hashing the line is cheaper than writing the round again); None for a line in another shape."""
    if line is None or not line.startswith("    { ") or not line.endswith("' },"):
        return None
    at = len(line) - len(_SEALED) - 12  # the seal's eight digits, then "' },"
    if line[at:at + len(_SEALED)] != _SEALED:
        return None
    return zlib.crc32(line[4:at].encode() + b" }")


_SEALED = ", checked = '"


def read_scores(text: str) -> tuple[ScoredPlay, ...]:
    """What a hand's plays scored, as ``format_scores`` writes it; ValueError where it does not read."""
    if not text:
        return ()
    scores = []
    for item in text.split(", "):
        number, _space, rest = item.partition(" ")
        taker, equals, value = rest.rpartition("=")
        points, said, count = value.partition(" count ")
        if not equals:
            raise ValueError(item)
        points = int(points)  # a seal that holds vouches for the text: int() refuses what is not a number
        scores.append(ScoredPlay(int(number), taker or None, points, int(count) if said else points))
    return tuple(scores)


def format_scores(scores: tuple[ScoredPlay, ...]) -> str:
    """What a hand's plays scored, in one line: ``3 Ann=10, 8 Bob=2 count 10, 12 =5``: the play's number, who
    took the points (none: missed and lost), the points, and the count of the ends where it differs."""
    return ", ".join(f"{item.number} {item.taker or ''}={item.points}"
                     + (f" count {item.count}" if item.count != item.points else "") for item in scores)


def _parse_rulings(raw: Any, plays: int) -> tuple[Ruling, ...]:
    """The breaches the table let stand, as the file writes them: ``allowed = [{ play = 7, breach =
    "draw-while-able" }]``, in the order of the plays."""
    form = _('\'allowed\' must be a list like [{ play = 7, breach = "draw-while-able" }]')
    if not isinstance(raw, list):
        raise ValueError(form)
    rulings = []
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"play", "breach"}:
            raise ValueError(form)
        number, breach = item["play"], _BREACHES.get(item["breach"]) if isinstance(item["breach"], str) else None
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= plays:
            raise ValueError(_("'allowed': play {number} is not one of the round's {n} plays").format(
                number=printable(repr(number)), n=plays))
        if breach is None:
            raise ValueError(_("'allowed': unknown breach {breach} (one of {breaches})").format(
                breach=printable(repr(item["breach"])), breaches=", ".join(_BREACHES)))
        rulings.append(Ruling(number, breach))
    if rulings != sorted(rulings, key=lambda ruling: ruling.play) or len(set(rulings)) != len(rulings):
        raise ValueError(_("'allowed' lists each breach once, in the order of the plays"))
    return tuple(rulings)


_BREACHES = {breach.value: breach for breach in Breach}


def _written_hand(value: int | str) -> Hand:
    """A hand as the match file writes it: a pip total, or tiles like "3-4 0-0" (blank: no tiles)."""
    return Hand(None, value) if isinstance(value, int) else Hand(parse_tiles(value) if value.strip() else (), None)


def _played_and_claimed(last: str, led: str | None, claims: Any, points: Any) -> tuple:
    """A round's ``last``, ``led``, ``claims`` and ``play_points`` from their text as the file writes them."""
    return (parse_tiles(last) if last and last.strip() else (),
            (WRITTEN_TILES.get(led) or parse_tile(led)) if led else None,
            tuple(parse_claim(item) for item in claims) if claims else (),
            tuple(parse_claim(item, counted=False) for item in points) if points is not None else ())


def parse_claim(item: Any, counted: bool = True) -> Claim:
    """``"PLAYER=POINTS"``, or ``"PLAYER=POINTS count N"`` for a claim told as the count of the open ends
    (``counted``: claims; in-play totals have no count)."""
    if not isinstance(item, str) or "=" not in item:
        forms = '"PLAYER=POINTS" or "PLAYER=POINTS count N"' if counted else '"PLAYER=POINTS"'
        raise ValueError(_("a claim is written {forms}, not {item!r}").format(forms=forms, item=item))
    player, points = item.rsplit("=", 1)
    points, said, count = points.partition("count") if counted else (points, "", "")
    try:
        return Claim(player.strip(), parse_number(points, N_("a claim"), low=None),
                     parse_number(count, N_("a count"), low=None) if said else None)
    except InputError as error:
        raise ValueError(_("{item}: {error}").format(item=printable(repr(item))[:60], error=error)) from None


def format_claim(claim: Claim) -> str:
    """A claim as the match file writes it: ``"Ann=4 count 20"`` (a count kept), or ``"Ann=15"``."""
    return f"{claim.player}={claim.points}" + (f" count {claim.count}" if claim.count is not None else "")


def dump_match(match: Match) -> str:
    """The match file's text, one round a line; ``parse_match(dump_match(m)) == m``."""
    lines = [HEADER.rstrip("\n"), f"format = {FORMAT_VERSION}", f"ruleset = {_value(match.ruleset)}"]
    if match.lang:  # among the first keys: the entry point reads it from the file's head (cli/language.py)
        lines.append(f"lang = {_value(match.lang)}")
    lines.append(f"players = {_value(list(match.players))}")
    if match.sides != singles(match.players):
        lines += ["sides = ["] + [f"    {_value({'name': side.name, 'players': list(side.players)})},"
                                  for side in match.sides] + ["]"]
    if match.pending:
        lines.append(f"pending = {_value([format_claim(claim) for claim in match.pending])}")
    if match.rounds:
        lines += ["rounds = ["] + [_line(rnd, _dump_round) for rnd in match.rounds] + ["]"]
    if match.hand is not None:  # the next round, being typed play by play
        lines.append(f"hand = {_value(hand_to_dict(match.hand))}")
    if match.history:
        lines += ["", HISTORY_NOTE, "history = ["]
        lines += [_line(entry, _dump_revision) for entry in match.history] + ["]"]
    if len(_LINES) > 2 * (len(match.rounds) + len(match.history)) + 1000:  # edited rounds no longer in use
        _LINES.clear()
    return "\n".join(lines) + "\n"


_LINES: dict[int, tuple[Any, str]] = {}
"""Each round (or revision) written, and its line, by identity: a round is immutable, and the match a live
session writes after each round holds the same round objects as the one before, so a round's line is worked
out once: a live session's write costs its new round's line, not every line of the match again."""


def _line(item: Round | Revision, dump: Callable[[Any, bool], dict[str, Any]]) -> str:
    known = _LINES.get(id(item))
    if known is not None and known[0] is item:
        return known[1]
    line = f"    {_value(dump(item, True))},"
    _LINES[id(item)] = (item, line)
    return line


def _as_read(rnd: Round, line: str) -> None:
    """Keep the line a round was read from, in the writer's own shape, as its line (``_LINES``): while the
    round is the same object it is written back as it was read, not formatted again (a save of a long match
    then writes its new round, not every round).  A round played play by play whose seal no longer holds is
    sealed again when the match is written (``scoring.checked.sealed_match``): a new object, written anew."""
    _LINES[id(rnd)] = (rnd, line)


def _value(value: Any, literal: bool = False) -> str:
    """A TOML value on one line, written here rather than by tomli-w: its public writer lays an array of tables
    out as ``[[rounds]]`` sections, not one round a line, and writes no literal strings (docs/performance.md).
    A string is a basic string, escaped as TOML says; ``literal``: a TOML literal string where it can be one
    (no ``'``, nothing unprintable), which tomllib reads without looking for escapes (the plays, which make
    most of a long match file)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(key)} = {_value(item, key in _LITERAL)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, str):
        if literal and "'" not in value and value.isprintable():
            return f"'{value}'"
        if value.isprintable() and '"' not in value and "\\" not in value:  # nothing to escape: most strings
            return f'"{value}"'
        return '"' + "".join(_ESCAPES.get(char) or (f"\\u{ord(char):04x}" if char < " " or char == "\x7f" else char)
                             for char in value) + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_LITERAL = frozenset({"plays", "scored", "checked"})
"""The keys whose strings are written as TOML literal strings where they can be (``_value``)."""


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _value(key)


def revision_to_dict(entry: Revision) -> dict[str, Any]:
    """One change of the undo history as the match file writes it, its facts only (also used by exports)."""
    return _dump_revision(entry)


def revision_from_dict(raw: Any, line: int | None = None) -> Revision:
    """Read one change written by ``revision_to_dict``; ValueError/InputError name what is wrong."""
    return _parse_revision(raw, line)


def round_to_dict(rnd: Round) -> dict[str, Any]:
    """One round's facts as the match file writes them, what checking it established aside (also used by
    exports)."""
    return _dump_round(rnd)


def round_link(rnd: Round, scores: tuple[ScoredPlay, ...] = ()) -> int:
    """``facts_link`` of ``rnd`` as the match file will write it, with the ``scores`` of its plays."""
    raw = _dump_round(rnd)
    if scores:
        raw["scored"] = format_scores(scores)
    return facts_link(raw)


def round_from_dict(raw: Any, line: int | None = None, seen: dict[Any, Hand] | None = None) -> Round:
    """Read one round's facts written by ``round_to_dict``; ValueError/InputError name what is wrong.
    ``seen``: the hands read so far, by how they were written (one dict for every round of an export: the
    same hand is read once and shared, as a match file's are)."""
    return _parse_round(raw, line, seen)


def _dump_round(rnd: Round, record: bool = False) -> dict[str, Any]:
    """The round as the match file writes it: its facts, and with ``record`` what checking it established."""
    raw: dict[str, Any] = {"end": rnd.ending.value}
    for key in ("out", "fisher"):
        if getattr(rnd, key):
            raw[key] = getattr(rnd, key)
    if rnd.led or rnd.plain_led:
        raw["led"] = str(rnd.led) if rnd.led else PLAIN
    if rnd.last or rnd.plain_last:
        raw["last"] = format_tiles(rnd.last) if rnd.last else PLAIN
    if rnd.claims:
        raw["claims"] = [format_claim(claim) for claim in rnd.claims]
    if rnd.play_points:
        raw["points"] = [f"{claim.player}={claim.points}" for claim in rnd.play_points]
    if rnd.plays:
        raw["plays"] = plays_text(rnd.plays)
    if rnd.rulings:
        raw["allowed"] = [{"play": ruling.play, "breach": ruling.breach.value} for ruling in rnd.rulings]
    raw["hands"] = {player: (hand.total if hand.tiles is None else format_tiles(hand.tiles))
                    for player, hand in rnd.hands.items()}
    if record and rnd.checked is not None:
        if rnd.checked.scores:
            raw["scored"] = format_scores(rnd.checked.scores)
        if rnd.checked.digest:
            raw["checked"] = rnd.checked.digest
    return raw


def plays_text(plays) -> str:
    """A round's plays as the match file writes them: the line they were read from, else written anew."""
    return plays.text if isinstance(plays, PlayLine) else _play_line(plays)


def _play_line(plays) -> str:
    from scorekeeper.notation.play_line import format_plays  # start-up: keeps the play line out, as in reading

    return format_plays(plays)


def with_comments(text: str, old: str) -> str:
    """``text`` (a match as ``dump_match`` writes it) with the comments a person added to ``old`` (the text of
    the same match: its file before a write, or a TOML export of it) carried over (``storage.comments``)."""
    if "#" not in old.replace(HEADER, "", 1).replace(HISTORY_NOTE, "", 1):  # no comment the writer did not make
        return text
    from scorekeeper.storage.comments import keep_comments  # only files a person commented pay for it

    generated = frozenset(line for line in (HEADER + HISTORY_NOTE).split("\n") if line)
    return keep_comments(old, text, generated)


def save_match(match: Match, path: str, text: str | None = None, comments_of: str | None = None) -> FileStamp:
    """Write the match file atomically; returns the stamp of the version written. ``text``: the match's text
    (``dump_match``), when the caller worked it out already (before it took the lock). ``comments_of``: the
    text whose comments the file keeps: by default the file written over; a command that puts another match in
    its place gives that match's own text, or "" (the comments of the one replaced stay with it, kept aside)."""
    text = dump_match(match) if text is None else text
    if comments_of is None:
        comments_of = textfile.regular_text(write_target(path)) or ""
    text = with_comments(text, comments_of)
    written = write_atomic(path, text)
    return FileStamp(written.st_dev, written.st_ino, written.st_size, written.st_mtime_ns, hash(text))


def keep_aside(path: str, when: str) -> str:
    """Keep the match file at ``path`` under a dated name beside it (``match.toml`` ->
    ``match.2026-11-23-1041.toml``; ``when`` is "YYYY-MM-DD HH:MM:SS"), before a new match replaces it;
    returns that name. A hard link where the file system allows (nothing is copied, and the file at ``path``
    is never missing), else a copy written atomically."""
    path = os.fspath(path)
    folder, name = os.path.split(path)
    stem, extension = os.path.splitext(name)
    stamp = when[:10] + "-" + when[11:16].replace(":", "")
    for attempt in range(1, 1000):
        again = "" if attempt == 1 else f"-{attempt}"
        aside = os.path.join(folder, f"{stem}.{stamp}{again}{extension or '.toml'}")
        if os.path.lexists(aside):
            continue
        try:
            os.link(path, aside)
            return aside
        except FileExistsError:
            continue
        except OSError:  # no hard links here (another device, a file system without them): copy
            with open(path, "rb") as handle:  # with the match's owner, group and mode (or tighter)
                write_atomic(aside, handle.read(), like=os.fstat(handle.fileno()))
            return aside
    raise MatchFileError(_("cannot keep the old match aside: too many kept already today"), path)


def _plain_round_lines(text: str, count: int) -> tuple[list[int], list[str]] | None:
    """Where each of ``count`` rounds starts when the file has the writer's layout: a ``rounds = [`` line, then
    one round a line, each a ``{ ... },`` with no comment and no multi-line string, then ``]``; and each
    round's line.  None otherwise (``round_lines`` then follows the TOML).  In that layout every line is one
    round: a round's inline table holds no line break but inside an array, and an array of a readable round
    holds only strings, which cannot end a line with "},"; a round that is not readable is counted exactly
    again."""
    lines = text.split("\n")
    try:
        start = lines.index("rounds = [")
    except ValueError:
        return None
    block = lines[start + 1:start + 1 + count]
    if len(block) != count or start + 1 + count >= len(lines) or lines[start + 1 + count].strip() != "]":
        return None
    for line in block:
        stripped = line.strip()
        if (not stripped.startswith("{") or not stripped.endswith("},") or "#" in stripped or '"""' in stripped
                or "'''" in stripped):
            return None
    if any(line.strip() == "[[rounds]]" for line in lines) or _key_line(text, "rounds") != start + 1:
        return None
    return list(range(start + 2, start + 2 + count)), block


def round_lines(text: str) -> list[int]:
    """The line where each round of a match file's text starts."""
    return _block_lines(text, "rounds")


def _block_lines(text: str, key: str) -> list[int]:
    """Where each item of the array ``key`` starts: ``[[key]]`` headers, or the items of ``key = [ ... ]``.

    Lines are counted as TOML counts them, at "\\n" only (``str.splitlines`` also breaks at U+2028 and
    other separators that may sit inside a name, and would shift every line after it)."""
    lines = text.split("\n")
    headers = [number for number, line in enumerate(lines, start=1) if line.strip() == f"[[{key}]]"]
    if headers:
        return headers
    start = _key_line(text, key)
    if start is None:
        return []
    offset = sum(len(line) + 1 for line in lines[:start - 1])
    opening = text.find("[", offset)
    if opening < 0:
        return []
    return _item_lines(text, opening + 1, start + text.count("\n", offset, opening))


def _item_lines(text: str, pos: int, line: int) -> list[int]:
    """The line where each item of the array opened just before ``pos`` (on ``line``) starts."""
    starts: list[int] = []
    depth, expecting = 0, True
    for char, line in toml.outside_strings(text, pos, line):
        if char in " \t\r\n":
            continue
        if depth == 0 and char == "]":
            break
        if depth == 0 and char == ",":
            expecting = True
            continue
        if depth == 0 and expecting:
            starts.append(line)
            expecting = False
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return starts


def _top_key_line(text: str, key: str) -> int | None:
    """The line where the file's top-level ``key`` is set: ``key = ...`` (bare or quoted, or dotted, ``key.x =
    ...``) or a table header that opens it (``[key]``, ``[key.x]``, ``[[key]]``)."""
    names = f"(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
    opens = re.compile(rf"\s*(?:\[\[?\s*{names}\s*[.\]]|{names}\s*[.=])")
    return next((number for number, line in enumerate(text.split("\n"), start=1) if opens.match(line)), None)


def _side_key_line(text: str, start: int | None, key: str) -> int | None:
    """The line, from the sides' own on, where a side sets ``key`` (``{ name = ..., key = ... }``, or a line
    of a ``[[sides]]`` table); else ``start``."""
    names = f"(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
    sets = re.compile(rf"(?:^|[{{,])\s*{names}\s*=")
    first = start or 1
    lines = text.split("\n")[first - 1:]
    return next((number for number, line in enumerate(lines, start=first) if sets.search(line)), start)


def key_line(text: str, key: str) -> int | None:
    """The line where ``key`` is set at the start of a line (TOML) or first appears as "key" (JSON)."""
    return _key_line(text, key) or _key_line(text, f'"{key}":')


def _key_line(text: str, key: str) -> int | None:
    for number, line in enumerate(text.split("\n"), start=1):  # TOML's lines (see _block_lines)
        stripped = line.strip()
        if stripped == key or stripped.startswith(f"{key} ") or stripped.startswith(f"{key}="):
            return number
    return None

