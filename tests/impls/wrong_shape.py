"""Fault: valid JSON, wrong shape (the result lacks the field the command needs), once;
the process then answers correctly (a reply in step: the kit keeps the process)."""

import _peer

struck = False


def fault(request: dict, reply: dict) -> dict:
    global struck  # (one strike per process)
    if struck:
        return reply
    struck = True
    return {"id": request["id"], "ok": True, "result": {"answer": 42}}


_peer.run(fault)
