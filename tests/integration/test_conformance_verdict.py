"""Verdicts that cannot be falsely green (issue 15, parts 1–3): a run that checked
nothing is NOT OK, a failed handshake ends the run with one message recorded in
every report, skips are listed by reason (``--generala-no-skip`` makes them fail),
and a case runs whatever the support of an option it does not depend on."""

from __future__ import annotations

import json
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from generala_conformance.core.sent_rules import Lacking, rules_to_send
from generala_conformance.suite import report
from generala_spec.options import options

from tests.integration.test_conformance_plugin import IMPLS, QUIET, REFERENCE, outcomes, run_suite, write_expectations

pytest_plugins = ["pytester"]

ALL = {name: list(opt.values) for name, opt in options().items()}


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (
            f"{sys.executable} {IMPLS / 'misspelt_options.py'}",
            "unknown value 'tied-nearst' of option 'tie-break'*unknown option 'tiebreak' (the options are first-lead,",
        ),
        (f"{sys.executable} {IMPLS / 'stray_stdout.py'}", "not JSON"),
        (f"{sys.executable} {IMPLS / 'wrong_protocol.py'}", "'protocol' is a boolean, not an integer"),
        (f"{sys.executable} {IMPLS / 'crash_on_start.py'}", "crashed (exit code 3) before answering request 1 (hello)"),
        (f"{sys.executable} {IMPLS / 'missing.py'}", "crashed (exit code 2)"),
        (f"{sys.executable} {IMPLS / 'hang_before_hello.py'}", "no reply to request 1 (hello) within 2 s"),
    ],
    ids=["misspelt-options", "stray-stdout", "wrong-protocol", "crash-on-start", "missing-program", "hang"],
)
def test_a_failed_handshake_ends_the_run_with_one_message_in_every_report(
    pytester: pytest.Pytester, command: str, words: str
) -> None:
    started = time.monotonic()
    result, document, junit = run_suite(pytester, f"--generala-adapter-cmd={command}", "--generala-timeout=2")
    assert time.monotonic() - started < 60  # a bound, not a measure: one handshake, not one per case
    assert result.ret == 1
    assert document["ok"] is False and document["cases"] == [] and document["implementation"] is None
    assert document["aborted"]["code"] == "handshake-failed"
    message = document["aborted"]["message"]
    assert message.startswith(f"the implementation `{command}` never completed the handshake: ")
    assert pytest.importorskip("fnmatch").fnmatch(message, f"*{words}*"), message
    assert document["verdict"].startswith("NOT OK: nothing was checked")
    cases = list(junit.iter("testcase"))
    assert len(cases) == 1 and cases[0].get("name") == "handshake"
    assert "never completed the handshake" in ET.tostring(cases[0], encoding="unicode")
    assert "Traceback" not in result.stdout.str()


def test_a_run_in_which_no_case_passed_is_not_ok(pytester: pytest.Pytester) -> None:
    expect = write_expectations(pytester, [{"case": "kit-test-*", "outcome": "skip", "reason": "not yet"}])
    result, document, _ = run_suite(pytester, f"--generala-adapter={REFERENCE}", expect)
    assert set(outcomes(document).values()) == {"skip"}
    assert result.ret == 1 and document["ok"] is False
    assert document["verdict"] == "NOT OK: no case passed (3 run: 3 skip)"
    result.stdout.fnmatch_lines(
        ["skipped, by reason:", "*3 × expectations: not yet (declared in the expectations file)"]
    )


def test_declared_skips_stay_allowed_under_no_skip_and_are_listed(pytester: pytest.Pytester) -> None:
    expect = write_expectations(pytester, [{"case": "kit-test-joker", "outcome": "skip", "reason": "no Jokers yet"}])
    result, document, _ = run_suite(pytester, f"--generala-adapter={REFERENCE}", expect, "--generala-no-skip")
    assert result.ret == 0 and document["ok"] is True and document["no_skip"] is True
    assert document["skips"] == [{"reason": "expectations: no Jokers yet", "count": 1, "declared": True}]


def test_an_option_value_the_implementation_lacks_is_never_sent_where_the_case_does_not_depend_on_it(
    pytester: pytest.Pytester,
) -> None:
    result, document, _ = run_suite(pytester, f"--generala-adapter={IMPLS / 'fa_reading.py'}:FreeLeadOnly")
    assert result.ret == 0 and set(outcomes(document).values()) == {"pass"}


