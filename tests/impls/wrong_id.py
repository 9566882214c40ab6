"""Fault: the implementation answers with the wrong sequence number."""

import _peer


def fault(request: dict, reply: dict) -> dict:
    return {**reply, "id": request["id"] + 1}


_peer.run(fault)
