"""Fault: the implementation stops answering in the middle of a case."""

import time

import _peer


def fault(request: dict, reply: dict) -> dict:
    time.sleep(3600)
    return reply


_peer.run(fault)
