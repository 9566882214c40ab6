"""Outcome folding, the summary per clause area, the JSON report, the expectations file."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
from generala_conformance.cli.profile import findings, verdict
from generala_conformance.core import expectations
from generala_conformance.core.runner import outcome_of
from generala_conformance.suite import report
from generala_conformance.transport.adapter import AdapterCrash, AdapterTimeout, BadRequest, Refused, Unsupported


def result(case_id: str, outcome: str, clauses: list[str]) -> report.CaseResult:
    return report.CaseResult(id=case_id, title=case_id, kind="fixture", outcome=outcome, clauses=clauses)


def test_unexpected_outcomes_are_fail_error_timeout_and_xpass() -> None:
    """``docs/commands.md``: a run is successful when no fail, error, timeout or xpass happened."""
    results = [result(outcome, outcome, []) for outcome in report.OUTCOMES]
    assert sorted(r.outcome for r in report.unexpected(results)) == ["error", "fail", "timeout", "xpass"]


def test_counts_per_area_and_the_verdict() -> None:
    results = [
        result("a", "pass", ["R-FOLLOW-2", "R-NEXT-1"]),
        result("b", "fail", ["R-FOLLOW-2"]),
        result("c", "xfail", []),
    ]
    document = report.build(
        results, implementation=None, adapter="in-process: x:y", profile=None, duration=0.5, kit_version="0"
    )
    report.validate(document)
    assert document["areas"]["FOLLOW"] == {**dict.fromkeys(report.OUTCOMES, 0), "pass": 1, "fail": 1, "total": 2}
    assert document["areas"]["NEXT"]["total"] == 1 and document["areas"][report.NO_AREA]["xfail"] == 1
    assert document["ok"] is False and document["summary"]["total"] == 3
    lines = report.terminal_lines(document)
    assert any(line.startswith("  FAIL     b") for line in lines)
    assert lines[-1].startswith("NOT OK: 1 unexpected")


def test_the_report_schema_rejects_an_unknown_outcome() -> None:
    document = report.build(
        [result("a", "pass", [])], implementation=None, adapter="x", profile=None, duration=0, kit_version="0"
    )
    document["cases"][0]["outcome"] = "meh"
    with pytest.raises(jsonschema.ValidationError):
        report.validate(document)


def test_expectations_lookup_prefers_exact_ids_over_globs(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(
        "version: 1\nexpectations:\n"
        "  - {case: 'tie-*', outcome: skip, reason: later}\n"
        "  - {case: tie-break-2, outcome: xfail, reason: known, issue: 'https://x.org/1'}\n",
        "utf-8",
    )
    table = expectations.load(path)
    assert table.lookup(ref("tie-break-2")).outcome == "xfail"
    assert table.lookup(ref("tie-break-3")).outcome == "skip"
    assert table.lookup(ref("other")) is None
    assert [e.label for e in table.unused([ref("other")])] == ["case: tie-*", "case: tie-break-2"]


def ref(case_id: str, clauses: tuple[str, ...] = (), ambiguities: tuple[str, ...] = (), tags: tuple[str, ...] = ()):
    return expectations.CaseRef(case_id, list(clauses), list(ambiguities), [*clauses, *ambiguities, *tags])


def test_expectations_select_by_clause_area_ambiguity_and_tag(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(
        "version: 1\nexpectations:\n"
        "  - {clause: 'R-JOKER-*', outcome: xfail, reason: jokers}\n"
        "  - {area: SERIES, outcome: skip, reason: no series}\n"
        "  - {ambiguity: AMB-5, outcome: xfail, reason: fa reading}\n"
        "  - {tag: 'option:end-check=*', outcome: skip, reason: later}\n"
        "  - {case: exact, outcome: skip, reason: exact wins}\n",
        "utf-8",
    )
    table = expectations.load(path)
    assert table.lookup(ref("a", ("R-JOKER-4",))).reason == "jokers"
    assert table.lookup(ref("b", ("R-SERIES-2",))).reason == "no series"
    assert table.lookup(ref("c", ("R-NEXT-4",), ("AMB-5",))).reason == "fa reading"
    assert table.lookup(ref("d", ("R-END-1",), (), ("option:end-check=each-card",))).reason == "later"
    assert table.lookup(ref("e", ("R-END-1", "R-JOKER-1"))).reason == "jokers"  # the first entry in the file
    assert table.lookup(ref("exact", ("R-JOKER-1",))).reason == "exact wins"  # an exact id before all else
    assert table.lookup(ref("f", ("R-SERIESX-1", "R-NEXT-1"), ("AMB-55",))) is None
    stale = table.unused([ref("a", ("R-JOKER-4",)), ref("exact")])
    assert [e.label for e in stale] == ["area: SERIES", "ambiguity: AMB-5", "tag: option:end-check=*"]


@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        ("version: 2\nexpectations: []\n", "e.yaml:1: version: 1 was expected", "bad-expectations"),
        (
            "version: 1\nexpectations: [{case: a, outcome: skip}]\n",
            "e.yaml:2: expectations.0: 'reason' is",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations: [{case: a, outcome: skip, reason: r, why: x}]\n",
            "'why' was unexpected",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations: [{case: a, outcome: xfail, reason: r, issue: 12}]\n",
            "expectations.0.issue",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations: [{outcome: xfail, reason: r}]\n",
            "expectations.0: give exactly one selector",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations: [{case: a, clause: R-X-1, outcome: skip, reason: r}]\n",
            "exactly one selector",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations: [{area: '', outcome: skip, reason: r}]\n",
            "expectations.0.area",
            "bad-expectations",
        ),
        (
            "version: 1\nexpectations:\n- {case: a, outcome: skip,\n   reason: " + "9" * 5000 + "}\n",
            "e.yaml:4: expectations.0.reason",
            "integer-too-long",
        ),
        ("- version: 1\n", "e.yaml:1: (file): [{'version': 1}] is not of type 'object'", "bad-expectations"),
        ("", "e.yaml: the file is empty", "empty-file"),
        ("version: 1\nexpectations: [\n", "not valid YAML", "bad-yaml"),
    ],
)
def test_a_malformed_expectations_file_names_the_entry(tmp_path: Path, text: str, where: str, code: str) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(expectations.ExpectationsError, match=re.escape(where)) as caught:
        expectations.load(path)
    assert caught.value.code == code and str(caught.value).startswith(str(path))


def test_profile_verdicts() -> None:
    assert verdict({"a": {"pass": 2, "fail": 0, "other": 0}, "b": {"pass": 0, "fail": 2, "other": 0}})[0] == "a"
    both_fail = {"a": {"pass": 1, "fail": 1, "other": 0, "failing": ["x"]}, "b": {"pass": 1, "fail": 1, "other": 0}}
    assert verdict(both_fail) == (
        None,
        "no reading fits (likely a bug): every reading run has a failing case: a: x; b: ",
    )
    assert (
        "cannot tell" in verdict({"a": {"pass": 1, "fail": 0, "other": 0}, "b": {"pass": 1, "fail": 0, "other": 0}})[1]
    )
    assert verdict({"a": {"pass": 0, "fail": 0, "other": 3}})[0] is None


def test_profile_findings_count_a_failing_multi_option_case_as_inconclusive() -> None:
    cases = [
        {"requires": {"tie-break": "any-nearest"}, "outcome": "pass"},
        {"requires": {"tie-break": "tied-nearest"}, "outcome": "fail"},
        {"requires": {"tie-break": "tied-nearest", "no-loser": "two-or-more"}, "outcome": "fail"},
    ]
    cases = [{"id": f"c{n}", **case} for n, case in enumerate(cases)]
    found = findings(cases)
    assert found["options"]["tie-break"]["follows"] == "any-nearest"
    tied = found["options"]["tie-break"]["cases"]["tied-nearest"]
    assert tied == {"pass": 0, "fail": 1, "other": 1, "failing": ["c1"]}
    assert found["profiles"] == ["fa"]


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (None, "pass"),
        (AssertionError("diverged"), "fail"),
        (Refused("must-follow-suit", "no"), "fail"),
        (BadRequest("bad-setup", "no"), "error"),
        (AdapterTimeout("no reply"), "timeout"),
        (AdapterCrash("died"), "error"),
        (RuntimeError("kit bug"), "error"),
        (Unsupported("series"), "skip"),
    ],
)
def test_an_outcome_is_told_apart_by_what_raised(error: Exception | None, outcome: str) -> None:
    """``docs/protocol.md``: a rules failure is a fail; a fault of the implementation,
    or anything else going wrong, is an error (a timeout on its own); unsupported, a skip."""
    assert outcome_of(error) == outcome


@pytest.mark.parametrize("attribution", [None, {"clause": "R-FOLLOW-2", "statement": "s", "why": "w"}])
def test_a_case_is_written_as_dataclasses_would_write_it(attribution: dict[str, str] | None) -> None:
    from dataclasses import asdict

    result = report.CaseResult(
        id="c", title="t", kind="fixture", outcome="fail", clauses=["R-FOLLOW-2"], requires={"a": "b"}
    )
    result.attribution = attribution
    written = result.as_dict()
    assert written == asdict(result) and list(written) == list(asdict(result))
    written["clauses"].append("R-X-1")
    assert result.clauses == ["R-FOLLOW-2"]  # a copy, not the result's own list
