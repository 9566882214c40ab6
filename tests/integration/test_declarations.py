"""Every declaration of the card game's hello held to, both ways: for each field of
``tests/broken_engines.DECLARATIONS``, the implementation that declares it and does
not do it is caught, each failure naming a clause; the one that does not declare it
passes, only the check the field waives relaxed (or skipped with its reason). Each
is run in-process (``--adapter``) and as a program through the protocol
(``--adapter-cmd``, ``tests/impls/contract_engine.py``)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tests.broken_engines import DECLARATIONS
from tests.integration.test_broken_contract_suite import PROGRAM
from tests.integration.test_broken_engines_suite import ENGINES, failures, run_check


def _implementation(name: str, how: str) -> list[str]:
    if how == "in-process":
        return ["--adapter", f"{ENGINES}:{name.replace('-', '_')}_adapter"]
    return ["--adapter-cmd", shlex.join([sys.executable, str(PROGRAM), name])]


@pytest.mark.parametrize("how", ["in-process", "serve"])
@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_a_declaration_is_held_to_both_ways(name: str, how: str, tmp_path: Path) -> None:
    declaration = DECLARATIONS[name]
    code, report = run_check(tmp_path, _implementation(name, how), "--validate-messages")
    summary = report["summary"]
    if declaration.clause:  # declared and not done: caught, the failures naming its clause first
        assert code == 1 and failures(report), f"{name} declares {declaration.field} and passed"
        assert report["rollup"][0]["clause"] == declaration.clause, report["rollup"][:3]
    else:  # not declared: only the waived check relaxed, or its cases skipped with the reason
        assert code == 0 and summary["fail"] == summary["error"] == 0, summary
        reasons = {row["reason"] for row in report.get("skips") or []}
        assert reasons == ({declaration.skipped} if declaration.skipped else set()), reasons
        assert summary["pass"] + summary["skip"] == summary["total"]
