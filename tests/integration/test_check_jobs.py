"""``generala-kit check -n N``: the cases run in N pytest-xdist workers, and the run
reports what one process reports — outcomes, messages, order, JUnit, terminal lines, exit code."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.suite import report

from tests.hostile_runs import left_behind, run_check

HERE = Path(__file__).parents[1]
IMPLS = HERE / "impls"
CASES = HERE / "data" / "cases"
KIT = [sys.executable, "-m", "generala_conformance.cli"]
ROOT = HERE.parent
UNTIMED = {"duration"}


def check(tmp_path: Path, name: str, *options: str) -> tuple[int, str, dict[str, Any], ET.Element]:
    """``check`` run as a user runs it (from the kit's checkout, for ``tests.*`` adapters):
    exit code, output, JSON report and JUnit XML."""
    folder = tmp_path / name
    folder.mkdir()
    argv = [*KIT, "check", "-v", "--json", str(folder / "r.json"), "--junit", str(folder / "j.xml"), *options]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    document = json.loads((folder / "r.json").read_text("utf-8"))
    report.validate(document)
    return done.returncode, done.stdout, document, ET.parse(folder / "j.xml").getroot()


def untimed(value: Any) -> Any:
    """``value`` without its durations (which differ between any two runs)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in UNTIMED}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def summary_lines(output: str) -> list[str]:
    """The kit's summary of a ``check -v``: from its table of areas to its verdict line."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("area "))
    end = next(i for i, line in enumerate(lines) if line.startswith(("OK:", "NOT OK:")))
    return lines[start : end + 1]


def junit_cases(root: ET.Element) -> list[tuple[str | None, str, list[tuple[str | None, str | None]]]]:
    """Each test case of a JUnit report: its name, what it holds (failure, error, skip) and its properties."""
    found = []
    for case in root.iter("testcase"):
        held = ",".join(sorted(child.tag for child in case if child.tag != "properties"))
        found.append((case.get("name"), held, [(p.get("name"), p.get("value")) for p in case.iter("property")]))
    return found


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--adapter", "tests.broken_engines:must_beat_adapter"],
        ["--adapter", f"{IMPLS / 'crash_at_move.py'}:CrashAtMove", "--clause", "R-FOLLOW"],
        ["--game", "dice"],
    ],
    ids=["reference", "broken-engine", "engine-raising", "dice"],
)
def test_two_workers_report_what_one_process_reports(tmp_path: Path, options: list[str]) -> None:
    one = check(tmp_path, "one", *options)
    two = check(tmp_path, "two", *options, "-n", "2")
    assert two[0] == one[0]
    assert untimed(two[2]) == untimed(one[2])
    assert sorted(junit_cases(two[3])) == sorted(junit_cases(one[3]))  # (in the order the workers ended them)
    assert summary_lines(two[1]) == summary_lines(one[1])
    assert one[2]["summary"]["total"] > 0
    if "tests.broken_engines:must_beat_adapter" in options:  # the outcomes themselves: a broken engine still fails
        code, _, document, _ = two
        assert code == 1 and document["summary"]["fail"] > 0 and not document["ok"]


def test_a_worker_that_dies_costs_its_case_only(tmp_path: Path) -> None:
    """An in-process implementation that ends its process ends only its worker: its
    case is an error naming the exit status, every other case runs."""
    adapter = f"{IMPLS / 'exits_on_joker.py'}:ExitsOnJoker"
    code, out, document, junit = check(tmp_path, "two", "--adapter", adapter, "--cases", str(CASES), "-n", "2")
    outcomes = {case["id"]: case["outcome"] for case in document["cases"]}
    assert outcomes == {"kit-test-follow": "pass", "kit-test-refuse": "pass", "kit-test-joker": "error"}
    [lost] = [case for case in document["cases"] if case["outcome"] == "error"]
    assert lost["message"].startswith("[WorkerLost] the worker process (-n) running this case ended")
    assert code == 1 and "Traceback" not in out
    assert sorted(held for _, held, _ in junit_cases(junit)) == ["", "", "error"]


def test_exitfirst_stops_early_with_workers(tmp_path: Path) -> None:
    """``-x`` with workers stops each at its first failure: a failure, and far from every case."""
    broken = ["--adapter", "tests.broken_engines:must_beat_adapter", "-x"]
    two = check(tmp_path, "two", *broken, "-n", "2")
    assert 1 <= [c["outcome"] for c in two[2]["cases"]].count("fail") <= 2 and len(two[2]["cases"]) < 200
    assert two[0] == 1


def test_stopping_the_workers_leaves_no_implementation_behind(tmp_path: Path) -> None:
    """``-x`` ends the workers while one waits on a hanging implementation: each
    worker closes its implementation process first."""
    run = run_check("hostile.py hang_every_case", tmp_path, "-n", "2", "-x", "--max-faults", "0")
    assert run.returncode == 1, run.stdout[-2000:]
    assert run.document["cases"][0]["outcome"] == "timeout"
    assert len(run.pids) >= 2, "each worker starts its own implementation"
    assert left_behind(run.pids) == []


def test_profile_with_two_workers_finds_what_one_process_finds(tmp_path: Path) -> None:
    runs = [
        subprocess.run([*KIT, "profile", *jobs], cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
        for jobs in ([], ["-n", "2"])
    ]
    assert runs[1].returncode == runs[0].returncode == 0, runs[1].stderr[-2000:]
    assert runs[1].stdout == runs[0].stdout and "profiles consistent with these findings:" in runs[0].stdout
