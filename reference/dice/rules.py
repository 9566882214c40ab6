"""The rule options a dice game is played under, and its point table.

The option names and values come from ``spec/dice/options.yaml`` through
:mod:`generala_spec.options`; this module turns them into fast fields.

>>> DiceRules.of("pt").max_rolls
4
>>> DiceRules.of(overrides={"straight": "plain"}).straight
'plain'
>>> PointTable.of(DiceRules.of("every-variation")).generala
60
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, cast

from generala_reference.dice.categories import CATEGORIES, HANDS, Category
from generala_reference.errors import InvalidPosition
from generala_spec.options import UnknownOption, resolve

SPEC = "dice"

BONUS_CATEGORIES = (*HANDS, Category.GENERALA, Category.DOUBLE_GENERALA)
"""The categories a point table gives a first-roll bonus (0 for Generala's two by default)."""
"""The rulebook folder of the dice game in generala_spec."""


class DiceRules:
    """An immutable, complete assignment of every dice rule option."""

    __slots__ = (
        "ace_for_two",
        "auto_win",
        "auto_win_round_end",
        "double_generala",
        "first_roll_all_five",
        "five_is_four",
        "five_is_full",
        "max_rolls",
        "number_zero_scores",
        "options",
        "profile",
        "straight",
    )

    def __init__(self, options: Mapping[str, str], profile: str = "default") -> None:
        self.options = MappingProxyType(dict(options))
        self.profile = profile
        self.max_rolls = 4 if options["rolls"] == "four" else 3  # D-TURN-3
        self.straight = options["straight"]  # D-CAT-2
        self.ace_for_two = options["straight-ace-for-two"]  # D-CAT-3, AMB-13: no, yes or alone
        self.five_is_full = options["full-house-five"] == "yes"  # D-CAT-4
        self.five_is_four = options["four-of-a-kind-five"] == "yes"  # D-CAT-5
        self.double_generala = options["double-generala"]  # D-CAT-7
        self.number_zero_scores = options["number-zero"] == "score"  # D-CAT-1
        self.first_roll_all_five = options["first-roll"] == "all-five"  # D-FIRST-2
        self.auto_win = options["auto-win"]  # D-FIRST-3
        self.auto_win_round_end = options["auto-win-end"] == "round-end"  # D-FIRST-5

    @classmethod
    def of(cls, profile: str = "default", overrides: Mapping[str, str] | None = None) -> DiceRules:
        """The rules of ``profile`` (``default``, ``pt``, ``exact-hands``, ...) with ``overrides`` on top.

        Raises :class:`InvalidPosition` with code ``unknown-profile``, ``unknown-option``
        or ``unknown-option-value``.
        """
        try:
            return cls(resolve(profile, overrides, spec=SPEC), profile)
        except UnknownOption as exc:
            raise InvalidPosition(exc.code, str(exc)) from None

    @property
    def categories(self) -> tuple[Category, ...]:
        """The categories of the sheet: Double Generala only when it is in the game (D-SHEET-1)."""
        if self.double_generala == "off":
            return CATEGORIES[:-1]
        return CATEGORIES

    def __deepcopy__(self, memo: dict[int, Any]) -> DiceRules:
        return self  # immutable

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceRules) and self.options == other.options

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.options.items())))

    def __repr__(self) -> str:
        return f"DiceRules.of({self.profile!r}, {dict(self.options)!r})"


@dataclass(frozen=True)
class PointTable:
    """The points of the five fixed-value categories and the first-roll bonus of each
    hand (D-SCORE-2 to D-SCORE-7, D-FIRST-1). Number categories always score the sum
    of their dice (D-SCORE-1); a point table never changes which category a roll
    qualifies for."""

    straight: int = 20
    full_house: int = 30
    four_of_a_kind: int = 40
    generala: int = 50
    double_generala: int = 100
    bonus_straight: int = 5
    bonus_full_house: int = 5
    bonus_four_of_a_kind: int = 5
    bonus_generala: int = 0
    bonus_double_generala: int = 0

    @classmethod
    def of(cls, rules: DiceRules) -> PointTable:
        """The table the rule options give (generala-points, double-generala-points,
        first-roll-bonus; D-SCORE-5, D-SCORE-6, D-FIRST-1); Generala earns no bonus."""
        bonus = int(rules.options["first-roll-bonus"])
        return cls(
            generala=int(rules.options["generala-points"]),
            double_generala=int(rules.options["double-generala-points"]),
            bonus_straight=bonus,
            bonus_full_house=bonus,
            bonus_four_of_a_kind=bonus,
        )

    @classmethod
    def declared(cls, table: Mapping[str, object]) -> PointTable:
        """The table an implementation declares (D-SCORE-7): keys as in
        ``spec/dice/options.yaml`` (``straight``, ``bonus-full-house``, ...), each a whole
        number of points at least 0; a key left out keeps the text's value.

        >>> PointTable.declared({"straight": 30, "bonus-straight": 10}).straight
        30
        """
        known = {f.name.replace("_", "-"): f.name for f in fields(cls)}
        unknown = sorted(set(table) - set(known))
        if unknown:
            raise InvalidPosition("bad-point-table", f"unknown point table keys {unknown}; known: {sorted(known)}")
        for key, value in table.items():
            if type(value) is not int or value < 0:
                raise InvalidPosition("bad-point-table", f"point table {key!r}: a whole number >= 0, not {value!r}")
        return cls(**{known[key]: value for key, value in table.items()})  # type: ignore[arg-type]

    def fixed(self, category: Category) -> int:
        """The points of a fixed-value category (not Ones to Sixes)."""
        return cast(int, getattr(self, category.name.lower()))

    def bonus(self, category: Category) -> int:
        """The first-roll bonus of ``category``: its own for the three hands and, by a
        declared table, Generala and Double Generala; else 0 (D-FIRST-1, D-SCORE-7, AMB-3)."""
        if category not in BONUS_CATEGORIES:
            return 0
        return cast(int, getattr(self, f"bonus_{category.name.lower()}"))
