"""Kit-wide test hooks: the catch rate of the broken engines in the run summary, and
the kit's bytecode kept for the processes the tests start."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import yaml  # noqa: F401 - imported once for the whole session (below)

if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    # A shell that forbids bytecode (as this project's machines' do) made each of the
    # thousands of kit processes the tests start compile the kit's modules again (a
    # fifth of a second or more each); they are written outside the checkout instead.
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "generala-kit-pycache"))


def _recorded(terminalreporter: pytest.TerminalReporter, key: str) -> list[dict]:
    return [
        value
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "call"
        for name, value in getattr(report, "user_properties", [])
        if name == key
    ]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how many deliberately broken engines the suite caught (issue 5, "the kit's power"):
    the rule engines and the contract engines (issue 15)."""
    kinds = [
        ("broken engines", "generala_broken_engine"),
        ("contract engines", "generala_contract_engine"),
        ("broken dice engines", "generala_broken_dice_engine"),
    ]
    found = [(label, _recorded(terminalreporter, key)) for label, key in kinds]
    if not any(engines for _, engines in found):
        return
    terminalreporter.write_sep("-", "generala-kit: the suite's power")
    for label, engines in found:
        if not engines:
            continue
        caught = sum(e["caught"] for e in engines)
        on_clause = sum(e["on_clause"] for e in engines)
        terminalreporter.write_line(
            f"{label} caught by the suite: {caught}/{len(engines)} "
            f"({100 * caught / len(engines):.0f}%), by a case citing the broken clause: {on_clause}/{len(engines)}"
        )
        missed = sorted(e["name"] for e in engines if not e["caught"])
        if missed:
            terminalreporter.write_line(f"missed: {', '.join(missed)}")
    rules = found[0][1]
    if rules:
        attributed = sum(e.get("attributed", False) for e in rules)
        terminalreporter.write_line(
            f"broken engines the roll-up attributes first to the broken clause: {attributed}/{len(rules)}"
        )


pytest_plugins = ["tests.browser"]

# ``yaml`` above: a test's in-process pytester run forgets the modules it imported,
# but LibYAML's extension module (``_yaml``) keeps the classes of yaml's first
# import; a yaml imported again after such a run would get nodes from it that its
# constructor does not know ("could not determine a constructor for the tag
# None"), failing whichever test reads YAML next in that worker.
