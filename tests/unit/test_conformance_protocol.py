"""The JSON-lines protocol: framing, reply shapes, the schema, and the serving side."""

from __future__ import annotations

import io
import json

import pytest
from generala_conformance.games.cards.game import GAME as CARDS
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport import handshake, protocol
from generala_conformance.transport.adapter import BadRequest, ProtocolViolation, Refused, Unsupported
from generala_conformance.transport.serve import LoopbackAdapter, handle, serve

POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}


def test_encode_is_one_line_and_decodes_back() -> None:
    message = protocol.request(3, "apply", action="10H", player=1)
    line = protocol.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert protocol.decode(line) == {"id": 3, "cmd": "apply", "action": "10H", "player": 1}


def test_hello_request_carries_the_protocol_version() -> None:
    assert protocol.request(1, "hello") == {"id": 1, "cmd": "hello", "protocol": protocol.PROTOCOL_VERSION}


@pytest.mark.parametrize("line", [b"not json", b"[1, 2]", b'"text"'])
def test_decode_rejects_what_is_not_a_json_object(line: bytes) -> None:
    with pytest.raises(ProtocolViolation) as caught:
        protocol.decode(line)
    assert caught.value.detail == line.decode()


@pytest.mark.parametrize("number", [b"1.0", b"1e0", b"50.0", b"-0.5", b"2E3"])
def test_decode_rejects_a_number_with_a_fraction_or_an_exponent(number: bytes) -> None:
    """Every number of the protocol is an integer, written ``1`` (docs/protocol.md)."""
    with pytest.raises(ProtocolViolation, match="is not an integer"):
        protocol.decode(b'{"id": 1, "ok": true, "result": {"scores": {"ones": ' + number + b"}}}")


def test_a_reply_breaking_the_schema_is_a_violation_without_validate_messages() -> None:
    """Plain ``check`` reads every reply but the hello against the schema: a boolean for
    points, a category the sheet does not have (issue 42)."""
    validator = protocol.MessageValidator("dice-protocol.schema.json", every=False)
    good = {"id": 1, "ok": True, "result": {"scores": {"ones": 1}, "wins": False}}
    validator.check_reply("score", good)
    for scores in ({"ones": True}, {"ones": 1, "sevens": 7}):
        with pytest.raises(ProtocolViolation, match="breaks the protocol schema"):
            validator.check_reply("score", {**good, "result": {"scores": scores, "wins": False}})
    validator.check_reply("hello", {"id": 1, "ok": True, "result": {"extra": True}})  # the handshake judges it
    validator.check_request({"id": 1, "cmd": "no-such-command"})  # --validate-messages checks the kit's requests


@pytest.mark.parametrize(
    ("reply", "words"),
    [
        ({"id": 2, "ok": True, "result": {"actions": ["8H"]}}, "carries id 2"),
        ({"id": True, "ok": True, "result": {"actions": ["8H"]}}, "carries id True"),
        ({"id": 1.0, "ok": True, "result": {"actions": ["8H"]}}, "carries id 1.0"),
        ({"id": 1, "result": {"actions": []}}, "no boolean 'ok'"),
        ({"id": 1, "ok": True}, "no 'result' object"),
        ({"id": 1, "ok": True, "result": {"events": []}}, "no result.actions list"),
        ({"id": 1, "ok": True, "result": {"actions": [1]}}, "wrong type"),
        ({"id": 1, "ok": False, "error": {"kind": "oops"}}, "kind in"),
        ({"id": 1, "ok": False, "error": {"kind": "illegal", "code": "x"}}, "only a reply to apply"),
    ],
)
def test_unwrap_flags_replies_of_the_wrong_shape(reply: dict, words: str) -> None:
    with pytest.raises(ProtocolViolation, match=words):
        protocol.unwrap(reply, 1, "legal")


def test_unwrap_turns_error_kinds_into_exceptions() -> None:
    with pytest.raises(Refused) as refused:
        protocol.unwrap(protocol.error_reply(4, "illegal", "hold hearts", "must-follow-suit"), 4, "apply")
    assert refused.value.code == "must-follow-suit"
    with pytest.raises(Unsupported):
        protocol.unwrap(protocol.error_reply(4, "unsupported", "no series"), 4, "start")
    with pytest.raises(BadRequest) as bad:
        protocol.unwrap(protocol.error_reply(4, "bad-request", "no deck", "bad-setup"), 4, "start")
    assert bad.value.code == "bad-setup"


