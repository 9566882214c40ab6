"""The Markdown summary of a run (``check --markdown FILE``), for ``$GITHUB_STEP_SUMMARY``
or a pull-request comment: the verdict, the totals, the failing clauses with their
first case (file:line), every unexpected outcome (after the first ten, folded), the
skips grouped by reason and the clauses no case checked. It names no absolute path: paths are relative to the current
directory.

It is made from the JSON report document alone (:func:`summary`). Every string the
implementation supplies (its name, version, language, messages, skip reasons) and
the command line are escaped, so that they show as written and can neither format
the page nor inject HTML.
"""

from __future__ import annotations

import os
import re
from typing import Any

from generala_conformance.suite.report import OUTCOMES, UNEXPECTED, short_where

_SPECIAL = re.compile(r"([\\`*_\[\]#|~])")
"""What can format text in the middle of a line (the summary never starts a line with
supplied text, so line-start markers such as ``-``, ``+``, ``1.`` cannot act)."""
CELL_CHARS = 160
SHOWN = 10
"""Unexpected outcomes listed open; the others follow in a folded ``<details>`` block."""


_ABSOLUTE = re.compile(r"(?<![^\s`'\"(\[=])/[^\s`'\"()\[\]{}<>|,;:]+")
"""An absolute POSIX path in running text: a ``/`` that begins the text or follows a
space, quote, bracket or ``=`` (not ``1/2``, ``a/b``, ``</b>`` or an URL's ``//``)."""


def relative(text: str, cwd: str | None = None) -> str:
    """``text`` with each absolute path written relative to ``cwd`` (the current
    directory): the summary is read where the run's folder means nothing (a CI page)."""
    here = cwd or os.getcwd()

    def shorter(match: re.Match[str]) -> str:
        try:
            return os.path.relpath(match.group(0), here)
        except ValueError:  # another drive
            return match.group(0)

    return _ABSOLUTE.sub(shorter, text)


def escape(text: str, limit: int = CELL_CHARS) -> str:
    """``text`` as literal Markdown on one line, never at a line's start: absolute
    paths relative to the current directory (:func:`relative`), HTML's ``& < >`` as
    entities, the punctuation that formats inside a line backslash-escaped (a ``|``
    cannot end a table cell, a ``[`` start a link), line breaks as spaces, cut to
    ``limit`` characters."""
    flat = " ".join(relative(str(text)).split())
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", flat)


def _who(document: dict[str, Any]) -> str:
    impl = document["implementation"]
    if not impl:
        return "(no handshake)"
    return f"**{escape(impl['name'])} {escape(impl['version'])}** ({escape(impl['language'])})"


def _heading(document: dict[str, Any]) -> list[str]:
    mark = "✅" if document["ok"] else "❌"
    suite = document.get("suite") or {}
    facts = [
        _who(document),
        f"{escape(suite.get('game', 'cards'))} suite {escape(suite.get('version', '?'))}",
        f"generala-kit {escape(document['kit']['version'])}",
    ]
    if document["profile"]:
        facts.append(f"profile {escape(document['profile'])}")
    if suite.get("cases"):
        facts.append(f"cases from {escape(suite['cases'])}")
    return [f"### {mark} Générala conformance: {escape(document['verdict'], 400)}", "", " · ".join(facts), ""]


def _totals(document: dict[str, Any]) -> list[str]:
    table = document["summary"]
    return [
        "| " + " | ".join((*OUTCOMES, "total")) + " |",
        "|" + "---:|" * (len(OUTCOMES) + 1),
        "| " + " | ".join(str(table[o]) for o in (*OUTCOMES, "total")) + " |",
        "",
    ]


def _rollup(document: dict[str, Any]) -> list[str]:
    rows = document.get("rollup") or []
    if not rows:
        return []
    lines = ["#### Failing clauses", "", "| clause | cases | first case |", "|---|---:|---|"]
    for row in rows:
        clause = escape(row["clause"]) + (f" — {escape(row['statement'])}" if row["statement"] else "")
        first = f"{escape(row['first'])} ({escape(short_where(row['where']))})"
        lines.append(f"| {clause} | {row['cases']} | {first} |")
    return [*lines, ""]


def _unexpected(document: dict[str, Any]) -> list[str]:
    bad = [c for c in document["cases"] if c["outcome"] in UNEXPECTED]
    if not bad:
        return []
    lines = [f"#### Unexpected outcomes ({len(bad)})", ""]
    lines += [_unexpected_line(case) for case in bad[:SHOWN]]
    if len(bad) > SHOWN:  # every one, the rest folded
        lines += ["", f"<details><summary>{len(bad) - SHOWN} more</summary>", ""]
        lines += [_unexpected_line(case) for case in bad[SHOWN:]]
        lines += ["", "</details>"]
    return [*lines, ""]


def _unexpected_line(case: dict[str, Any]) -> str:
    first = (case["message"] or "").strip().splitlines()[:1]
    message = f": {escape(first[0])}" if first else ""
    clause = f" breaks {escape(case['attribution']['clause'])}" if case.get("attribution") else ""
    where = escape(short_where(case["where"]))
    return f"- **{case['outcome'].upper()}** {escape(case['id'])} ({where}){clause}{message}"


def _skips(document: dict[str, Any]) -> list[str]:
    if not document["skips"]:
        return []
    lines = ["#### Skipped, by reason", "", "| cases | reason |", "|---:|---|"]
    for skip in document["skips"]:
        note = " (declared in the expectations file)" if skip["declared"] else ""
        lines.append(f"| {skip['count']} | {escape(skip['reason'])}{note} |")
    return [*lines, ""]


def _unchecked(document: dict[str, Any]) -> list[str]:
    rows = document.get("unchecked") or []
    if not rows:
        return []
    lines = ["#### Clauses no case checked", "", "| clause | cases | why |", "|---|---:|---|"]
    for row in rows:
        why = "; ".join(f"{r['count']} × {r['reason']}" for r in row["reasons"])
        off = f" (switched off by {row['switched_off_by']})" if row["switched_off_by"] else ""
        lines.append(f"| {escape(row['clause'])} | {row['cases']} | {escape(why + off, 400)} |")
    return [*lines, ""]


def _aborted(document: dict[str, Any]) -> list[str]:
    aborted = document["aborted"]
    if aborted:
        return [f"Nothing was checked: {escape(aborted['message'], 400)} (`{aborted['code']}`)", ""]
    return [f"The run did not run: {escape(document['error'], 400)}", ""] if document["error"] else []


def _stale(document: dict[str, Any]) -> list[str]:
    stale = (document.get("expectations") or {}).get("stale") or []
    return (
        [f"Stale expectations (they select no case of this run): {escape(', '.join(stale), 400)}", ""] if stale else []
    )


def summary(document: dict[str, Any]) -> str:
    """The Markdown summary of the JSON report ``document``."""
    parts = [_heading, _aborted, _totals, _rollup, _unexpected, _skips, _unchecked, _stale]
    return "\n".join(line for part in parts for line in part(document)).rstrip() + "\n"
