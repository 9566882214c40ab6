"""The request checks of ``generala-kit serve`` accept exactly what the protocol schema's
``request`` part accepts (an integer being a JSON number without fraction, never a boolean)."""

from __future__ import annotations

import json

import pytest
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport import protocol
from generala_conformance.transport.request_checks import MAX_DEPTH, RequestError, decode_request
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators

from tests.request_strategies import DEAL, DECK, mutated_requests, nested, one_field_changed, requests, valid_requests

STRICT = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _, value: type(value) is int),
)
SCHEMA = protocol.protocol_schema()
REQUEST = STRICT({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/request"})


def refused(message: dict) -> RequestError | None:
    try:
        check_request(message)
    except RequestError as error:
        return error
    return None


@settings(max_examples=1_000, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(requests, mutated_requests()))
@example({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "seated": [0, 2, 0]}}})
@example({"id": 1, "cmd": "hello", "protocol": 1.0})
@example({"id": 1, "cmd": "hello", "protocol": True})
@example({"id": 1, "cmd": "batch", "steps": [{"cmd": "deal", "deck": DECK, "action": 5}]})
@example({"id": 1, "cmd": "batch", "steps": [{"cmd": "apply", "action": "9H", "state": False, "actions": True}]})
@example({"id": 1, "cmd": "batch", "steps": [{"cmd": "apply", "action": "9H", "state": 0}]})
@example({"id": 1, "cmd": "batch", "steps": [{"cmd": "deal", "deck": DECK, "actions": None}]})
@example({"id": 1, "cmd": "start", "setup": {"position": {"players": 2, "hands": [], "leader": 0, "trick": [{}]}}})
def test_serve_refuses_exactly_what_the_request_schema_forbids(message: dict) -> None:
    error = refused(message)
    schema_error = next(REQUEST.iter_errors(message), None)
    assert (error is None) == (schema_error is None), (message, error, schema_error)


def test_serve_and_the_schema_agree_on_every_field_of_every_command() -> None:
    changed = one_field_changed()
    disagree = [m for m in changed if (refused(m) is None) != REQUEST.is_valid(m)]
    assert len(changed) > 1_000 and not disagree, disagree[:3]


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(valid_requests)
def test_well_formed_requests_pass_both_the_schema_and_serve(message: dict) -> None:
    assert REQUEST.is_valid(message) and refused(message) is None, message


@pytest.mark.parametrize(
    ("message", "code", "field"),
    [
        ({"id": -1, "cmd": "legal"}, "bad-request", "'id'"),
        ({"id": 1, "cmd": {}}, "bad-request", "'cmd'"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "dealer": True}}}, "bad-setup", "setup.deal.dealer"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "deck": "2C 3C"}}}, "bad-setup", "setup.deal.deck"),
        ({"id": 1, "cmd": "start", "setup": {"series": "yes", "deal": DEAL}}, "bad-setup", "setup.series"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "seated": [1, 1]}}}, "bad-seated", "setup.deal.seated"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {"players": 4, "dealer": 0}}}, "bad-setup", "setup.deal.deck"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "players": 2**63}}}, "bad-players", "setup.deal.players"),
        ({"id": 1, "cmd": "start", "setup": {"deal": {**DEAL, "deck": [*DECK[:53], 9]}}}, "bad-card", "deck[53]"),
        ({"id": 1, "cmd": "start", "setup": {}}, "bad-setup", "'deal' and 'position'"),
        (
            {"id": 1, "cmd": "start", "setup": {"position": {"players": 2, "hands": "x", "leader": 0}}},
            "bad-setup",
            "hands",
        ),
        ({"id": 1, "cmd": "apply", "action": "2C", "player": True}, "bad-player", "player"),
        ({"id": 1, "cmd": "apply", "action": 7}, "bad-request", "action"),
        ({"id": 1, "cmd": "deal"}, "bad-deck", "deck"),
        ({"id": 1, "cmd": "batch", "steps": [{"cmd": "quit"}]}, "bad-request", "steps[0]"),
        (
            {"id": 1, "cmd": "batch", "steps": [{"cmd": "apply", "action": "2C", "state": "no"}]},
            "bad-request",
            "steps[0].state",
        ),
        ({"id": 1, "cmd": "hello"}, "bad-request", "protocol"),
        ({"id": 1, "cmd": "hello", "protocol": True}, "bad-request", "'protocol'"),
    ],
)
def test_each_refusal_has_its_code_and_names_the_field(message: dict, code: str, field: str) -> None:
    error = refused(message)
    assert error is not None and error.kind == "bad-request"
    assert (error.code, field in error.message) == (code, True), error.message


def test_an_unknown_command_or_protocol_is_unsupported() -> None:
    assert (refused({"id": 1, "cmd": "dance"}).kind, refused({"id": 1, "cmd": "dance"}).code) == (
        "unsupported",
        "unknown-command",
    )
    error = refused({"id": 1, "cmd": "hello", "protocol": 2})
    assert (error.kind, error.code) == ("unsupported", "unsupported-protocol")


def test_nesting_is_capped_at_max_depth() -> None:
    at_cap = decode_request(nested(MAX_DEPTH - 1))  # the request object itself is level 1
    assert json.dumps(at_cap["setup"]) == "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    for depth in (MAX_DEPTH, 990, 100_000):
        with pytest.raises(RequestError) as refused_line:
            decode_request(nested(depth))
        assert refused_line.value.code == "too-deep"
