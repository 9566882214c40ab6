"""Fault: the implementation prints a debugging line on stdout instead of a reply."""

import _peer


def fault(request: dict, reply: dict) -> None:
    print(f"DEBUG handling {request['cmd']}", flush=True)
    return None


_peer.run(fault)
