"""The coverage check of the suite (part of CI): every clause cited at least twice,
every ambiguity and every option value exercised, and no lint problem; the lint
itself reports planted problems with file and line."""

from __future__ import annotations

from pathlib import Path

from generala_conformance.games.cards.coverage import check
from generala_spec import rulebook
from generala_spec.options import options


def test_the_kit_suite_covers_the_rulebook_without_problems() -> None:
    cov = check()
    assert [str(p) for p in cov.problems] == []
    assert {c: n for c, n in cov.clauses.items() if n < 2} == {}
    assert set(cov.clauses) == set(rulebook.clauses())
    assert set(cov.ambiguities) == set(rulebook.ambiguities())
    assert set(cov.option_values) == {(n, v) for n, opt in options().items() for v in opt.values}
    assert cov.scenarios >= 100 and cov.fixtures >= 300


BAD_FEATURE = """\
Feature: planted problems

  @id:bad/twice @R-FOLLOW-2
  Scenario: twice
    Given a 3-player table where P1 leads:
      | P1 | 8H |
      | P2 | 9H |
    Then P2 is to move

  @id:bad/twice @R-FOLLOW-2 @R-NOPE-1 @AMB-99 @option:tie-break=sideways @slow
  Scenario: twice
    Given a 3-player table where P1 leads:
      | P1 | 8H |
    When P1 shuffles the deck

  Scenario: untagged
    Given P1 deals a 4-player game from the canonical deck
    Then P2 is to move

  @id:bad/twice @R-FOLLOW-2
  Scenario: another name, the same id
    Given P1 deals a 4-player game from the canonical deck
    Then P2 is to move
"""

BAD_FIXTURE = """\
version: 1
cases:
- id: with-bad-source
  title: a source that is no sentence
  clauses: [R-FOLLOW-2]
  sources: [FR-99]
  position: {players: 2, leader: P1, hands: {P1: 8H, P2: 9H}}
  steps:
  - {do: P1 8H}
- id: second
  title: schema violation
  clauses: [R-FOLLOW-2]
  sources: [FR-9]
  position: {players: 2, leader: P1, hands: {P1: 8H, P2: 9H}}
  steps:
  - {do: P1 8H, events: [tric P1]}
"""


def test_the_lint_reports_planted_problems_with_file_and_line(tmp_path: Path) -> None:
    features, fixtures = tmp_path / "features", tmp_path / "fixtures"
    features.mkdir()
    fixtures.mkdir()
    (features / "bad.feature").write_text(BAD_FEATURE, "utf-8")
    (fixtures / "good.yaml").write_text(BAD_FIXTURE.split("- id: second")[0], "utf-8")
    (fixtures / "bad.yaml").write_text(BAD_FIXTURE, "utf-8")
    found = [str(p) for p in check(features, fixtures).problems]
    feature, good, bad = features / "bad.feature", fixtures / "good.yaml", fixtures / "bad.yaml"
    expected = [
        f"{feature}:11: scenario name 'twice' is already used at line 4",
        f"{feature}:11: cites clause R-NOPE-1, which spec/cards/clauses.yaml does not define",
        f"{feature}:11: cites ambiguity AMB-99, which the ambiguity register does not define",
        f"{feature}:11: rule option tie-break=sideways does not exist (spec/cards/options.yaml)",
        f"{feature}:11: unknown tag @slow (use @R-AREA-n, @AMB-n, @option:NAME=VALUE or @id:STEM/SLUG)",
        f"{feature}:21: scenario id 'bad/twice' is already used at {feature}:4",
        f"{feature}:16: scenario 'untagged' has no stable id: add the tag @id:bad/untagged",
        f"{feature}:14: no step definition matches: When P1 shuffles the deck",
        f"{feature}:16: scenario 'untagged' cites no clause (@R-AREA-n)",
        f"{bad}:16: cases.1.steps.0.events.0",
        f"{good}:6: cases.0.sources.0: source FR-99 is not a sentence of the source texts",
    ]
    for line in expected:
        assert any(p.startswith(line) for p in found), f"{line!r} not reported; got {found}"
    assert any("clause R-MAT-1 is cited by no scenario or fixture" in p for p in found)
    assert any("option value first-lead=free is exercised by no case" in p for p in found)
