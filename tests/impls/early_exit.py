"""Fault: the implementation exits cleanly (code 0) in the middle of a case."""

import sys

import _peer


def fault(request: dict, reply: dict) -> None:
    sys.exit(0)


_peer.run(fault)
