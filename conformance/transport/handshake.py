"""The handshake: what a ``hello`` result must hold, and the one message a run
ends with when an implementation never completes it.

A ``hello`` result is checked field by field (``spec/schemas/protocol.schema.json``,
``hello-result``): the required fields and their types (a JSON ``true`` is not
the integer ``protocol``), the protocol version, and every option name and value
it lists against ``spec/cards/options.yaml``. Every problem is named at once, with the
valid choices, in one :class:`~generala_conformance.transport.adapter.ProtocolViolation`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from generala_conformance.errors import UsageError
from generala_conformance.transport.adapter import Adapter, AdapterFault, Json, ProtocolViolation
from generala_spec.folders import CARDS
from generala_spec.options import options

if TYPE_CHECKING:
    from generala_conformance.core.game import Game

PROTOCOL_VERSION = 1
REQUIRED_FIELDS: dict[str, type] = {
    "name": str,
    "version": str,
    "language": str,
    "protocol": int,
    "options": dict,
    "reason_codes": bool,
}
OPTIONAL_FIELDS: dict[str, type] = {"batch": bool, "undo": bool, "series": bool, "game": str}
_SHOWN = 300


class HandshakeFailed(UsageError):
    """The implementation never completed a handshake: the run cannot check anything
    (``code`` ``handshake-failed``; ``detail`` holds its stderr, if any)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__("handshake-failed", message)
        self.detail = detail


def _is(value: Any, kind: type) -> bool:
    """``isinstance`` where a bool is not an int (JSON ``true`` is no number)."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


_JSON_NAMES = {str: "a string", int: "an integer", bool: "a boolean", dict: "an object", list: "an array"}


def _kind(value: Any) -> str:
    """What a JSON value is, in JSON's words."""
    if value is None:
        return "null"
    return next((name for kind, name in _JSON_NAMES.items() if _is(value, kind)), type(value).__name__)


def problems(hello: Any, game: Game) -> list[str]:
    """Everything wrong with a ``hello`` result of an implementation of ``game`` (empty when it is valid)."""
    if not isinstance(hello, dict):
        return [f"the hello result is {_kind(hello)}, not an object"]
    found = []
    for name, kind in REQUIRED_FIELDS.items():
        if name not in hello:
            found.append(f"it lacks {name!r} ({_JSON_NAMES[kind]})")
        elif not _is(hello[name], kind):
            found.append(f"{name!r} is {_kind(hello[name])}, not {_JSON_NAMES[kind]}")
    if _is(hello.get("protocol"), int) and hello["protocol"] != PROTOCOL_VERSION:
        found.append(f"it speaks protocol {hello['protocol']}, the kit speaks protocol {PROTOCOL_VERSION}")
    for name, kind in OPTIONAL_FIELDS.items():
        if name in hello and not _is(hello[name], kind):
            found.append(f"{name!r} is {_kind(hello[name])}, not {_JSON_NAMES[kind]}")
    if game_of(hello) != game.name:
        found.append(f"it plays the game {game_of(hello)!r}; this run checks {game.name} (--game {game.name})")
        return found
    if isinstance(hello.get("options"), dict):
        found += option_problems(hello["options"], game.spec)
    return found + game.hello_problems(hello)


def game_of(hello: Json) -> str:
    """The game a (checked) ``hello`` result plays: its ``game``, ``cards`` when absent."""
    return str(hello.get("game", "cards"))


def option_problems(listed: dict[str, Any], spec: str = CARDS) -> list[str]:
    """What is wrong with the ``options`` of a hello: unknown names, unknown values,
    values that are not a non-empty list of strings (each named with the valid
    choices of the rulebook ``spec``)."""
    table = options(spec)
    found = []
    for name, values in listed.items():
        if name not in table:
            found.append(f"unknown option {name!r} (the options are {', '.join(table)})")
            continue
        valid = list(table[name].values)
        if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
            found.append(f"options[{name!r}] is not a non-empty list of values (its values are {', '.join(valid)})")
            continue
        for value in values:
            if value not in valid:
                found.append(f"unknown value {value!r} of option {name!r} (its values are {', '.join(valid)})")
    return found


def check(hello: Any, game: Game, reply: Json | None = None) -> None:
    """Raise :class:`ProtocolViolation` naming every problem of a ``hello`` result of ``game``."""
    found = problems(hello, game)
    if found:
        shown = json.dumps(reply if reply is not None else hello, ensure_ascii=False)
        shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN] + f"… ({len(shown)} characters)"
        raise ProtocolViolation("invalid hello: " + "; ".join(found), detail=shown)


def shake(adapter: Adapter, who: str, game: Game) -> Json:
    """The implementation's checked ``hello``, or :class:`HandshakeFailed` with one
    sentence naming the implementation ``who``, what went wrong and what was expected
    (an implementation of another game than ``game`` included)."""
    try:
        hello = adapter.hello()
        if isinstance(hello, dict) and game_of(hello) != game.name:
            raise ProtocolViolation(
                f'it plays {game_of(hello)} (its hello says "game": {json.dumps(game_of(hello))}), '
                f"this run checks {game.name} (--game {game.name})"
            )
        check(hello, game)
    except AdapterFault as fault:
        raise failed(who, fault) from None
    return hello


def failed(who: str, fault: AdapterFault) -> HandshakeFailed:
    """The :class:`HandshakeFailed` of ``fault`` met while shaking hands with ``who``."""
    return HandshakeFailed(
        f"the implementation {who} never completed the handshake: {fault} "
        f"(expected: a reply to request 1 (hello) with a valid hello result speaking protocol {PROTOCOL_VERSION})",
        fault.detail,
    )
