"""Notes a person reads beside a round's scores (or a play, or among a round's explained facts), with what each
one is about for the code that must tell them apart: the table's footer says each kind once, the play session
says a note's hint in its own words. The text is in the language in use when the note is made, so code decides
by the note's ``kind`` and ``session``, never by its words (a Russian note has none of the English ones)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

from scorekeeper.i18n import _


class NoteKind(Enum):
    """What a note is about, where some code treats it apart from the rest."""

    NO_LAST = "no last tile"
    """The last tile was not recorded: the rules that need it were not applied."""
    NO_LEAD = "no lead"
    """The lead was not recorded: the lead bonus was not applied."""
    NO_LEAD_ON_HUNDRED = "no lead on the hundred"
    """No lead was recorded by a side holding points: it could have been 6-6 on the hundred."""
    HAND_TOTAL = "hand total"
    """Only a total was given for a hand: the special-hand rule could not be applied."""
    NO_FISHER = "no fisher"
    """Who made the fish was not recorded: 004's fisherman conditions are not shown."""
    LEADER_UNKNOWN = "leader unknown"
    """6-6 was led by a player nobody recorded: the hundred was not applied."""
    SEALED_UNSEEN = "sealed, doubles unseen"
    """A play sealed the layout and nobody is known to hold the doubles that could still reopen it."""
    IN_PLAY_TOTAL = "in-play total"
    """An explained fact: points made during play, told as one total."""
    LEADS_NEXT = "leads next"
    """The table's lead note that says no more than who leads next (a standings line can say it instead)."""


_NO_FIELDS: Mapping[str, object] = MappingProxyType({})


class Note(str):
    """A note's text (as any ``str``: printed, compared, written to JSON as it is) and what it is.

    ``kind``: what it is about (None: nothing code looks for). ``flagged``: it names a command-line flag that
    gives what it lacks. ``session``: the message (marked ``N_``) that says the same in the play session,
    which refuses the flags and takes the round line's words instead; formatted with ``fields`` and what the
    session adds (``edit``: its word for edit, ``number``: the round). None: the session says it as it is."""

    kind: NoteKind | None
    flagged: bool
    session: str | None
    fields: Mapping[str, object]

    def __new__(cls, text: str, kind: NoteKind | None = None, *, flagged: bool = False, session: str | None = None,
                fields: Mapping[str, object] = _NO_FIELDS) -> Note:
        made = super().__new__(cls, text)
        for name, value in (("kind", kind), ("flagged", flagged), ("session", session),
                            ("fields", MappingProxyType(dict(fields)))):
            object.__setattr__(made, name, value)
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Note is a value: make another")

    def __reduce__(self):
        return _remade, (str(self), self.kind, self.flagged, self.session, dict(self.fields))

    @classmethod
    def said(cls, message: str, kind: NoteKind | None = None, session: str | None = None, *,
             flagged: bool | None = None, **fields: object) -> Note:
        """The note ``message`` (marked ``N_`` where it is written) in the language in use, filled with
        ``fields``; a note with a ``session`` message names a flag (unless ``flagged`` says otherwise)."""
        return cls(_(message).format(**fields), kind, flagged=session is not None if flagged is None else flagged,
                   session=session, fields=fields)

    def in_session(self, **more: object) -> Note:
        """The note in the play session's words (itself when they are the same): ``more`` fills what only the
        session knows (``edit``, ``number``)."""
        if self.session is None:
            return self
        return Note(_(self.session).format(**self.fields, **more), self.kind)


def _remade(text: str, kind: NoteKind | None, flagged: bool, session: str | None, fields: dict) -> Note:
    return Note(text, kind, flagged=flagged, session=session, fields=fields)


def kind_of(text: str) -> NoteKind | None:
    """What a note is about (None for a plain ``str``: nothing code looks for)."""
    return text.kind if isinstance(text, Note) else None


def in_session(text: str, **more: object) -> str:
    """A note (or a plain ``str``, as it is) in the play session's words."""
    return text.in_session(**more) if isinstance(text, Note) else text


def names_flag(text: str) -> bool:
    """Whether a note names a command-line flag that gives what it lacks."""
    return isinstance(text, Note) and text.flagged


def said_otherwise(text: str) -> bool:
    """Whether the play session says the note in other words."""
    return isinstance(text, Note) and text.session is not None
