"""Extract, update and compile scorekeeper's message catalogs (Babel; ``pip install -e '.[dev]'``).

    python scripts/catalogs.py            # extract the template, update ru and uk, compile their .mo files
    python scripts/catalogs.py --check    # only say whether the .po and .mo files are up to date (exit 1 if not)

The template (``scorekeeper/i18n/scorekeeper.pot``) holds every message of the package (inside ``_``,
``N_``, ``ngettext`` and ``pgettext``, the last with its context), the built-in rulesets' descriptions, and
click's own words (its ``Usage:``, ``Error:``, usage errors: scorekeeper's catalogs translate them, click
ships none). Each language's ``scorekeeper/i18n/locale/LANG/LC_MESSAGES/scorekeeper.po`` is updated from it:
a new message arrives untranslated, a changed one fuzzy, and translators fill them in; the ``.mo`` beside it
is what the package reads, compiled here and committed, so that ``pip install .`` needs no Babel. The tests
fail on a message left untranslated or fuzzy, and on a ``.mo`` that differs from its ``.po``.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tomllib
from pathlib import Path

import click
from babel.messages.catalog import Catalog
from babel.messages.extract import extract as extract_file, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
I18N = PACKAGE / "i18n"
TEMPLATE = I18N / "scorekeeper.pot"
LANGUAGES = ("ru", "uk")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
CLICK_MODULES = ("core.py", "decorators.py", "exceptions.py", "formatting.py", "parser.py", "termui.py",
                 "types.py", "utils.py", "_termui_impl.py", "shell_completion.py")
"""click's modules whose words a person can meet (not ``_winconsole``: scorekeeper runs where POSIX does)."""


HEADER = dict(domain="scorekeeper", project="scorekeeper", version="0.1",
              copyright_holder="the scorekeeper authors",
              msgid_bugs_address="the project's issues", last_translator="the scorekeeper authors",
              language_team="the scorekeeper authors",
              header_comment="# scorekeeper's messages: see docs/development.md, \"Languages\".\n#")


def po_path(language: str) -> Path:
    return I18N / "locale" / language / "LC_MESSAGES" / "scorekeeper.po"


def _add(catalog: Catalog, found, folder: str) -> None:
    for filename, lineno, message, comments, context in found:  # noqa: B007
        catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)


def extract() -> Catalog:
    """Every message a person may read, as a fresh template."""
    catalog = Catalog(**HEADER, charset="utf-8", fuzzy=False)
    _add(catalog, extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
                                   comment_tags=("TRANSLATORS:",), strip_comment_tags=True), "scorekeeper")
    click_dir = Path(click.__file__).parent
    for module in CLICK_MODULES:
        with open(click_dir / module, "rb") as handle:
            for lineno, message, comments, context in extract_file("python", handle, keywords=KEYWORDS):
                catalog.add(message, None, [(f"click/{module}", lineno)], context=context)
    for message, where in command_helps():
        catalog.add(message, None, [(where, 1)])
    for path in sorted((ROOT / "rulesets").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for meta in ("title", "description"):  # what the game is called, and what it is
            if data.get(meta):
                catalog.add(data[meta], None, [(f"rulesets/{path.name}", 1)])
    return catalog


def command_helps():
    """Every command's help, cut as ``cli.base.translated_help`` asks for it, and every
    option's: read from the commands themselves, as click shows them (a docstring that a decorator completes,
    an option's help that code composes), so that what the catalog holds is what ``--help`` asks for."""
    from scorekeeper.cli.app import cli
    from scorekeeper.cli.base import help_parts

    def walk(command, path):
        if command.help:
            for is_message, message in help_parts(command.help):
                if is_message:
                    yield message, path
        for param in command.params:
            if getattr(param, "help", None):
                yield param.help, path
        if isinstance(command, click.Group):
            context = click.Context(command)
            for name in command.list_commands(context):
                yield from walk(command.get_command(context, name), f"{path} {name}")

    yield from walk(cli, "scorekeeper")


def updated(template: Catalog, language: str) -> Catalog:
    """The language's catalog, its translations kept, brought up to the template."""
    path = po_path(language)
    if path.exists():
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=language, domain="scorekeeper")
    else:
        catalog = Catalog(locale=language, **HEADER, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()  # a message the code no longer says: git keeps its translation
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # without line numbers: a message moving in its file changes no .po file (fewer conflicts between branches)
    write_po(out, catalog, width=116, omit_header=False, sort_output=False, include_previous=False,
             include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compiled(language: str) -> bytes:
    """What compiling the language's ``.po`` gives."""
    with open(po_path(language), "rb") as handle:
        return mo_bytes(read_po(handle, locale=language, domain="scorekeeper"))


def _without_dates(text: bytes) -> bytes:
    return b"\n".join(line for line in text.split(b"\n") if not line.startswith((b'"POT-Creation-Date',
                                                                                  b'"PO-Revision-Date')))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing: exit 1 when a file is stale")
    args = parser.parse_args(argv)
    template = extract()
    stale = []
    files = {TEMPLATE: po_bytes(template)}
    for language in LANGUAGES:
        path = po_path(language)
        text = po_bytes(updated(template, language))
        if path.exists() and _without_dates(path.read_bytes()) == _without_dates(text):
            text = path.read_bytes()  # only the dates would change: the .mo is compiled from the file as it is
        files[path] = text
        files[path.with_suffix(".mo")] = mo_bytes(read_po(io.BytesIO(text), locale=language, domain="scorekeeper"))
    for path, data in files.items():
        old = path.read_bytes() if path.exists() else b""
        same = _without_dates(old) == _without_dates(data) if path.suffix != ".mo" else old == data
        if same:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in stale:
        print(f"{'stale' if args.check else 'written'}: {path.relative_to(ROOT)}")
    for language in LANGUAGES:
        catalog = updated(template, language)
        missing = sum(1 for message in catalog if message.id and (not message.string or message.fuzzy
                      or (isinstance(message.string, tuple) and not all(message.string))))
        if missing:
            print(f"{language}: {missing} message(s) to translate in {po_path(language).relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
