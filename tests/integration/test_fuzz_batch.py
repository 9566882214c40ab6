"""Batches: ``generala-kit serve`` answers ``batch`` requests, the process adapter
sends them only to an implementation that offers them, and the fuzzer compares
batched games step by step exactly as it compares games played request by
request (same mismatch, same step), a fault in a batch included."""

from __future__ import annotations

import os
import signal
import sys
import threading
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.games.cards.fuzz import campaign
from generala_conformance.games.cards.fuzz.differential import (
    Pair,
    Settings,
    Step,
    Trial,
    _Answered,
    _request,
    draw_random,
    game_rng,
    replay,
    run_games,
)
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.adapter import Adapter
from generala_conformance.transport.process_adapter import PIPELINE_WINDOW, ProcessAdapter
from generala_conformance.transport.serve import LoopbackAdapter

from tests.broken_engines import factory_for

IMPLS = Path(__file__).parents[1] / "impls"
SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
FOUR = Settings(players=(4,), endgame_rate=0.0, series_rate=0.0)
POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}
STEPS = [
    {"cmd": "apply", "action": "9H", "player": 0},
    {"cmd": "apply", "action": "2C", "player": 1},  # refused: P2 must follow hearts
    {"cmd": "apply", "action": "10H"},
    {"cmd": "apply", "action": "2C", "player": 1},
    {"cmd": "apply", "action": "3C", "player": 0},
]


def step_by_step(steps: list[dict]) -> list[dict]:
    """What the default :meth:`Adapter.batch` answers on the reference (request by request)."""
    reference = ReferenceAdapter()
    reference.start(POSITION)
    return Adapter.batch(reference, steps)


class Served:
    """A picklable factory of ``generala-kit serve`` (optionally serving ``adapter``)."""

    def __init__(self, adapter: str | None = None) -> None:
        self.argv = SERVE + (["--adapter", adapter] if adapter else [])

    def __call__(self) -> ProcessAdapter:
        return ProcessAdapter(self.argv)


def test_the_default_batch_reports_events_refusals_states_and_legal_actions() -> None:
    results = step_by_step(STEPS)
    assert [r["ok"] for r in results] == [True, False, True, True, True]
    assert results[1]["error"]["code"] == "must-follow-suit"
    assert results[1]["state"] == results[0]["state"]  # a refused step leaves the state as it was
    assert results[0]["actions"] == ["10H"] and results[2]["events"][-1]["type"] == "lead"
    assert results[-1]["state"]["over"] and results[-1]["actions"] == []


def test_serve_answers_one_batch_like_the_steps_one_by_one() -> None:
    adapter = ProcessAdapter(SERVE, validate=True)  # every message checked against the schema
    try:
        assert adapter.hello()["batch"] is True
        adapter.start(POSITION)
        assert adapter.batch(STEPS) == step_by_step(STEPS)
        assert adapter.starts == 1
    finally:
        adapter.close()


def test_an_implementation_without_batch_is_asked_step_by_step() -> None:
    adapter = ProcessAdapter([sys.executable, str(IMPLS / "no_batch.py")])
    try:
        assert "batch" not in adapter.hello()
        adapter.start(POSITION)
        assert adapter.batch(STEPS) == step_by_step(STEPS)
        results = list(run_games(lambda: adapter, 3, range(3), FOUR))
        asked = adapter.take_stderr()
    finally:
        adapter.close()
    assert all(r.mismatch is None for r in results)
    assert "got apply" in asked and "got legal" in asked and "got batch" not in asked


def test_fuzzing_through_the_loopback_validates_every_batch_message() -> None:
    series = Settings(players=(3,), endgame_rate=0.0, series_rate=1.0)
    (result,) = run_games(lambda: LoopbackAdapter(ReferenceAdapter(), check_request), 0, range(1), series)
    assert result.mismatch is None
    kinds = {step.kind for step in result.trial.steps}
    assert kinds == {"do", "try", "deal"}  # moves, refusals and a deal all went through batches


