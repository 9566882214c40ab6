"""The dice game's feature suite as pytest tests: every scenario of
``scenarios/dice/features`` bound to :mod:`generala_conformance.games.dice.steps`
(collected by the pytest plugin under ``--generala-game dice``)."""

from __future__ import annotations

from generala_conformance.games.dice.steps import *  # noqa: F403 - the step fixtures pytest-bdd looks up
from generala_conformance.suite.feature_cache import preload
from generala_scenarios import ROOT
from pytest_bdd import scenarios

preload(ROOT / "dice" / "features")  # parsed once per content (the cache), not at every collection
scenarios(str(ROOT / "dice" / "features"))
