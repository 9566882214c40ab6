"""orjson reads and writes protocol lines (the kit: all but its ``hello``; ``serve``:
long requests and most replies) only where it answers as the standard library's
``json`` does (:mod:`generala_conformance.transport.json_codec`); everywhere else,
and without orjson, the standard library answers, and a user reads the same
objects, bytes and errors either way."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from generala_conformance.transport import json_codec, protocol, request_checks, serve
from generala_conformance.transport.adapter import ProtocolViolation
from hypothesis import example, given
from hypothesis import strategies as st

PAD = "p" * json_codec.LONG_LINE
"""A string that makes any object holding it a long line."""


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (``1 == 1.0 == True`` is not enough)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return a == b


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text()
)
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4), max_leaves=25
)


def _line(value: Any, ascii_only: bool) -> bytes:
    """``value`` in a long JSON object line as ``json`` writes it (NaN and lone surrogates included)."""
    return json.dumps({"pad": PAD, "value": value}, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


@given(VALUES, st.booleans())
@example(2**64, False)  # past 64 bits: orjson would read a float
@example(-(2**63) - 1, False)
@example(2**64 - 1, False)  # the largest integer orjson reads exactly
@example(float("nan"), False)
@example(1e308 * 10, False)
@example("\ud800", True)  # a lone surrogate, escaped
@example("\ud800", False)  # ... and raw: not UTF-8
@example("\x7f\u2028\U0001f600", False)
def test_a_long_line_read_fast_is_the_object_json_reads(value: Any, ascii_only: bool) -> None:
    line = _line(value, ascii_only)
    fast = json_codec.fast_object(line)
    if fast is not None:
        assert _same(fast, json.loads(line))


@given(VALUES, st.booleans())
@example(2**64, False)
@example(float("nan"), False)
@example("\ud800", True)
def test_a_short_line_read_fast_by_the_kit_is_the_object_json_reads(value: Any, ascii_only: bool) -> None:
    line = json.dumps({"value": value}, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    assert json_codec.fast_object(line) is None or len(line) >= json_codec.LONG_LINE  # (serve's reading)
    fast = json_codec.fast_object(line, 0)  # (the kit's)
    if fast is not None:
        assert _same(fast, json.loads(line))


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b'{"a": 1}', "short"),
        (_line(2**64, False), "an integer orjson reads as a float"),
        (_line(float("nan"), False), "NaN"),
        (_line("\ud800", True), "a lone surrogate"),
        (b'{"a": "' + b"\xff" * json_codec.LONG_LINE + b'"}', "not UTF-8"),
        (b"[" + b"1," * json_codec.LONG_LINE + b"1]", "not an object"),
        (b"[" * 2000 + b"]" * 2000, "deeper than orjson reads"),
    ],
)
def test_what_orjson_would_read_otherwise_is_left_to_json(line: bytes, why: str) -> None:
    assert json_codec.fast_object(line) is None, why


def test_a_long_reply_is_read_fast() -> None:
    line = _line({"hands": [["8H", "JK"]], "over": False}, False)
    assert json_codec.fast_object(line) == json.loads(line)


WRITABLE = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=25,
)


def _json_line(value: Any) -> bytes:
    return protocol.ENCODER.encode(value).encode("utf-8", "replace")


@given(WRITABLE)
@example({"message": "a\ud800b"})  # a lone surrogate: left to json (written as ?)
@example({1: "a key that is not a string"})
@example([2**64])
def test_a_value_written_fast_is_the_line_json_writes(value: Any) -> None:
    fast = json_codec.fast_line(value)
    if fast is not None:
        assert fast == _json_line(value)


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False)))
def test_a_float_written_fast_is_the_same_number(value: list[float]) -> None:
    fast = json_codec.fast_line(value)
    assert fast is not None
    assert _same(json.loads(fast), value)


@pytest.mark.parametrize("value", [{"message": "\udc00"}, {1: 2}, {"n": 2**64}])
def test_what_orjson_cannot_write_is_left_to_json(value: Any) -> None:
    assert json_codec.fast_line(value) is None


BATCH_REPLY = {
    "id": 7,
    "ok": True,
    "result": {"results": [{"ok": True, "events": [{"type": "play", "player": 0, "card": "8H"}], "actions": ["9H"]}]},
}


@pytest.fixture(params=["orjson", "json only"])
def codec(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test run with orjson, and as where it is not installed."""
    if request.param == "json only":
        monkeypatch.setattr(json_codec, "_orjson", lambda: None)
    return str(request.param)


