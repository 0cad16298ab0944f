"""What a ruling gives back: a verdict and its reasons, each a citation of a ruleset key and its source."""

from typing import NamedTuple

from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.schema import KEYS_BY_PATH, SPECIAL_HANDS, SPECIAL_HANDS_SOURCE, plain


class Citation(NamedTuple):
    """One reason of a ruling, citing its rule: the ruleset key, the ruleset's value for it, what the rule says
    here and where it comes from.  The text is in the language in use, as the steps of the scoring it often
    quotes are: a ruling, like an explanation, is worked out to be shown at once; code reads its key, never
    its words."""

    key: str | None
    value: str
    text: str
    source: str = ""

    def to_dict(self) -> dict:
        return {"key": self.key, "value": self.value, "text": self.text, "source": self.source}


def key_value(ruleset: Ruleset, key: str) -> str:
    if key == SPECIAL_HANDS:
        return ruleset.describe_special_hands()
    return plain(ruleset[key])


def key_source(ruleset: Ruleset, key: str | None) -> str:
    """Where a key's rule comes from (the schema's source text, in the language in use, with the articles'
    titles), and which ruleset file set it."""
    if key is None:
        return ""
    from scorekeeper.rules.book import cite  # start-up: keeps the rule book out of rulings without a key

    source = cite(_(SPECIAL_HANDS_SOURCE if key == SPECIAL_HANDS else KEYS_BY_PATH[key].source))
    set_by = ruleset.set_by.get(key)
    if set_by:
        source = _("{source}; set by {file}").format(source=source, file=set_by) if source else \
            _("set by {file}").format(file=set_by)
    return source


def citation(ruleset: Ruleset, key: str | None, text: str) -> Citation:
    """A reason of a ruling citing ``key`` (its value in ``ruleset`` and its source), or a plain fact when key
    is None."""
    if key is None:
        return Citation(None, "", text)
    return Citation(key, key_value(ruleset, key), text, key_source(ruleset, key))
