"""scorekeeper: a scorekeeper and table referee for physical games of dominoes.

The library core (everything outside ``scorekeeper.cli``) has no click in it:

    from scorekeeper import load_match
    from scorekeeper import load_ruleset
    from scorekeeper import replay
    match = load_match("match.toml")
    table = replay(load_ruleset(match.ruleset), match)
"""

import importlib

__version__ = "0.1.0"

_API = {
    "ScorekeeperError": "scorekeeper.errors",
    "load_ruleset": "scorekeeper.rules.loader",
    "replay": "scorekeeper.scoring.engine",
    "load_match": "scorekeeper.storage.matchfile",
    "save_match": "scorekeeper.storage.matchfile",
    "open_match": "scorekeeper.match.opened",
}

__all__ = sorted(_API) + ["__version__"]


def __getattr__(name: str):
    # Loaded on first use so that every command starts fast.
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
