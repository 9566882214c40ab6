"""Shared helpers for the engine's own tests: random play and invariants."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import reduce

from generala_reference.cards import Game
from generala_reference.cards.deck import FULL_DECK


def random_game(game: Game, seed: int) -> Iterator[tuple[Game, int]]:
    """Play ``game`` to its end with seeded random choices, yielding (state, action) before each move."""
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "the player to move has no legal action"
        action = actions[rng.randrange(len(actions))]
        yield game, action
        game.apply(action)
        steps += 1
        assert steps < 2000, "the game does not end"


def assert_cards_accounted(game: Game) -> None:
    """The 54 cards are in the hands, the trick or out of play, each exactly once (R-MAT-1)."""
    masks = [*game.hands, game.trick_mask, game.out_of_play]
    assert sum(m.bit_count() for m in masks) == 54
    assert reduce(int.__or__, masks) == FULL_DECK
