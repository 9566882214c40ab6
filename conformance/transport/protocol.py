"""The JSON-lines protocol: message framing and the shapes of requests and replies.

One request per line on the implementation's stdin, one reply per line on its
stdout (``docs/cards-contract.md``, ``docs/protocol.md``). This module is pure: it
encodes and decodes lines and checks the *shape* every reply must have (cheap,
always on). Full JSON Schema validation of every message
(``spec/schemas/protocol.schema.json``) is :class:`MessageValidator`, used only
with ``--validate-messages``.
"""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from functools import cache, cached_property
from itertools import repeat
from typing import Any, cast

from generala_conformance.transport import handshake
from generala_conformance.transport.adapter import Adapter, BadRequest, Json, ProtocolViolation, Refused, Unsupported
from generala_conformance.transport.json_values import strict_equal
from generala_conformance.transport.sanitize import clean_text, clean_value, needs_cleaning
from generala_spec.fast_schema import fast_valid

PROTOCOL_VERSION = handshake.PROTOCOL_VERSION
#: A reply line longer than this (newline excluded) is a protocol violation; the
#: kit stops reading there (``docs/protocol.md``, "Limits").
MAX_LINE_BYTES = 4 * 1024 * 1024
#: Arrays and objects nested deeper than this are a protocol violation.
MAX_DEPTH = 64

#: For each command, the key of ``result`` that holds its value and that value's
#: type; ``None`` means the whole ``result`` object is the value.
RESULT_KEYS: dict[str, tuple[str | None, type[Any]]] = {
    "hello": (None, dict),
    "start": ("state", dict),
    "deal": ("events", list),
    "legal": ("actions", list),
    "apply": ("events", list),
    "state": ("state", dict),
    "batch": ("results", list),
    "quit": (None, dict),
}
#: The commands of every game: the card game's, and the dice game's scoring-level
#: ``score`` (``docs/dice-contract.md``; its result object is the value).
ALL_RESULT_KEYS: dict[str, tuple[str | None, type[Any]]] = {**RESULT_KEYS, "score": (None, dict)}
ERROR_KINDS = ("illegal", "bad-request", "unsupported")
_SHOWN = 300  # characters of an offending line quoted in an error


class InvalidMessage(ValueError):
    """A message the kit itself built breaks the protocol schema (a kit or fixture
    bug, not the implementation's fault); ``code`` is ``invalid-request``."""

    code = "invalid-request"


def shown(text: str | bytes) -> str:
    """``text`` shortened (and sanitised) for an error message."""
    size, unit = len(text), "bytes" if isinstance(text, bytes) else "characters"
    if isinstance(text, bytes):
        text = text[: _SHOWN * 4].decode("utf-8", "replace")
    head = clean_text(text[:_SHOWN])
    return head if len(text) <= _SHOWN and size <= _SHOWN * 4 else f"{head}… ({size} {unit})"


ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""One encoder for every message, compact UTF-8 (``json.dumps`` with arguments builds a
new one each call). Messages are trees (what was decoded, results built afresh): they
are not looked through for cycles (a fifth of the encoding), and a value that held one
would raise ``RecursionError`` (a ``ValueError`` otherwise)."""


def encode(message: Json) -> bytes:
    """One message as one line of UTF-8 JSON, newline included."""
    return ENCODER.encode(message).encode() + b"\n"


class _NotJson(ValueError):
    """A constant Python's decoder accepts but JSON does not (NaN, Infinity)."""


def _no_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not a JSON value")


def _no_fraction(text: str) -> Any:
    raise _NotJson(f"{text[:40]} is not an integer: every number of the protocol is written 1, not 1.0 or 1e0")


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_no_fraction)
"""One decoder for every line (``json.loads`` with an argument builds a new one each call).
No message of the protocol holds a number that is not an integer (``docs/protocol.md``):
a number written with a fraction or an exponent makes the line malformed."""


