"""The words people type, in each language the tables speak: one table per language, English first.

A word is looked up by what it means, the English word (``round_word``, ``command_word``, ``play_word``):
the English words always work, and so do the Russian and Ukrainian ones, whatever language the session
speaks (a table may switch, and people switch keyboard layouts mid-game).  A word typed on the wrong
keyboard layout is recognised too: an English word typed with the Russian or Ukrainian layout on (``щге``
is ``out``), and a Russian or Ukrainian word typed with the English layout on (``dsitk`` is ``вышел``) where
every letter of it sits on a letter key.  Case does not matter, nor ё against е.

The added words never take a player's name away: a word that names a seated player today (the whole name
or a unique start of it, as ``names.match_player`` reads it) keeps meaning that player, and only the English
word then says the word (``fish`` at a table with Рыбаков, where ``рыба`` is Рыбаков).  The English words
keep their precedence over names, as before: a player called Out is written "Out" in double quotes.
"""

from typing import Mapping, NamedTuple, Sequence

from scorekeeper.domain.facts import PLAIN
from scorekeeper.i18n import language as language_in_use
from scorekeeper.notation.names import candidates


class Words(NamedTuple):
    """One language's words, each keyed by the English word it means (which is the first of its own).  The
    first word of each is the one the language writes back (``echo_word``): a form with no gender where the
    others have one (``выходит`` beside ``вышел``, ``вышла``), since the echo does not know who a player is."""

    language: str
    round: Mapping[str, tuple[str, ...]]
    """The round line's words (``notation.round_line.KEYWORDS``, and 'plain' after 'on' or 'led', which
    English reads as a word of its own, ``domain.facts.PLAIN``, never as a name's rival)."""
    commands: Mapping[str, tuple[str, ...]]
    """The session's commands (``live.commands.COMMANDS``; 'rematch' is 'again')."""
    options: Mapping[str, tuple[str, ...]]
    """The words a command takes after it: 'table all', 'undo list', 'check fish|deal|hand|count'."""
    plays: Mapping[str, tuple[str, ...]]
    """The play line's words (``notation.play_line.KEYWORDS`` in English), read by ``play_word``."""
    answers: Mapping[str, tuple[str, ...]]
    """The answers to the session's yes/no question."""
    led_plain: str = ""
    """'plain' after 'led' where the language says it otherwise than after 'on' (one of its 'plain' words):
    Ukrainian ``виходить останньою простою``, but ``захід простий``."""


ENGLISH = Words(
    "en",
    round={"out": ("out",), "fish": ("fish",), "by": ("by",), "on": ("on",), "led": ("led",),
           "count": ("count",), "played": ("played",), "plays": ("plays",)},
    commands={"undo": ("undo",), "allow": ("allow",), "redo": ("redo",), "edit": ("edit",), "delete": ("delete",),
              "table": ("table",), "explain": ("explain",), "ends": ("ends",), "held": ("held",),
              "check": ("check",), "rules": ("rules",),
              "again": ("again", "rematch"), "save": ("save",), "help": ("help",), "quit": ("quit",),
              "exit": ("exit",)},
    options={"all": ("all",), "list": ("list",), "fish": ("fish",), "deal": ("deal",), "hand": ("hand",),
             "count": ("count",)},
    plays={"knocks": ("knocks", "knock", "passes", "pass"), "draws": ("draws", "draw"), "on": ("on",),
           "missed": ("missed",), "muggins": ("muggins",)},
    answers={"yes": ("y", "yes"), "no": ("n", "no")},
)

RUSSIAN = Words(
    "ru",
    round={"out": ("выходит", "вышел", "вышла", "вышли"), "fish": ("рыба",),
           "by": ("рыбак", "закрыл", "закрыла", "закрыли", "закрывает"),
           "on": ("последней", "последним", "последними"), "led": ("заход", "зашёл", "зашла", "зашли"),
           "count": ("концы", "счёт"), "played": ("сыграно", "сыграл", "сыграла", "сыграли"), "plays": ("ходы",),
           "plain": ("простой", "простая")},
    commands={"undo": ("отмена", "отменить"), "allow": ("оставить", "засчитать"), "redo": ("вернуть",),
              "edit": ("исправить", "правка"),
              "delete": ("удалить",), "table": ("таблица",), "explain": ("объяснить", "почему"),
              "ends": ("стол",), "held": ("кости",),
              "check": ("проверить", "проверка"), "rules": ("правила",), "again": ("заново", "реванш"),
              "save": ("сохранить",), "help": ("помощь", "справка"), "quit": ("выход", "выйти"),
              "exit": ()},
    options={"all": ("все", "всё"), "list": ("список",), "fish": ("рыба",), "deal": ("раздача",),
             "hand": ("рука",), "count": ("концы", "счёт")},
    plays={"knocks": ("стучит", "стук", "пас", "стучал", "стучала", "стучали", "постучал", "постучала",
                      "постучали", "пасует", "пасовал", "пасовала", "пасовали"),
           "draws": ("берёт", "базар", "брал", "брала", "брали", "взял", "взяла", "взяли"), "on": ("на",),
           "missed": ("прозевано", "прозевал", "прозевала", "прозевали"), "muggins": ("маггинс",)},
    answers={"yes": ("да", "д"), "no": ("нет", "н")},
)

