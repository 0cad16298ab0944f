"""A round in one short line: ``parse_round`` reads what the scorer types, ``format_round`` writes a recorded
round back in the same syntax (``parse_round(format_round(r, m), m) == r``).

The words, separated by spaces, commas or semicolons (a tile is ``3-4``, ``3:4`` or ``3–4``)::

    Masha out, Alex 1-2 3-3, Olya 13, Serg 5         who went out; each other player's tiles or pip total
    m out 3 13 5                                     totals without names: in seating order after the one
                                                     who went out (a fish: from the first player)
    fish by Olya, Masha 2, Alex 3, Olya 13, Serg 5   a blocked round ('fish' alone: the fisherman unknown)
    Ann out on 6-6, led 1-1, Bob 5-5 1-2             the tile (or two doubles) of the out, the opening tile
    Ann out on plain, led plain, Bob 12              neither was a tile any rule scores (the tile not told)
    Ann out, Bob 13, Ann +15 +10, Bob count 20       claims during play (Muggins family): +POINTS, or the
                                                     count of the open ends that the ruleset scores
    Ann out, Bob 13, Ann played 25                   in-play points noted as one total per player
    plays a 66, b 63, a 33; b 5, c 3-4               the hand play by play (``play_line``), up to a
                                                     semicolon or the end of the line: the out or the fish,
                                                     the last tile and the lead are seen from the plays

The words may be Russian or Ukrainian (``Маша вышла``, ``риба``), or typed on the wrong keyboard layout
(``щге``): ``notation.words``; a round is written back in English.  A player is named by any unique start of
the name, in any case (ё is е); a name that is an English word of the syntax, or that cannot be typed as one
word, is written in double quotes (a Russian or Ukrainian word yields to the player it names).  The line
gives the same facts the flags of ``round`` give, and they are checked by the same code
(``record.build_round``, ``checks.check_round``).
"""

import re
from typing import Mapping, NamedTuple, Sequence

from scorekeeper.errors import InputError, quoted
from scorekeeper.domain.facts import PLAIN, Ending, Match, Round, RoundFacts
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.notation.names import match_player
from scorekeeper.notation.numerals import parse_number
from scorekeeper.notation.words import echo_led_plain, echo_word, may_say, round_word, word_in_use
from scorekeeper.domain.tiles import TILE_DASHES, Tile, format_tile, format_tiles, parse_tile

KEYWORDS = ("out", "fish", "by", "on", "led", "count", "played", "plays")
_PLAYS = r"""("[^"]*")|(?<![\w'’.-])(?P<word>[^\W\d_][\w'’.-]*)"""
"""A line's quoted names and words, to find its ``plays`` word (in any language: ``notation.words``)."""
_TOKEN = re.compile(rf"""
    (?P<tile>[0-9]+[{TILE_DASHES}][0-9]+)(?![0-9{TILE_DASHES}])
  | (?P<plus>\+\s*[0-9]+)(?![0-9])
  | (?P<number>[0-9]+)(?![0-9])
  | "(?P<quoted>[^"]*)"
  | (?P<word>[^\W\d_][\w'’.-]*)
  | (?P<space>[\s,;:=]+)
  | (?P<other>\S[^\s,;]*)
""", re.VERBOSE)
_DIGITS = 6
"""More digits than any total or count can have: refused before being read as a number."""
_NAME_WORDS = 6
"""The most words a player's name is looked for in (a name of several words: 'Uncle Vanya')."""


class Token(NamedTuple):
    kind: str
    text: str
    spaced: bool = False
    """Only spaces since the word before (a name of several words does not run on over a comma)."""


def tokens(text: str, names: Sequence[str] = ()) -> list[Token]:
    """The words of a line; a stray character is refused with where it is. ``names``: the players', so that a
    character of one (``Jo\\Ann``, an emoji) that only quotes let a line hold is refused with the quotes to type."""
    found = []
    spaced = False
    for item in _TOKEN.finditer(text):
        kind = item.lastgroup
        if kind == "space":
            spaced = not item.group().strip()
            continue
        if kind == "other":
            name = next((name for name in names if item.group() in name), None)
            if name is not None:
                raise InputError(_("'{text}' is not understood in a round (at character {place}): a name with it "
                                   "is typed in quotes: \"{name}\"").format(text=item.group(),
                                                                         place=item.start() + 1, name=name))
            raise InputError(_("'{text}' is not understood in a round (at character {place}): write players' "
                               "names, tiles like 3-4, totals, and the words {words}").format(
                text=item.group(), place=item.start() + 1, words=", ".join(KEYWORDS)))
        value = item.group(kind)
        if kind == "plus":
            value = value[1:].strip()
        found.append(Token(kind, value, spaced))
        spaced = False
    return found


