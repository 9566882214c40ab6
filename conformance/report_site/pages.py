"""The HTML of the report's pages: the matrix (``index.html``) and one page per run.

Pure functions from runs and the matrix to HTML text; every value from a report
goes through :func:`~.markup.text` / :func:`~.markup.attr`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generala_conformance.report_site.failures import split_divergence
from generala_conformance.report_site.inputs import Run
from generala_conformance.report_site.markup import attr, page, text
from generala_conformance.report_site.matrix import AreaBlock, Cell
from generala_conformance.report_site.scores import badge_message
from generala_conformance.suite.report import DECLARED, OUTCOMES, UNEXPECTED, short_where

SHOWN = ("pass", "fail", "error", "timeout", "xpass", "xfail", "skip")
"""The order outcomes are counted in a cell."""
_PREFIXES = ("Skipped: ", "[XPASS(strict)] ")


def counts_text(counts: dict[str, int]) -> str:
    """``629 pass · 24 fail`` (the outcomes that occur), or ``—``."""
    return " · ".join(f"{counts[o]} {o}" for o in SHOWN if counts.get(o)) or "—"


def clause_anchor(clause: str) -> str:
    """The anchor of a clause's section on a run page (clause ids are checked by the schema)."""
    return f"clause-{clause}" if clause.startswith("R-") else "clause-none"


def case_anchor(position: int) -> str:
    """The anchor of the ``position``-th case of a run's report (case ids are free text)."""
    return f"case-{position}"


def run_label(run: Run) -> str:
    """``name version — profile``."""
    return f"{run.name} {run.version}".strip() + f" — {run.profile}"


# ------------------------------------------------------------------ the matrix


def _column_head(run: Run, href: str) -> str:
    status = f'<br><span class="outcome">{text(run.stopped.split(":")[0])}</span>' if run.stopped else ""
    return (
        f'<th scope="col"><a href="{attr(href)}">{text(run.name)}</a><br>'
        f'<span class="muted">{text(run.version)} · {text(run.profile)}</span>{status}</th>'
    )


def _cell(cell: Cell, run: Run, href: str, clause: str) -> str:
    if run.stopped and not run.document["cases"]:
        return f'<td class="cell stopped">{text(run.stopped.split(":")[0])}</td>'
    shown = text(counts_text(cell.counts))
    if cell.state == "fail":
        return f'<td class="cell fail"><a href="{attr(href)}#{attr(clause_anchor(clause))}">{shown}</a></td>'
    return f'<td class="cell {cell.state}">{shown}</td>'


def matrix_table(runs: Sequence[Run], blocks: Sequence[AreaBlock], hrefs: Sequence[str]) -> str:
    """The clause × run table."""
    head = "".join(_column_head(run, href) for run, href in zip(runs, hrefs, strict=True))
    parts = [f'<div class="scroll"><table class="matrix">\n<thead><tr><th scope="col">clause</th>{head}</tr></thead>']
    for block in blocks:
        kind = "contract" if block.contract else "rules"
        totals = "".join(f"<th>{text(counts_text(t)) if t else '—'}</th>" for t in block.totals)
        parts.append(
            f'<tbody><tr class="area"><th scope="rowgroup" id="area-{attr(block.area)}">{text(block.area)}'
            f'<span class="statement">{text(block.title)} ({kind})</span></th>{totals}</tr>'
        )
        for row in block.rows:
            cells = "".join(
                _cell(cell, run, href, row.clause) for cell, run, href in zip(row.cells, runs, hrefs, strict=True)
            )
            parts.append(
                f'<tr><th scope="row"><span id="{attr(row.clause)}">{text(row.clause)}</span>'
                f'<span class="statement">{text(row.statement)}</span></th>{cells}</tr>'
            )
        parts.append("</tbody>")
    parts.append("</table></div>")
    return "\n".join(parts)


