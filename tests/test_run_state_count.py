"""The count of unexpected outcomes the progress shows is kept as each phase is folded in."""

from __future__ import annotations

from types import SimpleNamespace

from generala_conformance.suite import report as report_mod
from generala_conformance.suite.pytest_plugin import RunState


class Config:
    def getoption(self, name: str) -> object:
        return None


def phase(nodeid: str, when: str, outcome: str) -> SimpleNamespace:
    case = {"id": nodeid, "title": nodeid, "kind": "fixture", "where": "f.yaml:1", "clauses": [], "ambiguities": []}
    return SimpleNamespace(
        nodeid=nodeid,
        when=when,
        duration=0.0,
        generala_outcome=outcome,
        generala_case={**case, "requires": {}},
        generala_message="m",
    )


def test_the_unexpected_count_follows_every_phase_of_every_case() -> None:
    state = RunState(Config())  # type: ignore[arg-type]
    for nodeid, outcomes in {"a": ["pass", "fail", "pass"], "b": ["pass", "pass", "pass"], "c": ["error"]}.items():
        for when, outcome in zip(("setup", "call", "teardown"), outcomes, strict=False):
            state._record(phase(nodeid, when, outcome))  # type: ignore[arg-type]
            recount = sum(r.outcome in report_mod.UNEXPECTED for r in state.results.values())
            assert state.unexpected == recount
    assert state.unexpected == 2
