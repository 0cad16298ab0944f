"""Issue 32, Must be shown 1: whole hands typed with the tiles alone in ``scorekeeper play``, through a real
pseudo-terminal of 40 columns and 24 lines, in English and in Russian.  An All Fives hand (four players) that
ends in an out, and a Goat hand (three players, so that there is a bazaar to draw from) that ends in a fish
with its fisherman, each with: who leads asked and answered with one key, the end asked where a tile fits two
places, a refused play (a tile that fits no end; a play out of turn), questions (``?``, ``? 46``), a mid-hand
``table``, a draw while able said at the play that proves it and let stand (``allow``), the session killed
(SIGKILL) mid-hand and the hand taken up by a new one, then the hands.  Every step asserts the whole screen it
shows, each line within 40 columns; what changes nothing leaves the match file as it was, and the file at the
end holds the round with its ruling (``allowed = [...]``)."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play, ended  # noqa: E402

from scorekeeper.domain.facts import Breach, Ruling  # noqa: E402
from scorekeeper.notation.play_line import format_plays  # noqa: E402
from scorekeeper.storage.matchfile import load_match  # noqa: E402

pytestmark = pytest.mark.slow

KILL = "kill -9"
"""Not typed: the session is killed (SIGKILL), and a new session on the same folder takes the hand up."""
TERMINAL = {"TERM": "xterm", "PAGER": ""}
"""A terminal as a scorer's is: on a dumb one, readline scrolls a line sideways where a Cyrillic question
leaves it less room than it thinks (``<дит? [а/б/в/г] а``).  No pager: every answer here fits 24 lines."""
WIDTH, HEIGHT = 40, 24
LEAVE = {"en": ("quit", "Saved in match.toml."), "ru": ("выход", "Сохранено в match.toml.")}

# Each step: what is typed, the answers to the questions it asks, and the screen from the line typed on to the
# next prompt (the first step: the greeting; KILL: the greeting of the session that takes the hand up).
ALL_FIVES_EN = [  # the deal: Ann 6-6 3-4 2-6 2-5 0-5, Bob 3-6 4-4 2-3 2-2 1-3, Cat 0-6 0-3 1-6 1-1 3-5,
    # Dan 4-6 1-4 1-5 0-1 4-5; the bazaar 5-6 1-2 ... (Bob draws 5-6 while he could lay 3-6, Ann 1-2 when she cannot)
    ("", (), """\
