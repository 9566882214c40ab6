"""The suite's power over the contract: every implementation of
``tests/broken_engines.CONTRACT`` keeps the rules but breaks one contract clause
(R-SETUP-*, R-PROTO-*), runs as a separate program speaking the JSON-lines protocol
(``tests/impls/contract_engine.py``), and must be caught by ``generala-kit check``
with a failing case that cites the broken clause.

The catch rate is printed in the run summary (see ``tests/conftest.py``).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from generala_spec.rulebook import clauses

from tests.broken_engines import CONTRACT, CONTRACT_UNBREAKABLE
from tests.integration.test_broken_engines_suite import failures, run_check

PROGRAM = Path(__file__).parents[1] / "impls" / "contract_engine.py"


def test_every_contract_clause_is_broken_by_an_implementation_or_explained() -> None:
    contract = {cid for cid, clause in clauses().items() if clause.contract and clause.status == "active"}
    broken = {engine.clause for engine in CONTRACT.values()}
    assert broken <= contract
    assert set(CONTRACT_UNBREAKABLE) <= contract - broken
    assert contract - broken - set(CONTRACT_UNBREAKABLE) == set()


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_contract_engine_is_caught_by_a_case_citing_its_clause(name: str, tmp_path: Path, record_property) -> None:
    clause = CONTRACT[name].clause
    command = shlex.join([sys.executable, str(PROGRAM), name])
    code, report = run_check(tmp_path, ["--adapter-cmd", command], "--clause", clause)
    on_clause = [c["id"] for c in failures(report) if clause in c["clauses"]]
    record_property("generala_contract_engine", {"name": name, "caught": bool(on_clause), "on_clause": bool(on_clause)})
    assert code == 1 and on_clause, f"{name} (breaks {clause}) passed every case citing {clause}"
    assert report["implementation"]["name"] == "generala-kit reference"