def test_a_crash_in_the_middle_of_a_batch_is_an_error_of_that_game_and_the_run_goes_on() -> None:
    crashing = [sys.executable, str(IMPLS / "crash_in_batch.py")]  # dies in the second game of each process
    results = list(run_games(lambda: ProcessAdapter(crashing), 2, range(4), FOUR, stop_at_first=False))
    assert [r.mismatch is not None for r in results] == [False, True, False, True]
    for result in (results[1], results[3]):
        mismatch = result.mismatch
        assert mismatch is not None and (mismatch.what, mismatch.index) == ("error", 0)
        assert mismatch.actual.startswith("AdapterCrash:") and "(batch)" in mismatch.actual
    clean = list(run_games(Served(), 2, range(4), FOUR))
    assert [r.trial for r in results[::2]] == [r.trial for r in clean[::2]]


def test_a_crash_at_one_step_is_located_at_that_step_through_a_batch() -> None:
    spec = f"{IMPLS / 'crash_at_move.py'}:CrashAtMove"
    (in_process,) = run_games(partial(_load, spec), 1, range(1), FOUR)
    (served,) = run_games(Served(spec), 1, range(1), FOUR)
    assert in_process.mismatch is not None and served.mismatch is not None
    assert in_process.mismatch.what == served.mismatch.what == "error"
    assert served.mismatch.index == in_process.mismatch.index
    assert served.trial == in_process.trial
    assert "RuntimeError: engine bug on the fifth move" in in_process.mismatch.actual
    assert served.mismatch.actual.startswith("AdapterCrash:")


def _load(spec: str) -> Adapter:
    from generala_conformance.transport.loading import make_adapter

    return make_adapter(spec)


@pytest.mark.parametrize("name", ["deal-from-dealer", "take-joker", "eliminated-dealer-plays", "all-out-last-loses"])
def test_a_broken_engine_served_is_found_at_the_same_step_as_in_process(name: str) -> None:
    def first(factory) -> campaign.Found:
        for chunk in campaign.run(factory, 0, range(60), Settings()):
            if chunk.found:
                return chunk.found[0]
        pytest.fail(f"{name}: no divergence in 60 games")

    spec = f"{Path(__file__).parents[1] / 'broken_engines.py'}:{name.replace('-', '_')}_adapter"
    in_process, served = first(factory_for(name)), first(Served(spec))
    assert (served.game, served.trial, served.mismatch.index) == (
        in_process.game,
        in_process.trial,
        in_process.mismatch.index,
    )
    if name == "take-joker":  # served, its "take JK" is a reply the protocol schema refuses
        assert served.mismatch.what == "error" and "breaks the protocol schema" in str(served.mismatch.actual)
    else:
        assert served.mismatch == in_process.mismatch


def test_replay_in_batches_finds_what_replay_step_by_step_finds() -> None:
    trial = Trial(POSITION, [Step("do", 0, "9H"), Step("try", 1, "2C"), Step("do", 1, "10H")])
    broken = factory_for("winner-gathers-trick")
    assert replay(broken(), trial, batch=True) == replay(broken(), trial) is not None
    assert replay(ReferenceAdapter(), trial, batch=True) is None


PIPELINED = """
import json, sys
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.serve import handle

adapter = ReferenceAdapter()
print(json.dumps(handle(adapter, json.loads(sys.stdin.readline()), check_request)), flush=True)  # hello
lines = [sys.stdin.readline() for _ in range(3)]  # every request of the pipeline, before any reply
for line in lines[: int(sys.argv[1])]:
    print(json.dumps(handle(adapter, json.loads(line), check_request)), flush=True)
"""


def test_a_pipeline_sends_every_request_before_reading_a_reply(tmp_path) -> None:
    script = tmp_path / "reads_three_first.py"
    script.write_text(PIPELINED, "utf-8")
    calls = [("start", {"setup": POSITION}), ("legal", {}), ("batch", {"steps": STEPS})]
    expected = ReferenceAdapter().pipeline(calls)  # the default: one call after the other
    assert expected[1] == ["3C", "9H"] and len(expected[2]) == len(STEPS)
    adapter = ProcessAdapter([sys.executable, str(script), "3"], timeout=5)
    try:
        assert adapter.pipeline(calls) == expected  # a kit waiting for each reply would time out here
    finally:
        adapter.close()
    dying = ProcessAdapter([sys.executable, str(script), "1"], timeout=5)  # answers the start, then exits
    try:
        started, legal, batch = dying.pipeline(calls)
    finally:
        dying.close()
    assert started == expected[0]
    assert type(legal).__name__ == "AdapterCrash" and batch is legal  # every call not answered
    refused = ReferenceAdapter().pipeline([("start", {"setup": {"deal": {}}}), ("legal", {})])
    assert [type(o).__name__ for o in refused] == ["BadRequest", "BadRequest"]


