"""Every deliberately broken engine (tests/broken_engines.py) is found by the fuzzer
within a bounded number of games, shrunk, and written as a YAML fixture that the
scenarios' loader accepts, that FAILS under the broken engine and PASSES under the
reference (run by the scenarios' own fixture runner, ``Case.run``) -- but for the engines
of ``OUT_OF_REACH`` (not found), each listed with its reason and checked to be still so."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance.games.cards.fixtures import load_file
from generala_conformance.games.cards.fuzz import campaign
from generala_conformance.games.cards.fuzz.differential import Mismatch, Settings
from generala_conformance.games.cards.fuzz.repro import fixture_case, fixture_yaml
from generala_conformance.games.cards.fuzz.shrink import shrink
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_spec.options import resolve

from tests.broken_engines import BROKEN, adapter_for, factory_for

GAMES = 400
"""The bound: each broken engine must show within this many games of campaign seed 0."""

TWO_OUT_TOGETHER = "both players of a two-player game going out in one trick is too rare in 400 games"
OUT_OF_REACH = {
    "two-player-tie-last-loses": TWO_OUT_TOGETHER,
    "two-player-tie-option-ignored": TWO_OUT_TOGETHER,
    "tie-break-option-ignored": "under tie-break=any-nearest, a tie whose nearest remaining player is not tied "
    "is too rare in 400 games",
    "no-loser-right-counts-eliminated": "under no-loser-dealer=right, a game with no loser dealt by a player whose "
    "right-hand seat is eliminated is too rare in 400 games",
}
"""Engines the fuzzer does not find within the bound (the feature suite catches them)."""


def first_divergence(name: str) -> campaign.Found:
    for chunk in campaign.run(factory_for(name), 0, range(GAMES), Settings()):
        if chunk.found:
            return chunk.found[0]
    pytest.fail(f"{name}: no divergence in {GAMES} games")


def found_and_written(name: str, tmp_path: Path) -> tuple[Path, Mismatch]:
    """Find the engine's first divergence, shrink it and write it as a fixture file."""
    found = first_divergence(name)
    trial, mismatch = shrink(factory_for(name), found.trial, found.mismatch)
    assert len(trial.steps) <= len(found.trial.steps)
    path = tmp_path / f"{name}.yaml"
    path.write_text(fixture_yaml([fixture_case(trial, mismatch, f"fuzz-{name}", BROKEN[name].clause)]), "utf-8")
    return path, mismatch


@pytest.mark.parametrize("name", sorted(set(BROKEN) - set(OUT_OF_REACH)))
def test_broken_engine_found_shrunk_and_fixture_fails_only_on_it(name: str, tmp_path: Path) -> None:
    clause = BROKEN[name].clause
    path, _ = found_and_written(name, tmp_path)
    (case,) = load_file(path)  # schema-valid, loads with the scenarios' own loader
    assert case.clauses == (clause,)
    rules = resolve("default", case.requires)
    case.run(ReferenceAdapter(), rules)
    with pytest.raises(Exception):  # noqa: B017 - a Divergence, or the broken engine's own crash
        case.run(adapter_for(name), rules)


@pytest.mark.parametrize("name", sorted(OUT_OF_REACH))
def test_engines_out_of_reach_are_still_out_of_reach(name: str) -> None:
    """Keeps OUT_OF_REACH honest: once the fuzzer finds one of them, it belongs in the test above."""
    assert not any(chunk.found for chunk in campaign.run(factory_for(name), 0, range(GAMES), Settings()))


def test_shrinking_reaches_small_positions() -> None:
    """Most in-game breakages shrink to a position with few steps and few cards."""
    small = 0
    for name in ("second-joker-wins", "take-joker", "tie-break-wrong-way", "out-winner-keeps-lead"):
        found = first_divergence(name)
        trial, _ = shrink(factory_for(name), found.trial, found.mismatch)
        position = trial.setup.get("position")
        cards = sum(len(h) for h in position["hands"]) if position else 54
        small += position is not None and len(trial.steps) <= 2 and cards <= 8
    assert small == 4
