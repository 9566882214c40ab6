"""The dice suite's power: every deliberately broken dice engine (one clause broken
each, tests/dice/broken_engines.py) is caught by ``generala-kit check --game dice``,
by a case citing the very clause that was broken; the catch rate is printed in the
run summary (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_spec.rulebook import clauses

from tests.dice.broken_engines import BROKEN, UNBREAKABLE
from tests.test_broken_engines_suite import failures, run_check

ENGINES = Path(__file__).with_name("broken_engines.py")


def test_every_dice_clause_is_broken_by_an_engine_or_explained() -> None:
    active = set(clauses("dice"))
    broken = {engine.clause for engine in BROKEN.values()}
    assert broken <= active
    assert active - broken - set(UNBREAKABLE) == set(), "dice clauses neither broken nor explained"


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_dice_engine_is_caught_by_a_case_citing_its_clause(name: str, tmp_path: Path, record_property) -> None:
    clause = BROKEN[name].clause
    adapter = f"{ENGINES}:{name.replace('-', '_')}"
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", adapter], "--clause", clause, "-x")
    on_clause = [c["id"] for c in failures(report) if clause in c["clauses"]]
    record_property(
        "generala_broken_dice_engine", {"name": name, "caught": bool(on_clause), "on_clause": bool(on_clause)}
    )
    assert code == 1 and on_clause, f"{name} (breaks {clause}) passed every case citing {clause}"


def test_the_dice_reference_passes_the_whole_dice_suite(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice"])
    assert code == 0 and report["ok"]
    assert report["summary"]["pass"] == report["summary"]["total"] > 1500
