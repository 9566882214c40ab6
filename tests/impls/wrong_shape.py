"""Fault: valid JSON, wrong shape (the result lacks the field the command needs)."""

import _peer


def fault(request: dict, reply: dict) -> dict:
    return {"id": request["id"], "ok": True, "result": {"answer": 42}}


_peer.run(fault)
