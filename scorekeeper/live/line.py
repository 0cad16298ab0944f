"""What a line typed at the ``play`` prompt is, said once by one reader (``classify``): a session command, the
plays of a hand, a round line, claims during play, what the hands hold once the hand in play is over, ...
The session answers each kind through its table (``live.commands``); nothing here changes the match.

``RULES`` are tried in order, each a function of the typed line that says what it is or passes (None); a new
kind of line is one more rule here and one more entry in the table:

1. a command: the first word is a session command in any language or keyboard layout (``отмена``), unless it
   names one of the players (``notation.words.command_word``);
2. ``?`` first: a question about the hand (``? 56``), which changes nothing;
3. once the hand in play is over (an out, a fish), what the hands still hold, as a round line without the
   out; after a fish, a line of knocks only is the knocks still said round the table;
4. ``fish`` alone in a hand in play: the layout is sealed and nobody holds the double;
5. plays, or a round line.  A line is plays when every word of it reads as plays (a name, then a tile,
   ``knocks`` or ``draws N``; several in a line: ``a 66 b 63``; the name may be left out, the play then the
   turn's: ``63``, ``-``, ``+``).  A round line always holds a word plays
   never hold (``out``, ``fish``, a claim's ``+5`` or ``count``): a line that reads both ways cannot happen,
   and a line that is not whole plays is a round line (or claims), unless its play words show it was meant
   as plays (``c knocks d``): it is then plays, with what is wrong with them.  In a hand in play, a round
   line is one typed in the wrong place, and a line that is neither is plays gone wrong.  One word of
   letters that names nobody and is no word of the round line is a command mistyped.

A line is read at most once as plays and once as a round line: what is wrong with it is kept with it
(``Line.problem``) and said by the entry that answers its kind.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Callable, NamedTuple

from scorekeeper.domain.facts import Match, RoundFacts
from scorekeeper.domain.plays import Action, Play
from scorekeeper.errors import InputError
from scorekeeper.live.hand import HandInPlay
from scorekeeper.notation.names import candidates
from scorekeeper.notation.play_line import DRAW_WORDS, KNOCK_WORDS, parse_plays
from scorekeeper.notation.round_line import is_claims_only, read_round
from scorekeeper.notation.words import command_word, play_word, round_word
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import PlayScore


class Kind(Enum):
    """What a line is."""

    COMMAND = "command"
    """A session command (``Line.command``, the English word) and the words after it (``Line.rest``)."""
    ROUND = "round"
    """A round line (``Line.facts``, or ``Line.problem``: why it cannot be read)."""
    CLAIMS = "claims"
    """Points claimed during play, and nothing else (``Line.facts.claims``): the hand goes on."""
    WORD = "word"
    """One word that names nobody and is no word of the round line: a command mistyped."""
    ROUND_IN_HAND = "round in a hand"
    """A round line or a claim typed while a hand is played play by play."""
    PLAYS = "plays"
    """Plays of the hand (``Line.plays``), or a line meant as plays that does not read as them
    (``Line.problem`` says why)."""
    FISH = "fish"
    """'fish' in a hand in play: the layout is sealed and nobody holds the double."""
    KNOCKS = "knocks"
    """Knocks said after the fish is seen (``Line.plays``): they change nothing."""
    HANDS = "hands"
    """What the hands hold once the hand in play is over."""
    QUESTION = "question"
    """'?' alone, or '? TILE' (``Line.rest``): a question about the hand that changes nothing."""


class Line(NamedTuple):
    """A typed line and what it is."""

    kind: Kind
    text: str
    """The line as typed, without the spaces around it."""
    command: str = ""
    rest: str = ""
    plays: tuple[Play, ...] = ()
    facts: RoundFacts | None = None
    problem: InputError | None = None


class Typed(NamedTuple):
    """A line to classify, and what it is read against: the match, its ruleset, the hand in play (or None)."""

    text: str
    match: Match
    ruleset: Ruleset
    hand: HandInPlay | None


ROUND_WORDS = ("out", "fish", "by", "led", "count", "played")
"""Words only a round line (or a claim) holds: a line with one of them is never plays."""


def classify(text: str, match: Match, ruleset: Ruleset, hand: HandInPlay | None = None) -> Line:
    """What ``text`` (a line typed at the prompt, not blank) is in ``match`` under ``ruleset``, with ``hand``
    in play (None: no hand is typed play by play)."""
    typed = Typed(text.strip(), match, ruleset, hand)
    for rule in RULES:
        line = rule(typed)
        if line is not None:
            return line
    raise AssertionError("the last rule says what every line is")  # pragma: no cover


def _command(typed: Typed) -> Line | None:
    word, _space, rest = typed.text.partition(" ")
    command = command_word(word, typed.match.players)
    return Line(Kind.COMMAND, typed.text, command, rest.strip()) if command else None


def _question(typed: Typed) -> Line | None:
    if typed.text.startswith("?"):
        return Line(Kind.QUESTION, typed.text, rest=typed.text[1:].strip())
    return None


def _end_of_hand(typed: Typed) -> Line | None:
    hand = typed.hand
    if hand is None or not hand.over:
        return None
    if hand.fish_seen and not _round_like(typed):
        plays, _problem = _plays_of(typed)
        if plays and all(play.action is Action.KNOCK for play in plays):
            return Line(Kind.KNOCKS, typed.text, plays=plays)
    return Line(Kind.HANDS, typed.text)


def _fish_in_hand(typed: Typed) -> Line | None:
    if typed.hand is not None and round_word(typed.text, typed.match.players) == "fish":  # as the hand said it
        return Line(Kind.FISH, typed.text)
    return None


def _plays_or_round(typed: Typed) -> Line:
    text, players = typed.text, typed.match.players
    round_like = _round_like(typed)
    plays, problem = ((), None) if round_like else _plays_of(typed)
    if plays:
        return Line(Kind.PLAYS, text, plays=plays)
    if typed.hand is None and (round_like or not _meant_as_plays(typed)):
        return _round(typed)
    if re.fullmatch(r"[^\W\d_]+", text) and not candidates(players, text):
        return _round(typed)  # one word naming nobody: a command mistyped, as outside a hand
    if round_like:
        return Line(Kind.ROUND_IN_HAND, text)
    return Line(Kind.PLAYS, text, problem=problem)


RULES: tuple[Callable[[Typed], Line | None], ...] = (_command, _question, _end_of_hand, _fish_in_hand,
                                                     _plays_or_round)
"""The rules in the order they are tried; the last one says what every other line is."""


def _round(typed: Typed) -> Line:
    """A line that is not plays: one word a command mistyped, else a round line or claims, read once."""
    text, match, ruleset = typed.text, typed.match, typed.ruleset
    if " " not in text and not re.search(r"[\d,;=+]", text):  # one word: a command mistyped, or a name
        if not candidates(match.players, text) and round_word(text) is None:
            return Line(Kind.WORD, text)
    try:
        facts = read_round(_short_claims(typed), match, bool(ruleset["count.partner_of_finisher"]),
                           ruleset["tiles.max_pip"])
    except InputError as problem:
        return Line(Kind.ROUND, text, problem=problem)
    return Line(Kind.CLAIMS if is_claims_only(facts) else Kind.ROUND, text, facts=facts)


_SHORT_CLAIM = r"([^\W\d_][\w'’.-]*?)\+?([0-9]+)"
"""A claim run together: a name's start and the points ('m10', 'm+10')."""


