"""Reports hide nothing (issue 44, item 7): JUnit's failure message starts with the
clause broken, the terminal lists every case that went wrong (no "see the JSON
report" when no JSON was asked for)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from generala_conformance.cli import check
from generala_conformance.suite import report
from generala_conformance.suite.junit import junit_xml

from tests.cli_helpers import run_command
from tests.integration.test_conformance_attribution import result


def document(*results: report.CaseResult) -> dict:
    return report.build(list(results), implementation=None, adapter="x", profile=None, duration=0, kit_version="0")


def failure_messages(made: dict) -> dict[str, str]:
    root = ET.fromstring(junit_xml(made))
    found = {}
    for case in root.iter("testcase"):
        for kind in ("failure", "error"):
            node = case.find(kind)
            if node is not None:
                found[case.get("name", "")] = node.get("message", "")
    return found


def test_the_junit_failure_message_starts_with_the_clause_broken() -> None:
    attributed = result("a", "fail", ["R-FOLLOW-2", "R-NEXT-1"], "R-NEXT-1")
    attributed.message = "divergence at step 3: P2 4C\nexpected …"
    unattributed = result("b", "fail", ["R-END-1"])
    unattributed.message = "the wrong loser"
    crashed = result("c", "error", ["R-END-1", "R-END-2"])
    crashed.message = "[AdapterCrash] exit 1"
    bare = result("d", "timeout", [])
    messages = failure_messages(document(attributed, unattributed, crashed, bare, result("e", "pass", ["R-END-1"])))
    assert messages == {
        "a": "R-NEXT-1 broken (checks R-FOLLOW-2, R-NEXT-1): divergence at step 3: P2 4C",
        "b": "checks R-END-1: the wrong loser",
        "c": "checks R-END-1, R-END-2: [AdapterCrash] exit 1",
        "d": "checks no clause: timeout",
    }


def test_the_terminal_summary_lists_every_case_that_went_wrong() -> None:
    failed = [result(f"f{n:02}", "fail", ["R-END-1"], "R-END-1") for n in range(25)]
    lines = report.terminal_lines(document(result("p", "pass", ["R-END-1"]), *failed))
    assert [line.split()[1] for line in lines if line.startswith("  FAIL ")] == [f"f{n:02}" for n in range(25)]
    assert not any("JSON report" in line for line in lines)


def test_check_prints_every_failure_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    broken = "tests/dice/broken_engines.py:exactly_four"
    code, out, _ = run_command(check, ["--game", "dice", "--adapter", broken, "-k", "scoring and five"], capsys)
    assert code == 1
    failed = [line.split()[1] for line in out.splitlines() if line.startswith("  FAIL ")]
    assert len(failed) > 20, "too few failures to show that none is hidden"
    full = [line for line in out.splitlines() if line.startswith("D-CAT-5 broken (checks ")]
    assert len(full) == len(failed)  # each in full, its headline first
    assert f"{len(failed)} failed" in out and "JSON report" not in out


def test_the_report_names_the_clauses_no_case_checked_and_why() -> None:
    results = [
        result("s1", "skip", ["D-SCORE-6", "D-CAT-7"]),
        result("s2", "skip", ["D-SCORE-6"]),
        result("p1", "pass", ["D-CAT-7"]),
        result("e1", "error", ["D-END-3"]),
    ]
    results[0].message = results[1].message = "Skipped: option value not supported: double-generala=after-generala"
    hello = {"name": "x", "version": "1", "language": "c", "protocol": 1, "game": "dice", "levels": ["scoring"]}
    hello |= {"options": {"double-generala": ["off"]}, "reason_codes": True}
    made = report.build(
        results,
        implementation=hello,
        adapter="x",
        profile=None,
        duration=0,
        kit_version="0",
        suite=report.suite_identity(game="dice"),
    )
    report.validate(made)
    assert [(row["clause"], row["cases"], row["switched_off_by"]) for row in made["unchecked"]] == [
        ("D-SCORE-6", 2, "double-generala=off"),
        ("D-END-3", 1, None),
    ]
    assert made["unchecked"][0]["reasons"] == [
        {"reason": "option value not supported: double-generala=after-generala", "count": 2}
    ]
    lines = report.terminal_lines(made)
    at = lines.index("clauses no case checked (under what the implementation declared):")
    assert lines[at + 1].split()[:3] == ["D-SCORE-6", "2", "case(s):"] and lines[at + 1].endswith("double-generala=off")
    assert lines[at + 2] == "  D-END-3         1 case(s): 1 × error" and lines[-1] == made["verdict"]
