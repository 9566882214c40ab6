"""Batch steps that need no state or no legal actions (``"state": false``,
``"actions": false``), and the suite's runs of moves sent as one such batch."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import AdapterCrash, BadRequest, ProtocolViolation, Refused, lean
from generala_conformance.transport.planned import Planned, apply_call
from generala_conformance.transport.process_adapter import ProcessAdapter

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}
STEPS = [
    lean({"cmd": "apply", "action": "9H", "player": 0}, state=False, actions=False),
    lean({"cmd": "apply", "action": "2C", "player": 1}, state=False),  # refused: must follow suit
    lean({"cmd": "apply", "action": "10H", "player": 1}, actions=False),
    {"cmd": "apply", "action": "2C", "player": 1},
]


def _fields(results: list[dict]) -> list[set[str]]:
    return [set(result) - {"ok", "events", "error"} for result in results]


def test_a_step_result_leaves_out_what_the_step_does_not_need() -> None:
    expected = [set(), {"actions"}, {"state"}, {"state", "actions"}]
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
    plain = [{k: v for k, v in step.items() if k not in ("state", "actions")} for step in STEPS]
    results = full.batch(plain)  # an implementation ignoring the flags answers everything
    reply = protocol.ok_reply(3, "batch", results)
    assert protocol.unwrap(reply, 3, "batch", STEPS) == results
    del results[3]["state"]  # the last step needs its state
    with pytest.raises(ProtocolViolation, match="batch result 4"):
        protocol.unwrap(reply, 3, "batch", STEPS)


class Batching(ReferenceAdapter):
    """The reference as if a batch were one request to it, counting its requests."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: Counter[str] = Counter()
        self.steps: list[dict] = []

    def batches(self) -> bool:
        return True

    def pipeline(self, calls: list[tuple[str, dict]]) -> list[Any]:
        self.asked.update(name for name, _ in calls)
        self.steps += [step for name, kwargs in calls if name == "batch" for step in kwargs["steps"]]
        return super().pipeline(calls)


def _answers(adapter: Any, calls: list[tuple[str, dict]]) -> list[Any]:
    """What ``adapter`` answers to each of ``calls``, made one after the other (a refusal as its code)."""
    answers: list[Any] = []
    for name, kwargs in calls:
        try:
            answers.append(getattr(adapter, name)(**kwargs))
        except (Refused, BadRequest) as error:
            answers.append((type(error).__name__, error.code, error.message))
    return answers


PLAN = [
    ("start", {"setup": POSITION}),
    apply_call("9H", 0),
    apply_call("2C", 1),  # refused
    ("legal", {}),
    ("state", {}),
    apply_call("10H", 1),
    ("state", {}),
    ("state", {}),  # a second state after the same move: asked alone
    apply_call("3C", 0),
]


def test_a_run_of_planned_moves_goes_as_one_batch_carrying_the_states_and_legal_actions_asked_after_them() -> None:
    inner = Batching()
    planned = Planned(inner)
    planned.plan(PLAN)
    assert inner.asked == {"start": 1, "batch": 1, "state": 1, "apply": 1}  # 3 moves, a legal, 2 states: 1 batch
    flags = [(step.get("state"), step.get("actions")) for step in inner.steps]
    assert flags == [(False, False), (None, None), (None, False)]  # (None: asked, as a plain step)
    assert _answers(planned, PLAN) == _answers(ReferenceAdapter(), PLAN) and planned.replays == 0


def test_a_batch_that_fails_as_a_whole_leaves_its_calls_to_be_asked_one_by_one() -> None:
    """A move by seat 7 of a 2-player game is a bad request: the batch carrying it
    fails whole; each of its calls is then asked alone, where the start left the game."""
    plan = [*PLAN[:3], apply_call("3C", 7), apply_call("10H", 1), ("state", {})]
    inner = Batching()
    planned = Planned(inner)
    planned.plan(plan)
    assert inner.asked["batch"] == 1
    answers = _answers(planned, plan)
    assert answers == _answers(ReferenceAdapter(), plan) and planned.replays == 1
    assert answers[3][:2] == ("BadRequest", "bad-player")


class CrashingAtBatches(Batching):
    """:class:`Batching` whose process crashes at every batch."""

    def pipeline(self, calls: list[tuple[str, dict]]) -> list[Any]:
        outcomes = super().pipeline(calls)
        return [
            AdapterCrash("crashed at the batch") if name == "batch" else o
            for (name, _), o in zip(calls, outcomes, strict=True)
        ]


def test_a_batch_that_ends_in_a_fault_is_the_fault_of_its_first_call_never_asked_again() -> None:
    """A crash, a hang or garbage is no batch failing as a whole: the case ends there
    in the fault (as at any request), its moves not asked again one by one (a
    process faulting once would then pass the case on its restart)."""
    inner = CrashingAtBatches()
    planned = Planned(inner)
    planned.plan(PLAN)
    planned.start(POSITION)
    with pytest.raises(AdapterCrash, match="crashed at the batch"):
        planned.apply("9H", 0)
    assert inner.asked == {"start": 1, "batch": 1, "state": 1, "apply": 1} and planned.replays == 0