def _short_claims(typed: Typed) -> str:
    """Claims run together, 'm10' (or 'm10 a5'), as the round line writes them ('m +10'): in a points race a
    claim is typed as the tile is laid, several a hand, and the name's start and the points need no space or
    '+' between them.  A line with any other word, or a word that names a player ('Ann2'), is left as it
    is."""
    text = typed.text
    if typed.ruleset["play.scores"] is PlayScore.NONE:
        return text
    words = text.split()
    found = [re.fullmatch(_SHORT_CLAIM, word) for word in words]
    players = typed.match.players
    if not words or not all(found) or any(candidates(players, word) for word in words):
        return text
    return " ".join(f"{claim.group(1)} +{claim.group(2)}" for claim in found)


def _words(text: str) -> list[str]:
    return text.casefold().replace(",", " ").replace(";", " ").split()


def _round_like(typed: Typed) -> bool:
    """Whether the line holds a word only a round line or a claim holds (``out``, ``fish``, ``+5``...), in any
    language or keyboard layout (``вышла``, ``щге``; a word that names one of the players is the player)."""
    return _claimed(typed) or any(round_word(word, typed.match.players) in ROUND_WORDS
                                  for word in _words(typed.text))


def _claimed(typed: Typed) -> bool:
    """Whether the line holds a claim's '+': in a hand in play a '+' or '+2' that names nobody is a draw by the
    player whose turn it is (claims are the referee's there); after a name (``a +5``), and outside a hand, it
    is a claim."""
    if "+" not in typed.text:
        return False
    if typed.hand is None:
        return True
    words = _words(typed.text)
    for index, word in enumerate(words):
        if "+" not in word:
            continue
        if not re.fullmatch(r"\+[0-9]*", word):
            return True
        before = words[index - 1] if index else ""
        if re.match(r"[^\W\d_]", before) and play_word(before) not in ("knocks", "draws", "missed"):
            return True
    return False


def _meant_as_plays(typed: Typed) -> bool:
    """A line meant as plays though it does not read as them (``c knocks d``, ``c стук d``): a play's word
    after its first word."""
    return any(word in KNOCK_WORDS + DRAW_WORDS or play_word(word) in ("knocks", "draws", "on") and not
               candidates(typed.match.players, word) for word in _words(typed.text)[1:])


def _plays_of(typed: Typed) -> tuple[tuple[Play, ...], InputError | None]:
    """The plays the whole line reads as, or none and why not (kept for a line meant as plays)."""
    try:
        hand = typed.hand
        return parse_plays(typed.text, typed.match.players, typed.ruleset["tiles.max_pip"], nameless=True,
                           first=len(hand.plays) + 1 if hand is not None else 1,
                           turn=hand.board.turn if hand is not None else None), None
    except InputError as problem:
        return (), problem
