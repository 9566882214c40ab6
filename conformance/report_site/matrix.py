"""The clause × run matrix of the HTML report: for each clause of the rulebook
(grouped by area) and each run, how many of the cases that check the clause
passed, failed, were skipped…, and which went wrong.

A case counts under every clause it checks, except that a failure attributed to
a clause (the clause its first diverging step breaks, found by replaying the case
on the reference engine) counts only under that clause: one bug reads as one bug,
as in the terminal summary (:attr:`generala_conformance.suite.report.CaseResult.areas`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from generala_conformance.report_site.inputs import Run
from generala_conformance.suite.report import NO_AREA, OUTCOMES, UNEXPECTED, area_of
from generala_spec.rulebook import areas, clauses, contract_areas

NO_CLAUSE = "(no clause)"
"""The row of the cases that name no clause."""
UNKNOWN_STATEMENT = "(not a clause of this kit's rulebook)"


@dataclass
class Cell:
    """One clause of one run: the count of each outcome and the cases that went wrong."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    wrong: list[dict[str, Any]] = field(default_factory=list)

    def add(self, case: dict[str, Any]) -> None:
        """Count ``case`` here."""
        self.counts[case["outcome"]] += 1
        if case["outcome"] in UNEXPECTED:
            self.wrong.append(case)

    @property
    def total(self) -> int:
        """How many cases count here."""
        return sum(self.counts.values())

    @property
    def state(self) -> str:
        """``fail`` when a case went wrong (fail, error, timeout, xpass), else ``pass``
        when one passed, else ``skip`` (skipped or expected to fail), else ``none``."""
        if self.wrong:
            return "fail"
        if self.counts["pass"]:
            return "pass"
        return "skip" if self.total else "none"


@dataclass
class Row:
    """One clause: its statement and one cell per run."""

    clause: str
    statement: str
    cells: list[Cell]


@dataclass
class AreaBlock:
    """The rows of one clause area, with the report's own counts for the area per run
    (``None`` for a run in which no case counts there)."""

    area: str
    title: str
    contract: bool
    rows: list[Row]
    totals: list[dict[str, int] | None]


def counted_under(case: dict[str, Any]) -> list[str]:
    """The clauses ``case`` counts under (see the module docstring)."""
    attribution = case.get("attribution")
    if case["outcome"] == "fail" and attribution:
        return [attribution["clause"]]
    return list(case["clauses"]) or [NO_CLAUSE]


def _statements(runs: Sequence[Run]) -> dict[str, str]:
    """Every active clause, in rulebook order, then those only the reports name (a
    retired clause says so)."""
    rulebook = clauses()
    table = {c.id: c.statement for c in rulebook.values() if c.status == "active"}
    for run in runs:
        for case in run.document["cases"]:
            attribution = case.get("attribution") or {}
            for clause in counted_under(case):
                if clause not in table:
                    known = rulebook[clause].statement + " (retired)" if clause in rulebook else None
                    table[clause] = known or attribution.get("statement") or UNKNOWN_STATEMENT
    return table


def build_matrix(runs: Sequence[Run]) -> list[AreaBlock]:
    """The matrix of ``runs``, area by area in rulebook order (areas the rulebook does
    not know, then the cases without a clause, last)."""
    statements = _statements(runs)
    cells = {clause: [Cell() for _ in runs] for clause in statements}
    for column, run in enumerate(runs):
        for case in run.document["cases"]:
            for clause in counted_under(case):
                cells[clause][column].add(case)
    titles = dict(areas())
    grouped: dict[str, list[Row]] = {}
    for clause, statement in statements.items():
        area = NO_AREA if clause == NO_CLAUSE else area_of(clause)
        grouped.setdefault(area, []).append(Row(clause, statement, cells[clause]))
    order = [*titles, *sorted(a for a in grouped if a not in titles and a != NO_AREA), NO_AREA]
    contract = set(contract_areas())
    return [
        AreaBlock(
            area=area,
            title=titles.get(area, "cases that name no clause" if area == NO_AREA else ""),
            contract=area in contract,
            rows=grouped[area],
            totals=[run.document["areas"].get(area) for run in runs],
        )
        for area in order
        if area in grouped
    ]
