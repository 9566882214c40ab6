"""Requests sent ahead of the case that asks them (``ProcessAdapter.send_ahead``):
answered by the implementation while the kit ends the case before, read when the
case asks them, void when something else is asked first; a fault among them is
the fault of the case that asks them, and the implementation's stderr stays with
the case whose requests wrote it (``docs/protocol.md``, "Requests sent ahead")."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from generala_conformance.transport.adapter import AdapterCrash, AdapterTimeout
from generala_conformance.transport.planned import Planned, apply_call
from generala_conformance.transport.process_adapter import PIPELINE_WINDOW, ProcessAdapter
from generala_conformance.transport.protocol import InvalidMessage

from tests.test_conformance_process import IMPLS, POSITION, impl, play_a_case

pytest_plugins = ["pytester"]

CASES = Path(__file__).parent / "data" / "cases"
SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
OTHER = {"position": {"players": 3, "hands": [["KS"], ["4D", "5D"], ["6C"]], "leader": 1}}
CASE = [("start", {"setup": POSITION}), apply_call("9H", 0), ("legal", {})]


def _stderr_until(adapter: ProcessAdapter, words: str) -> str:
    """The implementation's stderr, taken until it holds ``words`` (at most 10 s)."""
    text = ""
    deadline = time.monotonic() + 10
    while words not in text and time.monotonic() < deadline:
        text += adapter.take_stderr() + "\n"
        time.sleep(0.01)
    return text


def test_requests_sent_ahead_are_answered_before_they_are_asked_and_read_once() -> None:
    adapter = impl("stderr_chatter")
    try:
        play_a_case(adapter)
        adapter.take_stderr()
        adapter.send_ahead(CASE)
        before = _stderr_until(adapter, "log: handling legal (2)")  # answered before anyone asks
        assert before.count("log: handling start (0)") == 1
        state, events, legal = adapter.pipeline(CASE)
        assert state["to_move"] == 0 and events == [{"type": "play", "player": 0, "card": "9H"}]
        assert legal == ["10H"]  # follow suit
        assert "log: handling" not in adapter.take_stderr()  # nothing was sent again
        assert adapter.starts == 1
    finally:
        adapter.close()


def test_a_request_asked_instead_gets_its_own_reply() -> None:
    adapter = ProcessAdapter(SERVE)
    try:
        adapter.hello()
        adapter.send_ahead(CASE)
        assert adapter.start(OTHER)["to_move"] == 1  # not the reply to the start sent ahead
        assert sorted(adapter.legal()) == ["4D", "5D"]
        adapter.send_ahead(CASE)
        outcomes = adapter.pipeline([("start", {"setup": OTHER}), ("legal", {})])  # another plan
        assert outcomes[0]["to_move"] == 1 and sorted(outcomes[1]) == ["4D", "5D"]
        adapter.send_ahead(CASE)
        adapter.check_idle()  # the replies of requests sent ahead are not output nobody asked for
        assert adapter.pipeline(CASE)[1] == [{"type": "play", "player": 0, "card": "9H"}]
    finally:
        adapter.close()


LONG_PLAN = [("start", {"setup": POSITION}), *[("legal", {})] * 1000]  # > 12 KiB of requests


def test_a_plan_larger_than_the_window_is_sent_ahead_as_far_as_the_window_holds() -> None:
    """Its opening requests are answered before the plan is asked; the rest are
    sent as their replies are read, each request once, every reply in order."""
    adapter = impl("stderr_chatter")
    try:
        adapter.hello()
        adapter.take_stderr()
        adapter.send_ahead(LONG_PLAN)
        before = _stderr_until(adapter, "log: handling legal (2)")  # answered before anyone asks
        state, *legal = adapter.pipeline(LONG_PLAN)
        assert state["to_move"] == 0 and legal == [["3C", "9H"]] * 1000
        assert before.count("log: handling start (0)") == 1 and 0 < before.count("log: handling legal (0)") < 1000
        adapter.check_idle()  # no request was sent twice: no reply is left over
        assert adapter.pipeline(CASE)[2] == ["10H"] and adapter.starts == 1
    finally:
        adapter.close()


