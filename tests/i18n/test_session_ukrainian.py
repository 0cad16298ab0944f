"""Issue 35, must be shown 2: a short Ukrainian session read at 40 columns through a real pseudo-terminal (a Goat
match with eggs, a Sea Goat lead asked about, an All Fives hand typed play by play with a breach let stand), its
lines as a Ukrainian scorer reads them after the catalogs were read again."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_session import Play  # noqa: E402

pytestmark = pytest.mark.slow


def lines(answer: str) -> list[str]:
    return answer.replace("\r\n", "\n").rstrip("\n").split("\n")


def said(answer: str) -> str:
    """An answer's lines as one text: a sentence wrapped at 40 columns read whole."""
    return " ".join(line.strip() for line in lines(answer) if line.strip())


def fits(answers: list[str]) -> bool:
    return all(len(line) <= 40 for answer in answers for line in lines(answer))


def test_a_goat_match_in_ukrainian(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Маша", "Алекс", "Оля", "Серж", columns=40, SCOREKEEPER_LANG="uk")
    assert lines(play.greeting)[:2] == ["Нова гра «Козел» у match.toml: Маша,", "Алекс, Оля, Серж."]
    out = play.say("Маша вийшла, Алекс 1-2 3-3, Оля 6-6 0-1, Серж 5")
    assert lines(out)[:2] == ["Партія 1: Маша виходить · Алекс 1-2 3-3", "  Оля 6-6 0-1 · Серж 5"]
    assert "Маша 0 · Алекс 0 +9 · Оля 13 · Серж 0 +5" in lines(out)
    eggs = play.say("риба закрила с 10 10 5 3")
    assert said(eggs).endswith("Серж заходить яйця: +28 відкладено (їх забере сторона, що набере найбільше в "
                               "одній з наступних партій)")
    assert play.prompt == "#3> "
    assert fits([play.greeting, out, eggs])
    play.quit("вихід")


def test_a_sea_goat_lead_asked_in_ukrainian(tmp_path):
    play = Play(tmp_path, "--rules", "sea-goat", "Аня", "Боря", columns=40, SCOREKEEPER_LANG="uk")
    first = play.say("а вийшла останньою 1-2, Боря 30")
    assert lines(first)[-2:] == ["наступним заходить Аня; Аня має очки,", "  тож захід з 6-6 — на сто"]
    second = play.say("б вийшов останньою 2-3, Аня 30", "х", "у")  # 'захід?' twice: no tile, then plain
    assert lines(second)[:4] == ["'у' — теж не захід: вважаємо, що захід", "  був простий (змінити: 'виправити').",
                                 "Партія 2: Боря виходить останньою 2-3", "  захід простий · Аня 30"]
    assert fits([first, second])
    play.quit("вихід")
    assert 'led = "plain"' in (tmp_path / "match.toml").read_text(encoding="utf-8")


def test_an_all_fives_hand_play_by_play_in_ukrainian(tmp_path):
    play = Play(tmp_path, "--rules", "all-fives", "Аня", "Боря", "Віка", "Гена", columns=40,
                SCOREKEEPER_LANG="uk")
    answers = [play.say("а 55")]
    assert lines(answers[-1]) == ["Аня 5-5 · 5+5 = 10 · +10 · Боря", "Не оголошено? Суперник може сказати",
                                  "  «маґґінс»."]
    answers.append(play.say("-"))
    assert said(answers[-1]) == ("Помилка: Боря стукає: перш ніж стукати, гравцеві Боря треба взяти з базару: "
                                 "можна взяти ще 8 кісток ('залишити' — залишити хід у силі, як зіграли)")
    answers.append(play.say("залишити"))
    assert lines(answers[-1]) == ["Залишено в силі: хід 2 (Боря стукає).", "Боря стукає · Віка"]
    assert play.prompt == "#1 10 Віка> "
    answers.append(play.say("?"))
    assert lines(answers[-1])[:2] == ["Кінці 5 на спінері 5-5, сума 10; ходить", "  Віка."]
    answers.append(play.say("вихід"))
    assert said(answers[-1]) == ("Іде партія (2 ходи): її збережено в match.toml, і 'scorekeeper play' її "
                                 "продовжить; ще раз 'вихід' — вихід.")
    assert fits(answers)
    play.quit("вихід")
