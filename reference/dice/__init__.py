"""generala_reference.dice — the reference engine of Generala, the dice game.

An executable rulebook of ``spec/dice/``: every function cites the clause
(``D-…``) it implements. Dice values always come from the caller (a given
sequence or a seeded generator), so that every game is reproducible.

>>> from generala_reference.dice import DiceGame, DiceRules, Roll, Score, SequenceDice
>>> game = DiceGame(players=1, rules=DiceRules.of(), dice=SequenceDice([2, 3, 4, 5, 6]))
>>> [type(e).__name__ for e in game.apply(Roll())]
['Rolled']
>>> game.apply(Score("straight"))[0].points
25
"""

from generala_reference.dice.actions import Action, Reroll, Roll, Score, Scratch, format_action, parse_action
from generala_reference.dice.categories import CATEGORIES, Category
from generala_reference.dice.events import AutoWin, Event, GameOver, Rolled, Scored, Scratched, event_json
from generala_reference.dice.game import DiceGame
from generala_reference.dice.rolls import ALL_ROLLS, counts_of, dice_of
from generala_reference.dice.rules import DiceRules, PointTable
from generala_reference.dice.scoring import Mark, hands, points, qualifies, score_roll, wins_automatically
from generala_reference.dice.source import DiceSource, SeededDice, SequenceDice

__all__ = [
    "ALL_ROLLS",
    "CATEGORIES",
    "Action",
    "AutoWin",
    "Category",
    "DiceGame",
    "DiceRules",
    "DiceSource",
    "Event",
    "GameOver",
    "Mark",
    "PointTable",
    "Reroll",
    "Roll",
    "Rolled",
    "Score",
    "Scored",
    "Scratch",
    "Scratched",
    "SeededDice",
    "SequenceDice",
    "counts_of",
    "dice_of",
    "event_json",
    "format_action",
    "hands",
    "parse_action",
    "points",
    "qualifies",
    "score_roll",
    "wins_automatically",
]
