"""How the kit waits for an implementation to exit (``process_adapter._exited``),
and how the kit's own program ends (``cli.main``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from generala_conformance.transport import process_adapter


def _sleeper(seconds: float) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({seconds})"])


@pytest.fixture(params=["pidfd", "polled"])
def waits(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each test with the pidfd wait, and as on a system without pidfds: the pids
    a pidfd was opened for."""
    opened: list[int] = []
    if request.param == "polled":
        monkeypatch.delattr(os, "pidfd_open", raising=False)
    elif not hasattr(os, "pidfd_open"):
        pytest.skip("this system has no pidfd_open")
    else:
        pidfd_open = os.pidfd_open
        monkeypatch.setattr(os, "pidfd_open", lambda pid: opened.append(pid) or pidfd_open(pid))
    return opened


def test_a_process_that_exits_within_the_grace_is_reaped(waits: list[int], request: pytest.FixtureRequest) -> None:
    proc = _sleeper(0.2)
    assert process_adapter._exited(proc, 30)
    assert proc.returncode == 0
    assert waits == ([proc.pid] if "pidfd" in request.node.callspec.id else [])


def test_a_process_still_running_after_the_grace_is_said_so(waits: list[int]) -> None:
    proc = _sleeper(30)
    try:
        assert not process_adapter._exited(proc, 0.1)
        assert proc.returncode is None
    finally:
        proc.kill()
        proc.wait()


def test_a_process_reaped_already_is_said_to_have_exited(waits: list[int]) -> None:
    proc = _sleeper(0)
    proc.wait()
    assert process_adapter._exited(proc, 0.1)


def test_a_refused_pidfd_falls_back_to_polling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(pid: int) -> int:
        raise PermissionError("a sandbox that refuses pidfds")

    monkeypatch.setattr(os, "pidfd_open", refused, raising=False)
    proc = _sleeper(0.2)
    assert process_adapter._exited(proc, 30)
    assert proc.returncode == 0


def test_serve_run_as_a_program_still_runs_exit_handlers() -> None:
    code = (
        "import atexit, sys; atexit.register(lambda: print('handled', file=sys.stderr))\n"
        "sys.argv[1:] = ['serve']\nfrom generala_conformance.cli import main\nsys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=b'{"id": 1, "cmd": "quit"}\n', capture_output=True, timeout=60
    )
    assert done.returncode == 0
    assert b'"ok"' in done.stdout
    assert done.stderr.strip() == b"handled"
