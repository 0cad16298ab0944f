"""Sample match logs shipped with the package (``scorekeeper demo``)."""

from __future__ import annotations

import os

FOLDER = os.path.dirname(os.path.abspath(__file__))


def sample_names() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(FOLDER) if name.endswith(".toml"))


def sample_path(name: str) -> str:
    return os.path.join(FOLDER, f"{name}.toml")
