"""A compiled catalog (``.mo``), read the way gettext's ``GNUTranslations`` reads it, for less.

``GNUTranslations`` decodes every message when it opens a catalog, and compiles the plural rule with a small
C-to-Python translator; that grows with the catalog and is paid by every command in Russian or Ukrainian.
Here the catalog's tables are unpacked at once and indexed by the English message's bytes; a translation is
decoded when it is asked for, and the plural rules of the languages scorekeeper speaks are written out
(another rule, from a catalog in ``SCOREKEEPER_LOCALEDIR``, goes through gettext's translator).
tests/i18n/test_catalog_reader.py holds it equal to ``GNUTranslations`` on every message.
"""

from __future__ import annotations

import gettext
import struct
from typing import Callable

_LITTLE, _BIG = 0x950412DE, 0xDE120495

SLAVIC = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
"""Russian's and Ukrainian's plural rule as catalogs write it: 1, 21 ...; 2-4, 22-24 ...; the rest."""


def slavic(n: int) -> int:
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20 else 2


KNOWN_RULES: dict[str, Callable[[int], int]] = {SLAVIC: slavic, "(n != 1)": lambda n: int(n != 1),
                                                "n != 1": lambda n: int(n != 1)}


class Catalog:
    """The translations of one compiled catalog: ``gettext``, ``ngettext`` and ``pgettext`` as gettext's
    classes have them."""

    def __init__(self, data: bytes) -> None:
        (magic,) = struct.unpack("<I", data[:4])
        if magic not in (_LITTLE, _BIG):
            raise ValueError("not a compiled gettext catalog")
        order = "<" if magic == _LITTLE else ">"
        count, originals, translations = struct.unpack(order + "3I", data[8:20])
        keys = struct.unpack(f"{order}{2 * count}I", data[originals:originals + 8 * count])
        values = struct.unpack(f"{order}{2 * count}I", data[translations:translations + 8 * count])
        self._data = data
        self._index = {data[start:start + length].partition(b"\0")[0]: (values[2 * at + 1], values[2 * at])
                       for at, (length, start) in enumerate(zip(keys[::2], keys[1::2]))}
        self.plural = self._plural_rule(self._text(b"") or "")

    def _text(self, key: bytes) -> str | None:
        found = self._index.get(key)
        if found is None:
            return None
        start, length = found
        return self._data[start:start + length].decode("utf-8")

    @staticmethod
    def _plural_rule(header: str) -> Callable[[int], int]:
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "plural-forms":
                rule = value.split("plural=", 1)[-1].strip().rstrip(";").strip()
                if rule in KNOWN_RULES:
                    return KNOWN_RULES[rule]
                return gettext.c2py(rule)
        return KNOWN_RULES["n != 1"]

    def gettext(self, message: str) -> str:
        found = self._text(message.encode("utf-8"))
        return message if found is None else found.partition("\0")[0]

    def pgettext(self, context: str, message: str) -> str:
        # gettext's .mo files key a message said in a context as context, EOT, message
        found = self._text(f"{context}\x04{message}".encode("utf-8"))
        return message if found is None else found.partition("\0")[0]

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        found = self._text(singular.encode("utf-8"))
        if found is None:
            return singular if count == 1 else plural
        forms = found.split("\0")
        index = self.plural(count)
        return forms[index] if index < len(forms) else forms[-1]
