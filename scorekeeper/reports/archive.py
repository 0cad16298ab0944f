"""A club's archive: every match file under some folders, summed up per player.

Per player: matches played, finished matches won and lost (the goat, in a losers' count), rounds played and
the average points their side took per round, and the rating of rules.md §2 summed over every
finished match.  Files that are not match logs, or are broken, are skipped and reported, never fatal.
"""

import os
from typing import Iterable, NamedTuple

from scorekeeper.domain.facts import Match
from scorekeeper.errors import FileProblem, MatchFileError, StateError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match.opened import OpenMatch, validate_match
from scorekeeper.reports.columns import simple_table
from scorekeeper.reports.fit import abbreviations, widest, wrap
from scorekeeper.reports.rating import rating
from scorekeeper.rules.loader import is_path, load_ruleset
from scorekeeper.storage import roundlines, tomlread as toml
from scorekeeper.storage.encoding import not_utf8
from scorekeeper.storage.matchfile import parse_match, round_lines
from scorekeeper.storage.textfile import LARGEST, NotRegular, open_regular, read_limited, too_large


class PlayerRecord(NamedTuple):
    player: str
    played: int = 0
    finished: int = 0
    won: int = 0
    lost: int = 0
    rounds: int = 0
    points: int = 0
    """The points the player's side took, summed over every round played."""
    rating: int = 0

    @property
    def average(self) -> float:
        """Average points per round, to two decimals (0 before any round)."""
        return round(self.points / self.rounds, 2) if self.rounds else 0.0


class Skipped(NamedTuple):
    path: str
    reason: str


class History(NamedTuple):
    players: tuple[PlayerRecord, ...]
    matches: int
    finished: int
    skipped: tuple[Skipped, ...]

    def to_dict(self) -> dict:
        return {"matches": self.matches, "finished": self.finished,
                "players": [dict(record._asdict(), average=record.average) for record in self.players],
                "skipped": [item._asdict() for item in self.skipped]}


def match_files(folders: Iterable[str]) -> list[str]:
    """Every ``*.toml`` file under the folders (a file given directly counts too), each once, sorted."""
    found: dict[str, str] = {}
    for folder in folders:
        if os.path.isfile(folder):
            found.setdefault(os.path.realpath(folder), folder)
            continue
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(name for name in dirs if not name.startswith("."))
            real_root = os.path.realpath(root)  # once a folder: resolving each file's path stats every folder in it
            for name in files:
                if name.endswith(".toml") and not name.startswith("."):
                    path = os.path.join(root, name)
                    real = os.path.realpath(path) if os.path.islink(path) else os.path.join(real_root, name)
                    found.setdefault(real, path)
    return sorted(found.values())


def without_copies(files: list[str]) -> tuple[list[str], list[Skipped]]:
    """``files`` without a file that holds the same bytes as an older one (a match exported beside itself as
    TOML, a backup): one match is counted once, its copies (the newer files) are skipped as copies of it.  Only
    files of the same size are read to compare."""
    by_size: dict[int, list[tuple[int, str]]] = {}
    for path in files:
        try:
            found = os.stat(path)
        except OSError:  # read (and refused with its reason) as any other file
            continue
        by_size.setdefault(found.st_size, []).append((found.st_mtime_ns, path))
    copies: dict[str, str] = {}
    for size, paths in by_size.items():
        if len(paths) < 2 or size > LARGEST:  # a file too large is refused when read, not compared
            continue
        first: dict[bytes, str] = {}
        for _written, path in sorted(paths):  # the oldest first: the one the others copied
            try:
                with open(open_regular(path), "rb") as handle:
                    content = handle.read()
            except (OSError, NotRegular):
                continue
            if content in first:
                copies[path] = first[content]
            else:
                first[content] = path
    if not copies:
        return files, []
    return ([path for path in files if path not in copies],
            [Skipped(path, _("a copy of {path}: the same match, counted once").format(path=copies[path]))
             for path in files if path in copies])


