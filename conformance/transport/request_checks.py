"""What ``generala-kit serve`` accepts as a request: its limits and its checks.

The server side of the JSON-lines protocol (``docs/protocol.md``, "What
``generala-kit serve`` accepts"). :func:`decode_request` reads one line under the size
and depth caps; :func:`check_request` refuses what the request part of
``spec/schemas/protocol.schema.json`` forbids, before any adapter sees it, with
a :class:`RequestError` naming the field. It is a hand-written equivalent of
that schema part (a test checks it accepts exactly what the schema accepts),
a few hundred times cheaper than validating every request with jsonschema. An
integer is a JSON number written without fraction or exponent, never a boolean.

Refusal codes: ``line-too-long``, ``not-utf8``, ``bad-json``, ``not-an-object``,
``too-deep``, ``bad-request`` (the request's own fields: ``id``, ``cmd``,
``protocol``, ``action``, ``steps``), ``unknown-command`` and
``unsupported-protocol`` (of kind ``unsupported``), and for the fields of a
setup the codes of ``docs/cards-contract.md``: ``bad-setup``, ``bad-players``,
``bad-dealer``, ``bad-seated``, ``bad-deck``, ``bad-card``, ``bad-position``,
and ``bad-player`` for the ``player`` of an ``apply``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any

from generala_conformance.transport.adapter import BadRequest, Json
from generala_conformance.transport.protocol import PROTOCOL_VERSION, RESULT_KEYS, nests_deeper, shown

#: The longest request line ``serve`` reads, in bytes, its newline excluded.
MAX_LINE_BYTES = 1 << 20
#: The deepest nesting of arrays and objects in a request (the request object is level 1).
MAX_DEPTH = 32
_SEATS = 10  # a seat number is 0..9 (spec/schemas/protocol.schema.json, $defs/seat)


class RequestError(BadRequest):
    """A request ``serve`` refuses before the adapter sees it; ``kind`` is the
    reply's error kind (``bad-request`` or ``unsupported``)."""

    def __init__(self, code: str, message: str, kind: str = "bad-request") -> None:
        super().__init__(code, message)
        self.kind = kind


def too_long() -> RequestError:
    """The refusal of a line longer than :data:`MAX_LINE_BYTES`."""
    return RequestError("line-too-long", f"the request line is longer than {MAX_LINE_BYTES:,} bytes")


def decode_request(line: bytes) -> Json:
    """One request line (UTF-8 JSON) as an object, or raise :class:`RequestError`
    (``not-utf8``, ``bad-json``, ``not-an-object``, ``too-deep``)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        where = f"{error.reason} at byte {error.start}"
        raise RequestError("not-utf8", f"the request line is not UTF-8 ({where})") from None
    try:
        message = json.loads(text)
    except RecursionError:  # nested about 1,000 deep: the parser's own limit
        raise _too_deep() from None
    except ValueError as error:  # also a number of more than 4,300 digits
        raise RequestError("bad-json", f"the request line is not JSON ({error}): {shown(text)}") from None
    if not isinstance(message, dict):
        raise RequestError("not-an-object", f"the request is not a JSON object: {shown(text)}")
    if text.count("[") + text.count("{") > MAX_DEPTH and nests_deeper(text, MAX_DEPTH):
        raise _too_deep()
    return message


def _too_deep() -> RequestError:
    return RequestError("too-deep", f"the request nests arrays and objects deeper than {MAX_DEPTH} levels")


def request_id(message: Json) -> int | None:
    """The request's ``id`` when it is one (an integer >= 0), else ``None``."""
    value = message.get("id")
    return value if type(value) is int and value >= 0 else None


def check_id_and_cmd(message: Json, commands: Collection[str] = RESULT_KEYS) -> str:
    """The request's command, once its ``id`` and ``cmd`` are checked (``cmd`` one of
    ``commands``, those of the game served); :class:`RequestError` otherwise."""
    if request_id(message) is None:
        raise RequestError("bad-request", f"'id' must be an integer >= 0, not {_quote(message, 'id')}")
    cmd = message.get("cmd")
    if not isinstance(cmd, str):
        raise RequestError("bad-request", f"'cmd' must be a command name, not {_quote(message, 'cmd')}")
    if cmd not in commands:
        raise RequestError("unknown-command", f"unknown command {shown(_json(cmd))}", "unsupported")
    return cmd


def check_request(message: Json) -> None:
    """Refuse, with a :class:`RequestError` naming the field, a request that the
    protocol schema's ``request`` part forbids."""
    cmd = check_id_and_cmd(message)
    check = _COMMAND_CHECKS.get(cmd)
    if check is not None:
        check(message)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True)


def _quote(where: Json, field: str) -> str:
    """The value of ``field`` in ``where`` as JSON text, shortened, or ``nothing``."""
    return shown(_json(where[field])) if field in where else "nothing"


