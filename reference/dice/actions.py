"""The actions of a dice game and their text form.

``roll`` (the first roll of a turn, D-TURN-1), ``reroll 4 4 4`` (keep these dice and
throw the others, D-TURN-2; ``reroll`` alone throws all five), ``score fours``
(D-SHEET-2) and ``scratch generala`` (D-SHEET-3).

>>> parse_action("reroll 4 4 6")
Reroll(keep=(0, 0, 0, 2, 0, 1))
>>> format_action(Reroll((0, 0, 0, 2, 0, 1)))
'reroll 4 4 6'
"""

from __future__ import annotations

from dataclasses import dataclass

from generala_reference.dice.categories import Category
from generala_reference.dice.rolls import Counts, counts_of, dice_of
from generala_reference.errors import InvalidInput


@dataclass(frozen=True)
class Roll:
    """Throw all five dice: the first roll of a turn (D-TURN-1)."""


@dataclass(frozen=True)
class Reroll:
    """Keep the dice ``keep`` (counts) and throw the others again (D-TURN-2)."""

    keep: Counts


@dataclass(frozen=True)
class Score:
    """Score the last roll in ``category`` (a category name such as ``full-house``; D-SHEET-2)."""

    category: str


@dataclass(frozen=True)
class Scratch:
    """Scratch ``category`` (D-SHEET-3)."""

    category: str


Action = Roll | Reroll | Score | Scratch


def parse_action(text: str) -> Action:
    """The action written ``text``; :class:`InvalidInput` ``bad-action`` if it is none."""
    verb, *rest = text.split() or [""]
    if verb == "roll" and not rest:
        return Roll()
    if verb == "reroll":
        if not all(part.isdigit() for part in rest):
            raise InvalidInput("bad-action", f"{text!r}: reroll takes the values of the dice kept")
        return Reroll(counts_of(int(part) for part in rest))
    if verb in ("score", "scratch") and len(rest) == 1:
        return Score(rest[0]) if verb == "score" else Scratch(rest[0])
    raise InvalidInput("bad-action", f"{text!r} is not an action (roll, reroll KEPT..., score CAT, scratch CAT)")


def format_action(action: Action) -> str:
    """The text form of ``action`` (the inverse of :func:`parse_action`)."""
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, Reroll):
        return " ".join(["reroll", *map(str, dice_of(action.keep))])
    return f"{'score' if isinstance(action, Score) else 'scratch'} {action.category}"


def category_of(name: str, categories: tuple[Category, ...]) -> Category | None:
    """The category of this game named ``name``, or None."""
    return next((c for c in categories if c.value == name), None)
