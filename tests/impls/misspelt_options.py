"""Fault: the handshake lists an option value and an option name that do not exist."""

import _peer


def hello(request: dict, reply: dict) -> dict:
    if request["cmd"] == "hello":
        options = reply["result"]["options"]
        options["tie-break"] = ["tied-nearst"]
        options["tiebreak"] = ["x"]
    return reply


_peer.run(every=hello)