PARALLEL_FROM = 400
"""Below this many files one process is quicker than starting workers."""


def read_history(folders: Iterable[str], jobs: int | None = None) -> History:
    """Read every match file under ``folders``; ``jobs`` processes (default: one per CPU on big archives)."""
    files, copies = without_copies(match_files(folders))
    if jobs is None:
        jobs = min(os.cpu_count() or 1, len(files) // PARALLEL_FROM) or 1
    if jobs <= 1 or len(files) < 2:
        parts = [_read_files(files)]
    else:
        from concurrent.futures import ProcessPoolExecutor  # start-up: keeps process pools out of small archives

        size = -(-len(files) // (jobs * 4))
        chunks = [files[start:start + size] for start in range(0, len(files), size)]
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:  # it starts them all at once
            parts = list(pool.map(_read_files, chunks))
    records: dict[str, PlayerRecord] = {}
    skipped: list[Skipped] = copies
    matches = finished = 0
    for part_records, part_matches, part_finished, part_skipped in parts:
        matches += part_matches
        finished += part_finished
        skipped += part_skipped
        for player, record in part_records.items():
            records[player] = _merge(records[player], record) if player in records else record
    players = sorted(records.values(), key=lambda r: (-r.rating, r.lost, r.player.casefold()))
    return History(tuple(players), matches, finished, tuple(skipped))


def _merge(a: PlayerRecord, b: PlayerRecord) -> PlayerRecord:
    return PlayerRecord(a.player, *(x + y for x, y in zip(a[1:], b[1:])))


def _read_files(paths: list[str]) -> tuple[dict[str, PlayerRecord], int, int, list[Skipped]]:
    """Read some match files: (records per player, matches read, finished, skipped files)."""
    rulesets: dict = {}

    def ruleset_for(match: Match, path: str, rules: str | None = None):
        base = os.path.dirname(os.path.abspath(path)) if is_path(match.ruleset) else None
        key = (match.ruleset, base)
        if key not in rulesets:
            try:
                rulesets[key] = load_ruleset(match.ruleset, base)
            except FileProblem as error:
                rulesets[key] = error
        found = rulesets[key]
        if isinstance(found, FileProblem):
            raise type(found)(_("the match's ruleset '{ruleset}' cannot be used: {problem}").format(
                ruleset=match.ruleset, problem=found), path, key="ruleset")
        return found

    records: dict[str, PlayerRecord] = {}
    skipped: list[Skipped] = []
    matches = finished = 0
    for path in paths:
        opened, reason = _open(path, ruleset_for)
        if opened is None:
            skipped.append(Skipped(path, reason))
            continue
        matches += 1
        finished += opened.table.over
        _add(records, opened)
    return records, matches, finished, skipped


def _open(path: str, ruleset_for) -> tuple[OpenMatch | None, str]:
    try:
        with open(open_regular(path), "rb") as handle:  # a pipe or a device is never waited on
            text = read_limited(handle)
        if text is None:
            return None, too_large()
        data = roundlines.loads(text)
    except NotRegular as error:
        return None, str(error)
    except UnicodeDecodeError:
        line, message = not_utf8(path)
        return None, _("{problem} (line {line})").format(problem=message, line=line) if line else message
    except OSError as error:
        return None, _("cannot read: {problem}").format(problem=error)
    except toml.TomlError as error:
        return None, (_("not valid TOML at line {line}: {problem}") if error.lineno else
                      _("not valid TOML: {problem}")).format(problem=error.msg, line=error.lineno)
    if "players" not in data or "ruleset" not in data:
        return None, _("not a match file (no players and ruleset)")
    problems: list[FileProblem] = []
    try:
        match = parse_match(text, path, problems, data=data)
    except MatchFileError as error:
        more = len(getattr(error, "problems", None) or [error]) - 1
        return None, _more_problems(error.format(), more)
    numbers = {line: n for n, line in enumerate(round_lines(text), start=1)} if problems else None
    opened, problems = validate_match(match, path, problems=problems, numbers=numbers,
                                      load_ruleset_for=ruleset_for)
    if problems:
        return None, _more_problems(problems[0].format(), len(problems) - 1)
    return opened, ""


def _more_problems(first: str, more: int) -> str:
    """A file's first problem, and how many more it has."""
    if not more:
        return first
    return ngettext("{problem} (and {n} more problem)", "{problem} (and {n} more problems)", more).format(
        problem=first, n=more)


def _add(records: dict[str, PlayerRecord], opened: OpenMatch) -> None:
    table = opened.table
    gains = {}
    if table.over:
        try:
            gains = {gain.player: gain.gain for gain in rating(opened.ruleset, opened.match, table)}
        except StateError:
            gains = {}
    points = dict.fromkeys([side.name for side in table.sides], 0)
    for result in table.rounds:  # each round's sides once (result.side looks one up by its name)
        for item in result.sides:
            points[item.side] += item.points
    for side in table.sides:
        lost = table.over and (side.name == table.loser if table.loser else side.name != table.winner)
        for player in side.players:
            old = records.get(player) or PlayerRecord(player)
            records[player] = PlayerRecord(
                player, old.played + 1, old.finished + table.over, old.won + (table.over and not lost),
                old.lost + lost, old.rounds + len(table.rounds), old.points + points[side.name],
                old.rating + gains.get(player, 0))


_SHORTEST = (N_("player"), N_("pl"), N_("won"), N_("lost"), N_("rds"), N_("avg"), N_("rtg"))
_HISTORY_LAYOUTS = (
    ((N_("player"), N_("played"), N_("won"), N_("lost"), N_("rounds"), N_("avg points"), N_("rating")), None, 2),
    ((N_("player"), N_("played"), N_("won"), N_("lost"), N_("rounds"), N_("avg"), N_("rating")), None, 1),
    (("", N_("games"), N_("won"), N_("lost"), N_("rounds"), N_("avg"), N_("rating")), None, 1),
    (("", N_("games"), N_("won"), N_("lost"), N_("rounds"), N_("avg"), N_("rating")), 8, 1),
    (_SHORTEST, None, 1),
    (_SHORTEST, 8, 1),
    (_SHORTEST, 5, 1),
)
"""The history's columns, narrower and narrower: shorter headings, then shorter names, then fewer spaces."""


def render_history(found: History, width: int | None = None) -> str:
    """Per player: played, won, lost, rounds, average points and rating, in columns that fit ``width`` (None:
    no limit): the headers shorten, then the names; the summary line wraps."""
    lines = []
    abbreviated = False
    if found.players:
        names = [record.player for record in found.players]
        for headers, size, gap in _HISTORY_LAYOUTS:
            short = abbreviations(names, size)
            rows = [[short[record.player], record.played, record.won, record.lost, record.rounds,
                     f"{record.average:.2f}", record.rating] for record in found.players]
            grid = simple_table([_(header) if header else "" for header in headers], rows,
                                ("left",) + ("right",) * 6, gap)
            if width is None or widest(grid) <= width:
                break
        lines += grid.split("\n") + [""]
        abbreviated = headers is _SHORTEST
    summary = ngettext("{n} match ({finished} finished), {skipped}.",
                       "{n} matches ({finished} finished), {skipped}.", found.matches) \
        if found.skipped else \
        ngettext("{n} match ({finished} finished).", "{n} matches ({finished} finished).", found.matches)
    skipped = ngettext("{n} file skipped", "{n} files skipped", len(found.skipped)).format(n=len(found.skipped))
    lines += wrap(summary.format(n=found.matches, finished=found.finished, skipped=skipped), width, indent="  ")
    if found.players and abbreviated:  # the shortest headers: say what they stand for
        lines += wrap(_("(pl: played, rds: rounds, avg: points a round, rtg: rating)"), width, indent="  ")
    return "\n".join(lines)
