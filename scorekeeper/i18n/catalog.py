"""A compiled catalog (``.mo``), read the way gettext's ``GNUTranslations`` reads it, for less.

``GNUTranslations`` decodes every message when it opens a catalog, and compiles the plural rule with a small
C-to-Python translator; that grows with the catalog and is paid by every command in Russian or Ukrainian.
Here the catalog's tables are unpacked at once and indexed by the English message's bytes; a translation is
decoded the first time it is asked for and kept, so that a message said again (a table's headings, a note on
every round) costs a look-up; the plural rules of the languages scorekeeper speaks are written out (another
rule, from a catalog in ``SCOREKEEPER_LOCALEDIR``, goes through gettext's translator).
tests/i18n/test_catalog_reader.py holds it equal to ``GNUTranslations`` on every message.

A damaged catalog (cut short, its tables or messages past its end, a count it cannot hold, a header or a
plural rule that cannot be read) is refused when it is opened (``Damaged``, saying why), so that a command
can go on in English; a translation whose bytes alone are damaged is said in English where it is asked for.
"""

from __future__ import annotations

import codecs
import gettext
import struct
from operator import add
from typing import Callable

from scorekeeper.i18n import N_

_LITTLE, _BIG = 0x950412DE, 0xDE120495
_HEAD = 28
"""The bytes of a catalog's head: magic, revision, count, the two tables' places, the hash table's size and place."""

SLAVIC = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
"""Russian's and Ukrainian's plural rule as catalogs write it: 1, 21 ...; 2-4, 22-24 ...; the rest."""

TRIED_COUNTS = 200
"""A plural rule of a catalog's own is tried on the counts 0 to this before it is taken: one that fails or
gives no form for one of them is a damaged catalog, refused when it is opened rather than where a count
says it."""


def slavic(n: int) -> int:
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20 else 2


KNOWN_RULES: dict[str, Callable[[int], int]] = {SLAVIC: slavic, "(n != 1)": lambda n: int(n != 1),
                                                "n != 1": lambda n: int(n != 1)}


class Damaged(ValueError):
    """A compiled catalog that cannot be read: ``message`` (marked ``N_``) says why, with its ``fields``."""

    def __init__(self, message: str, **fields: object) -> None:
        super().__init__(message.format(**fields))
        self.message = message
        self.fields = fields


class Catalog:
    """The translations of one compiled catalog: ``gettext``, ``ngettext`` and ``pgettext`` as gettext's
    classes have them. ``Damaged`` when ``data`` is not a catalog that can be read."""

    def __init__(self, data: bytes) -> None:
        size = len(data)
        if size == 0:
            raise Damaged(N_("it is empty"))
        if size < _HEAD:
            raise Damaged(N_("it is cut short ({size} bytes)"), size=size)
        (magic,) = struct.unpack("<I", data[:4])
        if magic not in (_LITTLE, _BIG):
            raise Damaged(N_("it is not a compiled catalog (no .mo magic number)"))
        order = "<" if magic == _LITTLE else ">"
        revision, count, originals, translations = struct.unpack(order + "4I", data[4:20])
        if revision >> 16 > 1:
            raise Damaged(N_("its format revision {revision} is unknown"), revision=revision >> 16)
        if max(originals, translations) + 8 * count > size:
            raise Damaged(N_("it holds less than the {count} messages it counts: it is cut short, or the count "
                             "is wrong"), count=count)
        keys = struct.unpack(f"{order}{2 * count}I", data[originals:originals + 8 * count])
        values = struct.unpack(f"{order}{2 * count}I", data[translations:translations + 8 * count])
        if count and max(max(map(add, keys[::2], keys[1::2])), max(map(add, values[::2], values[1::2]))) >= size:
            raise Damaged(N_("a message lies past its end: it is cut short"))  # each is followed by a NUL
        self._data = data
        self._index = {data[start:start + length].partition(b"\0")[0]: (values[2 * at + 1], values[2 * at])
                       for at, (length, start) in enumerate(zip(keys[::2], keys[1::2]))}
        self._said: dict[str, str] = {}
        self._forms: dict[str, list[str] | None] = {}
        header = self._index.get(b"")
        try:
            text = data[header[0]:header[0] + header[1]].decode("utf-8") if header else ""
        except UnicodeDecodeError:
            raise Damaged(N_("its header is not UTF-8")) from None
        self._charset = _charset(text)
        self.plural = _plural_rule(text)

    def _text(self, key: bytes) -> str | None:
        found = self._index.get(key)
        if found is None:
            return None
        start, length = found
        try:
            return self._data[start:start + length].decode(self._charset)
        except UnicodeDecodeError:  # this translation's bytes are damaged: the message is said in English
            return None

    def gettext(self, message: str) -> str:
        said = self._said.get(message)
        if said is None:
            found = self._text(message.encode("utf-8", "surrogatepass"))
            said = self._said[message] = message if found is None else found.partition("\0")[0]
        return said

    def pgettext(self, context: str, message: str) -> str:
        # gettext's .mo files key a message said in a context as context, EOT, message
        key = f"{context}\x04{message}"
        said = self._said.get(key)
        if said is None:
            found = self._text(key.encode("utf-8", "surrogatepass"))
            said = self._said[key] = message if found is None else found.partition("\0")[0]
        return said

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        forms = self._forms.get(singular, ())
        if forms == ():
            found = self._text(singular.encode("utf-8", "surrogatepass"))
            forms = self._forms[singular] = None if found is None else found.split("\0")
        if forms is None:
            return singular if count == 1 else plural
        try:
            index = self.plural(count)
        except (ArithmeticError, RecursionError):  # a rule of a catalog's own, beyond the counts it was tried on
            return singular if count == 1 else plural
        return forms[index] if index < len(forms) else forms[-1]


def _charset(header: str) -> str:
    """The encoding a catalog's header names for its messages (UTF-8 when it names none)."""
    for line in header.splitlines():
        name, _colon, value = line.partition(":")
        if name.strip().lower() == "content-type" and "charset=" in value:
            charset = value.split("charset=", 1)[1].split(";")[0].strip()
            try:
                return codecs.lookup(charset).name
            except LookupError:
                raise Damaged(N_("its charset {charset} is unknown"), charset=charset) from None
    return "utf-8"


def _plural_rule(header: str) -> Callable[[int], int]:
    for line in header.splitlines():
        name, _colon, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            rule = value.split("plural=", 1)[-1].strip().rstrip(";").strip()
            if rule in KNOWN_RULES:
                return KNOWN_RULES[rule]
            try:
                compiled = gettext.c2py(rule)
                for n in range(TRIED_COUNTS):
                    index = compiled(n)
                    if not 0 <= index:
                        raise ValueError(index)
            except (ValueError, SyntaxError, ArithmeticError, RecursionError, TypeError, MemoryError):
                raise Damaged(N_("its Plural-Forms cannot be used: {rule}"), rule=rule[:60]) from None
            return compiled
    return KNOWN_RULES["n != 1"]
