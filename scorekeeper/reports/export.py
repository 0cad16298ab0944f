"""Getting a match out to other tools: CSV, JSON and TOML exports (the published tables: ``publish``).

Exports are computed from the facts and the replayed table; nothing here writes a file or prints. The JSON
and TOML exports hold everything the match file holds, and ``storage.exchange`` reads them back (export ->
import -> export is identical).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any, Callable

from scorekeeper.errors import InputError
from scorekeeper.i18n import _
from scorekeeper.domain.facts import Ending, Match, Round, Side
from scorekeeper.match.opened import ruleset_moved
from scorekeeper.reports.formats import DATA
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.table import RoundResult, Table, history_entry
from scorekeeper.storage.matchfile import PLAIN, dump_match, plays_text, round_to_dict, with_comments
from scorekeeper.storage.textfile import regular_text
from scorekeeper.domain.tiles import format_tiles

CSV_COLUMNS = ("round", "side", "players", "ending", "out", "fisher", "led", "last", "hand", "hand_value",
               "points", "recorded", "score", "remembered", "wiped", "eggs", "eggs_paid", "round_winner")


def export_match(fmt: str, match: Match, ruleset: Ruleset, table: Table, to: str | None = None) -> str:
    """The match in one of ``formats.DATA``, to be written to the file ``to``. An export names a ruleset file
    from where it is written, as import reads it (from the match's folder where that is not known: the standard
    output, kept beside the match)."""
    if fmt == "csv":
        return export_csv(match, table)
    if match.path is not None and to is not None:
        match = match._replace(ruleset=ruleset_moved(match.ruleset, match.path, to))
    if fmt == "json":
        return export_json(match, explain_all(ruleset, match, table))
    if fmt == "toml":  # the match log itself, the comments a person wrote in the match file included
        return with_comments(dump_match(match), (regular_text(match.path) or "") if match.path else "")
    raise InputError(_("unknown export format '{format}' (known: {known})").format(format=fmt,
                                                                                   known=", ".join(DATA)))


# JSON: the facts and the computed table after every round, with the rules each round applied.

def explain_all(ruleset: Ruleset, match: Match, table: Table) -> Table:
    """``table`` with every round's steps (a table is replayed without them): the JSON export shows them."""
    if all(result.steps is not None for result in table.rounds):
        return table
    return replay(ruleset, match, explain=True)


def export_data(match: Match, table: Table) -> dict[str, Any]:
    """The JSON export's data; ``table``: replayed with its steps (``explain_all``)."""
    data = _data(match, table, _round_data, history_entry)
    data["rounds"] = list(data["rounds"])
    return data


def _data(match: Match, table: Table, round_data: Callable, entry: Callable) -> dict[str, Any]:
    """``export_data``, its rounds an iterator that makes each round's data when it comes to it: ``export_json``
    writes a round and lets it go before it makes the next, rather than holding every round's data at once
    (most of the export's memory, on a long match).  ``round_data(match, table, result)`` and
    ``entry(result)`` give a round and its entry in the table's history: their dicts, or (``export_json``)
    their text."""
    if any(result.steps is None for result in table.rounds):
        raise ValueError("the JSON export shows every round's steps: replay the table with explain=True")
    from scorekeeper.storage.exchange import match_data  # start-up: keeps json out of the CSV and TOML exports

    data = match_data(match)
    history = data.pop("history")  # after the rounds, as in the match file
    data["rounds"] = (round_data(match, table, result) for result in table.rounds)
    data["history"] = history
    data["table"] = table.to_dict(history=False)
    data["table"]["history"] = [entry(result) for result in table.rounds]
    return data


def _round_data(match: Match, table: Table, result: RoundResult) -> dict[str, Any]:
    return {"round": result.number, "facts": round_to_dict(result.facts), "result": _result_data(result),
            "table": _table_after(match, table, result)}


