"""Fault: the handshake speaks another protocol version, given as a boolean."""

import _peer


def hello(request: dict, reply: dict) -> dict:
    if request["cmd"] == "hello":
        reply["result"]["protocol"] = True
    return reply


_peer.run(every=hello)
