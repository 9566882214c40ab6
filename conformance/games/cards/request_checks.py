"""What ``generala-kit serve`` accepts as a card game request: the request part of
``spec/schemas/protocol.schema.json``, checked by hand before the adapter sees it
(on the shared checks of :mod:`generala_conformance.transport.request_checks`).

Codes, besides the shared ones: for the fields of a setup the codes of
``docs/cards-contract.md``: ``bad-setup``, ``bad-players``, ``bad-dealer``,
``bad-seated``, ``bad-deck``, ``bad-card``, ``bad-position``, ``bad-request`` for
a batch's steps and ``bad-player`` for the ``player`` of an ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generala_conformance.transport.adapter import Json
from generala_conformance.transport.protocol import RESULT_KEYS, shown
from generala_conformance.transport.request_checks import (
    RequestError,
    check_hello,
    check_id_and_cmd,
    field,
    is_rules,
    json_text,
    obj,
    quote,
    required,
)

_SEATS = 10  # a seat number is 0..9 (spec/schemas/protocol.schema.json, $defs/seat)


def check_request(message: Json) -> None:
    """Refuse, with a :class:`RequestError` naming the field, a request that the
    protocol schema's ``request`` part forbids."""
    cmd = check_id_and_cmd(message, RESULT_KEYS)
    check = _COMMAND_CHECKS.get(cmd)
    if check is not None:
        check(message)


def _number(where: Json, name: str, path: str, code: str, ok: Callable[[Any], bool], what: str) -> None:
    """A seat or a count: refused with ``code`` when not ``ok``, but one that is not
    an integer at all is ``bad-setup`` (types before values, R-SETUP-2)."""
    if name in where and type(where[name]) is not int:
        code = "bad-setup"
    field(where, name, path, code, ok, what)


# Each check below is one $defs entry of the schema (the name in its docstring).


def _is_seat(value: Any) -> bool:
    """``$defs/seat``."""
    return type(value) is int and 0 <= value < _SEATS


def _is_players(value: Any) -> bool:
    """``players`` and ``dealt``: an integer 2..10."""
    return type(value) is int and 2 <= value <= 10


def _cards(where: Json, field: str, path: str, list_code: str) -> None:
    """``field`` a list (else ``list_code``) of non-empty strings (``$defs/card-input``; else ``bad-card``)."""
    if field not in where:
        return
    cards = where[field]
    if not isinstance(cards, list):
        raise RequestError(list_code, f"{path}{field} must be a list of cards, not {quote(where, field)}")
    _card_items(cards, f"{path}{field}")


def _is_card_input(value: Any) -> bool:
    """``$defs/card-input``: a non-empty string."""
    return isinstance(value, str) and value != ""


def _card_items(cards: list[Any], path: str) -> None:
    for index, card in enumerate(cards):
        if not _is_card_input(card):
            raise RequestError(
                "bad-card", f"{path}[{index}] must be a card (a non-empty string), not {shown(json_text(card))}"
            )


def _seats(where: Json, field: str, path: str, code: str, distinct: bool = False) -> None:
    """``field`` a list of seats (``distinct``: no seat twice), else ``code``."""
    if field not in where:
        return
    seats = where[field]
    if not isinstance(seats, list) or not all(_is_seat(s) for s in seats):
        raise RequestError(code, f"{path}{field} must be a list of seats 0..9, not {quote(where, field)}")
    if distinct and len(set(seats)) != len(seats):
        raise RequestError(code, f"{path}{field} names a seat twice: {quote(where, field)}")


def _check_start(message: Json) -> None:
    """``start``: ``setup`` (``$defs/setup``)."""
    required(message, {"setup": "bad-setup"}, "")
    setup = obj(message, "setup", "", "bad-setup")
    field(setup, "profile", "setup.", "bad-setup", lambda v: isinstance(v, str), "a profile name")
    field(setup, "series", "setup.", "bad-setup", lambda v: isinstance(v, bool), "true or false")
    field(setup, "rules", "setup.", "bad-setup", is_rules, "an object of option names to value names")
    if ("deal" in setup) == ("position" in setup):
        raise RequestError("bad-setup", "setup needs exactly one of 'deal' and 'position'")
    if "deal" in setup:
        _check_deal_setup(obj(setup, "deal", "setup.", "bad-setup"))
    else:
        _check_position(obj(setup, "position", "setup.", "bad-setup"))