def _table_after(match: Match, table: Table, result: RoundResult) -> dict[str, Any]:
    """The standing after one round, in the shape of ``table --format json`` (without the history)."""
    last = result.number == len(table.rounds)
    moved = {item.side: item for item in result.sides}
    return {"rounds": result.number,
            "sides": [{"name": side.name, "players": list(side.players), "score": moved[side.name].score,
                       "remembered": moved[side.name].remembered} for side in match.sides],
            "eggs": result.eggs, "over": last and table.over,
            "winner": table.winner if last else None, "loser": table.loser if last else None}


def _result_data(result: RoundResult) -> dict[str, Any]:
    return {"winner": result.winner,
            "sides": [{"side": side, "hand": hand, "points": points, "recorded": recorded, "score": score,
                       "remembered": remembered, "wiped": wiped, "dropped": dropped}
                      for side, hand, points, recorded, score, remembered, wiped, dropped in result.sides],
            "eggs": result.eggs, "eggs_added": result.eggs_added, "eggs_paid": result.eggs_paid,
            "eggs_paid_to": result.eggs_paid_to, "eggs_rotten": result.eggs_rotten,
            "notes": [note.said() for note in result.notes],
            "steps": [{"side": side, "key": key, "text": text} for side, key, text in result.steps]}


def export_json(match: Match, table: Table) -> str:
    """The export as JSON, laid out by ``_layout``: one round a line.  A round, and its entry in the table's
    history, are written by ``_RoundWriter``: the text json gives for their dicts (``_round_data``,
    ``history_entry``), without making them."""
    import json  # start-up: as in export_data

    # check_circular off: the data is built here, of fresh lists and dicts, and cannot hold itself
    encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
    writer = _RoundWriter(match, encode)
    pieces: list[str] = []
    _layout(_data(match, table, writer.round, writer.entry), encode, pieces)
    pieces.append("\n")
    return "".join(pieces)


class _Written(str):
    """JSON text already written (``_RoundWriter``), which ``_layout`` lays out as it is."""

    __slots__ = ()


