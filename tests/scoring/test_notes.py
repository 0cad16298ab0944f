"""A note is its text to everything that prints it, and says what it is to the code that must tell notes apart
(the table's footer, the play session), whatever the language its text is in."""

from __future__ import annotations

import json
import pickle

import pytest

from scorekeeper.i18n import N_
from scorekeeper.scoring.notes import Note, NoteKind, in_session, kind_of, names_flag, said_otherwise

FLAGGED = N_("{player}'s last tile was not recorded ('out on TILE' or --last): the finishing-double rules (0-0, "
             "6-6, two doubles at once) could not be applied")
SESSION = N_("{player}'s last tile was not recorded ('out on TILE'): the finishing-double rules (0-0, 6-6, two "
             "doubles at once) could not be applied")


def test_a_note_is_its_text_wherever_text_goes():
    note = Note.said(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    text = FLAGGED.format(player="Ann")
    assert note == text and str(note) == text and hash(note) == hash(text) and f"note: {note}" == f"note: {text}"
    assert json.loads(json.dumps({"notes": [note]})) == {"notes": [text]}
    assert (note.kind, note.flagged, note.session, dict(note.fields)) == (NoteKind.NO_LAST, True, SESSION,
                                                                          {"player": "Ann"})


def test_the_session_says_a_flagged_note_with_the_round_lines_words_and_what_only_it_knows():
    note = Note.said(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    said = in_session(note)
    assert said == SESSION.format(player="Ann") and "--" not in said
    assert (kind_of(said), names_flag(said), said_otherwise(said)) == (NoteKind.NO_LAST, False, False)
    assert in_session(said) is said
    hint = Note.said(N_("{player}: only a total of {total} was given, so the special-hand rule ({hands}) could not "
                        "be applied to that hand (record the tiles with --hand to apply it)"), NoteKind.HAND_TOTAL,
                     N_("{player}: only a total of {total} was given, so the special-hand rule ({hands}) could not "
                        "be applied to that hand (give its tiles with '{edit} {number}' to apply it)"),
                     player="Bob", total=21, hands="3-3 or 5-5")
    assert in_session(hint, edit="edit", number=4).endswith("(give its tiles with 'edit 4' to apply it)")


def test_a_plain_string_or_a_note_without_session_words_is_said_as_it_is():
    assert in_session("a note") == "a note" and kind_of("a note") is None and not names_flag("a note")
    fisher = Note.said(N_("004 has conditions for the fisherman (who made the fish); record 'fish by NAME' "
                          "(--fisher) to see them"), NoteKind.NO_FISHER, flagged=True)
    assert in_session(fisher) is fisher and names_flag(fisher) and not said_otherwise(fisher)


def test_a_note_is_a_value():
    note = Note.said(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    with pytest.raises(AttributeError):
        note.kind = None
    with pytest.raises(TypeError):
        note.fields["player"] = "Bob"
    again = pickle.loads(pickle.dumps(note))
    assert again == note and (again.kind, again.flagged, again.session, dict(again.fields)) == (
        note.kind, note.flagged, note.session, dict(note.fields))
    assert note[:5] == "Ann's" and type(note.upper()) is str  # what str makes of it is plain text
