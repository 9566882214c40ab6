"""What ``generala-kit serve`` accepts as a request, whatever the game: the limits
of a request line and the checks every game's request checks share.

The server side of the JSON-lines protocol (``docs/protocol.md``, "What
``generala-kit serve`` accepts"). :func:`decode_request` reads one line under the size
and depth caps; a game's ``check_request`` (its :class:`~generala_conformance.core.game.Game`
supplies it) then refuses what the request part of its protocol schema forbids,
before any adapter sees it, with a :class:`RequestError` naming the field, built
from the checks here: :func:`check_id_and_cmd`, :func:`check_hello`, :func:`field`,
:func:`required`, :func:`obj`. They are a hand-written equivalent of the schema
(a test checks each game's accepts exactly what its schema accepts), a few hundred
times cheaper than validating every request with jsonschema. An integer is a JSON
number written without fraction or exponent, never a boolean.

Refusal codes here: ``line-too-long``, ``not-utf8``, ``bad-json``, ``not-an-object``,
``too-deep``, ``bad-request`` (the request's own fields: ``id``, ``cmd``,
``protocol``), ``unknown-command`` and ``unsupported-protocol`` (of kind
``unsupported``); a game's checks add the codes of its setups and actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any

from generala_conformance.transport.adapter import BadRequest, Json
from generala_conformance.transport.protocol import PROTOCOL_VERSION, nests_deeper, shown

#: The longest request line ``serve`` reads, in bytes, its newline excluded.
MAX_LINE_BYTES = 1 << 20
#: The deepest nesting of arrays and objects in a request (the request object is level 1).
MAX_DEPTH = 32


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


def check_id_and_cmd(message: Json, commands: Collection[str]) -> str:
    """The request's command, once its ``id`` and ``cmd`` are checked (``cmd`` one of
    ``commands``, those of the game served); :class:`RequestError` otherwise."""
    if request_id(message) is None:
        raise RequestError("bad-request", f"'id' must be an integer >= 0, not {quote(message, 'id')}")
    cmd = message.get("cmd")
    if not isinstance(cmd, str):
        raise RequestError("bad-request", f"'cmd' must be a command name, not {quote(message, 'cmd')}")
    if cmd not in commands:
        raise RequestError("unknown-command", f"unknown command {shown(json_text(cmd))}", "unsupported")
    return cmd


def json_text(value: Any) -> str:
    """``value`` as JSON text (ASCII), as an error message quotes it."""
    return json.dumps(value, ensure_ascii=True)


def quote(where: Json, field: str) -> str:
    """The value of ``field`` in ``where`` as JSON text, shortened, or ``nothing``."""
    return shown(json_text(where[field])) if field in where else "nothing"


def field(where: Json, name: str, path: str, code: str, ok: Callable[[Any], bool], what: str) -> None:
    """Refuse with ``code`` when ``name`` is present in ``where`` and not ``ok``."""
    if name in where and not ok(where[name]):
        raise RequestError(code, f"{path}{name} must be {what}, not {quote(where, name)}")


def required(where: Json, fields: dict[str, str], path: str) -> None:
    """Refuse a missing field with its code (``fields``: name -> code)."""
    for name, code in fields.items():
        if name not in where:
            raise RequestError(code, f"{path}{name} is required")


def obj(where: Json, name: str, path: str, code: str) -> Json:
    """``where[name]``, which must be an object (else ``code``)."""
    value = where[name]
    if not isinstance(value, dict):
        raise RequestError(code, f"{path}{name} must be an object, not {quote(where, name)}")
    return value


def is_rules(value: Any) -> bool:
    """``$defs/rules``: option names to value names."""
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def check_hello(message: Json) -> None:
    """``hello``: ``protocol`` 1 (another integer is ``unsupported``)."""
    required(message, {"protocol": "bad-request"}, "")
    protocol = message["protocol"]
    if type(protocol) is not int:
        raise RequestError("bad-request", f"'protocol' must be an integer, not {quote(message, 'protocol')}")
    if protocol != PROTOCOL_VERSION:
        raise RequestError(
            "unsupported-protocol", f"protocol {protocol}: this peer speaks {PROTOCOL_VERSION}", "unsupported"
        )
