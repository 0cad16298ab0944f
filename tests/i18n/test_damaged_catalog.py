"""A damaged compiled catalog (issue 34, item 4): one line on stderr, and the command goes on in English, never
a traceback; the catalog reader refuses what it cannot read when it opens it, and says a translation whose
bytes alone are damaged in English."""

from __future__ import annotations

import gettext
import io
import struct
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import command_environment, installed_command
from scorekeeper import i18n
from scorekeeper.i18n.catalog import SLAVIC, Catalog, Damaged

with open(i18n.catalog_path("ru"), "rb") as _handle:
    GOOD = _handle.read()
COUNT = struct.unpack("<I", GOOD[8:12])[0]
ORIGINALS, TRANSLATIONS = struct.unpack("<2I", GOOD[12:20])


def _with(data: bytes, at: int, piece: bytes) -> bytes:
    return data[:at] + piece + data[at + len(piece):]


def _plural(rule: str) -> bytes:
    """The Russian catalog with another plural rule, as long as its own (nothing else moves)."""
    assert len(rule) <= len(SLAVIC)
    return GOOD.replace(SLAVIC.encode(), rule.ljust(len(SLAVIC)).encode(), 1)


DAMAGED = {
    "empty": (b"", "it is empty"),
    "the magic number only": (GOOD[:4], "it is cut short (4 bytes)"),
    "cut in its head": (GOOD[:27], "it is cut short (27 bytes)"),
    "cut in its tables": (GOOD[:ORIGINALS + 8 * 100], f"it holds less than the {COUNT} messages it counts"),
    "cut in its messages": (GOOD[:len(GOOD) // 2], "a message lies past its end: it is cut short"),
    "cut by one byte": (GOOD[:-1], "a message lies past its end: it is cut short"),
    "a huge message count": (_with(GOOD, 8, struct.pack("<I", 0x7FFFFFFF)),
                             "it holds less than the 2147483647 messages it counts"),
    "flipped bytes in a table's place": (_with(GOOD, 19, bytes([GOOD[19] ^ 0xFF])), "it holds less than"),
    "flipped bytes in a message's place": (_with(GOOD, TRANSLATIONS + 7, b"\xff"),
                                           "a message lies past its end"),
    "not a catalog": (b"\0" * 64, "it is not a compiled catalog (no .mo magic number)"),
    "an unknown revision": (_with(GOOD, 4, struct.pack("<I", 7 << 16)), "its format revision 7 is unknown"),
    "a Plural-Forms that does not parse": (_plural("(n%10==1 &&"), "its Plural-Forms cannot be used: (n%10==1 &&"),
    "a Plural-Forms dividing by zero": (_plural("n/0"), "its Plural-Forms cannot be used: n/0"),
    "a Plural-Forms with no form for some counts": (_plural("n-5"), "its Plural-Forms cannot be used: n-5"),
}


@pytest.mark.parametrize("name", DAMAGED)
def test_the_reader_refuses_a_damaged_catalog_saying_why(name):
    data, reason = DAMAGED[name]
    with pytest.raises(Damaged) as refused:
        Catalog(data)
    assert str(refused.value).startswith(reason)


def _damaged_locale(tmp_path, data: bytes) -> str:
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "scorekeeper.mo").write_bytes(data)
    return str(folder / "scorekeeper.mo")


@pytest.fixture
def story(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    return sk


@pytest.mark.parametrize("name", DAMAGED)
def test_a_command_in_a_language_whose_catalog_is_damaged_goes_on_in_english(story, tmp_path, monkeypatch, name):
    """Through SCOREKEEPER_LOCALEDIR (a translator's trial): one warning line, then the command in English."""
    data, reason = DAMAGED[name]
    english = story("table").stdout
    path = _damaged_locale(tmp_path, data)
    monkeypatch.setenv("SCOREKEEPER_LOCALEDIR", str(tmp_path / "locale"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "ru")
    result = story("table")
    assert result.stdout == english
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Warning: the catalog {path} cannot be read ({reason}")
    assert lines[0].endswith("): going on in English.")
    assert i18n.language() == "en"


def test_the_installed_command_says_it_once_and_errors_stay_one_line(story, tmp_path):
    """The entry point decides the language before click is loaded, and click's group again: one warning."""
    path = _damaged_locale(tmp_path, GOOD[:1000])
    env = {**command_environment(), "SCOREKEEPER_LOCALEDIR": str(tmp_path / "locale"), "SCOREKEEPER_LANG": "ru"}
    warning = (f"Warning: the catalog {path} cannot be read (it holds less than the {COUNT} messages it counts: "
               "it is cut short, or the count is wrong): going on in English.")
    done = subprocess.run(installed_command() + ["--match", str(story.path), "table"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr.splitlines()) == (0, [warning])
    assert "total" in done.stdout
    refused = subprocess.run(installed_command() + ["--match", str(story.path), "explain", "9"], env=env,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    lines = refused.stderr.splitlines()
    assert lines[0] == warning and len(lines) == 2 and lines[1].startswith("Error: ")


def test_a_translation_whose_bytes_alone_are_damaged_is_said_in_english():
    theirs = gettext.GNUTranslations(io.BytesIO(GOOD))
    message = "Cancelled: nothing was changed."
    translated = theirs.gettext(message).encode("utf-8")
    at = GOOD.index(translated)
    data = _with(GOOD, at + 1, b"\xff")  # not UTF-8 any more
    ours = Catalog(data)
    assert ours.gettext(message) == message
    assert ours.gettext("the match is over") == theirs.gettext("the match is over")


def test_a_translation_said_twice_is_said_alike():
    ours, theirs = Catalog(GOOD), gettext.GNUTranslations(io.BytesIO(GOOD))
    for _ in range(3):
        assert ours.gettext("Cancelled: nothing was changed.") == theirs.gettext("Cancelled: nothing was changed.")
        assert [ours.ngettext("{n} round", "{n} rounds", n) for n in (1, 2, 5)] == \
            [theirs.ngettext("{n} round", "{n} rounds", n) for n in (1, 2, 5)]


_MESSAGES = [key for key in gettext.GNUTranslations(io.BytesIO(GOOD))._catalog if key]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_is_refused_at_once_or_read_without_a_fault(data):
    """Cut anywhere, bytes flipped anywhere, a number of its head overwritten: the reader refuses it when it
    opens it, or every message is then looked up without a fault."""
    damaged = bytearray(GOOD)
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["cut", "flip", "number"]))
        if kind == "cut":
            del damaged[data.draw(st.integers(0, len(damaged))):]
        elif kind == "flip" and damaged:
            at = data.draw(st.integers(0, len(damaged) - 1))
            damaged[at] ^= data.draw(st.integers(1, 255))
        elif len(damaged) >= 28:
            at = data.draw(st.sampled_from([4, 8, 12, 16, 20, 24]))
            damaged[at:at + 4] = struct.pack("<I", data.draw(st.integers(0, 2**32 - 1)))
    try:
        catalog = Catalog(bytes(damaged))
    except Damaged:
        return
    for key in data.draw(st.lists(st.sampled_from(_MESSAGES), max_size=40)):
        if isinstance(key, tuple):
            assert isinstance(catalog.ngettext(key[0], key[0] + "s", data.draw(st.integers(0, 10**6))), str)
        else:
            assert isinstance(catalog.gettext(key), str)
            context, _eot, message = key.rpartition("\x04")
            assert isinstance(catalog.pgettext(context, message) if context else catalog.gettext(message), str)


def test_the_packages_catalogs_are_whole():
    for code in ("ru", "uk"):
        with open(i18n.catalog_path(code), "rb") as handle:
            Catalog(handle.read())
