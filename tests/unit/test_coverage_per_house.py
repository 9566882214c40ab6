"""Coverage per house (issue 44, item 3): the generated page ``docs/coverage.md`` is
the committed one, a case counts under a house when the house has every value it
requires, and the goal — under every profile and single option value of both
games, every clause not switched off keeps a case — holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.core.houses import Cited, counts, gaps, houses, runs_under
from generala_conformance.suite import coverage_page
from generala_spec.options import resolve

PAGE = Path(__file__).resolve().parents[2] / "docs" / "coverage.md"


@pytest.fixture(scope="module")
def page() -> str:
    return coverage_page.page()


def test_the_committed_page_is_the_generated_one(page: str) -> None:
    assert PAGE.read_text("utf-8") == page, f"regenerate it: {coverage_page.COMMAND}"


def test_a_case_runs_under_a_house_having_every_value_it_requires() -> None:
    chosen = resolve("no-double", spec="dice")
    assert runs_under({}, chosen) and runs_under({"double-generala": "off"}, chosen)
    assert not runs_under({"double-generala": "off", "rolls": "four"}, chosen)
    cases = [Cited(["D-CAT-7", "D-SCORE-6"], {"double-generala": "after-generala"}), Cited(["D-CAT-6"], {})]
    table = counts(cases, chosen, "dice")
    assert table["D-CAT-6"] == 1 and table["D-CAT-7"] == 0 and table["D-PLAY-1"] == 0
    left = gaps(cases, "dice")
    assert ("profile no-double", "D-CAT-6") not in left and ("profile no-double", "D-CAT-7") not in left  # off
    assert ("profile default", "D-PLAY-1") in left and ("profile default", "D-CAT-7") not in left


def test_the_page_shows_every_house_and_marks_switched_off_clauses(page: str) -> None:
    names = [h.name.removeprefix("profile ") for h in houses("dice")]
    assert all(f" {name} " in page for name in names)
    profiles = page[page.index("## dice") :]
    header = next(line for line in profiles.splitlines() if line.startswith("| clause | default"))
    no_double = header.split(" | ").index("no-double")
    score_6 = next(line for line in profiles.splitlines() if line.startswith("| D-SCORE-6 |"))
    assert score_6.split(" | ")[no_double].strip(" |") == "off"


@pytest.mark.parametrize("game", coverage_page.GAMES)
def test_every_clause_keeps_a_case_under_every_house(game: str) -> None:
    left = gaps(coverage_page.cited(game), games.get(game).spec)
    assert left == [], "clauses left without a case: " + ", ".join(f"{c} under {h}" for h, c in left)
