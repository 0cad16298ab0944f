"""The catalogs: every message translated into Russian and Ukrainian, none fuzzy or empty, with the English
one's fields and every plural form; the compiled catalogs the package reads say what their .po files say.
Catalogs are compared by their messages, never by their bytes, so that any Babel release the project allows
gives the same answer."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

import catalogs
from pseudo import template
from scorekeeper.i18n import catalog_path

LANGUAGES = catalogs.LANGUAGES
FIELD = re.compile(r"\{[^{}]*\}|%\([a-z]+\)s")
PLURALS = {"ru": 3, "uk": 3}


def _po(language):
    with open(catalogs.po_path(language), "rb") as handle:
        return read_po(handle, locale=language, domain="scorekeeper")


def _fields(text: str) -> set[str]:
    return {field.split(":")[0].split("!")[0] for field in FIELD.findall(text)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    catalog = _po(language)
    missing = [message.id for message in template()
               if message.id and catalog.get(message.id, context=message.context) is None]
    assert not missing, f"run scripts/catalogs.py and translate: {missing[:5]}"
    assert catalog.num_plurals == PLURALS[language]
    for message in catalog:
        if not message.id:
            continue
        assert "fuzzy" not in message.flags, message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{language}: untranslated: {message.id!r}"
        if isinstance(message.id, tuple):
            assert len(forms) == PLURALS[language], message.id
            allowed = _fields(message.id[0]) | _fields(message.id[1])
            assert _fields(forms[-1]) <= allowed and _fields(forms[-1]) >= _fields(message.id[1]) - {"{len}"}
        else:
            allowed = _fields(message.id)
            assert _fields(forms[0]) == allowed, f"{language}: fields of {message.id!r}"
        for form in forms:
            assert _fields(form) <= allowed, f"{language}: {form!r} has a field {message.id!r} lacks"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogs_are_the_po_files(language):
    path = catalog_path(language)
    assert path is not None and path.startswith(str(catalogs.I18N))
    with open(path, "rb") as handle:
        shipped = catalogs.mo_messages(handle.read())  # the messages: the header names the compiler's release
    assert shipped == catalogs.compiled(language), "run scripts/catalogs.py to compile the catalogs"
    with open(path, "rb") as handle:
        translations = gettext.GNUTranslations(handle)
    for message in _po(language):
        if message.id and message.context:
            assert translations.pgettext(message.context, message.id) == message.string
        elif message.id and not isinstance(message.id, tuple):
            assert translations.gettext(message.id) == message.string


def test_the_script_finds_nothing_stale():
    # in a process of its own: click builds some help once, in the language of the test that first asks
    result = subprocess.run([sys.executable, catalogs.__file__, "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_help_in_another_language_leaves_the_options_in_english(language):
    """The commands are read for the catalogs in the process the tests run in: a --help said in Russian or
    Ukrainian before must leave every option's help as the code wrote it (--version's was once left in the
    last language spoken, and a later template held it as a message to translate)."""
    from click.testing import CliRunner

    from scorekeeper.cli.app import cli

    english = CliRunner().invoke(cli, ["--lang", "en", "--help"])
    assert english.exit_code == 0
    as_written = list(catalogs.command_helps())
    said = CliRunner().invoke(cli, ["--lang", language, "--help"])
    assert said.exit_code == 0
    version = next(line for line in said.stdout.splitlines() if line.strip().startswith("--version"))
    assert "Show the version" not in version  # said in the language asked for
    assert list(catalogs.command_helps()) == as_written
    assert ("Show the version and exit.", "scorekeeper") in as_written