New All Fives match in match.toml: Ann,
Bob, Cat, Dan.
The first round's leader is chosen by
lot and may lead any tile.
Type a round, 'help' or 'quit'.
#1> """),
    ("66", ("a",), """\
who leads? [a/b/c/d] a
Ann 6-6 · 6+6 = 12 · Bob
#1 12 Bob> """),
    ("+", (), """\
Bob draws 1 · Bob
#1 12 Bob> """),
    ("56", (), """\
Bob 6-5 · 6+6+5 = 17 · Cat
#1 17 Cat> """),
    ("c 34", (), """\
Error: Cat 3-4: 3-4 does not match an
  open end (the ends show 5 and the
  spinner 6-6)
#1 17 Cat> """),
    ("06", (), """\
Cat 6-0 · 5+0 = 5 · +5 · Dan
Not called? An opponent may say muggins.
#1 5 Dan> """),
    ("?", (), """\
Ends 5, 0 and the spinner 6-6, count 5;
  Dan to play.
Tiles held: Ann 4, Bob 5 (drew 1), Cat
  4, Dan 5.
Bazaar: 7 tiles.
#1 5 Dan> """),
    ("? 46", (), """\
Dan may lay 4-6: count 9.
#1 5 Dan> """),
    ("46", (), """\
Dan 6-4 · 5+0+4 = 9 · Ann
#1 9 Ann> """),
    ("34", (), """\
Ann 4-3 · 5+0+3 = 8 · Bob
#1 8 Bob> """),
    ("36", ("6",), """\
3-6 on 6 or 3? 6
Bob 6-3 on 6 · 5+0+3+3 = 11 · Cat
Play 2 (Bob draws 1): Bob could play
  before drawing: 3-6 5-6 fit the ends
  (6 on the spinner 6-6) and at most 1
  of them came from the bazaar
  (bazaar.draw_while_able = false).
  'allow' lets it stand.
#1 11 Cat> """),
    (KILL, (), """\
All Fives match in match.toml: Ann, Bob,
Cat, Dan; 0 rounds so far.
The hand in play is taken up (7 plays
kept): Cat to play.
Play 2 (Bob draws 1): Bob could play
before drawing: 3-6 5-6 fit the ends (6
on the spinner 6-6) and at most 1 of
them came from the bazaar
(bazaar.draw_while_able = false).
'allow' lets it stand.
Type a round, 'help' or 'quit'.
#1 11 Cat> """),
    ("allow", (), """\
Let stand: play 2 (Bob draws 1).
#1 11 Cat> """),
    ("03", ("0",), """\
0-3 on 0 or 3-4? [0/4] 0
Cat 0-3 on 0 · 5+3+3+3 = 14 · Dan
#1 14 Dan> """),
    ("15", (), """\
Dan 5-1 · 3+3+3+1 = 10 · +10 · Ann
#1 10 Ann> """),
    ("+", (), """\
Ann draws 1 · Ann
#1 10 Ann> """),
    ("12", (), """\
Ann 1-2 · 3+3+3+2 = 11 · Bob
#1 11 Bob> """),
    ("22", (), """\
Bob 2-2 · 3+3+3+4 = 13 · Cat
#1 13 Cat> """),
    ("35", (), """\
Cat 3-5 · 3+3+4+5 = 15 · +15 · Dan
#1 15 Dan> """),
    ("45", (), """\
Dan 5-4 · 3+3+4+4 = 14 · Ann
#1 14 Ann> """),
    ("25", (), """\
Ann 2-5 · 3+3+4+5 = 15 · +15 · Bob
#1 15 Bob> """),
    ("table", (), """\
All Fives: 0 rounds; first to 200 wins

#  round  Ann  Bob  Cat  Dan
-  -----  ---  ---  ---  ---
   total   15    0   20   10

hand in play: 15 plays, Bob to play
in play this hand: Ann 15, Cat 20, Dan
  10 (already in the totals)
#1 15 Bob> """),
    ("13", (), """\
Bob 3-1 · 3+4+5+1 = 13 · Cat
#1 13 Cat> """),
    ("11", (), """\
Cat 1-1 · 3+4+5+2 = 14 · Dan
#1 14 Dan> """),
    ("14", ("4",), """\
1-4 on 4 or 1? 4
Dan 4-1 on 4 · 3+5+2+1 = 11 · Ann
#1 11 Ann> """),
    ("05", (), """\
Ann 5-0 · 3+2+1+0 = 6 · Bob
#1 6 Bob> """),
    ("23", (), """\
Bob 3-2 · 2+1+0+2 = 5 · +5 · Cat
#1 5 Cat> """),
    ("16", ("1",), """\
1-6 on 1-1 or 1-4? [1/4] 1
Cat 1-6 on 1-1 · 1+0+2+6 = 9 · out
Cat went out with 1-6 (led 6-6). What do
  the other hands hold? Tiles or totals,
  as in a round line: a 00 b 01 d 02
#1 hands> """),
    ("01 26 44", (), """\
Round 1: Cat out on 1-6 · led 6-6
  Dan 0-1 · Ann 2-6 · Bob 4-4 · 21 plays

#  round      Ann  Bob    Cat    Dan
-  -------  -----  ---  -----  -----
1  Cat out  15→15  5→5  35→35  10→10
   total       15    5     35     10

Ann 15 · Bob 5 · Cat 35 · Dan 10
Cat leads
#2> """),
]

