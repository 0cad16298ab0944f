"""What a hand counts under a ruleset: the same ``scoring.hands.hand_value`` the table uses."""

from typing import NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.i18n import _, ngettext
from scorekeeper.domain.facts import Hand
from scorekeeper.referee.verdict import Citation, citation
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import SPECIAL_HANDS
from scorekeeper.scoring.hands import hand_value
from scorekeeper.scoring.table import Step
from scorekeeper.domain.tiles import Tile, format_tiles


class HandRuling(NamedTuple):
    value: int
    pips: int
    special: bool
    """Whether a special-hand rule gave the value."""
    reasons: tuple[Citation, ...]

    @property
    def verdict(self) -> str:
        """The ruling in one sentence."""
        said = _("The hand counts {value} (a special hand).") if self.special else _("The hand counts {value}.")
        return said.format(value=self.value)

    def to_dict(self) -> dict:
        return {"value": self.value, "pips": self.pips, "special": self.special,
                "reasons": [item.to_dict() for item in self.reasons]}


def check_hand(ruleset: Ruleset, tiles: tuple[Tile, ...]) -> HandRuling:
    """The value of a hand of exactly these tiles, naming the special-hand rule that applied, if any."""
    if not tiles:
        raise InputError(_("no tiles given"))
    ruleset.tileset.check(tiles, where="hand")
    steps: list[Step] = []
    value = hand_value(ruleset, None, Hand(tiles=tuple(tiles)), steps, [])
    pips = sum(tile.pips for tile in tiles)
    arithmetic = " + ".join(str(tile.pips) for tile in tiles)
    reasons = [citation(ruleset, step.key, step.text) for step in steps]
    special = any(step.key == SPECIAL_HANDS for step in steps)
    if not special:
        if len(tiles) > 1:
            text = ngettext("{tiles}: {arithmetic} = {n} pip", "{tiles}: {arithmetic} = {n} pips", pips).format(
                tiles=format_tiles(tiles), arithmetic=arithmetic, n=pips)
        else:
            text = ngettext("{tiles}: {n} pip", "{tiles}: {n} pips", pips).format(tiles=tiles[0], n=pips)
        near = [hand for hand in ruleset.special_hands if set(hand) & set(tiles)]
        if near:
            shown = ", ".join(_("exactly {tiles} = {value}").format(tiles=format_tiles(hand),
                                                                    value=ruleset.special_hands[hand])
                              for hand in near)
            text = _("{counted}; the special hands ({shown}) count only when the hand is exactly those tiles").format(
                counted=text, shown=shown)
        elif ruleset.special_hands:
            text = _("{counted}; no special hand applies").format(counted=text)
        else:
            text = _("{counted}; {ruleset} has no special hands").format(counted=text, ruleset=ruleset.called)
        reasons.append(citation(ruleset, SPECIAL_HANDS, text))
    return HandRuling(value, pips, special, tuple(reasons))