def read_round(text: str, match: Match, partner_counts: bool = True, max_pip: int = 6,
               held: Mapping[str, int] | None = None, gone: frozenset = frozenset()) -> RoundFacts:
    """What a round line says, as the facts the flags of ``round`` give, every name resolved (InputError for
    a name that is unknown or ambiguous, a tile without a player, a word out of place).  ``partner_counts``:
    false where pairs do not count the hand of the partner of the one out (``count.partner_of_finisher``),
    so that unnamed totals may be given for the hands that count only; ``max_pip``: the set's, for the
    plays' tiles written without a dash.  ``held``: how many tiles each player holds, where the plays tell
    it (a hand typed play by play): a player's numbers are then read as the plays read them, tiles without a
    dash (``36`` is 3-6), when there are as many as the tiles held (one, for an unnamed total); ``gone``: the
    tiles played in the hand, which no hand holds (``12`` for a one-tile hand is the total 12 where 1-2 was
    played)."""
    text, plays = _split_plays(text, match, max_pip)
    words = tokens(text, match.players)
    reader = _Reader(words, match)
    reader.partner_counts = partner_counts
    reader.held, reader.gone, reader.max_pip = held or {}, gone, max_pip
    try:
        facts = reader.read() if text.strip() else RoundFacts()
    except InputError as error:
        for word in words:  # an added word read as the player it names ('рыба' at a table with Рыбаков)
            meaning = round_word(word.text) if word.kind == "word" else None
            if meaning and round_word(word.text, match.players) is None:
                player = match_player(match.players, word.text)
                raise InputError(_("{error} ({word} is {player} at this table: write '{meaning}' for the word)").format(
                    error=error, word=quoted(word.text), player=player, meaning=meaning)) from None
        raise
    return facts._replace(plays=plays) if plays else facts


def _split_plays(text: str, match: Match, max_pip: int) -> tuple[str, tuple]:
    """The line without its plays (from the word ``plays`` to a semicolon or the end), and the plays."""
    if not may_say(text, "plays"):  # most lines: read without the pattern, which is compiled when first needed
        return text, ()
    found = [item for item in re.finditer(_PLAYS, text)
             if item.group("word") and round_word(item.group("word"), match.players) == "plays"]
    if not found:
        return text, ()
    if len(found) > 1:
        raise InputError(_("'plays' is given twice: a round has one hand of plays"))
    start = found[0].start()
    end = text.find(";", found[0].end())
    end = len(text) if end < 0 else end
    written = text[found[0].end():end]
    if not written.strip():
        raise InputError(_("'plays' needs the plays after it: 'plays Ann 6-6, Bob 6-3, ...'"))
    from scorekeeper.notation.play_line import parse_plays  # start-up: only a round typed play by play

    plays = parse_plays(written, match.players, max_pip)
    return text[:start] + " " + text[end + 1:], plays


def is_claims_only(facts: RoundFacts) -> bool:
    """Only points claimed during play: the hand goes on (``play`` records them as ``score`` does)."""
    return (bool(facts.claims) and not facts.out and not facts.fish and not facts.hands and not facts.totals
            and not facts.fisher and not facts.last and not facts.led and not facts.play_points
            and not facts.plain_last and not facts.plain_led)


