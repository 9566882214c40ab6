"""``generala-kit check -n N``: the cases run in N workers forked after one
collection (``generala_conformance.suite.forked``), and the run reports what one
process reports — outcomes, messages, order, JUnit, terminal lines, exit code."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.cli import check as check_command
from generala_conformance.suite import forked, report, suite_run

from tests.hostile_runs import left_behind, run_check

HERE = Path(__file__).parent
IMPLS = HERE / "impls"
CASES = HERE / "data" / "cases"
KIT = [sys.executable, "-m", "generala_conformance.cli"]
ROOT = HERE.parent
TIMINGS = re.compile(r"\b\d+\.\d+s\b|\d+:\d\d")
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


def terminal_lines(output: str) -> list[str]:
    """What ``check -v`` printed, its timings (and the rule of ``=`` their width pads) and
    the (run's own) JUnit path left out."""
    return [TIMINGS.sub("T", line).strip("= ") for line in output.splitlines() if "generated xml file" not in line]


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
    assert junit_cases(two[3]) == junit_cases(one[3])
    assert terminal_lines(two[1]) == terminal_lines(one[1])
    assert one[2]["summary"]["total"] > 0


def test_the_broken_engine_fails_the_same_cases_with_workers(tmp_path: Path) -> None:
    """The outcomes themselves (not only their equality): a broken engine still fails."""
    code, _, document, _ = check(tmp_path, "two", "--adapter", "tests.broken_engines:must_beat_adapter", "-n", "2")
    assert code == 1 and document["summary"]["fail"] > 0 and not document["ok"]


def test_a_worker_that_dies_costs_its_case_only(tmp_path: Path) -> None:
    """An in-process implementation that ends its process ends only its worker: its
    case is an error naming the exit status, every other case runs."""
    adapter = f"{IMPLS / 'exits_on_joker.py'}:ExitsOnJoker"
    code, out, document, junit = check(tmp_path, "two", "--adapter", adapter, "--cases", str(CASES), "-n", "2")
    outcomes = {case["id"]: case["outcome"] for case in document["cases"]}
    assert outcomes == {"kit-test-follow": "pass", "kit-test-refuse": "pass", "kit-test-joker": "error"}
    [lost] = [case for case in document["cases"] if case["outcome"] == "error"]
    assert lost["message"] == "[WorkerLost] the worker process (-n) running this case ended (exit status 3)"
    assert code == 1 and "Traceback" not in out
    assert [held for _, held, _ in junit_cases(junit)] == ["", "", "failure"]  # an error in the call, as pytest says it


def test_exitfirst_stops_at_the_same_case_with_workers(tmp_path: Path) -> None:
    broken = ["--adapter", "tests.broken_engines:must_beat_adapter", "-x"]
    one = check(tmp_path, "one", *broken)
    two = check(tmp_path, "two", *broken, "-n", "2")
    assert [c["id"] for c in two[2]["cases"]] == [c["id"] for c in one[2]["cases"]]
    assert [c["outcome"] for c in two[2]["cases"]].count("fail") == 1 and len(one[2]["cases"]) < 100
    assert two[0] == one[0] == 1


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


@pytest.mark.parametrize("can_fork", [True, False], ids=["fork", "no-fork"])
def test_jobs_fork_workers_where_there_is_fork_else_run_xdist(monkeypatch: pytest.MonkeyPatch, can_fork: bool) -> None:
    monkeypatch.setattr(forked, "available", lambda: can_fork)
    parser = argparse.ArgumentParser()
    check_command.configure(parser)
    argv = suite_run.pytest_args(parser.parse_args(["-n", "3"]), [])
    if can_fork:
        assert "--generala-fork=3" in argv and "xdist.plugin" not in argv and "-n" not in argv
    else:
        assert argv[argv.index("-n") + 1] == "3" and "xdist.plugin" in argv
        assert not any(a.startswith("--generala-fork") for a in argv)