def test_a_long_pipeline_reads_replies_as_it_sends_so_neither_pipe_fills_up() -> None:
    """6,000 ``state`` requests (more bytes than a pipe holds) and their 6,000 full
    snapshots: sent all ahead of reading, the kit would block writing into a full
    stdin while ``serve`` blocks writing into a full stdout."""
    calls = [("start", {"setup": POSITION}), *[("state", {})] * 6000]
    adapter = ProcessAdapter(SERVE, timeout=20)
    answered: list[object] = []
    worker = threading.Thread(target=lambda: answered.extend(adapter.pipeline(calls)), daemon=True)
    try:
        worker.start()
        worker.join(60)  # a bound against the hang, not a timing
        hangs = worker.is_alive()
        if hangs and adapter.pid is not None:
            os.kill(adapter.pid, signal.SIGKILL)  # the blocked write fails, the thread ends
        assert not hangs, "the pipeline hangs"
    finally:
        adapter.close()
    assert len(answered) == len(calls) and all(state == answered[0] for state in answered[1:])
    assert adapter.starts == 1


class CountingWrites(ProcessAdapter):
    """``generala-kit serve``, counting the writes of requests and their bytes."""

    def __init__(self) -> None:
        super().__init__(SERVE, timeout=20)
        self.writes: list[int] = []

    def _send(self, line: bytes, *args: Any, **kwargs: Any) -> None:
        self.writes.append(len(line))
        super()._send(line, *args, **kwargs)


def test_a_long_pipeline_writes_its_requests_half_a_window_at_a_time() -> None:
    """2,000 ``start`` requests (~200 KiB, four windows of 48 KiB on Linux, sixteen of
    12 KiB elsewhere): once the window is full, the kit reads replies until half of
    it is free, then writes the next requests at once (not one write per reply read)."""
    adapter = CountingWrites()
    try:
        adapter.hello()
        adapter.writes.clear()
        outcomes = adapter.pipeline([("start", {"setup": POSITION})] * 2000)
    finally:
        adapter.close()
    assert len(outcomes) == 2000 and all(state == outcomes[0] for state in outcomes)
    assert sum(adapter.writes) > 3 * adapter.window >= 3 * PIPELINE_WINDOW
    assert max(adapter.writes) <= adapter.window
    assert len(adapter.writes) <= sum(adapter.writes) // (adapter.window // 2 - 200) + 1  # (a line is ~100 bytes)


AHEAD = """
import json, sys
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.serve import handle

adapter = ReferenceAdapter()
print(json.dumps(handle(adapter, json.loads(sys.stdin.readline()), check_request)), flush=True)  # hello
first, answered = int(sys.argv[1]), int(sys.argv[2])
lines = [sys.stdin.readline() for _ in range(first)]  # requests of two sends, before any reply
for line in lines[:answered]:
    print(json.dumps(handle(adapter, json.loads(line), check_request)), flush=True)
if answered < first:
    sys.exit(3)
for line in sys.stdin:
    print(json.dumps(handle(adapter, json.loads(line), check_request)), flush=True)
"""


def test_requests_sent_ahead_are_answered_in_order_with_several_in_flight(tmp_path) -> None:
    script = tmp_path / "reads_five_first.py"
    script.write_text(AHEAD, "utf-8")
    opening = [("start", {"setup": POSITION}), ("legal", {})]
    game = [*opening, ("batch", {"steps": STEPS})]
    expected = ReferenceAdapter().pipeline(game)
    adapter = ProcessAdapter([sys.executable, str(script), "5", "5"], timeout=5)
    try:
        first, second = adapter.send(opening), adapter.send(game)  # 5 requests in flight
        assert second() == expected  # a kit waiting for the first's replies to send would time out
        assert first() == expected[:2]
        third = adapter.send(opening)
        assert adapter.state() == expected[0]  # a request made meanwhile reads the replies in flight first
        assert third() == expected[:2]
        assert adapter.starts == 1
    finally:
        adapter.close()
    dying = ProcessAdapter([sys.executable, str(script), "5", "3"], timeout=5)  # answers 3, then exits
    try:
        first, second = dying.send(game), dying.send(opening)
        assert first() == expected
        crashed = second()
        assert [type(o).__name__ for o in crashed] == ["AdapterCrash", "AdapterCrash"]
        assert "(exit code 3) before answering request 5 (start)" in str(crashed[0])
        assert dying.hello()["batch"] is True and dying.starts == 2  # a new process, as after any crash
    finally:
        dying.close()
    early = ProcessAdapter([sys.executable, str(script), "6", "1"], timeout=5)  # answers 1 of 6, then exits
    try:
        sends = [early.send(opening) for _ in range(3)]
        started, crashed = sends[0]()
        assert started == expected[0] and "before answering request 3 (legal)" in str(crashed)
        assert sends[2]() == sends[1]() == [crashed, crashed]  # every call in flight ends with that fault
    finally:
        early.close()


