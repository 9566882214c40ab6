"""The ``generala`` pytest plugin: collection, outcomes, faults, expectations, reports.

Runs of the whole suite go through a subprocess (faster than re-importing the
suite in-process each time). The other runs use the small cases of
``tests/data/cases`` (follow, refuse, joker): the
faulty peers of ``tests/impls`` strike in the second case each process runs, which
is ``kit-test-refuse``.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from generala_conformance.suite import report

pytest_plugins = ["pytester"]

HERE = Path(__file__).parents[1]
CASES = HERE / "data" / "cases"
IMPLS = HERE / "impls"
REFERENCE = "generala_conformance.games.cards.reference_adapter:ReferenceAdapter"
QUIET = ("-p", "no:cacheprovider", "-p", "no:benchmark")  # no cache files, no benchmark-plugin warnings


def run_suite(pytester: pytest.Pytester, *options: str) -> tuple[pytest.RunResult, dict, ET.Element]:
    """Run the plugin on the kit-test cases; the result, the JSON report and the JUnit XML."""
    result = pytester.runpytest(
        *QUIET,
        "--generala-suite-only",
        f"--generala-cases={CASES}",
        "--generala-report-json=report.json",
        "--junitxml=junit.xml",
        *options,
    )
    document = json.loads((pytester.path / "report.json").read_text("utf-8"))
    report.validate(document)
    return result, document, ET.parse(pytester.path / "junit.xml").getroot()


def outcomes(document: dict) -> dict[str, str]:
    return {case["id"]: case["outcome"] for case in document["cases"]}


def junit_props(root: ET.Element) -> dict[str, dict[str, str]]:
    """Case id -> the JUnit properties of its testcase."""
    found = {}
    for case in root.iter("testcase"):
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        found[props["generala_case"]] = props
    return found


def junit_outcomes(root: ET.Element) -> dict[str, str]:
    return {case: props["generala_outcome"] for case, props in junit_props(root).items()}


def test_reference_passes_every_case_in_process(pytester: pytest.Pytester) -> None:
    result, document, junit = run_suite(pytester, f"--generala-adapter={REFERENCE}")
    assert result.ret == 0
    assert outcomes(document) == dict.fromkeys(["kit-test-follow", "kit-test-joker", "kit-test-refuse"], "pass")
    assert document["ok"] is True and document["implementation"]["name"] == "generala-kit reference"
    assert document["areas"]["FOLLOW"]["pass"] == 2
    assert junit_outcomes(junit) == outcomes(document)
    result.stdout.fnmatch_lines(["*generala conformance*", "FOLLOW * 2 * 2", "OK: nothing unexpected*"])


@pytest.mark.parametrize(
    ("name", "outcome", "words"),
    [
        ("crash_mid_run", "error", "AdapterCrash*crashed (exit code 1)*"),
        ("hang", "timeout", "AdapterTimeout*no reply to request*"),
        ("non_json", "error", "ProtocolViolation*not JSON*"),
        ("wrong_shape", "error", "ProtocolViolation*reply to apply has no result.events*"),
        ("early_exit", "error", "AdapterCrash*exited early (code 0)*"),
        ("wrong_id", "error", "ProtocolViolation*carries id*"),
    ],
)
def test_a_fault_fails_only_its_case_and_the_reports_are_written(
    pytester: pytest.Pytester, name: str, outcome: str, words: str
) -> None:
    command = f"{sys.executable} {IMPLS / name}.py"
    result, document, junit = run_suite(pytester, f"--generala-adapter-cmd={command}", "--generala-timeout=5")
    assert outcomes(document) == {"kit-test-follow": "pass", "kit-test-refuse": outcome, "kit-test-joker": "pass"}
    assert result.ret == 1 and document["ok"] is False
    assert document["summary"][outcome] == 1
    assert junit_outcomes(junit) == outcomes(document)
    refused = next(c for c in document["cases"] if c["id"] == "kit-test-refuse")
    assert pytest.importorskip("fnmatch").fnmatch(refused["message"].replace("\n", " "), f"*{words}*")


def test_a_crash_on_start_ends_the_run_with_one_message_and_still_reports(pytester: pytest.Pytester) -> None:
    command = f"{sys.executable} {IMPLS / 'crash_on_start.py'}"
    result, document, _ = run_suite(pytester, f"--generala-adapter-cmd={command}")
    assert document["cases"] == [] and document["implementation"] is None
    assert "never completed the handshake" in document["aborted"]["message"]
    assert "engine: cannot load the rules table" in document["aborted"]["detail"]
    assert result.ret == 1


def test_stderr_chatter_passes_and_is_kept_with_the_case(pytester: pytest.Pytester) -> None:
    command = f"{sys.executable} {IMPLS / 'stderr_chatter.py'}"
    result, document, _ = run_suite(pytester, f"--generala-adapter-cmd={command}")
    assert result.ret == 0 and set(outcomes(document).values()) == {"pass"}
    assert any("log: handling apply" in (c["stderr"] or "") for c in document["cases"])


def test_validate_messages_through_the_reference_in_process(pytester: pytest.Pytester) -> None:
    result, document, _ = run_suite(pytester, f"--generala-adapter={REFERENCE}", "--generala-validate-messages")
    assert result.ret == 0 and document["summary"]["pass"] == 3


def write_expectations(pytester: pytest.Pytester, entries: list[dict]) -> str:
    path = pytester.path / "expect.yaml"
    path.write_text(json.dumps({"version": 1, "expectations": entries}), "utf-8")
    return f"--generala-expectations={path}"


def test_expectations_skip_and_xfail(pytester: pytest.Pytester) -> None:
    command = f"{sys.executable} {IMPLS / 'wrong_id.py'}"
    expect = write_expectations(
        pytester,
        [
            {"case": "kit-test-refuse", "outcome": "xfail", "reason": "ids drift", "issue": "https://example.org/1"},
            {"case": "kit-test-j*", "outcome": "skip", "reason": "no Jokers yet"},
        ],
    )
    result, document, _ = run_suite(pytester, f"--generala-adapter-cmd={command}", expect)
    assert outcomes(document) == {"kit-test-follow": "pass", "kit-test-refuse": "xfail", "kit-test-joker": "skip"}
    assert result.ret == 0 and document["ok"] is True
    refused = next(c for c in document["cases"] if c["id"] == "kit-test-refuse")
    assert "ids drift (https://example.org/1)" in refused["message"]


def test_an_expected_failure_that_passes_is_an_xpass_and_fails_the_run(pytester: pytest.Pytester) -> None:
    expect = write_expectations(pytester, [{"case": "kit-test-follow", "outcome": "xfail", "reason": "stale"}])
    result, document, junit = run_suite(pytester, f"--generala-adapter={REFERENCE}", expect)
    assert outcomes(document)["kit-test-follow"] == "xpass"
    assert result.ret == 1 and document["ok"] is False
    assert junit_outcomes(junit)["kit-test-follow"] == "xpass"


def test_a_malformed_expectations_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    expect = write_expectations(pytester, [{"case": "x", "outcome": "maybe", "reason": "r"}])
    result = pytester.runpytest(*QUIET, "--generala-suite-only", f"--generala-adapter={REFERENCE}", expect)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*expectations.0.outcome*'maybe' is not one of*"])


def test_option_values_the_implementation_does_not_list_are_skipped(pytester: pytest.Pytester) -> None:
    adapter = f"--generala-adapter={IMPLS / 'fa_reading.py'}:DefaultOnly"
    result = pytester.runpytest_subprocess(*QUIET, "--generala-suite-only", adapter, "--generala-tag=option:*", "-rs")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*option value not supported: tie-break=any-nearest*"])
    outcomes_line = result.stdout.lines[-1]
    assert "skipped" in outcomes_line and "passed" in outcomes_line


def test_an_unsupported_setup_is_a_skip_with_the_reason(pytester: pytest.Pytester) -> None:
    adapter = f"--generala-adapter={IMPLS / 'fa_reading.py'}:NoSeries"
    result = pytester.runpytest_subprocess(
        *QUIET, "--generala-suite-only", adapter, "--generala-clause=R-SERIES", "-rs"
    )
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*unsupported*series are not implemented*"])
    assert "skipped" in result.stdout.lines[-1]


def test_clause_filter_and_the_feature_tags(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess(
        *QUIET,
        "--strict-markers",
        "--generala-suite-only",
        f"--generala-adapter={REFERENCE}",
        "--generala-clause=R-FOLLOW-2",
        "--generala-report-json=report.json",
    )
    assert result.ret == 0
    document = json.loads((pytester.path / "report.json").read_text("utf-8"))
    assert document["cases"] and all("R-FOLLOW-2" in c["clauses"] for c in document["cases"])
    assert {c["kind"] for c in document["cases"]} == {"feature", "fixture"}


def test_the_plugin_leaves_unrelated_runs_alone(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine="def test_one():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest(*QUIET)
    result.assert_outcomes(passed=1)
    assert "generala conformance" not in result.stdout.str()


def test_each_fixture_case_is_an_item_named_by_its_id_and_the_adapter_is_closed_once(
    pytester: pytest.Pytester,
) -> None:
    """A fixture case is an item of its own (``generala/fixtures::<case id>``, located at its
    YAML file); a run of fixture cases alone still closes the implementation at its end, once."""
    pytester.makepyfile(
        closing_adapter=f"""
from pathlib import Path
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

class Adapter(ReferenceAdapter):
    def close(self):
        with open({str(pytester.path / "closed.txt")!r}, "a") as log:
            log.write("closed\\n")
"""
    )
    pytester.syspathinsert()
    result, document, junit = run_suite(pytester, "--generala-adapter=closing_adapter:Adapter", "-v")
    assert result.ret == 0 and set(outcomes(document).values()) == {"pass"}
    result.stdout.fnmatch_lines(["generala/fixtures::kit-test-follow PASSED*"])
    names = {case.get("name") for case in junit.iter("testcase")}
    assert names == {"kit-test-follow", "kit-test-joker", "kit-test-refuse"}
    assert (pytester.path / "closed.txt").read_text() == "closed\n"
