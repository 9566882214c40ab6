"""Kit-wide test hooks: the catch rate of the broken engines in the run summary."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how many deliberately broken engines the suite caught (issue 5, "the kit's power")."""
    engines = [
        value
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "call"
        for key, value in getattr(report, "user_properties", [])
        if key == "generala_broken_engine"
    ]
    if not engines:
        return
    caught = sum(e["caught"] for e in engines)
    on_clause = sum(e["on_clause"] for e in engines)
    terminalreporter.write_sep("-", "generala-kit: the suite's power")
    terminalreporter.write_line(
        f"broken engines caught by the suite: {caught}/{len(engines)} "
        f"({100 * caught / len(engines):.0f}%), by a case citing the broken clause: {on_clause}/{len(engines)}"
    )
    attributed = sum(e.get("attributed", False) for e in engines)
    terminalreporter.write_line(
        f"broken engines whose failures the roll-up attributes first to the broken clause: {attributed}/{len(engines)}"
    )
    missed = sorted(e["name"] for e in engines if not e["caught"])
    if missed:
        terminalreporter.write_line(f"missed: {', '.join(missed)}")
