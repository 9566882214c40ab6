"""Attribution: a failing case names the clause its first diverging step breaks,
found by replaying the case on the reference engine; the report counts each
failure once, under that clause, and rolls failures up by clause."""

from __future__ import annotations

from collections import Counter

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.fixtures import load_all
from generala_conformance.suite import report
from generala_spec.options import resolve

from tests.broken_engines import BROKEN, adapter_for
from tests.integration.test_conformance_plugin import IMPLS, junit_props, run_suite

pytest_plugins = ["pytester"]
CASES = load_all(None)


def attributions(engine: str) -> Counter[str]:
    """The attributed clause of each fixture case citing the engine's clause that it fails."""
    clause = BROKEN[engine].clause
    found: Counter[str] = Counter()
    for case in (c for c in CASES if clause in c.clauses):
        adapter = adapter_for(engine)
        try:
            case.run(adapter, resolve("default", case.requires))
        except Divergence as divergence:
            found[divergence.attribution.clause if divergence.attribution else "-"] += 1
    return found


@pytest.mark.parametrize(
    "engine",
    [
        "second-joker-wins",  # a wrong trick winner after two Jokers
        "joker-while-holding-suit",  # an illegal Joker accepted
        "void-may-discard",  # an illegal discard accepted
        "tie-break-wrong-way",  # the wrong next leader
        "leader-keeps-lead",
        "must-take-highest",  # a legal take refused
        "first-out-loses",  # the wrong loser
        "deal-from-dealer",  # the wrong hands after the deal
    ],
)
def test_the_broken_clause_is_the_one_most_failures_are_attributed_to(engine: str) -> None:
    found = attributions(engine)
    assert found, f"{engine} failed no fixture citing {BROKEN[engine].clause}"
    assert found.most_common(1)[0][0] == BROKEN[engine].clause, found


def test_the_divergence_carries_the_clause_and_its_statement() -> None:
    case = next(c for c in CASES if c.id == "next-leader-second-joker-002")
    with pytest.raises(Divergence) as failed:
        case.run(adapter_for("second-joker-wins"), resolve("default"))
    assert failed.value.attribution.as_dict() == {
        "clause": "R-JOKER-4",
        "statement": "When both Jokers fall in one trick, the one played first is the highest card of the trick.",
        "why": "both Jokers fell: the first Joker played is highest",
    }
    assert failed.value.located("here").attribution == failed.value.attribution


def result(
    case_id: str, outcome: str, clauses: list[str], clause: str | None = None, where: str = ""
) -> report.CaseResult:
    attribution = {"clause": clause, "statement": f"statement of {clause}", "why": "w"} if clause else None
    return report.CaseResult(
        id=case_id,
        title=case_id,
        kind="fixture",
        outcome=outcome,
        clauses=clauses,
        where=where,
        attribution=attribution,
    )


def test_one_bug_reads_as_one_bug_in_the_areas_and_the_rollup() -> None:
    cited = ["R-DECL-3", "R-FOLLOW-5", "R-JOKER-4", "R-NEXT-1"]
    results = [
        result("j1", "fail", cited, "R-JOKER-4", "/x/features/04_jokers.feature:57"),
        result("j2", "fail", cited, "R-JOKER-4", "/x/fixtures/jokers.yaml:12 j2"),
        result("n1", "fail", ["R-NEXT-4"], "R-NEXT-4", "/x/fixtures/ties.yaml:3 n1"),
        result("u1", "fail", ["R-END-1"], None, "/x/fixtures/endings.yaml:9 u1"),
        result("p1", "pass", cited),
    ]
    document = report.build(results, implementation=None, adapter="x", profile=None, duration=0, kit_version="0")
    report.validate(document)
    areas = document["areas"]
    assert areas["JOKER"]["fail"] == 2 and areas["DECL"]["fail"] == 0 and areas["FOLLOW"]["fail"] == 0
    assert areas["DECL"]["pass"] == 1 and areas["NEXT"]["fail"] == 1 and areas["END"]["fail"] == 1
    assert [(r["clause"], r["cases"], r["first"]) for r in document["rollup"]] == [
        ("R-JOKER-4", 2, "j1"),
        (report.UNATTRIBUTED, 1, "u1"),
        ("R-NEXT-4", 1, "n1"),
    ]
    text = "\n".join(report.terminal_lines(document))
    assert "  FAIL     j1  (04_jokers.feature:57)\n           breaks R-JOKER-4: statement of R-JOKER-4" in text
    assert "           checks R-END-1" in text
    rollup = text[text.index("failing clauses") :]
    assert rollup.splitlines()[1].split()[:2] == ["R-JOKER-4", "2"]
    assert "first: 04_jokers.feature:57 j1" in rollup


def test_junit_and_terminal_name_the_broken_clause(pytester: pytest.Pytester) -> None:
    adapter = f"--generala-adapter={IMPLS.parent / 'broken_engines.py'}:leader_keeps_lead_adapter"
    result, document, junit = run_suite(pytester, adapter)
    assert result.ret == 1
    props = junit_props(junit)["kit-test-follow"]
    assert props["generala_clause"] == "R-NEXT-1" and props["generala_clauses"] == "R-FOLLOW-2 R-NEXT-1"
    assert props["generala_clause_statement"].startswith("The player who played the highest card")
    failure = next(junit.iter("failure"))
    message, text = failure.get("message", ""), failure.text or ""
    assert message.startswith("R-NEXT-1 broken (checks R-FOLLOW-2, R-NEXT-1): divergence at step")
    assert "checks R-FOLLOW-2: A player who holds a card of the led suit MUST" in text
    assert text.splitlines()[2].startswith("breaks R-NEXT-1: The player who played the highest card")
    follow = next(c for c in document["cases"] if c["id"] == "kit-test-follow")
    assert follow["attribution"]["clause"] == "R-NEXT-1"
    result.stdout.fnmatch_lines(["*breaks R-NEXT-1: The player who played*", "failing clauses*", "  R-NEXT-1 *"])