@pytest.fixture
def served() -> Iterator[ProcessAdapter]:
    """``generala-kit serve``, its handshake done."""
    adapter = ProcessAdapter(SERVE)
    adapter.hello()
    yield adapter
    adapter.close()


def test_the_opening_of_a_long_plan_asked_instead_of_another_is_dropped(served: ProcessAdapter) -> None:
    served.send_ahead(LONG_PLAN)
    assert served.pipeline(CASE)[2] == ["10H"]  # not the replies to the plan's opening
    served.send_ahead(LONG_PLAN)
    assert len(served.pipeline(LONG_PLAN[:-1])) == 1000  # a plan that is its beginning only
    assert served.pipeline(CASE)[2] == ["10H"]


def test_a_request_the_kit_cannot_send_is_not_sent_ahead_but_refused_to_the_case_asking_it() -> None:
    adapter = ProcessAdapter(SERVE, validate=True)
    try:
        adapter.hello()
        broken = [("start", {"setup": {"rules": "not options"}})]
        adapter.send_ahead(broken)  # (the case before is not blamed)
        with pytest.raises(InvalidMessage, match="breaks the protocol schema"):
            adapter.pipeline(broken)
        assert adapter.pipeline(CASE)[2] == ["10H"]
    finally:
        adapter.close()


def test_a_request_holding_a_cycle_is_not_sent_ahead_and_leaves_nothing_in_flight(served: ProcessAdapter) -> None:
    """Messages are encoded without a look for cycles (``protocol.ENCODER``): one that
    holds a cycle raises ``RecursionError`` to the case asking it, never to the one
    before; requests in flight before it in the pipeline are read first."""
    looping: dict = {"players": 2}
    looping["again"] = looping
    broken = [("start", {"setup": POSITION}), ("legal", {}), ("start", {"setup": looping})]
    served.send_ahead(broken)  # its opening is sent, up to the request that cannot be
    with pytest.raises(RecursionError):
        served.pipeline(broken)
    assert served.pipeline(CASE)[2] == ["10H"]  # no reply left over in the pipe


@pytest.mark.parametrize(
    ("name", "fault", "words"),
    [("crash_mid_run", AdapterCrash, r"crashed \(exit code 1\)"), ("hang", AdapterTimeout, "no reply to request")],
)
def test_a_fault_among_requests_sent_ahead_is_the_outcome_of_the_call_that_asks_it(
    name: str, fault: type, words: str
) -> None:
    """The faulty peers strike at the first request after their second start: the
    move of the case sent ahead, which is answered that fault when it is asked."""
    adapter = impl(name, timeout=1.0)
    try:
        play_a_case(adapter)
        adapter.send_ahead(CASE)
        state, *faults = adapter.pipeline(CASE)
        assert state["to_move"] == 0
        assert all(isinstance(f, fault) for f in faults) and faults[0] is faults[1]
        with pytest.raises(fault, match=words):
            raise faults[0]
        play_a_case(adapter)  # the next case runs on a fresh process
        assert adapter.starts == 2
    finally:
        adapter.close()
    if name == "crash_mid_run":
        assert "RuntimeError: engine bug while handling apply" in faults[0].detail


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each pipeline a ``ProcessAdapter`` is asked opened with requests sent ahead."""
    found: list[bool] = []
    original = ProcessAdapter._taken_ahead

    def counting(self: ProcessAdapter, calls: list) -> tuple:
        taken = original(self, calls)
        found.append(taken[0] > 0)
        return taken

    monkeypatch.setattr(ProcessAdapter, "_taken_ahead", counting)
    return found


@pytest.fixture
def plans(monkeypatch: pytest.MonkeyPatch) -> list[list]:
    """The calls of each plan a ``Planned`` adapter cuts into requests (sent ahead or asked)."""
    made: list[list] = []
    original = Planned._requests

    def recording(self: Planned, calls: list) -> object:
        made.append(calls)
        return original(self, calls)

    monkeypatch.setattr(Planned, "_requests", recording)
    return made


def _made_twice(plans: list[list]) -> list[list]:
    """The plans made again right after they were made (sent ahead, then planned by their case)."""
    return [calls for calls, before in zip(plans[1:], plans, strict=False) if calls == before]


def test_the_plugin_sends_each_next_case_ahead_and_keeps_stderr_with_its_case(
    pytester: pytest.Pytester, answered: list[bool], plans: list[list]
) -> None:
    """Through a chatty implementation: the second and third cases are read from
    requests sent ahead (and not planned again by the case), and each case's
    stderr begins with its own start (a plan sent before the case before took its
    stderr would end that one's)."""
    command = f"{sys.executable} {IMPLS / 'stderr_chatter.py'}"
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--generala-suite-only",
        f"--generala-cases={CASES}",
        "--generala-report-json=report.json",
        f"--generala-adapter-cmd={command}",
    )
    document = json.loads((pytester.path / "report.json").read_text("utf-8"))
    assert result.ret == 0 and [c["outcome"] for c in document["cases"]] == ["pass"] * 3
    assert answered.count(True) == 2
    assert len(plans) == 3 and not _made_twice(plans)
    first, *later = [case["stderr"].splitlines() for case in document["cases"]]
    assert first[0] == "log: handling hello (0)"  # the handshake's, sent at collection
    for lines in later:
        assert lines[0] == "log: handling start (0)"
        assert lines.count("log: handling start (0)") == 1


