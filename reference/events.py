"""Events as the engine makes them (tuples, cheap) and as the protocol sends them (JSON).

>>> event_json(("play", 1, 52)), event_json(("game-over", None))
({'type': 'play', 'player': 1, 'card': 'JK'}, {'type': 'game-over', 'loser': None})
"""

from __future__ import annotations

from typing import Any

from generala_reference.cards import format_card

_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("player", "card"),
    "decline": ("player",),
    "take": ("player", "card"),
    "out": ("player",),
    "trick": ("winner", "complete"),
    "lead": ("player", "why"),
    "game-over": ("loser",),
    "eliminated": ("player",),
    "next-dealer": ("player", "plays"),
    "champion": ("player",),
    "deal": ("dealer", "seated"),
}


def event_json(event: tuple) -> dict[str, Any]:
    """The JSON form of an engine event (``docs/interfaces.md``, "Events")."""
    kind, *values = event
    out: dict[str, Any] = {"type": kind}
    for field, value in zip(_FIELDS[kind], values, strict=True):
        out[field] = format_card(value) if field == "card" else value
    return out