def _result(run: Run) -> str:
    """``NOT OK`` and the counts, or why the run stopped (the run's page has the verdict in full)."""
    doc = run.document
    if run.stopped:
        return run.stopped.split(":")[0]
    return f"{'OK' if doc['ok'] else 'NOT OK'}: {counts_text(doc['summary'])}"


def _runs_table(runs: Sequence[Run], hrefs: Sequence[str], badges: Sequence[str]) -> str:
    rows = []
    for run, href, badge_file in zip(runs, hrefs, badges, strict=True):
        impl = run.document["implementation"] or {}
        rows.append(
            f'<tr><td><a href="{attr(href)}">{text(run.name)}</a> <span class="muted">{text(run.version)}</span></td>'
            f"<td>{text(impl.get('language', ''))}</td><td>{text(run.profile)}</td><td>{text(run.suite)}</td>"
            f"<td>{text(_result(run))}</td>"
            f'<td>{text(badge_message([run]))} <a href="{attr(badge_file)}">badge</a></td></tr>'
        )
    return (
        '<div class="scroll"><table class="runs"><thead><tr><th>implementation</th>'
        "<th>language</th><th>profile</th><th>suite</th><th>result</th><th>score</th></tr></thead><tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def index_page(
    runs: Sequence[Run],
    blocks: Sequence[AreaBlock],
    hrefs: Sequence[str],
    badges: Sequence[str],
    notes: Sequence[str] = (),
) -> str:
    """``index.html``: the runs and the matrix; ``notes`` are warnings shown first."""
    warned = "".join(f'<p class="banner bad">{text(note)}</p>' for note in notes)
    body = (
        "<h1>Générala conformance report</h1>\n"
        f'<p class="muted">{len(runs)} run(s). A cell counts the cases that check the clause; a failure counts '
        "only under the clause its first diverging step breaks. A red cell links to its failing cases. "
        "Rules and contract scores: passed cases of the rules areas and of the contract areas "
        "(SETUP, PROTO), skips left out.</p>\n"
        f"{warned}<h2>Runs</h2>\n{_runs_table(runs, hrefs, badges)}\n"
        f"<h2>Clauses</h2>\n{matrix_table(runs, blocks, hrefs)}"
    )
    return page("Générala conformance report", body)


# ------------------------------------------------------------------ a run's page


def _handshake(run: Run) -> str:
    doc = run.document
    impl = doc["implementation"]
    rows: list[tuple[str, str]] = []
    if impl:
        rows += [("name", impl["name"]), ("version", impl["version"]), ("language", impl["language"])]
        rows += [("protocol", str(impl["protocol"])), ("reason codes", "yes" if impl["reason_codes"] else "no")]
    else:
        rows.append(("handshake", "never completed"))
    rows += [("reached as", doc["adapter"]), ("profile", run.profile), ("suite", run.suite)]
    rows += [("kit", f"{doc['kit']['name']} {doc['kit']['version']}"), ("duration", f"{doc['duration']} s")]
    body = "".join(f'<tr><th scope="row">{text(k)}</th><td>{text(v)}</td></tr>' for k, v in rows)
    options = ""
    if impl and impl["options"]:
        listed = "".join(
            f"<tr><td><code>{text(name)}</code></td><td>{text(', '.join(values))}</td></tr>"
            for name, values in impl["options"].items()
        )
        options = (
            "<h3>Supported rule options</h3>"
            '<div class="scroll"><table><thead><tr><th>option</th><th>values</th></tr></thead>'
            f"<tbody>{listed}</tbody></table></div>"
        )
    return f'<h2>Handshake</h2><div class="scroll"><table><tbody>{body}</tbody></table></div>{options}'


def _stopped(run: Run) -> str:
    aborted = run.document["aborted"]
    if aborted:
        detail = f"<pre>{text(aborted['detail'])}</pre>" if aborted["detail"] else ""
        return f'<p class="banner bad">Aborted [{text(aborted["code"])}]: {text(aborted["message"])}</p>{detail}'
    error = run.document["error"]
    return f'<div class="banner bad">Did not run: <pre>{text(error)}</pre></div>' if error is not None else ""


