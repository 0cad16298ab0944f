"""Re-scoring: replay a match's facts under another ruleset, and compare two tables of the same facts."""

from typing import NamedTuple

from scorekeeper.domain.facts import Match
from scorekeeper.errors import InputError, MatchFileError, ScorekeeperError, StateError
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match.checks import round_checker
from scorekeeper.notation.numerals import spans
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import KEYS, SPECIAL_HANDS, PlayScore, Teams, plain
from scorekeeper.scoring.engine import replay
from scorekeeper.scoring.table import Table

# Optional facts a round may carry: (attribute, its empty value, how people call it).
OPTIONAL_FACTS = (
    ("fisher", None, N_("who made the fish ('fish by NAME' or --fisher)")),
    ("last", (), N_("the tile the player went out with ('out on TILE' or --last)")),
    ("led", None, N_("the tile that opened the round ('led TILE' or --led)")),
    ("claims", (), N_("points claimed during play")),
)


class Unconverted(NamedTuple):
    """A claim known only as points, replayed unconverted under a ruleset that scores counts differently."""

    round: int | None
    """The round it was made in (None: the hand in progress)."""
    player: str
    points: int
    in_play_total: bool = False
    """An in-play total (``round --points``) rather than a single claim."""

    def to_dict(self) -> dict:
        return {"round": self.round, "player": self.player, "points": self.points,
                "kind": "in-play total" if self.in_play_total else "claim"}


class Rescored(NamedTuple):
    ruleset: Ruleset
    table: Table
    unscored: tuple[int, ...]
    """Rounds recorded after this ruleset had already decided the match."""
    notes: tuple[str, ...]
    unconverted: tuple[Unconverted, ...] = ()
    """Claims known only as points that this ruleset would score differently from the match's own, had their
    count been kept (rules.md §4.3): replayed as the points recorded."""

    @property
    def unconverted_rounds(self) -> tuple[int, ...]:
        return tuple(sorted({item.round for item in self.unconverted if item.round is not None}))


def unconverted_claims(match: Match, own: Ruleset, ruleset: Ruleset) -> tuple[Unconverted, ...]:
    """The claims and in-play totals known only as points, when ``ruleset`` turns counts into points
    differently from ``own`` (the match's ruleset): they cannot be converted."""
    found = [Unconverted(number, claim.player, claim.points, noted)
             for number, rnd in enumerate(match.rounds, start=1)
             for claims, noted in ((rnd.claims, False), (rnd.play_points, True))
             for claim in claims if claim.count is None]
    found += [Unconverted(None, claim.player, claim.points) for claim in match.pending if claim.count is None]
    if not found or ruleset["play.scores"] is PlayScore.NONE:
        return ()  # none: claims are not counted at all (a note says so)
    from scorekeeper.scoring.counts import same_count_rule  # start-up: only a match with claims known as points

    if same_count_rule(own, ruleset):
        return ()  # the same rule: points are the same
    return tuple(found)


def _unconverted_note(own: Ruleset, ruleset: Ruleset, items: tuple[Unconverted, ...]) -> str:
    said = [_(_UNCONVERTED[item.in_play_total, item.round is not None]).format(
        player=item.player, points=item.points, round=item.round) for item in items]
    rule = (f"{plain(own['play.scores'])} of {own['play.multiple']} -> "
            f"{plain(ruleset['play.scores'])} of {ruleset['play.multiple']}")
    return _("{claims}: known only as points, replayed as recorded, not converted to {ruleset} (play.scores "
             "{rule}); a claim told as a count (score PLAYER --count N) converts").format(
        claims=", ".join(said), ruleset=ruleset.called, rule=rule)


_UNCONVERTED = {(False, True): N_("{player} {points} (round {round})"),
                (True, True): N_("{player} {points} in play (round {round})"),
                (False, False): N_("{player} {points} (the hand in progress)"),
                (True, False): N_("{player} {points} in play (the hand in progress)")}
"""A claim known only as points, by whether it is an in-play total and whether a round closed it."""