def test_serve_writes_the_same_reply_with_or_without_orjson(codec: str) -> None:
    reply = {**BATCH_REPLY, "result": {"results": BATCH_REPLY["result"]["results"] * 40}}
    line = serve.encode_reply(reply, "batch")
    assert line == _json_line(reply) + b"\n"
    assert (json_codec.fast_line(reply) is None) == (codec == "json only")
    assert serve.encode_reply({"id": 1, "ok": True, "result": {"message": "\ud800"}}, "state").endswith(b'"?"}}\n')


def test_the_kit_reads_the_same_reply_with_or_without_orjson(codec: str) -> None:
    reply = {**BATCH_REPLY, "result": {"results": BATCH_REPLY["result"]["results"] * 40}}
    line = json.dumps(reply).encode()
    assert len(line) >= json_codec.LONG_LINE
    assert (json_codec.fast_object(line) is None) == (codec == "json only")
    assert protocol.decode(line) == reply
    assert protocol.decode(line.replace(b'"9H"', b'"9H\\u001b"', 1))["result"]["results"][0]["actions"] == ["9H\u241b"]
    with pytest.raises(ProtocolViolation, match="nested deeper than 64 levels"):
        protocol.decode(line[:-1] + b',"deep":' + b"[" * 70 + b"]" * 70 + b"}")
    with pytest.raises(ProtocolViolation, match=r"not JSON \(NaN is not a JSON value\)"):
        protocol.decode(line[:-1] + b',"n":NaN}')


def test_serve_reads_the_same_request_with_or_without_orjson(codec: str) -> None:
    steps = [{"cmd": "apply", "action": "8H", "player": 0}] * 40
    line = json.dumps({"id": 3, "cmd": "batch", "steps": steps}).encode()
    assert len(line) >= json_codec.LONG_LINE
    assert request_checks.decode_request(line) == {"id": 3, "cmd": "batch", "steps": steps}
    with pytest.raises(request_checks.RequestError) as refused:
        request_checks.decode_request(line[:-1] + b',"big":' + b"9" * 5000 + b"}")
    assert refused.value.code == "bad-json"


def test_the_kit_reads_the_same_short_reply_with_or_without_orjson(codec: str) -> None:
    line = json.dumps(BATCH_REPLY).encode()
    assert len(line) < json_codec.LONG_LINE
    assert (json_codec.fast_object(line, 0) is None) == (codec == "json only")
    assert protocol.decode(line) == BATCH_REPLY
    assert protocol.decode(line.replace(b'"9H"', b'"9H\\u001b"'))["result"]["results"][0]["actions"] == ["9H\u241b"]
    with pytest.raises(ProtocolViolation, match=r"not JSON \(NaN is not a JSON value\)"):
        protocol.decode(b'{"id": 1, "n": NaN}')
    with pytest.raises(ProtocolViolation, match="not UTF-8"):
        protocol.decode(b'{"id": 1, "s": "\xff"}')


def test_the_kit_writes_every_request_but_hello_by_orjson(codec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Any] = []
    fast_line = json_codec.fast_line
    monkeypatch.setattr(json_codec, "fast_line", lambda value: written.append(value) or fast_line(value))
    hello, state, quit = (protocol.request(i, cmd) for i, cmd in enumerate(("hello", "state", "quit")))
    for message in (hello, state, quit):
        assert protocol.encode(message) == _json_line(message) + b"\n"
    assert [message["cmd"] for message in written] == ["state", "quit"]


def test_the_kit_writes_the_same_batch_request_with_or_without_orjson(codec: str) -> None:
    message = protocol.request(4, "batch", steps=[{"cmd": "apply", "action": "8H", "player": 0, "state": False}] * 40)
    assert protocol.encode(message) == _json_line(message) + b"\n"
    assert protocol.encode(protocol.request(5, "legal")) == b'{"id":5,"cmd":"legal"}\n'
    with pytest.raises(UnicodeEncodeError):  # a lone surrogate is never sent, by either codec
        protocol.encode(protocol.request(6, "batch", steps=[{"cmd": "apply", "action": "\ud800"}]))
