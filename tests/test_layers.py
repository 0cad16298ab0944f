"""The package's layers run one way, no import goes round in a circle, and no two classes share a name.

Every import in every module is read, those inside functions and under ``TYPE_CHECKING`` included: a module may
import from its own package or from a package below it in ``LAYERS``, never from one above. Within a package, the
modules' imports form no cycle either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent

LAYERS = (
    "__main__",   # python -m scorekeeper
    "cli",        # the command line: parses, calls, renders, maps errors
    "web",        # the scoreboard page served over HTTP (scorekeeper serve)
    "live",       # the live session (scorekeeper play)
    "reports",    # what is shown: tables, explanations, charts, exports
    "referee",    # rulings on a dispute: counts, fish, deals, re-scoring
    "match",      # changing a match: record, amend, claims, the undo log, opening a file, the use cases
    "scoring",    # the pure replay of facts through a ruleset
    "rules",      # rulesets: schema, loading, the rule book
    "storage",    # match files on disk: reading, atomic writes, locks
    "notation",   # text people type and read: round lines, names, numbers
    "domain",     # tiles and the facts of a match
    "errors",     # the exception hierarchy
    "i18n",       # the language people read: gettext's domain, the catalogs, the language in use
)
"""From the top down. ``scorekeeper/__init__.py`` (the library's lazy front door) stands outside the layers."""


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every import of a scorekeeper module in ``path``, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:  # ``from scorekeeper.match import usecases`` imports a module
                found.append((node.lineno, f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base))
    return [(line, module) for line, module in found if module.split(".")[0] == "scorekeeper"]


def test_every_module_sits_in_a_layer():
    outside = {_layer(name) for name in MODULES} - set(LAYERS) - {"__init__", "samples"}
    assert not outside, f"packages not in LAYERS: {sorted(outside)}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_run_down_the_layers(name):
    here = _layer(name)
    if here not in LAYERS:
        return
    upward = [f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: imports {module}"
              for line, module in _imports(name, MODULES[name])
              if _layer(module) in LAYERS and LAYERS.index(_layer(module)) < LAYERS.index(here)]
    assert not upward, "\n".join(upward)


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each import cycle of ``graph`` (module -> the modules it imports) found by a depth-first walk."""
    cycles: list[str] = []
    state: dict[str, str] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = "open"
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                cycles.append(" -> ".join(stack[stack.index(target):] + [node, target]))
            elif target not in state:
                visit(target, stack + [node])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    return cycles


def test_no_import_cycle():
    """The whole package, every layer: an import inside a function counts like one at the top."""
    graph = {name: {module for _, module in _imports(name, path) if module in MODULES and module != name}
             for name, path in MODULES.items()}
    for name in graph:  # a package's __init__ is imported with each of its modules: not an edge of its own
        graph[name] = {target for target in graph[name] if not name.startswith(target + ".")}
    cycles = _cycles(graph)
    assert not cycles, "\n".join(cycles)


def test_the_test_finds_an_import_cycle(tmp_path):
    """The walk above can fail: a scoring stage importing, inside a function, the module that imports it."""
    oops = tmp_path / "oops.py"
    oops.write_text("def f():\n    from scorekeeper.scoring.engine import replay\n")
    graph = {"scorekeeper.scoring.engine": {"scorekeeper.scoring.oops"},
             "scorekeeper.scoring.oops": {module for _, module in _imports("scorekeeper.scoring.oops", oops)}}
    assert _cycles(graph) == ["scorekeeper.scoring.engine -> scorekeeper.scoring.oops -> scorekeeper.scoring.engine"]


def test_the_test_finds_an_upward_import(tmp_path, monkeypatch):
    """The checks above can fail: a module of the core that imports the CLI is caught."""
    bad = tmp_path / "scorekeeper" / "scoring"
    bad.mkdir(parents=True)
    (bad / "oops.py").write_text("def f():\n    from scorekeeper.cli.app import cli\n")
    found = _imports("scorekeeper.scoring.oops", bad / "oops.py")
    assert found == [(2, "scorekeeper.cli.app")]
    assert LAYERS.index(_layer(found[0][1])) < LAYERS.index("scoring")


def test_every_import_inside_a_function_says_why():
    """An import inside a function is there to keep start-up quick (a module only one path needs), never to
    dodge a cycle: each says its reason in a comment on its line."""
    silent = []
    for name, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and "#" not in lines[node.end_lineno - 1]:
                    silent.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not silent, "imports inside functions without their reason:\n" + "\n".join(sorted(set(silent)))


def _classes(path: Path) -> list[tuple[str, int]]:
    """``(name, line)`` of every class a module defines, nested ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.name, node.lineno) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


def _shared_names(modules: dict[str, Path]) -> dict[str, list[str]]:
    """Each class name defined more than once, with where: a name should say which thing it is."""
    where: dict[str, list[str]] = {}
    for name, path in modules.items():
        for found, line in _classes(path):
            where.setdefault(found, []).append(f"{name}:{line}")
    return {found: places for found, places in where.items() if len(places) > 1}


def test_no_two_classes_share_a_name():
    shared = _shared_names(MODULES)
    assert not shared, "\n".join(f"{name}: {', '.join(places)}" for name, places in sorted(shared.items()))


def test_the_test_finds_a_shared_class_name(tmp_path):
    """The check above can fail: a second ``Play`` (domain.plays has one) is caught, nested or not."""
    (tmp_path / "fish.py").write_text("class Holder:\n    class Play:\n        pass\n")
    shared = _shared_names({**MODULES, "scorekeeper.referee.fish": tmp_path / "fish.py"})
    assert set(shared) == {"Play"} and "scorekeeper.referee.fish:2" in shared["Play"]
