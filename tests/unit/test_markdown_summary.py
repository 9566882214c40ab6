"""The Markdown summary (``check --markdown``): totals, failing clauses with their first
case, unexpected outcomes, skips by reason; what the implementation supplies is escaped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from generala_conformance.suite import report
from generala_conformance.suite.markdown import SHOWN, escape, relative, summary
from generala_scenarios import SUITE_VERSION

from tests.integration.test_conformance_attribution import result as attributed

HOSTILE = "<img src=x onerror=alert(1)> | **bold** [link](http://evil) `code` # _x_"


def result(case_id: str, outcome: str, message: str | None = None, clause: str | None = None) -> report.CaseResult:
    """A case of ``fixtures/<case_id>.yaml:7`` checking (and breaking) ``clause``."""
    made = attributed(case_id, outcome, [clause or "R-FOLLOW-2"], clause, where=f"/x/fixtures/{case_id}.yaml:7")
    made.message = message
    return made


def document(*results: report.CaseResult) -> dict:
    hello = {"name": HOSTILE, "version": "1|2", "language": "c<b>", "protocol": 1, "options": {}, "reason_codes": True}
    return report.build(
        list(results), implementation=hello, adapter="process: x", profile="fa", duration=1, kit_version="0.1.0"
    )


def unescaped(line: str, char: str) -> int:
    return len(re.findall(rf"(?<!\\){re.escape(char)}", line))


def test_the_summary_gives_totals_failing_clauses_unexpected_cases_and_skips() -> None:
    text = summary(
        document(
            result("a", "pass"),
            result("b", "fail", "divergence at step: P2 4C\nexpected …", "R-FOLLOW-2"),
            result("c", "fail", "divergence", "R-FOLLOW-2"),
            result("d", "skip", "Skipped: option value not supported: tie-break=any-nearest"),
        )
    )
    lines = text.splitlines()
    assert lines[0] == "### ❌ Générala conformance: NOT OK: 2 unexpected outcome(s) (1 passed of 4)"
    assert f"· cards suite {SUITE_VERSION} · generala-kit 0.1.0 · profile fa" in lines[2]
    assert "| 1 | 2 | 0 | 0 | 1 | 0 | 0 | 4 |" in lines
    assert "| R-FOLLOW-2 — statement of R-FOLLOW-2 | 2 | b (b.yaml:7) |" in lines
    assert "- **FAIL** b (b.yaml:7) breaks R-FOLLOW-2: divergence at step: P2 4C" in lines
    assert "| 1 | option value not supported: tie-break=any-nearest |" in lines
    assert summary(document(result("a", "pass"))).startswith("### ✅ Générala conformance: OK")


def test_implementation_supplied_text_is_escaped() -> None:
    text = summary(document(result("b", "fail", HOSTILE), result("d", "skip", f"Skipped: {HOSTILE}")))
    literal = escape(HOSTILE)
    assert "<" not in text and "&lt;img src=x onerror=alert(1)&gt;" in literal
    lines = text.splitlines()
    assert f"**{literal} 1\\|2** (c&lt;b&gt;) · cards suite {SUITE_VERSION}" in lines[2]
    assert f"- **FAIL** b (b.yaml:7): {literal}" in lines
    skip_row = next(line for line in lines if line.startswith("| 1 | "))
    assert skip_row == f"| 1 | {literal} |" and unescaped(skip_row, "|") == 3  # two columns still


def test_escape_makes_text_literal_on_one_line() -> None:
    assert escape("a|b\nc") == "a\\|b c"
    assert escape("[x](y) *z* `w` _v_ ~~u~~ # t \\") == "\\[x\\](y) \\*z\\* \\`w\\` \\_v\\_ \\~\\~u\\~\\~ \\# t \\\\"
    assert escape("<b>&</b>") == "&lt;b&gt;&amp;&lt;/b&gt;"
    assert escape("x" * 500, 10) == "x" * 9 + "…"


def test_every_unexpected_outcome_is_listed_the_rest_folded() -> None:
    failed = [result(f"case-{n:02}", "fail", f"divergence {n}", "R-FOLLOW-2") for n in range(SHOWN + 5)]
    text = summary(document(result("a", "pass"), *failed))
    listed = [f"- **FAIL** case-{n:02} (case-{n:02}.yaml:7) breaks R-FOLLOW-2: divergence {n}" for n in range(15)]
    assert all(line in text.splitlines() for line in listed)
    assert "JSON report" not in text
    folded = text[text.index("<details><summary>5 more</summary>") : text.index("</details>")]
    assert folded.count("- **FAIL**") == 5 and "case-10" in folded and "case-09" not in folded


def test_the_summary_names_no_absolute_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    cases = tmp_path / "suite" / "cases"
    failed = result("b", "fail", f"the implementation `node {tmp_path}/engine.js` crashed; see /tmp/x_y.log")
    made = document(result("a", "pass"), failed)
    made["suite"]["cases"] = str(cases)
    text = summary(made)
    assert str(tmp_path) not in text and "/tmp/" not in text
    assert "cases from suite/cases" in text and "\\`node engine.js\\` crashed" in text
    assert relative("1/2 and/or http://a/b </b> at /x/y: z (/x/w)", "/x") == "1/2 and/or http://a/b </b> at y: z (w)"
