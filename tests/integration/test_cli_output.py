"""CI-friendly output: ``--version``, the exit status in ``--help``, progress as whole
lines off a terminal and a bar on one, and output on a terminal that is not UTF-8."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from generala_conformance import __version__
from generala_conformance.cli.console import ascii_of
from generala_conformance.progress import Progress, clock_text
from generala_scenarios import DICE_SUITE_VERSION, SUITE_VERSION

HERE = Path(__file__).parents[1]
KIT = [sys.executable, "-m", "generala_conformance.cli"]
BROKEN = f"{HERE / 'broken_engines.py'}:must_beat_adapter"
ASCII_ENV = {**os.environ, "PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"}


def kit(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*KIT, *args], capture_output=True, timeout=600, env=env, cwd=HERE.parent)


def test_version_names_the_kit_the_suite_and_the_protocol() -> None:
    done = kit("--version")
    assert done.returncode == 0
    suites = f"cards suite {SUITE_VERSION}, dice suite {DICE_SUITE_VERSION}"
    assert done.stdout.decode() == f"generala-kit {__version__} ({suites}, protocol 1)\n"


def test_help_documents_the_exit_status() -> None:
    top, check = kit("--help").stdout.decode(), kit("check", "--help").stdout.decode()
    assert "1 the implementation\ndiverged" in top or "1 the implementation diverged" in " ".join(top.split())
    words = " ".join(check.split())
    assert "exit status: 0 nothing unexpected; 1 the implementation diverged" in words
    assert "2 the kit could not run" in words


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_progress_is_an_occasional_whole_line_with_an_estimate() -> None:
    stream, clock = io.StringIO(), Clock()
    progress = Progress("check", 100, stream=stream, clock=clock)
    for _ in range(10):
        clock.now += 0.5
        progress.advance()
    assert stream.getvalue() == ""  # 5 s: a short run prints nothing
    clock.now += 5
    progress.advance(extra="0 unexpected")
    assert stream.getvalue() == "check: 11/100 (11%), 0 unexpected, 0:10 elapsed, about 1:21 left\n"
    clock.now += 29
    progress.advance()
    assert stream.getvalue().count("\n") == 1  # not before 30 s more
    clock.now += 1
    progress.advance(88)
    progress.done()
    lines = stream.getvalue().splitlines()
    assert lines[1:] == ["check: 100/100 (100%), 0 unexpected, 0:40 elapsed, about 0:00 left"]
    assert "\r" not in stream.getvalue()


def test_the_last_line_is_not_printed_twice_and_forced_lines_start_at_once() -> None:
    stream, clock = io.StringIO(), Clock()
    progress = Progress("fuzz", 3, stream=stream, clock=clock, forced=True)
    progress.advance(3)
    progress.done()
    assert stream.getvalue() == "fuzz: 3/3 (100%), 0:00 elapsed, about 0:00 left\n"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_is_a_bar_redrawn_in_place_and_wiped_at_the_end() -> None:
    stream, clock = Terminal(), Clock()
    progress = Progress("perft table", 4, stream=stream, clock=clock)
    clock.now += 1
    progress.advance()
    assert stream.getvalue() == "\r[######..................] perft table: 1/4 (25%), 0:01 elapsed, about 0:03 left "
    progress.advance()  # within a tenth of a second: not redrawn
    clock.now += 1
    progress.advance()
    progress.done()
    assert stream.getvalue().count("\r[") == 2 and stream.getvalue().endswith("\r\x1b[K")
    assert "\n" not in stream.getvalue()
    assert clock_text(3725) == "1:02:05"


def test_check_replaces_the_letter_per_case_by_the_progress_display() -> None:
    done = kit("check", "--clause", "R-JOKER-4")
    assert done.returncode == 0
    assert b"....." not in done.stdout and done.stderr == b""  # a run shorter than 10 s prints no progress line
    verbose = kit("check", "--clause", "R-JOKER-4", "-v")
    assert b"PASS     04_jokers/" in verbose.stdout  # one line a case: outcome, id, place


def test_ascii_stand_ins() -> None:
    assert [ascii_of(c) for c in "♣♦♥♠🃏—×…éç→ب"] == ["C", "D", "H", "S", "JK", "-", "x", "...", "e", "c", "->", "?"]


def test_commands_write_ascii_on_a_terminal_that_is_not_utf8() -> None:
    played = kit("play", "--players", "3", "--seed", "4", env=ASCII_ENV)
    assert played.returncode == 0, played.stderr
    text = played.stdout.decode("ascii")  # every byte is ASCII
    assert "Generala - 3 players, seed 4" in text and "P2 must lead 7C" in text and " JK" in text
    persian = kit("rules", "FA-30", env=ASCII_ENV)
    assert persian.returncode == 0 and b"Traceback" not in persian.stderr
    persian.stdout.decode("ascii")
    failing = kit("check", "--adapter", BROKEN, "--clause", "R-FOLLOW-2", env=ASCII_ENV)
    assert failing.returncode == 1, failing.stderr[-2000:]
    output = (failing.stdout + failing.stderr).decode("ascii")
    assert "Traceback" not in output and "UnicodeEncodeError" not in output
    assert "implementation: generala-kit reference" in output and "NOT OK:" in output
