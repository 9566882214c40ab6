"""The YAML fixtures against the reference engine, under every profile.

A case runs with its ``requires`` on top of each profile; a case that requires
nothing must hold under every profile (otherwise its ``requires`` is incomplete).
"""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.fixtures import Case, load_all
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_spec.options import profile_names, resolve

CASES = load_all()


@pytest.mark.parametrize("profile", profile_names())
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_holds_on_the_reference(case: Case, profile: str) -> None:
    case.run(ReferenceAdapter(), resolve(profile, case.requires))
