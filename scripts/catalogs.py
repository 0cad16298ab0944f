"""Extract, update and compile scorekeeper's message catalogs (Babel; ``pip install -e '.[dev]'``).

    python scripts/catalogs.py            # extract the template, update ru and uk, compile their .mo files
    python scripts/catalogs.py --check    # only say whether the .po and .mo files are up to date (exit 1 if not)
    python scripts/catalogs.py --click    # record the installed click's words in click.pot, then as above

The template (``scorekeeper/i18n/scorekeeper.pot``) holds every message of the package (inside ``_``,
``N_``, ``ngettext`` and ``pgettext``, the last with its context), the built-in rulesets' descriptions, and
click's own words (its ``Usage:``, ``Error:``, usage errors: scorekeeper's catalogs translate them, click
ships none). click's words differ from one release to the next, and a fresh install may get any release
pyproject.toml allows: ``scorekeeper/i18n/click.pot`` keeps the words of every release recorded there (each
message names the releases that say it), and the template takes them all, with the installed click's. Record
a release with ``--click`` run under it (``PYTHONPATH=<an unpacked click wheel>`` will do); a message that no
recorded release says any more is dropped from click.pot (delete a release's name from its messages to stop
covering it). Each language's ``scorekeeper/i18n/locale/LANG/LC_MESSAGES/scorekeeper.po`` is updated from the
template: a new message arrives untranslated, a changed one fuzzy, and translators fill them in; the ``.mo``
beside it is what the package reads, compiled here and committed, so that ``pip install .`` needs no Babel.
The tests fail on a message left untranslated or fuzzy, and on a ``.mo`` that differs from its ``.po``.

Files are compared by the messages they hold, never by their bytes: another release of Babel writes another
header (``Generated-By``) and may lay the same messages out otherwise, and that is no change.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import struct
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
CLICK_WORDS = I18N / "click.pot"
LANGUAGES = ("ru", "uk")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
CLICK_MODULES = ("core.py", "decorators.py", "exceptions.py", "formatting.py", "parser.py", "termui.py",
                 "types.py", "utils.py", "_termui_impl.py", "shell_completion.py")
"""click's modules whose words a person can meet (not ``_winconsole``: scorekeeper runs where POSIX does)."""
CLICK_VARIABLES = {"required": "core.py"}
"""Words click passes to gettext through a variable (``_(extra["required"])``, the ``[required]`` of an option's
help), which no extractor finds: each with the module that must still hold it as a string to be recorded."""
RELEASES = "click "
"""How a message of click.pot names the releases that say it (its comment: ``click 8.2.0 8.5.1``)."""


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
    for message in click_words(recorded()):
        if message.id:  # not click.pot's header
            catalog.add(message.id, None, message.locations, context=message.context)
    for message, where in command_helps():
        catalog.add(message, None, [(where, 1)])
    for path in sorted((ROOT / "rulesets").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for meta in ("title", "description"):  # what the game is called, and what it is
            if data.get(meta):
                catalog.add(data[meta], None, [(f"rulesets/{path.name}", 1)])
    return catalog


def installed_click() -> str:
    """The release of the click this Python imports."""
    return importlib.metadata.version("click")


def click_messages() -> dict:
    """Every word of the installed click that a person can meet, ``(message, context)``, with the modules that
    say it: what its modules mark for gettext, and what it passes through a variable (``CLICK_VARIABLES``) and
    still holds."""
    found: dict = {}
    click_dir = Path(click.__file__).parent
    for module in CLICK_MODULES:
        source = (click_dir / module).read_bytes()
        for _line, message, _comments, context in extract_file("python", io.BytesIO(source), keywords=KEYWORDS):
            found.setdefault((message, context), []).append(module)
        for message, holder in CLICK_VARIABLES.items():
            if holder == module and f'"{message}"'.encode() in source:
                found.setdefault((message, None), []).append(module)
    return found


def read_catalog(path: Path) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, domain="scorekeeper")


def recorded() -> Catalog:
    """click.pot: click's words of every release recorded, each with the releases that say it."""
    return read_catalog(CLICK_WORDS) if CLICK_WORDS.exists() else Catalog(**HEADER, charset="utf-8", fuzzy=False)


def releases(message) -> list[str]:
    """The releases of click that say a message of click.pot."""
    return [name for comment in message.auto_comments if comment.startswith(RELEASES)
            for name in comment[len(RELEASES):].split()]


def _said(message, context, found: dict) -> bool:
    """Whether ``found`` holds ``message``, as a catalog finds it: by its singular (gettext keeps one entry
    for ``Did you mean {possibility}?``, whatever plural a release gives it)."""
    singular = message[0] if isinstance(message, tuple) else message
    return any((key[0] if isinstance(key, tuple) else key) == singular and said_in == context
               for key, said_in in found)


