"""The suite's power: every deliberately broken engine (one clause broken each) is caught
by ``generala-kit check``, and a failing case cites the very clause that was broken.

The catch rate is printed in the run summary (see ``tests/conftest.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.broken_engines import BROKEN

ENGINES = Path(__file__).with_name("broken_engines.py")


def check(tmp_path: Path, factory: str) -> tuple[int, dict]:
    report = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-m", "generala_conformance.cli", "check", "--adapter", factory, "--json", str(report)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert report.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    return result.returncode, json.loads(report.read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_engine_is_caught_by_the_suite(name: str, tmp_path: Path, record_property) -> None:
    clause = BROKEN[name].clause
    code, report = check(tmp_path, f"{ENGINES}:{name.replace('-', '_')}_adapter")
    failed = [c for c in report["cases"] if c["outcome"] in ("fail", "error")]
    on_clause = [c["id"] for c in failed if clause in c["clauses"]]
    record_property("generala_broken_engine", {"name": name, "caught": bool(failed), "on_clause": bool(on_clause)})
    assert code == 1 and failed, f"{name} (breaks {clause}) passed the whole suite"
    assert on_clause, f"{name} was caught, but by no case citing {clause}: {[c['id'] for c in failed][:5]}"


def test_the_reference_passes_the_whole_suite(tmp_path: Path) -> None:
    code, report = check(tmp_path, "generala_conformance.reference_adapter:ReferenceAdapter")
    assert code == 0 and report["ok"]
    assert report["summary"]["pass"] == report["summary"]["total"] > 500
