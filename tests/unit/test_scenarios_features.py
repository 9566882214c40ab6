"""The feature suites (``scenarios/cards/features``, ``scenarios/dice/features``) against the reference engines.

Each scenario runs under every profile, with the rule options of its
``@option:NAME=VALUE`` tags on top: a scenario without a tag for an option must
hold under every reading of it.
"""

from __future__ import annotations

import pytest
from generala_conformance import games
from generala_conformance.core.features import FeatureCase
from generala_conformance.games.cards.feature_suite import feature_cases
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_spec.options import profile_names, resolve

CASES = feature_cases()


def test_every_feature_file_gives_scenarios() -> None:
    assert len(CASES) > 150 and len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("profile", profile_names())
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_reference_plays_every_scenario_under_every_profile(case: FeatureCase, profile: str) -> None:
    case.run(ReferenceAdapter(), resolve(profile, dict(case.requires)))


DICE_CASES = list(games.get("dice").feature_cases())


@pytest.mark.parametrize("profile", profile_names("dice"))
@pytest.mark.parametrize("case", DICE_CASES, ids=[case.id for case in DICE_CASES])
def test_the_dice_reference_plays_every_scenario_under_every_profile(case: FeatureCase, profile: str) -> None:
    """The dice scenarios too name every option their expectations depend on."""
    case.run(DiceReferenceAdapter(), resolve(profile, dict(case.requires), spec="dice"))
