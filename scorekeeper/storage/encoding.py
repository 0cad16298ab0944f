"""A file that does not read as UTF-8: where it goes wrong and what to do, for every file scorekeeper reads
(a match, a ruleset, an archive of matches)."""

from __future__ import annotations

from scorekeeper.i18n import _


def not_utf8(path: str) -> tuple[int | None, str]:
    """Where a file that does not read as UTF-8 goes wrong (its line) and what to do; a file saved in
    another encoding (cp1251, UTF-16) is a common thing for a hand-edited file to be."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return 1, _("not UTF-8 text (it is saved as UTF-16): save it as UTF-8")
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        return line, _("not UTF-8 text (byte 0x{byte:02x}, column {column}): save it as UTF-8 (it may be saved "
                       "in another encoding, like cp1251)").format(byte=data[error.start], column=column)
    except OSError as error:
        return None, _("cannot read: {reason}").format(reason=error.strerror or error)
    return None, _("not UTF-8 text: save it as UTF-8")