def test_series_declared_missing_are_skipped_and_never_sent_and_no_skip_fails_them(pytester: pytest.Pytester) -> None:
    adapter = f"--generala-adapter={IMPLS / 'fa_reading.py'}:SeriesDeclaredMissing"
    args = (*QUIET, "--generala-suite-only", adapter, "--generala-clause=R-SERIES", "--generala-report-json=r.json")
    result = pytester.runpytest_subprocess(*args)
    document = json.loads((pytester.path / "r.json").read_text("utf-8"))
    assert result.ret == 0 and document["ok"] is True, result.stdout.str()[-2000:]
    assert document["summary"]["error"] == 0 and document["summary"]["pass"] > 0
    skipped = document["summary"]["skip"]
    assert skipped > 0 and document["skips"] == [
        {"reason": 'series not supported (the hello says "series": false)', "count": skipped, "declared": False}
    ]
    result.stdout.fnmatch_lines([f"*{skipped:>4} × series not supported*"])
    strict = pytester.runpytest_subprocess(*args, "--generala-no-skip")
    assert strict.ret == 1
    strict.stdout.fnmatch_lines([f"NOT OK: {skipped} case(s) skipped under --no-skip*"])


def test_profile_fr_runs_every_compatible_case_on_an_engine_lacking_one_fr_value(pytester: pytest.Pytester) -> None:
    adapter = f"--generala-adapter={IMPLS / 'fa_reading.py'}:NoLastToPlayLoses"
    result = pytester.runpytest_subprocess(
        *QUIET, "--generala-suite-only", adapter, "--generala-profile=fr", "--generala-report-json=r.json"
    )
    document = json.loads((pytester.path / "r.json").read_text("utf-8"))
    assert result.ret == 0 and document["ok"] is True
    summary = document["summary"]
    assert summary["fail"] == summary["error"] == 0
    assert summary["skip"] < 20 < 400 < summary["pass"]
    assert [s["reason"] for s in document["skips"]] == ["option value not supported: two-player-tie=last-to-play-loses"]


# ----------------------------------------------------------- the rules sent


def test_required_options_are_sent_and_a_lacking_one_skips_naming_it() -> None:
    assert rules_to_send({"tie-break": "any-nearest"}, ALL)["tie-break"] == "any-nearest"
    lacking = {**ALL, "tie-break": ["tied-nearest"]}
    with pytest.raises(Lacking, match="option value not supported: tie-break=any-nearest"):
        rules_to_send({"tie-break": "any-nearest"}, lacking)


def test_other_listed_options_get_the_profile_value_else_the_default_else_a_listed_one() -> None:
    assert rules_to_send({}, ALL, "fr")["first-lead"] == "free"
    assert rules_to_send({}, ALL)["first-lead"] == "forced-last-dealt"
    assert rules_to_send({}, {**ALL, "first-lead": ["free"]})["first-lead"] == "free"
    no_fr_tie = {**ALL, "two-player-tie": ["no-loser"]}
    assert rules_to_send({}, no_fr_tie, "fr")["two-player-tie"] == "no-loser"
    assert rules_to_send({}, {"tie-break": ["tied-nearest"]}) == {"tie-break": "tied-nearest"}


def test_withhold_leaves_the_required_options_out() -> None:
    sent = rules_to_send({"tie-break": "any-nearest"}, {**ALL, "tie-break": ["tied-nearest"]}, withhold=True)
    assert "tie-break" not in sent and sent["first-lead"] == "forced-last-dealt"


# ------------------------------------------------------------- the report


def result(case_id: str, outcome: str, message: str | None = None) -> report.CaseResult:
    return report.CaseResult(id=case_id, title=case_id, kind="fixture", outcome=outcome, message=message)


def build(results: list[report.CaseResult], **kwargs: object) -> dict:
    document = report.build(
        results, implementation=None, adapter="x", profile=None, duration=0.0, kit_version="0", **kwargs
    )
    report.validate(document)
    return document


def test_skips_are_grouped_by_reason_most_frequent_first() -> None:
    lacks = "Skipped: option value not supported: two-player-tie=last-to-play-loses"
    results = [result(f"a{i}", "skip", lacks) for i in range(41)]
    results += [result(f"b{i}", "skip", "Skipped: series not supported") for i in range(12)]
    results += [result("c", "pass")]
    document = build(results)
    assert document["skips"] == [
        {"reason": "option value not supported: two-player-tie=last-to-play-loses", "count": 41, "declared": False},
        {"reason": "series not supported", "count": 12, "declared": False},
    ]
    lines = report.terminal_lines(document)
    assert "    41 × option value not supported: two-player-tie=last-to-play-loses" in lines
    assert "    12 × series not supported" in lines
    assert document["ok"] is True
    assert build(results, no_skip=True)["ok"] is False


def test_nothing_checked_is_not_ok() -> None:
    assert build([])["verdict"] == "NOT OK: no case was run"
    assert build([result("a", "xfail", "expectations: later")])["ok"] is False
    aborted = {
        "code": "handshake-failed",
        "message": "the implementation `x` never completed the handshake: …",
        "detail": "",
    }
    document = build([], aborted=aborted)
    assert document["ok"] is False and document["verdict"].endswith("never completed the handshake: …")
