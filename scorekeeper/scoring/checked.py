"""A hand checked once: what checking a round recorded play by play established (``domain.checked``),
sealed when the round is written, and whether the seal still holds when it is read (docs/development.md, "A
round checked once").

Only a round with its plays is sealed: following every hand again was three quarters of opening a long match
typed play by play, while a round typed as a line is checked in a few microseconds, about what reading a
seal costs.  A round's seal is a CRC-32 of three things: the ruleset's resolved keys and the seating
(``seed``); the round before it (its ``link``: the hash of the round as the writer words it), or that it is
the first; and the round's own link, which covers what its plays scored.  A round's check reads nothing else:
the seating, the ruleset, whether the round is the first, and the round before it.  So a seal holds while
the round, the one before it, the ruleset file and the players are what they were when it was checked; a
round edited by hand, a changed ruleset, a round moved by ``delete`` or ``edit`` of the one before it: each
is checked in full again, and sealed again when the match is next written.  A round kept in the undo
history is sealed as such, apart from the rounds.

``SEALS`` names the version of the checks: a change that makes a check accept or refuse other facts, or a
play score otherwise, changes it, and every round sealed before is checked in full once more.
"""

from __future__ import annotations

import zlib

from scorekeeper.domain.checked import Seal
from scorekeeper.domain.facts import Match, Round
from scorekeeper.domain.memo import MOST, once_per
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import PlayScore
from scorekeeper.storage.matchfile import round_link

SEALS = 1
"""The version of the checks a seal vouches for (see the module's docstring)."""
FIRST = -1
"""What stands for the round before the first round."""
HISTORY = -2
"""What stands for the round before a round kept in the undo history."""

_RULES: dict = {}
_SEEDS: dict = {}
"""The last seed worked out for each ruleset, with the seating it was for (``seed``)."""
_SEALED: list = []
"""The seed and the rounds of the last match ``sealed_match`` gave (``_as_sealed``)."""


def seed(ruleset: Ruleset, match: Match) -> int:
    """The part of every seal that the ruleset's resolved keys and the match's seating make.  Asked for every
    sealed round of a replay: kept for a ruleset and the very ``sides`` tuple it was worked out for, as
    ``domain.memo.once_per`` keeps an answer (``sides`` a list may change: worked out each time)."""
    sides = match.sides
    known = _SEEDS.get(id(ruleset))
    if known is not None and known[0] is ruleset and known[1] is sides:
        return known[2]
    value = zlib.crc32(_seating(sides), once_per(_RULES, ruleset, _ruleset_seed, ruleset))
    if type(sides) is tuple:
        if len(_SEEDS) >= MOST:
            _SEEDS.clear()
        _SEEDS[id(ruleset)] = (ruleset, sides, value)
    return value


def _ruleset_seed(ruleset: Ruleset) -> int:
    keys = sorted(ruleset.values.items())
    special = sorted(ruleset.special_hands.items())
    return zlib.crc32(repr((SEALS, keys, special)).encode())


def _seating(sides) -> bytes:
    """The seating as a seal covers it: the sides, each with its players in seat order."""
    return repr(tuple(sides)).encode()


def seal(seed_value: int, before: int, link: int) -> str:
    """The seal of a round whose facts hash to ``link``, after a round whose facts hash to ``before`` (or
    ``FIRST``, ``HISTORY``), under ``seed_value``: eight hexadecimal digits."""
    return "%08x" % zlib.crc32(b"%d:%d" % (before, link), seed_value)  # bytes made as such: no text to encode


def before_link(previous: Round | None) -> int | None:
    """What the round before stands for in a seal: its link, or ``FIRST`` (None: not known, a round played
    play by play and never sealed)."""
    if previous is None:
        return FIRST
    checked = previous.checked
    if checked is not None:
        return checked.link
    return None if previous.plays else round_link(previous)


def holds(ruleset: Ruleset, match: Match, rnd: Round, previous: Round | None) -> bool:
    """Whether ``rnd``'s seal holds: it was checked, under this ruleset and seating, after ``previous`` (None:
    as the first round) as it is, and its facts are as they were."""
    return rnd.checked is not None and sealed_as(seed(ruleset, match), rnd, before_link(previous))


def sealed_as(seed_value: int, rnd: Round, before: int | None) -> bool:
    """Whether ``rnd``'s seal holds after a round whose link is ``before``, under the ``seed`` worked out once
    for a walk over a match's rounds."""
    checked = rnd.checked
    if checked is None or not checked.digest or checked.link is None or before is None:
        return False
    return checked.digest == seal(seed_value, before, checked.link)


def scores_of(ruleset: Ruleset, match: Match, rnd: Round, previous: Round | None):
    """What the round's plays scored, as its seal keeps them, where it holds under this ruleset; None where it
    does not (the board must follow the hand)."""
    if not holds(ruleset, match, rnd, previous):
        return None
    return rnd.checked.scores


