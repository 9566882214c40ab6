"""The JUnit XML report of a run (``check --junit``), from its JSON report document.

One ``testsuite`` named ``generala-conformance`` with the suite's and the kit's
versions as properties; one ``testcase`` per case (its id as name, ``generala.features``
or ``generala.fixtures`` as class), with the properties ``generala_case``,
``generala_outcome``, ``generala_clauses`` and, for a failure, ``generala_clause`` and
``generala_clause_statement`` (the clause it breaks). A failure and an xpass are a
``failure``, an error and a timeout an ``error``, each with a ``message`` that starts
with the clause broken, else the clauses checked (:func:`~generala_conformance.suite.report.headline`);
a skip and an xfail are ``skipped``. A run that checked nothing (a failed handshake,
cases that could not be loaded) holds one ``error`` test case saying why, never an
empty suite a CI could read as green.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from generala_conformance.suite.report import headline

_FAILED = {"fail": "failure", "xpass": "failure", "error": "error", "timeout": "error"}


def junit_xml(document: dict[str, Any]) -> str:
    """The JUnit XML text of the report ``document``."""
    summary = document["summary"]
    root = ET.Element("testsuites")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="generala-conformance",
        tests=str(summary["total"]),
        failures=str(summary["fail"] + summary["xpass"]),
        errors=str(summary["error"] + summary["timeout"]),
        skipped=str(summary["skip"] + summary["xfail"]),
        time=f"{document['duration']:.3f}",
    )
    _properties(suite, [("generala_suite_version", document["suite"]["version"])])
    _properties(suite, [("generala_kit_version", document["kit"]["version"])])
    for case in document["cases"]:
        node = ET.SubElement(
            suite, "testcase", classname=f"generala.{case['kind']}s", name=case["id"], time=f"{case['duration']:.3f}"
        )
        found = [("generala_case", case["id"]), ("generala_outcome", case["outcome"])]
        if case["clauses"]:
            found.append(("generala_clauses", " ".join(case["clauses"])))
        if case.get("attribution"):
            found += [("generala_clause", case["attribution"]["clause"])]
            found += [("generala_clause_statement", case["attribution"]["statement"])]
        _properties(node, found)
        message = case["message"] or ""
        first = message.strip().splitlines()[0] if message.strip() else case["outcome"]
        if case["outcome"] in _FAILED:
            ET.SubElement(node, _FAILED[case["outcome"]], message=headline(case)).text = message
        elif case["outcome"] in ("skip", "xfail"):
            ET.SubElement(node, "skipped", type=case["outcome"], message=first)
        if case.get("stderr"):
            ET.SubElement(node, "system-err").text = case["stderr"]
    if document["aborted"] is not None or document["error"] is not None:  # nothing checked: never an empty, green suite
        what = document["aborted"] or {"message": document["error"], "detail": ""}
        node = ET.SubElement(
            suite, "testcase", classname="generala", name="handshake" if document["aborted"] else "run"
        )
        ET.SubElement(node, "error", message=what["message"].splitlines()[0]).text = what["message"]
        if what.get("detail"):
            ET.SubElement(node, "system-err").text = what["detail"]
        suite.set("tests", str(summary["total"] + 1))
        suite.set("errors", str(summary["error"] + summary["timeout"] + 1))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _properties(node: ET.Element, pairs: list[tuple[str, str | None]]) -> None:
    holder = node.find("properties")
    if holder is None:
        holder = ET.SubElement(node, "properties")
    for name, value in pairs:
        ET.SubElement(holder, "property", name=name, value=value or "")
