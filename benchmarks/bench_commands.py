"""Time every one-shot scorekeeper command against the cost of starting Python and importing click.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_commands.py                      # every command, on a 20- and a 500-round match
    python benchmarks/bench_commands.py --against /tmp/venv-base/bin/scorekeeper   # before and after
    python benchmarks/bench_commands.py --rounds 20 500 10000 --only table         # a long match too

Each figure is the median CPU time (user + system) of several runs of the installed ``scorekeeper`` executable
(the one beside this Python), given as a ratio to ``python -c "import click"``: the baseline is run in turn
with each command, so that a busy moment of the machine weighs on both sides of each ratio alike. The budget
is 1.6x at 20 rounds (and for the commands that read no match), 2.5x at 500, and 4x at 500 for a command that
publishes the table (``--format html``, ``markdown``...: tabulate lays out every round); a ratio over its
budget is marked ``over``. With ``--against``, another installed scorekeeper (an older commit in its own venv) is
timed in turn with this one, and the last column is this one's time against it.

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
PUBLISHING_BUDGETS = {500: 4.0}
"""A published table (tabulate lays out every round: the people's table shows the latest 20) on a long match."""
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

    ruleset = load_ruleset(ruleset_spec)
    match = new_match(ruleset_spec, ruleset, PLAYERS)
    chance = random.Random(seed)
    played = []
    for number in range(rounds):
        plays, held = random_hand(ruleset, chance, first=number == 0)
        facts = RoundFacts(plays=plays, hands=tuple((player, tiles) for player, tiles in held.items() if tiles))
        played.append(round_from_facts(match, ruleset, facts))
    save_match(_with_rounds(match, tuple(played)), path)


def random_hand(ruleset, chance: random.Random, first: bool = False):
    """Deal, and play a hand to its end by a random player who lays any tile that fits, else draws, else
    knocks: the plays and what each player holds at the end. ``first``: a match's first round, led as
    ``lead.first`` says."""
    from scorekeeper.domain.plays import Action, Play
    from scorekeeper.scoring.board import Board

    tiles = list(ruleset.tileset.tiles())
    chance.shuffle(tiles)
    board = Board(ruleset, PLAYERS)
    hands = {player: tiles[index * board.deal:(index + 1) * board.deal] for index, player in enumerate(PLAYERS)}
    stock = tiles[len(PLAYERS) * board.deal:]
    turn = chance.randrange(len(PLAYERS))
    opener = None
    if first:
        try:
            from scorekeeper.scoring.lead import first_lead_order
        except ImportError:  # an older scorekeeper (--against) leads any tile
            first_lead_order = None
        rule = first_lead_order(ruleset, len(PLAYERS)) if first_lead_order else None
        dealt = {tile: player for player, held in hands.items() for tile in held}
        opener = next((tile for tile in rule.order if tile in dealt), None) if rule else None
        if opener is not None:
            turn = PLAYERS.index(dealt[opener])
    while not board.over:
        player = PLAYERS[turn]
        fits = [tile for tile in hands[player] if not board.nodes or board.places(tile)]
        if opener is not None and not board.nodes:
            fits = [opener]
        if fits:
            tile = chance.choice(fits)
            places = board.places(tile)
            board.play(Play(player, Action.TILE, tile, board.nodes[places[0].node].tile if places else None))
            hands[player].remove(tile)
        elif len(stock) > ruleset["bazaar.keep"]:
            hands[player].append(stock.pop())
            board.play(Play(player, Action.DRAW, drawn=1))
            continue
        else:
            board.play(Play(player, Action.KNOCK))
        turn = (turn + 1) % len(PLAYERS)
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


def paired_medians(commands: list[list[str]], baseline: list[str], runs: int, folder: str,
                   reset: Callable[[], None] | None = None) -> list[float]:
    """Median times of each command and (last) of the baseline, run in turn, ``runs`` rounds of them."""
    spent: list[list[float]] = [[] for _ in range(len(commands) + 1)]
    for _ in range(runs):
        for index, command in enumerate(commands + [baseline]):
            if reset:
                reset()
            spent[index].append(timed(command, folder))
    return [statistics.median(times) for times in spent]


def _copier(source: str, target: str) -> Callable[[], None]:
    return lambda: shutil.copy(source, target)


def _remover(path: str) -> Callable[[], None]:
    return lambda: os.path.exists(path) and os.remove(path)


def match_cases(rounds: int, folder: str, executable: str) -> list[tuple[str, list[str], Callable | None]]:
    """The commands that read (or change) a match of ``rounds`` rounds, each with what puts its file back."""
    goat = os.path.join(folder, "goat-marathon.toml")
    muggins = os.path.join(folder, "muggins-marathon.toml")
    played, scored = os.path.join(folder, f"goat-{rounds}.toml"), os.path.join(folder, f"muggins-{rounds}.toml")
    generate(rounds, goat, played)
    generate(rounds, muggins, scored)
    by_plays = os.path.join(folder, f"muggins-plays-{rounds}.toml")
    generate_played(rounds, muggins, by_plays)
    goat_by_plays = os.path.join(folder, f"goat-plays-{rounds}.toml")
    generate_played(rounds, goat, goat_by_plays)
    changed, undone = os.path.join(folder, f"changed-{rounds}.toml"), os.path.join(folder, f"undone-{rounds}.toml")
    shutil.copy(played, undone)
    subprocess.run([executable, "--match", undone, "undo"], cwd=folder, capture_output=True, check=True)
    exported = os.path.join(folder, f"export-{rounds}.json")
    with open(exported, "w") as handle:
        subprocess.run([executable, "--match", played, "export", "--format", "json"], cwd=folder, stdout=handle,
                       check=True)
    archive = os.path.join(folder, f"archive-{rounds}")
    os.makedirs(archive, exist_ok=True)
    shutil.copy(played, archive)
    imported = os.path.join(folder, f"imported-{rounds}.toml")
    on_played = ["--match", played]
    on_changed = ["--match", changed]
    fresh = _copier(played, changed)
    return [
        ("table", on_played + ["table"], None),
        ("table --format json", on_played + ["table", "--format", "json"], None),
        ("round", on_changed + ["round", *ROUND_ARGS], fresh),
        ("round (a line)", on_changed + ["round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5"], fresh),
        ("score (muggins)", ["--match", changed, "score", "Masha", "10"], _copier(scored, changed)),
        ("undo", on_changed + ["undo"], fresh),
        ("undo --list", ["--match", undone, "undo", "--list"], None),
        ("redo", on_changed + ["redo"], _copier(undone, changed)),
        ("edit 5", on_changed + ["edit", "5", *ROUND_ARGS], fresh),
        (f"delete {rounds}", on_changed + ["delete", str(rounds)], fresh),
        ("explain", on_played + ["explain"], None),
        ("explain 1", on_played + ["explain", "1"], None),
        ("export --format csv", on_played + ["export", "--format", "csv"], None),
        ("export --format json", on_played + ["export", "--format", "json"], None),
        ("export --format html", on_played + ["export", "--format", "html"], None),
        ("export --format markdown", on_played + ["export", "--format", "markdown"], None),
        ("table --format markdown", on_played + ["table", "--format", "markdown"], None),
        ("import (json)", ["--match", imported, "import", exported], _remover(imported)),
        ("chart", on_played + ["chart"], None),
        ("rating --left Serg", on_played + ["rating", "--left", "Serg"], None),
        ("compare sea-goat", on_played + ["compare", "sea-goat"], None),
        ("history (one match)", ["history", archive], None),
        ("table (rounds with plays)", ["--match", by_plays, "table"], None),
        ("explain 1 (rounds with plays)", ["--match", by_plays, "explain", "1"], None),
        ("table (Goat rounds with plays)", ["--match", goat_by_plays, "table"], None),
    ]


def publishes(command: list[str]) -> bool:
    """Whether the command gives a published table (``--format html``, ``markdown``...)."""
    return "--format" in command and command[command.index("--format") + 1] in PUBLISHED


def other_cases(folder: str) -> list[tuple[str, list[str], Callable | None]]:
    """The commands that read no match."""
    new = os.path.join(folder, "new.toml")
    return [
        ("new", ["--match", new, "new", "--rules", "goat", *PLAYERS], _remover(new)),
        ("rules list", ["rules", "list"], None),
        ("rules show goat", ["rules", "show", "goat"], None),
        ("rules check (a house ruleset)", ["rules", "check", os.path.join(folder, "goat-marathon.toml")], None),
        ("check hand 0-0", ["check", "hand", "0-0"], None),
        ("check fish", ["check", "fish", "--line", "2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2"], None),
        ("check play (28 plays)", ["check", "play", "--rules", "goat", WHOLE_HAND], None),
        ("demo", ["demo"], None),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per figure (the median is shown)")
    parser.add_argument("--rounds", type=int, nargs="+", default=[20, 500], metavar="N",
                        help="the matches' lengths (default: 20 500; a 10000-round match has no budget)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="time only the commands whose label holds TEXT (repeatable)")
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
        for base in ("goat", "muggins"):
            with open(os.path.join(folder, f"{base}-marathon.toml"), "w") as handle:
                handle.write(MARATHON.format(base=base))
        groups = [(None, other_cases(folder))] + [(rounds, match_cases(rounds, folder, executable))
                                                  for rounds in args.rounds]
        baseline = [sys.executable, "-c", "import click"]
        print(f'Median CPU time of {args.runs} runs, as a ratio to python -c "import click" run beside each;'
              f" now: {executable}" + (f"; before: {args.against}" if args.against else ""))
        print(f"{'command':<32} {'rounds':>6} {'budget':>6} {'now':>6}" + (f" {'before':>6} {'change':>7}"
                                                                           if args.against else "")
              + f" {'click ms':>8}")
        for rounds, cases in groups:
            for label, command, reset in cases:
                if args.only and not any(text in label for text in args.only):
                    continue
                budget = NO_MATCH_BUDGET if rounds is None else PUBLISHING_BUDGETS.get(rounds) \
                    if publishes(command) else BUDGETS.get(rounds)
                for program in programs:
                    if reset:
                        reset()
                    trial = subprocess.run([program, *command], cwd=folder, capture_output=True, text=True)
                    if trial.returncode != 0:  # a refused command is quick, and would flatter the figures
                        sys.exit(f"{label} failed ({program}): {trial.stderr.strip()}")
                now, *before, click = paired_medians([[program, *command] for program in programs], baseline,
                                                     args.runs, folder, reset)
                over = budget is not None and now / click > budget
                print(f"{label:<32} {rounds or '-':>6} {budget or '-':>6} {now / click:6.2f}"
                      + "".join(f" {then / click:6.2f} {(now - then) / then:+7.1%}" for then in before)
                      + f" {click * 1000:8.1f}" + ("  over" if over else ""), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