def test_hello_of_another_protocol_version_is_a_violation() -> None:
    hello = {**ReferenceAdapter().hello(), "protocol": 2}
    with pytest.raises(ProtocolViolation, match="speaks protocol 2"):
        handshake.check(protocol.unwrap(protocol.ok_reply(1, "hello", hello), 1, "hello"), CARDS)


def test_the_protocol_schema_is_a_valid_2020_12_schema() -> None:
    from jsonschema import Draft202012Validator

    schema = protocol.protocol_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_validator_rejects_a_bad_reply_and_a_bad_request() -> None:
    validator = protocol.MessageValidator()
    with pytest.raises(ProtocolViolation, match="result/actions/0"):
        validator.check_reply("legal", protocol.ok_reply(1, "legal", ["8X"]))
    with pytest.raises(ProtocolViolation, match="state"):
        validator.check_reply("state", protocol.ok_reply(1, "state", {"players": 2}))
    with pytest.raises(protocol.InvalidMessage):
        validator.check_request({"id": 1, "cmd": "apply"})


def test_loopback_validates_every_message_of_a_game_with_the_reference() -> None:
    adapter = LoopbackAdapter(ReferenceAdapter(), check_request, validate=True)
    assert adapter.hello()["reason_codes"] is True
    adapter.start(POSITION)
    events = adapter.apply("9H", 0)
    assert events == [{"type": "play", "player": 0, "card": "9H"}]
    with pytest.raises(Refused) as refused:
        adapter.apply("2C", 1)
    assert refused.value.code == "must-follow-suit"
    assert adapter.legal() == ["10H"]
    assert adapter.state()["to_move"] == 1


def test_handle_answers_bad_requests_without_stopping() -> None:
    adapter = ReferenceAdapter()
    assert handle(adapter, {"cmd": "legal"}, check_request)["error"]["kind"] == "bad-request"
    assert handle(adapter, {"id": 1, "cmd": "dance"}, check_request)["error"]["kind"] == "unsupported"
    missing = handle(adapter, {"id": 2, "cmd": "apply"}, check_request)
    assert missing["error"]["kind"] == "bad-request" and "action" in missing["error"]["message"]
    assert handle(adapter, {"id": 3, "cmd": "hello", "protocol": 9}, check_request)["error"]["kind"] == "unsupported"


def test_serve_answers_line_by_line_until_quit() -> None:
    requests = [
        protocol.request(1, "hello"),
        protocol.request(2, "start", setup=POSITION),
        "this is not json",
        protocol.request(3, "apply", action="2C", player=0),
        protocol.request(4, "quit"),
        protocol.request(5, "legal"),
    ]
    stdin = io.BytesIO(b"".join(r.encode() + b"\n" if isinstance(r, str) else protocol.encode(r) for r in requests))
    stdout = io.BytesIO()
    assert serve(ReferenceAdapter(), stdin, stdout, check_request) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [1, 2, None, 3, 4]  # nothing after quit
    assert replies[2]["error"]["kind"] == "bad-request"
    assert replies[3]["error"] == {
        "kind": "illegal",
        "code": "card-not-in-hand",
        "message": replies[3]["error"]["message"],
    }


BATCH_STEPS = [{"cmd": "apply", "action": "9H", "player": 0}, {"cmd": "apply", "action": "2C", "player": 1}]


def batch_results() -> list[dict]:
    adapter = ReferenceAdapter()
    adapter.start(POSITION)
    return adapter.batch(BATCH_STEPS)


def test_unwrap_checks_batch_results() -> None:
    good = batch_results()
    assert protocol.unwrap(protocol.ok_reply(1, "batch", good), 1, "batch", BATCH_STEPS) == good
    state, actions = good[0]["state"], good[0]["actions"]
    wrong = {
        "results for 2 steps": good[:1],
        "batch result 2": [good[0], {"ok": False, "error": {"kind": "bad-request"}, "state": state, "actions": []}],
        "batch result 1": [{"ok": True, "events": [], "actions": actions}, good[1]],
    }
    for words, results in wrong.items():
        with pytest.raises(ProtocolViolation, match=words):
            protocol.unwrap(protocol.ok_reply(1, "batch", results), 1, "batch", BATCH_STEPS)
    with pytest.raises(ProtocolViolation, match="only a reply to apply"):
        protocol.unwrap(protocol.error_reply(1, "illegal", "no"), 1, "batch", BATCH_STEPS)


