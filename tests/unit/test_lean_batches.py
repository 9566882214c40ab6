"""Batch steps that need no state (``"state": false``), and the suite's runs of
moves sent as one such batch."""

from __future__ import annotations

import sys

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import ProtocolViolation, lean
from generala_conformance.transport.process_adapter import ProcessAdapter

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}
STEPS = [
    lean({"cmd": "apply", "action": "9H", "player": 0}, state=False),
    lean({"cmd": "apply", "action": "2C", "player": 1}, state=False),  # refused: must follow suit
    {"cmd": "apply", "action": "10H", "player": 1},
    {"cmd": "apply", "action": "2C", "player": 1},
]


def _fields(results: list[dict]) -> list[set[str]]:
    return [set(result) - {"ok", "events", "error"} for result in results]


def test_a_step_result_leaves_out_what_the_step_does_not_need() -> None:
    expected = [{"actions"}, {"actions"}, {"state", "actions"}, {"state", "actions"}]
    reference = ReferenceAdapter()
    reference.start(POSITION)
    assert _fields(reference.batch(STEPS)) == expected  # the default batch, which serve answers with
    served = ProcessAdapter(SERVE, timeout=20)
    try:
        served.start(POSITION)
        results = served.batch(STEPS)
    finally:
        served.close()
    assert _fields(results) == expected
    assert results[1]["error"]["code"] == "must-follow-suit" and results[1]["actions"] == ["10H"]


def test_a_result_may_hold_what_its_step_did_without_but_never_lack_what_it_needs() -> None:
    full = ReferenceAdapter()
    full.start(POSITION)
    plain = [{k: v for k, v in step.items() if k != "state"} for step in STEPS]
    results = full.batch(plain)  # an implementation ignoring the flags answers everything
    reply = protocol.ok_reply(3, "batch", results)
    assert protocol.unwrap(reply, 3, "batch", STEPS) == results
    del results[3]["state"]  # the last step needs its state
    with pytest.raises(ProtocolViolation, match="batch result 4"):
        protocol.unwrap(reply, 3, "batch", STEPS)
