"""The card game's feature suite: every scenario of ``scenarios/cards/features`` as
a case (:mod:`generala_conformance.core.features`), played by the step
definitions of :mod:`generala_conformance.games.cards.steps`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from generala_conformance.core.features import FeatureCase, load_cases
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.steps import STEPS
from generala_scenarios import CARDS


@dataclasses.dataclass(frozen=True)
class CardScenario(FeatureCase):
    """A scenario of the card game: a divergence names the clause the scenario cites
    when it cites one only (:meth:`Divergence.located`)."""

    def run(self, adapter: Any, rules: Mapping[str, str]) -> None:
        try:
            super().run(adapter, rules)
        except Divergence as exc:
            raise exc.located(exc.where, self.clauses) from None


def feature_cases() -> list[FeatureCase]:
    """Every scenario of the card game's features, in file order."""
    cases = load_cases(CARDS / "features", STEPS)
    return [CardScenario(**{f.name: getattr(case, f.name) for f in dataclasses.fields(case)}) for case in cases]
