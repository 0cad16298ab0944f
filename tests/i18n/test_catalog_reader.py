"""The catalog reader says what gettext's GNUTranslations says, for every message and every count."""

from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.mofile import write_mo

from scorekeeper.i18n import LANGUAGES, catalog_path
from scorekeeper.i18n.catalog import SLAVIC, Catalog, slavic

from pseudo import template


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_message_reads_as_gettext_reads_it(language):
    with open(catalog_path(language), "rb") as handle:
        data = handle.read()
    ours, theirs = Catalog(data), gettext.GNUTranslations(io.BytesIO(data))
    for message in template():
        if not message.id:
            continue
        if message.context:
            assert ours.pgettext(message.context, message.id) == theirs.pgettext(message.context, message.id), \
                (message.context, message.id)
        elif isinstance(message.id, tuple):
            for count in range(0, 130):
                assert ours.ngettext(*message.id, count) == theirs.ngettext(*message.id, count), (message.id, count)
        else:
            assert ours.gettext(message.id) == theirs.gettext(message.id), message.id
    assert ours.gettext("not in the catalog") == "not in the catalog"
    assert ours.ngettext("one {n}", "many {n}", 1) == "one {n}" and ours.ngettext("one", "many", 5) == "many"


def test_the_written_out_rule_is_the_catalogs_rule():
    rule = gettext.c2py(SLAVIC)
    assert all(slavic(n) == rule(n) for n in range(0, 1000))


def test_a_catalog_with_a_rule_of_its_own():
    catalog = BabelCatalog(locale="fr")
    catalog.add(("one {n}", "{n} many"), ("un {n}", "{n} plusieurs"))
    out = io.BytesIO()
    write_mo(out, catalog)
    ours = Catalog(out.getvalue())
    assert [ours.ngettext("one {n}", "{n} many", n) for n in (0, 1, 2)] == ["un {n}", "un {n}", "{n} plusieurs"]


def test_a_message_in_a_context_is_its_own():
    catalog = BabelCatalog(locale="ru")
    catalog.add("fish", "рыба")
    catalog.add("fish", "рыбак", context="heading")
    catalog.add("out", "выход", context="play")
    out = io.BytesIO()
    write_mo(out, catalog)
    ours, theirs = Catalog(out.getvalue()), gettext.GNUTranslations(io.BytesIO(out.getvalue()))
    asked = [("heading", "fish"), ("play", "fish"), ("play", "out"), ("heading", "out"), ("nowhere", "eggs")]
    assert [ours.pgettext(*pair) for pair in asked] == [theirs.pgettext(*pair) for pair in asked] \
        == ["рыбак", "fish", "выход", "out", "eggs"]
    assert ours.gettext("fish") == "рыба" and ours.gettext("out") == "out"


def test_english_and_the_language_in_use_say_a_message_in_its_context(monkeypatch):
    from scorekeeper import i18n

    assert i18n.pgettext("heading", "fish") == "fish"
    catalog = BabelCatalog(locale="ru")
    catalog.add("fish", "рыбак", context="heading")
    out = io.BytesIO()
    write_mo(out, catalog)
    monkeypatch.setattr(i18n, "_speaking", [Catalog(out.getvalue()), "ru"])
    assert (i18n.pgettext("heading", "fish"), i18n.pgettext("play", "fish"), i18n._("fish")) == \
        ("рыбак", "fish", "fish")


def test_not_a_catalog():
    with pytest.raises(ValueError):
        Catalog(b"\0" * 40)
