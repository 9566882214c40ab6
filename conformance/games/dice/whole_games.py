"""Whole games to the winner, for the game level's fixtures: dice from a seeded
generator, moves chosen by a simple seeded policy, every event recorded by the
reference engine (D-PLAY-1, D-END-1, D-END-2), and games made to end in a tie.

The policy (after each roll): while rolls are left, re-roll with some chance,
keeping the dice of the face shown most; else score the category worth most (the
first on a tie), or scratch the first open category when nothing qualifies.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_reference.dice import Category, PointTable, counts_of, points
from generala_reference.dice.rules import DiceRules
from generala_reference.dice.source import SeededDice
from generala_spec.options import resolve

SPEC = "dice"


def _choice(reference: DiceReferenceAdapter, chooser: random.Random) -> str:
    legal = reference.legal()
    state = reference.state()
    rerolls = [a for a in legal if a.startswith("reroll")]
    dice: list[int] = state["dice"]
    if rerolls and chooser.random() < 0.6:
        face, _ = Counter(dice).most_common(1)[0]
        keep = "reroll" + "".join(f" {face}" for _ in range(dice.count(face)))
        if keep in rerolls:
            return keep
    table = PointTable.of(DiceRules.of(overrides=state["rules"]))
    scores = [a for a in legal if a.startswith("score ")]
    if scores:
        counts = counts_of(dice)
        return max(scores, key=lambda a: points(Category(a.split()[1]), counts, table, state["first-roll"]))
    return next(a for a in legal if a.startswith("scratch "))


def _throw(source: SeededDice, action: str) -> list[int] | None:
    if action == "roll":
        return list(source.throw(5))
    if action.startswith("reroll"):
        return list(source.throw(5 - len(action.split()[1:])))
    return None


def _step(reference: DiceReferenceAdapter, action: str, dice: list[int] | None) -> dict[str, Any]:
    step: dict[str, Any] = {"do": action}
    if dice is not None:
        step["dice"] = "".join(map(str, dice))
    step["events"] = reference.apply(action, None, dice)
    return step


def _ending(reference: DiceReferenceAdapter) -> list[dict[str, Any]]:
    state = reference.state()
    return [{"state": {k: state[k] for k in ("over", "winners", "totals")}}, {"legal": reference.legal()}]


def _first_sheets(reference: DiceReferenceAdapter, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sheets after the first turn of the game (their categories, D-SHEET-1), as a step."""
    ended = [s for s in steps if "do" in s and s["do"].startswith(("score ", "scratch "))]
    if len(ended) == 1 and steps[-1] is ended[0]:
        return [{"state": {"sheets": reference.state()["sheets"]}}]
    return []


def whole_game(players: int, requires: dict[str, str], seed: int) -> list[dict[str, Any]]:
    """The steps of a game of ``players`` under the default rules with ``requires``."""
    reference = DiceReferenceAdapter()
    reference.start({"players": players, "rules": {**resolve("default", spec=SPEC), **requires}})
    source, chooser = SeededDice(seed), random.Random(seed)
    steps = []
    while not reference.state()["over"]:
        action = "roll" if reference.legal() == ["roll"] else _choice(reference, chooser)
        steps.append(_step(reference, action, _throw(source, action)))
        steps += _first_sheets(reference, steps)
    return steps + _ending(reference)


def tied_game(players: int, requires: dict[str, str], seed: int) -> list[dict[str, Any]]:
    """A game in which every player of a round throws the first player's dice and makes
    his moves, so that all end on the same points (a shared win, D-END-2); no first
    roll is a five of a kind (which would win at once)."""
    reference = DiceReferenceAdapter()
    reference.start({"players": players, "rules": {**resolve("default", spec=SPEC), **requires}})
    source, chooser = SeededDice(seed), random.Random(seed)
    steps: list[dict[str, Any]] = []
    while not reference.state()["over"]:
        turn: list[tuple[str, list[int] | None]] = []
        action = "roll"
        while True:
            dice = _throw(source, action)
            while action == "roll" and dice is not None and len(set(dice)) == 1:
                dice = _throw(source, action)
            turn.append((action, dice))
            steps.append(_step(reference, action, dice))
            steps += _first_sheets(reference, steps)
            if not action.startswith(("roll", "reroll")):
                break
            action = _choice(reference, chooser)
        for _ in range(players - 1):
            steps += [_step(reference, a, d) for a, d in turn]
    return steps + _ending(reference)


WON_AT_EVERY_SEAT = [
    ("two", 2, 0, 10),
    ("two", 2, 1, 11),
    ("three", 3, 0, 14),
    ("three", 3, 1, 11),
    ("three", 3, 2, 10),
    ("four", 4, 0, 12),
    ("four", 4, 1, 10),
    ("four", 4, 2, 15),
    ("four", 4, 3, 14),
]
"""Games of 2, 3 and 4 players won by one player at each seat (D-END-2): words, players,
the winner's seat, the seed (``tests/unit/test_dice_suite_games.py`` checks each winner)."""

GAMES: list[dict[str, Any]] = [
    {"name": "one-player", "players": 1, "requires": {}, "seed": 1, "tie": False},
    {"name": "two-players", "players": 2, "requires": {}, "seed": 2, "tie": False},
    {"name": "three-players", "players": 3, "requires": {}, "seed": 3, "tie": False},
    {"name": "four-players-no-double", "players": 4, "requires": {"double-generala": "off"}, "seed": 4, "tie": False},
    {"name": "two-players-no-auto-win", "players": 2, "requires": {"auto-win": "never"}, "seed": 5, "tie": False},
    {
        "name": "two-players-literal",
        "players": 2,
        "requires": {"rolls": "four", "full-house-five": "yes"},
        "seed": 6,
        "tie": False,
    },
    {"name": "two-players-tie", "players": 2, "requires": {}, "seed": 7, "tie": True},
    {
        "name": "three-players-closed-generala",
        "players": 3,
        "requires": {"double-generala": "after-generala-closed"},
        "seed": 9,
        "tie": False,
    },
    *(
        {"name": f"{words}-players-won-by-p{seat + 1}", "players": players, "requires": {}, "seed": seed, "tie": False}
        for words, players, seat, seed in WON_AT_EVERY_SEAT
    ),
    {"name": "three-players-tie", "players": 3, "requires": {"double-generala": "off"}, "seed": 8, "tie": True},
]
"""The whole games of the suite: players, the options they are played under, the seed."""
