"""A report is always written (issue 42): a run whose cases the report schema cannot
hold (a case with an empty id, say) still gets its reports, marked not OK.

:func:`rescued` leaves out the cases that break ``spec/schemas/report.schema.json``,
names them in the report's ``error`` and fails the run; everything else the run
found stays as it was.
"""

from __future__ import annotations

from typing import Any

from generala_conformance.suite.report import is_valid, report_schema

_SHOWN = 200
"""Characters of a schema error quoted in the report."""


class ReportUnwritable(ValueError):
    """A report document the schema refuses outside its cases (a kit bug)."""


def rescued(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` when it is a valid report; else the same run, not OK, without the
    cases the schema refuses, its ``error`` saying which and why."""
    if is_valid(document):
        return document  # (the usual run: jsonschema, which says why, is not even imported)
    import jsonschema

    validator = jsonschema.Draft202012Validator(report_schema())
    errors = list(validator.iter_errors(document))
    if not errors:
        return document
    outside = [e for e in errors if not _in_cases(e.absolute_path)]
    if outside:
        raise ReportUnwritable(f"the report does not validate at {_where(outside[0])}: {_cut(outside[0].message)}")
    refused = {e.absolute_path[1] for e in errors}
    first = min(errors, key=lambda e: e.absolute_path[1])
    error = (
        f"the report cannot hold {len(refused)} case(s) as they are (first: {_where(first)}: "
        f"{_cut(first.message)}); they are left out of its cases"
    )
    if document["error"]:
        error = f"{document['error']}; {error}"
    cases = [case for index, case in enumerate(document["cases"]) if index not in refused]
    return {**document, "ok": False, "verdict": f"NOT OK: {error}", "error": error, "cases": cases}


def _in_cases(path: Any) -> bool:
    return len(path) >= 2 and path[0] == "cases"


def _where(error: Any) -> str:
    return "/".join(str(part) for part in error.absolute_path) or "(the document)"


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"
