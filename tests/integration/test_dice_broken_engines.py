"""The dice suite's power: every deliberately broken dice engine (one clause broken
each, tests/dice/broken_engines.py) is caught by ``generala-kit check --game dice``,
by a case citing the very clause that was broken; the catch rate is printed in the
run summary (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_spec.rulebook import clauses

from tests.dice.broken_engines import BROKEN, UNBREAKABLE
from tests.integration.test_broken_engines_suite import failures, run_check

ENGINES = Path(__file__).parents[1] / "dice" / "broken_engines.py"


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


def _failed(tmp_path: Path, name: str) -> dict[str, tuple[str, list[str]]]:
    """The cases of the whole dice suite engine ``name`` fails: attributed clause and ambiguities."""
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{ENGINES}:{name.replace('-', '_')}"])
    assert code == 1
    return {c["id"]: (c["attribution"]["clause"], c["ambiguities"]) for c in failures(report)}


def test_a_one_read_as_any_missing_number_fails_the_one_for_two_case(tmp_path: Path) -> None:
    """D-CAT-3: a 1 stands for a 2 only (PT-14); the engine reading 1-1-2-4-5 as 3-1-2-4-5 fails
    exactly the case saying so, attributed to D-CAT-3."""
    assert _failed(tmp_path, "a-one-for-any-number") == {
        "03_categories/a-one-stands-for-a-two-only": ("D-CAT-3", ["AMB-13"])
    }


def test_variations_kept_apart_under_yes_fail_the_cases_of_the_combination_ruling(tmp_path: Path) -> None:
    """AMB-13: under straight-ace-for-two=yes the variations combine; the reading that keeps them
    apart fails the cases citing AMB-13 where a 1 stands for the 2 of a straight with a number missing."""
    rolls = [
        f"scoring/rolls/{dice}/number-zero={zero},straight=any-five-distinct,straight-ace-for-two=yes"
        for dice in ("11346", "11356", "11456")
        for zero in ("scratch", "score")
    ]
    failed = _failed(tmp_path, "variations-apart")
    assert sorted(failed) == sorted(["03_categories/the-straight-variations-combine", *rolls])
    assert {clause for clause, _ in failed.values()} == {"D-CAT-3"}
    assert all("AMB-13" in ambiguities for _, ambiguities in failed.values())


def test_the_dice_reference_passes_the_whole_dice_suite(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice"])
    assert code == 0 and report["ok"]
    assert report["summary"]["pass"] == report["summary"]["total"] > 1500
