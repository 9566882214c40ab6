"""Dice implementations that differ from the reference in what they declare, not in
their rules: a scoring library (the scoring level only), an implementation with a
point table of its own, and one that declares a table it does not use."""

from __future__ import annotations

from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_reference.dice import DiceGame, PointTable

TABLE = {"straight": 25, "full-house": 35, "four-of-a-kind": 45, "generala": 80, "bonus-straight": 10}


class ScoringOnly(DiceReferenceAdapter):
    """A scoring library: the scoring level only."""

    def hello(self) -> dict:
        return {**super().hello(), "levels": ["scoring"]}


class OwnTable(DiceReferenceAdapter):
    """An implementation with a point table of its own, declared in its hello."""

    def __init__(self) -> None:
        table = PointTable.declared(TABLE)
        super().__init__(
            game_class=lambda **kw: DiceGame(table=table, **kw),  # type: ignore[arg-type]
            scorer=lambda request, _=None: score_request(request, table),
        )

    def hello(self) -> dict:
        hello = super().hello()
        for name in ("generala-points", "double-generala-points", "first-roll-bonus"):
            del hello["options"][name]
        return {**hello, "points": TABLE}


class TableIgnored(OwnTable):
    """Declares the table above, but scores the text's points."""

    def __init__(self) -> None:
        DiceReferenceAdapter.__init__(self)
