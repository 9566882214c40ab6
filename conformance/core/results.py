"""The outcome of one case, as every front end and report reads it.

Outcomes are kept apart: ``pass``, ``fail`` (the implementation broke a rule),
``error`` (it crashed, spoke garbage, or refused a valid request), ``timeout``
(it did not answer in time), ``skip``, ``xfail`` and ``xpass``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OUTCOMES = ("pass", "fail", "error", "timeout", "skip", "xfail", "xpass")
UNEXPECTED = ("fail", "error", "timeout", "xpass")
NO_AREA = "(none)"
DECLARED = "expectations: "
"""How the reason of a skip (or xfail) declared in the expectations file begins."""


@dataclass
class CaseResult:
    """The outcome of one case (setup, call and teardown folded together)."""

    id: str
    title: str
    kind: str  # "feature" or "fixture"
    outcome: str
    where: str = ""
    nodeid: str = ""
    clauses: list[str] = field(default_factory=list)
    ambiguities: list[str] = field(default_factory=list)
    requires: dict[str, str] = field(default_factory=dict)
    duration: float = 0.0
    message: str | None = None
    stderr: str | None = None
    attribution: dict[str, str] | None = None  # the clause a failure breaks: clause, statement, why

    def as_dict(self) -> dict[str, Any]:
        """The case as the report writes it: what ``dataclasses.asdict`` gives (every
        container here holds strings), without its deep copy of each value (a fifth
        of the report's cost)."""
        found = dict(vars(self))
        found.update(clauses=list(self.clauses), ambiguities=list(self.ambiguities), requires=dict(self.requires))
        found["attribution"] = dict(self.attribution) if self.attribution is not None else None
        return found

    @property
    def areas(self) -> list[str]:
        """The clause areas (``FOLLOW`` for ``R-FOLLOW-2``) the case counts in: every
        area it checks, except that a failure attributed to a clause counts only
        in that clause's area (one bug reads as one bug)."""
        if self.outcome == "fail" and self.attribution:
            return [area_of(self.attribution["clause"])]
        found = sorted({c.split("-")[1] for c in self.clauses if c.count("-") >= 2})
        return found or [NO_AREA]


def area_of(clause: str) -> str:
    """``R-FOLLOW-2`` -> ``FOLLOW``."""
    parts = clause.split("-")
    return parts[1] if len(parts) >= 3 else NO_AREA
