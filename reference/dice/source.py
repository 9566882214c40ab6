"""Where dice values come from: always the caller (D-PLAY-3), so that every game is
reproducible: a given sequence, or a generator with a seed."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from generala_reference.dice.rolls import FACES, counts_of
from generala_reference.errors import InvalidPosition


class DiceSource(Protocol):
    """Gives the values of ``n`` dice thrown; refuses without consuming anything."""

    def throw(self, n: int) -> tuple[int, ...]: ...


class SequenceDice:
    """The dice values of a given sequence, in order.

    >>> source = SequenceDice([6, 6, 1])
    >>> source.throw(2), source.remaining
    ((6, 6), 1)
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(values)
        counts_of(self._values)  # every value a die (bad-die)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many values are left."""
        return len(self._values) - self._next

    def throw(self, n: int) -> tuple[int, ...]:
        """The next ``n`` values; ``dice-exhausted`` (nothing consumed) if fewer are left."""
        if n > self.remaining:
            raise InvalidPosition("dice-exhausted", f"{n} dice thrown but only {self.remaining} values are left")
        values = self._values[self._next : self._next + n]
        self._next += n
        return values


class SeededDice:
    """Dice from a pseudo-random generator with a seed: the same seed, the same game.

    >>> SeededDice(7).throw(5) == SeededDice(7).throw(5)
    True
    """

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def throw(self, n: int) -> tuple[int, ...]:
        """``n`` values from 1 to 6."""
        return tuple(self._random.randint(1, FACES) for _ in range(n))
