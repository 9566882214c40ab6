"""``profile`` tells bugs from variants (issue 44, item 5): no profile under which a
case failed is called consistent, an option no reading fits is called a likely bug
with its failing cases, and a case failing with the values it requires sent (values
the implementation lists) is a bug of the clause it breaks, not a house variant."""

from __future__ import annotations

from typing import Any

import pytest
from generala_conformance.cli import profile
from generala_conformance.cli.profile import bugs, contradicting, findings

from tests.cli_helpers import run_command


def case(ident: str, outcome: str, attribution: str | None = None, **requires: str) -> dict[str, Any]:
    made = {"id": ident, "outcome": outcome, "requires": requires}
    made["attribution"] = {"clause": attribution, "statement": "s", "why": "w"} if attribution else None
    return made


def test_a_profile_under_which_a_case_failed_is_not_consistent() -> None:
    # a case needing two options is inconclusive for each option, yet it contradicts every profile having both
    cases = [
        case("one", "pass", **{"tie-break": "any-nearest"}),
        case("two", "fail", **{"tie-break": "any-nearest", "no-loser": "two-or-more"}),
    ]
    found = findings(cases)
    assert found["options"]["tie-break"]["follows"] == "any-nearest"
    assert found["contradicted"] == {"fa": ["two"]} and "fa" not in found["profiles"]
    assert contradicting(cases, "fa") == ["two"] and contradicting(cases, "default") == []


def test_when_no_reading_fits_the_option_is_a_likely_bug_and_its_cases_are_named() -> None:
    cases = [case(f"t{n}", "fail", **{"tie-break": value}) for n, value in enumerate(["tied-nearest", "any-nearest"])]
    why = findings(cases)["options"]["tie-break"]["why"]
    assert why.startswith("no reading fits (likely a bug)") and "tied-nearest: t0" in why and "any-nearest: t1" in why


def test_a_case_failing_with_its_values_sent_is_a_bug_of_its_clause() -> None:
    sent = [
        case("a", "fail", "D-CAT-7", **{"double-generala": "after-generala", "rolls": "three"}),
        case("b", "fail", "D-CAT-7", **{"double-generala": "after-generala-closed"}),
        case("c", "pass", None, **{"double-generala": "off"}),
    ]
    assert bugs(sent) == [
        {
            "clause": "D-CAT-7",
            "values": {"double-generala": ["after-generala", "after-generala-closed"]},
            "cases": ["a", "b"],
        }
    ]
    found = findings([], "dice", sent)
    assert "default" in found["contradicted"] and "default" not in found["profiles"]


def test_an_engine_offering_double_generala_and_never_scoring_it_is_no_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    broken = "tests/dice/broken_engines.py:offers_double_never_scores_it"
    code, out, _ = run_command(profile, ["--game", "dice", "--adapter", broken], capsys)
    assert code == 0
    lines = out.splitlines()
    double = next(line for line in lines if line.startswith("double-generala "))
    assert double.split()[1] != "off"
    bug = lines[lines.index(next(line for line in lines if line.startswith("bugs, not variants"))) + 1]
    assert bug.split()[0] == "D-CAT-7" and "double-generala=after-generala|after-generala-closed" in bug
    assert lines[-1] == "profiles consistent with these findings: none"
    assert any(line.startswith("profile no-double is contradicted by") for line in lines)


def test_the_reference_is_consistent_with_the_default_profile_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_command(profile, ["--game", "dice"], capsys)
    assert code == 0 and "bugs, not variants" not in out
    assert out.splitlines()[-1] == "profiles consistent with these findings: default"
