"""The dice game's feature suite: every scenario of ``scenarios/dice/features`` as
a case (:mod:`generala_conformance.core.features`), played by the step
definitions of :mod:`generala_conformance.games.dice.steps`."""

from __future__ import annotations

from generala_conformance.core.features import FeatureCase, load_cases
from generala_conformance.games.dice.steps import STEPS
from generala_scenarios import ROOT


def feature_cases() -> list[FeatureCase]:
    """Every scenario of the dice game's features, in file order."""
    return load_cases(ROOT / "dice" / "features", STEPS)