ALL_FIVES_RU = [  # the same hand, the players Аня, Боря, Вика and Гена
    ("", (), """\
Новая партия «Все пятёрки» в match.toml:
Аня, Боря, Вика, Гена.
Кто заходит в первом коне, решает
жребий; заходить можно с любой кости.
Введите кон, 'помощь' или 'выход'.
#1> """),
    ("66", ("а",), """\
кто заходит? [а/б/в/г] а
Аня 6-6 · 6+6 = 12 · Боря
#1 12 Боря> """),
    ("+", (), """\
Боря берёт 1 · Боря
#1 12 Боря> """),
    ("56", (), """\
Боря 6-5 · 6+6+5 = 17 · Вика
#1 17 Вика> """),
    ("в 34", (), """\
Ошибка: Вика 3-4: 3-4 не подходит ни к
  одному открытому концу (открыты: 5 и
  спиннер 6-6)
#1 17 Вика> """),
    ("06", (), """\
Вика 6-0 · 5+0 = 5 · +5 · Гена
Не объявлено? Соперник может сказать
  «маггинс».
#1 5 Гена> """),
    ("?", (), """\
Концы 5, 0 и спиннер 6-6, сумма 5; ходит
  Гена.
Костей на руках: Аня 4, Боря 5 (с базара
  1), Вика 4, Гена 5.
На базаре 7 костей.
#1 5 Гена> """),
    ("? 46", (), """\
Гена может положить 4-6: сумма концов 9.
#1 5 Гена> """),
    ("46", (), """\
Гена 6-4 · 5+0+4 = 9 · Аня
#1 9 Аня> """),
    ("34", (), """\
Аня 4-3 · 5+0+3 = 8 · Боря
#1 8 Боря> """),
    ("36", ("6",), """\
3-6 на 6 или 3? 6
Боря 6-3 на 6 · 5+0+3+3 = 11 · Вика
Ход 2 (Боря берёт 1): игроку Боря было
  чем ходить, не беря с базара: 3-6 5-6
  подходят к концам (6 на спиннере 6-6),
  а с базара пришло не больше 1 из них
  (bazaar.draw_while_able = false).
  'оставить' — оставить его в силе.
#1 11 Вика> """),
    (KILL, (), """\
Партия «Все пятёрки» в match.toml: Аня,
Боря, Вика, Гена; сыграно 0 конов.
Текущий кон продолжается (сохранено 7
ходов): ходит Вика.
Ход 2 (Боря берёт 1): игроку Боря было
чем ходить, не беря с базара: 3-6 5-6
подходят к концам (6 на спиннере 6-6), а
с базара пришло не больше 1 из них
(bazaar.draw_while_able = false).
'оставить' — оставить его в силе.
Введите кон, 'помощь' или 'выход'.
#1 11 Вика> """),
    ("оставить", (), """\
Оставлено в силе: ход 2 (Боря берёт 1).
#1 11 Вика> """),
    ("03", ("0",), """\
0-3 на 0 или 3-4? [0/4] 0
Вика 0-3 на 0 · 5+3+3+3 = 14 · Гена
#1 14 Гена> """),
    ("15", (), """\
Гена 5-1 · 3+3+3+1 = 10 · +10 · Аня
#1 10 Аня> """),
    ("+", (), """\
Аня берёт 1 · Аня
#1 10 Аня> """),
    ("12", (), """\
Аня 1-2 · 3+3+3+2 = 11 · Боря
#1 11 Боря> """),
    ("22", (), """\
Боря 2-2 · 3+3+3+4 = 13 · Вика
#1 13 Вика> """),
    ("35", (), """\
Вика 3-5 · 3+3+4+5 = 15 · +15 · Гена
#1 15 Гена> """),
    ("45", (), """\
Гена 5-4 · 3+3+4+4 = 14 · Аня
#1 14 Аня> """),
    ("25", (), """\
Аня 2-5 · 3+3+4+5 = 15 · +15 · Боря
#1 15 Боря> """),
    ("таблица", (), """\
Все пятёрки: 0 конов; кто первым наберёт
  200, побеждает

#  кон    Аня  Боря  Вика  Гена
-  -----  ---  ----  ----  ----
   итого   15     0    20    10

идёт кон: 15 ходов, ходит Боря
в этом коне по ходу игры: Аня 15, Вика
  20, Гена 10 (уже в итогах)
#1 15 Боря> """),
    ("13", (), """\
Боря 3-1 · 3+4+5+1 = 13 · Вика
#1 13 Вика> """),
    ("11", (), """\
Вика 1-1 · 3+4+5+2 = 14 · Гена
#1 14 Гена> """),
    ("14", ("4",), """\
1-4 на 4 или 1? 4
Гена 4-1 на 4 · 3+5+2+1 = 11 · Аня
#1 11 Аня> """),
    ("05", (), """\
Аня 5-0 · 3+2+1+0 = 6 · Боря
#1 6 Боря> """),
    ("23", (), """\
Боря 3-2 · 2+1+0+2 = 5 · +5 · Вика
#1 5 Вика> """),
    ("16", ("1",), """\
1-6 на 1-1 или 1-4? [1/4] 1
Вика 1-6 на 1-1 · 1+0+2+6 = 9 · выходит
Вика выходит на 1-6 (заход 6-6). Что на
  руках у остальных? Кости или суммы,
  как в строке кона: а 00 б 01 г 02
#1 руки> """),
    ("01 26 44", (), """\
Кон 1: Вика выходит последней 1-6
  заход 6-6 · Гена 0-1 · Аня 2-6
  Боря 4-4 · 21 ход

# кон            Аня Боря  Вика  Гена
- ------------ ----- ---- ----- -----
1 Вика выходит 15→15  5→5 35→35 10→10
  итого           15    5    35    10

Аня 15 · Боря 5 · Вика 35 · Гена 10
Вика заходит
#2> """),
]