def decode(line: bytes | str) -> Json:
    """Parse one line of UTF-8 JSON into an object, or raise :class:`ProtocolViolation`
    (not UTF-8, not JSON, NaN/Infinity, nested deeper than :data:`MAX_DEPTH`, not an
    object). Every string of the result is sanitised (:mod:`.sanitize`)."""
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ProtocolViolation(
                f"the implementation wrote a line that is not UTF-8 (byte {line[error.start]:#04x} "
                f"at offset {error.start}: {error.reason})",
                detail=shown(line),
            ) from None
    else:
        text = line
    try:
        message, too_deep = _DECODER.decode(text), False
    except RecursionError:
        message, too_deep = None, True  # deeper than the decoder goes
    except ValueError as error:
        raise ProtocolViolation(
            f"the implementation wrote a line that is not JSON ({error})", detail=shown(line)
        ) from None
    if too_deep or nests_deeper(line, MAX_DEPTH):  # (the bytes read, when they were: not encoded again)
        raise ProtocolViolation(
            f"the implementation wrote a JSON value nested deeper than {MAX_DEPTH} levels", detail=shown(line)
        )
    if not isinstance(message, dict):
        raise ProtocolViolation("the implementation wrote a JSON value that is not an object", detail=shown(line))
    if ("\\" in text and "\\u" in text) or needs_cleaning(text, strict_json=True):  # (a lone byte is found 60x faster)
        clean_value(message)
    return message


_STRINGS = rb'"[^"\\]*(?:\\.[^"\\]*)*"'
"""(A pattern ``re`` compiles at its first use, not at ``serve``'s start.)"""
_BUT_BRACKETS_AND_QUOTES = bytes(range(256)).translate(None, b'[]{}"')
_BUT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_ONE_KIND = bytes.maketrans(b"{}", b"[]")


def nests_deeper(text: str | bytes, limit: int) -> bool:
    """Whether the (valid) JSON ``text`` nests arrays and objects deeper than ``limit``.

    Read from the text, for speed: with its strings and scalars taken out (two
    quotes side by side, once the rest is out, open and close one string or close
    one and open the next: either way taking them out leaves every other bracket
    inside or outside strings as it was), what is left is its brackets, balanced:
    written as one kind, taking out every ``[]`` (one ``replace``, which does not
    see the pairs it makes) takes out the innermost level, so the text nests
    deeper than ``limit`` when ``limit`` such passes leave brackets (C-speed
    loops; a text is most often empty after a few). A text too short to hold
    ``limit + 1`` levels (two bytes each), or with at most ``limit`` brackets
    (opening ones, in a text with escapes), cannot nest deeper, and is answered
    at once; without escapes the brackets are counted once the rest is out (a
    few times fewer bytes to count than in the whole text), and where every quote
    left stands beside its partner (no string holds a bracket, as in most lines)
    the quotes are simply taken out.

    >>> nests_deeper('{"a": [[1], "]]]["]}', 3), nests_deeper('[[[]]]', 2)
    (False, True)
    """
    data = text.encode() if isinstance(text, str) else text
    if len(data) <= 2 * limit + 1:
        return False
    if b"\\" in data:
        if data.count(b"[") + data.count(b"{") <= limit:
            return False
        brackets = re.sub(_STRINGS, b"", data).translate(None, _BUT_BRACKETS)
    else:  # without escapes every quote opens or closes a string: split there (faster)
        kept = data.translate(None, _BUT_BRACKETS_AND_QUOTES)
        quotes = kept.count(b'"')
        if len(kept) - quotes <= limit:
            return False
        if kept.count(b'""') * 2 == quotes:  # every quote beside its partner: no string holds a bracket
            brackets = kept.translate(None, b'"')
        else:
            quoted = kept.replace(b'""', b"")  # the strings without brackets
            brackets = b"".join(quoted.split(b'"')[::2])
    level = brackets.translate(_ONE_KIND)
    for _ in range(limit):
        if not level:
            return False
        level = level.replace(b"[]", b"")
    return bool(level)


