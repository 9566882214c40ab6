"""The card game's feature suite: every scenario of ``scenarios/cards/features`` as
a case (:mod:`generala_conformance.core.features`), played by the step
definitions of :mod:`generala_conformance.games.cards.steps`."""

from __future__ import annotations

from generala_conformance.core.features import FeatureCase, load_cases
from generala_conformance.games.cards.steps import STEPS
from generala_scenarios import CARDS


def feature_cases() -> list[FeatureCase]:
    """Every scenario of the card game's features, in file order."""
    return load_cases(CARDS / "features", STEPS)
