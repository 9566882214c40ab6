"""The feature suite as pytest tests: every scenario of ``scenarios/cards/features``
bound to the step definitions of :mod:`generala_conformance.games.cards.steps`.

The pytest plugin collects this module; it needs the fixtures
``generala_adapter`` (an :class:`~generala_conformance.transport.adapter.Adapter` holding no
game) and ``generala_rules`` (the rule options of the scenario, from its
``@option:NAME=VALUE`` tags and the chosen profile).
"""

from __future__ import annotations

from generala_conformance.games.cards.steps import *  # noqa: F403 - the step fixtures pytest-bdd looks up
from generala_conformance.suite.feature_cache import preload
from generala_scenarios import CARDS
from pytest_bdd import scenarios

FEATURES = CARDS / "features"

preload(FEATURES)  # parsed once per content (the cache), not at every collection
scenarios(str(FEATURES))