UKRAINIAN = Words(
    "uk",
    round={"out": ("виходить", "вийшов", "вийшла", "вийшли"), "fish": ("риба",),
           "by": ("рибалка", "закрив", "закрила", "закрили", "закриває"),
           "on": ("останньою", "останнім", "останніми"), "led": ("захід", "зайшов", "зайшла", "зайшли"),
           "count": ("кінці", "рахунок"), "played": ("зіграно", "зіграв", "зіграла", "зіграли"), "plays": ("ходи",),
           "plain": ("простою", "проста", "простий")},
    commands={"undo": ("скасувати", "відміна"), "allow": ("залишити", "зарахувати"), "redo": ("повернути",),
              "edit": ("виправити", "правка"),
              "delete": ("видалити",), "table": ("таблиця",), "explain": ("пояснити", "чому"),
              "ends": ("стіл",), "held": ("кістки",),
              "check": ("перевірити", "перевірка"), "rules": ("правила",), "again": ("знову", "реванш"),
              "save": ("зберегти",), "help": ("довідка", "допомога"), "quit": ("вихід", "вийти"),
              "exit": ()},
    options={"all": ("усі", "всі"), "list": ("список",), "fish": ("риба",), "deal": ("роздача",),
             "hand": ("рука",), "count": ("кінці", "рахунок")},
    plays={"knocks": ("стукає", "стук", "пас", "стукав", "стукала", "стукали", "постукав", "постукала",
                      "постукали", "пасує", "пасував", "пасувала", "пасували"),
           "draws": ("бере", "базар", "брав", "брала", "брали", "взяв", "взяла", "взяли", "узяв", "узяла",
                     "узяли"), "on": ("на",),
           "missed": ("проґавлено", "проґавив", "проґавила", "проґавили", "прогавлено", "прогавив", "прогавила",
                      "прогавили"),
           "muggins": ("маґґінс", "маггінс")},
    answers={"yes": ("так",), "no": ("ні", "н")},
    led_plain="простий",
)

LANGUAGES: Mapping[str, Words] = {words.language: words for words in (ENGLISH, RUSSIAN, UKRAINIAN)}
"""Every language's words, by language code; all of them are understood at once."""

_LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
LAYOUTS: Mapping[str, str] = {
    "ru": "йцукенгшщзхъфывапролджэячсмитьбюё",
    "uk": "йцукенгшщзхїфівапролджєячсмитьбю'",
    "uk-mac": "йцукенгшщзхїфивапролджєячсмітьбю'",
}
"""What each key of an English (QWERTY) keyboard types under the Russian layout and the Ukrainian ones
(Windows and Linux; macOS, which swaps и and і), key for key in the order of ``_LATIN``."""


def fold_word(text: str) -> str:
    """A typed word as it is compared with the words: case folded, ё as е, the Ukrainian apostrophe as '."""
    return text.casefold().replace("ё", "е").replace("ʼ", "'").replace("’", "'")


def on_layout(word: str, layout: str, back: bool = False) -> str | None:
    """``word`` as typed with keyboard ``layout`` on (``back``: a word of that layout typed with the English
    one on); None when some letter has no letter key there (it could not come out as one word)."""
    keys, table = _KEYS[layout, back]
    folded = fold_word(word)
    if not keys.issuperset(folded):
        return None
    typed = folded.translate(table)
    return typed if typed.isalpha() else None


_KEYS = {(layout, back): (frozenset(source), str.maketrans(source, target))
         for layout, keys in LAYOUTS.items()
         for back, (source, target) in ((False, (_LATIN, keys)), (True, (keys, _LATIN)))}


def _forms(table: str) -> dict[str, str]:
    """Every typed form of one table's words (the round line's, the commands, ...), to the English word: the
    words themselves first, then the words as typed on the wrong layout where that is no word already."""
    forms: dict[str, str] = {}
    for words in LANGUAGES.values():
        for meaning, said in getattr(words, table).items():
            for word in said:
                forms.setdefault(fold_word(word), meaning)
    derived: dict[str, set[str]] = {}
    for words in LANGUAGES.values():
        for meaning, said in getattr(words, table).items():
            for word in said:
                for layout in LAYOUTS:
                    typed = on_layout(word, layout, back=words.language != "en")
                    if typed and typed not in forms:
                        derived.setdefault(typed, set()).add(meaning)
    # a form two words came out as means neither (the answers: 'no', the side that changes nothing)
    forms.update({typed: meant.pop() if len(meant) == 1 else "" for typed, meant in derived.items()})
    return forms


_FOLDED: dict[str, dict[str, str]] = {}
"""Each table's typed forms (``_forms``), worked out when a word of that table is first looked up: a command
reads one or two of the tables (``round`` the round line's), and folding all five costs every command."""


