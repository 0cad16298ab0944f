"""``scorekeeper play`` through a real pseudo-terminal (pexpect): whole matches typed at the prompt, with undo,
edit, a refused line, Ctrl-C on a half-typed line, Tab completion and another writer; the match file after
the session is the one the same lines give through one-shot commands."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from conftest import command_environment, installed_command  # noqa: E402
from pty_session import PROMPT, QUESTION, Play  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from scorekeeper.cli.app import cli  # noqa: E402
from scorekeeper.live.session import LiveSession, Screen  # noqa: E402
from scorekeeper.storage.matchfile import load_match  # noqa: E402

GOAT_ROUNDS = [
    "m out, Alex 1-2 3-3, Olya 6-6 0-1, Serg 5",
    "a out 8 6 9",
    "fish by o 2 3 10 4",
    "fish by s, 12 12 5 6",
    "o out 7 20 4",
    "s out, Alex 4-6, Olya 0-0, Masha 30",
    "m out 25 20 12",
    "o out 5 11 2",
    "a out 2 12 3",
    "fish by m 20 30 9 25",
]


def one_shot(folder: Path, *args: str) -> None:
    """A one-shot command on the match in ``folder``, through the command line in this process: a match set up
    before a session, or the file the same lines give (the one-shot commands through the installed executable
    are tested in tests/scoring and tests/cli); ``another_process`` where it must be one."""
    done = CliRunner().invoke(cli, ["--match", str(folder / "match.toml"), *args])
    assert done.exit_code == 0, done.output


def another_process(folder: Path, *args: str) -> None:
    """A one-shot command through the installed executable, beside the session."""
    done = subprocess.run(installed_command() + list(args), cwd=folder, env=command_environment(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_whole_goat_match_at_the_prompt_gives_the_file_of_the_one_shot_commands(tmp_path):
    live, shot = tmp_path / "live", tmp_path / "shot"
    live.mkdir(), shot.mkdir()
    play = Play(live, "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    assert "Goat match in match.toml: Masha, Alex, Olya, Serg" in play.greeting

    answer = play.say(GOAT_ROUNDS[0])
    lines = answer.strip().splitlines()
    assert lines[0] == "Round 1: Masha out, Alex 1-2 3-3, Olya 6-6 0-1, Serg 5"
    assert len(lines) <= 10 and any(line.lstrip().startswith("total") for line in lines)
    assert lines[-1] == "Masha 0 · Alex 0 +9 · Olya 13 · Serg 0 +5 · Masha leads"  # who leads: in the standings

    before = (live / "match.toml").read_bytes()
    refused = play.say("a out 8 6")  # one total missing
    assert refused.strip() == "Error: 3 totals needed, in seating order (Olya, Serg, Masha): 2 given"
    assert (live / "match.toml").read_bytes() == before

    play.child.send("o out 99 9")  # half typed, then Ctrl-C: the line is dropped
    play.child.expect_exact("o out 99 9")  # echoed: readline has it
    play.child.sendintr()
    play.child.expect(PROMPT)
    assert (live / "match.toml").read_bytes() == before

    assert play.say("fish 1 2 3 4").startswith("Round 2: fish, Masha 1")
    assert play.say("undo").startswith("Dropped round 2 (fish).")
    for number, line in enumerate(GOAT_ROUNDS[1:], start=2):
        answer = play.say(line)
        assert answer.startswith(f"Round {number}: "), answer
    assert "Match over: Alex is the goat with 125 points." in answer
    assert play.say("edit 2 a out 8 6 10").startswith("Round 2: Alex out, Olya 8, Serg 6, Masha 10")
    assert "10 rounds" in play.say("table") and "Alex is the goat" in play.say("table")
    assert "Error: the match is over" in play.say("m out 1 2 3")
    assert "Saved in match.toml." in play.quit()

    one_shot(shot, "new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    one_shot(shot, "round", GOAT_ROUNDS[0])
    one_shot(shot, "round", "fish 1 2 3 4")
    one_shot(shot, "undo")
    for line in GOAT_ROUNDS[1:]:
        one_shot(shot, "round", line)
    one_shot(shot, "edit", "2", "a out 8 6 10")
    assert (live / "match.toml").read_text() == (shot / "match.toml").read_text()


def test_a_pairs_match_at_the_prompt(tmp_path):
    play = Play(tmp_path, "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    assert "Masha+Olya, Alex+Serg" in play.greeting
    assert play.say("m out, Alex 1-2 3-3, Olya 13, Serg 5").startswith(
        "Round 1: Masha out, Alex 1-2 3-3, Olya 13, Serg 5")
    assert play.say("a out 7 8 9").startswith("Round 2: Alex out, Olya 7, Serg 8, Masha 9")
    assert play.say("fish by s 10 12 14 10").startswith("Round 3: fish by Serg, Masha 10")
    assert play.say("delete 2").startswith("Round 2 deleted.")
    play.quit("eof")
    shot = tmp_path / "shot"
    shot.mkdir()
    one_shot(shot, "new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    for line in ("m out, Alex 1-2 3-3, Olya 13, Serg 5", "fish by s 10 12 14 10"):
        one_shot(shot, "round", line)
    assert load_match(str(tmp_path / "match.toml")).facts() == load_match(str(shot / "match.toml")).facts()


def test_a_muggins_hand_with_claims_at_the_prompt(tmp_path):
    play = Play(tmp_path, "--rules", "muggins", "Ann", "Bob", "Cat")
    assert play.say("Ann +10").startswith("Claimed: Ann +10 (in play this hand: Ann 10).")
    assert play.child.after.startswith("#1+")  # the prompt says a hand is in progress
    assert play.say("b count 15, c +5").startswith("Claimed: Bob +15, Cat +5")
    refused = play.say("Bob +13")
    assert refused.startswith("Error: Bob +13: Muggins cannot score 13 in one play")  # as with a round
    assert play.say("undo").startswith("Dropped the claim of 5 by Cat.")
    answer = play.say("a out, b 3-4, 5, Ann +20")
    assert answer.startswith("Round 1: Ann out, Bob 3-4, Cat 5, Ann +10, Bob count 15, Ann +20")
    play.quit()
    rnd = load_match(str(tmp_path / "match.toml")).rounds[0]
    # the count is kept as the count (it converts under another ruleset), the points as points
    assert [tuple(claim) for claim in rnd.claims] == [("Ann", 10, None), ("Bob", 15, 15), ("Ann", 20, None)]


def test_tab_completes_names_and_commands(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    play.child.send("Ma\t")
    play.child.expect("Masha ")
    play.child.send("ou\t")
    play.child.expect("out ")
    assert play.say(" 1 2 3").startswith("Round 1: Masha out, Alex 1, Olya 2, Serg 3")
    play.child.send("un\t")
    play.child.expect("undo ")
    assert "Dropped round 1" in play.say("")
    play.quit()


def test_another_command_writing_the_match_is_noticed_and_never_overwritten(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    assert play.say("m out 3 13 5").startswith("Round 1: ")
    another_process(tmp_path, "round", "a out 1 2 3")  # while the session is open
    answer = play.say("o out 4 5 6")
    assert answer.startswith("match.toml was changed by another command: reloaded it (2 rounds).")
    assert "Round 3: Olya out, Serg 4, Masha 5, Alex 6" in answer
    play.quit()
    rounds = load_match(str(tmp_path / "match.toml")).rounds
    assert [rnd.out for rnd in rounds] == ["Masha", "Alex", "Olya"]


def test_a_change_between_the_check_and_the_write_is_refused_and_reloaded(tmp_path, sk):
    """The session's state is checked again under the lock: a writer that slips in after the session looked
    is not overwritten (the reload check before each line is bypassed here to reach the write)."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    session.reload_if_changed = lambda: ""
    sk("round", "a out 1 2 3")
    written = sk.path.read_bytes()
    reply = session.handle("m out 3 13 5")
    said = " ".join(reply.text.split())  # wrapped to the screen's 80 columns: the path is long
    assert not reply.ok and "was changed by another command: reloaded it (1 round)" in said
    assert "Nothing was recorded" in said
    assert sk.path.read_bytes() == written
    assert session.handle("m out 3 13 5").text.startswith("Round 2: Masha out")