GOAT_EN = [  # the deal: Ann 0-0 1-3 5-6 0-6 1-1 1-2 2-2, Bob 0-1 2-4 3-3 3-4 3-5 3-6 4-4, Cat 0-2 0-5 0-4 1-4
    # 1-5 1-6 2-3; the bazaar 0-3 ... (Bob draws 0-3 while he could lay 2-4); every 0 is laid: a fish
    ("", (), """\
New Goat match in match.toml: Ann, Bob,
Cat.
The holder of the lowest double leads
the first round (0-0, then 1-1 ...; with
no double out, the lightest tile).
Type a round, 'help' or 'quit'.
#1> """),
    ("00", ("a",), """\
who leads? [a/b/c] a
Ann 0-0 · ends 0 and 0 · Bob
#1 Bob> """),
    ("01", (), """\
Bob 0-1 · ends 0 and 1 · Cat
#1 Cat> """),
    ("02", (), """\
Cat 0-2 · ends 1 and 2 · Ann
#1 Ann> """),
    ("13", (), """\
Ann 1-3 · ends 2 and 3 · Bob
#1 Bob> """),
    ("+", (), """\
Bob draws 1 · Bob
#1 Bob> """),
    ("30", (), """\
Bob 3-0 · ends 2 and 0 · Cat
#1 Cat> """),
    ("a 56", (), """\
Error: Ann 5-6: it is Cat's turn, not
  Ann's ('allow' lets it stand as
  played)
#1 Cat> """),
    ("?", (), """\
Ends 2 and 0; Cat to play.
Tiles held: Ann 5, Bob 6 (drew 1), Cat
  6.
Bazaar: 6 tiles, 5 may be drawn (left in
  the bazaar: 1).
#1 Cat> """),
    ("? 56", (), """\
Cat cannot lay 5-6: 5-6 does not match
  an open end (the ends show 2 and 0).
#1 Cat> """),
    ("05", (), """\
Cat 0-5 · ends 2 and 5 · Ann
#1 Ann> """),
    ("56", (), """\
Ann 5-6 · ends 2 and 6 · Bob
#1 Bob> """),
    ("24", (), """\
Bob 2-4 · ends 6 and 4 · Cat
Play 5 (Bob draws 1): Bob could play
  before drawing: 0-3 2-4 fit the ends
  (2 and 3) and at most 1 of them came
  from the bazaar
  (bazaar.draw_while_able = false).
  'allow' lets it stand.
#1 Cat> """),
    ("allow", (), """\
Let stand: play 5 (Bob draws 1).
#1 Cat> """),
    ("table", (), """\
Goat: 0 rounds; first to 101 loses

#  round  Ann  Bob  Cat
-  -----  ---  ---  ---
   total    0    0    0

hand in play: 9 plays, Cat to play
#1 Cat> """),
    (KILL, (), """\
Goat match in match.toml: Ann, Bob, Cat;
0 rounds so far.
The hand in play is taken up (9 plays
kept): Cat to play.
Type a round, 'help' or 'quit'.
#1 Cat> """),
    ("40", (), """\
Cat 4-0 · ends 6 and 0 · Ann
#1 Ann> """),
    ("60", ("6",), """\
0-6 on 6 or 0? 6
Ann 6-0 on 6 · ends 0 and 0 · fish
A fish: nobody can play; Ann made it.
  What does each hand hold? Tiles or
  totals, as in a round line: a 8 b 12 c
  5
#1 hands> """),
    ("a 11 12 22 b 33 34 35 36 44 c 14 15 16 23", (), """\
Round 1: fish by Ann · led 0-0
  Ann 1-1 1-2 2-2
  Bob 3-3 3-4 3-5 3-6 4-4
  Cat 1-4 1-5 1-6 2-3 · 11 plays

#  round        Ann      Bob  Cat
-  -----------  ---  -------  ---
1  fish by Ann    ·  70 → 70    ·
   total          0       70    0

Ann 0 · Bob 70 · Cat 0 · Ann leads
#2> """),
]

