"""The rules and contract scores of a run, and its shields.io endpoint badge.

The rulebook's areas are of two kinds (:func:`generala_spec.rulebook.contract_areas`):
the **contract** areas (``SETUP``, ``PROTO``: what an implementation must refuse and
answer beyond the rules, ``docs/cards-contract.md``) and the **rules** areas (all the
others: the game itself). A case counts in each kind of the areas it counts in
(:attr:`generala_conformance.suite.report.CaseResult.areas`: a failure attributed
to a clause only in that clause's area). A score is the share of the counted cases
that passed (``pass``, or ``xpass``: it passed although expected to fail), skipped
cases left out (an option value the implementation does not support is not held
against it); an expected failure (``xfail``) counts as not passed. It is rounded
down, so 100% means every case passed; ``n/a`` when no case counts.

The badge (https://shields.io/badges/endpoint-badge) says e.g.
``rules 100% · contract 93%``, coloured by the lower score; a run that was aborted
or did not run is ``aborted``/``did not run`` in red.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generala_conformance.report_site.inputs import Run
from generala_conformance.suite.report import NO_AREA, area_of
from generala_spec.rulebook import contract_areas

KINDS = ("rules", "contract")
PASSED = ("pass", "xpass")
COLORS = ((100, "brightgreen"), (95, "green"), (80, "yellow"), (50, "orange"), (0, "red"))
"""The badge's colour by the lower score: the first whose threshold it reaches."""


@dataclass(frozen=True)
class Score:
    """Passed and counted (not skipped) cases of one kind."""

    passed: int
    counted: int

    @property
    def percent(self) -> int | None:
        """The share passed, rounded down; ``None`` when nothing counts."""
        return self.passed * 100 // self.counted if self.counted else None

    @property
    def text(self) -> str:
        """``93%`` or ``n/a``."""
        return "n/a" if self.percent is None else f"{self.percent}%"


def case_kinds(case: dict[str, Any]) -> set[str]:
    """The kinds (``rules``, ``contract``) of the areas ``case`` counts in."""
    attribution = case.get("attribution")
    if case["outcome"] == "fail" and attribution:
        found = {area_of(attribution["clause"])}
    else:
        found = {area_of(clause) for clause in case["clauses"]}
    contract = set(contract_areas())
    return {"contract" if area in contract else "rules" for area in found if area != NO_AREA}


def scores(runs: Sequence[Run]) -> dict[str, Score]:
    """The rules and contract scores of the cases of ``runs`` together."""
    passed = dict.fromkeys(KINDS, 0)
    counted = dict.fromkeys(KINDS, 0)
    for run in runs:
        for case in run.document["cases"]:
            if case["outcome"] == "skip":
                continue
            for kind in case_kinds(case):
                counted[kind] += 1
                passed[kind] += case["outcome"] in PASSED
    return {kind: Score(passed[kind], counted[kind]) for kind in KINDS}


def color(table: dict[str, Score]) -> str:
    """The colour of the lower known score (``lightgrey`` when none is known)."""
    known = [s.percent for s in table.values() if s.percent is not None]
    if not known:
        return "lightgrey"
    lowest = min(known)
    return next(name for threshold, name in COLORS if lowest >= threshold)


def badge_message(runs: Sequence[Run]) -> str:
    """``rules 100% · contract 93%`` for ``runs`` together, ``aborted`` or ``did not run``
    when none of them ran, with ``· N run(s) stopped`` when some did not."""
    stopped = [run for run in runs if run.stopped]
    if stopped and len(stopped) == len(runs):
        return "aborted" if any(run.document["aborted"] for run in stopped) else "did not run"
    table = scores(runs)
    message = " · ".join(f"{kind} {table[kind].text}" for kind in KINDS)
    return message + (f" · {len(stopped)} run(s) stopped" if stopped else "")


def badge(label: str, runs: Sequence[Run]) -> dict[str, Any]:
    """The shields.io endpoint JSON of ``runs`` (one implementation, or one of its profiles)."""
    color_name = "red" if any(run.stopped for run in runs) else color(scores(runs))
    return {"schemaVersion": 1, "label": label, "message": badge_message(runs), "color": color_name}
