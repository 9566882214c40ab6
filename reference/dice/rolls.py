"""Rolls of five dice as counts: ``counts[f - 1]`` dice show face ``f`` (D-PLAY-3).

A roll is a multiset, so the order of the dice never matters; there are 252 of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement

from generala_reference.errors import InvalidInput

DICE = 5
FACES = 6

Counts = tuple[int, int, int, int, int, int]


def counts_of(dice: Iterable[int]) -> Counts:
    """The counts of ``dice`` (values 1-6, any number of them) (D-PLAY-3).

    >>> counts_of([4, 4, 4, 2, 6])
    (0, 1, 0, 3, 0, 1)
    """
    counts = [0] * FACES
    for die in dice:
        if type(die) is not int or not 1 <= die <= FACES:
            raise InvalidInput("bad-die", f"a die shows a whole number from 1 to 6, not {die!r}")
        counts[die - 1] += 1
    return tuple(counts)  # type: ignore[return-value]


def dice_of(counts: Counts) -> tuple[int, ...]:
    """The dice of ``counts``, in ascending order.

    >>> dice_of((0, 1, 0, 3, 0, 1))
    (2, 4, 4, 4, 6)
    """
    return tuple(face for face, count in enumerate(counts, start=1) for _ in range(count))


def contains(roll: Counts, part: Counts) -> bool:
    """Whether the multiset ``part`` is within ``roll`` (the dice kept, D-TURN-2)."""
    return all(p <= r for p, r in zip(part, roll, strict=True))


def add(first: Counts, second: Counts) -> Counts:
    """The union of two multisets of dice."""
    return tuple(a + b for a, b in zip(first, second, strict=True))  # type: ignore[return-value]


@cache
def sub_multisets(roll: Counts) -> tuple[Counts, ...]:
    """Every multiset within ``roll`` (at most 32 for five dice), smallest first."""
    found: list[Counts] = [(0, 0, 0, 0, 0, 0)]
    for index, count in enumerate(roll):
        found = [(*part[:index], kept, *part[index + 1 :]) for part in found for kept in range(count + 1)]  # type: ignore[misc]
    return tuple(sorted(found, key=sum))


ALL_ROLLS: tuple[Counts, ...] = tuple(
    counts_of(dice) for dice in combinations_with_replacement(range(1, FACES + 1), DICE)
)
"""All 252 rolls of five dice."""