def _totals(run: Run) -> str:
    summary = run.document["summary"]
    head = "".join(f"<th>{o}</th>" for o in (*OUTCOMES, "total"))
    row = "".join(f"<td>{summary[o]}</td>" for o in (*OUTCOMES, "total"))
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody><tr>{row}</tbody></table></div>'


def _step_line(case: dict[str, Any]) -> str:
    found = split_divergence(case["message"])
    if found:
        return f"diverges at <code>{text(found.step)}</code>: expected {text(found.expected)}, got {text(found.actual)}"
    first = (case["message"] or "").strip().split("\n", 1)[0]
    return text(first[:300])


def _clause_sections(blocks: Sequence[AreaBlock], column: int, positions: dict[int, int]) -> str:
    parts = []
    for block in blocks:
        for row in block.rows:
            cell = row.cells[column]
            if not cell.wrong:
                continue
            items = "".join(
                f'<li><span class="outcome">{text(case["outcome"])}</span> '
                f'<a href="#{case_anchor(positions[id(case)])}">{text(case["id"])}</a><br>{_step_line(case)}</li>'
                for case in cell.wrong
            )
            parts.append(
                f'<section class="clause" id="{attr(clause_anchor(row.clause))}"><h3>{text(row.clause)} '
                f'<span class="statement">{text(row.statement)}</span></h3><ul>{items}</ul></section>'
            )
    if not parts:
        return ""
    return "<h2>Failing clauses</h2>" + "".join(parts)


def _case_article(case: dict[str, Any], position: int) -> str:
    where = short_where(case["where"])
    attribution = case.get("attribution")
    lines = [
        f'<article class="case" id="{case_anchor(position)}"><h3><span class="outcome">{text(case["outcome"])}</span> '
        f"<code>{text(case['id'])}</code></h3>",
        f'<p>{text(case["title"])} <span class="muted">({text(where)})</span></p>',
    ]
    if attribution:
        lines.append(
            f"<p>breaks <strong>{text(attribution['clause'])}</strong>: {text(attribution['statement'])} "
            f'<span class="muted">({text(attribution["why"])})</span></p>'
        )
    elif case["clauses"]:
        lines.append(f"<p>checks {text(', '.join(case['clauses']))}</p>")
    found = split_divergence(case["message"])
    if found:
        moves = f"<dt>moves so far</dt><dd>{text(found.moves)}</dd>" if found.moves else ""
        lines.append(
            f'<dl class="divergence"><dt>first diverging step</dt><dd>{text(found.step)}</dd>'
            f"<dt>expected</dt><dd>{text(found.expected)}</dd><dt>actual</dt><dd>{text(found.actual)}</dd>"
            f'{moves}<dt>table at that step</dt></dl><pre class="table">{text(found.table)}</pre>'
        )
    elif case["message"]:
        lines.append(f'<pre class="message">{text(case["message"])}</pre>')
    if case["stderr"]:
        lines.append(f'<details><summary>stderr</summary><pre class="stderr">{text(case["stderr"])}</pre></details>')
    lines.append("</article>")
    return "\n".join(lines)


def declared_reason(case: dict[str, Any]) -> str | None:
    """The expectations file's reason for ``case`` (a declared skip, xfail or xpass), or ``None``."""
    message = (case["message"] or "").strip()
    for prefix in _PREFIXES:
        message = message.removeprefix(prefix)
    return message.removeprefix(DECLARED) if message.startswith(DECLARED) else None


