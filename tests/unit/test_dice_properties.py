"""Property tests of the dice engine: random games under random options, with the
invariants checked at every step; refused actions change nothing."""

from __future__ import annotations

import copy
import json

import pytest
from generala_reference.dice import (
    CATEGORIES,
    DiceGame,
    DiceRules,
    GameOver,
    Mark,
    Reroll,
    Roll,
    Score,
    Scratch,
    SeededDice,
    counts_of,
)
from generala_reference.dice.rolls import ALL_ROLLS
from generala_reference.errors import GeneralaError
from generala_spec.options import options
from hypothesis import given, settings
from hypothesis import strategies as st

OPTIONS = options("dice")

assignments = st.fixed_dictionaries({name: st.sampled_from(list(o.values)) for name, o in OPTIONS.items()})
NAMES = [c.value for c in CATEGORIES] + ["poker"]


def _pool(game: DiceGame) -> list:
    """Every action worth trying now, legal or not."""
    keeps = [counts_of([]), *ALL_ROLLS[::37], counts_of([6, 6, 6, 6]), counts_of([1])]
    return [Roll(), *(Reroll(k) for k in keeps), *(Score(n) for n in NAMES), *(Scratch(n) for n in NAMES)]


def _check_invariants(game: DiceGame, turns: int) -> None:
    snap = game.snapshot()
    json.dumps(snap)
    assert bool(game.legal_actions()) is not game.is_over()
    filled = [sum(m["mark"] != "open" for m in sheet.values()) for sheet in snap["sheets"]]
    assert sum(filled) == turns  # one category a turn
    assert max(filled) - min(filled) <= 1
    for player, sheet in enumerate(snap["sheets"]):
        assert snap["totals"][player] == sum(m["points"] for m in sheet.values())
        assert all(m["points"] == 0 for m in sheet.values() if m["mark"] != "scored")
    if not game.is_over():
        assert 0 <= snap["rolls"] <= game.rules.max_rolls
        assert (snap["dice"] is None) is (snap["rolls"] == 0)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 4), overrides=assignments, seed=st.integers(0, 2**32), picks=st.randoms())
def test_random_games_keep_every_invariant_and_end(players, overrides, seed, picks) -> None:
    game = DiceGame(players, SeededDice(seed), DiceRules.of(overrides=overrides))
    turns, steps = 0, 0
    events = []
    while not game.is_over():
        _check_invariants(game, turns)
        action = picks.choice(game.legal_actions())
        events = game.apply(action)
        turns += sum(isinstance(a, Score | Scratch) for a in [action])
        steps += 1
        assert steps <= players * len(game.categories) * (game.rules.max_rolls + 1)
    _check_invariants(game, turns)
    over = events[-1]
    assert isinstance(over, GameOver) and over.winners == game.winners and over.winners
    if not over.automatic:
        assert all(over.totals[w] == max(over.totals) for w in over.winners)
        assert turns == players * len(game.categories)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(1, 3), overrides=assignments, seed=st.integers(0, 2**32), picks=st.randoms())
def test_legal_actions_are_exactly_the_accepted_ones_and_refusals_change_nothing(
    players, overrides, seed, picks
) -> None:
    game = DiceGame(players, SeededDice(seed), DiceRules.of(overrides=overrides))
    for _ in range(12):
        if game.is_over():
            break
        legal = game.legal_actions()
        for action in _pool(game):
            if action in legal:
                copy.deepcopy(game).apply(action)  # accepted
                continue
            before = game.snapshot()
            with pytest.raises(GeneralaError) as refusal:
                game.apply(action)
            assert refusal.value.code and game.snapshot() == before
        game.apply(picks.choice(legal))


@settings(max_examples=40, deadline=None)
@given(overrides=assignments, seed=st.integers(0, 2**32))
def test_a_scratched_generala_never_wins_automatically(overrides, seed) -> None:
    game = DiceGame(1, SeededDice(seed), DiceRules.of(overrides=overrides))
    events = game.apply(Roll())
    if game.is_over():
        return
    game.apply(Scratch("generala"))
    while not game.is_over():
        events = game.apply(Roll())
        assert game.mark(0, CATEGORIES[9]) is Mark.SCRATCHED
        assert not any(type(e).__name__ == "AutoWin" for e in events)
        game.apply(game.legal_actions()[-1])
