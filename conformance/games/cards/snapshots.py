"""State snapshots as the fuzzer and perft use them: the comparable part of a
snapshot, and a snapshot turned back into a ``position`` setup
(``docs/interfaces.md``, "Setup" and "State snapshot")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_conformance.games.cards.notation import canonical

Json = dict[str, Any]

COMPARED = (
    "players",
    "hands",
    "out_of_play",
    "trick",
    "leader",
    "to_move",
    "phase",
    "taking",
    "forced",
    "over",
    "loser",
    "went_out",
    "series",
)
"""The snapshot fields of the contract; an implementation's extra fields are not compared."""


def comparable(state: Mapping[str, Any]) -> Json:
    """The contract's fields of ``state``, card lists in canonical order."""
    out = {key: state.get(key) for key in COMPARED}
    try:
        out["hands"] = [canonical(h) for h in state["hands"]]
        out["out_of_play"] = canonical(state["out_of_play"])
    except (KeyError, TypeError):
        pass  # a malformed snapshot is compared as it is, and so differs
    return out


def differing(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The contract's fields whose values differ between two snapshots."""
    if expected == actual or [expected.get(key) for key in COMPARED] == [actual.get(key) for key in COMPARED]:
        return []
    want, got = comparable(expected), comparable(actual)
    return [key for key in COMPARED if want[key] != got[key]]


def position_of(state: Mapping[str, Any]) -> Json:
    """The ``position`` setup of a snapshot of a game in progress: the same cards,
    trick, leader, decliner and forced lead (``went_out`` and ``seated`` are not
    part of a position; a series is not either)."""
    position: Json = {
        "players": state["players"],
        "hands": [list(h) for h in state["hands"]],
        "out_of_play": list(state["out_of_play"]),
        "leader": state["leader"],
        "trick": [dict(t) for t in state.get("trick") or []],
        "taking": state.get("taking"),
        "forced": state.get("forced"),
    }
    return position
