"""Conformance results: the outcome of each case, the summary per clause area, the
JSON report (``spec/schemas/report.schema.json``) and the terminal summary.

Outcomes are kept apart: ``pass``, ``fail`` (the implementation broke a rule),
``error`` (it crashed, spoke garbage, or refused a valid request), ``timeout``
(it did not answer in time), ``skip``, ``xfail`` and ``xpass``. A run is
successful when nothing unexpected happened (no fail, error, timeout or xpass)
*and* something was checked: the handshake completed and at least one case
passed; under ``no_skip`` (``--no-skip``) every skip not declared in the
expectations file fails the run too. Skips are summed up by reason.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, cast

from generala_conformance.core.results import DECLARED, NO_AREA, OUTCOMES, UNEXPECTED, CaseResult, area_of
from generala_spec.fast_schema import fast_valid

__all__ = ["DECLARED", "NO_AREA", "OUTCOMES", "UNEXPECTED", "CaseResult", "area_of"]  # (for the report's readers)

REPORT_VERSION = 1
_SKIPPED = "Skipped: "


def counts(results: list[CaseResult]) -> dict[str, int]:
    """How many cases had each outcome, and the total."""
    table = dict.fromkeys(OUTCOMES, 0)
    for result in results:
        table[result.outcome] += 1
    table["total"] = len(results)
    return table


def by_area(results: list[CaseResult]) -> dict[str, dict[str, int]]:
    """:func:`counts` per clause area (see :attr:`CaseResult.areas`: a case checking two
    areas counts in both, a failure attributed to a clause only in its area)."""
    groups: dict[str, list[CaseResult]] = {}
    for result in results:
        for area in result.areas:
            groups.setdefault(area, []).append(result)
    return {area: counts(groups[area]) for area in sorted(groups)}


UNATTRIBUTED = "(no clause attributed)"


def short_where(where: str) -> str:
    """``/…/features/04_jokers.feature:57`` -> ``04_jokers.feature:57``."""
    return Path(where.split(" ", 1)[0]).name if where else ""


def rollup(results: list[CaseResult]) -> list[dict[str, Any]]:
    """The failing clauses, most failures first: for each, how many cases fail on it
    (a failure counts under its attributed clause) and the first of them."""
    groups: dict[str, list[CaseResult]] = {}
    for result in sorted(results, key=lambda r: (r.where, r.id)):
        if result.outcome == "fail":
            clause = result.attribution["clause"] if result.attribution else UNATTRIBUTED
            groups.setdefault(clause, []).append(result)
    rows = []
    for clause, cases in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        first = cases[0]
        statement = first.attribution["statement"] if first.attribution else ""
        rows.append(
            {"clause": clause, "statement": statement, "cases": len(cases), "first": first.id, "where": first.where}
        )
    return rows


CHECKED = ("pass", "fail", "xfail", "xpass")
"""Outcomes of a case that checked its clauses (a skip, an error and a timeout checked nothing)."""


def unchecked(results: list[CaseResult], spec: str, listed: dict[str, list[str]]) -> list[dict[str, Any]]:
    """The clauses (of the rulebook ``spec``) the ``results`` cite that no case checked,
    in the rulebook's order: ``{clause, statement, cases, reasons, switched_off_by}``;
    ``reasons`` counts why (each skip reason, else the outcome), ``switched_off_by`` is
    ``OPTION=VALUE`` when every value the implementation lists (``listed``, its hello's
    options) for that option switches the clause off."""
    citing: dict[str, list[CaseResult]] = {}
    for result in results:
        for clause in result.clauses:
            citing.setdefault(clause, []).append(result)
    missing = {c: cases for c, cases in citing.items() if not any(r.outcome in CHECKED for r in cases)}
    if not missing:  # (most runs: the rulebook is then not read at all)
        return []
    from generala_spec import rulebook
    from generala_spec.options import options

    statements = rulebook.clauses(spec)
    rows = []
    for clause in sorted(missing, key=lambda c: (list(statements).index(c) if c in statements else len(statements), c)):
        cases = missing[clause]
        why: dict[str, int] = {}
        for result in cases:
            reason = _reason(result)
            why[reason] = why.get(reason, 0) + 1
        off = [
            f"{name}={'|'.join(values)}"
            for name, values in listed.items()
            if name in options(spec)
            and values
            and all(clause in options(spec)[name].switches_off.get(v, ()) for v in values)
        ]
        rows.append(
            {
                "clause": clause,
                "statement": statements[clause].statement if clause in statements else "",
                "cases": len(cases),
                "reasons": [{"reason": r, "count": n} for r, n in sorted(why.items(), key=lambda i: (-i[1], i[0]))],
                "switched_off_by": off[0] if off else None,
            }
        )
    return rows


def _reason(result: CaseResult) -> str:
    if result.outcome == "skip":
        return (result.message or "").strip().removeprefix(_SKIPPED) or "(no reason given)"
    return result.outcome


def unexpected(results: list[CaseResult]) -> list[CaseResult]:
    """The results that make the run fail."""
    return [r for r in results if r.outcome in UNEXPECTED]


def skip_reasons(results: list[CaseResult]) -> list[dict[str, Any]]:
    """The skips grouped by reason, most frequent first: ``{reason, count, declared}``
    (``declared``: the expectations file lists them)."""
    grouped: dict[str, int] = {}
    for result in results:
        if result.outcome == "skip":
            reason = _reason(result)
            grouped[reason] = grouped.get(reason, 0) + 1
    ordered = sorted(grouped.items(), key=lambda item: (-item[1], item[0]))
    return [{"reason": r, "count": n, "declared": r.startswith(DECLARED)} for r, n in ordered]


def verdict(
    results: list[CaseResult],
    aborted: dict[str, str] | None,
    skips: list[dict[str, Any]],
    no_skip: bool,
    error: str | None = None,
) -> tuple[bool, str]:
    """Whether the run is successful, and one sentence saying why (or why not)."""
    table = counts(results)
    bad = len(unexpected(results))
    undeclared = sum(s["count"] for s in skips if not s["declared"])
    if error is not None:
        return False, f"NOT OK: {error}"
    if aborted is not None:
        return False, f"NOT OK: nothing was checked: {aborted['message']}"
    if not table["total"]:
        return False, "NOT OK: no case was run"
    if bad:
        return False, f"NOT OK: {bad} unexpected outcome(s) ({table['pass']} passed of {table['total']})"
    if not table["pass"]:
        return False, f"NOT OK: no case passed ({table['total']} run: {_outcome_words(table)})"
    tally = f"({table['pass']} passed of {table['total']})"
    if no_skip and undeclared:
        return False, f"NOT OK: {undeclared} case(s) skipped under --no-skip {tally}"
    return True, f"OK: nothing unexpected {tally}"


def _outcome_words(table: dict[str, int]) -> str:
    return ", ".join(f"{table[o]} {o}" for o in OUTCOMES if table[o])


def build(
    results: list[CaseResult],
    *,
    implementation: dict[str, Any] | None,
    adapter: str,
    profile: str | None,
    duration: float,
    kit_version: str,
    suite: dict[str, str | None] | None = None,
    error: str | None = None,
    aborted: dict[str, str] | None = None,
    no_skip: bool = False,
    expectations: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON report document; ``suite`` is ``{version, cases}`` (the suite version,
    and the ``--cases`` directory run instead of the kit's suite, or ``None``);
    ``error`` says why the run did not run (the cases could not be loaded, it was
    interrupted), ``aborted`` why it ended before any case (``{code, message,
    detail}``: the handshake failed); either makes ``ok`` false. ``expectations`` is
    the expectations file used (``{file, entries, stale}``) or ``None``."""
    skips = skip_reasons(results)
    ok, sentence = verdict(results, aborted, skips, no_skip, error)
    suite = suite or suite_identity()
    listed = (implementation or {}).get("options") or {}
    return {
        "version": REPORT_VERSION,
        "kit": {"name": "generala-kit", "version": kit_version},
        "suite": suite,
        "implementation": implementation,
        "adapter": adapter,
        "profile": profile,
        "duration": round(duration, 3),
        "ok": ok,
        "verdict": sentence,
        "error": error,
        "aborted": aborted,
        "no_skip": no_skip,
        "expectations": expectations,
        "summary": counts(results),
        "skips": skips,
        "areas": by_area(results),
        "rollup": rollup(results),
        "unchecked": unchecked(results, _spec_of(suite), listed),
        "cases": [r.as_dict() for r in sorted(results, key=lambda r: r.id)],
    }