class _RoundWriter:
    """A round of the JSON export and its entry in the history, written as json writes ``_round_data`` and
    ``history_entry`` (``ensure_ascii`` off, its separators), field by field into the records' fixed shapes.
    Most of the export is these two records, 500 of each on a long match: json's encoder made a new string of
    every key and every value of their dicts, and the dicts were made for it alone.  The round's facts,
    whose keys vary, still go through json.  Held to json's text by the tests."""

    def __init__(self, match: Match, encode: Callable[[Any], str]) -> None:
        from json.encoder import encode_basestring  # start-up: as in export_data; json's writer of a string

        self.encode, self.string = encode, encode_basestring
        self.sides = [(side.name, '{"name": %s, "players": [%s], "score": ' % (
            encode_basestring(side.name), ", ".join(map(encode_basestring, side.players)))) for side in match.sides]
        self.keys = _Keys(encode_basestring)

    def _text(self, value: str | None) -> str:
        return "null" if value is None else self.string(value)

    def round(self, match: Match, table: Table, result: RoundResult) -> _Written:
        string, text = self.string, self._text
        last = result.number == len(table.rounds)
        moved = {item.side: item for item in result.sides}
        standing = ", ".join([f'{prefix}{moved[name].score}, "remembered": {moved[name].remembered}}}'
                              for name, prefix in self.sides])
        sides = ", ".join([_SIDE % (string(item.side), *item[1:]) for item in result.sides])
        steps = ", ".join([_STEP % ("null" if side is None else string(side), string(key), string(said))
                           for side, key, said in result.steps])
        return _Written(_ROUND % (
            result.number, self._facts(result.facts), text(result.winner), sides, result.eggs,
            result.eggs_added, result.eggs_paid, text(result.eggs_paid_to), result.eggs_rotten,
            self._notes(result), steps, result.number, standing, result.eggs,
            "true" if last and table.over else "false",
            text(table.winner if last else None), text(table.loser if last else None)))

    def _facts(self, rnd: Round) -> str:
        """``round_to_dict(rnd)`` as json writes it: the match file's keys in its order (``_dump_round``), for
        a round of the usual keys; one holding claims, points made during play or rulings goes through json."""
        if rnd.claims or rnd.play_points or rnd.rulings:
            return self.encode(round_to_dict(rnd))
        string = self.string
        parts = ['{"end": ', string(rnd.ending.value)]
        if rnd.out:
            parts += (', "out": ', string(rnd.out))
        if rnd.fisher:
            parts += (', "fisher": ', string(rnd.fisher))
        if rnd.led or rnd.plain_led:
            parts += (', "led": ', string(str(rnd.led) if rnd.led else PLAIN))
        if rnd.last or rnd.plain_last:
            parts += (', "last": ', string(format_tiles(rnd.last) if rnd.last else PLAIN))
        if rnd.plays:
            parts += (', "plays": ', string(plays_text(rnd.plays)))
        key = self.keys
        parts += (', "hands": {', ", ".join([
            key[player] + (str(hand.total) if hand.tiles is None else string(format_tiles(hand.tiles)))
            for player, hand in rnd.hands.items()]), "}}")
        return "".join(parts)

    def _notes(self, result: RoundResult) -> str:
        if not result.notes:
            return "[]"
        return "[" + ", ".join([self.string(note.said()) for note in result.notes]) + "]"

    def entry(self, result: RoundResult) -> _Written:
        key, sides = self.keys, result.sides
        decision = result.decision
        return _Written(_ENTRY % (
            result.number, self.string(result.facts.ending.value), self._text(result.winner),
            ", ".join([f"{key[item.side]}{item.points}" for item in sides]),
            ", ".join([f"{key[item.side]}{item.recorded}" for item in sides]),
            ", ".join([f"{key[item.side]}{item.score}" for item in sides]),
            ", ".join([f"{key[item.side]}{item.remembered}" for item in sides]),
            result.eggs, result.eggs_added, result.eggs_paid, self._text(result.eggs_paid_to), result.eggs_rotten,
            ", ".join([f"{key[item.side]}{item.wiped}" for item in sides]), self._text(result.hundred),
            self._text(decision.why.said() if decision and decision.why else None), self._notes(result)))


class _Keys(dict):
    """Each side's or player's name as a key of a JSON object, written once: ``"Masha": ``."""

    def __init__(self, string: Callable[[str], str]) -> None:
        super().__init__()
        self.string = string

    def __missing__(self, side: str) -> str:
        key = self[side] = self.string(side) + ": "
        return key


_ROUND = ('{"round": %d, "facts": %s, "result": {"winner": %s, "sides": [%s], "eggs": %d, "eggs_added": %d, '
          '"eggs_paid": %d, "eggs_paid_to": %s, "eggs_rotten": %d, "notes": %s, "steps": [%s]}, "table": '
          '{"rounds": %d, "sides": [%s], "eggs": %d, "over": %s, "winner": %s, "loser": %s}}')
_SIDE = ('{"side": %s, "hand": %d, "points": %d, "recorded": %d, "score": %d, "remembered": %d, "wiped": %d, '
         '"dropped": %d}')
_STEP = '{"side": %s, "key": %s, "text": %s}'
_ENTRY = ('{"round": %d, "ending": %s, "winner": %s, "points": {%s}, "recorded": {%s}, "scores": {%s}, '
          '"remembered": {%s}, "eggs": %d, "eggs_added": %d, "eggs_paid": %d, "eggs_paid_to": %s, '
          '"eggs_rotten": %d, "wiped": {%s}, "hundred": %s, "decided": %s, "notes": %s}')


