"""A message a person reads, kept as the code writes it until it is shown: its text (the English message, the
catalogs' id), the fields that fill it and what it is about.  It is said in the language in use only where it
is shown (``said``): on the screen, and in the JSON's text for people; code that must tell messages apart
decides by their ``kind``, never by their words (a Russian message has none of the English ones).

The lists a message says (``both``: "Ann and Bob"; ``one_of``: "6-6 or 5-5") are here too: a field holding a
tuple is a list of names, joined where the message is said."""

from enum import Enum
from typing import NamedTuple

from scorekeeper.i18n import N_, _


class Message(NamedTuple):
    """What to say (``text``, marked ``N_`` where it is written), what fills it (``fields``: a plain tuple is a
    list of names, a ``Message`` is said in turn), and what it is about (``kind``: None where no code looks).

    ``session``: the same message in the play session's words (marked ``N_``), where ``text`` names a
    command-line flag that the session refuses (it takes the round line's words instead); ``in_session``
    gives it, with what only the session knows."""

    text: str
    fields: tuple[tuple[str, object], ...] = ()
    kind: Enum | None = None
    session: str | None = None

    @classmethod
    def of(cls, text: str, kind: Enum | None = None, session: str | None = None, **fields: object) -> "Message":
        """The message ``text`` filled with ``fields``."""
        return cls(text, tuple(fields.items()), kind, session)

    def said(self) -> str:
        """The message in the language in use."""
        if not self.fields:
            return _(self.text)
        return _(self.text).format(**{name: _said(value) for name, value in self.fields})

    @property
    def names_flag(self) -> bool:
        """Whether the message names a command-line flag that gives what it lacks (the session says it
        otherwise)."""
        return self.session is not None

    def in_session(self, **more: object) -> "Message":
        """The message in the play session's words (itself where they are the same): ``more`` fills what only
        the session knows (``edit``: its word for edit, ``number``: the round)."""
        if self.session is None:
            return self
        return Message(self.session, self.fields + tuple(more.items()), self.kind)


def _said(value: object) -> object:
    if isinstance(value, Message):
        return value.said()
    if type(value) is tuple:  # a list of names; a value that is a tuple too (a Tile) is shown as it is
        return both(value)
    return value


def both(names) -> str:
    """``names`` listed as the messages say them: "Ann and Bob" (and each further one joined the same way; a
    ``Message`` among them said in turn)."""
    names = [_said(name) for name in names]
    shown = names[0] if names else ""
    joined = _("{first} and {second}")
    for name in names[1:]:
        shown = joined.format(first=shown, second=name)
    return shown


def one_of(items) -> Message | str:
    """``items`` offered as alternatives, as a message said where it is shown: "6-6 6-5 or 5-5 4-4" (each
    further one joined the same way); a lone item as it is."""
    items = [str(item) for item in items]
    shown: Message | str = items[0] if items else ""
    for item in items[1:]:
        shown = Message.of(N_("{first} or {second}"), first=shown, second=item)
    return shown
