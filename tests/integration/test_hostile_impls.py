"""The hostile-implementation collection (issue 9): ``generala-kit check`` against one
misbehaving implementation per kind (``tests/impls/``, table in ``tests/hostile_runs.py``).

Every kind must end with the right outcome per case, within a time bound, with
both reports written and valid, no terminal escape reaching the user, a bounded
report, and no process of the implementation left behind.
"""

from __future__ import annotations

import fnmatch
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from generala_conformance.suite import report
from generala_conformance.transport.process_adapter import STDERR_CASE_BYTES, clean_environment

from tests.hostile_runs import CASE_IDS, HANDSHAKE, KINDS, Kind, left_behind, run_check

MAX_REPORT_BYTES = 1_000_000


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name.replace(" ", "-"))
def test_a_hostile_implementation_is_classified_and_leaves_nothing_behind(kind: Kind, tmp_path: Path) -> None:
    run = run_check(kind.script, tmp_path, *kind.options)
    shown = run.stdout[-3000:].decode("utf-8", "replace")
    document = run.document
    report.validate(document)
    assert {c["id"]: c["outcome"] for c in document["cases"]} == kind.outcomes, shown
    assert run.junit_outcomes() == kind.outcomes
    clean = set(kind.outcomes.values()) == {"pass"}
    assert document["ok"] is clean and document["error"] is None
    assert run.returncode == (0 if clean else 2 if kind.outcomes == HANDSHAKE else 1), shown  # 2: nothing judged
    if kind.outcomes == HANDSHAKE:  # the run ended at once, with one message
        aborted = document["aborted"]
        assert aborted["code"] == "handshake-failed" and fnmatch.fnmatchcase(aborted["message"], kind.words), aborted
        assert [c.get("name") for c in ET.fromstring(run.junit).iter("testcase")] == ["handshake"]
    elif kind.words:
        messages = {c["id"]: c["message"] for c in document["cases"] if c["outcome"] != "pass"}
        last = messages[[i for i in CASE_IDS if i in messages][-1]]
        assert fnmatch.fnmatchcase(last.replace("\n", " "), kind.words), last[:2000]
    assert run.pids, "the implementation recorded no process"
    assert left_behind(run.pids) == []
    for text in (run.stdout, run.report, run.junit):
        assert b"\x1b" not in text and b"\\ud8" not in text and b"\\udc" not in text
    assert len(run.report) < MAX_REPORT_BYTES


@pytest.mark.parametrize("script", ["hostile.py stderr_lines", "hostile.py stderr_line"])
def test_a_stderr_flood_is_cut_per_case(script: str, tmp_path: Path) -> None:
    run = run_check(script, tmp_path)
    kept = [c["stderr"] or "" for c in run.document["cases"]]
    assert "more bytes" in "".join(kept) and " cut" in "".join(kept)  # the case it lands in depends on the reader
    assert max(len(text.encode()) for text in kept) < STDERR_CASE_BYTES + 8 * 1024


def test_surrogates_and_escapes_in_the_handshake_are_sanitised(tmp_path: Path) -> None:
    first, second = tmp_path / "surrogate", tmp_path / "escapes"
    first.mkdir()
    second.mkdir()
    surrogate = run_check("hostile.py lone_surrogate", first)
    assert surrogate.document["implementation"]["name"] == "bad \ufffd name \u241b]0;pwned\u2407"
    escapes = run_check("hostile.py terminal_escapes", second)
    name = escapes.document["implementation"]["name"]
    assert name == "\u241b]0;owned\u2407\u241b[31mred\u241b[0m\\x9b2J"
    assert "implementation: \u241b]0;owned" in escapes.stdout.decode()
    assert any("\u241b[2J" in (c["stderr"] or "") for c in escapes.document["cases"])


def test_clean_env_passes_only_the_minimal_environment(tmp_path: Path) -> None:
    run = run_check("hostile.py env_names", tmp_path, env={"GENERALA_TEST_SECRET": "hunter2", "LC_TIME": "C"})
    names = set(run.document["implementation"]["name"].split())
    assert "GENERALA_TEST_SECRET" not in names
    assert {"GENERALA_TEST_PIDS", "PATH", "LC_TIME"} <= names
    allowed = {"PATH", "HOME", "LANG", "TMPDIR", "GENERALA_TEST_PIDS"}
    assert all(n in allowed or n.startswith("LC_") for n in names), names


def test_clean_environment_keeps_the_listed_names_only() -> None:
    source = {"PATH": "/bin", "HOME": "/h", "LC_ALL": "C", "AWS_SECRET": "x", "MINE": "1", "TMPDIR": "/t"}
    assert clean_environment(["MINE"], source) == {
        "PATH": "/bin",
        "HOME": "/h",
        "LC_ALL": "C",
        "MINE": "1",
        "TMPDIR": "/t",
    }
    assert "AWS_SECRET" not in clean_environment([], source)