def _layout(value: Any, encode: Callable[[Any], str], pieces: list[str], depth: int = 0) -> None:
    """``value`` as JSON, added to ``pieces``, with the outer levels indented, each item of a list of lists or
    objects no deeper than the third level on its own line, and what lies below on that line.  ``indent=2``
    throughout would send every value through json's pure-Python encoder, where each line here is written by
    its C encoder (faster, and lighter on memory, on a long match); the pieces are joined once, at the end,
    rather than each level copying the text of the levels below it.  An iterator (``_data``'s rounds) is a
    list of objects, each made when it is written; a ``_Written`` object is laid as it is."""
    if isinstance(value, dict):
        expands = depth <= 1
    elif isinstance(value, list):
        expands = depth <= 2 and any(isinstance(item, (list, dict, _Written)) for item in value)
    elif value.__class__ is _Written:
        pieces.append(value)
        return
    else:  # a value, or an iterator: asked last, as an abstract class asks more than a dict or a list does
        expands = isinstance(value, Iterator)
    if not expands or not value:
        pieces.append(encode(value))
        return
    if isinstance(value, dict):
        opening, closing, items = "{", "}", value.items()
    else:
        opening, closing, items = "[", "]", value
    between = "\n" + "  " * (depth + 1)
    for item in items:
        if isinstance(value, dict):
            key, item = item
            pieces += (opening, between, encode(key), ": ")
        else:
            pieces += (opening, between)
        _layout(item, encode, pieces, depth + 1)
        opening = ","
    if opening != ",":  # an iterator that gave nothing: an empty list
        pieces.append("[]")
        return
    pieces.append("\n" + "  " * depth + closing)


# CSV: one row per round and side, one value per cell, for spreadsheets; the hand in progress (claims made
# with ``score``, or the hand typed play by play in ``play`` and what its plays scored) as a last round with the
# ending "in-play".

def export_csv(match: Match, table: Table) -> str:
    import csv  # start-up: keeps csv out of the JSON and TOML exports

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for result in table.rounds:
        rnd = result.facts
        for item in result.sides:
            side = next(side for side in match.sides if side.name == item.side)
            writer.writerow([result.number, side.name, " ".join(side.players), rnd.ending.value, rnd.out or "",
                             rnd.fisher or "", str(rnd.led) if rnd.led else "", format_tiles(rnd.last),
                             _side_hand(rnd, side), item.hand, item.points, item.recorded, item.score,
                             item.remembered, item.wiped, result.eggs,
                             result.eggs_paid if result.eggs_paid_to == side.name else 0, result.winner or ""])
    if (match.pending or match.hand is not None) and len(table.rounds) == len(match.rounds):
        _in_play_rows(writer, match, table)
    return buffer.getvalue()


IN_PLAY = "in-play"
"""The ``ending`` of the CSV rows for the hand in progress (its claims are in the table's totals)."""


def _in_play_rows(writer, match: Match, table: Table) -> None:
    """One row per side for the hand in progress: the points claimed so far and the score with them, so the
    last score agrees with ``table``."""
    number = len(table.rounds) + 1
    for standing in table.sides:
        side = next(side for side in match.sides if side.name == standing.name)
        points = table.in_play.get(side.name, 0)
        writer.writerow([number, side.name, " ".join(side.players), IN_PLAY, "", "", "", "", "", "", points,
                         points, standing.score, standing.remembered, 0, table.eggs, 0, table.winner or ""])


def _side_hand(rnd, side: Side) -> str:
    """What the side's players held: tiles, or ``total N``; ``Name: ...; Name: ...`` for a partnership."""
    parts = []
    for player in side.players:
        if rnd.ending is Ending.OUT and player == rnd.out:
            held = "out"
        else:
            hand = rnd.hands.get(player)
            held = ("not counted" if hand is None else
                    f"total {hand.total}" if hand.tiles is None else format_tiles(hand.tiles))
        parts.append(held if len(side.players) == 1 else f"{player}: {held}")
    return "; ".join(parts)
