"""Run ``generala-kit check`` against one hostile implementation of ``tests/impls``
and measure it (shared by ``tests/integration/test_hostile_impls.py`` and ``bench/bench_hostile.py``).

Each run plays the three small cases of ``tests/data/cases`` (follow, refuse,
joker; the faults of ``tests/impls`` strike in the second, ``kit-test-refuse``)
with ``--clean-env`` and a small ``--timeout``, writes both reports, and records
the wall time, the peak memory (the largest resident set of the kit and of the
implementation processes it reaped) and the pids the implementation's
processes wrote down.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
IMPLS = HERE / "impls"
CASES = HERE / "data" / "cases"
CASE_IDS = ("kit-test-follow", "kit-test-refuse", "kit-test-joker")
KIT = [sys.executable, "-m", "generala_conformance.cli"]
TIMEOUT = 5.0  # --timeout of every run: a Python implementation took over 2 s to start at load 17
BOUND = 120.0  # seconds any run may take (the slowest needs 3 x TIMEOUT plus the kit's start: ~25 s)


def mid(outcome: str) -> dict[str, str]:
    """The outcomes when only the second case (where the fault strikes) goes wrong."""
    return {"kit-test-follow": "pass", "kit-test-refuse": outcome, "kit-test-joker": "pass"}


def every(outcome: str) -> dict[str, str]:
    return dict.fromkeys(CASE_IDS, outcome)


HANDSHAKE: dict[str, str] = {}
"""The outcomes of a run whose handshake failed: no case ran (the run ended at once,
the report's ``aborted`` says why)."""


@dataclass(frozen=True)
class Kind:
    """One hostile implementation and what the kit must make of it."""

    name: str
    script: str  # a script of tests/impls, with its arguments
    outcomes: dict[str, str]  # per case id
    words: str  # fnmatch pattern of the message of the last case that did not pass (or of the handshake's)
    options: tuple[str, ...] = ()


KINDS = [
    Kind("crash on start", "crash_on_start.py", HANDSHAKE, "*crashed (exit code 3)*(hello)*"),
    Kind("crash mid-run", "crash_mid_run.py", mid("error"), "*crashed (exit code 1)*RuntimeError: engine bug*"),
    Kind("exit 0 early", "early_exit.py", mid("error"), "*exited early (code 0)*"),
    Kind("hang before hello", "hostile.py hang_before_hello", HANDSHAKE, "*never completed the handshake*"),
    Kind("hang mid-run", "hang.py", mid("timeout"), "*AdapterTimeout*no reply to request*"),
    Kind(
        "hang on every case (breaker)",
        "hostile.py hang_every_case",
        {"kit-test-follow": "timeout", "kit-test-refuse": "timeout", "kit-test-joker": "error"},
        "*not run: the last 2 cases in a row ended in a timeout or a crash (circuit breaker, --max-faults 2)*",
        ("--max-faults", "2"),
    ),
    Kind("slow start", "hostile.py slow_start", every("pass"), ""),
    Kind("non-JSON", "non_json.py", mid("error"), "*not JSON*DEBUG handling apply*"),
    Kind("wrong shape", "wrong_shape.py", mid("error"), "*reply to apply has no result.events*"),
    Kind("wrong id", "wrong_id.py", mid("error"), "*carries id*"),
    Kind("out of order", "hostile.py out_of_order", mid("error"), "*reply to request * carries id *"),
    Kind("double reply", "hostile.py double_reply", mid("error"), "*nobody asked for after its last reply*"),
    Kind("50 MB line", "hostile.py huge_line", mid("error"), "*line longer than 4194304 bytes*"),
    Kind("no newline ever", "hostile.py no_newline", mid("timeout"), "*no reply to request*"),
    Kind("partial line", "hostile.py partial_line", mid("error"), "*exited early (code 0)*"),
    Kind("stderr flood, short lines", "hostile.py stderr_lines", every("pass"), ""),
    Kind("stderr flood, one line", "hostile.py stderr_line", every("pass"), ""),
    Kind("closes stdout", "hostile.py closes_stdout", mid("error"), "*closed its stdout*"),
    Kind("fork and exit", "hostile.py fork_and_exit", mid("error"), "*exited early (code 0)*"),
    Kind("children hold the pipes", "hostile.py children_hold_pipes", mid("error"), "*crashed (exit code 1)*"),
    Kind("ignores SIGTERM", "hostile.py ignores_sigterm", every("pass"), ""),
    Kind("invalid UTF-8", "hostile.py invalid_utf8", mid("error"), "*not UTF-8 (byte 0xff*"),
    Kind(  # a bad-request reply is no fault: the process goes on, and rejects the joker case too
        "lone surrogate",
        "hostile.py lone_surrogate",
        {**mid("error"), "kit-test-joker": "error"},
        "*apply rejected: lone \ufffd \u241b*",
    ),
    Kind("terminal escapes", "hostile.py terminal_escapes", every("pass"), ""),
    Kind("NaN", "hostile.py nan", mid("error"), "*not JSON (NaN is not a JSON value)*"),
    Kind("deep nesting", "hostile.py deep_nesting", mid("error"), "*nested deeper than 64 levels*"),
    Kind("hello protocol: true", "hostile.py protocol_true", HANDSHAKE, "*'protocol' is a boolean, not an integer*"),
    Kind("bad-request to start", "hostile.py bad_request_start", mid("fail"), "*start rejected: cannot read*"),
]


@dataclass
class Run:
    """What one run of ``check`` gave."""

    returncode: int
    seconds: float
    peak_kib: int
    stdout: bytes
    report: bytes
    junit: bytes
    pids: list[tuple[int, str]] = field(default_factory=list)

    @property
    def document(self) -> dict[str, Any]:
        return json.loads(self.report)

    def junit_outcomes(self) -> dict[str, str]:
        found = {}
        for case in ET.fromstring(self.junit).iter("testcase"):
            props = {p.get("name"): p.get("value") for p in case.iter("property")}
            if "generala_case" in props:  # (a case failing in its call and its teardown has two entries)
                found[props["generala_case"]] = props["generala_outcome"]
        return found


def run_check(script: str, folder: Path, *options: str, env: dict[str, str] | None = None, bound: float = BOUND) -> Run:
    """``generala-kit check`` on the kit-test cases against ``tests/impls/SCRIPT``
    with ``--clean-env`` (``$GENERALA_TEST_PIDS`` passed on), within ``bound`` seconds."""
    pids = folder / "pids"
    pids.touch()
    command = f"{sys.executable} {IMPLS / script}"
    argv = [*KIT, "check", "--adapter-cmd", command, "--cases", str(CASES), "--timeout", str(TIMEOUT)]
    argv += ["--json", "r.json", "--junit", "j.xml", "--clean-env", "--pass-env", "GENERALA_TEST_PIDS", *options]
    environ = {**os.environ, **(env or {}), "GENERALA_TEST_PIDS": str(pids)}
    with open(folder / "stdout", "wb") as out:
        started = time.monotonic()
        proc = subprocess.Popen(argv, cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=environ)
        status, usage = _wait(proc, started + bound)
        seconds = time.monotonic() - started
    return Run(
        returncode=os.waitstatus_to_exitcode(status),
        seconds=seconds,
        peak_kib=usage.ru_maxrss,
        stdout=(folder / "stdout").read_bytes(),
        report=(folder / "r.json").read_bytes() if (folder / "r.json").exists() else b"",
        junit=(folder / "j.xml").read_bytes() if (folder / "j.xml").exists() else b"",
        pids=[(int(pid), start) for pid, start in (line.split() for line in pids.read_text().splitlines())],
    )


def _wait(proc: subprocess.Popen[bytes], deadline: float) -> tuple[int, resource.struct_rusage]:
    """Reap ``proc`` (its rusage covers the processes it reaped); kill it past ``deadline``."""
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return status, usage
        if time.monotonic() > deadline:
            proc.kill()
            raise TimeoutError(f"the kit did not finish within the bound: {proc.args}")
        time.sleep(0.02)


def left_behind(pids: list[tuple[int, str]], grace: float = 5.0) -> list[int]:
    """The recorded processes still alive (zombies and reused pids do not count)
    once ``grace`` seconds have passed."""
    deadline = time.monotonic() + grace
    while True:
        alive = [pid for pid, start in pids if _alive(pid, start)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


def _alive(pid: int, start: str) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("ascii")
    except OSError:
        return False
    fields = stat.rsplit(")", 1)[1].split()
    return fields[0] not in ("Z", "X") and fields[19] == start