def request(request_id: int, cmd: str, **fields: Any) -> Json:
    """A request message (``hello`` carries the kit's protocol version)."""
    if cmd not in ALL_RESULT_KEYS:
        raise InvalidMessage(f"unknown command {cmd!r}")
    message: Json = {"id": request_id, "cmd": cmd, **fields}
    if cmd == "hello":
        message.setdefault("protocol", PROTOCOL_VERSION)
    return message


def ok_reply(request_id: int | None, cmd: str, value: Any) -> Json:
    """The success reply to ``cmd`` carrying ``value`` (server side)."""
    key, _ = ALL_RESULT_KEYS[cmd]
    return {"id": request_id, "ok": True, "result": value if key is None else {key: value}}


def error_reply(request_id: int | None, kind: str, message: str, code: str | None = None) -> Json:
    """An error reply of ``kind`` (``illegal``, ``bad-request``, ``unsupported``)."""
    error: Json = {"kind": kind, "message": message}
    if code is not None:
        error["code"] = code
    return {"id": request_id, "ok": False, "error": error}


def _violation(message: str, reply: Json, *, in_step: bool = True) -> ProtocolViolation:
    """A reply that breaks the protocol (``in_step``: a reply to the request asked, of the wrong shape)."""
    return ProtocolViolation(message, detail=shown(json.dumps(reply, ensure_ascii=False)), in_step=in_step)


def unwrap(reply: Json, request_id: int, cmd: str, steps: list[Json] | None = None) -> Any:
    """The value a reply to request ``request_id`` (``cmd``) carries; ``steps`` are
    the steps a ``batch`` request sent (its reply holds one result per step).

    Raises :class:`Refused` (``illegal``), :class:`Unsupported` (``unsupported``),
    :class:`BadRequest` (``bad-request``) or :class:`ProtocolViolation` (wrong id,
    wrong shape).
    """
    if not strict_equal(reply.get("id"), request_id):
        raise _violation(f"reply to request {request_id} ({cmd}) carries id {reply.get('id')!r}", reply, in_step=False)
    ok = reply.get("ok")
    if ok is True:
        value = _result(reply, cmd)
        if cmd == "batch":
            check_batch(value, steps or [], reply)
        return value
    if ok is not False:
        raise _violation(f"reply to {cmd} has no boolean 'ok'", reply)
    error = reply.get("error")
    if not isinstance(error, dict) or error.get("kind") not in ERROR_KINDS:
        raise _violation(f"error reply to {cmd} has no 'error' with a kind in {ERROR_KINDS}", reply)
    text = str(error.get("message", ""))
    code = error.get("code")
    if error["kind"] == "illegal":
        if cmd not in ("apply", "deal"):
            raise _violation(f"'illegal' is only a reply to apply or deal, not to {cmd}", reply)
        if code is not None and not isinstance(code, str):
            raise _violation("error 'code' is not a string", reply)
        raise Refused(code, text)
    if error["kind"] == "unsupported":
        raise Unsupported(f"the implementation does not support this {cmd}: {text}")
    raise BadRequest(code if isinstance(code, str) else "bad-request", f"{cmd} rejected: {text}")


def read_reply(
    reply: Json, request_id: int, cmd: str, steps: list[Json] | None, validator: MessageValidator | None
) -> Any:
    """:func:`unwrap`, the reply then checked against the schema by ``validator``: what
    :func:`unwrap` finds wrong is said in its plainer words first."""
    try:
        value = unwrap(reply, request_id, cmd, steps)
    except (Refused, Unsupported, BadRequest):
        if validator is not None:
            validator.check_reply(cmd, reply)
        raise
    if validator is not None:
        validator.check_reply(cmd, reply)
    return value


def _result(reply: Json, cmd: str) -> Any:
    key, kind = ALL_RESULT_KEYS[cmd]
    result = reply.get("result")
    if not isinstance(result, dict):
        raise _violation(f"reply to {cmd} has no 'result' object", reply)
    value = result if key is None else result.get(key)
    if not isinstance(value, kind):
        raise _violation(f"reply to {cmd} has no result.{key} {kind.__name__}", reply)
    if kind is list and not all(map(isinstance, value, repeat(str if key == "actions" else dict))):
        raise _violation(f"result.{key} of {cmd} holds an item of the wrong type", reply)
    return value