@pytest.mark.parametrize("line, message", [
    ("edit 9 m out 1 2 3", "there is no round 9"),
    ("edit x", "'x' is not a whole number"),
    ("edit 1", "give the round's new line"),
    ("delete", "give the round's number"),
    ("undo", "nothing to undo"),
    ("redo", "nothing to redo"),
    ("redo 0", "a round number"),
    ("explain 4", "round 4"),
    ("Zed out 1 2 3", "unknown player 'Zed'"),
    ("tabel", "'tabel' is not a command or a player (did you mean table?)"),
    ("clear", "'clear' is not a command or a player: 'help' lists the commands"),
])
def test_a_refused_command_says_why_in_one_line_and_changes_nothing(sk, line, message):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    if "undo" not in line:
        sk("round", "m out 3 13 5")
    before = sk.path.read_bytes()
    reply = LiveSession.open(str(sk.path)).handle(line)
    assert not reply.ok and reply.text.startswith("Error: ") and len(reply.text.splitlines()) == 1
    assert message in reply.text
    assert sk.path.read_bytes() == before


@pytest.mark.parametrize("line, message", [
    ("undo 1", "undo takes no number: it drops the last round; 'delete N' deletes round N"),
    ("undo --all", "undo takes nothing after it: it drops the last round"),
    ("table foo", "table takes 'all' or nothing: 'table all' shows every round"),
    ("table all please", "table takes 'all' or nothing"),
    ("help me", "help takes nothing after it: 'help' lists the commands"),
    ("quit now", "quit takes nothing after it: 'quit' ends the session (or Ctrl-D)"),
    ("exit 0", "exit takes no number: 'exit' ends the session"),
    ("delete 1 now", "delete takes one round number: delete N"),
    ("redo 1 x", "redo takes one number or none: redo [N]"),
    ("explain 1 2", "explain takes one round number or none, and 'all': explain [N|hand] [all]"),
])
def test_words_a_command_does_not_take_are_refused_not_dropped(sk, line, message):
    """'undo 1' once dropped the last round as if the 1 were not there: a command given words it does not
    take refuses the line in one line saying what it takes, and nothing changes (the session goes on)."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    session.handle("m out 3 13 5")
    session.handle("a out 1 2 3")
    session.handle("undo")
    session.handle("redo")  # a change to take back and one to put back: 'undo' and 'redo' would both act
    before = sk.path.read_bytes()
    reply = session.handle(line)
    assert not reply.ok and not reply.quit and len(reply.text.splitlines()) == 1, reply
    assert reply.text.startswith(f"Error: {message}"), reply.text
    assert sk.path.read_bytes() == before and len(session.state.match.rounds) == 2


def test_undo_with_a_number_at_the_prompt_keeps_the_round(sk):
    """The tester's line, through the command: 'undo 1' after two rounds keeps both, and the session goes on
    to 'quit' (a 'quit now' before it does not end it)."""
    sk("new", "--rules", "goat", "Ann", "Bob", "Cid", "Dan")
    result = sk.runner.invoke(cli, ["--match", str(sk.path), "play"],
                              input="a out 1 2 3\nb out 1 2 3\nundo 1\nquit now\ntable all\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Error: undo takes no number" in result.stderr and "Error: quit takes nothing" in result.stderr
    assert "2  Bob out" in result.stdout  # the table after 'quit now': the session was still open
    assert len(load_match(str(sk.path)).rounds) == 2


def test_a_muggins_undo_with_words_names_the_claim_it_would_drop(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob")
    session = LiveSession.open(str(sk.path))
    session.handle("Ann +10")
    reply = session.handle("undo 1")
    assert not reply.ok and reply.text.startswith("Error: undo takes no number: it drops the last claim;")
    assert len(session.state.match.pending) == 1


def test_redo_in_a_session_puts_back_what_undo_and_delete_took(sk):
    """The session's redo is the 'redo' command's: the newest change taken back, or change N of the history."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    session.handle("m out 3 13 5")
    session.handle("a out 1 2 3")
    assert session.handle("undo").text.startswith("Dropped round 2 (Alex went out).")
    reply = session.handle("redo")
    assert reply.ok and reply.text.startswith("Put back round 2 (Alex went out).\n")
    assert "2  Alex out" in reply.text and len(load_match(str(sk.path)).rounds) == 2
    session.handle("delete 1")
    session.handle("undo")
    assert load_match(str(sk.path)).rounds == ()
    assert session.handle("redo 2").text.startswith("Put back round 1 (Masha went out).")
    assert [rnd.out for rnd in load_match(str(sk.path)).rounds] == ["Masha"]
    assert not session.handle("redo 1").ok  # the first undo was put back already
    assert "  redo [N]  " in session.handle("help").text


