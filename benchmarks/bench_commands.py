"""Time every one-shot scorekeeper command against the cost of starting Python and importing click.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_commands.py                      # every command, on a 20- and a 500-round match
    python benchmarks/bench_commands.py --against /tmp/venv-base/bin/scorekeeper   # before and after
    python benchmarks/bench_commands.py --rounds 20 500 10000 --only table         # a long match too
    python benchmarks/bench_commands.py --matrix --against OLD   # issue 33's table: lines and plays, 20 and 500

Each figure is the median CPU time (user + system) of several runs of the installed ``scorekeeper`` executable
(the one beside this Python), given as a ratio to ``python -c "import click"``: the baseline is run in turn
with each command, so that a busy moment of the machine weighs on both sides of each ratio alike. The budget
is 1.6x at 20 rounds (and for the commands that read no match), 2.5x at 500, and 4x at 500 for a command that
publishes the table (``--format html``, ``markdown``...: tabulate lays out every round) or a played match
re-scored under another ruleset (every hand followed on that ruleset's board); a ratio over its budget is
marked ``over``. With ``--against``, another installed scorekeeper (an older commit in its own venv) is timed in
turn with this one, and the last column is this one's time against it.

The matches: Goat and Muggins (a target no match reaches), typed as lines (``generate``: half the hands as
tiles, half as totals) and typed play by play (``generate_played``: a random player's legal hands, every
other hand given as tiles). Each program reads the matches as it writes them itself: the generated files are
imported into a folder of its own by its own ``import`` (a match file keeps what checking its rounds
established, which an older scorekeeper does not read).  ``--matrix`` times six commands on each of the four
matches and prints them as one table, now against before.

Measure a plain ``pip install .`` (pip compiles the bytecode): an editable install under
PYTHONDONTWRITEBYTECODE compiles every module each run.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Callable

from scorekeeper.domain.facts import Ending, Hand, Round
from scorekeeper.domain.tiles import TileSet
from scorekeeper.match.record import new_match
from scorekeeper.reports.formats import PUBLISHED
from scorekeeper.rules.loader import load_ruleset
from scorekeeper.storage.matchfile import save_match

PLAYERS = ("Masha", "Alex", "Olya", "Serg")
MARATHON = 'extends = "{base}"\nname = "{base}-marathon"\n[end]\ntarget = 1000000000\n'
BUDGETS = {20: 1.6, 500: 2.5}
PUBLISHING_BUDGETS = {20: 4.0, 500: 4.0}
"""A published table (tabulate lays out every round: the people's table shows the latest 20). Issue 30 gives
publishing 4x on a long match; a short one is held to the same, since importing tabulate alone (it reads its
own version through importlib.metadata) costs about as much as importing click."""
NO_MATCH_BUDGET = 1.6
ROUND_ARGS = ["--out", "Masha", "--hand", "Alex=1-2,3-3", "--hand", "Olya=6-6 0-1", "--total", "Serg=5"]
WHOLE_HAND = ("Ann 0-1, Bob 1-3, Cat 0-0, Dan 3-6, Ann 1-6, Bob 1-1, Cat 0-2, Dan 2-3, Ann 0-3, Bob 0-6, Cat 6-6, "
              "Dan 1-2, Ann 2-6 on 6-6, Bob 2-4, Cat 2-5, Dan 0-5, Ann 4-5, Bob 3-5, Cat knocks, Dan 3-4, Ann 4-4, "
              "Bob knocks, Cat 1-4, Dan 1-5, Ann knocks, Bob 5-5, Cat 5-6, Dan 0-4")
"""A double-six deal to four (Goat): 28 plays, every tile played or knocked, Dan out with the last."""


def generate(rounds: int, ruleset_spec: str, path: str, seed: int = 7) -> None:
    """A legal match of ``rounds`` random rounds, half with tiles and half with totals."""
    ruleset = load_ruleset(ruleset_spec)
    match = new_match(ruleset_spec, ruleset, PLAYERS)
    chance = random.Random(seed)
    tiles = TileSet(6).tiles()
    played = []
    for _ in range(rounds):
        deck = list(tiles)
        chance.shuffle(deck)
        ending = Ending.OUT if chance.random() < 0.8 else Ending.FISH
        out = chance.choice(PLAYERS) if ending is Ending.OUT else None
        hands = {}
        for player in PLAYERS:
            if player == out:
                continue
            held = tuple(deck.pop() for _ in range(chance.randint(1, 4)))
            hands[player] = Hand(tiles=held) if chance.random() < 0.5 else Hand(total=sum(t.pips for t in held))
        played.append(Round.of(ending=ending, hands=hands, out=out))
    save_match(_with_rounds(match, tuple(played)), path)


def generate_played(rounds: int, ruleset_spec: str, path: str, seed: int = 7) -> None:
    """A legal match of ``rounds`` rounds, each recorded with its plays (a random player's), its end seen
    from them and every other hand given as tiles."""
    from scorekeeper.domain.facts import RoundFacts
    from scorekeeper.match.usecases import round_from_facts
    from scorekeeper.scoring.engine import replay

    ruleset = load_ruleset(ruleset_spec)
    match = new_match(ruleset_spec, ruleset, PLAYERS)
    chance = random.Random(seed)
    table = replay(ruleset, match)
    for number in range(rounds):
        plays, held = random_hand(ruleset, chance, first=number == 0, leader=table.next_leader)
        facts = RoundFacts(plays=plays, hands=tuple((player, tiles) for player, tiles in held.items() if tiles))
        match = _with_rounds(match, match.rounds + (round_from_facts(match, ruleset, facts),))
        table = replay(ruleset, match, table.rounds, kept=len(match.rounds) - 1)
    save_match(match, path)


def random_hand(ruleset, chance: random.Random, first: bool = False, leader: str | None = None,
                players: tuple[str, ...] = PLAYERS):
    """Deal, and play a hand to its end by a random player who lays any tile that fits, else draws, else
    knocks: the plays and what each player holds at the end. A tile is laid ``on`` a tile only where it fits
    two places that make different layouts, as a scorer must say it. ``first``: a match's first round, led as
    ``lead.first`` says; ``leader``: who leads a later round (None: anyone). The tests' played matches are
    made by it too (``tests/played_hands.py``)."""
    from scorekeeper.domain.plays import Action, Play
    from scorekeeper.scoring.board import Board, IllegalPlay

    tiles = list(ruleset.tileset.tiles())
    chance.shuffle(tiles)
    board = Board(ruleset, players)
    hands = {player: tiles[index * board.deal:(index + 1) * board.deal] for index, player in enumerate(players)}
    stock = tiles[len(players) * board.deal:]
    turn = players.index(leader) if leader in players else chance.randrange(len(players))
    opener = None
    if first:
        try:
            from scorekeeper.scoring.lead import first_lead_order
        except ImportError:  # an older scorekeeper (--against) leads any tile
            first_lead_order = None
        rule = first_lead_order(ruleset, len(players)) if first_lead_order else None
        dealt = {tile: player for player, held in hands.items() for tile in held}
        opener = next((tile for tile in rule.order if tile in dealt), None) if rule else None
        if opener is not None:
            turn = players.index(dealt[opener])
    while not board.over:
        player = players[turn]
        fits = [tile for tile in hands[player] if not board.nodes or board.places(tile)]
        if opener is not None and not board.nodes:
            fits = [opener]
        if fits:
            tile = chance.choice(fits)
            places = board.places(tile)
            try:
                board.play(Play(player, Action.TILE, tile))
            except IllegalPlay:  # it fits two places: say which
                board.play(Play(player, Action.TILE, tile, board.nodes[places[0].node].tile))
            hands[player].remove(tile)
        elif len(stock) > ruleset["bazaar.keep"]:
            hands[player].append(stock.pop())
            board.play(Play(player, Action.DRAW, drawn=1))
            continue
        else:
            board.play(Play(player, Action.KNOCK))
        turn = (turn + 1) % len(players)
    return tuple(ruled.play for ruled in board.history), {player: tuple(held) for player, held in hands.items()}


def _with_rounds(match, rounds):
    """The match with these rounds, whether the installed Match is a NamedTuple or a dataclass."""
    if hasattr(match, "_replace"):
        return match._replace(rounds=rounds)
    return dataclasses.replace(match, rounds=rounds)


def timed(command: list[str], folder: str) -> float:
    """The CPU time (user + system) the command took: steadier than wall time on a shared machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired_medians(commands: list[list[str]], baseline: list[str], runs: int, folder: str | list[str],
                   reset: Callable | None = None) -> list[float]:
    """Median times of each command and (last) of the baseline, run in turn, ``runs`` rounds of them; each
    command in its own folder where ``folder`` is a list (``reset(folder)`` puts that folder's file back)."""
    folders = folder if isinstance(folder, list) else [folder] * len(commands)
    spent: list[list[float]] = [[] for _ in range(len(commands) + 1)]
    for _ in range(runs):
        for index, command in enumerate(commands + [baseline]):
            where = folders[index] if index < len(commands) else folders[0]
            if reset:
                if isinstance(folder, list):
                    reset(where)
                else:
                    reset()
            spent[index].append(timed(command, where))
    return [statistics.median(times) for times in spent]


def _copier(source: str, target: str) -> Callable[[], None]:
    return lambda: shutil.copy(source, target)


def _remover(path: str) -> Callable[[], None]:
    return lambda: os.path.exists(path) and os.remove(path)


def _reset_copy(name: str, target: str) -> Callable[[str], None]:
    """Put ``target`` back as the copy ``name`` (both in a program's folder) before each run."""
    return lambda folder: shutil.copy(os.path.join(folder, name), os.path.join(folder, target))


def _reset_remove(name: str) -> Callable[[str], None]:
    return lambda folder: os.path.exists(os.path.join(folder, name)) and os.remove(os.path.join(folder, name))


MATCHES = {"goat lines": "goat-{n}.toml", "goat plays": "goat-plays-{n}.toml",
           "muggins lines": "muggins-{n}.toml", "muggins plays": "muggins-plays-{n}.toml"}
"""The four matches of each length, as files in each program's folder."""
OTHER_RULES = {"goat": "sea-goat", "muggins": "fives-and-threes"}
"""The ruleset each game's match is compared with (``compare``, ``table --rules``)."""


def prepare(rounds: int, base: str, folders: dict[str, str]) -> None:
    """Generate the matches of ``rounds`` rounds into ``base``, then give each program (its executable, and
    its folder) its own copy, written by its own ``import``, and the files its commands start from."""
    goat, muggins = os.path.join(base, "goat-marathon.toml"), os.path.join(base, "muggins-marathon.toml")
    generate(rounds, goat, os.path.join(base, f"goat-{rounds}.toml"))
    generate(rounds, muggins, os.path.join(base, f"muggins-{rounds}.toml"))
    generate_played(rounds, goat, os.path.join(base, f"goat-plays-{rounds}.toml"))
    generate_played(rounds, muggins, os.path.join(base, f"muggins-plays-{rounds}.toml"))
    for program, folder in folders.items():
        for name in MATCHES.values():
            name = name.format(n=rounds)
            target = os.path.join(folder, name)
            if os.path.exists(target):
                os.remove(target)
            subprocess.run([program, "--match", target, "import", os.path.join(base, name)], cwd=folder,
                           capture_output=True, check=True)
        played = os.path.join(folder, f"goat-{rounds}.toml")
        undone = os.path.join(folder, f"undone-{rounds}.toml")
        shutil.copy(played, undone)
        subprocess.run([program, "--match", undone, "undo"], cwd=folder, capture_output=True, check=True)
        with open(os.path.join(folder, f"export-{rounds}.json"), "w") as handle:
            subprocess.run([program, "--match", played, "export", "--format", "json"], cwd=folder, stdout=handle,
                           check=True)
        archive = os.path.join(folder, f"archive-{rounds}")
        os.makedirs(archive, exist_ok=True)
        shutil.copy(played, archive)


def match_cases(rounds: int) -> list[tuple[str, list[str], Callable | None]]:
    """The commands that read (or change) a match of ``rounds`` rounds, each with what puts its file back (in
    a program's folder): every command on the Goat match typed as lines, then the commands of ``--matrix``
    on the other three matches."""
    cases = []
    for kind, pattern in MATCHES.items():
        name = pattern.format(n=rounds)
        game = kind.split()[0]
        changed = f"changed-{kind.replace(' ', '-')}-{rounds}.toml"
        fresh = _reset_copy(name, changed)
        on, on_changed = ["--match", name], ["--match", changed]
        suffix = "" if kind == "goat lines" else f" [{kind}]"
        cases += [
            (f"table{suffix}", on + ["table"], None),
            (f"round (a line){suffix}", on_changed + ["round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"], fresh),
            (f"explain 1{suffix}", on + ["explain", "1"], None),
            (f"export --format json{suffix}", on + ["export", "--format", "json"], None),
            (f"compare {OTHER_RULES[game]}{suffix}", on + ["compare", OTHER_RULES[game]], None),
            (f"edit 5{suffix}", on_changed + ["edit", "5", *ROUND_ARGS], fresh),
        ]
        if kind.endswith("plays"):
            cases.append((f"table --rules {OTHER_RULES[game]}{suffix}", on + ["table", "--rules", OTHER_RULES[game]],
                          None))
        if kind != "goat lines":
            continue
        undone = f"undone-{rounds}.toml"
        cases += [
            ("table --format json", on + ["table", "--format", "json"], None),
            ("round", on_changed + ["round", *ROUND_ARGS], fresh),
            ("score (muggins)", ["--match", changed, "score", "Masha", "10"],
             _reset_copy(MATCHES["muggins lines"].format(n=rounds), changed)),
            ("undo", on_changed + ["undo"], fresh),
            ("undo --list", ["--match", undone, "undo", "--list"], None),
            ("redo", on_changed + ["redo"], _reset_copy(undone, changed)),
            (f"delete {rounds}", on_changed + ["delete", str(rounds)], fresh),
            ("explain", on + ["explain"], None),
            ("export --format csv", on + ["export", "--format", "csv"], None),
            ("export --format html", on + ["export", "--format", "html"], None),
            ("export --format markdown", on + ["export", "--format", "markdown"], None),
            ("table --format markdown", on + ["table", "--format", "markdown"], None),
            ("import (json)", ["--match", f"imported-{rounds}.toml", "import", f"export-{rounds}.json"],
             _reset_remove(f"imported-{rounds}.toml")),
            ("chart", on + ["chart"], None),
            ("rating --left Serg", on + ["rating", "--left", "Serg"], None),
            ("history (one match)", ["history", f"archive-{rounds}"], None),
        ]
    return cases


def other_cases() -> list[tuple[str, list[str], Callable | None]]:
    """The commands that read no match."""
    return [
        ("new", ["--match", "new.toml", "new", "--rules", "goat", *PLAYERS], _reset_remove("new.toml")),
        ("rules list", ["rules", "list"], None),
        ("rules show goat", ["rules", "show", "goat"], None),
        ("rules check (a house ruleset)", ["rules", "check", "goat-marathon.toml"], None),
        ("check hand 0-0", ["check", "hand", "0-0"], None),
        ("check fish", ["check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"], None),
        ("check play (28 plays)", ["check", "play", "--rules", "goat", WHOLE_HAND], None),
        ("demo", ["demo"], None),
        ("--help", ["--help"], None),
        ("check --help", ["check", "--help"], None),
        ("rules --help", ["rules", "--help"], None),
    ]


def publishes(command: list[str]) -> bool:
    """Whether the command gives a published table (``--format html``, ``markdown``...)."""
    return "--format" in command and command[command.index("--format") + 1] in PUBLISHED


def budget_of(label: str, command: list[str], rounds: int | None) -> float | None:
    """The budget of a command on a match of ``rounds`` rounds (None: a command that reads no match)."""
    if rounds is None:
        return NO_MATCH_BUDGET
    if publishes(command):
        return PUBLISHING_BUDGETS.get(rounds, BUDGETS.get(rounds))
    if rounds == 500 and "plays" in label and (label.startswith("compare") or "--rules" in label):
        return 4.0  # every hand followed again on the other ruleset's board
    return BUDGETS.get(rounds)


MATRIX = ("table", "round (a line)", "explain 1", "export --format json", "compare", "edit 5")
"""The commands of issue 33's table, in its order."""


def print_matrix(found: dict[tuple[str, str, int], tuple[float, float | None]], lengths: list[int]) -> None:
    """``--matrix``: one row a command, one column a match; each cell now (before) as a ratio."""
    columns = [(kind, rounds) for rounds in lengths for kind in MATCHES]
    print()
    print("| command | " + " | ".join(f"{kind.capitalize()} {rounds}" for kind, rounds in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for command in MATRIX:
        cells = []
        for kind, rounds in columns:
            now, before = found.get((command, kind, rounds), (None, None))
            cells.append("-" if now is None else f"{now:.2f}" + ("" if before is None else f" ({before:.2f})"))
        print(f"| {command} | " + " | ".join(cells) + " |")
    print("Each cell: now (before), median CPU time as a ratio to python -c \"import click\".")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per figure (the median is shown)")
    parser.add_argument("--rounds", type=int, nargs="+", default=[20, 500], metavar="N",
                        help="the matches' lengths (default: 20 500; a 10000-round match has no budget)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="time only the commands whose label holds TEXT (repeatable)")
    parser.add_argument("--matrix", action="store_true",
                        help="only issue 33's six commands on the four matches, then their table")
    parser.add_argument("--against", metavar="EXECUTABLE",
                        help="another installed scorekeeper (an older commit in its own venv), timed in turn "
                             "with this one: before and after, side by side")
    args = parser.parse_args()
    executable = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    if not os.path.exists(executable):
        sys.exit(f"no installed scorekeeper beside {sys.executable}: run 'pip install .' first")
    if args.against and not os.path.exists(args.against):
        sys.exit(f"no such executable: {args.against}")
    programs = [executable] + ([args.against] if args.against else [])
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    try:
        base = os.path.join(folder, "base")
        folders = {program: os.path.join(folder, f"program-{index}") for index, program in enumerate(programs)}
        for where in [base, *folders.values()]:
            os.makedirs(where)
            for game in ("goat", "muggins"):
                with open(os.path.join(where, f"{game}-marathon.toml"), "w") as handle:
                    handle.write(MARATHON.format(base=game))
        for rounds in args.rounds:
            prepare(rounds, base, folders)
        groups = [(None, other_cases())] + [(rounds, match_cases(rounds)) for rounds in args.rounds]
        baseline = [sys.executable, "-c", "import click"]
        print(f'Median CPU time of {args.runs} runs, as a ratio to python -c "import click" run beside each;'
              f" now: {executable}" + (f"; before: {args.against}" if args.against else ""))
        print(f"{'command':<44} {'rounds':>6} {'budget':>6} {'now':>6}" + (f" {'before':>6} {'change':>7}"
                                                                           if args.against else "")
              + f" {'click ms':>8}")
        found: dict[tuple[str, str, int], tuple[float, float | None]] = {}
        for rounds, cases in groups:
            for label, command, reset in cases:
                command_name, _bracket, kind = label.partition(" [")
                kind = kind.rstrip("]") or "goat lines"
                matrix_name = command_name if command_name in MATRIX else \
                    "compare" if command_name.startswith("compare ") else None
                if args.matrix and (rounds is None or matrix_name is None):
                    continue
                if args.only and not any(text in label for text in args.only):
                    continue
                where = [folders[program] for program in programs]
                for program, place in zip(programs, where):
                    if reset:
                        reset(place)
                    trial = subprocess.run([program, *command], cwd=place, capture_output=True, text=True)
                    if trial.returncode != 0:  # a refused command is quick, and would flatter the figures
                        sys.exit(f"{label} failed ({program}): {trial.stderr.strip()}")
                now, *before, click = paired_medians([[program, *command] for program in programs], baseline,
                                                     args.runs, where, reset)
                budget = budget_of(label, command, rounds)
                over = budget is not None and now / click > budget
                print(f"{label:<44} {rounds or '-':>6} {budget or '-':>6} {now / click:6.2f}"
                      + "".join(f" {then / click:6.2f} {(now - then) / then:+7.1%}" for then in before)
                      + f" {click * 1000:8.1f}" + ("  over" if over else ""), flush=True)
                if rounds is not None and matrix_name is not None:
                    found[(matrix_name, kind, rounds)] = (now / click, before[0] / click if before else None)
        if args.matrix:
            print_matrix(found, args.rounds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