class _Reader:
    """One pass over the words; ``player`` is the player the next tiles, total or claims belong to."""

    def __init__(self, words: list[Token], match: Match) -> None:
        self.words = words
        self.at = 0
        self.match = match
        self.out: str | None = None
        self.fish = False
        self.fisher: str | None = None
        self.last: list[Tile] = []
        self.led: Tile | None = None
        self.plain_last = False
        self.plain_led = False
        self.hands: list[tuple[str, list[Tile]]] = []
        self.totals: list[tuple[str, int]] = []
        self.unnamed: list[int] = []
        self.claims: list[tuple[str, int, bool]] = []
        self.play_points: list[tuple[str, int]] = []
        self.player: str | None = None
        self.holding: str | None = None
        """'tiles' or 'total' once the current player's hand has been given."""
        self.bare: str | None = None
        """A player just named, with nothing yet said of them: an error if the next word is not about them."""
        self.partner_counts = True
        """Whether the hand of the partner of the one out counts (unnamed totals may skip it when not)."""
        self.held: Mapping[str, int] = {}
        """How many tiles each player holds, where the plays tell it (``read_round``'s ``held``)."""
        self.gone: frozenset = frozenset()
        """Tiles no hand holds (played in this hand): a number that would be one of them is a total."""
        self.max_pip = 6
        self.unnamed_words: list[str] = []
        """The unnamed totals as typed (a one-tile hand's ``36`` is the tile 3-6)."""

    def peek(self, ahead: int = 0) -> Token | None:
        index = self.at + ahead
        return self.words[index] if index < len(self.words) else None

    def take(self) -> Token:
        word = self.words[self.at]
        self.at += 1
        return word

    def keyword(self, word: Token | None) -> str | None:
        """The English word a word of the line means ('out' for 'вышла' or 'щге'), None for a name."""
        if word is not None and word.kind == "word":
            return round_word(word.text, self.match.players)
        return None

    def plain_word(self) -> bool:
        """Whether the next word is 'plain' (taken if so): a tile no rule scores, after 'on' or 'led'."""
        following = self.peek()
        if following is None or following.kind != "word" or \
                following.text.casefold() != PLAIN and self.keyword(following) != "plain":
            return False
        self.take()
        return True

    def read(self) -> RoundFacts:
        while self.peek() is not None:
            self.step()
        self.said_of_named(None)
        totals = tuple(self.totals + self.positional())
        return RoundFacts(out=self.out, fish=self.fish, hands=tuple((p, tuple(t)) for p, t in self.hands),
                          totals=totals, fisher=self.fisher,
                          last=tuple(self.last), led=self.led, claims=tuple(self.claims),
                          play_points=tuple(self.play_points), plain_last=self.plain_last,
                          plain_led=self.plain_led)

    def step(self) -> None:
        word = self.take()
        keyword = self.keyword(word)
        self.said_of_named(word if keyword is None else None, keyword)
        if keyword == "out":  # 'out Masha'; 'Masha out' is read with the name
            self.set_out(self.name(self.expect_name("out", _("'{out}' needs the name of who went out: 'Masha {out}' "
                                                             "(or '{out} Masha')").format(out=word.text))))
            self.player = None
        elif keyword == "fish":
            self.fish = True
            self.player = None
            if self.keyword(self.peek()) == "by":
                self.take()
                self.fisher = self.name(self.expect_name("fish by"))
        elif keyword == "by":
            raise InputError(_("'{by}' names the fisherman: write '{fish} {by} NAME'").format(
                by=word.text, fish="fish" if word.text.casefold() == "by" else word_in_use("round", "fish")))
        elif keyword == "on":
            if self.out is None:
                raise InputError(_("'on' gives the tile someone went out with: write 'NAME out on 6-6'"))
            self.player = None
            if self.last or self.plain_last:
                raise InputError(_("'on' is given twice: give the last tile (or the two doubles) once"))
            if self.plain_word():
                self.plain_last = True
                return
            if self.peek() is None or self.peek().kind != "tile":
                raise InputError(_("'out on' needs the tile (or the two doubles) the player went out with: 'on "
                                   "6-6' or 'on 2-2 5-5'"))
            while self.peek() is not None and self.peek().kind == "tile":
                self.last.append(self.tile(self.take()))
        elif keyword == "led":
            if self.led is not None or self.plain_led:
                raise InputError(_("'led' is given twice: a round opens with one tile"))
            if self.plain_word():
                self.plain_led = True
                self.player = None
                return
            following = self.peek()
            if following is None or following.kind != "tile":
                raise InputError(_("'led' needs the tile that opened the round: 'led 6-6' (or 'led plain')"))
            self.led = self.tile(self.take())
            self.player = None
        elif keyword in ("count", "played"):
            owner = self.owner(word.text)
            number = self.peek()
            if number is None or number.kind != "number":
                raise InputError(_("'{keyword}' needs a number: '{owner} {keyword} 20'").format(
                    keyword=word.text, owner=owner))
            value = self.number(self.take())
            if keyword == "count":
                self.claims.append((owner, value, True))
            else:
                self.play_points.append((owner, value))
        elif word.kind in ("word", "quoted"):
            self.player = self.bare = self.name(word)
            self.holding = None
            if self.keyword(self.peek()) == "out":
                self.take()
                self.set_out(self.player)
                self.player = self.bare = None
        elif word.kind == "tile":
            if self.player is None:
                raise InputError(_("whose tile is {word}? Write the player's name before the tiles ('Alex 1-2 "
                                   "3-3')").format(
                    word=quoted(word.text)))
            tile = self.tile(word)
            if self.holding == "tiles":
                self.hands[-1][1].append(tile)
            else:
                self.hands.append((self.player, [tile]))
                self.holding = "tiles"
        elif word.kind == "number":
            tiles = self.held_tiles(word) if self.player is not None and self.holding is None else None
            if tiles is not None:
                self.hands.append((self.player, tiles))
                self.holding = "tiles"
                return
            value = self.number(word)
            if self.player is not None and self.holding is None:
                self.totals.append((self.player, value))
                self.holding = "total"
            else:
                self.unnamed.append(value)
                self.unnamed_words.append(word.text)
        elif word.kind == "plus":
            owner = self.owner("+" + word.text)
            self.claims.append((owner, self.number(word), False))

    def said_of_named(self, word: Token | None, keyword: str | None = None) -> None:
        """Refuse a name left with nothing after it ('fish Olya, Masha 2'), which would be silently dropped."""
        if self.bare is None or keyword in ("count", "played") or (word and word.kind in ("tile", "number", "plus")):
            self.bare = None
            return
        name, self.bare = self.bare, None
        if word is not None and word.kind in ("word", "quoted"):
            at = self.at
            self.name(word)  # a word that names nobody is refused as such ('Serg five': unknown player 'five')
            self.at = at
        if self.fish and self.fisher is None:
            raise InputError(_("nothing follows {name}: give {name}'s tiles or pip total (the fisherman: 'fish by "
                               "{name}')").format(name=name))
        raise InputError(_("nothing follows {name}: give {name}'s tiles or pip total").format(name=name))

    def expect_name(self, after: str, needs: str = "") -> Token:
        word = self.peek()
        if word is None or word.kind not in ("word", "quoted") or self.keyword(word):
            raise InputError(needs or _("'{after}' needs a player's name after it").format(after=after))
        return self.take()

    def owner(self, what: str) -> str:
        if self.player is None:
            raise InputError(_("whose is '{what}'? Write the player's name before it ('Ann {what}')").format(
                what=what))
        return self.player

    def name(self, word: Token) -> str:
        players = self.match.players
        if word.kind == "quoted":
            return match_player(players, word.text)
        # a name of several words ('Uncle Vanya'): the longest run of words that names one player
        run = 1
        while (run < _NAME_WORDS and self.peek(run - 1) is not None and self.peek(run - 1).kind == "word"
               and self.peek(run - 1).spaced and not self.keyword(self.peek(run - 1))):
            run += 1
        for size in range(run, 1, -1):
            text = " ".join([word.text] + [self.peek(index).text for index in range(size - 1)])
            try:
                player = match_player(players, text)
            except InputError:
                continue
            self.at += size - 1
            return player
        return match_player(players, word.text, KEYWORDS)

    def set_out(self, player: str) -> None:
        if self.out is not None and self.out != player:
            raise InputError(_("two players went out ({out} and {player}): a round has one").format(
                out=self.out, player=player))
        self.out = player

    def tile(self, word: Token) -> Tile:
        return parse_tile(word.text)

    def number(self, word: Token) -> int:
        return parse_number(word.text, N_("a round"), most_digits=_DIGITS)

    def held_tiles(self, word: Token) -> list[Tile] | None:
        """The current player's numbers from ``word`` on read as tiles, as the plays read them (``36`` is
        3-6), where the plays tell how many tiles the player holds and that many numbers follow, each a tile;
        None otherwise (a total)."""
        holds = self.held.get(self.player)
        if not holds:
            return None
        words = [word] + [self.peek(ahead) for ahead in range(holds - 1)]
        tiles = [_tile_word(each, self.max_pip) for each in words]
        if any(tile is None or tile in self.gone for tile in tiles):
            return None
        self.at += holds - 1
        return tiles

    def positional(self) -> list[tuple[str, int]]:
        """Totals without names, for the players not named, in seating order after the one who went out."""
        if not self.unnamed:
            return []
        players = list(self.match.players)
        if self.out is not None:
            start = players.index(self.out) + 1
            players = players[start:] + players[:start]
        elif not self.fish:
            raise InputError(_("say how the round ended before the totals: 'NAME out 3 13 5' or 'fish 2 3 13 5'"))
        named = {player for player, _ in self.hands} | {player for player, _ in self.totals}
        waiting = [player for player in players if player != self.out and player not in named]
        counted = [player for player in waiting if player not in self.uncounted()]
        if len(self.unnamed) != len(waiting):  # the hands that count, in seating order (or every hand)
            waiting = counted
        if len(self.unnamed) != len(waiting):
            given = len(self.unnamed)
            if not waiting:
                raise InputError(ngettext("a total without a name, but every player has a hand: {given} given",
                                          "totals without a name, but every player has a hand: {given} given",
                                          given).format(given=given))
            raise InputError(ngettext("{needed} total needed, in seating order ({players}): {given} given",
                                      "{needed} totals needed, in seating order ({players}): {given} given",
                                      len(waiting)).format(needed=len(waiting), players=", ".join(waiting),
                                                           given=given))
        totals = []
        for player, value, typed in zip(waiting, self.unnamed, self.unnamed_words):
            tile = _tile_word(Token("number", typed), self.max_pip) if self.held.get(player) == 1 else None
            if tile is not None and tile not in self.gone:  # a one-tile hand, its tile typed as the plays type it
                self.hands.append((player, [tile]))
            else:
                totals.append((player, value))
        return totals

    def uncounted(self) -> tuple[str, ...]:
        """The partner of the one out, where pairs do not count that hand (else nobody)."""
        if self.partner_counts or self.out is None:
            return ()
        return tuple(player for player in self.match.side_of(self.out).players if player != self.out)