def click_words(words: Catalog, record: bool = False) -> Catalog:
    """click.pot's ``words`` and the installed click's, together; with ``record``, the installed release's name
    is moved onto exactly the messages it says, and a message no recorded release says any more is dropped."""
    release, found = installed_click(), click_messages()
    result = Catalog(**HEADER, charset="utf-8", fuzzy=False)
    for message in words:
        if not message.id:
            continue
        said_by = releases(message)
        if record:
            said_by = [name for name in said_by if name != release]
            said_by += [release] if _said(message.id, message.context, found) else []
            if not said_by:
                continue
        result.add(message.id, None, message.locations, auto_comments=[RELEASES + " ".join(said_by)],
                   context=message.context)
    for (message, context), modules in found.items():
        if result.get(message, context=context) is None:
            result.add(message, None, [(f"click/{module}", None) for module in dict.fromkeys(modules)],
                       auto_comments=[RELEASES + release], context=context)
    return result


def command_helps():
    """Every command's help, cut as ``cli.helptext.translated_help`` asks for it, and every
    option's: read from the commands themselves, as click shows them (a docstring that a decorator completes,
    an option's help that code composes), so that what the catalog holds is what ``--help`` asks for."""
    from scorekeeper.cli.app import cli
    from scorekeeper.cli.helptext import help_parts

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


def compiled(language: str) -> dict[bytes, bytes]:
    """The messages that compiling the language's ``.po`` gives (``mo_messages``)."""
    with open(po_path(language), "rb") as handle:
        return mo_messages(mo_bytes(read_po(handle, locale=language, domain="scorekeeper")))


BABELS_FLAGS = frozenset({"python-format", "python-brace-format"})
"""Flags that Babel gives a message by reading its fields (2.12 gives no ``python-brace-format``)."""


def messages(catalog: Catalog) -> dict:
    """What a catalog says, its header left out: each message, by the English that gettext looks it up by (the
    singular and the context), with its translation, flags (fuzzy) and comments, and its English plural. Not
    the header, which names Babel's release and the dates, nor the flags Babel finds by itself, which change
    with its release as well, nor the files a message comes from, nor the plural of click's words: those
    change with click's release (8.2's "Did you mean {possibility}?" has another plural than 8.4's, and the
    catalog holds the translation of one)."""
    said = {}
    for message in catalog:
        if not message.id:
            continue
        singular = message.id[0] if isinstance(message.id, tuple) else message.id
        clicks = bool(message.locations) and all(path.startswith("click/") for path, _ in message.locations)
        said[singular, message.context] = (None if clicks else message.id, message.string or "",
                                           frozenset(message.flags) - BABELS_FLAGS, tuple(message.auto_comments),
                                           tuple(message.user_comments))
    return said


def mo_messages(data: bytes) -> dict[bytes, bytes]:
    """What a compiled catalog says, its header (the empty message, which names its compiler) left out: each
    message by what gettext looks it up by (its context and singular, in bytes) with its translation(s)."""
    if len(data) < 20:
        return {}
    (magic,) = struct.unpack("<I", data[:4])
    order = "<" if magic == 0x950412DE else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])

    def strings(offset: int) -> list[bytes]:
        table = struct.unpack(f"{order}{2 * count}I", data[offset:offset + 8 * count])
        return [data[start:start + length] for length, start in zip(table[::2], table[1::2])]

    return {key.partition(b"\0")[0]: value for key, value in zip(strings(originals), strings(translations)) if key}


def _read_po(data: bytes, language: str | None = None) -> Catalog:
    return read_po(io.BytesIO(data), locale=language, domain="scorekeeper")


def _write_if_changed(path: Path, data: bytes, stale: list[Path], check: bool = False) -> None:
    """``path`` (a .pot) gets ``data`` (unless ``check``) and is counted ``stale``, when the messages differ."""
    if path.exists() and messages(_read_po(path.read_bytes())) == messages(_read_po(data)):
        return
    stale.append(path)
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing: exit 1 when a file is stale")
    parser.add_argument("--click", action="store_true",
                        help="record the installed click's words in scorekeeper/i18n/click.pot first")
    args = parser.parse_args(argv)
    stale = []
    words = click_words(recorded(), record=True)
    if args.click and not args.check:
        _write_if_changed(CLICK_WORDS, po_bytes(words), stale)
    elif any(recorded().get(message.id, context=message.context) is None for message in words if message.id):
        print(f"click {installed_click()} says words that {CLICK_WORDS.relative_to(ROOT)} lacks: run "
              f"scripts/catalogs.py --click")
        stale.append(CLICK_WORDS)
    template = extract()
    files = {TEMPLATE: (po_bytes(template), messages(template))}
    for language in LANGUAGES:
        catalog = updated(template, language)
        files[po_path(language)] = (po_bytes(catalog), messages(catalog))
        compiled_bytes = mo_bytes(catalog)
        files[po_path(language).with_suffix(".mo")] = (compiled_bytes, mo_messages(compiled_bytes))
    for path, (data, said) in files.items():
        old = path.read_bytes() if path.exists() else None
        if old is not None and said == (mo_messages(old) if path.suffix == ".mo" else messages(_read_po(old))):
            continue  # the same messages: the file stays as it is, whatever Babel would write today
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
