"""``history DIR...``: per player over a folder of matches with known results (issue 6)."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil

import pytest

from scorekeeper.reports.archive import match_files, read_history

# Three Goat matches, every round opening at once (13 or more), so each figure is easy to check by hand:
#   m1: Masha, Alex, Olya. Olya goes out three times; Masha 40+40+30 = 110 is the goat, Alex 30+30+20 = 80.
#       Rating: Alex (100-80)/10 = 2, Olya (100-0)/10 = 10, Masha nothing.
#   m2: Masha, Alex. Masha goes out twice; Alex 60+50 = 110 is the goat; Masha gains 10.
#   m3 (in a subfolder, not finished): Masha, Olya, Serg. Serg goes out; Masha records 20, Olya remembers +5.
MATCHES = {
    "m1.toml": (["Masha", "Alex", "Olya"], [("Olya", {"Masha": 40, "Alex": 30}), ("Olya", {"Masha": 40, "Alex": 30}),
                                            ("Olya", {"Masha": 30, "Alex": 20})]),
    "m2.toml": (["Masha", "Alex"], [("Masha", {"Alex": 60}), ("Masha", {"Alex": 50})]),
    "old/m3.toml": (["Masha", "Olya", "Serg"], [("Serg", {"Masha": 20, "Olya": 5})]),
}
EXPECTED = [  # player, played, won, lost, rounds, points, average, rating; best rating first, then fewest lost
    ("Olya", 2, 1, 0, 4, 5, 1.25, 10),
    ("Masha", 3, 1, 1, 6, 130, 21.67, 10),
    ("Alex", 2, 1, 1, 5, 190, 38.0, 2),
    ("Serg", 1, 0, 0, 1, 0, 0.0, 0),
]


@pytest.fixture
def club(sk, tmp_path):
    folder = tmp_path / "club"
    for name, (players, rounds) in MATCHES.items():
        sk("new", "--force", "--rules", "goat", *players)
        for out, totals in rounds:
            sk("round", "--out", out, *[arg for p, n in totals.items() for arg in ("--total", f"{p}={n}")])
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(sk.path, folder / name)
    (folder / "house.toml").write_text('extends = "goat"\n[end]\ntarget = 50\n', encoding="utf-8")  # a ruleset
    (folder / "notes.txt").write_text("not even TOML", encoding="utf-8")  # not *.toml: not looked at
    (folder / "torn.toml").write_text("format = 1\nplayers = [\n", encoding="utf-8")
    broken = (folder / "m1.toml").read_text(encoding="utf-8").replace("Alex = 30 }", "Alexa = 30 }", 1)
    (folder / "old" / "broken.toml").write_text(broken, encoding="utf-8")
    return folder


def test_history_figures(sk, club):
    result = sk("history", str(club), "--format", "json")
    data = json.loads(result.stdout)
    assert (data["matches"], data["finished"]) == (3, 2)
    got = [(p["player"], p["played"], p["won"], p["lost"], p["rounds"], p["points"], p["average"], p["rating"])
           for p in data["players"]]
    assert got == EXPECTED
    skipped = {item["path"].replace("\\", "/").split("club/")[1]: item["reason"] for item in data["skipped"]}
    assert set(skipped) == {"house.toml", "torn.toml", "old/broken.toml"}
    assert skipped["house.toml"].startswith("not a match file")
    assert skipped["torn.toml"].startswith("not valid TOML at line 2: ")  # the line first, as file:line says it
    assert ":" in skipped["old/broken.toml"] and "unknown player 'Alexa'" in skipped["old/broken.toml"]
    assert "round 1" in skipped["old/broken.toml"]
    err = result.stderr.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("skipped ") for line in err) and "Traceback" not in result.stderr


def test_history_text_and_csv(sk, club):
    text = sk("history", str(club)).stdout
    lines = text.splitlines()
    assert lines[0].split() == ["player", "played", "won", "lost", "rounds", "avg", "points", "rating"]
    assert lines[2].split() == ["Olya", "2", "1", "0", "4", "1.25", "10"]
    assert lines[3].split() == ["Masha", "3", "1", "1", "6", "21.67", "10"]
    assert "3 matches (2 finished), 3 files skipped." in text
    rows = list(csv.reader(io.StringIO(sk("history", str(club), "--format", "csv").stdout)))
    assert rows[0] == ["player", "played", "won", "lost", "rounds", "average", "rating"]
    assert rows[1:] == [[p, str(a), str(b), str(c), str(d), str(avg), str(r)] for p, a, b, c, d, _, avg, r in EXPECTED]


def test_history_of_several_folders_counts_each_file_once(sk, club):
    data = json.loads(sk("history", str(club), str(club / "old"), str(club / "m2.toml"), "--format", "json").stdout)
    assert data["matches"] == 3 and data["players"][1]["played"] == 3
    only_old = json.loads(sk("history", str(club / "old"), "--format", "json").stdout)
    assert [(p["player"], p["played"], p["points"]) for p in only_old["players"]] == \
        [("Masha", 1, 20), ("Olya", 1, 5), ("Serg", 1, 0)]


def test_a_match_reached_through_a_link_is_counted_once(sk, club, tmp_path):
    """A folder given again through a link to it, and a file linked to a match in it, are the same files."""
    (tmp_path / "club-link").symlink_to(club, target_is_directory=True)
    (club / "again.toml").symlink_to(club / "m2.toml")
    data = json.loads(sk("history", str(club), str(tmp_path / "club-link"), "--format", "json").stdout)
    assert data["matches"] == 3 and data["players"][1]["played"] == 3
    alone = json.loads(sk("history", str(tmp_path / "club-link" / "again.toml"), str(club / "m2.toml"),
                          "--format", "json").stdout)
    assert alone["matches"] == 1


def test_a_copy_of_a_match_is_counted_once_and_said_to_be_a_copy(sk, club):
    """A match exported beside itself (or backed up) is the same match: counted once, the newer file skipped
    as its copy; a match that differs by one byte is another match."""
    sk.path.write_bytes((club / "m2.toml").read_bytes())
    sk("export", "--format", "toml", "-o", str(club / "m2-copy.toml"))
    os.utime(club / "m2-copy.toml", ns=(os.stat(club / "m2.toml").st_mtime_ns + 10**9,) * 2)
    data = json.loads(sk("history", str(club), "--format", "json").stdout)
    assert data["matches"] == 3 and [(p["player"], p["played"]) for p in data["players"]][:3] == \
        [("Olya", 2), ("Masha", 3), ("Alex", 2)]
    copy = {"path": str(club / "m2-copy.toml"), "reason": f"a copy of {club / 'm2.toml'}: the same match, counted once"}
    assert copy in data["skipped"] and len(data["skipped"]) == 4  # with the club's three files that are no matches
    other = (club / "m2.toml").read_bytes().replace(b"Alex", b"Alec")  # another match, of the same size
    (club / "m2-copy.toml").write_bytes(other)
    assert json.loads(sk("history", str(club), "--format", "json").stdout)["matches"] == 4


def test_history_in_parallel_gives_the_same_figures(club):
    assert read_history([str(club)], jobs=2) == read_history([str(club)], jobs=1)


def test_history_starts_no_more_processes_than_it_has_files_to_share(club, monkeypatch):
    """'history --jobs 99999' on a folder of a few matches started 99,999 processes (the pool starts all it is
    allowed at once) and never ended: the pool is no larger than the chunks it shares out."""
    import concurrent.futures

    asked = []
    real = concurrent.futures.ProcessPoolExecutor

    def pool(max_workers=None, **options):
        asked.append(max_workers)
        return real(max_workers=max_workers, **options)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
    assert read_history([str(club)], jobs=50) == read_history([str(club)], jobs=1)
    assert asked and all(workers <= len(match_files([str(club)])) < 50 for workers in asked)


def test_history_refuses_more_processes_than_it_may_start(sk, tmp_path):
    """--jobs is a number in a range, as every typed number is: a typo (99999) is refused in one line."""
    empty = tmp_path / "empty"
    empty.mkdir()
    said = sk.fails("history", str(empty), "--jobs", "99999", code=2)
    assert "the number of processes is at most 256, not 99999" in said
    assert "0 matches" in sk("history", str(empty), "--jobs", "256").stdout


def test_history_refuses_a_missing_folder(sk, tmp_path):
    assert "does not exist" in sk.fails("history", str(tmp_path / "nowhere"), code=2)
    assert "Missing argument" in sk.fails("history", code=2)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "0 matches (0 finished)." in sk("history", str(empty)).stdout


def test_history_through_the_installed_command(run_installed, club):
    done = run_installed("history", str(club), "--format", "json")
    assert [p["rating"] for p in json.loads(done.stdout)["players"]] == [row[-1] for row in EXPECTED]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_among_the_match_files_is_skipped_not_waited_on(sk, club):
    """A named pipe called *.toml in an archive folder was opened with a plain open(), which waits for a writer
    that never comes: it is skipped, saying what it is, and the matches are counted as before."""
    os.mkfifo(club / "pipe.toml")
    result = sk("history", str(club), "--format", "json")
    data = json.loads(result.stdout)
    assert (data["matches"], data["finished"]) == (3, 2)
    skipped = {item["path"].replace("\\", "/").split("club/")[1]: item["reason"] for item in data["skipped"]}
    assert skipped["pipe.toml"] == "it is a pipe, not a file of text"


@pytest.mark.parametrize("language, one, two", [
    ("en", "1 file skipped.", "(and 1 more problem)"),
    ("ru", "пропущен 1 файл.", "(и ещё 1 ошибка)"),
    ("uk", "пропущено 1 файл.", "(і ще 1 помилка)"),
])
def test_history_counts_what_it_skipped_in_whole_words(sk, tmp_path, monkeypatch, language, one, two):
    """'1 file(s) skipped', '(and 2 more problem(s))': each count with its own plural form, in every
    language."""
    folder = tmp_path / "few"
    folder.mkdir()
    sk("new", "--rules", "goat", "Masha", "Alex")
    sk("round", "--out", "Masha", "--total", "Alex=20")
    sk("round", "--out", "Masha", "--total", "Alex=30")
    text = sk.path.read_text(encoding="utf-8")
    (folder / "m.toml").write_text(text, encoding="utf-8")
    (folder / "broken.toml").write_text(text.replace("Alex = 20", "Alexa = 20").replace("Alex = 30", "Alexa = 30"),
                                        encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_LANG", language)
    done = sk("history", str(folder))
    assert " ".join(done.stdout.split()).endswith(one), done.stdout
    assert two in done.stderr, done.stderr
