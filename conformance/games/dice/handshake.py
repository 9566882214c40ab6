"""What a dice implementation's ``hello`` result must hold beyond the card game's
fields (``docs/dice-contract.md``, "The handshake"): ``game`` ``"dice"``, its
``levels``, options of ``spec/dice/options.yaml`` and, optionally, a point table
(``points``) with which it lists none of the point options (D-SCORE-7), and whether
it plays one-player games (``one_player_games``, a boolean)."""

from __future__ import annotations

from typing import Any

from generala_reference.dice import PointTable
from generala_reference.errors import InvalidPosition

SPEC = "dice"
LEVELS = ("scoring", "game")
POINT_OPTIONS = ("generala-points", "double-generala-points", "first-roll-bonus")


def problems(hello: dict[str, Any]) -> list[str]:
    """Everything wrong with the dice fields of a ``hello`` result (its common
    fields and its options are checked by the shared handshake)."""
    found = []
    levels = hello.get("levels")
    if not isinstance(levels, list) or not levels or not all(level in LEVELS for level in levels):
        found.append(f"'levels' must be a non-empty list of {', '.join(LEVELS)}, not {levels!r}")
    elif len(set(levels)) != len(levels):
        found.append(f"'levels' names a level twice: {levels!r}")
    if "one_player_games" in hello and not isinstance(hello["one_player_games"], bool):
        found.append(f"'one_player_games' must be true or false, not {hello['one_player_games']!r}")
    if "points" in hello:
        try:
            PointTable.declared(hello["points"] if isinstance(hello["points"], dict) else {"(not an object)": 0})
        except InvalidPosition as error:
            found.append(f"'points': {error.message}")
        listed = [name for name in POINT_OPTIONS if name in (hello.get("options") or {})]
        if listed:
            found.append(f"with a declared point table ('points'), do not list the point options {listed}")
    return found
