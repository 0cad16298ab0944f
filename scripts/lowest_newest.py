"""Run the test suite against the lowest and the newest release that pyproject.toml allows of the packages whose
releases change what the tests see: click (its words, its help), Babel (the catalogs), tabulate (the published
tables) and tomli-w (the match file).

    python scripts/lowest_newest.py                  # both environments, made afresh, then the suite in each
    python scripts/lowest_newest.py --only lowest    # one of them
    python scripts/lowest_newest.py -- -m "not slow" # pytest's own options after --

Each environment is a new virtual environment in FOLDER (``--folder``, default a folder under the system's
temporary one) holding this checkout (``pip install -e '.[test]'``): "newest" as pip installs it today, "lowest"
with each package above pinned to the lower bound of its range. pip fetches what it needs from the package
index, as a new contributor's pip would. Nothing here is run by CI; it prints what each environment holds and
pytest's summary, and exits 1 when the suite failed in either.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("click", "babel", "tabulate", "tomli-w")


def ranges() -> dict[str, str]:
    """Each package of PACKAGES and its range, as pyproject.toml says it (runtime and test dependencies)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = {}
    for requirement in project["dependencies"] + project["optional-dependencies"]["test"]:
        name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", requirement).groups()
        if name.lower() in PACKAGES:
            found[name.lower()] = spec
    missing = set(PACKAGES) - set(found)
    if missing:
        raise SystemExit(f"pyproject.toml names no range for {', '.join(sorted(missing))}")
    return found


def lowest(spec: str) -> str:
    """The lower bound of a range such as ``>=8.2,<9``: ``8.2`` (pip's ``==8.2`` is release 8.2.0)."""
    bound = re.search(r">=\s*([0-9][0-9.]*)", spec)
    if bound is None:
        raise SystemExit(f"the range {spec!r} has no lower bound (>=)")
    return bound.group(1)


def build(folder: Path, pins: list[str]) -> Path:
    """A new virtual environment in ``folder`` with the checkout and its test extra; its Python."""
    venv.EnvBuilder(clear=True, with_pip=True).create(folder)
    python = folder / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run(pip + ["-e", f"{ROOT}[test]", *pins], check=True)
    return python


def versions(python: Path) -> str:
    code = ("import importlib.metadata as m; print(', '.join(f'{n} {m.version(n)}' for n in "
            f"{PACKAGES!r}))")
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def run_suite(python: Path, pytest_args: list[str]) -> tuple[int, list[str]]:
    """pytest's exit code, and its lines that name a failure or sum the run up."""
    done = subprocess.run([str(python), "-m", "pytest", "-p", "no:cacheprovider", "-rfE", *pytest_args], cwd=ROOT,
                          capture_output=True, text=True)
    said = [line for line in done.stdout.splitlines()
            if line.startswith(("FAILED", "ERROR")) or re.search(r"\d+ (passed|failed|error)", line)]
    return done.returncode, said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "scorekeeper-lowest-newest",
                        help="where the two environments are made (each made afresh)")
    parser.add_argument("--only", choices=("lowest", "newest"), help="make and test one environment")
    parser.add_argument("pytest_args", nargs="*", help="pytest's options, after --")
    args = parser.parse_args(argv)
    spec = ranges()
    pins = {"lowest": [f"{name}=={lowest(spec[name])}" for name in PACKAGES], "newest": []}
    failed = False
    for which in ("lowest", "newest"):
        if args.only not in (None, which):
            continue
        print(f"== {which}: {', '.join(pins[which]) or 'what pip installs today'}", flush=True)
        python = build(args.folder / which, pins[which])
        print(f"   {versions(python)}", flush=True)
        code, said = run_suite(python, args.pytest_args)
        for line in said:
            print(f"   {line}", flush=True)
        failed = failed or code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
