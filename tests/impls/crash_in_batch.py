"""Fault: an uncaught error kills the implementation while it answers a ``batch``
(the other requests of the case are answered correctly)."""

import _peer


def fault(request: dict, reply: dict) -> dict:
    if request["cmd"] == "batch":
        raise RuntimeError("engine bug in the middle of a batch")
    return reply


_peer.run(fault)
