"""The Gherkin step definitions bite: each kind of claim fails, as a Divergence,
when the implementation does something else (checked on the reference engine)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.steps import (
    Table,
    given_position,
    scenario_plan,
    then_general,
    then_player,
    when_moves,
    when_played_out,
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


class Recording(ReferenceAdapter):
    """The reference, keeping the plans it is told (:meth:`Adapter.plan`)."""

    def __init__(self) -> None:
        super().__init__()
        self.plans: list[list[tuple[str, dict]]] = []

    def plan(self, calls: list[tuple[str, dict]]) -> None:
        self.plans.append(calls)


def _step(kind: str, name: str, datatable: list[list[str]] | None = None, docstring: str | None = None) -> Any:
    """A step as pytest-bdd renders it (what :func:`scenario_plan` reads)."""
    table = SimpleNamespace(raw=lambda: datatable) if datatable is not None else None
    return SimpleNamespace(type=kind, name=name, datatable=table, docstring=docstring)


GIVEN = _step("given", "a 3-player table where P1 leads:", HANDS)


@pytest.mark.parametrize(
    ("steps", "run"),
    [
        ([GIVEN, _step("when", "P1 leads 8H and P2 plays 3C")], lambda t: when_moves(t, "P1 leads 8H and P2 plays 3C")),
        ([GIVEN, _step("then", "P2 holds 9H 3C JK")], lambda t: then_player(t, "P2", "holds 9H 3C JK")),
        (
            [GIVEN, _step("when", "the game is played out:", docstring="P1 8H, P2 9H")],
            lambda t: when_played_out(t, "P1 8H, P2 9H"),
        ),
    ],
)
def test_a_scenario_plan_is_the_plan_its_first_step_makes(steps: list[Any], run: Callable[[Table], None]) -> None:
    """What the plugin sends ahead of a scenario is what its first step then plans
    (moves, or the start alone for a step that plays none)."""
    adapter = Recording()
    table = Table(adapter, resolve())
    given_position(table, "3", "P1", HANDS)
    run(table)
    assert adapter.plans[0] == scenario_plan(steps, resolve())
    assert adapter.plans[0][0][0] == "start" and len(adapter.plans) == 1


THEN_STEPS = [
    _step("then", "P3 wins the trick"),
    _step("then", "P2 is to move"),
    _step("then", "the legal moves are 9H, 3C"),
    _step("then", "P2 may not take JK"),
    _step("then", "the trick on the table is P1 8H"),
]
"""Then steps each asking something else (nothing, a state, legal actions, a refused move)."""


@pytest.mark.parametrize(
    ("steps", "run"),
    [
        ([GIVEN, _step("when", "P1 leads 8H"), *THEN_STEPS], lambda t: when_moves(t, "P1 leads 8H")),
        ([GIVEN, _step("then", "P1 is to move"), *THEN_STEPS[2:]], lambda t: then_player(t, "P1", "is to move")),
    ],
)
def test_the_then_steps_after_a_step_are_planned_with_it(steps: list[Any], run: Callable[[Table], None]) -> None:
    """Told the running step, a step's plan (and the scenario's, sent ahead) holds
    the requests of the Then steps after it: its moves, then what they check."""
    adapter = Recording()
    table = Table(adapter, resolve(), lambda: (steps, 1))
    given_position(table, "3", "P1", HANDS)
    run(table)
    assert adapter.plans == [scenario_plan(steps, resolve())]
    checks = [name for name, _ in adapter.plans[0][-8:]]
    assert checks == ["state", "legal", "state", "legal", "state", "apply", "state", "state"]
    assert adapter.plans[0][-3] == ("apply", {"action": "take JK", "player": 1})


def test_the_then_steps_are_planned_up_to_one_that_does_not_read() -> None:
    steps = [GIVEN, _step("when", "P1 leads 8H"), _step("then", "P2 is to move"), _step("then", "an odd claim")]
    steps += [_step("then", "P2 is to move"), _step("when", "P2 plays 9H"), _step("then", "P3 is to move")]
    assert [name for name, _ in scenario_plan(steps, resolve())] == ["start", "state", "apply", "state"]


def test_a_scenario_plan_goes_on_through_its_later_moves_and_deals() -> None:
    """Each When step after the first plays its moves (or deal) in the plan, the
    checks after it following, the state after the last one that none follows."""
    steps = [GIVEN, _step("when", "P1 leads 8H"), _step("then", "P2 is to move"), _step("when", "P2 plays 9H")]
    steps += [_step("when", "the next game is dealt from the canonical deck")]
    plan = scenario_plan(steps, resolve())
    assert [name for name, _ in plan] == ["start", "state", "apply", "state", "state", "apply", "deal", "state"]
    assert plan[5] == ("apply", {"action": "9H", "player": 1}) and len(plan[6][1]["deck"]) == 54


def test_a_scenario_plan_is_empty_for_what_the_steps_cannot_read() -> None:
    assert scenario_plan([_step("given", "an unknown setup"), _step("when", "P1 leads 8H")], resolve()) == []
    assert scenario_plan([GIVEN, _step("when", "P1 leads 8X")], resolve()) == []  # (the step itself fails)
    assert scenario_plan([_step("then", "P2 is to move")], resolve()) == []  # no Given: nothing to start
