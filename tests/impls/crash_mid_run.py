"""Fault: an uncaught error kills the implementation in the middle of a case."""

import _peer


def fault(request: dict, reply: dict) -> dict:
    raise RuntimeError(f"engine bug while handling {request['cmd']}")


_peer.run(fault)
