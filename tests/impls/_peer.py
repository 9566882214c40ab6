"""A protocol peer over the reference engine with a fault injected (for the kit's tests).

Each script of this folder calls :func:`run` with the fault it plays. A fault
strikes at the first request after the second ``start`` the process receives,
i.e. in the middle of the second case it runs; the first case of every process
(the first case after a restart included) is served correctly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport import protocol
from generala_conformance.transport.serve import handle

Fault = Callable[[dict, dict], dict | None]
"""``fault(request, correct_reply)`` -> the reply to send instead (``None``: send
nothing); it may also exit, hang or write garbage itself."""


def record_pid(pid: int | None = None) -> None:
    """Append a process's pid and start time (this process by default) to the file
    ``$GENERALA_TEST_PIDS`` names, if any: the kit's tests check that no process of
    an implementation is left behind (the start time tells a reused pid apart)."""
    path = os.environ.get("GENERALA_TEST_PIDS")
    if path:
        pid = pid or os.getpid()
        with open(path, "a", encoding="utf-8") as pids:
            pids.write(f"{pid} {start_time(pid)}\n")


def start_time(pid: int) -> str | None:
    """The start time of process ``pid`` (``/proc``), ``None`` when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("ascii")
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def run(
    fault: Fault | None = None,
    before_each: Callable[[dict], None] | None = None,
    every: Fault | None = None,
) -> None:
    """Serve the reference engine on stdin/stdout, striking with ``fault`` once due;
    ``every`` sees (and may replace) every reply, from the first."""
    record_pid()
    adapter = ReferenceAdapter()
    starts = 0
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = protocol.decode(line)
        if before_each is not None:
            before_each(request)
        reply = handle(adapter, request, check_request)
        if request["cmd"] == "start":
            starts += 1
        elif starts >= 2 and fault is not None:
            reply = fault(request, reply)
        if every is not None and reply is not None:
            reply = every(request, reply)
        if reply is not None:
            out.write(protocol.encode(reply))
            out.flush()
        if request["cmd"] == "quit":
            return
