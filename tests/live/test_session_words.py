"""``scorekeeper play`` typed in Russian and Ukrainian, and on the wrong keyboard layout, through a real
pseudo-terminal at 40 columns (issue 24): the match file is the one the English words give."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play, ended  # noqa: E402

PLAYERS = ("Маша", "Алекс", "Оля", "Рыбаков")
ENGLISH = [
    "Маша out, Алекс 1-2 3-3, Оля 6-6 0-1, Рыбаков 5",
    "fish by о 2 3 10 4",
    "а out 8 6 9",
    "undo",
    "fish 1 2 3 4",
    "undo",
    "Рыб out on 5-5, led 1-1, Маша 4, Алекс 3, Оля 12",
    "table",
]
TYPED = [
    "Маша вышла, Алекс 1-2 3-3, Оля 6-6 0-1, Рыбаков 5",
    "fish закрыла о 2 3 10 4",  # 'рыба' is the start of Рыбаков's name at this table: 'fish' says the fish
    "а щге 8 6 9",  # 'out' on the Russian layout
    "отмена",
    "ашыр 1 2 3 4",  # 'fish' on the Russian layout
    "гтвщ",  # 'undo' on the Russian layout
    "Рыб вийшов останньою 5-5, захід 1-1, Маша 4, Алекс 3, Оля 12",  # Ukrainian
    "таблица",
]


def session(folder, lines: list[str], leave: str) -> list[str]:
    play = Play(folder, "--rules", "goat", *PLAYERS, columns=40)
    answers = [play.say(line) for line in lines]
    play.child.sendline(leave)
    play.child.expect(pexpect.EOF)
    ended(play.child)
    assert play.child.exitstatus == 0, play.child.before
    return answers


def test_a_goat_match_typed_in_russian_and_on_the_wrong_layout_is_the_english_match(tmp_path):
    english, typed = tmp_path / "en", tmp_path / "ru"
    english.mkdir(), typed.mkdir()
    said_english = session(english, ENGLISH, "quit")
    said = session(typed, TYPED, "выход")
    assert (typed / "match.toml").read_bytes() == (english / "match.toml").read_bytes()
    assert said[0].startswith("Round 1: Маша out")
    assert said[1].startswith("Round 2: fish by Оля")
    assert said[3].startswith("Dropped round 3") and said[5].startswith("Dropped round 3")
    assert said[-1] == said_english[-1]  # the table
    for answer in said:
        assert all(len(row) <= 40 for row in answer.splitlines()), answer


def test_a_refusal_says_when_a_word_was_read_as_a_name(tmp_path):
    play = Play(tmp_path, "--rules", "goat", *PLAYERS, columns=40)
    before = (tmp_path / "match.toml").read_bytes()
    said = " ".join(play.say("рыба 1 2 3 4").split())
    assert said.startswith("Error: ") and "'рыба' is Рыбаков at this table: write 'fish' for the word" in said
    assert (tmp_path / "match.toml").read_bytes() == before
    play.child.sendline("вихід")  # 'quit' in Ukrainian
    play.child.expect(pexpect.EOF)
    ended(play.child)
    assert play.child.exitstatus == 0
