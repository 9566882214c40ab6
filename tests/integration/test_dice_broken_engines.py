"""The dice suite's power: every deliberately broken dice engine (one clause broken
each, tests/dice/broken_engines.py) is caught by ``generala-kit check --game dice``,
by a case citing the very clause that was broken; the catch rate is printed in the
run summary (tests/conftest.py)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from generala_spec.rulebook import clauses

from tests.dice.broken_engines import BROKEN, PASSING, UNBREAKABLE
from tests.integration.test_broken_engines_suite import failures, run_check

Whole = Callable[[str], tuple[int, dict]]
"""The whole-suite run of a broken engine, by name (the ``whole`` fixture)."""

ENGINES = Path(__file__).parents[1] / "dice" / "broken_engines.py"


def test_every_dice_clause_is_broken_by_an_engine_or_explained() -> None:
    active = set(clauses("dice"))
    broken = {engine.clause for engine in BROKEN.values()}
    assert broken <= active
    assert active - broken - set(UNBREAKABLE) == set(), "dice clauses neither broken nor explained"


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Whole:
    """``check --game dice`` of the whole suite on the broken engine ``name``: its exit
    code and JSON report, each engine run once a module (several tests read one run)."""
    runs: dict[str, tuple[int, dict]] = {}

    def run(name: str) -> tuple[int, dict]:
        if name not in runs:
            runs[name] = run_check(tmp_path_factory.mktemp(name), ["--game", "dice", "--adapter", _adapter(name)])
        return runs[name]

    return run


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_dice_engine_is_caught_by_a_case_citing_its_clause_named_first(
    name: str, whole: Whole, record_property
) -> None:
    """A case citing the broken clause fails, and the clause most failures are attributed
    to (the roll-up's first) is the one the engine breaks."""
    clause = BROKEN[name].clause
    code, report = whole(name)
    on_clause = [c["id"] for c in failures(report) if clause in c["clauses"]]
    record_property(
        "generala_broken_dice_engine", {"name": name, "caught": bool(on_clause), "on_clause": bool(on_clause)}
    )
    assert code == 1 and on_clause, f"{name} (breaks {clause}) passed every case citing {clause}"
    assert report["summary"]["error"] == 0
    assert [row["clause"] for row in report["rollup"]][:1] == [clause], report["rollup"]


def _failed(whole: Whole, name: str) -> dict[str, tuple[str, list[str]]]:
    """The cases of the whole dice suite engine ``name`` fails: attributed clause and ambiguities."""
    code, report = whole(name)
    assert code == 1
    return {c["id"]: (c["attribution"]["clause"], c["ambiguities"]) for c in failures(report)}


def test_a_one_read_as_any_missing_number_fails_the_one_for_two_case(whole: Whole) -> None:
    """D-CAT-3: a 1 stands for a 2 only (PT-14); the engine reading 1-1-2-4-5 as 3-1-2-4-5 fails
    exactly the case saying so, attributed to D-CAT-3."""
    assert _failed(whole, "a-one-for-any-number") == {
        "03_categories/a-one-stands-for-a-two-only": ("D-CAT-3", ["AMB-13"])
    }


def test_variations_kept_apart_under_yes_fail_the_cases_of_the_combination_ruling(
    whole: Whole,
) -> None:
    """AMB-13: under straight-ace-for-two=yes the variations combine; the reading that keeps them
    apart fails the cases citing AMB-13 where a 1 stands for the 2 of a straight with a number missing."""
    rolls = [
        f"scoring/rolls/{dice}/number-zero={zero},straight=any-five-distinct,straight-ace-for-two=yes"
        for dice in ("11346", "11356", "11456")
        for zero in ("scratch", "score")
    ]
    failed = _failed(whole, "variations-apart")
    assert sorted(failed) == sorted(["03_categories/the-straight-variations-combine", *rolls])
    assert {clause for clause, _ in failed.values()} == {"D-CAT-3"}
    assert all("AMB-13" in ambiguities for _, ambiguities in failed.values())


def test_the_dice_reference_passes_the_whole_dice_suite(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice"])
    assert code == 0 and report["ok"]
    assert report["summary"]["pass"] == report["summary"]["total"] > 1500


ONE_PLAYER = 'one-player games not declared (the hello lacks "one_player_games": true)'


def _served(name: str) -> list[str]:
    """``check``'s arguments for engine ``name`` played through ``serve`` (the protocol)."""
    serve = shlex.join(
        [sys.executable, "-m", "generala_conformance.cli", "serve", "--game", "dice", "--adapter", _adapter(name)]
    )
    return ["--game", "dice", "--adapter-cmd", serve]


def _adapter(name: str) -> str:
    return f"{ENGINES}:{name.replace('-', '_')}"


@pytest.mark.parametrize("how", ["in-process", "serve"])
@pytest.mark.parametrize("name", sorted(PASSING))
def test_an_engine_holding_to_its_hello_passes(name: str, how: str, tmp_path: Path) -> None:
    """Refusing one-player games without declaring them (AMB-12), or disclaiming reason
    codes and sending wrong ones: the whole suite passes, nothing errs."""
    implementation = ["--game", "dice", "--adapter", _adapter(name)] if how == "in-process" else _served(name)
    code, report = run_check(tmp_path, implementation)
    assert code == 0 and report["summary"]["error"] == 0 and report["summary"]["fail"] == 0
    skips = {s["reason"]: s["count"] for s in report["skips"]}
    if name == "two-or-more":
        one_player = [c["id"] for c in report["cases"] if c["outcome"] == "skip"]
        assert skips == {ONE_PLAYER: len(one_player)} and "game/whole/one-player" in one_player
    else:
        assert skips == {}


@pytest.mark.parametrize("how", ["in-process", "serve"])
@pytest.mark.parametrize("name", ["says-no-code", "says-another-code", "one-player-refused"])
def test_an_engine_breaking_its_hello_fails_naming_the_clause(name: str, how: str, tmp_path: Path) -> None:
    """Claiming reason codes and sending none (or another), or declaring one-player games
    and refusing them: failures (never errors) naming the clause the code or the game enforces."""
    implementation = ["--game", "dice", "--adapter", _adapter(name)] if how == "in-process" else _served(name)
    code, report = run_check(tmp_path, implementation)
    assert code == 1 and report["summary"]["error"] == 0
    assert report["rollup"][0]["clause"] == BROKEN[name].clause


def test_a_closed_category_scored_again_is_attributed_to_the_sheet_clause(
    whole: Whole,
) -> None:
    """With one-player games refused (undeclared), every failure of an engine scoring a
    category twice is blamed on D-SHEET-4, none on a category's clause (D-CAT-*)."""
    failed = _failed(whole, "two-or-more-scores-twice")
    assert failed and {clause for clause, _ in failed.values()} == {"D-SHEET-4"}
    assert "game/players/a-scored-category-is-closed-in-a-game-of-two" in failed


def test_a_winning_generala_written_on_the_sheet_is_attributed_to_the_first_roll_clause(
    whole: Whole,
) -> None:
    """Points written for a winning first-roll Generala break D-FIRST-3 (the turn ends
    without a score), not D-END-3 (who wins)."""
    failed = _failed(whole, "writes-the-winning-generala")
    assert failed and {clause for clause, _ in failed.values()} == {"D-FIRST-3"}


def test_a_winner_by_a_chain_of_pairwise_comparisons_fails_the_games_won_at_every_seat(
    whole: Whole,
) -> None:
    failed = _failed(whole, "chained-winner")
    assert {"game/whole/three-players-won-by-p1", "game/whole/four-players-won-by-p1"} <= set(failed)
    assert {clause for clause, _ in failed.values()} == {"D-END-2"}