# Each check below is one $defs entry of the schema (the name in its docstring).


def _is_seat(value: Any) -> bool:
    """``$defs/seat``."""
    return type(value) is int and 0 <= value < _SEATS


def _is_players(value: Any) -> bool:
    """``players`` and ``dealt``: an integer 2..10."""
    return type(value) is int and 2 <= value <= 10


def _field(where: Json, field: str, path: str, code: str, ok: Callable[[Any], bool], what: str) -> None:
    """Refuse with ``code`` when ``field`` is present and not ``ok``; a seat or a
    count that is not an integer at all is ``bad-setup`` (types before values, R-SETUP-2)."""
    if field in where and not ok(where[field]):
        value = where[field]
        if ok in (_is_seat, _is_players) and (type(value) is not int):
            code = "bad-setup"
        raise RequestError(code, f"{path}{field} must be {what}, not {_quote(where, field)}")


def _required(where: Json, fields: dict[str, str], path: str) -> None:
    """Refuse a missing field with its code (``fields``: name -> code)."""
    for field, code in fields.items():
        if field not in where:
            raise RequestError(code, f"{path}{field} is required")


def _cards(where: Json, field: str, path: str, list_code: str) -> None:
    """``field`` a list (else ``list_code``) of non-empty strings (``$defs/card-input``; else ``bad-card``)."""
    if field not in where:
        return
    cards = where[field]
    if not isinstance(cards, list):
        raise RequestError(list_code, f"{path}{field} must be a list of cards, not {_quote(where, field)}")
    _card_items(cards, f"{path}{field}")


_STRINGS_ONLY = {str}


def _is_card_input(value: Any) -> bool:
    """``$defs/card-input``: a non-empty string."""
    return isinstance(value, str) and value != ""


def _card_items(cards: list[Any], path: str) -> None:
    if (not cards or set(map(type, cards)) == _STRINGS_ONLY) and "" not in cards:
        return  # (every card a non-empty string, found at C speed: the common case)
    for index, card in enumerate(cards):
        if not _is_card_input(card):
            raise RequestError(
                "bad-card", f"{path}[{index}] must be a card (a non-empty string), not {shown(_json(card))}"
            )


def _seats(where: Json, field: str, path: str, code: str, distinct: bool = False) -> None:
    """``field`` a list of seats (``distinct``: no seat twice), else ``code``."""
    if field not in where:
        return
    seats = where[field]
    if not isinstance(seats, list) or not all(_is_seat(s) for s in seats):
        raise RequestError(code, f"{path}{field} must be a list of seats 0..9, not {_quote(where, field)}")
    if distinct and len(set(seats)) != len(seats):
        raise RequestError(code, f"{path}{field} names a seat twice: {_quote(where, field)}")


def _object(where: Json, field: str, path: str, code: str) -> Json:
    value = where[field]
    if not isinstance(value, dict):
        raise RequestError(code, f"{path}{field} must be an object, not {_quote(where, field)}")
    return value


def _check_hello(message: Json) -> None:
    """``hello``: ``protocol`` 1 (another integer is ``unsupported``)."""
    _required(message, {"protocol": "bad-request"}, "")
    protocol = message["protocol"]
    if type(protocol) is not int:
        raise RequestError("bad-request", f"'protocol' must be an integer, not {_quote(message, 'protocol')}")
    if protocol != PROTOCOL_VERSION:
        raise RequestError(
            "unsupported-protocol", f"protocol {protocol}: this peer speaks {PROTOCOL_VERSION}", "unsupported"
        )


def _check_start(message: Json) -> None:
    """``start``: ``setup`` (``$defs/setup``)."""
    _required(message, {"setup": "bad-setup"}, "")
    setup = _object(message, "setup", "", "bad-setup")
    _field(setup, "profile", "setup.", "bad-setup", lambda v: isinstance(v, str), "a profile name")
    _field(setup, "series", "setup.", "bad-setup", lambda v: isinstance(v, bool), "true or false")
    _field(setup, "rules", "setup.", "bad-setup", _is_rules, "an object of option names to value names")
    if ("deal" in setup) == ("position" in setup):
        raise RequestError("bad-setup", "setup needs exactly one of 'deal' and 'position'")
    if "deal" in setup:
        _check_deal_setup(_object(setup, "deal", "setup.", "bad-setup"))
    else:
        _check_position(_object(setup, "position", "setup.", "bad-setup"))


def _is_rules(value: Any) -> bool:
    """``$defs/rules``."""
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _check_deal_setup(deal: Json) -> None:
    """``setup.deal``: ``players``, ``dealer``, ``deck``, optional ``seated`` (distinct seats)."""
    path = "setup.deal."
    _required(deal, {"players": "bad-setup", "dealer": "bad-setup", "deck": "bad-setup"}, path)
    _field(deal, "players", path, "bad-players", _is_players, "an integer 2..10")
    _field(deal, "dealer", path, "bad-dealer", _is_seat, "a seat 0..9")
    _cards(deal, "deck", path, "bad-setup")
    _seats(deal, "seated", path, "bad-seated", distinct=True)


