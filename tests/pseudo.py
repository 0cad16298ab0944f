"""A pseudo-language for finding messages that escape the catalogs: ``xx`` says every message of the template
wrapped in ⟦ ⟧, so that any English words a person reads outside ⟦ ⟧ were never translated.

    folder = build(tmp_path)                      # xx/LC_MESSAGES/scorekeeper.mo, built from the code now
    env = {"SCOREKEEPER_LOCALEDIR": folder, "SCOREKEEPER_LANG": "xx"}
    assert not unmarked(output)                   # [] when every word came through the catalog
"""

from __future__ import annotations

import functools
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import catalogs  # noqa: E402

from scorekeeper.cli.app import COMMANDS  # noqa: E402

LANGUAGE = "xx"
_FIELD = re.compile(r"(\{[^{}]*\}|%\([a-z]+\)s)")


def mark(text: str) -> str:
    """``text`` in ⟦ ⟧, its fields left outside so that what fills them (names, numbers) shows as it is."""
    parts = [part for part in _FIELD.split(text) if part]
    return "".join(part if _FIELD.fullmatch(part) else f"⟦{part}⟧" for part in parts)


@functools.cache
def template():
    """Every message a person may read, as the code holds them now (``scripts/catalogs.py``'s template): extracted
    once a process, when a test first asks (it reads the whole package); no test changes it."""
    return catalogs.extract()


def build(folder: Path) -> str:
    """Compile the pseudo-language's catalog from the messages the code holds now; its folder, for
    ``SCOREKEEPER_LOCALEDIR``."""
    catalog = Catalog(locale="en", domain="scorekeeper")
    for message in template():
        if not message.id:
            continue
        string = tuple(mark(form) for form in message.id) if isinstance(message.id, tuple) else mark(message.id)
        catalog.add(message.id, string, context=message.context)
    target = folder / LANGUAGE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_mo(out, catalog)
    (target / "scorekeeper.mo").write_bytes(out.getvalue())
    return str(folder)


_MARKED = re.compile(r"⟦[^⟧]*⟧", re.S)
_ALLOWED = re.compile(r"""
      scorekeeper(?:\s+--match\s+\S+)?\s+(?:""" + "|".join(COMMANDS) + r""")\b  # a command as typed (maybe wrapped)
    | [A-Za-z0-9_.\-/~]*[/\\.][A-Za-z0-9_.\-/~]*   # a path or file name (match.toml, /tmp/x)
    | --?[a-z][a-z0-9-]*                         # an option as typed
    | [a-z]+(?:[._][a-z]+)+                      # a ruleset key (fish.policy)
""", re.X)


def unmarked(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``text`` outside ⟦ ⟧: words of three letters or more, not a path, an option, a
    ruleset key, ``scorekeeper`` itself and a command of it as typed, or one of ``allowed`` (the names a test typed)."""
    rest = _ALLOWED.sub(" ", _MARKED.sub(" ", text))
    words = re.findall(r"[A-Za-z]{3,}", rest)
    keep = {"scorekeeper", *allowed}
    return [word for word in words if word not in keep]