GOAT_RU = [  # the same hand, the players Аня, Боря and Вика
    ("", (), """\
Новая партия «Козёл» в match.toml: Аня,
Боря, Вика.
В первом коне заходит тот, у кого
младший дубль (0-0, затем 1-1 ...; если
дублей нет, самая лёгкая кость).
Введите кон, 'помощь' или 'выход'.
#1> """),
    ("00", ("а",), """\
кто заходит? [а/б/в] а
Аня 0-0 · концы 0 и 0 · Боря
#1 Боря> """),
    ("01", (), """\
Боря 0-1 · концы 0 и 1 · Вика
#1 Вика> """),
    ("02", (), """\
Вика 0-2 · концы 1 и 2 · Аня
#1 Аня> """),
    ("13", (), """\
Аня 1-3 · концы 2 и 3 · Боря
#1 Боря> """),
    ("+", (), """\
Боря берёт 1 · Боря
#1 Боря> """),
    ("30", (), """\
Боря 3-0 · концы 2 и 0 · Вика
#1 Вика> """),
    ("а 56", (), """\
Ошибка: Аня 5-6: сейчас ходит Вика, а не
  Аня ('оставить' — оставить ход в силе,
  как сыграли)
#1 Вика> """),
    ("?", (), """\
Концы 2 и 0; ходит Вика.
Костей на руках: Аня 5, Боря 6 (с базара
  1), Вика 6.
На базаре 6 костей, брать можно 5
  (остаются на базаре: 1).
#1 Вика> """),
    ("? 56", (), """\
Вика не может положить 5-6: 5-6 не
  подходит ни к одному открытому концу
  (открыты: 2 и 0).
#1 Вика> """),
    ("05", (), """\
Вика 0-5 · концы 2 и 5 · Аня
#1 Аня> """),
    ("56", (), """\
Аня 5-6 · концы 2 и 6 · Боря
#1 Боря> """),
    ("24", (), """\
Боря 2-4 · концы 6 и 4 · Вика
Ход 5 (Боря берёт 1): игроку Боря было
  чем ходить, не беря с базара: 0-3 2-4
  подходят к концам (2 и 3), а с базара
  пришло не больше 1 из них
  (bazaar.draw_while_able = false).
  'оставить' — оставить его в силе.
#1 Вика> """),
    ("оставить", (), """\
Оставлено в силе: ход 5 (Боря берёт 1).
#1 Вика> """),
    ("таблица", (), """\
Козёл: 0 конов; кто первым наберёт 101,
  проигрывает

#  кон    Аня  Боря  Вика
-  -----  ---  ----  ----
   итого    0     0     0

идёт кон: 9 ходов, ходит Вика
#1 Вика> """),
    (KILL, (), """\
Партия «Козёл» в match.toml: Аня, Боря,
Вика; сыграно 0 конов.
Текущий кон продолжается (сохранено 9
ходов): ходит Вика.
Введите кон, 'помощь' или 'выход'.
#1 Вика> """),
    ("40", (), """\
Вика 4-0 · концы 6 и 0 · Аня
#1 Аня> """),
    ("60", ("6",), """\
0-6 на 6 или 0? 6
Аня 6-0 на 6 · концы 0 и 0 · рыба
Рыба: ходить некому; рыбак — Аня. Что у
  кого на руках? Кости или суммы, как в
  строке кона: а 8 б 12 в 5
#1 руки> """),
    ("а 11 12 22 б 33 34 35 36 44 в 14 15 16 23", (), """\
Кон 1: рыба рыбак Аня · заход 0-0
  Аня 1-1 1-2 2-2
  Боря 3-3 3-4 3-5 3-6 4-4
  Вика 1-4 1-5 1-6 2-3 · 11 ходов

#  кон        Аня     Боря  Вика
-  ---------  ---  -------  ----
1  рыба: Аня    ·  70 → 70     ·
   итого        0       70     0

Аня 0 · Боря 70 · Вика 0 · Аня заходит
#2> """),
]

HANDS = {
    ("all-fives", "en"): (("Ann", "Bob", "Cat", "Dan"), ALL_FIVES_EN),
    ("all-fives", "ru"): (("Аня", "Боря", "Вика", "Гена"), ALL_FIVES_RU),
    ("goat", "en"): (("Ann", "Bob", "Cat"), GOAT_EN),
    ("goat", "ru"): (("Аня", "Боря", "Вика"), GOAT_RU),
}
KEPT = {"en": ("table", "?"), "ru": ("таблица", "?")}
"""Lines that change nothing, besides a refused one (by their first word: '? 56' too)."""


