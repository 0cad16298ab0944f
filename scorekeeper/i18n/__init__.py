"""The language people read: the gettext domain ``scorekeeper`` and the language it speaks.

Every message a person reads is written in English in the code, inside ``_("...")`` (or ``ngettext`` for a
count), as one whole sentence with named fields filled by ``.format``; the catalogs under ``locale/``
(``LANG/LC_MESSAGES/scorekeeper.po``, compiled to ``.mo`` by ``scripts/catalogs.py``) say it in Russian and
Ukrainian. A word or two that means one thing in one place and another elsewhere goes through
``pgettext(context, message)``: each context gets a translation of its own. ``N_`` marks a message kept in a
table and translated where it is shown.

The process speaks one language, chosen once before anything is said (``use``; ``choose`` says which, from
what was typed, the environment and the match file): English needs no catalog and costs nothing; another
language loads its one compiled catalog (``catalog.Catalog`` reads gettext's ``.mo`` files). What programs
read (JSON and CSV keys, ruleset and match file keys) is never translated.
"""

from __future__ import annotations

import os

DOMAIN = "scorekeeper"
LANGUAGES = ("en", "ru", "uk")
"""The languages scorekeeper speaks: English, Russian, Ukrainian."""
LOCALE = os.path.join(os.path.dirname(__file__), "locale")
CATALOGS_VARIABLE = "SCOREKEEPER_LOCALEDIR"
"""A folder of catalogs (``LANG/LC_MESSAGES/scorekeeper.mo``) to read before the package's own: a translator
tries a catalog without installing it, and the tests add a pseudo-language this way."""


class English:
    """The messages as the code writes them (gettext's NullTranslations, without importing gettext)."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message


_speaking: list = [English, "en"]
"""The catalog in use and its language: one per process, set by ``use``."""


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _speaking[0].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the language in use (Russian and Ukrainian have three)."""
    return _speaking[0].ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as said in ``context``: a short message that means different things
    in different places (a column's heading, a play's outcome) has a translation for each."""
    return _speaking[0].pgettext(context, message)


def translated(text: str) -> str:
    """A text read from data (a built-in ruleset's description) in the language in use, where the catalogs
    have it (the extraction reads it from the data); any other text as it is."""
    return _speaking[0].gettext(text)


def N_(message: str) -> str:
    """Marks a message for the catalogs where it is written; ``_`` translates it where it is shown."""
    return message


def language() -> str:
    """The language in use."""
    return _speaking[1]


def catalog_path(code: str) -> str | None:
    """The compiled catalog of a language: from ``SCOREKEEPER_LOCALEDIR`` when it holds one, else the
    package's; None when there is none (English needs none)."""
    for folder in (os.environ.get(CATALOGS_VARIABLE), LOCALE):
        if folder:
            path = os.path.join(folder, code, "LC_MESSAGES", DOMAIN + ".mo")
            if os.path.isfile(path):
                return path
    return None


def known(code: str) -> bool:
    """Whether scorekeeper can speak ``code``: one of ``LANGUAGES``, or a catalog in ``SCOREKEEPER_LOCALEDIR``."""
    if code in LANGUAGES:
        return True
    folder = os.environ.get(CATALOGS_VARIABLE)
    return bool(folder and code.isascii() and code.isalpha()
                and os.path.isfile(os.path.join(folder, code, "LC_MESSAGES", DOMAIN + ".mo")))


LARGEST_CATALOG = 16 * 1024 * 1024
"""The most bytes a compiled catalog is read to: many times scorekeeper's own (a larger file is no catalog)."""


class CatalogProblem(Exception):
    """The catalog of the language asked for cannot be read (``path``; ``damage`` says why, in words marked
    for the catalogs): the process speaks English instead."""

    def __init__(self, path: str, damage) -> None:
        super().__init__(f"{path}: {damage}")
        self.path = path
        self.damage = damage

    def said(self) -> str:
        """Why, in the language in use (English, once the catalog is refused)."""
        damage = self.damage
        return _(damage.message).format(**damage.fields) if hasattr(damage, "message") else str(damage)


def use(code: str) -> None:
    """Speak ``code`` from now on: English, or a language with a catalog (``known``); anything else is English.
    A catalog that cannot be read (damaged, cut short, unreadable) leaves the process speaking English and
    raises CatalogProblem, once: asked again for the same file, the process speaks English without a word."""
    if code == _speaking[1]:
        return
    path = None if code == "en" else catalog_path(code)
    if path is None:
        _speaking[:] = [English, "en"]
        return
    from scorekeeper.i18n.catalog import Catalog, Damaged  # start-up: only a language other than English

    _speaking[:] = [English, "en"]
    try:
        with open(path, "rb") as handle:
            identity = (path, *_identity(handle.fileno()))
            if identity in _refused:
                return
            data = handle.read(LARGEST_CATALOG + 1)
        if len(data) > LARGEST_CATALOG:
            raise Damaged(N_("it is larger than any catalog (more than {largest:,} bytes)"),
                          largest=LARGEST_CATALOG)
        catalog = Catalog(data)
    except (OSError, Damaged) as damage:
        if isinstance(damage, Damaged):
            _refused.append(identity)
        raise CatalogProblem(path, getattr(damage, "strerror", None) or damage) from None
    _speaking[:] = [catalog, code]


_refused: list[tuple] = []
"""The catalog files found damaged in this process (path, device, inode, size, time): said once, then passed over
(a command decides its language twice: before click is loaded, and as click starts it)."""


def _identity(descriptor: int) -> tuple[int, ...]:
    info = os.fstat(descriptor)
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the language, in its order: the first one set is the one that counts."""


def from_locale(environ) -> str:
    """The language the locale variables ask for (gettext's order; ``LANGUAGE`` may list several, ``ru:en``),
    reduced to one scorekeeper speaks: ``ru_RU.UTF-8`` is Russian, ``uk_UA`` Ukrainian; anything else English."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in ("c", "posix"):
                return "en"
            if code in LANGUAGES:
                return code
        return "en"
    return "en"


def choose(typed: str | None, environ, remembered: str | None = None) -> str:
    """The language to speak: ``typed`` (``--lang``), else ``SCOREKEEPER_LANG``, else the language the match
    file remembers (``remembered``), else the locale's (``from_locale``). ``typed`` and ``SCOREKEEPER_LANG``
    are taken only when ``known`` (the command line refuses another value)."""
    for code in (typed, environ.get("SCOREKEEPER_LANG", "").strip(), remembered):
        if code and known(code):
            return code
    return from_locale(environ)