def sealed(ruleset: Ruleset, match: Match, rnd: Round, before: int | None, scores=None) -> Round:
    """``rnd``, checked (``match.checks.check_round``) after a round whose link is ``before``, with its seal;
    in the points races with what its plays scored, as the board saw them (``scores``: as a seal of the same
    round under the same ruleset and seating keeps them, when the caller knows it held: not followed again).
    A round without plays is not sealed, nor one whose round before is not known (``before`` None): it is
    checked in full when read."""
    if before is None or not rnd.plays:
        return rnd._replace(checked=None) if rnd.checked is not None else rnd
    if scores is None:
        scores = ()
        if ruleset["play.scores"] is not PlayScore.NONE:
            from scorekeeper.scoring.board import follow_hand, scored_plays  # start-up: only hands played play by play

            held = {player: hand.tiles for player, hand in rnd.hands.items() if hand.tiles is not None}
            if rnd.out:
                held[rnd.out] = ()
            followed = follow_hand(ruleset, match.players, rnd.plays, held)
            if followed.illegal is not None:  # not a hand the checks let through: nothing to seal
                return rnd._replace(checked=None)
            scores = scored_plays(ruleset, followed)
    link = round_link(rnd, scores)
    return rnd._replace(checked=Seal(seal(seed(ruleset, match), before, link), link, scores))


def sealed_match(ruleset: Ruleset, match: Match, known: Match | None = None) -> Match:
    """``match`` with every round played play by play, and every such round kept in its undo history, sealed
    where its seal does not hold: what is written of a match held open, whose rounds were each checked when
    it was opened or changed (``match.opened.match_problems``, ``match.record``, ``match.amend``).  The same
    match where every seal holds (or there is none to make).

    ``known``: the match a change was made to (``match.amend``), with the same seating and ruleset: a round
    that is the very round there, where its seal held, is sealed after the round now before it with what its
    plays scored as that seal keeps them (what they score reads nothing of the rounds before): the round
    after an edited or a deleted one is not followed again to be sealed."""
    if not any(rnd.plays for rnd in match.rounds) and not any(
            entry.round is not None and entry.round.plays or entry.edited is not None and entry.edited.plays
            for entry in match.history):
        return match
    seed_value = seed(ruleset, match)
    rounds = list(match.rounds)
    for index in range(_as_sealed(seed_value, rounds), len(rounds)):
        rnd = rounds[index]
        if rnd.plays:
            before = before_link(rounds[index - 1] if index else None)
            if not sealed_as(seed_value, rnd, before):
                rounds[index] = sealed(ruleset, match, rnd, before, _scored_in(known, seed_value, rnd))
    _SEALED[:] = [seed_value, tuple(rounds)]
    history = [entry._replace(round=_kept(ruleset, match, seed_value, entry.round),
                              edited=_kept(ruleset, match, seed_value, entry.edited))
               for entry in match.history]
    if all(a is b for a, b in zip(rounds, match.rounds)) and \
            all(a.round is b.round and a.edited is b.edited for a, b in zip(history, match.history)):
        return match
    return match._replace(rounds=tuple(rounds), history=tuple(history))


def _scored_in(known: Match | None, seed_value: int, rnd: Round):
    """What ``rnd``'s plays scored as its seal keeps them, where ``rnd`` is a round of ``known`` (the very
    object) whose seal holds there; None otherwise (``sealed_match``'s ``known``)."""
    if known is None or rnd.checked is None:
        return None
    for index, other in enumerate(known.rounds):  # asked only of the round or two whose seal a change broke
        if other is rnd:
            before = before_link(known.rounds[index - 1] if index else None)
            return rnd.checked.scores if sealed_as(seed_value, rnd, before) else None
    return None


def _as_sealed(seed_value: int, rounds: list[Round]) -> int:
    """How many of ``rounds``, from the first, are the very rounds the last ``sealed_match`` of this process
    gave under the same seed: each after the same round as there, so sealed as there.  A live session writes
    after every round a match whose earlier rounds are those objects, and need not verify every seal again."""
    if not _SEALED or _SEALED[0] != seed_value:
        return 0
    count = 0
    for rnd, done in zip(rounds, _SEALED[1]):
        if rnd is not done:
            break
        count += 1
    return count


def taken_out(ruleset: Ruleset, match: Match, number: int) -> Round:
    """Round ``number`` of ``match`` as a change that takes it out (``edit``, ``delete``) keeps it in the undo
    history: its facts, sealed as a kept round where its seal holds in ``match``.  What checking it established
    is the round's own (its checks read the seating and the ruleset, which stay), so its hand is not checked and
    followed again when the changed match is checked and written; a round whose seal does not hold keeps no
    seal, and is checked in full and sealed then, as before."""
    rnd = match.rounds[number - 1]
    checked = rnd.checked
    if checked is not None and checked.link is not None:
        seed_value = seed(ruleset, match)
        if sealed_as(seed_value, rnd, before_link(match.rounds[number - 2] if number > 1 else None)):
            return rnd._replace(line=None, checked=checked._replace(digest=seal(seed_value, HISTORY, checked.link)))
    return rnd.facts()


def _kept(ruleset: Ruleset, match: Match, seed_value: int, rnd: Round | None) -> Round | None:
    """A round kept in the undo history, sealed as such where it has plays and its seal does not hold."""
    if rnd is None or not rnd.plays or sealed_as(seed_value, rnd, HISTORY):
        return rnd
    return sealed(ruleset, match, rnd, HISTORY)