def _skips(run: Run) -> str:
    skips = run.document["skips"]
    if not skips:
        return "<h2>Skips</h2><p>No case was skipped.</p>"
    rows = "".join(
        f"<tr><td>{text(s['reason'])}</td><td>{s['count']}</td><td>{'yes' if s['declared'] else 'no'}</td></tr>"
        for s in skips
    )
    return (
        '<h2>Skips</h2><div class="scroll"><table><thead><tr><th>reason</th><th>cases</th>'
        f"<th>declared in the expectations file</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )


_SELECTORS = ("case", "clause", "area", "ambiguity", "tag")


def _issue(url: str) -> str:
    """An issue link: a link only for an http(s) address, text otherwise."""
    if url.startswith(("https://", "http://")):
        return f'<a href="{attr(url)}" rel="nofollow">{text(url)}</a>'
    return text(url)


def _expectations_file(declared: dict[str, Any]) -> str:
    """The expectations file's entries and its stale ones, from the report's ``expectations``."""
    rows = []
    for entry in declared["entries"]:
        selector = ", ".join(f"{key}: {entry[key]}" for key in _SELECTORS if key in entry)
        issue = _issue(entry["issue"]) if isinstance(entry.get("issue"), str) else ""
        rows.append(
            f"<tr><td><code>{text(selector)}</code></td><td>{text(entry['outcome'])}</td>"
            f"<td>{text(entry['reason'])}</td><td>{issue}</td></tr>"
        )
    stale = "".join(f"<li><code>{text(item)}</code></li>" for item in declared["stale"])
    return (
        f"<p>File <code>{text(declared['file'])}</code>, {len(rows)} entr{'y' if len(rows) == 1 else 'ies'}.</p>"
        '<div class="scroll"><table><thead><tr><th>selects</th><th>outcome</th><th>reason</th><th>issue</th></tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
        + (f"<p>Stale entries (they select no case of the run):</p><ul>{stale}</ul>" if stale else "")
    )


def _expectations(run: Run) -> str:
    declared = run.document.get("expectations")
    listed = _expectations_file(declared) if isinstance(declared, dict) else ""
    grouped: dict[tuple[str, str], list[str]] = {}
    for case in run.document["cases"]:
        reason = declared_reason(case)
        if reason is not None:
            grouped.setdefault((case["outcome"], reason), []).append(case["id"])
    if not grouped:
        met = "<p>No case was skipped or expected to fail by the expectations file.</p>"
    else:
        rows = "".join(
            f"<tr><td>{text(outcome)}</td><td>{text(reason)}</td><td>{len(ids)}</td>"
            f"<td>{text(', '.join(ids[:20]))}{' …' if len(ids) > 20 else ''}</td></tr>"
            for (outcome, reason), ids in sorted(grouped.items())
        )
        met = (
            '<p class="muted">What the expectations file declared, as the run met it '
            "(an xpass is an expected failure that passed: its entry is stale).</p>"
            '<div class="scroll"><table><thead><tr><th>outcome</th><th>reason</th><th>cases</th><th>ids</th></tr>'
            f"</thead><tbody>{rows}</tbody></table></div>"
        )
    return f"<h2>Expectations</h2>{listed}{met}"


def run_page(run: Run, column: int, blocks: Sequence[AreaBlock]) -> str:
    """The page of the ``column``-th run: handshake, totals, failing clauses and
    cases, skips and expectations."""
    doc = run.document
    wrong = [(i, case) for i, case in enumerate(doc["cases"]) if case["outcome"] in UNEXPECTED]
    positions = {id(case): i for i, case in wrong}
    verdict_class = "ok" if doc["ok"] else "bad"
    cases = "".join(_case_article(case, i) for i, case in wrong)
    body = (
        '<p><a href="index.html">← all runs</a></p>'
        f"<h1>{text(run_label(run))}</h1>"
        f'<p class="banner {verdict_class}">{text(doc["verdict"])}</p>{_stopped(run)}'
        f"{_handshake(run)}<h2>Outcomes</h2>{_totals(run)}"
        f"{_clause_sections(blocks, column, positions)}"
        + (f"<h2>Cases that went wrong</h2>{cases}" if cases else "")
        + f"{_skips(run)}{_expectations(run)}"
    )
    return page(f"{run_label(run)} — Générala conformance", body)
