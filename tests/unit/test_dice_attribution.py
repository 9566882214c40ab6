"""Dice divergences are attributed by what diverged (games/dice/attribution.py): a
closed category by what closed it, a refused legal move by the clause allowing it,
the points of a winning first-roll Generala by the first-roll clause."""

from __future__ import annotations

from generala_conformance.games.dice.attribution import (
    Played,
    accepted_clause,
    event_clause,
    legal_clause,
    refusal_clause,
    state_clause,
)

ROLLED = {"type": "rolled", "player": 1, "roll": 1, "thrown": 5, "dice": [1, 1, 1, 2, 3], "first": True}


def _played(*turns: tuple[str, list[dict]]) -> Played:
    played = Played({})
    for action, events in turns:
        played.after(action, events)
    return played


def test_a_closed_category_accepted_again_breaks_the_clause_that_closed_it() -> None:
    played = _played(
        ("roll", [ROLLED]),
        ("score ones", [{"type": "scored", "player": 1, "category": "ones", "points": 3, "bonus": 0}]),
        ("roll", [ROLLED]),
        ("scratch twos", [{"type": "scratched", "player": 1, "category": "twos"}]),
        ("roll", [ROLLED]),
    )
    assert refusal_clause("category-closed", "score ones", played).clause == "D-SHEET-4"
    assert refusal_clause("category-closed", "score twos", played).clause == "D-SHEET-3"
    assert legal_clause([], ["score ones"], played).clause == "D-SHEET-4"
    assert legal_clause([], ["scratch twos"], played).clause == "D-SHEET-3"


def test_a_refused_legal_move_breaks_the_clause_allowing_it() -> None:
    played = _played(("roll", [ROLLED]))
    assert accepted_clause("score threes", "rolls-left", played, {}).clause == "D-TURN-4"
    assert accepted_clause("score ones", "does-not-qualify", played, {}).clause == "D-CAT-1"
    ended = _played(("roll", [ROLLED]), ("scratch ones", [{"type": "scratched", "player": 1, "category": "ones"}]))
    assert accepted_clause("roll", "already-rolled", ended, {}).clause == "D-TURN-5"


def test_points_written_for_a_winning_first_roll_generala_break_the_first_roll_clause() -> None:
    want = [{"type": "game-over", "winners": [0], "totals": [0, 40], "automatic": True}]
    got = [{"type": "game-over", "winners": [0], "totals": [50, 40], "automatic": True}]
    assert event_clause(want, got, "roll").clause == "D-FIRST-3"
    won = _played(("roll", [ROLLED, {"type": "auto-win", "player": 1}]))
    assert state_clause("totals", [0, 0], [0, 50], won).clause == "D-FIRST-3"
    lost = [{"type": "game-over", "winners": [1], "totals": [0, 40], "automatic": True}]
    assert event_clause(want, lost, "roll").clause == "D-END-3"


def test_an_unsorted_roll_breaks_the_multiset_clause_and_an_early_end_the_end_clause() -> None:
    want = [ROLLED]
    assert event_clause(want, [{**ROLLED, "dice": [3, 1, 1, 2, 1]}], "roll").clause == "D-PLAY-3"
    over = {"type": "game-over", "winners": [0], "totals": [9, 3], "automatic": False}
    assert event_clause(want, [ROLLED, over], "roll").clause == "D-END-1"
    assert event_clause(want, [ROLLED, {**over, "automatic": True}], "roll").clause == "D-FIRST-5"
