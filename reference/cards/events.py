"""Events as the engine makes them (tuples, cheap) and as the protocol sends them (JSON).

>>> event_json(("play", 1, 52)), event_json(("game-over", None))
({'type': 'play', 'player': 1, 'card': 'JK'}, {'type': 'game-over', 'loser': None})
>>> events_json([("decline", 2)])
[{'type': 'decline', 'player': 2}]
"""

from __future__ import annotations

from typing import Any

from generala_reference.cards.deck import format_card

Event = tuple[str, *tuple[Any, ...]]
"""An event as the engine makes it: its kind (``"play"``), then the values of
that kind's fields in the order of ``_FIELDS`` (``("play", 1, 52)``); their types
depend on the kind (a seat, a card, a reason, a list of seats)."""

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


def event_json(event: Event) -> dict[str, Any]:
    """The JSON form of an engine event (``docs/cards-contract.md``, "Events")."""
    kind, *values = event
    out: dict[str, Any] = {"type": kind}
    for field, value in zip(_FIELDS[kind], values, strict=True):
        out[field] = format_card(value) if field == "card" else value
    return out


_KNOWN: dict[Event, dict[str, Any]] = {}
"""The JSON form of each move event met so far: a move's events take few distinct
values (a seat, a card, a reason), so there are at most a few thousand."""


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    """The JSON forms of a move's events, each a dict of its own (for speed, the
    form of an event met before is copied, not built again)."""
    out = []
    try:
        for event in events:
            out.append(_KNOWN[event].copy())
    except (KeyError, TypeError):  # an event not met yet, or one that cannot be kept
        return list(map(_known_json, events))
    return out


def shared_events_json(events: list[Event]) -> list[dict[str, Any]]:
    """:func:`events_json` for a caller that only reads them (the fuzzer's
    reference compares them): the form kept of an event met before, not a copy
    of it, so they must not be changed."""
    out = []
    try:
        for event in events:
            out.append(_KNOWN[event])
    except (KeyError, TypeError):
        return list(map(_known_json, events))
    return out


def _known_json(event: Event) -> dict[str, Any]:
    """The JSON form of ``event``, kept for the next time (an unhashable one, a
    deal's list of seats, is built every time)."""
    try:
        known = _KNOWN.get(event)
    except TypeError:
        return event_json(event)
    if known is None:
        known = _KNOWN[event] = event_json(event)
    return known.copy()
