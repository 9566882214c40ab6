"""Hostile input files (issue 42, item 2): reports given to ``report`` and
``expectations --from``, expectations files (``check --expect``) and ``explain
--file``. Each is refused before anything runs, by exit 2 and one line naming the
file, the line and the field with a code, in bounded time and memory, and with no
traceback anywhere. (Fixtures of both games: ``tests/integration/test_bad_fixtures.py``.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

KIT = [sys.executable, "-m", "generala_conformance.cli"]
BOUND = 120  # seconds: each refusal takes about one; a hang (a FIFO) would take forever
FIVE_THOUSAND = "7" * 5000


def kit(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``generala-kit ARGV`` in ``cwd``, its output checked for tracebacks."""
    done = subprocess.run([*KIT, *argv], cwd=cwd, capture_output=True, text=True, timeout=BOUND)
    output = done.stdout + done.stderr
    assert "Traceback" not in output and 'File "' not in output, output[-3000:]
    return done


def refused(cwd: Path, *argv: str) -> str:
    """The one line of a command that refuses its input (exit 2, nothing on stdout)."""
    done = kit(cwd, *argv)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    [line] = done.stderr.splitlines()
    return line


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A real report of a dice run on the reference engine (its document)."""
    root = tmp_path_factory.mktemp("report")
    (root / "cases").mkdir()
    fixture = Path(__file__).parents[2] / "data" / "bad_fixtures" / "dice.yaml"
    (root / "cases" / "case.yaml").write_text(fixture.read_text("utf-8"), "utf-8")
    done = kit(root, "check", "--game", "dice", "--cases", "cases", "--json", "r.json")
    assert done.returncode == 0, done.stderr
    document: dict[str, object] = json.loads((root / "r.json").read_text("utf-8"))
    return document


def report_text(document: dict[str, object], tweak: Callable[[str], str] = lambda text: text) -> str:
    """The report as ``check`` writes it (one key a line), with ``tweak`` applied to its text."""
    return tweak(json.dumps(document, indent=1))


def _huge_count(text: str) -> str:
    return re.sub(r'"pass": \d+', f'"pass": {FIVE_THOUSAND}', text, count=1)


def _nan_duration(text: str) -> str:
    return re.sub(r'"duration": [\d.e-]+', '"duration": NaN', text, count=1)


def line_of(text: str, needle: str) -> int:
    """The line of ``text`` where ``needle`` first stands."""
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("tweak", "needle", "code", "says"),
    [
        (_huge_count, FIVE_THOUSAND, "integer-too-long", "an integer of 5000 characters"),
        (_nan_duration, "NaN", "not-json", "NaN is not a JSON number"),
    ],
    ids=["5000-digit-integer", "nan"],
)
@pytest.mark.parametrize("command", ["report", "expectations"])
def test_a_report_with_a_value_json_does_not_allow_is_one_line(
    tmp_path: Path,
    report: dict[str, object],
    command: str,
    tweak: Callable[[str], str],
    needle: str,
    code: str,
    says: str,
) -> None:
    text = report_text(report, tweak)
    (tmp_path / "bad.json").write_text(text, "utf-8")
    argv = ["report", "--game", "dice", "bad.json", "--out", "site"]
    if command == "expectations":
        argv = ["expectations", "--game", "dice", "--from", "bad.json"]
    line = refused(tmp_path, *argv)
    assert re.search(rf"bad\.json:{line_of(text, needle)}: [\w.]+: .*{says}.* \[{code}\]$", line), line
    assert not (tmp_path / "site").exists()


def _fifo(root: Path) -> str:
    os.mkfifo(root / "pipe.json")
    return "pipe.json"


def _device(_root: Path) -> str:
    return "/dev/zero"


def _deep(root: Path) -> str:
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    return "deep.json"


def _latin1(root: Path) -> str:
    (root / "latin.json").write_bytes(b'{"kit": "caf\xe9"}')
    return "latin.json"


@pytest.mark.parametrize(
    ("make", "code", "says"),
    [
        (_fifo, "not-a-file", "is a pipe (FIFO), not a regular file; not read"),
        (_device, "not-a-file", "is a character device, not a regular file; not read"),
        (_deep, "too-deep", ":1: 0.0.0.0"),
        (_latin1, "not-utf8", ":1: (file): byte e9 at column 13 is not UTF-8 text"),
    ],
    ids=["fifo", "dev-zero", "100000-deep", "latin-1"],
)
@pytest.mark.parametrize("command", ["report", "expectations"])
def test_a_report_that_cannot_be_read_safely_is_refused_unread(
    tmp_path: Path, command: str, make: Callable[[Path], str], code: str, says: str
) -> None:
    name = make(tmp_path)
    argv = ["report", name, "--out", "site"] if command == "report" else ["expectations", "--from", name]
    line = refused(tmp_path, *argv)
    assert says in line and line.endswith(f"[{code}]") and name in line


def test_a_report_page_holds_at_most_the_start_of_a_60_mib_message(tmp_path: Path, report: dict[str, object]) -> None:
    cases = report["cases"]
    assert isinstance(cases, list)
    cases[0] = {**cases[0], "outcome": "fail", "message": "step 1: " + "x" * (60 * 1024 * 1024)}
    (tmp_path / "big.json").write_text(json.dumps({**report, "cases": cases}), "utf-8")
    done = kit(tmp_path, "report", "--game", "dice", "big.json", "--out", "site")
    assert done.returncode == 0, done.stderr
    pages = list((tmp_path / "site").rglob("*.html"))
    assert pages and sum(page.stat().st_size for page in pages) < 2 * 1024 * 1024
    assert any("more characters cut; the JSON report holds them all" in p.read_text("utf-8") for p in pages)


@pytest.mark.parametrize(
    ("text", "line", "field", "code"),
    [
        (
            f"version: 1\nexpectations:\n- {{case: a, outcome: skip, reason: {FIVE_THOUSAND}}}\n",
            3,
            "expectations.0.reason",
            "integer-too-long",
        ),
        (
            "version: 1\nexpectations:\n- {case: a, outcome: skip, reason: r, colour: red}\n",
            3,
            "expectations.0",
            "bad-expectations",
        ),
        ("version: 2\nexpectations: []\n", 1, "version", "bad-expectations"),
        ("- {case: a}\n", 1, "(file)", "bad-expectations"),
    ],
    ids=["5000-digit-integer", "unknown-field", "version-2", "top-level-list"],
)
def test_a_bad_expectations_file_stops_check_before_it_runs(
    tmp_path: Path, text: str, line: int, field: str, code: str
) -> None:
    (tmp_path / "expect.yaml").write_text(text, "utf-8")
    said = refused(tmp_path, "check", "--game", "dice", "--expect", "expect.yaml", "--json", "r.json")
    assert said.startswith(f"generala-kit check: expect.yaml:{line}: {field}: ") and said.endswith(f"[{code}]")


EXPLAINED = [
    ("deep.yaml", "position: " + "[" * 100_000 + "]" * 100_000 + "\n", "too-deep", "deep.yaml:1: position.0.0"),
    ("bytes.yaml", "position:\n  hands: {P1: caf\udce9}\n", "not-utf8", "bytes.yaml:2: (file): byte e9"),
    (
        "huge.yaml",
        f"position:\n  players: {FIVE_THOUSAND}\n  hands: {{P1: 2C}}\n",
        "integer-too-long",
        "huge.yaml:2: position.players",
    ),
    (
        "huge.json",
        f'{{"position": {{"hands": {{"P1": "2C"}},\n "players": {FIVE_THOUSAND}}}}}',
        "integer-too-long",
        "huge.json:2: position.players",
    ),
    (
        "keys.yaml",
        "position:\n  hands: {P1: 2C, P2: 3C}\nmood: calm\n",
        "schema",
        "keys.yaml:1: (file): Additional properties",
    ),
    (
        "hand.yaml",
        "position:\n  hands: {P1: 2C,\n    P2: 3Z}\n",
        "bad-position-text",
        "hand.yaml:3: position.hands.P2: not a card",
    ),
]


@pytest.mark.parametrize(("name", "text", "code", "says"), EXPLAINED, ids=[row[0] for row in EXPLAINED])
def test_explain_file_refuses_a_hostile_file_in_one_line(
    tmp_path: Path, name: str, text: str, code: str, says: str
) -> None:
    (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    line = refused(tmp_path, "explain", "--file", name)
    assert line.startswith(f"generala-kit explain: error [{code}]: {says}"), line


@pytest.mark.parametrize("make", [_fifo, _device], ids=["fifo", "dev-zero"])
def test_explain_file_reads_no_pipe_or_device(tmp_path: Path, make: Callable[[Path], str]) -> None:
    name = make(tmp_path)
    line = refused(tmp_path, "explain", "--file", name)
    assert line.startswith(f"generala-kit explain: error [not-a-file]: {name}: is a ") and "not read" in line


@pytest.mark.parametrize(
    ("position", "code", "says"),
    [
        ("P1: 2C | P1: 3C | P2: 4C", "part-given-twice", "part 2: P1 is given twice (parts 1 and 2)"),
        ("P1: 2C | P2: 3C | leader: P1 | leader: P2", "part-given-twice", "part 4: leader is given twice"),
        (f"P1: 2C | P2: 3C | players: {FIVE_THOUSAND}", "bad-position-text", "players: '7777"),
    ],
    ids=["hand-twice", "leader-twice", "5000-digit-players"],
)
def test_explain_refuses_a_position_text_it_would_misread(tmp_path: Path, position: str, code: str, says: str) -> None:
    line = refused(tmp_path, "explain", position)
    assert line.startswith(f"generala-kit explain: error [{code}]: {says}"), line
