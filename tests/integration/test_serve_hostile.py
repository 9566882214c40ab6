"""Hostile request lines into ``generala-kit serve`` (issue 9): each gets one
well-formed error reply with its kind and code, and the server goes on."""

from __future__ import annotations

import io
import json
import subprocess
import tracemalloc

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.adapter import BadRequest
from generala_conformance.transport.request_checks import MAX_DEPTH, MAX_LINE_BYTES
from generala_conformance.transport.serve import serve

from tests.request_strategies import DECK, nested
from tests.serve_replies import SERVE, check_replies, serve_in_process, serve_through_pipe

DEAL = {"players": 4, "dealer": 0, "deck": DECK}
LEGAL = b'{"id":99,"cmd":"legal"}'


def start(setup: dict) -> bytes:
    return json.dumps({"id": 1, "cmd": "start", "setup": setup}).encode()


#: Each hostile line, the id its reply carries, its error kind and code, and a word of its message.
HOSTILE = {
    "unhashable cmd": (b'{"id":1,"cmd":{}}', 1, "bad-request", "bad-request", "'cmd'"),
    "cmd a list": (b'{"id":1,"cmd":["legal"]}', 1, "bad-request", "bad-request", "'cmd'"),
    "unknown cmd": (b'{"id":1,"cmd":"dance"}', 1, "unsupported", "unknown-command", "dance"),
    "nested 1,000 deep": (nested(1_000), None, "bad-request", "too-deep", "deeper"),
    "nested 100,000 deep": (nested(100_000), None, "bad-request", "too-deep", "deeper"),
    "nested one level too deep": (nested(MAX_DEPTH), None, "bad-request", "too-deep", "deeper"),
    "nested at the cap": (nested(MAX_DEPTH - 1), 7, "bad-request", "bad-setup", "setup"),
    "series of 2**63 players": (
        start({"series": True, "deal": {**DEAL, "players": 2**63}}),
        1,
        "bad-request",
        "bad-players",
        "setup.deal.players",
    ),
    "series of 30 million players": (
        start({"series": True, "deal": {**DEAL, "players": 30_000_000}}),
        1,
        "bad-request",
        "bad-players",
        "setup.deal.players",
    ),
    "negative id": (b'{"id":-1,"cmd":"legal"}', None, "bad-request", "bad-request", "'id'"),
    "boolean id": (b'{"id":true,"cmd":"legal"}', None, "bad-request", "bad-request", "'id'"),
    "infinite id": (b'{"id":1e400,"cmd":"legal"}', None, "bad-request", "bad-request", "'id'"),
    "NaN id": (b'{"id":NaN,"cmd":"legal"}', None, "bad-request", "bad-request", "'id'"),
    "dealer true": (start({"deal": {**DEAL, "dealer": True}}), 1, "bad-request", "bad-setup", "setup.deal.dealer"),
    "deck a string": (start({"deal": {**DEAL, "deck": " ".join(DECK)}}), 1, "bad-request", "bad-setup", "deck"),
    "series yes": (start({"series": "yes", "deal": DEAL}), 1, "bad-request", "bad-setup", "setup.series"),
    "seated twice": (start({"deal": {**DEAL, "seated": [0, 2, 2]}}), 1, "bad-request", "bad-seated", "seated"),
    "deal without deck": (start({"deal": {"players": 4, "dealer": 0}}), 1, "bad-request", "bad-setup", "deck"),
    "hello protocol true": (b'{"id":1,"cmd":"hello","protocol":true}', 1, "bad-request", "bad-request", "protocol"),
    "hello protocol 2": (b'{"id":1,"cmd":"hello","protocol":2}', 1, "unsupported", "unsupported-protocol", "2"),
    "player true": (b'{"id":1,"cmd":"apply","action":"2C","player":true}', 1, "bad-request", "bad-player", "player"),
    "batch step quit": (b'{"id":1,"cmd":"batch","steps":[{"cmd":"quit"}]}', 1, "bad-request", "bad-request", "steps"),
    "not JSON": (b"hello there", None, "bad-request", "bad-json", "not JSON"),
    "a JSON array": (b"[1, 2]", None, "bad-request", "not-an-object", "object"),
    "invalid UTF-8": (b'{"id":1,"cmd":"\xff"}', None, "bad-request", "not-utf8", "UTF-8"),
    "a UTF-8 BOM": (b'\xef\xbb\xbf{"id":1,"cmd":"legal"}', None, "bad-request", "bad-json", "BOM"),
    "a 5,000-digit number": (
        b'{"id":1,"cmd":"legal","n":' + b"9" * 5_000 + b"}",
        None,
        "bad-request",
        "bad-json",
        "JSON",
    ),
    "a lone surrogate": (b'{"id":1,"cmd":"\\ud800"}', 1, "unsupported", "unknown-command", "unknown"),
    "a line too long": (b" " * MAX_LINE_BYTES + b"{}", None, "bad-request", "line-too-long", "longer"),
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_line_gets_one_coded_error_reply_and_serve_goes_on(kind: str) -> None:
    line, request_id, error_kind, code, word = HOSTILE[kind]
    data = line + b"\n" + LEGAL + b"\n"
    replies = check_replies(data, serve_in_process(data))
    error = replies[0]["error"]
    assert (replies[0]["id"], error["kind"], error.get("code")) == (request_id, error_kind, code)
    assert word in error["message"] and len(error["message"]) < 1_000, error["message"]
    assert (replies[1]["id"], replies[1]["error"]["code"]) == (99, "no-game")


def test_every_hostile_line_through_a_real_serve_process() -> None:
    data = b"".join(line + b"\n" for line, *_ in HOSTILE.values()) + LEGAL + b"\n"
    replies = check_replies(data, serve_through_pipe(data))
    assert [r["error"].get("code") for r in replies[:-1]] == [code for _, _, _, code, _ in HOSTILE.values()]


def test_a_line_of_exactly_the_cap_is_read() -> None:
    line = LEGAL + b" " * (MAX_LINE_BYTES - len(LEGAL))
    replies = check_replies(line + b"\n", serve_in_process(line + b"\n"))
    assert replies[0]["error"]["code"] == "no-game"  # answered as the request it is


def test_a_huge_line_is_never_held_in_memory() -> None:
    data = b'{"id":1,"cmd":"' + b"x" * (40 * MAX_LINE_BYTES) + b'"}\n' + LEGAL + b"\n"
    tracemalloc.start()
    try:
        output = serve_in_process(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r["error"]["code"] for r in check_replies(data, output)] == ["line-too-long", "no-game"]
    assert peak < 4 * MAX_LINE_BYTES, peak


def test_a_line_without_newline_at_the_end_of_input_is_answered() -> None:
    replies = check_replies(LEGAL, serve_in_process(LEGAL))
    assert replies[0]["id"] == 99


def test_the_reference_checks_a_series_size_before_building_its_seats() -> None:
    for players in (2**63, 30_000_000):
        with pytest.raises(BadRequest) as refused:
            ReferenceAdapter().start({"series": True, "deal": {**DEAL, "players": players}})
        assert refused.value.code == "bad-players"


def test_an_adapter_that_cannot_be_loaded_ends_serve_with_one_message() -> None:
    done = subprocess.run([*SERVE, "--adapter", "nosuch:X"], input=LEGAL, capture_output=True, timeout=300, check=False)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode().splitlines() == [
        "generala-kit serve: --adapter 'nosuch:X': cannot import: No module named 'nosuch' [adapter-import]"
    ]


class QuotingAdapter(ReferenceAdapter):
    """An adapter that quotes the request's text raw in its refusal (as a user's adapter may)."""

    def start(self, setup: dict) -> dict:
        raise BadRequest("bad-setup", f"no profile {setup['profile']}")


def test_a_lone_surrogate_quoted_raw_by_the_adapter_still_makes_a_utf8_reply() -> None:
    out = io.BytesIO()
    serve(QuotingAdapter(), io.BytesIO(start({"profile": "x\ud800", "deal": DEAL}) + b"\n"), out, check_request)
    reply = json.loads(out.getvalue().decode("utf-8"))  # strict UTF-8: no surrogate written
    assert reply["error"]["code"] == "bad-setup" and reply["error"]["message"] in (
        "no profile x?",
        "no profile x\ufffd",
    )


class _CountingRaw(io.RawIOBase):
    """A raw output stream counting its writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.writes.append(bytes(data))
        return len(data)


def test_replies_to_requests_sent_ahead_go_out_in_one_write() -> None:
    requests = [{"id": 1, "cmd": "hello", "protocol": 1}, *({"id": i, "cmd": "legal"} for i in range(2, 9))]
    raw = _CountingRaw()
    data = b"".join(json.dumps(r).encode() + b"\n" for r in requests)
    serve(ReferenceAdapter(), io.BufferedReader(io.BytesIO(data)), io.BufferedWriter(raw), check_request)
    replies = [json.loads(line) for line in b"".join(raw.writes).splitlines()]
    assert [r["id"] for r in replies] == list(range(1, 9)) and len(raw.writes) == 1


def test_serve_buffers_an_unbuffered_standard_output() -> None:
    """Under ``python -u`` standard output is a raw stream: serve buffers it (and flushes when idle)."""
    from generala_conformance.cli.serve import _buffered

    raw = io.FileIO(1, "wb", closefd=False)
    assert isinstance(_buffered(raw), io.BufferedWriter)
    buffered = io.BufferedWriter(_CountingRaw())
    assert _buffered(buffered) is buffered
