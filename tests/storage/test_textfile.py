"""Only a regular file is read as a match, and only up to a size (issue 25, item 12): a device, a pipe or a
huge file is refused at once, in one line, exit 1."""

from __future__ import annotations

import os
import subprocess
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import command_environment, installed_command
from scorekeeper.errors import MatchFileError
from scorekeeper.storage import textfile
from scorekeeper.storage.matchfile import load_match


def _refused(tmp_path, match: str, *args: str) -> str:
    started = time.monotonic()
    done = subprocess.run(installed_command() + ["--match", match, *args], cwd=tmp_path, capture_output=True,
                          text=True, env=command_environment(), timeout=30)
    assert time.monotonic() - started < 10, "it did not refuse at once"
    assert done.returncode == 1 and done.stdout == "", done
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("command", [["table"], ["round", "Ann out, Bob 3"], ["export"]])
def test_dev_zero_as_the_match_is_refused_at_once(tmp_path, command):
    line = _refused(tmp_path, "/dev/zero", *command)
    assert line == "Error: /dev/zero: cannot be a match file: it is a device, not a file of text"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_as_the_match_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "match.toml")
    line = _refused(tmp_path, "match.toml", "table")
    assert line == "Error: match.toml: cannot be a match file: it is a pipe, not a file of text"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_import_of_a_pipe_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "shared.toml")
    line = _refused(tmp_path, "match.toml", "import", "shared.toml")
    assert "shared.toml: cannot be a match file: it is a pipe" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shared.toml"]


def test_a_file_larger_than_any_match_is_refused_in_one_line(sk, monkeypatch):
    """Counted in bytes, before a byte is read: a huge file that is not UTF-8 is not read whole either."""
    sk("new", "Ann", "Bob")
    monkeypatch.setattr(textfile, "LARGEST", 400)
    with open(sk.path, "a") as handle:
        handle.write("# a note\n" * 50)
    line = sk.fails("table", code=1)
    assert line == f"Error: {sk.path}: too large for a match file (more than 400 bytes)"
    sk.fails("round", "Ann out, Bob 3", code=1)


def test_a_file_of_the_largest_size_is_read(sk, monkeypatch):
    sk("new", "Ann", "Bob")
    size = len(sk.path.read_bytes())
    monkeypatch.setattr(textfile, "LARGEST", size)
    assert load_match(sk.path).players == ("Ann", "Bob")
    monkeypatch.setattr(textfile, "LARGEST", size - 1)
    with pytest.raises(MatchFileError, match="too large"):
        load_match(sk.path)


def test_a_folder_is_not_read_as_a_match(tmp_path):
    with pytest.raises(MatchFileError, match="it is a folder"):
        load_match(tmp_path)


def test_regular_text_gives_nothing_for_what_is_not_a_regular_file(tmp_path):
    (tmp_path / "a.toml").write_text("x = 1\n")
    assert textfile.regular_text(tmp_path / "a.toml") == "x = 1\n"
    assert textfile.regular_text(tmp_path) is None
    assert textfile.regular_text(tmp_path / "missing") is None
    if os.path.exists("/dev/zero"):
        assert textfile.regular_text("/dev/zero") is None


def test_a_large_file_that_is_not_utf8_is_refused_for_its_size_not_read_to_find_the_byte(sk, monkeypatch):
    monkeypatch.setattr(textfile, "LARGEST", 1000)
    sk.path.write_bytes(b"\xff" * 1001)
    assert sk.fails("table", code=1) == f"Error: {sk.path}: too large for a match file (more than 1,000 bytes)"
    sk.path.write_bytes(b"\xff" * 1000)
    assert "not UTF-8 text" in sk.fails("table", code=1)


def _as_python_reads(data: bytes, tmp_path) -> str | type:
    (tmp_path / "f.toml").write_bytes(data)
    try:
        with open(tmp_path / "f.toml", encoding="utf-8-sig") as handle:
            return handle.read()
    except UnicodeDecodeError:
        return UnicodeDecodeError


def _as_decoded(data: bytes) -> str | type:
    try:
        return textfile.decoded(data)
    except UnicodeDecodeError:
        return UnicodeDecodeError


TEXTS = st.one_of(st.binary(max_size=40), st.lists(st.sampled_from(
    ["\ufeff", "\r", "\n", "\r\n", "a = 1", "é", "Маша", "😀", "#"]), max_size=12).map(lambda parts: "".join(
        parts).encode()), st.binary(max_size=8).map(lambda tail: "\ufeffx\r\n".encode() + tail))


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=TEXTS)
def test_a_file_reads_as_python_reads_it_as_utf8_sig(tmp_path, data):
    """``decoded`` stands for ``open(path, encoding="utf-8-sig")``: the same text (a byte order mark dropped at
    the start only, every line end read as ``\\n``), or the same refusal of what is not UTF-8. Where the whole
    file is the start of a mark and no more (one or two bytes), Python's reader gives no text: it is not UTF-8."""
    expected = UnicodeDecodeError if data in (b"\xef", b"\xef\xbb") else _as_python_reads(data, tmp_path)
    assert _as_decoded(data) == expected


@pytest.mark.parametrize("data", [b"\xef\xbb\xbfa = 1\r\nb = 2\r", b"\xef\xbb\xbf\xef\xbb\xbfx", b"a\xef\xbb\xbf",
                                  b"\xef\xbb\xbf", b"x = '\xd0'\n", b"\xef\xbb\xbf\xd0"])
def test_the_byte_order_mark_and_line_ends_read_as_python_reads_them(tmp_path, data):
    assert _as_decoded(data) == _as_python_reads(data, tmp_path)
