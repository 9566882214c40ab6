"""The feature suite (``scenarios/cards/features``) against the reference engine.

Each scenario runs under every profile, with the rule options of its
``@option:NAME=VALUE`` tags on top.
"""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.feature_suite import *  # noqa: F403 - the scenarios and their steps
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_spec.options import profile_names, resolve
from pytest_bdd.scenario import scenario_wrapper_template_registry


@pytest.fixture
def generala_adapter() -> ReferenceAdapter:
    """The reference engine, holding no game."""
    return ReferenceAdapter()


@pytest.fixture(autouse=True, params=profile_names())
def profile(request: pytest.FixtureRequest) -> str:
    """Every scenario runs under each profile (autouse, so that it parametrizes)."""
    return str(request.param)


@pytest.fixture
def generala_rules(request: pytest.FixtureRequest, profile: str) -> dict[str, str]:
    """The profile with the scenario's ``@option:`` tags on top: a scenario without
    a tag for an option must hold under every reading of it."""
    tags = scenario_wrapper_template_registry[request.function].tags
    pairs = (t.removeprefix("option:").split("=", 1) for t in tags if t.startswith("option:"))
    return resolve(profile, dict(pairs))
