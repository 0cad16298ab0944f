"""What the session tells the scorer to type is the language's own word: the table's notes in one line name
'пояснити N' in a Ukrainian session (it said 'explain N', the one-shot command's word, in every language)."""

from __future__ import annotations

import pytest

from scorekeeper import i18n
from scorekeeper.live.session import LiveSession, Screen
from scorekeeper.match import usecases

ROUNDS = ("Маша out on plain 12 13 5", "Алекс out on plain, led 6-6, 10 10 10", "fish by Оля, led plain, 10 5 3 2",
          "Серж out on 0-0 5 5 5")  # notes for rounds 1 and 3: on a 24-line screen they share one line


@pytest.mark.parametrize(("language", "said"), [("uk", "примітки до партій 1, 3: їх покаже 'пояснити N'"),
                                                ("ru", "примечания к конам 1, 3: их покажет 'объяснить N'"),
                                                ("en", "notes for rounds 1, 3: 'explain N' says them")])
def test_the_tables_notes_in_a_line_name_the_sessions_explain(tmp_path, language, said):
    path = str(tmp_path / "match.toml")
    usecases.new(path, "sea-goat", ("Маша", "Алекс", "Оля", "Серж"), (), (), False)
    i18n.use(language)
    try:
        session = LiveSession.open(path, screen=lambda: Screen(40, 24))
        for line in ROUNDS:
            session.handle(line)
        text = " ".join(part.strip() for part in session.handle("table").text.splitlines())
    finally:
        i18n.use("en")
    assert said in text, text
