"""Ctrl-C and SIGTERM (issue 42, item 4): every command ends with one line and exit
130 / 143, no traceback, every worker and implementation it started gone, and the
reports asked for written, not OK, with what ran.

Ctrl-C is sent as a terminal sends it: SIGINT to the kit's process group (the kit
runs in a session of its own); SIGTERM to the kit alone, as a supervisor sends it.
The processes the kit started are found by walking ``/proc`` just before the
signal. The long commands wait on an implementation that hangs
(``tests/impls/hang.py``); ``export`` and ``report``, which start none, are held
in their last step (writing) by a wrapper, so the signal lands mid-command.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from generala_conformance.suite import report

from tests.hostile_runs import CASES, IMPLS, KIT, left_behind

HANG = f"{sys.executable} {IMPLS / 'hang.py'}"
BOUND = 180.0
"""Seconds a command may take to get where the signal is sent, then to end (a bound, not a speed)."""
SIGNALS = [signal.SIGINT, signal.SIGTERM]

HELD = """
import sys, threading
from pathlib import Path
import {module} as command

def held(*args, **kwargs):
    Path({marker!r}).touch()
    threading.Event().wait()

command.{name} = held
from generala_conformance.cli import main
sys.exit(main({argv!r}))
"""
"""A command run with one of its steps replaced by a wait: it is surely mid-command
when the marker file appears."""


@dataclass
class Stopped:
    """A command stopped by a signal: its exit code, its output, the processes it had started."""

    code: int
    out: str
    err: str
    started: dict[int, tuple[str, str]]
    """pid -> (start time, command line), just before the signal."""


def _processes() -> dict[int, tuple[int, str, str]]:
    """Every process: pid -> (parent pid, start time, command line)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text("ascii")
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        found[int(entry)] = (int(fields[1]), fields[19], command)
    return found


def _descendants(root: int) -> dict[int, tuple[str, str]]:
    """The processes started by ``root`` and by theirs: pid -> (start time, command line)."""
    table = _processes()
    found: dict[int, tuple[str, str]] = {}
    parents = {root}
    while parents:
        children = {pid for pid, (ppid, *_) in table.items() if ppid in parents and pid not in found}
        found.update({pid: (table[pid][1], table[pid][2]) for pid in children})
        parents = children
    return found


def _stop(
    argv: list[str], folder: Path, sig: signal.Signals, ready: Callable[[dict[int, tuple[str, str]]], bool]
) -> Stopped:
    """Run ``argv`` in its own session, wait until ``ready`` holds of its descendants,
    send ``sig`` (SIGINT to its process group, as Ctrl-C; SIGTERM to it alone), and
    wait for the end."""
    out, err = folder / "stdout", folder / "stderr"
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        proc = subprocess.Popen(argv, cwd=folder, stdout=stdout, stderr=stderr, start_new_session=True)
    try:
        deadline = time.monotonic() + BOUND
        while not ready(started := _descendants(proc.pid)):
            assert proc.poll() is None, f"the command ended before the signal: {err.read_text()[-2000:]}"
            assert time.monotonic() < deadline, "the command never got where the signal is sent"
            time.sleep(0.1)
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        code = proc.wait(BOUND)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return Stopped(code, out.read_text("utf-8", "replace"), err.read_text("utf-8", "replace"), started)


def _hanging(count: int) -> Callable[[dict[int, tuple[str, str]]], bool]:
    """Ready once ``count`` implementations (``hang.py``) run."""
    return lambda found: sum("impls/hang.py" in command for _, command in found.values()) >= count


def _marked(marker: Path) -> Callable[[dict[int, tuple[str, str]]], bool]:
    return lambda found: marker.exists()


def _assert_ended(stopped: Stopped, command: str, sig: signal.Signals) -> None:
    """One line on stderr, the exit code of the signal, no traceback, no process left."""
    assert "Traceback" not in stopped.out + stopped.err, stopped.err[-3000:]
    assert stopped.code == 128 + sig, stopped.err[-3000:]
    lines = stopped.err.strip().splitlines()
    assert lines[-1] == f"generala-kit {command}: interrupted by {sig.name}; every process it started is stopped"
    assert not any("interrupted" in line for line in lines[:-1]), lines
    assert left_behind([(pid, start) for pid, (start, _) in stopped.started.items()]) == []


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("jobs", [1, 2])
def test_check_stops_its_workers_and_implementations_and_writes_its_reports(
    sig: signal.Signals, jobs: int, tmp_path: Path
) -> None:
    argv = [*KIT, "check", "--adapter-cmd", HANG, "--timeout", "600", "-n", str(jobs)]
    argv += ["--json", "r.json", "--junit", "j.xml", "--markdown", "m.md"]
    stopped = _stop(argv, tmp_path, sig, _hanging(jobs))
    _assert_ended(stopped, "check", sig)
    commands = [command for _, command in stopped.started.values()]
    assert sum("impls/hang.py" in c for c in commands) >= jobs
    assert sum("generala_conformance.cli check" in c for c in commands) == (jobs if jobs > 1 else 0)
    document = json.loads((tmp_path / "r.json").read_text("utf-8"))
    report.validate(document)
    assert document["ok"] is False
    assert document["error"].startswith(f"interrupted by {sig.name} after {len(document['cases'])} of ")
    assert all(case["outcome"] == "pass" for case in document["cases"])  # what ran before the hang
    assert ET.parse(tmp_path / "j.xml").getroot().iter("testsuite")
    assert "NOT OK" in (tmp_path / "m.md").read_text("utf-8")


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_fuzz_stops_its_implementation(sig: signal.Signals, tmp_path: Path) -> None:
    argv = [*KIT, "fuzz", "--adapter-cmd", HANG, "--timeout", "600", "--games", "100"]
    _assert_ended(_stop(argv, tmp_path, sig, _hanging(1)), "fuzz", sig)


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_export_ends_with_one_line_and_writes_nothing(sig: signal.Signals, tmp_path: Path) -> None:
    marker = tmp_path / "writing"
    argv = ["export", "--game", "dice", "--out", str(tmp_path / "set")]
    code = HELD.format(module="generala_conformance.cli.export", name="write_set", marker=str(marker), argv=argv)
    _assert_ended(_stop([sys.executable, "-c", code], tmp_path, sig, _marked(marker)), "export", sig)
    assert not (tmp_path / "set").exists()


@pytest.fixture(scope="module")
def a_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A JSON report of ``check`` on the kit-test cases."""
    path = tmp_path_factory.mktemp("report") / "r.json"
    done = subprocess.run([*KIT, "check", "--cases", str(CASES), "--json", str(path)], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return path


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_report_ends_with_one_line(sig: signal.Signals, tmp_path: Path, a_report: Path) -> None:
    marker = tmp_path / "writing"
    argv = ["report", str(a_report), "--out", str(tmp_path / "site")]
    code = HELD.format(module="generala_conformance.cli.report", name="write_site", marker=str(marker), argv=argv)
    _assert_ended(_stop([sys.executable, "-c", code], tmp_path, sig, _marked(marker)), "report", sig)
