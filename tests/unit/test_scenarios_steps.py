"""The Gherkin step definitions bite: each kind of claim fails, as a Divergence,
when the implementation does something else (checked on the reference engine)."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.steps import (
    Table,
    given_position,
    then_general,
    then_player,
    when_moves,
)
from generala_spec.options import resolve

HANDS = [["P1", "8H 2C"], ["P2", "9H 3C JK"], ["P3", "10H 4C"]]


def _table(moves: str) -> Table:
    table = Table(ReferenceAdapter(), resolve())
    given_position(table, "3", "P1", HANDS)
    if moves:
        when_moves(table, moves)
    return table


@pytest.mark.parametrize(
    ("moves", "who", "claim"),
    [
        ("P1 leads 8H, P2 plays 9H and P3 plays 10H", "P2", "wins the trick"),
        ("P1 leads 8H, P2 plays 9H and P3 plays 10H", "P1", "leads next"),
        ("P1 leads 8H", "P3", "is to move"),
        ("P1 leads 8H", "P2", "must take a card"),
        ("P1 leads 8H", "P2", "may not play 9H"),
        ("P1 leads 8H", "P2", "may play 3C"),
        ("P1 leads 8H", "P2", "may decline"),
        ("P1 leads 8H", "P1", "goes out"),
        ("", "P2", "holds 9H 3C"),
        ("", "P2", "holds 2 cards"),
        ("", "P1", "must lead 2C"),
    ],
)
def test_a_false_claim_about_a_player_diverges(moves: str, who: str, claim: str) -> None:
    table = _table(moves)
    with pytest.raises(Divergence):
        then_player(table, who, claim)


@pytest.mark.parametrize(
    ("moves", "claim"),
    [
        ("P1 leads 8H", "the move is refused"),
        ("P1 leads 8H and P2 plays 3C", "the move is refused with off-suit-card"),
        ("P1 leads 8H", "the legal moves are 9H, JK"),
        ("P1 leads 8H", "the trick on the table is P1 2C"),
        ("P1 leads 8H, P2 plays 9H and P3 plays 10H", "the cards out of play include 2C"),
        ("P1 leads 8H", "the events are play P1 8H, out P1"),
        ("P1 leads 8H", "the game is over"),
        ("P1 leads 8H", "nobody loses"),
        ("", "the hands hold 2, 2, 2 cards"),
    ],
)
def test_a_false_general_claim_diverges(moves: str, claim: str) -> None:
    table = _table(moves)
    with pytest.raises(Divergence):
        then_general(table, claim)


def test_a_refusal_nobody_asserted_diverges_at_the_next_step() -> None:
    table = _table("P1 leads 8H and P2 plays 3C")
    with pytest.raises(Divergence, match="the move is accepted"):
        then_player(table, "P2", "is to move")


def test_a_refusal_asserted_with_its_code_passes_and_keeps_the_table() -> None:
    table = _table("P1 leads 8H and P2 plays 3C")
    then_general(table, "the move is refused with must-follow-suit")
    then_player(table, "P2", "holds 9H 3C JK")
    then_general(table, "the trick on the table is P1 8H")