def typed_through(folder, ruleset: str, language: str) -> None:
    """Start the match and type the hand step by step, asserting each screen and what the match file keeps."""
    players, steps = HANDS[ruleset, language]
    path = folder / "match.toml"
    play = Play(folder, "--rules", ruleset, *players, columns=WIDTH, SCOREKEEPER_LANG=language, **TERMINAL)
    assert fits(play.greeting.replace("\r\n", "\n") + play.prompt) == steps[0][2]
    for typed, answers, shown in steps[1:]:
        if typed == KILL:
            kept = path.read_bytes()
            play.kill()
            assert load_match(str(path)).hand is not None  # the plays so far, as typed
            play = Play(folder, columns=WIDTH, SCOREKEEPER_LANG=language, **TERMINAL)
            assert fits(play.greeting.replace("\r\n", "\n") + play.prompt) == shown
            assert path.read_bytes() == kept  # taking the hand up writes nothing
            continue
        before = path.read_bytes()
        screen = play.screen(typed, *answers)
        assert screen == f"{typed}\n{shown}"
        fits(shown, HEIGHT - 1)  # below the line typed (which the terminal wraps where it is long)
        refused = shown.startswith(("Error:", "Ошибка:"))
        assert (path.read_bytes() == before) == (refused or typed.split()[0] in KEPT[language]), typed
    word, saved = LEAVE[language]
    play.child.sendline(word)
    play.child.expect(pexpect.EOF)
    ended(play.child)
    assert play.child.exitstatus == 0 and play.child.before.replace("\r\n", "\n") == f"{word}\n{saved}\n"


def fits(shown: str, room: int = HEIGHT) -> str:
    """``shown``, which fits the terminal: every line within its width, and ``room`` lines at most (the next prompt
    included)."""
    lines = shown.split("\n")
    assert [line for line in lines if len(line) > WIDTH] == [] and len(lines) <= room
    return shown


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_all_fives_hand_typed_with_tiles_alone(tmp_path, language):
    typed_through(tmp_path, "all-fives", language)
    match = load_match(str(tmp_path / "match.toml"))
    ann, bob, cat, dan = match.players
    assert match.hand is None and len(match.rounds) == 1
    rnd = match.rounds[0]
    assert (rnd.out, str(rnd.led), " ".join(map(str, rnd.last))) == (cat, "6-6", "1-6")
    assert format_plays(rnd.plays) == (
        f"{ann} 6-6, {bob} draws 1, {bob} 5-6, {cat} 0-6, {dan} 4-6, {ann} 3-4, {bob} 3-6 on 6, {cat} 0-3 on 0, "
        f"{dan} 1-5, {ann} draws 1, {ann} 1-2, {bob} 2-2, {cat} 3-5, {dan} 4-5, {ann} 2-5, {bob} 1-3, {cat} 1-1, "
        f"{dan} 1-4 on 4, {ann} 0-5, {bob} 2-3, {cat} 1-6 on 1-1")
    assert rnd.rulings == (Ruling(2, Breach.DRAW_WHILE_ABLE),)  # the draw the table let stand
    assert 'allowed = [{ play = 2, breach = "draw-while-able" }]' in (tmp_path / "match.toml").read_text("utf-8")
    assert {player: " ".join(map(str, hand.tiles)) for player, hand in rnd.hands.items()} == {
        dan: "0-1", ann: "2-6", bob: "4-4"}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_goat_hand_typed_with_tiles_alone_ends_in_a_fish(tmp_path, language):
    typed_through(tmp_path, "goat", language)
    match = load_match(str(tmp_path / "match.toml"))
    ann, bob, cat = match.players
    assert match.hand is None and len(match.rounds) == 1
    rnd = match.rounds[0]
    assert (rnd.out, rnd.fisher, str(rnd.led)) == (None, ann, "0-0")
    assert format_plays(rnd.plays) == (f"{ann} 0-0, {bob} 0-1, {cat} 0-2, {ann} 1-3, {bob} draws 1, {bob} 0-3, "
                                       f"{cat} 0-5, {ann} 5-6, {bob} 2-4, {cat} 0-4, {ann} 0-6 on 6")
    assert rnd.rulings == (Ruling(5, Breach.DRAW_WHILE_ABLE),)
    assert 'allowed = [{ play = 5, breach = "draw-while-able" }]' in (tmp_path / "match.toml").read_text("utf-8")
