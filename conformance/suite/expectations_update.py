"""An expectations file kept by the kit: the entries a run's JSON report calls for
(``generala-kit expectations --from REPORT.json [--update FILE]``).

Given the entries already written (their reasons and issue links are kept as they
are) and the cases of a report:

- an entry whose cases all still fail (or are skipped) is kept as it is;
- an ``xfail`` entry whose cases all pass now is removed (the bug is fixed);
- an ``xfail`` entry selecting both failing and passing cases is narrowed: one
  entry per still-failing case, with the same reason and issue;
- a case that failed, errored or timed out and that no entry selects gets a new
  ``case:`` entry (``xfail``, its reason the clause it breaks or its first message
  line); under ``--no-skip`` (the report's ``no_skip``) a skip no entry declares
  gets a ``skip`` entry with its reason;
- an entry selecting no case of the report is stale: kept (the run may have been
  filtered), and reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from generala_conformance.core.expectations import CaseRef, Expectation, Expectations

FAILING = ("fail", "error", "timeout", "xfail")
PASSING = ("pass", "xpass")
NEW_FAILURES = FAILING  # an xfail too: the file being updated may not be the one the run used
REASON_CHARS = 200


@dataclass
class Update:
    """The entries to write, and what changed, for the user."""

    entries: list[Expectation]
    kept: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # their cases pass now
    narrowed: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """What changed, one line per kind of change."""
        found = [
            f"{len(self.entries)} entries: {len(self.kept)} kept, {len(self.added)} added, "
            f"{len(self.removed)} removed, {len(self.narrowed)} narrowed, {len(self.stale)} stale"
        ]
        found += [f"  added {label}" for label in self.added]
        found += [f"  removed {label}: its cases pass now" for label in self.removed]
        found += [f"  narrowed {label}: to the cases that still fail" for label in self.narrowed]
        found += [f"  stale {label}: it selects no case of the report (kept)" for label in self.stale]
        return found


def new_reason(case: dict[str, Any]) -> str:
    """The reason of a new entry: the clause the case breaks, else its first message line."""
    attribution = case.get("attribution")
    if attribution:
        text = f"{case['outcome']}: breaks {attribution['clause']}: {attribution['statement']}"
    else:
        first = (case.get("message") or "").strip().splitlines()[:1]
        text = f"{case['outcome']}: {first[0]}" if first else case["outcome"]
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1] + "…"


def update(existing: list[Expectation], report: dict[str, Any]) -> Update:
    """The entries for ``report``'s cases, starting from ``existing`` (see the module)."""
    cases = report["cases"]
    refs = [CaseRef.of_report(case) for case in cases]
    table = Expectations(existing)
    owned: dict[int, list[dict[str, Any]]] = {id(e): [] for e in existing}
    for ref, case in zip(refs, cases, strict=True):
        entry = table.lookup(ref)
        if entry is not None:
            owned[id(entry)].append(case)
    result = Update([])
    for entry in existing:
        mine = owned[id(entry)]
        failing = [c for c in mine if c["outcome"] in FAILING]
        passing = [c for c in mine if c["outcome"] in PASSING]
        if not any(entry.selects(ref) for ref in refs):
            result.stale.append(entry.label)
            result.entries.append(entry)
        elif entry.outcome == "skip" or not passing:
            result.kept.append(entry.label)
            result.entries.append(entry)
        elif not failing:
            result.removed.append(entry.label)
        else:
            result.narrowed.append(entry.label)
            result.entries += [replace(entry, selector="case", pattern=c["id"]) for c in failing]
    covered = Expectations(result.entries)
    for ref, case in sorted(zip(refs, cases, strict=True), key=lambda pair: pair[0].id):
        if covered.lookup(ref) is not None:
            continue
        if case["outcome"] in NEW_FAILURES:
            entry = Expectation(case["id"], "xfail", new_reason(case))
        elif case["outcome"] == "skip" and report["no_skip"]:
            entry = Expectation(case["id"], "skip", (case.get("message") or "skipped").removeprefix("Skipped: "))
        else:
            continue
        result.entries.append(entry)
        result.added.append(entry.label)
    return result