def check_batch(results: list[Json], steps: list[Json], reply: Json) -> None:
    """Check the results of a ``batch`` of ``steps``: one per step, each with its
    events or an ``illegal`` error, then the state and the legal actions (either
    may be left out where the step said ``false`` for it)."""
    if len(results) != len(steps):
        raise _violation(f"reply to batch holds {len(results)} results for {len(steps)} steps", reply)
    for number, (result, step) in enumerate(zip(results, steps, strict=True), 1):
        if not _good_result(result, step):
            raise _violation(f"batch result {number} is not {{ok, events | error (illegal), state, actions}}", reply)


def _good_result(result: Json, step: Json) -> bool:
    """Whether the (dict) ``result`` of the batch step ``step`` is well formed
    (:func:`check_batch`). One loop in Python over a batch's results: at ~11
    results a batch it is twice as fast as a field at a time over the whole batch
    in C-level passes, whose set-up each time costs more than the loop."""
    if (ok := result.get("ok")) is True:
        events = result.get("events")
        if not isinstance(events, list):
            return False
        for event in events:
            if not isinstance(event, dict):
                return False
    else:
        error = result.get("error")
        if ok is not False or not isinstance(error, dict) or error.get("kind") != "illegal":
            return False
        if not isinstance(error.get("code"), str | None):
            return False
    state = result.get("state")
    if not isinstance(state, dict) and (state is not None or step.get("state") is not False):
        return False
    actions = result.get("actions")
    if isinstance(actions, list):
        for action in actions:
            if not isinstance(action, str):
                return False
    else:
        return False
    return True


@cache
def protocol_schema(name: str = "protocol.schema.json") -> Json:
    """A game's protocol JSON Schema: package data of ``generala_spec`` (the card
    game's ``protocol.schema.json``, the dice game's ``dice-protocol.schema.json``),
    or the file at ``name`` when it is a path."""
    from importlib.resources import files  # here: ``serve`` starts without importlib.resources

    if "/" in name or "\\" in name:  # a path: the schema of a game of another package
        with open(name, encoding="utf-8") as file:
            text = file.read()
    else:
        text = files("generala_spec").joinpath(f"schemas/{name}").read_text("utf-8")
    return cast(Json, json.loads(text))


class MessageValidator:
    """Checks replies against a game's protocol schema: always every reply but
    ``hello``'s (a reply of the wrong shape is a fault of the implementation, in plain
    ``check`` too; the handshake judges the hello field by field), and with ``every``
    (``--validate-messages``) the hello and every request the kit builds too, but the
    requests a case sends invalid on purpose (:meth:`allow`)."""

    def __init__(self, schema_name: str = "protocol.schema.json", *, every: bool = True) -> None:
        schema = protocol_schema(schema_name)
        self.schema_name = schema_name
        self.every = every
        replies = [cmd for cmd in ALL_RESULT_KEYS if f"reply-{cmd}" in schema["$defs"]]
        self._replies = {cmd: _schema_part(schema_name, f"reply-{cmd}") for cmd in replies}
        self._allowed: set[str] = set()

    def allow(self, requests: list[Json]) -> None:
        """Let ``requests`` (without ``id``) through: a contract case sends them invalid on purpose."""
        self._allowed.update(_canonical(request) for request in requests)

    def check_request(self, message: Json) -> None:
        """Raise :class:`InvalidMessage` when a request the kit built is not valid
        (and not one a case sends invalid on purpose); nothing without ``every``."""
        if not self.every:
            return
        error = _schema_part(self.schema_name, "request").first_error(message)
        if error and _canonical({k: v for k, v in message.items() if k != "id"}) not in self._allowed:
            raise InvalidMessage(f"request breaks the protocol schema: {error}")

    def check_reply(self, cmd: str, message: Json) -> None:
        """Raise :class:`ProtocolViolation` when a reply to ``cmd`` is not valid."""
        if cmd == "hello" and not self.every:
            return
        error = self._replies[cmd].first_error(message)
        if error:
            raise _violation(f"reply to {cmd} breaks the protocol schema: {error}", message)


