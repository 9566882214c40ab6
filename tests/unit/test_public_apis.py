"""The shipped code uses its dependencies through their public APIs only (issue 35):
no ``_pytest`` module, nothing of pytest-bdd (the kit runs Gherkin itself), no
private name of pytest, xdist or argparse, and no write into another package's modules."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("conformance", "reference", "spec", "scenarios")
PRIVATE = re.compile(
    r"\b_pytest\b|\bpytest_bdd\b|\b(?:pytest|xdist|argparse|pluggy)\.(?:\w+\.)*_[A-Za-z]\w*|"
    r"\bsys\.modules\[[\"'][^\]]+\]\s*=|\._report_sections\b"
)


def test_no_shipped_module_reaches_into_a_dependency() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in SHIPPED
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if PRIVATE.search(line)
    ]
    assert found == []


def test_the_pattern_catches_what_it_is_for() -> None:
    for line in (
        "from _pytest.junitxml import xml_key",
        "from pytest_bdd.scenario import scenario_wrapper_template_registry",
        "class V(argparse._VersionAction):",
        'sys.modules["pytest_bdd.generation"] = stub',
        "sections = item._report_sections",
    ):
        assert PRIVATE.search(line), line
    assert not PRIVATE.search("import pytest")