def test_the_next_case_is_sent_as_the_call_of_the_case_before_ends_before_its_tear_down(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The implementation answers the next case's requests while pytest reports the
    case before and tears it down: they are sent as its call ends (its replies read,
    its stderr taken, its output checked idle), not once it is torn down."""
    from generala_conformance.suite.pytest_plugin import FixtureCaseItem

    events: list[str] = []
    send_ahead, teardown = ProcessAdapter.send_ahead, FixtureCaseItem.teardown

    def sending(self: ProcessAdapter, calls: list) -> None:
        events.append("send")
        send_ahead(self, calls)

    def tearing_down(self: FixtureCaseItem) -> None:
        events.append("teardown")
        teardown(self)

    monkeypatch.setattr(ProcessAdapter, "send_ahead", sending)
    monkeypatch.setattr(FixtureCaseItem, "teardown", tearing_down)
    command = shlex.join(SERVE)
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--generala-suite-only",
        f"--generala-cases={CASES}",
        f"--generala-adapter-cmd={command}",
    )
    assert result.ret == 0
    assert events == ["send", "teardown", "send", "teardown", "teardown"]


def test_the_plugin_sends_each_next_scenario_ahead(tmp_path: Path, answered: list[bool], plans: list[list]) -> None:
    """The kit's feature scenarios through ``serve``: the plan of each scenario's
    first step (its start and its first moves, read from its steps) is sent while
    the scenario before ends, and that step is answered from it (not planned
    again), every scenario but the first; the scenarios pass as in-process."""
    from generala_conformance.cli import main

    report = tmp_path / "report.json"
    assert main(["check", "-k", "feature_suite", f"--json={report}", "--adapter-cmd", shlex.join(SERVE)]) == 0
    scenarios = json.loads(report.read_text("utf-8"))["cases"]
    assert {c["kind"] for c in scenarios} == {"feature"} and len(scenarios) > 100
    assert {c["outcome"] for c in scenarios} == {"pass"}
    assert answered.count(True) == len(scenarios) - 1
    assert plans and not _made_twice(plans)


def test_the_then_steps_of_the_kit_s_scenarios_are_asked_with_the_moves_before_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through ``serve``, every request a passing scenario makes is planned (sent in
    the pipeline of the moves or the deal before it, the states and legal actions
    its Then steps check included): none is asked alone, a round trip of its own."""
    from generala_conformance.cli import main

    alone: list[str] = []
    original = ProcessAdapter._exchange

    def counting(self: ProcessAdapter, cmd: str, fields: dict, timeout: float | None = None) -> object:
        alone.append(cmd)
        return original(self, cmd, fields, timeout)

    monkeypatch.setattr(ProcessAdapter, "_exchange", counting)
    report = tmp_path / "report.json"
    assert main(["check", "-k", "feature_suite", f"--json={report}", "--adapter-cmd", shlex.join(SERVE)]) == 0
    assert {c["outcome"] for c in json.loads(report.read_text("utf-8"))["cases"]} == {"pass"}
    assert alone == ["quit"]


def test_an_implementation_gone_before_a_later_send_still_answers_what_it_answered_before() -> None:
    adapter = impl("crash_in_batch")  # answers every request, but dies at a batch after its second start
    try:
        adapter.hello()
        pid = adapter.pid
        assert pid is not None
        step = {"cmd": "apply", "action": "9H", "player": 0}
        first = adapter.send([("start", {"setup": POSITION}), ("start", {"setup": POSITION}), ("legal", {})])
        dying = adapter.send([("batch", {"steps": [step]})])
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # until it has died at the batch (left to reap)
        later = adapter.send([("legal", {})])  # written to a process already gone
        started, again, legal = first()
        assert started["to_move"] == 0 and again == started and legal == ["3C", "9H"]  # its replies, read
        (crash,) = dying()
        assert isinstance(crash, AdapterCrash) and "(batch)" in str(crash) and "exit code 1" in str(crash)
        (gone,) = later()
        assert isinstance(gone, AdapterCrash)
        assert adapter.pipeline([("start", {"setup": POSITION})])[0] == started  # restarted for the next call
    finally:
        adapter.close()


def test_an_implementation_gone_between_two_parts_of_a_long_pipeline_still_answers_the_first_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    adapter = impl("crash_in_batch")  # answers every request, but dies at a batch after its second start
    try:
        adapter.hello()
        pid = adapter.pid
        assert pid is not None
        original, writes = ProcessAdapter._send, []

        def gone_before_the_second_part(self: ProcessAdapter, line: bytes, *args: object, **kwargs: object) -> None:
            writes.append(line.count(b"\n"))
            if len(writes) == 2:  # the pipeline's second part: once it has died at the batch (left to reap)
                os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
            original(self, line, *args, **kwargs)

        monkeypatch.setattr(ProcessAdapter, "_send", gone_before_the_second_part)
        step = {"cmd": "apply", "action": "9H", "player": 0}
        scale = adapter.window // PIPELINE_WINDOW  # (4 where the pipe's size is known: a window of 48 KiB)
        before, after = 400 * scale, 600 * scale  # (the batch in the first part's half left unread at the second)
        calls = [("start", {"setup": POSITION})] * 2 + [("legal", {})] * before
        calls += [("batch", {"steps": [step]})] + [("legal", {})] * after
        outcomes = adapter.pipeline(calls)
        assert len(writes) == 2 and 2 + before < writes[0] < len(calls)  # the batch was in the first part
        started, again, *legal = outcomes[: 2 + before]
        assert started["to_move"] == 0 and again == started and legal == [["3C", "9H"]] * before  # read
        crash = outcomes[2 + before]
        assert isinstance(crash, AdapterCrash) and "(batch)" in str(crash) and "exit code 1" in str(crash)
        assert all(isinstance(o, AdapterCrash) for o in outcomes[3 + before :])
    finally:
        adapter.close()


def test_an_implementation_that_closed_its_stdin_and_runs_on_is_a_crash_naming_its_stdin() -> None:
    adapter = ProcessAdapter([sys.executable, str(IMPLS / "hostile.py"), "closes_stdin"], timeout=5)
    try:
        adapter.start(POSITION)
        adapter.start(POSITION)
        assert adapter.legal() == ["3C", "9H"]  # answered, its stdin closed first
        with pytest.raises(AdapterCrash, match=r"closed its stdin before answering request \d+ \(state\)"):
            adapter.state()
    finally:
        adapter.close()
