"""``generala-kit fuzz --game dice``: random dice games on the implementation and the
reference at once. The reference never diverges from itself; a broken engine does,
the same game for the same seed, and the fixture written for it fails on that
engine (citing the broken clause) and passes on the reference."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance.games.dice.fuzz import campaign, play
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter

from tests.dice.broken_engines import BROKEN
from tests.integration.test_broken_engines_suite import failures, run_check

ENGINES = Path(__file__).parents[1] / "dice" / "broken_engines.py"


def test_the_reference_never_diverges_from_itself() -> None:
    assert campaign(DiceReferenceAdapter(), seed=3, games=60) == []


@pytest.mark.parametrize("name", ["scores-twice", "one-roll-more", "no-wrap", "first-of-the-tied-wins"])
def test_a_broken_engine_diverges_and_the_same_seed_finds_the_same_game(name: str) -> None:
    """The first divergence of seed 0 within 300 games (the games of a seed are played one
    by one, each of its index alone: the campaign's first find, without playing on)."""
    engine = BROKEN[name].make()
    found = next((f for index in range(300) if (f := play(engine, 0, index)) is not None), None)
    assert found is not None, f"{name} survived 300 games"
    again = play(BROKEN[name].make(), 0, found.game)
    assert again is not None and (again.step, again.what) == (found.step, found.what)


def test_the_fuzz_command_writes_a_fixture_that_catches_the_engine(tmp_path: Path) -> None:
    engine = f"{ENGINES}:scores_twice"
    command = [sys.executable, "-m", "generala_conformance.cli", "fuzz", "--game", "dice", "--games", "200"]
    done = subprocess.run(
        [*command, "--adapter", engine, "--fixture-dir", str(tmp_path / "found")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1 and "divergence in dice game" in done.stdout, done.stdout + done.stderr
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", engine, "--cases", str(tmp_path / "found")])
    assert code == 1 and [c["attribution"]["clause"] for c in failures(report)] == ["D-SHEET-4"]
    code, report = run_check(tmp_path, ["--game", "dice", "--cases", str(tmp_path / "found")])
    assert code == 0


def test_the_fuzz_command_on_the_reference_finds_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "generala_conformance.cli", "fuzz", "--game", "dice", "--games", "50", "--seed", "9"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "fuzz --game dice: 50 games, 0 divergences" in done.stdout, done.stderr