def test_the_answers_fit_a_40_column_screen(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", columns=40)
    for line in GOAT_ROUNDS[:4]:
        answer = play.say(line)
        assert all(len(row) <= 40 for row in answer.splitlines()), answer
        assert len(answer.strip().splitlines()) <= 12
    play.quit()


def test_an_implausible_round_is_a_yes_or_no_question(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    before = (tmp_path / "match.toml").read_bytes()
    play.child.sendline("m out 80 1 1")  # no Goat hand of 7 tiles holds 80 pips
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    assert "Implausible: " in play.child.before and "80" in play.child.before
    assert play.say("n").strip() == "Not recorded."
    assert (tmp_path / "match.toml").read_bytes() == before
    play.child.sendline("m out 80 1 1")
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    assert play.say("y").startswith("Round 1: Masha out, Alex 80, Olya 1, Serg 1")
    play.quit()
    assert load_match(str(tmp_path / "match.toml")).rounds[0].hands["Alex"].total == 80


def test_a_round_line_typed_at_the_prompt_is_built_and_checked_once(sk, monkeypatch):
    """The session reads the line, the use case builds and checks its round (``usecases.check``) and records
    that same round: once for a line, once more for each answer to a question (the answer is another round)."""
    from scorekeeper.match import record, usecases

    calls = {"built": 0, "checked": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(usecases, "round_from_facts", counted("built", usecases.round_from_facts))
    monkeypatch.setattr(record, "check_round", counted("checked", record.check_round))
    sk("new", "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    assert session.handle("m out 3 13 5").question == "last tile? [Enter: no double] "
    assert calls == {"built": 1, "checked": 1}
    assert session.answer("").text.startswith("Round 1: Masha out")  # the plain last tile: another round
    assert calls == {"built": 2, "checked": 2}
    assert session.handle("a out 8 6 9").question and session.answer("2-3").ok
    assert calls == {"built": 4, "checked": 4} and len(load_match(str(sk.path)).rounds) == 2


def test_a_long_note_on_a_small_screen_gives_way_whole_not_looped_over(sk):
    """The after-round block on a 40x10 screen with a note that wraps: the note gives way whole, to one line
    pointing to 'explain' (it was once cut mid-sentence, and before that looped for ever in
    reports.render.after_round)."""
    from scorekeeper.live.session import Screen

    sk("new", "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path), screen=lambda: Screen(40, 10))
    asked = session.handle("m out 12 13 5")  # 12 may hide 6-6: a note (a Goat total of 0 is 0-0: none)
    assert asked.question == "last tile? [Enter: no double] "
    reply = session.answer("")
    assert reply.ok and "(1 note: see 'explain 1')" in reply.text.splitlines()
    assert not any(line.startswith("note: ") for line in reply.text.splitlines())
    assert all(len(line) <= 40 for line in reply.text.splitlines())


def test_a_long_session_keeps_the_table_and_the_notes_of_a_fresh_replay(sk):
    """The session scores only what changed (the fold resumes without walking the rounds it holds): after every
    answer its table is the one a fresh replay of the file gives, and the notes said in full are those whose
    kind no earlier round had."""
    from scorekeeper.reports.render import _new_notes, note_kind
    from scorekeeper.match.opened import open_match

    def unplaced(table):  # where in the file a round was read from is not a fact
        return table._replace(rounds=tuple(result._replace(facts=result.facts.facts()) for result in table.rounds))

    def naive_notes(table):
        said = {note_kind(note) for result in table.rounds[:-1] for note in result.notes}
        return [note.said() for note in table.rounds[-1].notes if note_kind(note) not in said]

    sk("new", "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    lines = ["m out 3 13 5", "a out, Olya 0-0, Serg 4, Masha 5", "fish 1 2 3 4", "undo", "o out 4 5 6",
             "edit 1 m out on 6-6, 3 13 5", "s out 1 1 1", "delete 2", "m out 2 2 2", "undo", "undo",
             "a out, led 1-1, 3 3 3", "o out 9 9 9"]
    for line in lines:
        reply = session.handle(line)
        while reply.question:  # the last tile or the lead, where it could change the score: Enter, plain
            reply = session.answer("")
        assert reply.ok, (line, reply.text)
        fresh = open_match(str(sk.path))
        assert unplaced(session.state.table) == unplaced(fresh.table), line
        full = [line[len("note: "):] for line in _new_notes(session.state.table) if line.startswith("note: ")]
        assert full == naive_notes(fresh.table), line


def test_a_new_user_at_40_columns_reads_whole_words(tmp_path):
    """At 40 columns the greeting, help, refusals, a long round and a yes/no question are wrapped between
    words (the terminal would cut them mid-word), and a new match is announced once."""
    play = Play(tmp_path, "--rules", "goat", "Alex", "Serg", "Masha", "Olya", columns=40)
    greeting = play.greeting.replace("\r\n", "\n")
    assert greeting.count("Goat match") == 1 and "New Goat match in match.toml: Alex," in greeting
    assert "\nType a round, 'help' or 'quit'." in greeting  # what to type: a line of its own
    assert "\nThe holder of 1-1 leads the" in greeting  # a sentence of its own, as 'new' says it
    assert "Olya. The holder of 1-1 leads the first round (else 2-2" in " ".join(greeting.split())
    assert all(len(row) <= 40 for row in greeting.splitlines())
    assert " ".join(greeting.split()).endswith("Type a round, 'help' or 'quit'.")

    help_lines = play.say("help").rstrip("\n").splitlines()
    assert len(help_lines) <= 22 and all(len(row) <= 40 for row in help_lines)
    assert "  undo         drop the last round/claim" in help_lines
    assert "  Masha out, Alex 1-2 3-3, Olya 13," in help_lines and "    Serg 5" in help_lines

    answer = play.say("m out, Alex 1-2 3-3, Olya 6-6 0-1, Serg 5")
    rows = answer.splitlines()
    # named in seating order after Masha, broken between players, never a total in seating order among names
    assert rows[:2] == ["Round 1: Masha out · Olya 6-6 0-1", "  Alex 1-2 3-3 · Serg 5"], rows
    # issue 21, 10: all totals too, each named (the short form 'Alex out 3 13 5' hid who held what)
    assert play.say("a out 3 13 5").startswith("Round 2: Alex out · Serg 3 · Masha 13\n  Olya 5\n")

    refused = play.say("a out 3 x 5")
    assert refused.rstrip("\n").splitlines() == ["Error: unknown player 'x' (players:", "  Alex, Serg, Masha, Olya)"]

    play.child.sendline("m out 80 1 1")
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    asked = play.child.before.replace("\r\n", "\n").strip().splitlines()[1:]  # after the echoed line
    assert asked[0].startswith("Implausible: Olya's total 80") and len(asked) <= 3, asked
    assert all(len(row) <= 40 for row in asked) and "69 pips" in " ".join(" ".join(asked).split())
    assert play.say("n").strip() == "Not recorded."
    play.quit()


@pytest.mark.parametrize("line, said", [
    ("m out, fish, 1 2 3", "not both: give 'NAME out' (who went out) or 'fish' (blocked)"),
    ("Alex 3, Olya 13, Serg 5", "say how the round ended: 'NAME out' (who went out) or 'fish' (blocked)"),
    ("m out, Alex 3, Alex 4, Olya 13, Serg 5", "Alex is given two totals: give one hand (its tiles) or one total"),
    ("m out, Alex 1-2, Alex 3-3, Olya 13, Serg 5", "Alex is given two hands"),
])
def test_the_session_speaks_of_what_was_typed_not_of_flags(sk, line, said):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    reply = LiveSession.open(str(sk.path)).handle(line)
    text = " ".join(reply.text.split())
    assert not reply.ok and said in text and "--" not in text


def test_in_play_totals_typed_in_a_line_are_refused_in_its_words(sk):
    sk("new", "--rules", "muggins", "Ann", "Bob", "Cat")
    session = LiveSession.open(str(sk.path))
    for line, said in (("a out, b 3, c 4, a played 10, a played 5", "Ann is given two in-play totals"),
                       ("a out, b 3, c 4, a played 13", "Ann played 13: Muggins cannot make 13")):
        text = " ".join(session.handle(line).text.split())
        assert said in text and "--" not in text
    assert "--points Ann=13: Muggins cannot make 13" in sk.fails(
        "round", "--out", "Ann", "--total", "Bob=3", "--total", "Cat=4", "--points", "Ann=13", code=2)


def test_starting_a_match_over_one_says_how_to_go_on_with_it(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    refused = sk.fails("play", "--rules", "goat", "Ann", "Bob", code=1)
    assert "already holds a match: 'scorekeeper play' goes on with it; --force starts a new one" in refused


def test_an_edit_at_the_prompt_shows_the_edited_rounds_row_with_the_newest(sk):
    """After 'edit 2 ...' in a long match, the row of round 2 is on the screen with the totals (the newest
    row alone would not show what changed)."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    for total in range(1, 9):
        sk("round", f"Masha out, Alex {total}, Olya 2, Serg 3")
    session = LiveSession.open(str(sk.path))
    reply = session.handle("edit 2 Masha out, Alex 11, Olya 2, Serg 3")
    assert reply.ok, reply.text
    numbers = [line.split()[0] for line in reply.text.splitlines() if line.split() and line.split()[0].isdigit()]
    assert numbers == ["2"], reply.text
    row = next(line for line in reply.text.splitlines() if line.split()[:1] == ["2"])
    assert "11" in row
    assert [line.split()[0] for line in session.handle("undo").text.splitlines()
            if line.split() and line.split()[0].isdigit()] == ["7"]  # an undo shows the newest row


def test_a_line_of_claims_is_all_or_none_when_its_first_claim_ends_the_match(sk):
    """Ann +5 takes Ann to 100 and ends the match: Bob +5 after it is refused, and so is the whole line
    (the first claim was once saved while the scorer was told of an error)."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    for points in ("35", "35", "25"):
        sk("score", "Ann", points)
    before = sk.path.read_bytes()
    session = LiveSession.open(str(sk.path))
    reply = session.handle("Ann +5 Bob +5")
    assert not reply.ok and "over" in reply.text, reply.text
    assert sk.path.read_bytes() == before
    assert session.handle("Ann +5").ok and sk.json()["over"]  # alone, the claim that ends the match is taken


def test_fish_alone_asks_for_the_hands_not_for_a_command(sk):
    sk("new", "--rules", "goat", "Masha", "Alex")
    before = sk.path.read_bytes()
    reply = LiveSession.open(str(sk.path)).handle("fish")
    assert not reply.ok and "no hand for Masha, Alex: every player needs a hand or a total" in reply.text
    assert "not a command" not in reply.text and sk.path.read_bytes() == before


@pytest.mark.parametrize("line, columns", [
    ("rules nokey", 40), ("rules nokey", 80), ("check foo", 40), ("check hand 1-7", 40),
    ("check fish --line", 40), ("check count --spinner 5-5 0 3", 80), ("check hand --rules nope 1-1", 80),
])
def test_a_delegated_commands_error_wraps_between_words(tmp_path, line, columns):
    """'rules KEY' and 'check ...' run as the commands would: their errors were printed as one long line the
    terminal cut mid-word ('in a ru' / 'leset'); they wrap as the same error outside the session does."""
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    answer = play.say(line).rstrip("\n")
    play.quit()
    rows = answer.splitlines()
    assert rows[0].startswith("Error: ") and all(len(row) <= columns for row in rows), answer
    assert all(row.startswith(" " * len("Error: ")) for row in rows[1:]), answer  # under its own text
    words = line.split()  # the same words as the command outside the session (one line: stderr is a pipe)
    alone = subprocess.run(installed_command() + (["rules", "show", "goat"] + words[1:] if words[0] == "rules"
                                                  else words), cwd=tmp_path, env=command_environment(),
                           capture_output=True, text=True, timeout=60)
    assert " ".join(answer.split()) == alone.stderr.strip(), (answer, alone.stderr)


@pytest.mark.parametrize("line", ["b out 1 2", "table", "undo", "explain 1", "save"])
def test_a_match_file_another_program_broke_refuses_the_line_and_the_session_goes_on(tmp_path, line):
    """Another program broke the file meanwhile: the line is refused with what is wrong and what to do (the
    session once ended with the file's error, and the next lines went to the shell); fixed, the line goes in."""
    play = Play(tmp_path, "--rules", "goat", "A", "B", "C", columns=40)
    assert play.say("a out 1 2").startswith("Round 1: ")
    good = (tmp_path / "match.toml").read_text()
    broken = good.replace('out = "A"', 'out = "Q"')
    (tmp_path / "match.toml").write_text(broken)
    refused = " ".join(play.say(line).split())
    assert refused.startswith("Error: match.toml was changed by another program and cannot be read: "
                              "match.toml:7: round 1: unknown player 'Q'"), refused
    assert refused.endswith("Nothing was recorded: fix the file, then type the line again."), refused
    assert (tmp_path / "match.toml").read_text() == broken
    (tmp_path / "match.toml").write_text(good.replace("B = 1", "B = 4"))  # fixed, by hand: another version
    answer = play.say("b out 1 2")
    assert " ".join(answer.split()).startswith("match.toml was changed by another command: reloaded it (1 round).")
    assert "Round 2: B out, C 1, A 2" in " ".join(answer.split())
    play.quit()
    assert [rnd.out for rnd in load_match(str(tmp_path / "match.toml")).rounds] == ["A", "B"]


def test_a_match_file_another_program_removed_is_written_back_by_save(tmp_path):
    play = Play(tmp_path, "--rules", "goat", "A", "B", "C", columns=40)
    play.say("a out 1 2")
    (tmp_path / "match.toml").unlink()
    refused = " ".join(play.say("b out 1 2").split())
    assert refused == ("Error: match.toml was removed by another program. Nothing was recorded: type 'save' to "
                       "write the match held here (1 round) back, then the line again."), refused
    assert not (tmp_path / "match.toml").exists()
    left = " ".join(play.say("quit").split())  # the first quit says what leaving would lose
    assert left == ("match.toml was removed by another program: 'save' writes the match held here (1 round) "
                    "back; 'quit' again leaves without it."), left
    assert " ".join(play.say("save").split()) == "Wrote the match (1 round) back to match.toml."
    assert play.say("b out 1 2").startswith("Round 2: B out, C 1, A 2")
    assert " ".join(play.say("save").split()) == "match.toml holds the match: every line is saved as it is typed."
    assert "Saved in match.toml." in play.quit()
    assert [rnd.out for rnd in load_match(str(tmp_path / "match.toml")).rounds] == ["A", "B"]


def test_leaving_after_the_match_file_was_removed_says_it_was_not_saved(sk):
    """Piped lines end (Ctrl-D) after another program removed the file: said once, then the session leaves
    saying the match was not saved (it once said 'Saved in match.toml.')."""
    sk("new", "--rules", "goat", "A", "B", "C")

    class Removing:  # the file goes away while the session is open, after its first line
        def __init__(self):
            self.lines = iter(["a out 1 2", "!rm"])

        def __call__(self, prompt):
            line = next(self.lines, None)
            if line is None:
                raise EOFError
            if line == "!rm":
                sk.path.unlink()
                raise EOFError
            return line

    from scorekeeper.cli.play_command import run

    wide = lambda: Screen(width=None)  # the path in the messages is not wrapped, however long the folder
    result = CliRunner().invoke(click_command(lambda: run(LiveSession.open(str(sk.path), wide), read=Removing())))
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "'save' writes the match held here (1 round) back; 'quit' again leaves without it." in said
    assert said.endswith(f"Not saved: {sk.path} was removed by another program."), said


@pytest.mark.parametrize("fixed", [False, True])
def test_leaving_after_the_match_file_was_broken_says_so_unless_it_was_fixed(sk, fixed):
    """Another program broke the file: leaving warns once and ends 'Not saved' (it said 'Saved in ...'); a file
    fixed before leaving holds the match again."""
    sk("new", "--rules", "goat", "A", "B", "C")
    good = []

    class Breaking:
        def __init__(self):
            self.lines = iter(["a out 1 2", "!break", "b out 1 2", "quit", "!fix", "quit"])

        def __call__(self, prompt):
            line = next(self.lines, None)
            if line is None:
                raise EOFError
            if line == "!break":
                good.append(sk.path.read_text(encoding="utf-8"))
                sk.path.write_text(good[0] + "garbage\n", encoding="utf-8")
                return "table"
            if line == "!fix":
                if fixed:
                    sk.path.write_text(good[0], encoding="utf-8")
                return "help"
            return line

    from scorekeeper.cli.play_command import run

    wide = lambda: Screen(width=None)  # the path in the messages is not wrapped, however long the folder
    result = CliRunner().invoke(click_command(lambda: run(LiveSession.open(str(sk.path), wide), read=Breaking())))
    said = " ".join(result.output.split())
    assert "cannot be read: fix it, or the match held here (1 round) is lost when you leave" in said
    if fixed:
        assert said.endswith(f"Saved in {sk.path}."), said
    else:
        assert said.endswith(f"Not saved: {sk.path} was changed by another program and cannot be read; the "
                             "match held here (1 round) is not in it."), said


def click_command(function):
    import click

    return click.command()(function)


def test_a_file_removed_between_the_check_and_the_write_is_refused_not_raised(sk):
    """Under the lock the session finds the file gone (the check before each line is bypassed to reach the
    write): the line is refused with the offer to save, and nothing is written."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    session = LiveSession.open(str(sk.path))
    session.reload_if_changed = lambda: ""
    sk.path.unlink()
    reply = session.handle("m out 3 13 5")
    said = " ".join(reply.text.split())  # wrapped to the screen where the temporary folder's name puts it
    assert not reply.ok and "was removed by another program" in said and "'save'" in said
    assert not sk.path.exists()


# The command with a file system that refuses every file created while a file FAULT is in the folder (a
# read-only file system: the lock file and the temporary file cannot be made).
FAULTY = """
import errno, os, sys
real_open = os.open
def refusing(path, flags, *args, **kwargs):
    if flags & os.O_CREAT and os.path.exists("FAULT"):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)
    return real_open(path, flags, *args, **kwargs)
os.open = refusing
sys.argv[0] = "scorekeeper"
from scorekeeper.cli.launch import main
main()
"""


def test_a_write_error_at_the_prompt_is_refused_and_save_writes_the_match_once_fixed(tmp_path):
    """Issue 25, 7: 'play' exited with status 1 at the first line after a write error."""
    import sys

    one_shot(tmp_path, "new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    one_shot(tmp_path, "round", "m out 3 13 5")
    before = (tmp_path / "match.toml").read_bytes()
    play = Play(tmp_path, command=[sys.executable, "-c", FAULTY])
    (tmp_path / "FAULT").touch()
    refused = " ".join(play.say("a out 1 2 3").split())
    assert refused == ("Error: match.toml cannot be written (Read-only file system). Nothing was recorded; the "
                       "match held here (1 round) is kept: once that is fixed, 'save' writes it and the line can "
                       "be typed again.")
    assert " ".join(play.say("save").split()) == refused
    assert (tmp_path / "match.toml").read_bytes() == before
    (tmp_path / "FAULT").unlink()
    assert " ".join(play.say("save").split()) == "Saved the match (1 round) in match.toml: it can be written again."
    assert play.say("a out 1 2 3").startswith("Round 2: Alex out, Olya 1, Serg 2, Masha 3")
    assert "Saved in match.toml." in play.quit()
    assert [rnd.out for rnd in load_match(str(tmp_path / "match.toml")).rounds] == ["Masha", "Alex"]


def test_a_line_an_ascii_terminal_cannot_read_is_refused_in_one_line(tmp_path):
    """Issue 25, 8: a UnicodeDecodeError traceback, exit 1."""
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", PYTHONIOENCODING="ascii")
    refused = " ".join(play.say("Ёлка out, Alex 3").split())  # one line, wrapped to the screen's width
    assert refused.startswith("Error: the line could not be read: byte 0xd0 (character 1) is not text in the "
                              "terminal's encoding (ascii); nothing was recorded")
    assert play.say("m out 3 13 5").startswith("Round 1: Masha out")
    play.quit()


def test_control_bytes_typed_at_the_prompt_are_shown_escaped(tmp_path):
    """Issue 25, 9: the error repeated them raw, and the escape sequence cleared the screen."""
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    answer = play.say("Masha out, \x16\x1b[2JAlex 3")  # Ctrl-V: readline takes the escape as typed
    assert r"'\x1b[2JAlex' is not understood" in answer and "\x1b" not in answer, repr(answer)
    play.quit()


def test_a_raw_nul_from_a_pipe_is_shown_escaped(tmp_path):
    one_shot(tmp_path, "new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    done = subprocess.run(installed_command() + ["play"], cwd=tmp_path, env=command_environment(), timeout=60,
                          input=b"M\x00sha out 1 2 3\nquit\n", capture_output=True)
    assert done.returncode == 0, done.stderr
    assert b"\x00" not in done.stderr + done.stdout
    assert done.stderr.decode().splitlines()[0].startswith(r"Error: '\x00sha' is not understood")


# -- issue 21: what a scorer still trips over -------------------------------------------------------------
@pytest.mark.parametrize("columns", [40, 80])
def test_a_claim_that_ends_the_match_says_so_and_an_undo_that_reopens_it_too(tmp_path, columns):
    """Issue 21, 1: 'a +5' at 95 answered only with the claim; the prompt turning to 'over>' was the sole sign."""
    one_shot(tmp_path, "new", "--rules", "muggins", "Ann", "Dee")
    for points in ("35", "35", "25"):
        one_shot(tmp_path, "score", "Ann", points)
    play = Play(tmp_path, columns=columns)
    assert "*** " not in play.say("d +10")
    answer = play.say("a +5")
    assert play.child.after == "over> "
    rows = answer.rstrip("\n").splitlines()
    assert " ".join(answer.split()).endswith("*** Match over: Ann wins with 100 points. ***")
    assert rows[-1].endswith("***") and all(len(row) <= columns for row in rows)
    answer = play.say("undo")
    assert answer.rstrip("\n").splitlines()[-1] == "*** Match reopened: it goes on. ***"
    assert play.child.after.startswith("#1+")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_the_round_that_ends_the_match_and_its_undo_are_announced(tmp_path, columns):
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    for line in GOAT_ROUNDS[:-1]:
        assert "***" not in play.say(line)
    answer = play.say(GOAT_ROUNDS[-1])
    assert "*** Match over: Alex is the goat with 125 points. ***" in " ".join(answer.split())
    assert all(len(row) <= columns for row in answer.splitlines()) and len(answer.splitlines()) <= 22
    assert "*** Match reopened: it goes on. ***" in play.say("undo")
    assert "*** Match over:" in play.say("redo")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_the_same_round_pasted_twice_is_asked_about(tmp_path, columns):
    """Issue 21, 2: 's out 3 5 8' pasted twice recorded rounds 1 and 2, identical, with no word; both lines
    arrive in the same read here (one write to the terminal)."""
    play = Play(tmp_path, "--rules", "goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    play.child.send("s out 3 5 8\rs out 3 5 8\r")
    play.child.expect(r"Record it again as round 2\? \[y/N\] ")
    said = " ".join(play.child.before.split())
    assert "Round 1: Serg out" in said and "Round 1 was this same round, just recorded" in said
    assert all(len(row) <= columns for row in play.child.before.replace("\r\n", "\n").splitlines())
    assert play.say("n").strip() == "Not recorded."
    assert len(load_match(str(tmp_path / "match.toml")).rounds) == 1
    play.child.sendline("s out 3 5 8")
    play.child.expect(r"Record it again as round 2\? \[y/N\] ")
    assert play.say("y").startswith("Round 2: Serg out")
    play.quit()
    assert len(load_match(str(tmp_path / "match.toml")).rounds) == 2


def test_the_same_round_after_a_while_or_after_an_undo_is_recorded(sk):
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    now = [0.0]
    session = LiveSession(LiveSession.open(str(sk.path)).state, clock=lambda: now[0])
    assert session.handle("s out 3 5 8").ok
    now[0] += 60  # the same hands a minute later: another round that happened to end alike
    assert session.handle("s out 3 5 8").text.startswith("Round 2: ")
    session.handle("undo")
    assert session.handle("s out 3 5 8").text.startswith("Round 2: ")  # typed again after the undo
    reply = session.handle("Serg out, Masha 3, Alex 5, Olya 8")  # the same round in other words
    assert reply.question == "Record it again as round 3? [y/N] " and len(session.state.match.rounds) == 2


@pytest.mark.parametrize("columns", [40, 80])
def test_only_yes_or_no_answers_the_plausibility_question(tmp_path, columns):
    """Issue 21, 3: the next round typed at 'Record it anyway? [y/N]' was taken as a no and lost: it is the
    next line, and the round asked about is said not recorded."""
    play = Play(tmp_path, "--rules", "goat", "Маша", "Alex", "Olya", "Serg", columns=columns)
    play.child.sendline("ма out 3 4 70")
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    answer = play.say("a out 5 6 7")
    said = " ".join(answer.split())
    assert said.startswith("Not recorded: 'ма out 3 4 70' (the question takes y or n); 'a out 5 6 7' is "
                           "taken as the next line. Round 1: Alex out"), said
    assert all(len(row) <= columns for row in answer.splitlines())
    assert play.child.after.startswith("#2>")
    play.child.sendline("ма out 3 4 70")
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    assert play.say("да").startswith("Round 2: Маша out")
    play.child.sendline("o out 3 4 70")
    play.child.expect(r"Record it anyway\? \[y/N\] ")
    assert play.say("no").strip() == "Not recorded."
    play.quit()
    assert [rnd.out for rnd in load_match(str(tmp_path / "match.toml")).rounds] == ["Alex", "Маша"]


@pytest.mark.parametrize("columns", [40, 80])
def test_goat_pairs_short_form_takes_the_totals_that_count(tmp_path, columns):
    """Issue 21, 6: 'a out 7 5' was refused for want of the partner's total, which goat-pairs does not count;
    the totals that count are given in seating order (Olya, then Masha), and all three still read as before."""
    play = Play(tmp_path, "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg", columns=columns)
    assert play.say("a out 7 5").startswith("Round 1: Alex out, Olya 7, Masha 5")
    said = "Alex out · Olya 7 · Serg 8\n  Masha 9" if columns == 40 else "Alex out, Olya 7, Serg 8, Masha 9"
    assert play.say("a out 7 8 9").startswith(f"Round 2: {said}\n")
    refused = " ".join(play.say("a out 7").split())
    assert refused == "Error: 2 totals needed, in seating order (Olya, Masha): 1 given"
    play.quit()
    shot = tmp_path / "shot"
    shot.mkdir()
    one_shot(shot, "new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg")
    one_shot(shot, "round", "a out, o 7, m 5")
    one_shot(shot, "round", "a out 7 8 9")
    assert load_match(str(tmp_path / "match.toml")).facts() == load_match(str(shot / "match.toml")).facts()


@pytest.mark.parametrize("columns", [40, 80])
def test_the_hints_in_the_session_name_what_works_there(tmp_path, columns):
    """Issue 21, 8: 'explain 1' said "record the tiles with --hand", 'redo' said "'undo --list' shows them"
    but the session refused 'undo --list', and 'check fish 2-4 4-1 ...' needed '--line'."""
    play = Play(tmp_path, "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    assert play.say("m out on 1-2, a 12, o 3, s 4").startswith("Round 1: Masha out")
    explained = " ".join(play.say("explain 1").split())
    if columns == 40:  # taller than the screen: the note is left out, and where it is said
        assert explained.endswith("(1 more note: 'explain 1 all' shows it)"), explained
        explained = " ".join(play.say("explain 1 all").split())
    assert "--" not in explained and "could not be applied to that hand (give its tiles with 'edit 1' to apply " \
        "it)" in explained, explained
    assert "Dropped round 1" in play.say("undo") and "Put back round 1" in play.say("redo")
    hint = " ".join(play.say("redo").split())
    assert hint == "Error: nothing to redo: every change taken back is back ('undo --list' shows them)"
    listed = play.say("undo --list")
    assert " ".join(listed.split()) == ("Changes taken back, newest first: 1 undo of round 1 (Masha went out) (put back) "
                                        "'redo' puts back the newest, 'redo N' change N.")
    assert all(len(row) <= columns for row in listed.splitlines())
    ruling = play.say("check fish 2-4 4-1 1-2 2-6 6-0 0-2 2-3 3-5 5-2")
    assert ruling.startswith("Fish") or "fish" in ruling.splitlines()[0].casefold(), ruling
    assert "Error" not in ruling and "--line" not in ruling
    assert " ".join(play.say("check fish").split()) == ("Error: give the line's tiles in chain order: check fish "
                                                         "2-4 4-1 1-2 ...")
    play.quit()


@pytest.mark.parametrize("columns", [40, 80])
def test_every_answer_that_changes_the_score_ends_with_the_standings(tmp_path, columns):
    """Issue 21, 9: the prompt is '#7>', a claim's answer showed only this hand's claims, and after 'edit 3'
    the totals stood under round 3 unlabeled: each such answer ends with the standings in one compact line
    (broken between players where it does not fit), naming who leads next."""
    one_shot(tmp_path, "new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    play = Play(tmp_path, columns=columns)
    for line in ("m out 30 4 25", "a out 4 20 30", "o out 20 30 10"):
        play.say(line)
    answer = play.say("edit 1 m out 30 14 25")
    rows = answer.rstrip("\n").splitlines()
    standing = "Masha 60 · Alex 40 · Olya 18 · Serg 65 · Olya leads"
    if columns == 80:
        assert rows[-1] == standing, rows
    else:  # between players, each with their total
        assert rows[-2:] == ["Masha 60 · Alex 40 · Olya 18 · Serg 65", "Olya leads"], rows
    assert all(len(row) <= columns for row in rows) and len(rows) <= 22
    answer = play.say("undo")
    assert "\nMasha 30 · Alex 30 · Olya 18 · Serg 45" in answer and answer.rstrip().endswith("Alex leads")
    play.quit()


def test_a_claim_answers_with_the_standings(tmp_path):
    one_shot(tmp_path, "new", "--rules", "muggins", "Masha", "Alex", "Olya", "Serg")
    play = Play(tmp_path, columns=40)
    rows = play.say("m +10").rstrip("\n").splitlines()
    assert rows == ["Claimed: Masha +10 (in play this hand:", "  Masha 10).", "Masha 10 · Alex 0 · Olya 0 · Serg 0"]
    play.quit()


def test_at_40_columns_the_echo_names_each_player_with_their_value(tmp_path):
    """Issue 21, 10: 'Round 2: Alex out 8 6 9' and Sea Goat's 'Alex out on 2-3 3 4 2, led 1-1' (read as
    tiles) hid who held what: each player is named with their value, broken between players."""
    play = Play(tmp_path, "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg", columns=40)
    assert play.say("m out 12 3 4", "").startswith("Round 1: Masha out on plain · Alex 12\n  Olya 3 · Serg 4\n")
    assert play.say("a out 8 6 9", "").startswith("Round 2: Alex out on plain · Olya 8\n  Serg 6 · Masha 9\n")
    assert play.say("a out on 2-3 3 4 2, led 1-1").startswith(
        "Round 3: Alex out on 2-3 · led 1-1\n  Olya 3 · Serg 4 · Masha 2\n")
    play.quit()


def test_at_40_columns_marks_have_a_legend_and_eggs_say_where_they_go(tmp_path):
    """Issue 21, 11: '4 Alexan!' stood with no legend at 40 columns, and the eggs were carried to
    '(next-recorder)', the code's word."""
    play = Play(tmp_path, "--rules", "sea-goat", "Margarita", "Alexander", "Olga", "Sergei", columns=40)
    eggs = " ".join(play.say("fish by o 10 10 5 5").split())
    assert "eggs: +30 carried (they go to the next side that records a round)" in eggs
    assert "!: " not in play.say("m out, led 1-1, 10 10 10", "")
    assert "!: " not in play.say("a out on 6-6, 5 5 5")  # 6-6 went out last: no question of a 6-6 lead
    rows = play.say("a out, led 6-6, 5 5 5").splitlines()  # wins the match: the last tile cannot matter
    assert any(row.startswith("4 Alexan!") for row in rows), rows
    assert "!: on the hundred, or decided the match" in rows and all(len(row) <= 40 for row in rows)
    assert "!: on the hundred, or decided the match" in play.say("table").splitlines()
    play.quit()


def test_again_at_40_columns_starts_the_next_match_with_the_same_players(tmp_path):
    one_shot(tmp_path, "new", "--rules", "goat", "Ann", "Bob")
    one_shot(tmp_path, "round", "Ann out, Bob 60")
    one_shot(tmp_path, "round", "Ann out, Bob 60")
    finished = (tmp_path / "match.toml").read_bytes()
    play = Play(tmp_path, columns=40)
    assert play.child.after == "over> "
    assert " ".join(play.say("again 2").split()) == ("Error: again takes no number: 'again' starts the next "
                                                     "match with the same players")
    answer = play.say("again")
    assert all(len(row) <= 40 for row in answer.splitlines()), answer
    kept = sorted(tmp_path.glob("match.*.toml"))
    assert len(kept) == 1 and kept[0].read_bytes() == finished
    assert " ".join(answer.split()) == (f"New Goat match: Ann, Bob. The finished match is kept as {kept[0].name}. "
                                        "The holder of the lowest double leads the first round (0-0, then 1-1 ...; "
                                        "with no double out, the lightest tile).")
    assert play.child.after == "#1> "
    assert " ".join(play.say("rematch").split()) == ("Error: the match is not over (0 rounds so far): 'rematch' "
                                                     "starts the next one once it is")
    assert play.say("a out 7").startswith("Round 1")
    play.quit()
    match = load_match(str(tmp_path / "match.toml"))
    assert match.players == ("Ann", "Bob") and len(match.rounds) == 1
    assert sorted(tmp_path.glob("match.*.toml")) == kept


def test_rematch_keeps_a_pairs_matchs_sides(sk):
    sk("new", "--rules", "goat-pairs", "--team", "Masha,Olya", "--team", "Alex,Serg", "--name", "Reds")
    sk("round", "Masha out, Alex 30, Serg 30")
    session = LiveSession.open(str(sk.path), screen=lambda: Screen(80, 24))
    assert session.handle("again").text.startswith("Error: the match is not over (1 round so far)")
    sk("round", "Masha out, Alex 30, Serg 30")
    session.handle("table")  # the round recorded by another command is read
    assert session.handle("new").text == "Error: 'new' is not a command or a player (did you mean again?)"
    reply = session.handle("Rematch")
    assert reply.ok and reply.text.startswith("New Pairs Goat match: Reds, Alex+Serg. The finished match is kept")
    assert session.prompt() == "#1> "
    match = load_match(str(sk.path))
    assert [side.players for side in match.sides] == [("Masha", "Olya"), ("Alex", "Serg")]
    assert match.rounds == ()


def _asked(play: Play, line: str) -> str:
    """Type a round line that asks a question; the question asked."""
    play.child.sendline(line)
    play.child.expect(QUESTION)
    return play.child.after


@pytest.mark.parametrize("columns", [40, 80])
def test_sea_goat_asks_the_last_tile_and_the_lead_only_when_they_matter(tmp_path, columns):
    """Issue 21, 4: without 'on X, led Y' in every Sea Goat line, notes were cut mid-sentence ('note: Olya:
    only a total of 12 was'), the lead went unrecorded and the final table said 'the hundred was not
    considered'.  The session asks for the last tile and the lead only when they could change the round's
    score, Enter (or Ctrl-C) meaning a plain tile; a wrong answer is asked again once, then taken as plain."""
    play = Play(tmp_path, "--rules", "sea-goat", "Masha", "Alex", "Olya", "Serg", columns=columns)
    # nobody holds points: a lead cannot matter, the last tile can (0-0, 6-6 or two doubles win)
    assert _asked(play, "m out 12 13 5") == "last tile? [Enter: no double] "
    first = play.say("")
    assert first.startswith("Round 1: Masha out on plain")
    assert "(1 note: see 'explain 1')" in first.splitlines()  # Alex's 12 could be 6-6: whole, or pointed to
    assert not any(row.startswith("note:") for row in first.splitlines())
    # Masha holds 30 and leads: 6-6 would have put her on the hundred
    assert _asked(play, "a out 30 4 2") == "last tile? [Enter: no double] "
    play.child.sendline("")
    play.child.expect_exact("led? [Enter: not 6-6] ")
    assert play.say("").startswith("Round 2: Alex out on plain")
    # out on 6-6: it was not led, so only the last tile is asked; the hundred is owed
    assert _asked(play, "o out 5 6 7") == "last tile? [Enter: no double] "
    owed = " ".join(play.say("6-6").split())
    assert owed.startswith("Round 3: Olya out on 6-6") and "Olya leads 6-6, on the hundred" in owed
    # on the hundred whatever is led: only the last tile; Ctrl-C is the default
    assert _asked(play, "s out 1 2 3") == "last tile? [Enter: no double] "
    play.child.sendintr()
    play.child.expect(PROMPT)
    assert "Round 4: Serg out on plain" in play.child.before.replace("\r\n", "\n")
    # an answer that is no tile is asked again with the reason, then taken as plain (Serg leads, holding
    # nothing: no lead is asked)
    assert _asked(play, "a out 3 4 5") == "last tile? [Enter: no double] "
    play.child.sendline("xx")
    play.child.expect(QUESTION)
    again = " ".join(play.child.before.split())
    assert "'xx' is not a tile: write it as two numbers like 3-4. Type the tile, or Enter for a plain one." in again
    taken = " ".join(play.say("yy").split())
    assert taken.startswith("'yy' is not the last tile either: taken as plain ('edit' changes it). Round 5: Alex "
                            "out on plain")
    # Alex holds points and leads: both are asked
    assert _asked(play, "m out 1 2 3") == "last tile? [Enter: no double] "
    play.child.sendline("")
    play.child.expect_exact("led? [Enter: not 6-6] ")
    assert play.say("").startswith("Round 6: Masha out on plain")
    table = play.say("table")
    assert "--last" not in table and "--led" not in table and "not considered" not in table
    assert all(len(row) <= columns for row in (first + table).splitlines())
    play.quit()
    rounds = load_match(str(tmp_path / "match.toml")).rounds
    assert [(rnd.plain_last, tuple(map(str, rnd.last)), rnd.plain_led) for rnd in rounds] == [
        (True, (), False), (True, (), True), (False, ("6-6",), False), (True, (), False), (True, (), False),
        (True, (), True)]


def test_a_claim_run_together_is_read_in_a_points_race(sk):
    """A Muggins hand is a line per scoring play: 'a10' is 'a +10', several on a line too; a word that names
    a player, or a ruleset that scores no play, leaves the line as it is."""
    sk("new", "--rules", "muggins", "Ann", "Bob")
    session = LiveSession.open(str(sk.path))
    assert session.handle("a10").text.startswith("Claimed: Ann +10")
    assert session.handle("b5 a15").text.startswith("Claimed: Bob +5, Ann +15")
    assert "unknown player 'x'" in session.handle("x10").text
    sk("new", "--force", "--rules", "goat", "Ann", "Bob")
    goat = LiveSession.open(str(sk.path))
    assert "unknown player 'a10'" in goat.handle("a10").text  # not read as a claim
