"""Drivers of the dice reference engine that play one house rule of the census
(spec/dice/census.yaml) whatever rules the kit sends: each either declares what it
plays in its hello, or declares the kit's default and is caught."""

from __future__ import annotations

from typing import Any

from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_reference.dice import DiceGame, PointTable

SERVED_BONUS = {"bonus-generala": 5, "bonus-double-generala": 5}
"""fervicente8/generala's served bonus of 5 on Generala and Double Generala (AMB-3)."""


class _Forced(DiceReferenceAdapter):
    """The reference playing ``option=value`` in every game and score request; its
    hello lists ``declared`` for that option."""

    option = "auto-win"
    value = "generala-or-double-open"
    declared = "generala-or-double-open"

    def _rules(self, fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "rules": {**(fields.get("rules") or {}), self.option: self.value}}

    def start(self, setup: Any) -> Any:
        return super().start(self._rules(setup) if isinstance(setup, dict) else setup)

    def score(self, request: Any) -> Any:
        return super().score(self._rules(request))

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        return {**hello, "options": {**hello["options"], self.option: [self.declared]}}


class WinWhileDoubleCanTakeIt(_Forced):
    """The PyPI package's intended automatic win (AMB-8), declared."""


class WinWhileDoubleCanTakeItDeclaringDefault(_Forced):
    """The same engine, declaring the kit's default reading of auto-win."""

    declared = "unless-scratched"


class ServedGeneralaBonus(DiceReferenceAdapter):
    """A served Generala or Double Generala earning 5, declared in its point table (D-SCORE-7)."""

    declares = True

    def __init__(self) -> None:
        table = PointTable.declared(SERVED_BONUS)
        super().__init__(
            game_class=lambda **kw: DiceGame(table=table, **kw),  # type: ignore[arg-type]
            scorer=lambda request, _=None: score_request(request, table),
        )

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        if not self.declares:
            return hello
        options = {
            k: v
            for k, v in hello["options"].items()
            if k not in ("generala-points", "double-generala-points", "first-roll-bonus")
        }
        return {**hello, "options": options, "points": SERVED_BONUS}


class ServedGeneralaBonusUndeclared(ServedGeneralaBonus):
    """The same engine, declaring no point table: the text's points are expected."""

    declares = False