def _check_position(position: Json) -> None:
    """``setup.position`` (``$defs/setup``, ``position``)."""
    path = "setup.position."
    _required(position, {"players": "bad-setup", "hands": "bad-setup", "leader": "bad-setup"}, path)
    _field(position, "players", path, "bad-players", _is_players, "an integer 2..10")
    hands = position["hands"]
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise RequestError("bad-setup", f"{path}hands must be a list of card lists, not {_quote(position, 'hands')}")
    for index, hand in enumerate(hands):
        _card_items(hand, f"{path}hands[{index}]")
    _cards(position, "out_of_play", path, "bad-setup")
    _field(position, "leader", path, "bad-position", _is_seat, "a seat 0..9")
    _check_trick(position)
    _field(position, "taking", path, "bad-position", lambda v: v is None or _is_seat(v), "a seat 0..9 or null")
    _field(position, "forced", path, "bad-card", lambda v: v is None or _is_card_input(v), "a card or null")
    _seats(position, "went_out", path, "bad-position")
    _field(position, "dealt", path, "bad-position", _is_players, "an integer 2..10")


def _check_trick(position: Json) -> None:
    """``position.trick``: a list of ``{"player": seat, "card": text}`` (``$defs/played``)."""
    trick = position.get("trick", [])
    if not isinstance(trick, list):
        raise RequestError("bad-position", f"setup.position.trick must be a list, not {_quote(position, 'trick')}")
    for index, played in enumerate(trick):
        path = f"setup.position.trick[{index}]."
        if not isinstance(played, dict):
            shape = "{'player': seat, 'card': card}"
            raise RequestError("bad-position", f"{path[:-1]} must be {shape}, not {shown(_json(played))}")
        _required(played, {"player": "bad-position", "card": "bad-card"}, path)
        _field(played, "player", path, "bad-position", _is_seat, "a seat 0..9")
        _field(played, "card", path, "bad-card", lambda v: isinstance(v, str), "a card")


def _check_deal(message: Json, path: str = "") -> None:
    """``deal`` (and a batch's deal step): ``deck``, a list of cards."""
    _required(message, {"deck": "bad-deck"}, path)
    _cards(message, "deck", path, "bad-deck")


def _check_apply(message: Json, path: str = "") -> None:
    """``apply`` (and a batch's apply step): ``action`` text, optional ``player`` (a seat or null)."""
    _required(message, {"action": "bad-request"}, path)
    _field(message, "action", path, "bad-request", lambda v: isinstance(v, str), "an action text")
    _field(message, "player", path, "bad-player", lambda v: v is None or _is_seat(v), "a seat 0..9 or null")


def _check_batch(message: Json) -> None:
    """``batch``: ``steps``, each an apply or a deal, with optional ``state``,
    ``actions`` and ``undo`` booleans (``$defs/batch-step``)."""
    _required(message, {"steps": "bad-request"}, "")
    steps = message["steps"]
    if not isinstance(steps, list):
        raise RequestError("bad-request", f"steps must be a list of steps, not {_quote(message, 'steps')}")
    for index, step in enumerate(steps):
        if type(step) is dict and step.get("cmd") == "apply" and _plain_apply_step(step):
            continue  # (the common case, checked at once)
        path = f"steps[{index}]."
        cmd = step.get("cmd") if isinstance(step, dict) else None
        if cmd == "apply":
            _check_apply(step, path)
        elif cmd == "deal":
            _check_deal(step, path)
        else:
            what = f"an apply or a deal step, not {shown(_json(step))}"
            raise RequestError("bad-request", f"steps[{index}] must be {what}")
        for flag in ("state", "actions", "undo"):  # what the step's result may leave out, and its undo
            _field(step, flag, path, "bad-request", lambda v: isinstance(v, bool), "true or false")


def _plain_apply_step(step: Json) -> bool:
    """Whether an apply step holds fields of the right types only (what :func:`_check_apply`
    and the flags' checks accept), checked at once: ``False`` leaves it to them."""
    player = step.get("player")
    return (
        type(step.get("action")) is str
        and (player is None or (type(player) is int and 0 <= player < _SEATS))
        and type(step.get("state", True)) is bool
        and type(step.get("actions", True)) is bool
        and type(step.get("undo", False)) is bool
    )


_COMMAND_CHECKS: dict[str, Callable[[Json], None]] = {
    "hello": _check_hello,
    "start": _check_start,
    "deal": _check_deal,
    "apply": _check_apply,
    "batch": _check_batch,
}


# The checks another game's request checks share (games/dice/request_checks.py).
check_hello = _check_hello
field = _field
required = _required
obj = _object
quote = _quote
json_text = _json
is_rules = _is_rules