def _tile_word(word: Token | None, max_pip: int) -> Tile | None:
    """A number typed as the plays type a tile (``36``: 3-6, in a set up to double-nine); None otherwise."""
    if word is None or word.kind != "number" or len(word.text) != 2 or max_pip > 9:
        return None
    low, high = int(word.text[0]), int(word.text[1])
    return Tile.of(low, high) if low <= max_pip and high <= max_pip else None


def format_round(rnd: Round, match: Match, short: bool = False, language: str = "en") -> str:
    """A recorded round in the round syntax, with full names: the line ``parse_round`` reads back to the same
    facts.  ``short``: when every hand is a pip total, the totals without their names, in seating order
    (``Masha out 3 13 5``), where every player but the one out has one; a round with tiles, or without a
    hand for someone (the finisher's partner where pairs do not count it), is written named all through.
    ``language``: the words written (``notation.words.echo_word``: ``Маша выходит`` for a person to read);
    a match file keeps the English ones."""
    players = list(match.players)

    def said(word: str) -> str:
        return word if language == "en" else echo_word("round", word, language, players)

    # unnamed totals are read in seating order, one for each player but the one out: only when each has one
    short = short and all(hand.tiles is None for hand in rnd.hands.values()) and \
        all(player in rnd.hands for player in players if player != rnd.out)
    if rnd.ending is Ending.OUT:
        head = f"{format_name(rnd.out, match)} {said('out')}"
        if rnd.last:
            head += f" {said('on')} " + format_tiles(rnd.last)
        elif rnd.plain_last:
            head += f" {said('on')} {said(PLAIN)}"
        start = players.index(rnd.out) + 1 if rnd.out in players else 0
        players = players[start:] + players[:start]
    else:
        head = said("fish") + (f" {said('by')} {format_name(rnd.fisher, match)}" if rnd.fisher else "")
    parts = [head]
    if rnd.led:
        parts.append(f"{said('led')} {format_tile(rnd.led)}")
    elif rnd.plain_led:
        parts.append(f"{said('led')} {PLAIN if language == 'en' else echo_led_plain(language, players)}")
    unnamed = []
    for player in players:
        hand = rnd.hands.get(player)
        if hand is None:
            continue
        if short and hand.tiles is None:
            unnamed.append(str(hand.total))
            continue
        held = hand.total if hand.tiles is None else format_tiles(hand.tiles)
        parts.append(f"{format_name(player, match)} {held}")
    if unnamed:
        parts[0] += " " + " ".join(unnamed)
    claimer = None
    for claim in rnd.claims:
        # a claim kept as the count of the open ends is written as one
        told = f"{said('count')} {claim.count}" if claim.count is not None else f"+{claim.points}"
        if claim.player == claimer:  # the same player's claims one after another: named once (Ann +15 +10)
            parts[-1] += " " + told
        else:
            parts.append(f"{format_name(claim.player, match)} {told}")
        claimer = claim.player
    for claim in rnd.play_points:
        parts.append(f"{format_name(claim.player, match)} {said('played')} {claim.points}")
    if rnd.plays:
        from scorekeeper.notation.play_line import format_plays  # start-up: as in _split_plays

        parts.append(f"{said('plays')} " + format_plays(rnd.plays, language, match.players))
    return ", ".join(parts)


def format_name(player: str, match: Match) -> str:
    """A player's name as a round line writes it: quoted when the bare name would not read back."""
    try:
        words = tokens(player)
    except InputError:
        words = []
    plain = (words and all(word.kind == "word" and word.text.casefold() not in KEYWORDS for word in words)
             and " ".join(word.text for word in words) == player)
    if plain:
        reader = _Reader(words, match)
        reader.at = 1
        try:
            if reader.name(words[0]) == player and reader.at == len(words):
                return player
        except InputError:
            pass
    return f'"{player}"'
