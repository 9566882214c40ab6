"""The card game's coverage check (part of CI): its features and YAML fixtures
against its rulebook, with the lint of :mod:`generala_conformance.core.coverage`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from generala_conformance.core.coverage import Coverage, _cite, _option, check_feature
from generala_conformance.games.cards.fixtures import Case, FixtureError, fixture_files, load_file
from generala_conformance.games.cards.steps import STEPS
from generala_spec import rulebook
from generala_spec.folders import CARDS
from generala_spec.options import options

# ------------------------------------------------------------------- fixtures


def check_fixtures(cov: Coverage, paths: Iterable[Path]) -> None:
    """Validate the fixture files and count their citations."""
    first: dict[str, Case] = {}
    for path in paths:
        try:
            cases = load_file(path)
        except FixtureError as error:  # unknown clause, ambiguity and sentence IDs among them
            cov.problem(error.path, error.line, f"{error.field or '(file)'}: {error.message}")
            continue
        for case in cases:
            cov.fixtures += 1
            if case.id in first:
                cov.problem(case.path, case.line, f"id {case.id!r} is already used at {first[case.id].where}")
            first.setdefault(case.id, case)
            _cite(cov, case.path, case.line, [*case.clauses, *([case.ambiguity] if case.ambiguity else [])])
            for name, value in case.requires.items():
                _option(cov, case.path, case.line, name, value)


# --------------------------------------------------------------------- check


def check(features: Path | None = None, fixtures: Path | None = None) -> Coverage:
    """The coverage of the suite (default: the kit's own) and its problems."""
    from generala_scenarios import CARDS as SUITE

    features = features or SUITE / "features"
    cov = Coverage()
    for path in sorted(features.rglob("*.feature")):
        check_feature(cov, path, CARDS, STEPS)
    check_fixtures(cov, fixture_files(fixtures))
    anchor = features
    for clause in rulebook.clauses():
        if not cov.clauses[clause]:
            cov.problem(anchor, 0, f"clause {clause} is cited by no scenario or fixture")
    for name, opt in options().items():
        for value in opt.values:
            if not cov.option_values[(name, value)]:
                cov.problem(anchor, 0, f"option value {name}={value} is exercised by no case")
    return cov