def _folded(table: str) -> dict[str, str]:
    forms = _FOLDED.get(table)
    if forms is None:
        forms = _FOLDED[table] = _forms(table)
        if table == "answers":
            forms.pop(on_layout("д", "ru", back=True))  # 'l': a slip of the finger must not confirm a change
    return forms


_ENGLISH_ROUND = frozenset(fold_word(word) for words in ENGLISH.round.values() for word in words)
_ENGLISH_COMMANDS = frozenset(fold_word(word) for words in ENGLISH.commands.values() for word in words)


def _meant(table: str, english_words: frozenset[str], text: str, players: Sequence[str] | None) -> str | None:
    key = fold_word(text)
    meaning = _folded(table).get(key) or None
    if meaning is None or key in english_words or not players:
        return meaning
    return None if len(candidates(players, text)) == 1 else meaning


def may_say(text: str, meaning: str) -> bool:
    """Whether ``text`` holds, anywhere, a form of the round line's word ``meaning`` ('plays'): False means
    no word of it is that word, in any language or layout, and it need not be split into words to find one."""
    forms = _FORMS_OF.get(meaning)
    if forms is None:
        forms = _FORMS_OF[meaning] = tuple(form for form, meant in _folded("round").items() if meant == meaning)
    folded = fold_word(text)  # folds letter by letter: a word's folded form stands in its line's
    return any(form in folded for form in forms)


_FORMS_OF: dict[str, tuple[str, ...]] = {}


def round_word(text: str, players: Sequence[str] | None = None) -> str | None:
    """The round line's word ``text`` means ('out' for 'вышла', 'щге' or 'Out'), or None.  ``players``: the
    seated players, a word added to the English ones yielding to the one player it names."""
    return _meant("round", _ENGLISH_ROUND, text, players)


def command_word(text: str, players: Sequence[str] | None = None) -> str | None:
    """The session command ``text`` means ('undo' for 'отмена' or 'гтвщ', 'again' for 'rematch'), or None;
    ``players`` as for ``round_word``."""
    return _meant("commands", _ENGLISH_COMMANDS, text, players)


def option_word(text: str) -> str | None:
    """The word after a command ``text`` means ('all' for 'все', 'fish' for 'рыба'), or None."""
    return _folded("options").get(fold_word(text))


def play_word(text: str) -> str | None:
    """The play line's word ``text`` means ('knocks' for 'стук'), or None."""
    return _folded("plays").get(fold_word(text))


def answer_word(text: str) -> str | None:
    """'yes' or 'no' for an answer to the session's question ('да', 'так', 'нуы': yes on the Russian layout),
    None for anything else.  A letter that is yes in one reading and no in another is no: 'т' is 'n' typed on
    the Russian and Ukrainian layouts, so it cannot be Ukrainian 'так'; 'н' is Russian 'нет' (and 'y' on the
    Russian layout): the change waits for a clear yes, and 'l' ('д' on the English layout) is no answer."""
    meaning = _folded("answers").get(fold_word(text.strip()))
    return None if meaning is None else meaning or "no"


def echo_word(table: str, meaning: str, language: str, players: Sequence[str] = ()) -> str:
    """The word a round or a play is written back with for a person (``table`` 'round' or 'plays',
    ``meaning`` the English word): the first of ``language``'s words, or the English word where the language
    has none, or where its word names one of ``players`` (names come first: the echo must read back as the
    same round when it is typed)."""
    words = LANGUAGES.get(language)
    said = getattr(words, table).get(meaning) if words is not None else None
    if not said or (players and candidates(players, said[0])):
        return meaning
    return said[0]


def echo_led_plain(language: str, players: Sequence[str] = ()) -> str:
    """'plain' as written back after 'led' (``echo_word``'s rules: a word naming a player is not used)."""
    words = LANGUAGES.get(language)
    if words is not None and words.led_plain and not (players and candidates(players, words.led_plain)):
        return words.led_plain
    return echo_word("round", PLAIN, language, players)


def word_in_use(table: str, meaning: str) -> str:
    """``meaning`` (the English word of one of the tables: 'round', 'commands', 'options', 'plays') as the
    language in use types it: its first word, or the English word where that language has none (the English
    words always work).  What a message says the scorer may type ('{undo} {all}')."""
    return echo_word(table, meaning, language_in_use())


def words_of(table: str, languages: Sequence[str], meanings: Sequence[str] | None = None) -> list[str]:
    """Every word of one of the tables ('round', 'commands', 'options', 'plays') in ``languages`` (codes, in
    that order; of ``meanings`` only, where given): what Tab completes, what a mistyped command may have
    meant."""
    return [word for code in languages for meaning, said in getattr(LANGUAGES[code], table).items()
            if meanings is None or meaning in meanings for word in said]


def spoken() -> tuple[str, ...]:
    """The languages whose words the session offers: English, and the language in use."""
    return tuple(dict.fromkeys(("en", language_in_use() if language_in_use() in LANGUAGES else "en")))
