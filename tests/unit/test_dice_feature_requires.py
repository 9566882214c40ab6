"""The requirements of the dice features are derived, not chosen: each scenario's
``@option:`` tags are exactly the options whose other values change what it
expects, found by playing it on the reference under each value of each option
(one at a time, the others at its own values), as ``regenerate`` derives the
fixtures' ``requires``."""

from __future__ import annotations

import pytest
from generala_conformance.games.dice.feature_suite import feature_cases
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_spec.options import options, resolve

CASES = feature_cases()


def _holds(case, rules: dict[str, str]) -> bool:
    try:
        case.run(DiceReferenceAdapter(), rules)
    except AssertionError:
        return False
    return True


def derived(case) -> dict[str, str]:
    """The options the scenario's expectations depend on, with the values it is written for."""
    rules = {**resolve("default", spec="dice"), **case.requires}
    return {
        name: rules[name]
        for name, option in options("dice").items()
        if any(not _holds(case, {**rules, name: value}) for value in option.values if value != rules[name])
    }


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_scenario_requires_what_its_expectations_depend_on(case) -> None:
    assert dict(case.requires) == derived(case)
