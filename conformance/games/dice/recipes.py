"""Dice recipes: the hand-chosen half of a game-level fixture file, from which the
reference engine computes the other half (``scenarios/dice/recipes/`` ->
``scenarios/dice/fixtures/game/``).

A recipe case is its fixture case with the computed values left out; its steps are

========================================  ==============================================
recipe step                               fixture step (computed part in *italics*)
========================================  ==============================================
``{do: roll, dice: "44126"}``             ``{do: roll, dice: "44126", events: [*...*]}``
``{refuse: score sixes}``                 ``{do: score sixes, refused: *does-not-qualify*}``
``{state: [player, dice]}``               ``{state: {player: *1*, dice: *[...]*}}``
``{legal: all}``                          ``{legal: [*roll*]}``
========================================  ==============================================

``by: P`` (a player, 0 first) goes with ``do`` and ``refuse``. ``{others: scratch}``
lets every other player take a turn, in turn order, until the player who just
ended his turn plays again: each rolls 1-2-3-4-6 and scratches his first open
category (the fixture has their ``do`` steps and events). A ``do`` the reference
refuses, or a ``refuse`` it accepts, is a :class:`RecipeError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_conformance.games.dice.cases import dice_list
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_conformance.transport.adapter import Refused
from generala_spec.options import resolve

SPEC = "dice"
CASE_FIELDS = ("id", "title", "level", "clauses", "ambiguities", "requires", "players")


class RecipeError(ValueError):
    """A recipe the reference engine contradicts (``code`` ``bad-dice-recipe``)."""

    code = "bad-dice-recipe"


def _dice_text(value: Any, where: str) -> str:
    return "".join(map(str, dice_list(value, where)))


def compute_case(recipe: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The fixture case of one recipe case, played on the reference engine under the
    default rules with the case's ``requires`` on top."""
    rules = {**resolve("default", spec=SPEC), **(recipe.get("requires") or {})}
    reference = DiceReferenceAdapter()
    reference.start({"players": recipe["players"], "rules": rules})
    case: dict[str, Any] = {k: recipe[k] for k in CASE_FIELDS if k in recipe}
    case["level"] = "game"
    case["steps"] = []
    for n, step in enumerate(recipe["steps"], 1):
        if "others" in step:
            case["steps"] += _others(reference, recipe["players"], f"{where}: step {n}")
        else:
            case["steps"].append(_step(reference, step, f"{where}: step {n}"))
    return {k: case[k] for k in (*CASE_FIELDS, "steps") if k in case}


FILLER = "12346"
"""The roll of the other players' turns of ``{others: scratch}``: no hand, no five of a kind."""


def _others(reference: DiceReferenceAdapter, players: int, where: str) -> list[dict[str, Any]]:
    """``{others: scratch}``: the other players' turns, each a roll and a scratch."""
    steps = []
    for _ in range(players - 1):
        steps.append(_step(reference, {"do": "roll", "dice": FILLER}, where))
        scratch = next((a for a in reference.legal() if a.startswith("scratch ")), None)
        if scratch is None:
            raise RecipeError(f"{where}: another player has nothing to scratch")
        steps.append(_step(reference, {"do": scratch}, where))
    return steps


def _step(reference: DiceReferenceAdapter, step: Mapping[str, Any], where: str) -> dict[str, Any]:
    if "state" in step:
        state = reference.state()
        return {"state": {key: state[key] for key in step["state"]}}
    if "legal" in step:
        return {"legal": reference.legal()}
    action = step.get("do", step.get("refuse"))
    if not isinstance(action, str):
        raise RecipeError(f"{where}: a step is do, refuse, state or legal, not {dict(step)!r}")
    found: dict[str, Any] = {"do": action}
    if "dice" in step:
        found["dice"] = _dice_text(step["dice"], where)
    if "by" in step:
        found["by"] = step["by"]
    dice = dice_list(step["dice"], where) if "dice" in step else None
    try:
        events = reference.apply(action, step.get("by"), dice)
    except Refused as refused:
        if "do" in step:
            raise RecipeError(
                f"{where}: the reference refuses {action!r} ({refused.code}: {refused.message})"
            ) from None
        return {**found, "refused": refused.code}
    if "refuse" in step:
        raise RecipeError(f"{where}: the reference accepts {action!r}, which the recipe says is refused")
    return {**found, "events": events}


def compute(recipe: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The fixture document of a recipe document."""
    if recipe.get("recipe") != 1 or not isinstance(recipe.get("cases"), list):
        raise RecipeError(f"{where}: a dice recipe is {{recipe: 1, about, provenance, cases: [...]}}")
    return {
        "version": 1,
        "about": recipe.get("about", ""),
        "provenance": recipe.get("provenance", ""),
        "cases": [compute_case({"level": "game", **c}, f"{where}: case {c.get('id')!r}") for c in recipe["cases"]],
    }
