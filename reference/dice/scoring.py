"""Which categories a roll qualifies for, and how many points it scores there.

Qualification (may the roll be scored in a category?) depends on the rules and,
for Double Generala, on the player's Generala; points depend on the point table
and on whether the roll is a first roll. The two are kept apart (D-SCORE-7).

>>> from generala_reference.dice.categories import CATEGORIES
>>> rules = DiceRules.of()
>>> roll = counts_of([3, 3, 3, 3, 3])
>>> [c.value for c in CATEGORIES if qualifies(c, roll, rules)]
['threes', 'four-of-a-kind', 'generala']
>>> points(Category.FOUR_OF_A_KIND, roll, PointTable(), first_roll=True)
45
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from generala_reference.dice.categories import Category
from generala_reference.dice.rolls import Counts, counts_of
from generala_reference.dice.rules import DiceRules, PointTable


class Mark(Enum):
    """What a category of a sheet holds: nothing yet, a score, or a scratch (D-SHEET-3)."""

    OPEN = "open"
    SCORED = "scored"
    SCRATCHED = "scratched"


_PLAIN = frozenset({counts_of([1, 2, 3, 4, 5]), counts_of([2, 3, 4, 5, 6])})
_WRAP = _PLAIN | {counts_of([3, 4, 5, 6, 1])}


def _plain_straight(counts: Counts, straight: str) -> bool:
    """D-CAT-2: 1-2-3-4-5 and 2-3-4-5-6; the wrap 3-4-5-6-1; or any five different values."""
    if straight == "any-five-distinct":
        return max(counts) == 1
    return counts in (_WRAP if straight == "wrap" else _PLAIN)


def is_straight(counts: Counts, straight: str, ace_for_two: str) -> bool:
    """Whether ``counts`` is a Straight under the options straight and
    straight-ace-for-two (D-CAT-2, D-CAT-3: a 1 read as a 2, never as another
    number; ``alone``, AMB-13: only into 1-2-3-4-5 or 2-3-4-5-6)."""
    if _plain_straight(counts, straight):
        return True
    if ace_for_two == "no" or counts[0] == 0:
        return False
    read = (counts[0] - 1, counts[1] + 1, *counts[2:])
    return _plain_straight(read, "plain" if ace_for_two == "alone" else straight)


@cache
def _hands(counts: Counts, straight: str, ace_for_two: str, five_is_full: bool, five_is_four: bool) -> int:
    most = max(counts)
    found = 0
    if is_straight(counts, straight, ace_for_two):  # D-CAT-2, D-CAT-3
        found |= Category.STRAIGHT.bit
    if sorted(c for c in counts if c) == [2, 3] or (most == 5 and five_is_full):  # D-CAT-4
        found |= Category.FULL_HOUSE.bit
    if most == 4 or (most == 5 and five_is_four):  # D-CAT-5
        found |= Category.FOUR_OF_A_KIND.bit
    if most == 5:  # D-CAT-6
        found |= Category.GENERALA.bit
    return found


def hands(counts: Counts, rules: DiceRules) -> int:
    """The bitmask of Straight, Full House, Four of a kind and Generala that
    ``counts`` qualifies for under ``rules`` (Double Generala is :func:`qualifies`')."""
    return _hands(counts, rules.straight, rules.ace_for_two, rules.five_is_full, rules.five_is_four)


def double_generala_open_to(generala: Mark, rules: DiceRules) -> bool:
    """Whether a five of a kind may go in Double Generala, given the player's
    Generala (D-CAT-7, rule option double-generala)."""
    if rules.double_generala == "after-generala":
        return generala is Mark.SCORED
    return rules.double_generala == "after-generala-closed" and generala is not Mark.OPEN


def qualifies(category: Category, counts: Counts, rules: DiceRules, generala: Mark = Mark.OPEN) -> bool:
    """Whether the roll ``counts`` may be scored in ``category`` (D-CAT-1 to D-CAT-7);
    ``generala`` is what the player's Generala holds (it matters for Double Generala).
    A category not in the game (Double Generala when it is off) qualifies nothing."""
    face = category.number
    if face is not None:  # D-CAT-1, rule option number-zero
        return counts[face - 1] > 0 or rules.number_zero_scores
    if category is Category.DOUBLE_GENERALA:
        return max(counts) == 5 and double_generala_open_to(generala, rules)
    return bool(hands(counts, rules) & category.bit)


def wins_automatically(counts: Counts, rules: DiceRules, generala: Mark, double: Mark) -> bool:
    """Whether a five of a kind made on a first roll wins at once, given the player's
    Generala and Double Generala (D-FIRST-3, D-FIRST-4, rule option auto-win)."""
    if max(counts) != 5 or rules.auto_win == "never":
        return False
    if rules.auto_win == "unless-scratched":
        return generala is not Mark.SCRATCHED
    if generala is Mark.OPEN:
        return True
    return (
        rules.auto_win == "generala-or-double-open"
        and double is Mark.OPEN
        and qualifies(Category.DOUBLE_GENERALA, counts, rules, generala)
    )


def points(category: Category, counts: Counts, table: PointTable, first_roll: bool) -> int:
    """The points ``counts`` scores in ``category`` when it qualifies: the sum of the
    matching dice for a number (D-SCORE-1), else the table's value (D-SCORE-2 to
    D-SCORE-7) with the bonus of a hand from a first roll (D-FIRST-1)."""
    face = category.number
    if face is not None:
        return face * counts[face - 1]
    bonus = table.bonus(category) if first_roll else 0
    return table.fixed(category) + bonus


def score_roll(
    counts: Counts,
    rules: DiceRules,
    table: PointTable | None = None,
    *,
    first_roll: bool = False,
    generala: Mark = Mark.OPEN,
) -> dict[Category, int | None]:
    """For every category of the game, the points ``counts`` would score there, or
    None where it does not qualify (the scoring level of the kit)."""
    table = table or PointTable.of(rules)
    return {
        category: points(category, counts, table, first_roll) if qualifies(category, counts, rules, generala) else None
        for category in rules.categories
    }