def rescore(match: Match, ruleset: Ruleset, own: Ruleset | None = None) -> Rescored:
    """Replay the facts under ``ruleset``; StateError naming what it needs that the match lacks.  With ``own``
    (the match's ruleset), claims known only as points that ``ruleset`` would score differently are named.
    The match is one checked under its own ruleset (``open_match``): only what ``ruleset`` reads is checked
    again."""
    _check_seating(match, ruleset)
    check = round_checker(match, ruleset, rescoring=True)  # each ruleset follows the plays its own way
    for number, rnd in enumerate(match.rounds, start=1):
        try:
            check(rnd)
        except InputError as error:
            raise MatchFileError(_("round {number}: {ruleset} cannot score it from these facts: {error}").format(
                number=number, ruleset=ruleset.called, error=error),
                                 match.path, rnd.line) from None
    table = replay(ruleset, match)
    unscored = tuple(range(len(table.rounds) + 1, len(match.rounds) + 1))
    notes = []
    if unscored:
        shown = spans(list(unscored))
        notes.append(ngettext("under {ruleset} the match was decided in round {number}: round {rounds} not scored",
                              "under {ruleset} the match was decided in round {number}: rounds {rounds} not scored",
                              len(unscored)).format(ruleset=ruleset.called, number=len(table.rounds), rounds=shown))
    unconverted = unconverted_claims(match, own, ruleset) if own is not None else ()
    if unconverted:
        notes.append(_unconverted_note(own, ruleset, unconverted))
    return Rescored(ruleset, table, unscored, tuple(notes), unconverted)


def _check_seating(match: Match, ruleset: Ruleset) -> None:
    teams = ruleset["players.teams"]
    if teams is not Teams.EITHER and (teams is Teams.PAIRS) != match.is_pairs:
        said = _("{ruleset} is a pairs game, but this match is seated every player for themselves: its facts "
                 "cannot be scored that way") if teams is Teams.PAIRS else \
            _("{ruleset} is played every player for themselves, but this match is seated in pairs: its facts "
              "cannot be scored that way")
        raise StateError(said.format(ruleset=ruleset.called))
    low, high = ruleset["players.min"], ruleset["players.max"]
    if not low <= len(match.players) <= high:
        said = _("{ruleset} is played by {low} to {high} players; this match has {count}") if high != low else \
            _("{ruleset} is played by {low} players; this match has {count}")
        raise StateError(said.format(ruleset=ruleset.called, low=low, high=high, count=len(match.players)))


def numbers(table: Table) -> list[tuple]:
    """What a table says round by round: every side's score and remembered points, and the eggs."""
    return [(tuple((item.score, item.remembered) for item in result.sides), result.eggs)
            for result in table.rounds]


def unused_facts(match: Match, ruleset: Ruleset, table: Table) -> list[str]:
    """Facts recorded in the match that change nothing under ``ruleset`` (the table is the same without them).
    ``table``: the match's table under ``ruleset``; the rounds before the first that records a fact are the
    same without it, and their results are taken from there rather than scored again."""
    found = []
    for attribute, empty, label in OPTIONAL_FACTS:
        rounds = [number for number, rnd in enumerate(match.rounds, start=1) if getattr(rnd, attribute)]
        if not rounds:
            continue
        stripped = match._replace(rounds=tuple(rnd._replace(**{attribute: empty}) if getattr(rnd, attribute) else rnd
                                               for rnd in match.rounds))
        try:
            check = round_checker(stripped, ruleset, rescoring=True)
            for number in rounds:  # the other rounds are the ones rescore checked
                check(stripped.rounds[number - 1])
            same = numbers(replay(ruleset, stripped, table.rounds)) == numbers(table)
        except (ScorekeeperError, KeyError, TypeError, ValueError):
            same = False  # the ruleset cannot do without it
        if same:
            shown = spans(rounds)
            found.append(ngettext("{fact}, recorded in round {rounds}: {ruleset} does not use it for the score here "
                                  "(the table is the same without it)",
                                  "{fact}, recorded in rounds {rounds}: {ruleset} does not use it for the score here "
                                  "(the table is the same without it)", len(rounds)).format(
                fact=_(label), rounds=shown, ruleset=ruleset.called))
    return found


def lacking_facts(table: Table) -> list[str]:
    """What the ruleset needed but the facts did not give (totals where tiles were needed), by round."""
    return [_("round {number}: {problem}").format(number=result.number, problem=note.said()) for result in table.rounds
            for note in result.notes]


