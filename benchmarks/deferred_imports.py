"""What each import inside a function keeps out of start-up: for every such import in a folder of the package
(``scorekeeper/cli`` unless told), the modules it would add to a process that has loaded the command line and
the module that holds it (what every command of that module loads), and their import time.

    python benchmarks/deferred_imports.py                  # every import inside a function in scorekeeper/cli
    python benchmarks/deferred_imports.py --runs 9 scorekeeper/live

An import that adds nothing saves nothing: it belongs at the top of its module. The time is the sum of the
added modules' own import times (``python -X importtime``), the least of ``--runs`` runs; a command of the
command line takes some tens of milliseconds, so a few hundred microseconds is about 1% of one.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND_LINE = ("scorekeeper.cli.launch", "scorekeeper.cli.app")
"""What every command loads before its own module."""


def deferred(folder: Path):
    """``(module, line, imported)`` for every import inside a function under ``folder``."""
    seen = set()
    for found in _deferred(folder):
        if found not in seen:
            seen.add(found)
            yield found


def _deferred(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    yield from ((name, node.lineno, alias.name) for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and not node.level:  # a module, or the module of a name
                    for alias in node.names:
                        whole = f"{node.module}.{alias.name}"
                        package = importlib.util.find_spec(node.module).submodule_search_locations
                        yield name, node.lineno, whole if package and importlib.util.find_spec(whole) else node.module


def _loaded(imports: list[str]) -> set[str]:
    code = "; ".join(f"import {module}" for module in imports) + "; import sys; print(' '.join(sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(done.stdout.split())


def _self_times(imports: list[str]) -> dict[str, int]:
    code = "; ".join(f"import {module}" for module in imports)
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})
    times = {}
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "self" not in line:
            own, _cumulative, module = line[len("import time:"):].split("|")
            times[module.strip()] = int(own)
    return times


def measure(module: str, imported: str, runs: int) -> tuple[list[str], int]:
    """The modules ``imported`` adds once the command line and ``module`` are loaded, and their import time
    (µs, the least of ``runs``)."""
    base = [*COMMAND_LINE, module]
    added = sorted(_loaded(base + [imported]) - _loaded(base))
    if not added:
        return [], 0
    best = {}
    for _ in range(runs):
        for name, own in _self_times(base + [imported]).items():
            if name in added:
                best[name] = min(own, best.get(name, own))
    return added, sum(best.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="scorekeeper/cli", help="a folder of the package")
    parser.add_argument("--runs", type=int, default=5, help="runs per import (the least time is shown)")
    args = parser.parse_args()
    print(f"{'where':<42} {'import':<36} {'µs':>6}  modules kept out")
    for module, line, imported in deferred(ROOT / args.folder):
        added, micros = measure(module, imported, args.runs)
        where = f"{module.removeprefix('scorekeeper.')}:{line}"
        kept = ", ".join(added[:4]) + (f" and {len(added) - 4} more" if len(added) > 4 else "")
        kept = kept or "nothing"
        print(f"{where:<42} {imported:<36} {micros:>6}  {kept}")


if __name__ == "__main__":
    main()
