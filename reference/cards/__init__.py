"""generala_reference — the reference engine of Générala.

The engine is an executable rulebook: every function cites the clause
(``R-…``) of ``spec/cards/clauses.yaml`` it implements.

>>> from generala_reference.cards import Game, parse_action, format_action
>>> game = Game.from_deal(players=2, dealer=0, seed=3)
>>> [format_action(a) for a in game.legal_actions()]
['KH']
"""

from generala_reference.cards.actions import format_action, parse_action
from generala_reference.cards.deck import format_card, parse_card, parse_deck
from generala_reference.cards.events import event_json
from generala_reference.cards.game import Game
from generala_reference.cards.position import from_position, from_snapshot, snapshot
from generala_reference.cards.rules import Rules
from generala_reference.cards.series import Series
from generala_reference.errors import GeneralaError, IllegalAction, InvalidInput, InvalidPosition

__all__ = [
    "Game",
    "GeneralaError",
    "IllegalAction",
    "InvalidInput",
    "InvalidPosition",
    "Rules",
    "Series",
    "event_json",
    "format_action",
    "format_card",
    "from_position",
    "from_snapshot",
    "parse_action",
    "parse_card",
    "parse_deck",
    "snapshot",
]
