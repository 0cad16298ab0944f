"""What a note beside a round's scores (or a play, or among a round's explained facts) is about, for the code
that must tell notes apart: the table's footer says each kind once, the play session says a note's hint in its
own words.  A note is an ``i18n.message.Message`` whose ``kind`` is one of these (None: nothing code looks
for); code decides by the kind, never by the note's words (a Russian note has none of the English ones)."""

from enum import Enum


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
    NOT_FOLLOWED = "plays not followed"
    """The ruleset cannot follow the plays recorded (re-scoring under another layout): the points claimed with
    the round are scored instead."""
    LEADS_NEXT = "leads next"
    """The table's lead note that says no more than who leads next (a standings line can say it instead)."""