def test_the_fuzzer_sends_the_next_game_before_it_reads_the_replies_to_one(tmp_path) -> None:
    """A served implementation works on the next game while the kit compares one:
    this one reads two games' requests (start, legal, batch each) before it answers."""
    script = tmp_path / "reads_six_first.py"
    script.write_text(AHEAD, "utf-8")
    results = list(
        run_games(lambda: ProcessAdapter([sys.executable, str(script), "6", "6"], timeout=5), 4, range(3), FOUR)
    )
    assert [r.mismatch for r in results] == [None, None, None]
    assert [r.trial for r in results] == [r.trial for r in run_games(ReferenceAdapter, 4, range(3), FOUR)]


def test_a_batch_told_agreeing_in_bulk_has_no_mismatch_step_by_step() -> None:
    # Pair._agreed passes a batch at once when its every result agrees with the reference
    # (told a field at a time); it must pass none in which a step by step comparison finds a mismatch
    hello = ReferenceAdapter().hello()
    drawn = draw_random(game_rng(0, 3), replace(Settings(illegal_rate=0.2), profiles=("default",)), hello, 3)
    chunk = [*drawn.plays]
    impl = ReferenceAdapter()
    impl.start(drawn.trial.setup)
    results = impl.batch([_request(played) for played in chunk])
    tried = next(i for i, (step, _) in enumerate(chunk) if step.kind == "try")
    stated = next(i for i, (_, want) in enumerate(chunk) if want.state is not None and not want.over)
    moved = next(i for i, (step, want) in enumerate(chunk) if step.kind == "do" and len(want.legal) > 1)
    changes = {
        "ok flipped": lambda r: {**r, "ok": not r["ok"]},
        "ok 1": lambda r: {**r, "ok": 1 if r["ok"] else 0},
        "ok missing": lambda r: {k: v for k, v in r.items() if k != "ok"},
        "an event more": lambda r: {**r, "events": [*r.get("events", []), {"type": "lead", "player": 0}]},
        "events missing": lambda r: {k: v for k, v in r.items() if k != "events"},
        "actions reversed": lambda r: {**r, "actions": r["actions"][::-1]},
        "an action more": lambda r: {**r, "actions": [*r["actions"], "decline"]},
        "actions missing": lambda r: {k: v for k, v in r.items() if k != "actions"},
        "state missing": lambda r: {k: v for k, v in r.items() if k != "state"},
        "state a list": lambda r: {**r, "state": []},
        "state, a hand less": lambda r: (
            {**r, "state": {**r["state"], "hands": r["state"]["hands"][1:]}} if r.get("state") else r
        ),
        "error code": lambda r: {**r, "error": {**r["error"], "code": "other"}} if "error" in r else r,
        "error a string": lambda r: {**r, "error": "no"} if "error" in r else r,
        "not a dict": lambda r: [r],
    }
    for reason_codes in (True, False):
        pair = Pair(impl, reason_codes, batch=True)
        wants = tuple(want for _, want in chunk)
        assert pair._agreed(wants, results)
        for name, change in changes.items():
            for at in (0, tried, stated, moved, len(chunk) - 1):
                changed = [*results]
                changed[at] = change(results[at])
                step_by_step = pair._steps(0, chunk, [_Answered(result) for result in changed])
                assert not pair._agreed(wants, changed) or step_by_step is None, (name, at, reason_codes)
