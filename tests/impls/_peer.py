"""A protocol peer over the reference engine with a fault injected (for the kit's tests).

Each script of this folder calls :func:`run` with the fault it plays. A fault
strikes at the first request after the second ``start`` the process receives,
i.e. in the middle of the second case it runs; the first case of every process
(the first case after a restart included) is served correctly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from generala_conformance.transport import protocol
from generala_conformance.transport.reference_adapter import ReferenceAdapter
from generala_conformance.transport.serve import handle

Fault = Callable[[dict, dict], dict | None]
"""``fault(request, correct_reply)`` -> the reply to send instead (``None``: send
nothing); it may also exit, hang or write garbage itself."""


def run(
    fault: Fault | None = None,
    before_each: Callable[[dict], None] | None = None,
    rewrite: Fault | None = None,
) -> None:
    """Serve the reference engine on stdin/stdout, striking with ``fault`` once due;
    ``rewrite`` changes every reply (from the first request on)."""
    adapter = ReferenceAdapter()
    starts = 0
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = protocol.decode(line)
        if before_each is not None:
            before_each(request)
        reply = handle(adapter, request)
        if rewrite is not None:
            reply = rewrite(request, reply)
        if request["cmd"] == "start":
            starts += 1
        elif starts >= 2 and fault is not None:
            reply = fault(request, reply)
        if reply is not None:
            out.write(protocol.encode(reply))
            out.flush()
        if request["cmd"] == "quit":
            return