def test_check_batch_tells_each_malformed_result_and_passes_every_well_formed_one() -> None:
    # each variant put at each step: where it is malformed, check_batch names that result;
    # where it is well formed (a refusal's events, an ok's error, a state or legal actions
    # left out where the step said false for them), the batch passes
    good = batch_results()
    refused = {"ok": False, "error": {"kind": "illegal", "code": None, "message": "no"}, "state": {}, "actions": []}
    steps = [*BATCH_STEPS, {**BATCH_STEPS[0], "state": False}]
    assert [result["ok"] for result in [*good, good[0]]] == [True, False, True]
    everywhere, nowhere, refusal, oks = range(len(steps)), range(0), [1], [0, 2]
    variants = {  # the change to a result, and the steps where the result is still well formed
        "ok 1": ({"ok": 1}, nowhere),
        "events a dict": ({"events": {}}, refusal),  # (a refusal's events are not read)
        "an event a list": ({"events": [[]]}, refusal),
        "error on an ok": ({"error": "x"}, oks),
        "state null, asked": ({"state": None}, [2]),
        "state a list": ({"state": []}, nowhere),
        "actions null": ({"actions": None}, nowhere),
        "an action a number": ({"actions": ["2C", 3]}, nowhere),
        "refused, no error": ({**refused, "error": None}, nowhere),
        "refused, not illegal": ({**refused, "error": {"kind": "bad-request"}}, nowhere),
        "refused, code a number": ({**refused, "error": {"kind": "illegal", "code": 4}}, nowhere),
        "refused": (refused, everywhere),
        "refused, events a dict": ({**refused, "events": {}}, everywhere),
    }
    for change, well_formed in variants.values():
        for at in range(len(steps)):
            results = [*good, good[0]]
            results[at] = {**results[at], **change}
            if at in well_formed:
                protocol.check_batch(results, steps, {})
            else:
                with pytest.raises(ProtocolViolation, match=f"batch result {at + 1} is not"):
                    protocol.check_batch(results, steps, {})
    protocol.check_batch([*good, {**good[0], "state": None}], steps, {})  # (the state the step said false for left out)
    protocol.check_batch([*good, refused], steps, {})


def test_the_schema_covers_batch_requests_replies_and_the_hello_field() -> None:
    validator = protocol.MessageValidator()
    validator.check_request(protocol.request(1, "batch", steps=[*BATCH_STEPS, {"cmd": "deal", "deck": ["2C"]}]))
    validator.check_reply("batch", protocol.ok_reply(1, "batch", batch_results()))
    with pytest.raises(protocol.InvalidMessage):
        validator.check_request(protocol.request(1, "batch", steps=[{"cmd": "legal"}]))
    with pytest.raises(protocol.InvalidMessage):
        validator.check_request(protocol.request(1, "batch"))
    refused = {**batch_results()[1], "error": {"kind": "bad-request", "message": "no"}}
    with pytest.raises(ProtocolViolation, match="batch"):
        validator.check_reply("batch", protocol.ok_reply(1, "batch", [refused]))
    hello = {**ReferenceAdapter().hello(), "batch": "yes"}
    with pytest.raises(ProtocolViolation, match="batch"):
        validator.check_reply("hello", protocol.ok_reply(1, "hello", hello))
    with pytest.raises(ProtocolViolation, match="'batch' is a string, not a boolean"):
        handshake.check(hello, CARDS)


def test_handle_offers_and_answers_batch_for_any_adapter() -> None:
    adapter = ReferenceAdapter()
    assert "batch" not in adapter.hello()
    assert handle(adapter, protocol.request(1, "hello"), check_request)["result"]["batch"] is True
    handle(adapter, protocol.request(2, "start", setup=POSITION), check_request)
    assert handle(adapter, protocol.request(3, "batch", steps=BATCH_STEPS), check_request)["result"] == {
        "results": batch_results()
    }
    for steps in ("9H", [["apply", "9H"]], [{"cmd": "legal"}]):
        reply = handle(adapter, protocol.request(4, "batch", steps=steps), check_request)
        assert reply["error"]["kind"] == "bad-request", steps
    no_series = handle(adapter, protocol.request(5, "batch", steps=[{"cmd": "deal", "deck": []}]), check_request)
    assert no_series["error"]["code"] == "no-series"