def _spec_of(suite: dict[str, str | None]) -> str:
    """The rulebook folder of the game whose suite ran."""
    from generala_conformance import games

    return games.get(suite.get("game") or "cards").spec


def suite_identity(cases: str | None = None, game: str = "cards") -> dict[str, str | None]:
    """The report's ``suite``: the game, its suite's version and the ``--cases``
    directory (or ``None``)."""
    from generala_conformance import games

    return {"game": game, "version": games.get(game).suite_version, "cases": cases}


@cache
def report_schema() -> dict[str, Any]:
    """The JSON report's schema (package data of ``generala_spec``)."""
    return cast(
        dict[str, Any], json.loads(files("generala_spec").joinpath("schemas/report.schema.json").read_text("utf-8"))
    )


@cache
def _fast_validator() -> Any:
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(report_schema())


def is_valid(document: dict[str, Any]) -> bool:
    """Whether ``document`` is a valid report, told by ``jsonschema_rs`` (:func:`fast_valid`)."""
    return fast_valid(_fast_validator(), document)


def validate(document: dict[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` if ``document`` is not a valid report
    (``jsonschema``, which says why, is only asked when :func:`is_valid` says no)."""
    if is_valid(document):
        return
    import jsonschema

    jsonschema.Draft202012Validator(report_schema()).validate(document)


def write_json(document: dict[str, Any], path: Path | str) -> None:
    """Validate and write the JSON report (atomically: :func:`write_atomic`)."""
    validate(document)
    write_atomic(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same
    directory renamed over it: the file is never half-written, and an earlier one
    stays whole when writing fails. Text the kit did not sanitise (a Python
    adapter's) cannot make it fail: an unencodable character becomes ``?``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8", "replace")
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def case_lines(case: dict[str, Any]) -> list[str]:
    """A case that went wrong, for the summary: outcome, id and place, the clause it
    breaks (or those it checks) and the first line of its message."""
    first = (case["message"] or "").strip().splitlines()[:1]
    lines = [f"  {case['outcome'].upper():<8} {case['id']}  ({short_where(case['where'])})"]
    attribution = case.get("attribution")
    if attribution:
        lines.append(f"           breaks {attribution['clause']}: {attribution['statement']}")
    elif case["clauses"]:
        lines.append(f"           checks {', '.join(case['clauses'])}")
    if first:
        lines.append(f"           {first[0]}")
    return lines


def headline(case: dict[str, Any]) -> str:
    """One line saying what went wrong, the clause first: ``R-NEXT-1 broken (checks
    R-FOLLOW-2, R-NEXT-1): <the message's first line>``; a case whose failure no
    clause is attributed to (an error, a timeout, an xpass) begins with the clauses
    it checks, ``checks R-FOLLOW-2: …`` (JUnit's failure message, the full failure)."""
    message = (case["message"] or "").strip()
    first = message.splitlines()[0] if message else case["outcome"]
    checks = ", ".join(case["clauses"])
    attribution = case.get("attribution")
    if attribution:
        return f"{attribution['clause']} broken" + (f" (checks {checks})" if checks else "") + f": {first}"
    return (f"checks {checks}: " if checks else "checks no clause: ") + first


def failure_lines(case: dict[str, Any], spec: str) -> list[str]:
    """A case that went wrong, in full: its :func:`headline`, the case and its place,
    the clause it breaks and why, the clauses it checks (with their statements in the
    rulebook ``spec``), then its whole message (the diverging step, expected against
    actual, the table)."""
    from generala_spec import rulebook

    lines = [headline(case), f"case {case['id']}  ({case['where']})"]
    attribution = case.get("attribution")
    if attribution:
        lines.append(f"breaks {attribution['clause']}: {attribution['statement']}  ({attribution['why']})")
    statements = rulebook.clauses(spec)
    lines += [f"checks {c}: {statements[c].statement}" for c in case["clauses"] if c in statements]
    return [*lines, *(case["message"] or "").splitlines()]


def closing_line(document: dict[str, Any]) -> str:
    """The last line of a run, in the words of a test runner: ``650 passed, 3 failed in 0.61s``."""
    summary = document["summary"]
    words = {"pass": "passed", "fail": "failed", "error": "errors", "timeout": "timed out"}
    words |= {"skip": "skipped", "xfail": "xfailed", "xpass": "xpassed"}
    counted = [f"{summary[o]} {words[o]}" for o in OUTCOMES if summary[o]]
    return f"{', '.join(counted) or 'no case run'} in {document['duration']:.2f}s"


def rollup_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The roll-up by clause (:func:`rollup`) for the terminal."""
    if not rows:
        return []
    lines = ["failing clauses (each failure counted under the clause it breaks):"]
    for row in rows:
        first = f"first: {short_where(row['where'])} {row['first']}"
        lines.append(f"  {row['clause']:<12} {row['cases']:>4} case(s)   {first}")
        if row["statement"]:
            lines.append(f"  {'':<12} {row['statement']}")
    return lines


def unchecked_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The clauses no case checked (:func:`unchecked`), for the terminal."""
    if not rows:
        return []
    lines = ["clauses no case checked (under what the implementation declared):"]
    for row in rows:
        why = "; ".join(f"{r['count']} × {r['reason']}" for r in row["reasons"])
        off = f" — switched off by {row['switched_off_by']}" if row["switched_off_by"] else ""
        lines.append(f"  {row['clause']:<12} {row['cases']:>4} case(s): {why}{off}")
    return lines


def _suite_line(document: dict[str, Any]) -> str:
    """``cards suite 1.0.0 · generala-kit 0.1.0`` (and the ``--cases`` directory run instead)."""
    suite = document.get("suite") or {}
    cases = f" · cases from {suite['cases']}" if suite.get("cases") else ""
    game = suite.get("game", "cards")
    return f"{game} suite {suite.get('version', '?')} · generala-kit {document['kit']['version']}{cases}"


def terminal_lines(document: dict[str, Any]) -> list[str]:
    """The human summary: the implementation, a table per clause area, every case
    that went wrong (first line of each message), the failing clauses, the skips, the
    clauses no case checked, and the verdict."""
    impl = document["implementation"]
    who = f"{impl['name']} {impl['version']} ({impl['language']})" if impl else "(no handshake)"
    lines = [f"implementation: {who} — {document['adapter']}", _suite_line(document)]
    if document["profile"]:
        lines.append(f"profile: {document['profile']}")
    header = f"{'area':<10}" + "".join(f"{o:>8}" for o in OUTCOMES) + f"{'total':>8}"
    lines.append(header)
    rows = [*document["areas"].items(), ("TOTAL", document["summary"])]
    for area, table in rows:
        lines.append(f"{area:<10}" + "".join(f"{table[o]:>8}" for o in (*OUTCOMES, "total")))
    lines.append("(a case counts in every area it checks, a failure only in the area of the clause it breaks;")
    lines.append(" TOTAL counts each case once)")
    bad = [c for c in document["cases"] if c["outcome"] in UNEXPECTED]
    for case in bad:
        lines.extend(case_lines(case))
    lines.extend(rollup_lines(document.get("rollup", [])))
    if document["skips"]:
        lines.append("skipped, by reason:")
        for skip in document["skips"]:
            note = " (declared in the expectations file)" if skip["declared"] else ""
            lines.append(f"  {skip['count']:>4} × {skip['reason']}{note}")
    lines.extend(unchecked_lines(document.get("unchecked") or []))
    lines.append(document["verdict"])
    return lines
