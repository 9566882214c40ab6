"""``--validate-messages`` asks ``jsonschema_rs`` whether a message is valid and
``jsonschema`` why it is not (:class:`~generala_conformance.transport.protocol.SchemaPart`):
the two must agree on every message, the hostile ones included."""

from __future__ import annotations

import copy
import itertools
from functools import cache
from typing import Any

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_conformance.games.dice.request_checks import check_request as check_dice_request
from generala_conformance.transport import protocol
from generala_conformance.transport.protocol import SchemaPart
from generala_conformance.transport.serve import handle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.request_strategies import junk, mutated_requests, requests, slots


@cache
def schema_part(schema: str, name: str) -> SchemaPart:
    return SchemaPart(schema, name)


CARD_REQUEST = schema_part("protocol.schema.json", "request")


def agree(part: SchemaPart, message: Any) -> None:
    """``jsonschema_rs`` and ``jsonschema`` agree on ``message``, and ``first_error`` with
    them (where ``jsonschema_rs`` says invalid, ``first_error`` is ``jsonschema``'s own
    best error: ``None`` there would be ``jsonschema`` calling it valid)."""
    try:
        fast = part.fast.is_valid(message)
    except ValueError:  # (a lone surrogate: jsonschema alone decides, as first_error does)
        return
    error = part.first_error(message)
    if fast:
        assert error is None and part.full.is_valid(message), message
    else:
        assert error is not None, message


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(requests, mutated_requests()))
def test_the_validators_agree_on_card_requests(message: dict[str, Any]) -> None:
    agree(CARD_REQUEST, message)


def _conversation(schema: str, adapter: Any, checks: Any, requests: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """Each (command, reply) of ``requests`` answered by ``adapter`` through ``serve``'s ``handle``."""
    found = []
    for number, request in enumerate(requests, 1):
        found.append((request["cmd"], handle(adapter, {"id": number, **request}, checks)))
    return found


POSITION = {"position": {"players": 3, "hands": [["8H", "2C", "JK"], ["9H", "3C"], ["10H", "4C"]], "leader": 0}}
CARD_REPLIES = _conversation(
    "protocol.schema.json",
    ReferenceAdapter(),
    check_request,
    [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "start", "setup": POSITION},
        {"cmd": "legal"},
        {"cmd": "apply", "action": "8H", "player": 0},
        {"cmd": "apply", "action": "2C", "player": 1},
        {"cmd": "batch", "steps": [{"cmd": "apply", "action": "9H", "player": 1}, {"cmd": "apply", "action": "10H"}]},
        {"cmd": "state"},
    ],
)
DICE_REPLIES = _conversation(
    "dice-protocol.schema.json",
    DiceReferenceAdapter(),
    check_dice_request,
    [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "score", "dice": [2, 2, 2, 5, 5], "roll": 1, "thrown": 5, "rules": {}, "marks": {}},
        {"cmd": "start", "setup": {"players": 2}},
        {"cmd": "legal"},
        {"cmd": "apply", "action": "roll", "dice": [1, 2, 3, 4, 5]},
        {"cmd": "apply", "action": "score straight"},
        {"cmd": "apply", "action": "score nothing"},
        {"cmd": "state"},
    ],
)


@pytest.mark.parametrize(
    ("schema", "conversation"),
    [("protocol.schema.json", CARD_REPLIES), ("dice-protocol.schema.json", DICE_REPLIES)],
    ids=["cards", "dice"],
)
def test_the_validators_agree_on_replies_and_on_each_with_one_field_changed(
    schema: str, conversation: list[tuple[str, Any]]
) -> None:
    assert sum(reply["ok"] for _, reply in conversation) >= 6 and any(not r["ok"] for _, r in conversation)
    for cmd, reply in conversation:
        part = schema_part(schema, f"reply-{cmd}")
        agree(part, reply)
        for index, replacement in itertools.product(range(len(slots(reply))), [None, True, -1, "", [], {}]):
            changed = copy.deepcopy(reply)
            container, key = slots(changed)[index]
            container[key] = replacement
            agree(part, changed)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.data())
def test_the_validators_agree_on_replies_with_junk_in_one_field(data: st.DataObject) -> None:
    cmd, reply = data.draw(st.sampled_from(CARD_REPLIES + DICE_REPLIES))
    schema = "protocol.schema.json" if (cmd, reply) in CARD_REPLIES else "dice-protocol.schema.json"
    changed = copy.deepcopy(reply)
    container, key = data.draw(st.sampled_from(slots(changed)))
    container[key] = data.draw(junk)
    agree(schema_part(schema, f"reply-{cmd}"), changed)


def test_a_message_rust_cannot_hold_is_judged_by_jsonschema_alone() -> None:
    assert CARD_REQUEST.first_error("\ud800") == "at (top): '\\ud800' is not of type 'object'"
    assert protocol.request_schema_error({"cmd": "apply", "action": "\ud800"}) is None
