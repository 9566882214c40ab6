"""ProcessAdapter against deliberately faulty implementations (``tests/impls/``).

Each faulty peer serves the reference engine correctly, then strikes at the first
request after the second ``start`` of its process (the middle of the second case).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from generala_conformance.transport.adapter import (
    AdapterCrash,
    AdapterFault,
    AdapterTimeout,
    ProtocolViolation,
    Refused,
)
from generala_conformance.transport.process_adapter import ProcessAdapter

IMPLS = Path(__file__).parents[1] / "impls"
POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}


def impl(name: str, timeout: float = 5.0) -> ProcessAdapter:
    return ProcessAdapter([sys.executable, str(IMPLS / f"{name}.py")], timeout=timeout)


def play_a_case(adapter: ProcessAdapter) -> None:
    adapter.start(POSITION)
    assert adapter.apply("9H", 0) == [{"type": "play", "player": 0, "card": "9H"}]
    with pytest.raises(Refused):
        adapter.apply("2C", 1)


@pytest.mark.parametrize(
    ("name", "fault", "words"),
    [
        ("crash_mid_run", AdapterCrash, r"crashed \(exit code 1\)"),
        ("hang", AdapterTimeout, "no reply to request"),
        ("non_json", ProtocolViolation, "not JSON"),
        ("early_exit", AdapterCrash, r"exited early \(code 0\)"),
        ("wrong_id", ProtocolViolation, "carries id"),
    ],
)
def test_a_fault_mid_run_is_raised_then_the_process_restarts(name: str, fault: type, words: str) -> None:
    adapter = impl(name, timeout=5.0)
    try:
        play_a_case(adapter)
        adapter.start(POSITION)
        with pytest.raises(fault, match=words) as caught:
            adapter.apply("9H", 0)
        assert adapter.pid is None  # the faulty process was stopped
        play_a_case(adapter)  # the next case runs on a fresh process
        assert adapter.starts == 2
    finally:
        adapter.close()
    if name == "crash_mid_run":
        assert "RuntimeError: engine bug while handling apply" in caught.value.detail
    if name == "non_json":
        assert "DEBUG handling apply" in caught.value.detail


def test_a_crash_on_start_shows_stderr_and_gives_up_after_repeated_failures() -> None:
    adapter = impl("crash_on_start")
    for _ in range(adapter.max_start_failures):
        with pytest.raises(AdapterCrash, match=r"exit code 3\) before answering request 1 \(hello\)") as caught:
            adapter.start(POSITION)
        assert "engine: cannot load the rules table" in caught.value.detail
    with pytest.raises(AdapterCrash, match="gave up after 3 failed starts"):
        adapter.hello()
    assert adapter.starts == adapter.max_start_failures  # no fourth process


def test_a_malformed_reply_in_step_is_raised_and_the_process_goes_on() -> None:
    """A reply to the request asked, of the wrong shape (``docs/transcripts.md``, step 4):
    a fault of its case, but the conversation is in step, so the process is kept."""
    adapter = impl("wrong_shape", timeout=5.0)
    try:
        play_a_case(adapter)
        adapter.start(POSITION)
        pid = adapter.pid
        with pytest.raises(ProtocolViolation, match=r"no result\.events") as caught:
            adapter.apply("9H", 0)
        assert caught.value.in_step
        assert adapter.pid == pid is not None
        play_a_case(adapter)  # the same process plays the next case
        assert adapter.pid == pid
        assert adapter.starts == 1
    finally:
        adapter.close()


def test_a_launched_implementation_answers_its_hello_at_first_use() -> None:
    """``launch`` starts the process and sends the hello without reading its reply;
    the first use reads it (the same process: no second start)."""
    adapter = ProcessAdapter([sys.executable, "-m", "generala_conformance.cli", "serve"], timeout=20)
    try:
        adapter.launch()
        assert adapter.pid is not None and adapter.starts == 1
        adapter.check_idle()  # the hello's reply is awaited, not output nobody asked for
        assert adapter.hello()["protocol"] == 1
        play_a_case(adapter)
        assert adapter.starts == 1
    finally:
        adapter.close()


def test_a_launch_that_fails_shows_at_first_use() -> None:
    crashing = impl("crash_on_start")
    crashing.launch()
    with pytest.raises(AdapterCrash, match=r"exit code 3\) before answering request 1 \(hello\)"):
        crashing.start(POSITION)
    missing = ProcessAdapter("no-such-engine-anywhere --serve")
    missing.launch()  # nothing raised here
    with pytest.raises(AdapterCrash, match="cannot start no-such-engine-anywhere"):
        missing.hello()


def test_a_program_that_does_not_exist_is_a_crash_on_start() -> None:
    adapter = ProcessAdapter("no-such-engine-anywhere --serve")
    with pytest.raises(AdapterCrash, match="cannot start no-such-engine-anywhere"):
        adapter.hello()


def test_stderr_chatter_is_captured_and_harmless() -> None:
    adapter = impl("stderr_chatter")
    try:
        for _ in range(3):
            play_a_case(adapter)
        assert adapter.starts == 1
        chatter = ""
        deadline = time.monotonic() + 5  # the reader thread may lag behind the replies
        while chatter.count("log: handling apply (2)") < 6 and time.monotonic() < deadline:
            chatter += adapter.take_stderr() + "\n"
            time.sleep(0.01)
    finally:
        adapter.close()
    assert chatter.count("log: handling start (0)") == 3  # each line handed out once
    assert chatter.count("log: handling apply (2)") == 6


def test_close_stops_the_process() -> None:
    adapter = impl("stderr_chatter")
    adapter.hello()
    proc = adapter._proc
    assert proc is not None
    adapter.close()
    assert proc.poll() is not None


def test_faults_are_adapter_faults_with_kinds() -> None:
    assert {AdapterCrash.kind, AdapterTimeout.kind, ProtocolViolation.kind} == {"crash", "timeout", "protocol"}
    assert all(issubclass(f, AdapterFault) for f in (AdapterCrash, AdapterTimeout, ProtocolViolation))
