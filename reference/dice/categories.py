"""The categories of the score sheet (D-SHEET-1), in sheet order."""

from __future__ import annotations

from enum import Enum


class Category(Enum):
    """One category of the score sheet; its value is its name in the protocol."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    STRAIGHT = "straight"
    FULL_HOUSE = "full-house"
    FOUR_OF_A_KIND = "four-of-a-kind"
    GENERALA = "generala"
    DOUBLE_GENERALA = "double-generala"

    @property
    def number(self) -> int | None:
        """The face a number category counts (Ones -> 1), or None (D-CAT-1)."""
        return _NUMBERS.get(self)

    @property
    def bit(self) -> int:
        """This category's bit in a category bitmask."""
        return 1 << CATEGORIES.index(self)

    @classmethod
    def parse(cls, name: str) -> Category:
        """The category named ``name`` (``full-house``); ValueError if there is none."""
        return cls(name)


CATEGORIES: tuple[Category, ...] = tuple(Category)
"""Every category, in sheet order (D-SHEET-1)."""

NUMBERS: tuple[Category, ...] = CATEGORIES[:6]
"""Ones to Sixes."""

_NUMBERS = {category: face for face, category in enumerate(NUMBERS, start=1)}

HANDS: tuple[Category, ...] = (Category.STRAIGHT, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
"""The three hands that earn the first-roll bonus (D-FIRST-1)."""
