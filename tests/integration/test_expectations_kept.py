"""``generala-kit expectations``: the expectations file kept from a run's JSON report.

The end-to-end test is the issue's "done when": a failing run of a broken engine,
then ``expectations --from`` makes it pass, then the same file against the engine
with the bug fixed (the reference) fails as an xpass naming the entry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml
from generala_conformance.core import expectations
from generala_conformance.core.expectations import Expectation
from generala_conformance.suite import report
from generala_conformance.suite.expectations_update import update

HERE = Path(__file__).parents[1]
BROKEN = f"{HERE / 'broken_engines.py'}:must_beat_adapter"  # breaks R-FOLLOW-2: a follower must beat the trick
KIT = [sys.executable, "-m", "generala_conformance.cli"]


def case(case_id: str, outcome: str, clauses: tuple[str, ...] = ("R-FOLLOW-2",), **extra: object) -> dict:
    fields = {"id": case_id, "outcome": outcome, "clauses": list(clauses), "ambiguities": [], "requires": {}}
    return {"message": None, "attribution": None, **fields, **extra}


def doc(*cases: dict, no_skip: bool = False) -> dict:
    return {"cases": list(cases), "no_skip": no_skip}


def test_an_update_keeps_removes_narrows_adds_and_reports_stale_entries() -> None:
    existing = [
        Expectation("still-*", "xfail", "known", "https://example.org/1"),
        Expectation("fixed", "xfail", "was broken"),
        Expectation("R-JOKER-*", "xfail", "jokers", selector="clause"),
        Expectation("gone", "skip", "no such case"),
        Expectation("AMB-5", "skip", "reading", selector="ambiguity"),
    ]
    attributed = {"clause": "R-NEXT-4", "statement": "Ties go to the nearest."}
    result = update(
        existing,
        doc(
            case("still-1", "xfail"),
            case("still-2", "fail"),
            case("fixed", "xpass"),
            case("j1", "xfail", ("R-JOKER-2",)),
            case("j2", "pass", ("R-JOKER-3",)),
            case("amb", "skip", ambiguities=["AMB-5"]),
            case("new", "fail", attribution=attributed),
            case("crash", "error", message="[AdapterCrash] the implementation exited\nstderr…"),
            case("skipped", "skip", message="Skipped: option value not supported: tie-break=any-nearest"),
            case("fine", "pass"),
        ),
    )
    written = [(e.label, e.outcome, e.reason, e.issue) for e in result.entries]
    assert written == [
        ("case: still-*", "xfail", "known", "https://example.org/1"),
        ("case: j1", "xfail", "jokers", None),  # narrowed: j2 passes now
        ("case: gone", "skip", "no such case", None),  # stale, kept
        ("ambiguity: AMB-5", "skip", "reading", None),
        ("case: crash", "xfail", "error: [AdapterCrash] the implementation exited", None),
        ("case: new", "xfail", "fail: breaks R-NEXT-4: Ties go to the nearest.", None),
    ]
    assert result.removed == ["case: fixed"] and result.narrowed == ["clause: R-JOKER-*"]
    assert result.stale == ["case: gone"] and result.added == ["case: crash", "case: new"]
    assert "  stale case: gone: it selects no case of the report (kept)" in result.lines()


def test_under_no_skip_an_undeclared_skip_gets_a_skip_entry() -> None:
    skipped = case("s", "skip", message="Skipped: series not supported")
    assert update([], doc(skipped)).entries == []
    assert update([], doc(skipped, no_skip=True)).entries == [Expectation("s", "skip", "series not supported")]


def test_a_written_file_loads_back_with_its_header_as_comments(tmp_path: Path) -> None:
    entries = [
        Expectation("a", "xfail", "r: with a colon", "https://example.org/2"),
        Expectation("AMB-5", "skip", "x", selector="ambiguity"),
    ]
    path = tmp_path / "e.yaml"
    path.write_text(expectations.dump(entries, "line one\nline two"), "utf-8")
    assert path.read_text("utf-8").startswith("# line one\n# line two\nversion: 1\n")
    assert expectations.load(path).entries == entries


def kit(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KIT, *args], cwd=tmp_path, capture_output=True, text=True, timeout=600)


def test_expectations_from_a_failing_run_make_it_pass_and_the_fix_is_an_xpass_naming_the_entry(tmp_path: Path) -> None:
    only = ["--clause", "R-FOLLOW-2"]
    broken = kit(tmp_path, "check", "--adapter", BROKEN, *only, "--json", "broken.json")
    assert broken.returncode == 1, broken.stdout[-2000:]
    failed = sorted(
        c["id"] for c in json.loads((tmp_path / "broken.json").read_text("utf-8"))["cases"] if c["outcome"] == "fail"
    )
    assert failed

    written = kit(tmp_path, "expectations", "--from", "broken.json", "--update", "e.yaml")
    assert written.returncode == 0, written.stderr
    entries = yaml.safe_load((tmp_path / "e.yaml").read_text("utf-8"))["expectations"]
    assert sorted(e["case"] for e in entries) == failed and all(e["outcome"] == "xfail" for e in entries)
    assert f"e.yaml: {len(failed)} entries: 0 kept, {len(failed)} added" in written.stderr

    # The user documents the first entry: an update keeps what was written.
    entries[0].update(reason="we make followers beat the trick", issue="https://example.org/engine/7")
    (tmp_path / "e.yaml").write_text(yaml.safe_dump({"version": 1, "expectations": entries}), "utf-8")
    again = kit(tmp_path, "expectations", "--from", "broken.json", "--update", "e.yaml")
    assert again.returncode == 0 and f"{len(failed)} kept, 0 added" in again.stderr
    kept = expectations.load(tmp_path / "e.yaml").entries[0]
    assert (kept.reason, kept.issue) == ("we make followers beat the trick", "https://example.org/engine/7")

    expected = kit(tmp_path, "check", "--adapter", BROKEN, *only, "--expectations", "e.yaml", "--json", "expected.json")
    document = json.loads((tmp_path / "expected.json").read_text("utf-8"))
    assert expected.returncode == 0 and document["ok"], expected.stdout[-2000:]
    assert document["summary"]["xfail"] == len(failed) and document["summary"]["fail"] == 0

    fixed = kit(tmp_path, "check", *only, "--expectations", "e.yaml", "--json", "fixed.json")
    document = json.loads((tmp_path / "fixed.json").read_text("utf-8"))
    assert fixed.returncode == 1 and not document["ok"]
    xpass = {c["id"]: c["message"] for c in document["cases"] if c["outcome"] == "xpass"}
    assert sorted(xpass) == failed
    first = entries[0]["case"]
    assert f"[entry case: {first}]" in xpass[first] and "we make followers beat the trick" in xpass[first]
    assert f"[entry case: {first}]" in fixed.stdout

    pruned = kit(tmp_path, "expectations", "--from", "fixed.json", "--update", "e.yaml")
    assert pruned.returncode == 0 and f"0 entries: 0 kept, 0 added, {len(failed)} removed" in pruned.stderr
    assert expectations.load(tmp_path / "e.yaml").entries == []


def test_a_report_that_cannot_be_used_is_refused_with_a_code(tmp_path: Path) -> None:
    (tmp_path / "not.json").write_text("{", "utf-8")
    (tmp_path / "other.json").write_text('{"version": 1}', "utf-8")
    aborted = report.build(
        [],
        implementation=None,
        adapter="x",
        profile=None,
        duration=0,
        kit_version="0",
        aborted={"code": "handshake-failed", "message": "it crashed", "detail": ""},
    )
    (tmp_path / "aborted.json").write_text(json.dumps(aborted), "utf-8")
    for name, code in [
        ("missing.json", "unreadable"),
        ("not.json", "not-json"),
        ("other.json", "not-a-report"),
        ("aborted.json", "report-checked-nothing"),
    ]:
        done = kit(tmp_path, "expectations", "--from", name)
        assert done.returncode == 2 and f"[{code}]" in done.stderr and "Traceback" not in done.stderr, done.stderr
    (tmp_path / "ok.json").write_text(
        json.dumps(report.build([], implementation=None, adapter="x", profile=None, duration=0, kit_version="0")),
        "utf-8",
    )
    (tmp_path / "bad.yaml").write_text("version: 1\nexpectations: [{case: a}]\n", "utf-8")
    done = kit(tmp_path, "expectations", "--from", "ok.json", "--update", "bad.yaml")
    assert (
        done.returncode == 2
        and "bad.yaml:2: expectations.0: 'outcome' is a required property" in done.stderr
        and "[bad-expectations]" in done.stderr
    )
