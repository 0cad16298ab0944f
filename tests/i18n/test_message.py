"""A message is kept as the code writes it (its text id, fields and kind) and said in the language in use only
where it is shown; code tells messages apart by their kind, and what programs read keeps the code's words."""

from __future__ import annotations

import json
import pickle

import pytest

from scorekeeper import i18n
from scorekeeper.domain.tiles import Tile
from scorekeeper.i18n import N_
from scorekeeper.i18n.message import Message, both, one_of
from scorekeeper.scoring.notes import NoteKind

FLAGGED = N_("{player}'s last tile was not recorded ('out on TILE' or --last): the finishing-double rules (0-0, "
             "6-6, two doubles at once) could not be applied")
SESSION = N_("{player}'s last tile was not recorded ('out on TILE'): the finishing-double rules (0-0, 6-6, two "
             "doubles at once) could not be applied")


def test_a_message_is_said_where_it_is_shown_in_the_language_then_in_use():
    note = Message.of(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    assert note.said() == FLAGGED.format(player="Ann")
    i18n.use("ru")
    russian = note.said()
    assert russian != FLAGGED.format(player="Ann") and "Ann" in russian and "--last" in russian
    assert (note.kind, note.names_flag) == (NoteKind.NO_LAST, True)  # what code reads: the same in every language
    i18n.use("en")
    assert note.said() == FLAGGED.format(player="Ann")  # made once, said again in the language now in use


def test_the_session_says_a_flagged_message_with_the_round_lines_words_and_what_only_it_knows():
    note = Message.of(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    said = note.in_session()
    assert said.said() == SESSION.format(player="Ann") and "--" not in said.said()
    assert (said.kind, said.names_flag) == (NoteKind.NO_LAST, False)
    assert said.in_session() is said
    hint = Message.of(N_("{player}: only a total of {total} was given, so the special-hand rule ({hands}) could not "
                         "be applied to that hand (record the tiles with --hand to apply it)"), NoteKind.HAND_TOTAL,
                      N_("{player}: only a total of {total} was given, so the special-hand rule ({hands}) could not "
                         "be applied to that hand (give its tiles with '{edit} {number}' to apply it)"),
                      player="Bob", total=21, hands="3-3 or 5-5")
    assert hint.in_session(edit="edit", number=4).said().endswith("(give its tiles with 'edit 4' to apply it)")


def test_a_message_without_session_words_is_said_as_it_is_everywhere():
    fisher = Message.of(N_("the fisherman was not recorded: the players decide who leads next"))
    assert fisher.in_session() is fisher and not fisher.names_flag and fisher.kind is None
    assert fisher.said() == "the fisherman was not recorded: the players decide who leads next"


def test_fields_that_are_lists_or_messages_are_said_with_it():
    lays = tuple(Message.of(N_("{player} lays {tile}"), player=player, tile=Tile(2, 2)) for player in ("Ann", "Bob"))
    sealed = Message.of(N_("sealed: a fish once {lays}"), lays=lays)
    assert sealed.said() == "sealed: a fish once Ann lays 2-2 and Bob lays 2-2"
    decided = Message.of(N_("{sides} reached {score} together; the rules do not say who is the goat, so the "
                            "earlier seat, {chosen}, is taken"), sides=("A", "B", "C"), score=110, chosen="A")
    assert decided.said() == ("A and B and C reached 110 together; the rules do not say who is the goat, so the "
                              "earlier seat, A, is taken")
    assert both(("Ann",)) == "Ann" and both(()) == ""
    assert one_of(["6-6"]) == "6-6" and one_of(["6-6", "5-5", "4-4"]).said() == "6-6 or 5-5 or 4-4"
    i18n.use("ru")
    assert "Ann" in sealed.said() and "Bob" in sealed.said() and " and " not in sealed.said()
    assert " and " not in decided.said() and "110" in decided.said()


def test_a_message_is_a_value():
    note = Message.of(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")
    with pytest.raises(AttributeError):
        note.kind = None
    assert pickle.loads(pickle.dumps(note)) == note
    assert {note: 1}[Message.of(FLAGGED, NoteKind.NO_LAST, SESSION, player="Ann")] == 1  # same words, same key
    assert note != Message.of(FLAGGED, NoteKind.NO_LAST, SESSION, player="Bob")
    assert json.loads(json.dumps({"notes": [note.said()]})) == {"notes": [FLAGGED.format(player="Ann")]}