def _check_deal_setup(deal: Json) -> None:
    """``setup.deal``: ``players``, ``dealer``, ``deck``, optional ``seated`` (distinct seats)."""
    path = "setup.deal."
    required(deal, {"players": "bad-setup", "dealer": "bad-setup", "deck": "bad-setup"}, path)
    _number(deal, "players", path, "bad-players", _is_players, "an integer 2..10")
    _number(deal, "dealer", path, "bad-dealer", _is_seat, "a seat 0..9")
    _cards(deal, "deck", path, "bad-setup")
    _seats(deal, "seated", path, "bad-seated", distinct=True)


def _check_position(position: Json) -> None:
    """``setup.position`` (``$defs/setup``, ``position``)."""
    path = "setup.position."
    required(position, {"players": "bad-setup", "hands": "bad-setup", "leader": "bad-setup"}, path)
    _number(position, "players", path, "bad-players", _is_players, "an integer 2..10")
    hands = position["hands"]
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise RequestError("bad-setup", f"{path}hands must be a list of card lists, not {quote(position, 'hands')}")
    for index, hand in enumerate(hands):
        _card_items(hand, f"{path}hands[{index}]")
    _cards(position, "out_of_play", path, "bad-setup")
    _number(position, "leader", path, "bad-position", _is_seat, "a seat 0..9")
    _check_trick(position)
    field(position, "taking", path, "bad-position", lambda v: v is None or _is_seat(v), "a seat 0..9 or null")
    field(position, "forced", path, "bad-card", lambda v: v is None or _is_card_input(v), "a card or null")
    _seats(position, "went_out", path, "bad-position")
    _number(position, "dealt", path, "bad-position", _is_players, "an integer 2..10")


def _check_trick(position: Json) -> None:
    """``position.trick``: a list of ``{"player": seat, "card": text}`` (``$defs/played``)."""
    trick = position.get("trick", [])
    if not isinstance(trick, list):
        raise RequestError("bad-position", f"setup.position.trick must be a list, not {quote(position, 'trick')}")
    for index, played in enumerate(trick):
        path = f"setup.position.trick[{index}]."
        if not isinstance(played, dict):
            shape = "{'player': seat, 'card': card}"
            raise RequestError("bad-position", f"{path[:-1]} must be {shape}, not {shown(json_text(played))}")
        required(played, {"player": "bad-position", "card": "bad-card"}, path)
        _number(played, "player", path, "bad-position", _is_seat, "a seat 0..9")
        field(played, "card", path, "bad-card", lambda v: isinstance(v, str), "a card")


def _check_deal(message: Json, path: str = "") -> None:
    """``deal`` (and a batch's deal step): ``deck``, a list of cards."""
    required(message, {"deck": "bad-deck"}, path)
    _cards(message, "deck", path, "bad-deck")


def _check_apply(message: Json, path: str = "") -> None:
    """``apply`` (and a batch's apply step): ``action`` text, optional ``player`` (a seat or null)."""
    required(message, {"action": "bad-request"}, path)
    field(message, "action", path, "bad-request", lambda v: isinstance(v, str), "an action text")
    field(message, "player", path, "bad-player", lambda v: v is None or _is_seat(v), "a seat 0..9 or null")


def _check_batch(message: Json) -> None:
    """``batch``: ``steps``, each an apply or a deal, with optional ``state`` and
    ``undo`` booleans (``$defs/batch-step``)."""
    required(message, {"steps": "bad-request"}, "")
    steps = message["steps"]
    if not isinstance(steps, list):
        raise RequestError("bad-request", f"steps must be a list of steps, not {quote(message, 'steps')}")
    for index, step in enumerate(steps):
        path = f"steps[{index}]."
        cmd = step.get("cmd") if isinstance(step, dict) else None
        if cmd == "apply":
            _check_apply(step, path)
        elif cmd == "deal":
            _check_deal(step, path)
        else:
            what = f"an apply or a deal step, not {shown(json_text(step))}"
            raise RequestError("bad-request", f"steps[{index}] must be {what}")
        for flag in ("state", "undo"):  # whether the step's result may leave the state out, and its undo
            field(step, flag, path, "bad-request", lambda v: isinstance(v, bool), "true or false")


_COMMAND_CHECKS: dict[str, Callable[[Json], None]] = {
    "hello": check_hello,
    "start": _check_start,
    "deal": _check_deal,
    "apply": _check_apply,
    "batch": _check_batch,
}
