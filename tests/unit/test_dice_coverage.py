"""The dice suite's coverage (part of CI): every clause and ambiguity of the dice
rulebook cited, every option value told apart from its other values by a case that
fails under them; the lint reports planted problems with file and line."""

from __future__ import annotations

from pathlib import Path

from generala_conformance.games.dice.cases import load_all
from generala_conformance.games.dice.coverage import check, distinguishing, fails_under
from generala_scenarios import ROOT
from generala_spec import rulebook
from generala_spec.options import options


def test_the_dice_suite_covers_the_dice_rulebook_without_problems() -> None:
    cov = check()
    assert [str(p) for p in cov.problems] == []
    assert set(cov.clauses) == set(rulebook.clauses("dice"))
    assert set(cov.ambiguities) == set(rulebook.ambiguities("dice"))
    assert {c: n for c, n in cov.clauses.items() if n < 2} == {}
    assert cov.scenarios >= 40 and cov.fixtures >= 1400


def test_every_option_value_has_a_case_that_fails_under_the_other_values() -> None:
    cases = load_all(ROOT / "dice" / "fixtures")
    found = distinguishing(cases)
    assert set(found) == {(n, v) for n, opt in options("dice").items() for v in opt.values}
    assert [key for key, case in found.items() if case is None] == []
    by_id = {case.id: case for case in cases}
    name, value = "straight", "plain"
    case = by_id[found[(name, value)]]
    assert not fails_under(case, name, value)  # it passes under its own value
    assert all(fails_under(case, name, other) for other in ("wrap", "any-five-distinct"))


BAD_FEATURE = """\
Feature: planted problems

  @id:bad/first @D-CAT-2 @D-NOPE-1 @AMB-99 @option:straight=curly
  Scenario: first
    Given the roll 1 2 3 4 5 on a later roll
    Then it flies in Straight

  Scenario: untagged
    Given a dice game of 2 players
    Then P1 is to play
"""

BAD_FIXTURE = """\
version: 1
cases:
- id: scoring/bad
  title: a clause that does not exist
  level: scoring
  clauses: [D-CAT-99]
  roll: {dice: "12345", roll: 2, thrown: 3}
  expect: {scores: {}, wins: false}
"""


def test_the_dice_lint_reports_planted_problems_with_file_and_line(tmp_path: Path) -> None:
    features, fixtures = tmp_path / "features", tmp_path / "fixtures"
    features.mkdir()
    fixtures.mkdir()
    (features / "bad.feature").write_text(BAD_FEATURE, "utf-8")
    (fixtures / "bad.yaml").write_text(BAD_FIXTURE, "utf-8")
    found = [str(p) for p in check(features, fixtures).problems]
    feature = features / "bad.feature"
    expected = [
        f"{feature}:4: cites clause D-NOPE-1, which spec/dice/clauses.yaml does not define",
        f"{feature}:4: cites ambiguity AMB-99, which the ambiguity register does not define",
        f"{feature}:4: rule option straight=curly does not exist (spec/dice/options.yaml)",
        f"{feature}:6: no step definition matches: Then it flies in Straight",
        f"{feature}:8: scenario 'untagged' has no stable id: add the tag @id:bad/untagged",
        f"{feature}:8: scenario 'untagged' cites no clause (@R-AREA-n)",
        f"{fixtures / 'bad.yaml'}:6: cases.0.clauses.0: clause D-CAT-99 is not defined in spec/dice/clauses.yaml",
    ]
    for line in expected:
        assert any(p.startswith(line) for p in found), f"{line!r} not reported; got {found}"
    assert any("clause D-TURN-1 is cited by no scenario or fixture" in p for p in found)
    assert any("option value rolls=four: no fixture case fails under its other values" in p for p in found)
