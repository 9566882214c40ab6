"""Coverage of the dice rulebook by the dice suite, and the suite's lint.

:func:`check` reads ``scenarios/dice/features/`` (the shared feature lint of
:mod:`generala_conformance.core.coverage`, with the dice steps and rulebook) and the
dice fixtures, and reports what each clause, ambiguity and option value is cited
by, with every problem located in its file. On top of the card suite's checks,
each value of each rule option must be *told apart*: some fixture case requiring it
fails on the reference engine under every other value of that option
(:func:`distinguishing`), so a reading that differs is always caught.
"""

from __future__ import annotations

from pathlib import Path

from generala_conformance.core.coverage import Coverage, _cite, _option, check_feature
from generala_conformance.games.dice.attribution import DiceDivergence
from generala_conformance.games.dice.cases import DiceCase, DiceFixtureError, load_all
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_conformance.games.dice.runner import run_case
from generala_conformance.games.dice.steps import STEPS
from generala_spec import rulebook
from generala_spec.options import options, resolve

SPEC = "dice"


def fails_under(case: DiceCase, name: str, value: str) -> bool:
    """Whether ``case`` fails on the reference engine with option ``name`` set to ``value``."""
    rules = {**resolve("default", spec=SPEC), **case.requires, name: value}
    try:
        run_case(case, DiceReferenceAdapter(), rules)
    except DiceDivergence:
        return True
    return False


def distinguishing(cases: list[DiceCase]) -> dict[tuple[str, str], str | None]:
    """For each option value, the first case requiring it that fails under every
    other value of its option (``None`` when there is none)."""
    found: dict[tuple[str, str], str | None] = {}
    for name, option in options(SPEC).items():
        for value in option.values:
            others = [v for v in option.values if v != value]
            found[(name, value)] = next(
                (
                    case.id
                    for case in cases
                    if case.requires.get(name) == value and all(fails_under(case, name, v) for v in others)
                ),
                None,
            )
    return found


def check(features: Path | None = None, fixtures: Path | None = None) -> Coverage:
    """The coverage of the dice suite (default: the kit's own) and its problems."""
    from generala_scenarios import ROOT

    features = features or ROOT / "dice" / "features"
    fixtures = fixtures or ROOT / "dice" / "fixtures"
    cov = Coverage()
    for path in sorted(features.rglob("*.feature")):
        check_feature(cov, path, SPEC, STEPS)
    try:
        cases = load_all(fixtures)
    except DiceFixtureError as error:
        cov.problem(error.path, error.line, f"{error.field or '(file)'}: {error.message}")
        cases = []
    for case in cases:
        cov.fixtures += 1
        path = Path(case.path)
        _cite(cov, path, case.line, [*case.clauses, *case.ambiguities], SPEC)
        for name, value in case.requires.items():
            _option(cov, path, case.line, name, value, SPEC)
    for clause in rulebook.clauses(SPEC):
        if not cov.clauses[clause]:
            cov.problem(features, 0, f"clause {clause} is cited by no scenario or fixture")
    for ambiguity in rulebook.ambiguities(SPEC):
        if not cov.ambiguities[ambiguity]:
            cov.problem(features, 0, f"ambiguity {ambiguity} is cited by no scenario or fixture")
    for (name, value), case_id in distinguishing(cases).items():
        if case_id is None:
            cov.problem(fixtures, 0, f"option value {name}={value}: no fixture case fails under its other values")
    return cov
