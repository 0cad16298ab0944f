"""Players' names: which seated player a typed name means, and which names can sit at one table.

A typed name is matched exactly, else by a unique prefix, ignoring case and the letters a scorer cannot type
quickly (ё is е, й is и, é is e, a Cyrillic а is a Latin a): ``fold``.  An unknown or ambiguous name is
refused with the candidates it could have meant.  Names that fold alike cannot sit together
(``alike_problem``): the scorer could not type one without meaning the other.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from scorekeeper.errors import InputError, either, printable, quoted
from scorekeeper.i18n import N_, _

# Letters that look alike in Cyrillic and Latin script (a name typed in the other keyboard layout by mistake),
# and Ukrainian letters a Russian keyboard lacks; accents and ё/й are removed by decomposition.
_LOOKALIKES = str.maketrans({"а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "к": "k",
                             "і": "i", "ј": "j", "ѕ": "s", "є": "e", "ґ": "г", "ё": "e", "ʼ": "'", "’": "'"})


def fold(text: str) -> str:
    """A name as it is compared: case, accents, look-alike letters and runs of spaces folded (``fold('Алёна')
    == fold('алена')``)."""
    import unicodedata  # start-up: only a typed name is folded; a stored play line, read whole, never is

    decomposed = unicodedata.normalize("NFKD", " ".join(text.casefold().split()))
    return "".join(char for char in decomposed if not unicodedata.combining(char)).translate(_LOOKALIKES)


def candidates(players: Sequence[str], typed: str) -> list[str]:
    """The players ``typed`` may mean, best first: the exact name, else every name it folds to or begins."""
    if typed in players:
        return [typed]
    key = fold(typed)
    if not key:
        return []
    same = [player for player in players if fold(player) == key]
    if same:
        return same
    return [player for player in players if fold(player).startswith(key)]


def short_name(player: str, players: Sequence[str]) -> str:
    """The shortest start of ``player``'s name that names nobody else (as the round line reads names)."""
    for length in range(1, len(player)):
        start = player[:length].casefold()
        if not any(other != player and other.casefold().startswith(start) for other in players):
            return start
    return player


def match_player(players: Sequence[str], typed: str, extra: Iterable[str] = ()) -> str:
    """The one seated player ``typed`` means, or InputError with what it could have meant.  ``extra``: other
    words that were possible at that point (the round syntax's keywords), offered when they are close."""
    extra = list(extra)
    found = candidates(players, typed)
    if len(found) == 1:
        return found[0]
    shown = quoted(typed)  # a pasted screenful of text stays one short line
    if found:
        raise InputError(_("{shown} could be {found}: type more of the name").format(
            shown=shown, found=either(found)))
    near = similar(players, typed) or similar(extra, typed, closer=0.75)
    if near:
        if extra:
            raise InputError(_("unknown player or word {shown} (did you mean {near}?)").format(
                shown=shown, near=either(near)))
        raise InputError(_("unknown player {shown} (did you mean {near}?)").format(shown=shown, near=either(near)))
    raise InputError(_("unknown player {shown} (players: {players})").format(
        shown=shown, players=', '.join(players)))


def similar(names: Sequence[str], typed: str, most: int = 3, closer: float = 0.6) -> list[str]:
    """Names close to ``typed`` (a typo, two letters swapped), compared with the whole name and with its start."""
    from difflib import SequenceMatcher  # start-up: keeps difflib out until a name is not found

    key = fold(typed)
    if not key:
        return []
    scored = []
    for name in names:
        folded = fold(name)
        ratio = max(SequenceMatcher(None, key, folded).ratio(),
                    SequenceMatcher(None, key, folded[:len(key)]).ratio() if len(key) >= 3 else 0)
        if ratio >= closer:
            scored.append((-ratio, name))
    return [name for _, name in sorted(scored)[:most]]


def name_problem(name: str, what: str = N_("a player's name"), separators: str = "=,+\"") -> str | None:
    """Why ``name`` cannot be a name (None when it can): empty, padded with spaces, holding a control or
    invisible character, or one of the characters the command line uses to separate names and values.
    ``what`` the name would be is a message (marked ``N_`` where it is written), said in the language in use."""
    what = _(what)
    if not name.strip():
        return _("an empty name cannot be {what}").format(what=what)
    if name != name.strip():
        return _("'{name}' cannot be {what}: it starts or ends with a space").format(name=printable(name),
                                                                                     what=what)
    odd = [char for char in name if not char.isprintable()]
    if odd:
        return _("{name} cannot be {what}: it holds a control or invisible character ({character})").format(
            name=quoted(name, 40), what=what, character=printable(odd[0]))
    bad = [char for char in separators if char in name]
    if bad:
        return _("{name} cannot be {what}: it holds '{character}' (names cannot hold {characters})").format(
            name=quoted(name, 40), what=what, character=bad[0], characters=" ".join(separators))
    return None


def alike_problem(names: Iterable[str]) -> str | None:
    """Why a list of names cannot sit together (two that ``fold`` alike), or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = fold(name)
        if key in seen:
            if seen[key] == name:
                return _("two players are called '{name}'").format(name=printable(name))
            return _("'{first}' and '{second}' are the same name to scorekeeper (case, accents, spaces, ё/е and "
                     "letters that look alike are not told apart): give the players names that differ").format(
                first=printable(seen[key]), second=printable(name))
        seen[key] = name
    return None