def differing_keys(first: Ruleset, second: Ruleset) -> list[tuple[str, str, str]]:
    """(key, first's value, second's value) for every key on which the two rulesets differ."""
    found = [(key.path, plain(first[key.path]), plain(second[key.path])) for key in KEYS
             if first[key.path] != second[key.path]]
    if dict(first.special_hands) != dict(second.special_hands):
        found.append((SPECIAL_HANDS, first.describe_special_hands(), second.describe_special_hands()))
    return found


class RoundComparison(NamedTuple):
    number: int
    first: tuple[tuple[int, int], ...] | None
    """Every side's (score, remembered) after the round under the first ruleset; None when not scored."""
    second: tuple[tuple[int, int], ...] | None
    first_eggs: int | None
    second_eggs: int | None
    unconverted: bool = False
    """The round holds claims known only as points that the second ruleset would score differently: the same
    numbers do not show that it scores the round the same (``?``)."""

    @property
    def differs(self) -> bool:
        return self.first != self.second or self.first_eggs != self.second_eggs

    @property
    def unsure(self) -> bool:
        """The numbers agree, but only because claims could not be converted."""
        return self.unconverted and not self.differs


class Comparison(NamedTuple):
    match: Match
    first: Rescored
    second: Rescored
    keys: tuple[tuple[str, str, str], ...]
    rounds: tuple[RoundComparison, ...]
    unused: tuple[str, ...]
    """Facts the second ruleset does not use."""
    lacking: tuple[str, ...]
    """Facts the second ruleset needed but the match lacks."""

    @property
    def differing_rounds(self) -> tuple[int, ...]:
        return tuple(item.number for item in self.rounds if item.differs)

    @property
    def unsure_rounds(self) -> tuple[int, ...]:
        """Rounds whose numbers agree only because their claims could not be converted."""
        return tuple(item.number for item in self.rounds if item.unsure)

    def to_dict(self) -> dict:
        """The JSON of ``scorekeeper compare --format json``."""
        names = [side.name for side in self.match.sides]

        def standing(values):
            if values is None:
                return None
            return {name: {"score": score, "remembered": remembered}
                    for name, (score, remembered) in zip(names, values)}

        first, second = self.first, self.second
        return {
            "ruleset": first.ruleset.name,
            "other": second.ruleset.name,
            "differing_keys": [{"key": key, "ruleset": left, "other": right} for key, left, right in self.keys],
            "differing_rounds": list(self.differing_rounds),
            "unconverted_rounds": list(self.unsure_rounds),
            "unconverted_claims": [item.to_dict() for item in second.unconverted],
            "rounds": [{"round": item.number, "differs": item.differs,
                        "identical": not item.differs and not item.unconverted,
                        "unconverted": item.unconverted, "ruleset": standing(item.first),
                        "other": standing(item.second),
                        "eggs": {"ruleset": item.first_eggs, "other": item.second_eggs}} for item in self.rounds],
            "not_scored": {"ruleset": list(first.unscored), "other": list(second.unscored)},
            "unused_facts": list(self.unused),
            "lacking_facts": list(self.lacking),
            "notes": list(first.notes) + list(second.notes),
            "table": first.table.to_dict(),
            "other_table": second.table.to_dict(),
        }


def compare(match: Match, first: Ruleset, second: Ruleset, own_table: Table | None = None) -> Comparison:
    """Score the same facts under two rulesets, round by round.  ``own_table``: the match's table under
    ``first`` when the caller has replayed it already (an opened match is checked and replayed under its own
    ruleset), so that it is not replayed again."""
    one = rescore(match, first) if own_table is None else Rescored(first, own_table, (), ())
    two = rescore(match, second, first)
    unconverted = set(two.unconverted_rounds)
    rows = []
    for number in range(1, len(match.rounds) + 1):
        left = one.table.rounds[number - 1] if number <= len(one.table.rounds) else None
        right = two.table.rounds[number - 1] if number <= len(two.table.rounds) else None
        rows.append(RoundComparison(
            number,
            tuple((item.score, item.remembered) for item in left.sides) if left else None,
            tuple((item.score, item.remembered) for item in right.sides) if right else None,
            left.eggs if left else None, right.eggs if right else None, number in unconverted))
    return Comparison(match, one, two, tuple(differing_keys(first, second)), tuple(rows),
                      tuple(unused_facts(match, second, two.table)), tuple(lacking_facts(two.table)))
