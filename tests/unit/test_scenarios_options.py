"""Every reading of every rule option has a worked example that holds under that
reading and FAILS under each other one (run against the reference engine)."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.fixtures import Case, load_all
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_spec.options import options, resolve

CASES = load_all()
READINGS = [(name, value) for name, opt in options().items() for value in opt.values]


def _fails_under(case: Case, name: str, other: str) -> bool:
    try:
        case.run(ReferenceAdapter(), resolve("default", {**case.requires, name: other}))
    except Divergence:
        return True
    return False


def _discriminates(case: Case, name: str, value: str) -> bool:
    others = [v for v in options()[name].values if v != value]
    return case.requires.get(name) == value and all(_fails_under(case, name, o) for o in others)


@pytest.mark.parametrize(("name", "value"), READINGS, ids=[f"{n}={v}" for n, v in READINGS])
def test_each_reading_has_a_case_that_only_it_passes(name: str, value: str) -> None:
    case = next((c for c in CASES if _discriminates(c, name, value)), None)
    assert case is not None, f"no fixture requires {name}={value} and fails under the other readings"
    case.run(ReferenceAdapter(), resolve("default", case.requires))