def _canonical(request: Json) -> str:
    return json.dumps(request, sort_keys=True)


class SchemaPart:
    """One ``$defs`` entry of a game's protocol schema, as a validator: ``jsonschema_rs``
    (compiled) tells whether a message is valid, and ``jsonschema`` (built at the first
    invalid message) says why one is not. Validating every message of a
    ``check --validate-messages`` run with ``jsonschema`` alone made that run several
    times slower (``bench/bench_check.py``)."""

    def __init__(self, schema_name: str, name: str) -> None:
        import jsonschema_rs

        self.part = {"$defs": protocol_schema(schema_name)["$defs"], "$ref": f"#/$defs/{name}"}
        self.fast = jsonschema_rs.Draft202012Validator(self.part)

    @cached_property
    def full(self) -> Any:
        """``jsonschema``'s validator of the part (the schema itself checked first)."""
        from jsonschema import Draft202012Validator

        Draft202012Validator.check_schema(self.part)
        return Draft202012Validator(self.part)

    def first_error(self, message: Json) -> str | None:
        """Why ``message`` breaks this part of the schema (the error ``jsonschema``
        finds most relevant); ``None`` when it does not."""
        if fast_valid(self.fast, message):
            return None
        from jsonschema.exceptions import best_match

        error = best_match(self.full.iter_errors(message))
        if error is None:  # jsonschema decides (the two agree: tests/unit/test_schema_validators.py)
            return None
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        return f"at {where}: {error.message}"


@cache
def _schema_part(schema_name: str, name: str) -> SchemaPart:
    """The validator of one ``$defs`` entry of a game's protocol schema."""
    return SchemaPart(schema_name, name)


def request_schema_error(request: Json, schema_name: str = "protocol.schema.json") -> str | None:
    """Why ``request`` (without ``id``) breaks the game's protocol schema; ``None`` if it does not."""
    return _schema_part(schema_name, "request").first_error({"id": 1, **request})


_NOT_APPLY_FIELDS = frozenset(("id", "cmd", "state", "undo"))
"""Fields of an apply request or batch step that are not the apply's own."""


class RequestAdapter(Adapter):
    """An adapter whose every method is one protocol request (see ``_call``)."""

    validator: MessageValidator | None = None
    """What checks the messages against the protocol schema (``--validate-messages``)."""

    @abstractmethod
    def _call(self, cmd: str, **fields: Any) -> Any:
        """Send request ``cmd`` with ``fields``; return the value of its reply."""

    def hello(self) -> Json:
        return cast(Json, self._call("hello"))

    def start(self, setup: Json) -> Json:
        return cast(Json, self._call("start", setup=setup))

    def deal(self, deck: list[str]) -> list[Json]:
        return cast(list[Json], self._call("deal", deck=deck))

    def legal(self) -> list[str]:
        return cast(list[str], self._call("legal"))

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        return self.apply_request({"action": action, "player": player})

    def apply_request(self, fields: Json) -> list[Json]:
        """One ``apply`` request with ``fields`` (a batch step's flags and absent values left out)."""
        sent = {k: v for k, v in fields.items() if k not in _NOT_APPLY_FIELDS and v is not None}
        return cast(list[Json], self._call("apply", **sent))

    def score(self, request: Json) -> Json:
        return cast(Json, self._call("score", **request))

    def state(self) -> Json:
        return cast(Json, self._call("state"))

    def allow_invalid(self, requests: list[Json]) -> None:
        if self.validator is not None:
            self.validator.allow(requests)

    def batch(self, steps: list[Json]) -> list[Json]:
        """One ``batch`` request when the implementation takes them, else step by step."""
        if self._batches():
            return cast(list[Json], self._call("batch", steps=steps))
        return super().batch(steps)

    def _batches(self) -> bool:
        """Whether the implementation answers ``batch`` requests (its hello says so)."""
        return False

    def batches(self) -> bool:
        return self._batches()
